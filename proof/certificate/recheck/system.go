package recheck

import (
	"fmt"
	"math/big"
	"strconv"
	"strings"
)

// A system is a numeration system by its Walnut name: base B (linear
// false) or u_n = A·u_{n−1} + B·u_{n−2} with greedy representations, or
// (trib) Walnut's msd_trib, u_n = u_{n−1} + u_{n−2} + u_{n−3} from 1, 2,
// 4, whose greedy words are the binary words without 111.
type system struct {
	name   string
	linear bool
	a, b   int
	trib   bool
}

// parseSystem reads msd_b (2 ≤ b ≤ 16), msd_fib, msd_trib and msd_uA_B.
func parseSystem(name string) (system, error) {
	rest, ok := strings.CutPrefix(name, "msd_")
	if !ok {
		return system{}, fmt.Errorf("%s: only msd_ systems are certified", name)
	}
	if rest == "fib" {
		return system{name, true, 1, 1, false}, nil
	}
	if rest == "trib" {
		return system{name, true, 1, 1, true}, nil
	}
	if b, err := strconv.Atoi(rest); err == nil {
		if b < 2 || b > 16 {
			return system{}, fmt.Errorf("%s: base out of range", name)
		}
		return system{name, false, b, 0, false}, nil
	}
	var a, b int
	if _, err := fmt.Sscanf(rest, "u%d_%d", &a, &b); err != nil || fmt.Sprintf("u%d_%d", a, b) != rest || b < 1 || b > a || a > 16 {
		return system{}, fmt.Errorf("%s: not msd_2, msd_fib, msd_trib or msd_uA_B with 1 ≤ B ≤ A ≤ 16", name)
	}
	return system{name, true, a, b, false}, nil
}

func (s system) digits() int {
	if s.linear {
		return s.a + 1
	}
	return s.a
}

// validStep is the one-track automaton of valid words: state 0 free, 1
// after a digit A (the next must be below B), −1 dead.
func (s system) validStep(q int32, d int) int32 {
	switch {
	case q < 0:
		return -1
	case s.trib && d == 0:
		return 0
	case s.trib:
		// q counts the 1s just read; a third is not greedy.
		if q == 2 {
			return -1
		}
		return q + 1
	case !s.linear:
		return 0
	case q == 1 && d >= s.b:
		return -1
	case d == s.a:
		return 1
	}
	return 0
}

// value reads a word of digits, most significant first.
func (s system) value(ds []int) *big.Int {
	n := len(ds)
	place := make([]*big.Int, n)
	for i := range n {
		switch {
		case !s.linear:
			place[i] = new(big.Int).Exp(big.NewInt(int64(s.a)), big.NewInt(int64(i)), nil)
		case i == 0:
			place[i] = big.NewInt(1)
		case i == 1:
			place[i] = big.NewInt(int64(s.a + 1))
		case s.trib && i == 2:
			place[i] = big.NewInt(4)
		case s.trib:
			p := new(big.Int).Add(place[i-1], place[i-2])
			place[i] = p.Add(p, place[i-3])
		default:
			p := new(big.Int).Mul(big.NewInt(int64(s.a)), place[i-1])
			place[i] = p.Add(p, new(big.Int).Mul(big.NewInt(int64(s.b)), place[i-2]))
		}
	}
	v := new(big.Int)
	for i, d := range ds {
		v.Add(v, new(big.Int).Mul(big.NewInt(int64(d)), place[n-1-i]))
	}
	return v
}
