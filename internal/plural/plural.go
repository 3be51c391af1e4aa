// Package plural writes counts and sizes for people: "1 pile", "3 piles",
// "0 positions", "1.5 GiB", "3.2·10^15". grundy's output said "1 piles"
// and "(1 kinds)" wherever a count happened to be one. It lies below every
// other package, so that a front end words a size without calling a
// solver.
package plural

import (
	"fmt"
	"math"
	"math/big"
)

// An integer is any integer type a count comes in.
type integer interface {
	~int | ~int8 | ~int16 | ~int32 | ~int64 | ~uint | ~uint8 | ~uint16 | ~uint32 | ~uint64
}

// Count is n and noun, the noun in the plural unless n is 1; the plural of
// the nouns grundy counts (pile, position, claim, kind, tier, state, …)
// adds an s.
func Count[T integer](n T, noun string) string {
	return fmt.Sprintf("%d %s", n, Noun(n, noun))
}

// Noun is noun, in the plural unless n is 1.
func Noun[T integer](n T, noun string) string {
	if n == 1 {
		return noun
	}
	return noun + "s"
}

// Pick is one when n is 1, else many: the verb or phrase that agrees with
// a count ("1 claim fails", "2 claims fail").
func Pick[T integer](n T, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// Piles is "1 pile" or "n piles", the count grundy prints most.
func Piles(n int) string { return Count(n, "pile") }

// Bytes prints a byte count in binary units.
func Bytes(b *big.Int) string {
	f, _ := new(big.Float).SetInt(b).Float64()
	if f >= 1<<70 {
		return Magnitude(math.Log10(f)) + " B"
	}
	units := []string{"B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"}
	i := 0
	for f >= 1024 && i < len(units)-1 {
		f /= 1024
		i++
	}
	if i == 0 {
		return fmt.Sprintf("%.0f B", f)
	}
	return fmt.Sprintf("%.1f %s", f, units[i])
}

// Magnitude prints 10^l readably: digits up to a million, then a mantissa
// and a power of ten ("3.2·10^15").
func Magnitude(l float64) string {
	switch {
	case math.IsInf(l, -1) || math.IsNaN(l):
		return "0"
	case l < 6:
		return fmt.Sprintf("%.0f", math.Round(math.Pow(10, l)))
	case math.IsInf(l, 1):
		return "∞"
	}
	e := math.Floor(l)
	m := math.Pow(10, l-e)
	if m >= 9.95 {
		m, e = 1, e+1
	}
	return fmt.Sprintf("%.1f·10^%.0f", m, e)
}
