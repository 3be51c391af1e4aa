// Package plural writes counts for people: "1 pile", "3 piles",
// "0 positions". grundy's output said "1 piles" and "(1 kinds)" wherever a
// count happened to be one.
package plural

import "fmt"

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
