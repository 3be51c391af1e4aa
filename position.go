package grundy

import (
	"errors"
	"fmt"
	"math"
	"math/big"
	"strconv"
	"strings"
)

// A Position is a vector of pile sizes. Exhaustive solvers work on
// positions whose piles fit in an int; theorems also accept [BigPosition].
type Position []int

// String formats p as the comma-separated form ParsePosition reads.
func (p Position) String() string {
	var b strings.Builder
	for i, x := range p {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.Itoa(x))
	}
	return b.String()
}

// Sum is the number of tokens in p.
func (p Position) Sum() int {
	s := 0
	for _, x := range p {
		s += x
	}
	return s
}

// A BigPosition is a position whose piles may be of any size.
type BigPosition []*big.Int

// String formats p as the comma-separated form ParsePosition reads.
func (p BigPosition) String() string {
	parts := make([]string, len(p))
	for i, x := range p {
		parts[i] = x.String()
	}
	return strings.Join(parts, ",")
}

// Small returns p as a Position when every pile fits in an int.
func (p BigPosition) Small() (Position, bool) {
	q := make(Position, len(p))
	for i, x := range p {
		if !x.IsInt64() || x.Int64() > math.MaxInt {
			return nil, false
		}
		q[i] = int(x.Int64())
	}
	return q, true
}

// Big returns p with big-integer piles.
func (p Position) Big() BigPosition {
	q := make(BigPosition, len(p))
	for i, x := range p {
		q[i] = big.NewInt(int64(x))
	}
	return q
}

// ErrEmptyPosition is returned by ParsePosition for an empty string.
var ErrEmptyPosition = errors.New("empty position: give pile sizes such as 1,2,3")

// ParsePosition reads comma-separated non-negative decimal integers of any
// size, such as "1,2,3". Spaces around the numbers are allowed; signs,
// other bases and empty piles are not.
func ParsePosition(s string) (BigPosition, error) {
	if strings.TrimSpace(s) == "" {
		return nil, ErrEmptyPosition
	}
	fields := strings.Split(s, ",")
	p := make(BigPosition, len(fields))
	for i, f := range fields {
		f = strings.TrimSpace(f)
		if err := checkDigits(f); err != nil {
			return nil, fmt.Errorf("position %q, pile %d: %w", s, i+1, err)
		}
		x, ok := new(big.Int).SetString(f, 10)
		if !ok {
			return nil, fmt.Errorf("position %q, pile %d: %q is not a number", s, i+1, f)
		}
		p[i] = x
	}
	return p, nil
}

func checkDigits(f string) error {
	if f == "" {
		return errors.New("empty pile size")
	}
	if f[0] == '-' {
		return fmt.Errorf("negative pile size %s", f)
	}
	for _, c := range f {
		if c < '0' || c > '9' {
			return fmt.Errorf("%q is not a non-negative integer", f)
		}
	}
	return nil
}
