package numeration

import (
	"fmt"
	"math"
	"math/big"
)

// A System is a numeration system: base b (B = 0 and A = b), or the
// linear system u_0 = 1, u_1 = A + 1, u_n = A·u_{n−1} + B·u_{n−2} with
// 1 ≤ B ≤ A, digits 0..A and greedy representations, whose valid words
// are those where a digit A is followed by a digit below B.
//
// Zeckendorf's system (1, 2, 3, 5, 8, …) is A = B = 1. Paper 002's system
// U for (s,t)-Wythoff (§3 after Corollary 5: u_{−1} = 1/s, u_0 = 1,
// u_n = (s+t−1)u_{n−1} + s·u_{n−2}, digits d_i ≤ s+t−1 with
// d_{i+1} = s+t−1 ⟹ d_i < s) is A = s+t−1, B = s: u_1 = (s+t−1) + s·(1/s)
// = s+t, and for s = t = 2 the paper's 1, 4, 14, 50, ….
//
// C > 0 adds a third term, u_n = A·u_{n−1} + B·u_{n−2} + C·u_{n−3}; of
// these only Tribonacci's (A = B = C = 1: 1, 2, 4, 7, 13, 24, …, digits 0
// and 1, valid words those without three 1s in a row) is supported: its
// greedy words are those, and its adder's carries are bounded (Tribonacci
// is a Pisot number).
type System struct {
	A, B, C int
}

// Tribonacci is the system 1, 2, 4, 7, 13, 24, … (u_n = u_{n−1} + u_{n−2}
// + u_{n−3}), whose greedy words are the binary words with no 111: the
// numeration system of the Tribonacci word (Duchêne–Rigo's three-pile
// game, Fokkink–Rust's Splythoff).
func Tribonacci() System { return System{A: 1, B: 1, C: 1} }

// Base is the base-b system.
func Base(b int) System { return System{A: b} }

// Zeckendorf is the Fibonacci system 1, 2, 3, 5, 8, ….
func Zeckendorf() System { return System{A: 1, B: 1} }

// U is paper 002's system for (s,t)-Wythoff.
func U(s, t int) System { return System{A: s + t - 1, B: s} }

// Linear reports whether s is a linear (recurrence) system, not a base.
func (s System) Linear() bool { return s.B > 0 }

// Digits is the number of digits, b or A+1.
func (s System) Digits() int {
	if s.Linear() {
		return s.A + 1
	}
	return s.A
}

// Check reports what is wrong with s.
func (s System) Check() error {
	switch {
	case !s.Linear() && s.A < 2:
		return fmt.Errorf("base %d: want at least 2", s.A)
	case s.C != 0 && s != Tribonacci():
		return fmt.Errorf("system u_n = %d·u_{n−1} + %d·u_{n−2} + %d·u_{n−3}: of three-term systems only Tribonacci's (1, 1, 1) is supported", s.A, s.B, s.C)
	case s.Linear() && (s.B < 1 || s.B > s.A):
		return fmt.Errorf("system u_n = %d·u_{n−1} + %d·u_{n−2}: want 1 ≤ b ≤ a", s.A, s.B)
	}
	return nil
}

func (s System) String() string {
	switch {
	case !s.Linear():
		return fmt.Sprintf("base %d", s.A)
	case s == Tribonacci():
		return "Tribonacci"
	case s.A == 1 && s.B == 1 && s.C == 0:
		return "Zeckendorf"
	}
	return fmt.Sprintf("U(u_n = %d·u_{n−1} + %d·u_{n−2}; 1, %d, %d, …)", s.A, s.B, s.A+1, s.A*(s.A+1)+s.B)
}

// Short is a compact name: "base2", "zeck", "lin3,2".
func (s System) Short() string {
	switch {
	case !s.Linear():
		return fmt.Sprintf("base%d", s.A)
	case s == Tribonacci():
		return "trib"
	case s.A == 1 && s.B == 1 && s.C == 0:
		return "zeck"
	}
	return fmt.Sprintf("lin%d,%d", s.A, s.B)
}

// Place gives u_0 … u_{n−1}.
func (s System) Place(n int) []*big.Int {
	us := make([]*big.Int, n)
	for i := range us {
		switch {
		case i == 0:
			us[i] = big.NewInt(1)
		case !s.Linear():
			us[i] = new(big.Int).Mul(us[i-1], big.NewInt(int64(s.A)))
		case i == 1:
			us[i] = big.NewInt(int64(s.A + 1))
		default:
			us[i] = s.nextBig(us[:i])
		}
	}
	return us
}

// nextBig is the place after us (at least two places): A·u_{n−1} +
// B·u_{n−2}, plus C·u_{n−3} with u_{−1} = 1 (Tribonacci: u_2 = 2 + 1 + 1).
func (s System) nextBig(us []*big.Int) *big.Int {
	i := len(us)
	v := new(big.Int).Mul(us[i-1], big.NewInt(int64(s.A)))
	v.Add(v, new(big.Int).Mul(us[i-2], big.NewInt(int64(s.B))))
	if s.C > 0 {
		third := big.NewInt(1)
		if i >= 3 {
			third = us[i-3]
		}
		v.Add(v, new(big.Int).Mul(third, big.NewInt(int64(s.C))))
	}
	return v
}

// placesAbove gives u_0 … u_{n−1} with u_{n−1} > x the first above x.
func (s System) placesAbove(x *big.Int) []*big.Int {
	us := []*big.Int{big.NewInt(1)}
	for us[len(us)-1].Cmp(x) <= 0 {
		i := len(us)
		var v *big.Int
		switch {
		case !s.Linear():
			v = new(big.Int).Mul(us[i-1], big.NewInt(int64(s.A)))
		case i == 1:
			v = big.NewInt(int64(s.A + 1))
		default:
			v = s.nextBig(us)
		}
		us = append(us, v)
	}
	return us
}

// Repr is the greedy representation of x ≥ 0, most significant digit
// first, with no leading zero (empty for 0).
func (s System) Repr(x *big.Int) []int {
	if x.Sign() < 0 {
		panic("automata: negative number")
	}
	if x.IsInt64() && x.Int64() <= small && s.A <= small && s.B <= small && s.C <= small {
		return s.repr64(x.Int64())
	}
	return s.reprBig(x)
}

// reprBig is Repr on big integers, for any x ≥ 0.
func (s System) reprBig(x *big.Int) []int {
	us := s.placesAbove(x)
	n := len(us)
	r := new(big.Int).Set(x)
	var ds []int
	q := new(big.Int)
	for i := n - 2; i >= 0; i-- {
		q.Quo(r, us[i])
		d := int(q.Int64())
		r.Sub(r, new(big.Int).Mul(q, us[i]))
		if d != 0 || len(ds) > 0 {
			ds = append(ds, d)
		}
	}
	return ds
}

// small bounds x, A, B and C for repr64: a place is at most (A+B+C)
// times the one before, so the first above x < 2^40 is below 2^61, and
// none overflows.
const small = 1 << 40

// repr64 is Repr in machine integers, for x, A, B ≤ small: Repr on big
// integers allocates a place list per call, which made checking learned
// automata on a million small positions (discover's tests) take seconds.
func (s System) repr64(x int64) []int {
	us := []int64{1}
	for us[len(us)-1] <= x {
		i := len(us)
		var v int64
		switch {
		case !s.Linear():
			v = us[i-1] * int64(s.A)
		case i == 1:
			v = int64(s.A + 1)
		default:
			v = us[i-1]*int64(s.A) + us[i-2]*int64(s.B)
			if s.C > 0 {
				third := int64(1)
				if i >= 3 {
					third = us[i-3]
				}
				v += third * int64(s.C)
			}
		}
		us = append(us, v)
	}
	var ds []int
	for i := len(us) - 2; i >= 0; i-- {
		d := x / us[i]
		x -= d * us[i]
		if d != 0 || len(ds) > 0 {
			ds = append(ds, int(d))
		}
	}
	return ds
}

// Value is the number a digit string (most significant first) stands for.
func (s System) Value(ds []int) *big.Int {
	us := s.Place(len(ds))
	v := new(big.Int)
	for i, d := range ds {
		v.Add(v, new(big.Int).Mul(us[len(ds)-1-i], big.NewInt(int64(d))))
	}
	return v
}

// Word encodes a tuple of numbers as letters, padded with leading zeros
// to the longest representation (plus pad more zero letters).
func (s System) Word(xs []*big.Int, pad int) []int {
	reps := make([][]int, len(xs))
	n := 0
	for i, x := range xs {
		reps[i] = s.Repr(x)
		n = max(n, len(reps[i]))
	}
	n += pad
	d := s.Digits()
	w := make([]int, n)
	ds := make([]int, len(xs))
	for j := range n {
		for i, r := range reps {
			ds[i] = 0
			if k := j - (n - len(r)); k >= 0 {
				ds[i] = r[k]
			}
		}
		w[j] = Letter(d, ds...)
	}
	return w
}

// Decode reads a word of k-track letters back into numbers.
func (s System) Decode(w []int, k int) []*big.Int {
	d := s.Digits()
	out := make([]*big.Int, k)
	for i := range out {
		ds := make([]int, len(w))
		for j, l := range w {
			ds[j] = Unpack(l, d, k)[i]
		}
		out[i] = s.Value(ds)
	}
	return out
}

// Valid is the one-track automaton of greedy representations (with
// leading zeros).
func (s System) Valid() *DFA {
	d := s.Digits()
	if !s.Linear() {
		a := newDFA(1, d, 1)
		a.Accept[0] = true
		return a
	}
	if s.C > 0 {
		// Tribonacci: state q counts the 1s just read (0, 1, 2); 3 is
		// dead (a third 1 in a row).
		a := newDFA(1, 2, 4)
		for q := range 4 {
			a.Accept[q] = q < 3
			a.Next[q*2] = 0
			a.Next[q*2+1] = int32(min(q+1, 3))
			if q == 3 {
				a.Next[q*2] = 3
			}
		}
		return a
	}
	// State 0: free; 1: last digit was A (next must be < B); 2: dead.
	a := newDFA(1, d, 3)
	a.Accept[0], a.Accept[1] = true, true
	for x := range d {
		next := func(q int) int32 {
			switch {
			case q == 2 || q == 1 && x >= s.B:
				return 2
			case x == s.A:
				return 1
			}
			return 0
		}
		for q := range 3 {
			a.Next[q*d+x] = next(q)
		}
	}
	return a
}

// Adder is the three-track automaton of x + y = z (tracks x, y, z) over
// valid representations. It fails only if the carries do not stay
// bounded, which cannot happen for the systems Check accepts.
func (s System) Adder() (*DFA, error) { return s.adder(0) }

// adder builds x + y = z + off; off ≠ 0 only for mutation tests.
func (s System) adder(off int) (*DFA, error) {
	d := s.Digits()
	L := d * d * d
	if s.C > 0 {
		return s.adder3(off)
	}
	type carry struct{ c1, c0 int64 }
	A, B := int64(s.A), int64(s.B)
	// The obligation left after reading a prefix, at remaining length m,
	// is Σ_{i<m} e_i·u_i = −(c1·u_m + c0·u_{m−1}) (base: c0 = 0). The
	// suffix sum lies in [−(u_m − 1), 2(u_m − 1)], so c1 + c0·r_m must lie
	// in (−2, 1) for r_m = u_{m−1}/u_m, which stays in [1/(A+1), 1/B]:
	// outside at both ends, the carry is dead for every m.
	dead := func(c carry) bool {
		if !s.Linear() {
			return c.c1 < -1 || c.c1 > 0
		}
		lo, hi := (A+1)*c.c1+c.c0, B*c.c1+c.c0 // (A+1)·f(1/(A+1)), B·f(1/B)
		return lo >= A+1 && hi >= B || lo <= -2*(A+1) && hi <= -2*B
	}
	step := func(c carry, e int64) carry {
		if !s.Linear() {
			return carry{A*c.c1 + e, 0}
		}
		return carry{A*c.c1 + c.c0 + e, B * c.c1}
	}
	accept := func(c carry) bool {
		// At m = 0 the obligation is c1·u_0 + c0·u_{−1} = c1 + c0/B = off.
		if !s.Linear() {
			return c.c1 == int64(off)
		}
		return B*c.c1+c.c0 == B*int64(off)
	}
	ids := map[carry]int32{{0, 0}: 0}
	cs := []carry{{0, 0}}
	next := []int32{}
	const deadID = -1
	for i := 0; i < len(cs); i++ {
		for l := range L {
			x, y, z := l%d, l/d%d, l/(d*d)
			c := step(cs[i], int64(x+y-z))
			if dead(c) {
				next = append(next, deadID)
				continue
			}
			j, ok := ids[c]
			if !ok {
				if len(cs) > 100_000 {
					return nil, fmt.Errorf("%w: adder for %s: carries unbounded", ErrTooBig, s)
				}
				j = int32(len(cs))
				ids[c] = j
				cs = append(cs, c)
			}
			next = append(next, j)
		}
	}
	n := len(cs)
	a := newDFA(3, d, n+1)
	for i, c := range cs {
		a.Accept[i] = accept(c)
	}
	for i, v := range next {
		if v == deadID {
			v = int32(n)
		}
		a.Next[i] = v
	}
	for l := range L {
		a.Next[n*L+l] = int32(n)
	}
	return s.restrict(a)
}

// adder3 is adder for Tribonacci. After a prefix, at remaining length m,
// the obligation is Σ_{i<m} e_i·u_i = off − (c1·u_m + c0·u_{m−1} +
// cz·u_{m−2}) with u_{−1} = 1, u_{−2} = 0, e = x + y − z ∈ [−1, 2]; reading
// e gives (c1 + c0 + e, c1 + cz, c1), since u_m = u_{m−1} + u_{m−2} +
// u_{m−3}. A valid suffix of length m is below u_m, so the suffix sum lies
// in [−(u_m − 1), 2(u_m − 1)]: a carry is dead when that fails at every m.
// It is decided exactly at m = 0, 1, 2 and, for m ≥ 3, through the ratios
// r1 = u_{m−1}/u_m ∈ [13/25, 23/40] and r2 = u_{m−2}/u_m ∈ [27/100,
// 33/100]: they hold at m = 3 (4/7, 2/7) and the box is closed under
// (r1, r2) ↦ (1/(1 + r1 + r2), r1/(1 + r1 + r2)), which is monotone in each
// ratio, so its corners bound it (TestTribonacciRatios checks both in
// exact arithmetic). The value over u_m is linear in (r1, r2): outside
// (−2 − off, 1 + off) at the four corners, it is outside at every m ≥ 3.
func (s System) adder3(off int) (*DFA, error) {
	type carry struct{ c1, c0, cz int64 }
	o := int64(off)
	live := func(c carry) bool {
		us := [3][3]int64{{1, 1, 0}, {2, 1, 1}, {4, 2, 1}} // u_m, u_{m−1}, u_{m−2} for m = 0, 1, 2
		for _, u := range us {
			v := c.c1*u[0] + c.c0*u[1] + c.cz*u[2]
			if r := o - v; r >= -(u[0]-1) && r <= 2*(u[0]-1) {
				return true
			}
		}
		lo, hi := int64(math.MaxInt64), int64(math.MinInt64)
		for _, r1 := range [2]int64{104, 115} { // 200·r1
			for _, r2 := range [2]int64{54, 66} { // 200·r2
				f := 200*c.c1 + r1*c.c0 + r2*c.cz
				lo, hi = min(lo, f), max(hi, f)
			}
		}
		return !(lo >= 200*(1+o) || hi <= -200*(2+o))
	}
	step := func(c carry, e int64) carry { return carry{c.c1 + c.c0 + e, c.c1 + c.cz, c.c1} }
	accept := func(c carry) bool { return c.c1+c.c0 == o }
	const L = 8
	ids := map[carry]int32{{}: 0}
	cs := []carry{{}}
	var next []int32
	const deadID = -1
	for i := 0; i < len(cs); i++ {
		for l := range L {
			x, y, z := l%2, l/2%2, l/4
			c := step(cs[i], int64(x+y-z))
			if !live(c) {
				next = append(next, deadID)
				continue
			}
			j, ok := ids[c]
			if !ok {
				if len(cs) > 100_000 {
					return nil, fmt.Errorf("%w: adder for %s: carries unbounded", ErrTooBig, s)
				}
				j = int32(len(cs))
				ids[c] = j
				cs = append(cs, c)
			}
			next = append(next, j)
		}
	}
	n := len(cs)
	a := newDFA(3, 2, n+1)
	for i, c := range cs {
		a.Accept[i] = accept(c)
	}
	for i, v := range next {
		if v == deadID {
			v = int32(n)
		}
		a.Next[i] = v
	}
	for l := range L {
		a.Next[n*L+l] = int32(n)
	}
	return s.restrict(a)
}

// Less is the two-track automaton of x < y: on valid representations of
// equal length the order is lexicographic (greedy expansions of the same
// length compare as their numbers).
func (s System) Less() (*DFA, error) {
	d := s.Digits()
	a := newDFA(2, d, 3) // 0: equal so far; 1: x < y; 2: x > y
	a.Accept[1] = true
	for l := range d * d {
		x, y := l%d, l/d
		switch {
		case x < y:
			a.Next[l] = 1
		case x > y:
			a.Next[l] = 2
		}
		a.Next[d*d+l], a.Next[2*d*d+l] = 1, 2
	}
	return s.restrict(a)
}

// Equals is the two-track automaton of x = y.
func (s System) Equals() (*DFA, error) {
	d := s.Digits()
	a := newDFA(2, d, 2)
	a.Accept[0] = true
	for l := range d * d {
		a.Next[l] = 1
		if l%d == l/d {
			a.Next[l] = 0
		}
		a.Next[d*d+l] = 1
	}
	return s.restrict(a)
}

// Const is the one-track automaton of x = c.
func (s System) Const(c *big.Int) *DFA {
	r := s.Repr(c)
	d := s.Digits()
	n := len(r)
	a := newDFA(1, d, n+2) // i digits matched; n+1 dead
	a.Accept[n] = true
	for q := 0; q <= n+1; q++ {
		for x := range d {
			v := int32(n + 1)
			switch {
			case q == 0 && x == 0:
				v = 0
			case q < n && r[q] == x:
				v = int32(q + 1)
			}
			a.Next[q*d+x] = v
		}
	}
	return a.Minimize()
}

// restrict intersects a with validity on every track and minimizes.
func (s System) restrict(a *DFA) (*DFA, error) {
	v, err := s.ValidTracks(a.Tracks)
	if err != nil {
		return nil, err
	}
	p, err := Product(a, v, func(x, y bool) bool { return x && y })
	if err != nil {
		return nil, err
	}
	return p.Minimize(), nil
}

// ValidTracks is the k-track automaton accepting tuples of valid
// representations.
func (s System) ValidTracks(k int) (*DFA, error) {
	v := s.Valid()
	out := &DFA{Tracks: 0, Digits: v.Digits, Next: []int32{0}, Accept: []bool{true}}
	for i := range k {
		vi := v
		for j := 0; j < i; j++ {
			vi = vi.Cylinder(0)
		}
		out = out.Cylinder(i)
		var err error
		if out, err = Product(out, vi, func(x, y bool) bool { return x && y }); err != nil {
			return nil, err
		}
	}
	return out.Minimize(), nil
}

// CheckAdder compares a three-track automaton with x + y = z on every
// x, y ≤ n (z = x + y and z = x + y + 1) and returns the first triple
// where it is wrong.
func (s System) CheckAdder(add *DFA, n int) (bad [3]int64, ok bool) {
	length := len(s.Repr(big.NewInt(int64(2*n+1)))) + 1
	rs := make([][]int, 2*n+2)
	for i := range rs {
		r := s.Repr(big.NewInt(int64(i)))
		rs[i] = append(make([]int, length-len(r)), r...)
	}
	d, L := add.Digits, add.Letters()
	run := func(x, y, z int) bool {
		q := int32(0)
		for j := range length {
			q = add.Next[int(q)*L+rs[x][j]+d*rs[y][j]+d*d*rs[z][j]]
		}
		return add.Accept[q]
	}
	for x := 0; x <= n; x++ {
		for y := 0; y <= n; y++ {
			if !run(x, y, x+y) {
				return [3]int64{int64(x), int64(y), int64(x + y)}, false
			}
			if run(x, y, x+y+1) {
				return [3]int64{int64(x), int64(y), int64(x + y + 1)}, false
			}
		}
	}
	return bad, true
}

// OffByOneAdder is x + y = z + 1: a wrong adder for mutation tests.
func (s System) OffByOneAdder() (*DFA, error) { return s.adder(1) }
