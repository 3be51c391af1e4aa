package numeration

import (
	"flag"
	"math/big"
	"math/rand/v2"
	"slices"
	"testing"
)

var long = flag.Bool("long", false, "heavy checks: every pair ≤ 10⁴ through the adders")

// systems are the numeration systems the game proofs use: binary, base 3,
// Zeckendorf, Tribonacci, and 002's U for every (s,t) ∈ {1,2,3}².
func systems() []System {
	out := []System{Base(2), Base(3), Zeckendorf(), Tribonacci()}
	for s := 1; s <= 3; s++ {
		for t := 1; t <= 3; t++ {
			if s == 1 && t == 1 {
				continue // Zeckendorf
			}
			out = append(out, U(s, t))
		}
	}
	return out
}

// TestPlaces pins the place values to the papers: Zeckendorf's
// Fibonacci numbers and 002's Example 3 (s = t' = 2: 1, 4, 14, 50).
func TestPlaces(t *testing.T) {
	tests := []struct {
		sys  System
		want []int64
	}{
		{Base(2), []int64{1, 2, 4, 8, 16}},
		{Zeckendorf(), []int64{1, 2, 3, 5, 8, 13, 21}},
		{U(2, 2), []int64{1, 4, 14, 50}},
		{U(1, 2), []int64{1, 3, 7, 17}}, // u_n = 2u_{n−1} + u_{n−2}
		// The Tribonacci numbers from 1, 2, 4 (OEIS A000073 from its
		// fourth term on): 7 = 4+2+1, 13 = 7+4+2, 24, 44, 81.
		{Tribonacci(), []int64{1, 2, 4, 7, 13, 24, 44, 81}},
	}
	for _, tc := range tests {
		var got []int64
		for _, u := range tc.sys.Place(len(tc.want)) {
			got = append(got, u.Int64())
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("Place(%s) = %v, want %v", tc.sys, got, tc.want)
		}
	}
}

// TestTable3 checks U(2,2)'s representations against 002's Table 3.
func TestTable3(t *testing.T) {
	want := map[int64]string{1: "1", 3: "3", 4: "10", 7: "13", 8: "20", 12: "30", 13: "31", 14: "100", 17: "103", 18: "110", 20: "112"}
	for n, w := range want {
		var got []byte
		for _, d := range U(2, 2).Repr(big.NewInt(n)) {
			got = append(got, byte('0'+d))
		}
		if string(got) != w {
			t.Errorf("R(%d) over U(2,2) = %s, want %s (002 Table 3)", n, got, w)
		}
	}
}

// greedy is a second, simple greedy algorithm over int64.
func greedy(sys System, x int64, length int) []int {
	us := sys.Place(length)
	ds := make([]int, length)
	for i := length - 1; i >= 0; i-- {
		u := us[i].Int64()
		ds[length-1-i] = int(x / u)
		x %= u
	}
	return ds
}

// TestValid checks the validity automaton against the greedy algorithm on
// every word of length ≤ 7: a word is accepted iff it is the greedy
// representation (with leading zeros) of its value.
func TestValid(t *testing.T) {
	for _, sys := range systems() {
		v := sys.Valid()
		d := sys.Digits()
		var us []int64
		for _, u := range sys.Place(8) {
			us = append(us, u.Int64())
		}
		n := 7
		if d > 4 {
			n = 5
		}
		total := pow(d, n)
		for i := range total {
			w := make([]int, n)
			for j, x := n-1, i; j >= 0; j, x = j-1, x/d {
				w[j] = x % d
			}
			val := int64(0)
			for j, x := range w {
				val += int64(x) * us[n-1-j]
			}
			want := val < us[n] && slices.Equal(greedy(sys, val, n), w)
			if got := v.Accepts(w); got != want {
				t.Fatalf("Valid(%s) accepts %v = %v, want %v", sys, w, got, want)
			}
		}
	}
}

// padded holds the representations of 0..n, each padded with leading
// zeros to one length (the automata are zero-closed).
func padded(sys System, n int) [][]int {
	length := len(sys.Repr(big.NewInt(int64(n)))) + 1
	out := make([][]int, n+1)
	for i := range out {
		r := sys.Repr(big.NewInt(int64(i)))
		out[i] = append(make([]int, length-len(r)), r...)
	}
	return out
}

// run3 runs a three-track automaton on padded digit strings.
func run3(a *DFA, a0, b0, c0 []int) bool {
	d, L := a.Digits, a.Letters()
	q := int32(0)
	for j := range a0 {
		q = a.Next[int(q)*L+a0[j]+d*b0[j]+d*d*c0[j]]
	}
	return a.Accept[q]
}

// TestAdder compares x + y = z with integer addition: every triple with
// x, y, z ≤ 30, every pair ≤ 150 (≤ 10⁴ under -long) with z = x + y and
// z = x + y ± 1, and random 60-digit numbers.
func TestAdder(t *testing.T) {
	pairs := 150
	if *long {
		pairs = 10_000
	}
	for _, sys := range systems() {
		add, err := sys.Adder()
		if err != nil {
			t.Fatal(err)
		}
		rs := padded(sys, 2*pairs+2)
		for x := 0; x <= 30; x++ {
			for y := 0; y <= 30; y++ {
				for z := 0; z <= 30; z++ {
					if got := run3(add, rs[x], rs[y], rs[z]); got != (x+y == z) {
						t.Fatalf("%s: adder on (%d,%d,%d) = %v", sys, x, y, z, got)
					}
				}
			}
		}
		for x := 0; x <= pairs; x++ {
			for y := 0; y <= pairs; y++ {
				z := x + y
				if !run3(add, rs[x], rs[y], rs[z]) || run3(add, rs[x], rs[y], rs[z+1]) ||
					z > 0 && run3(add, rs[x], rs[y], rs[z-1]) {
					t.Fatalf("%s: adder wrong near %d + %d", sys, x, y)
				}
			}
		}
		rng := rand.New(rand.NewPCG(1, uint64(sys.A*10+sys.B+100*sys.C)))
		for range 200 {
			x := randBig(rng, 60)
			y := randBig(rng, 60)
			z := new(big.Int).Add(x, y)
			if !add.Accepts(sys.Word([]*big.Int{x, y, z}, 1)) {
				t.Fatalf("%s: adder rejects %s + %s = %s", sys, x, y, z)
			}
			z.Add(z, big.NewInt(1))
			if add.Accepts(sys.Word([]*big.Int{x, y, z}, 1)) {
				t.Fatalf("%s: adder accepts %s + %s = %s", sys, x, y, z)
			}
		}
	}
}

// TestAdderRecurrence feeds the adder the defining recurrence:
// u_n = A·u_{n−1} + B·u_{n−2} (+ C·u_{n−3}) as a chain of additions of place values,
// up to n = 60.
func TestAdderRecurrence(t *testing.T) {
	for _, sys := range systems() {
		if !sys.Linear() {
			continue
		}
		add, _ := sys.Adder()
		us := sys.Place(61)
		for n := 2 + min(sys.C, 1); n <= 60; n++ {
			acc := new(big.Int)
			terms := []*big.Int{}
			for range sys.A {
				terms = append(terms, us[n-1])
			}
			for range sys.B {
				terms = append(terms, us[n-2])
			}
			for range sys.C {
				terms = append(terms, us[n-3])
			}
			for _, u := range terms {
				next := new(big.Int).Add(acc, u)
				if !add.Accepts(sys.Word([]*big.Int{acc, u, next}, 1)) {
					t.Fatalf("%s: adder rejects %s + %s on the way to u_%d", sys, acc, u, n)
				}
				acc = next
			}
			if acc.Cmp(us[n]) != 0 {
				t.Fatalf("%s: u_%d = %s, the sum gives %s", sys, n, us[n], acc)
			}
		}
	}
}

func randBig(rng *rand.Rand, digits int) *big.Int {
	x := new(big.Int)
	for range rng.IntN(digits) + 1 {
		x.Mul(x, big.NewInt(10))
		x.Add(x, big.NewInt(int64(rng.IntN(10))))
	}
	return x
}

// TestLess compares x < y and x = y with integer order.
func TestLess(t *testing.T) {
	for _, sys := range systems() {
		less, _ := sys.Less()
		eq, _ := sys.Equals()
		for x := int64(0); x <= 60; x++ {
			for y := int64(0); y <= 60; y++ {
				w := sys.Word([]*big.Int{big.NewInt(x), big.NewInt(y)}, 1)
				if less.Accepts(w) != (x < y) || eq.Accepts(w) != (x == y) {
					t.Fatalf("%s: order wrong at (%d,%d)", sys, x, y)
				}
			}
		}
	}
}

func bigs(xs ...int64) []*big.Int {
	out := make([]*big.Int, len(xs))
	for i, x := range xs {
		out[i] = big.NewInt(x)
	}
	return out
}

// TestRepr64: Repr's machine-integer path gives the big-integer path's
// digits, and both spell x, at small numbers, around every place (where
// a digit rolls over) and up to the path's limit.
func TestRepr64(t *testing.T) {
	for _, sys := range append(systems(), System{A: 9}, System{A: 7, B: 7}) {
		xs := []int64{small - 1, small}
		for x := range int64(2000) {
			xs = append(xs, x)
		}
		for _, u := range sys.placesAbove(big.NewInt(small)) {
			xs = append(xs, u.Int64()-1, u.Int64(), u.Int64()+1)
		}
		for _, x := range xs {
			if x < 0 || x > small {
				continue
			}
			bx := big.NewInt(x)
			fast, slow := sys.repr64(x), sys.reprBig(bx)
			if !slices.Equal(fast, slow) {
				t.Fatalf("%s: Repr(%d) = %v in machine integers, %v in big ones", sys, x, fast, slow)
			}
			if v := sys.Value(fast); v.Cmp(bx) != 0 {
				t.Fatalf("%s: Repr(%d) = %v spells %s", sys, x, fast, v)
			}
		}
	}
}

// TestTribonacciWords checks Tribonacci's representations against the
// Tribonacci word's definition by hand: 12 = 7 + 4 + 1 is 1101, 23 = 13 +
// 7 + 2 + 1 is 11011 (7 + 4 + 2 would be 111, not greedy), and a word is
// valid iff it has no 111.
func TestTribonacciWords(t *testing.T) {
	sys := Tribonacci()
	for n, want := range map[int64]string{1: "1", 3: "11", 6: "110", 12: "1101", 13: "10000", 23: "11011", 24: "100000"} {
		var got []byte
		for _, d := range sys.Repr(big.NewInt(n)) {
			got = append(got, byte('0'+d))
		}
		if string(got) != want {
			t.Errorf("Repr(%d) over Tribonacci = %s, want %s", n, got, want)
		}
	}
	v := sys.Valid()
	for i := range 1 << 10 {
		w := make([]int, 10)
		run, bad := 0, false
		for j := range w {
			w[j] = i >> j & 1
			if w[j] == 1 {
				run++
			} else {
				run = 0
			}
			bad = bad || run == 3
		}
		if v.Accepts(w) == bad {
			t.Fatalf("Valid(Tribonacci) on %v = %v", w, !bad)
		}
	}
	if err := (System{A: 1, B: 1, C: 2}).Check(); err == nil {
		t.Error("Check accepts u_n = u_{n−1} + u_{n−2} + 2u_{n−3}")
	}
	if err := sys.Check(); err != nil {
		t.Error(err)
	}
}

// TestTribonacciRatios checks, in exact arithmetic, the box adder3's
// dead carries rest on: r1 = u_{m−1}/u_m ∈ [13/25, 23/40] and r2 =
// u_{m−2}/u_m ∈ [27/100, 33/100] at m = 3, the map (r1, r2) ↦ (1/(1 + r1
// + r2), r1/(1 + r1 + r2)) sends the box's corners into it (the map is
// monotone in each ratio, so the whole box goes in), and the ratios of the
// places up to m = 200 lie in it.
func TestTribonacciRatios(t *testing.T) {
	r := func(a, b int64) *big.Rat { return big.NewRat(a, b) }
	lo1, hi1, lo2, hi2 := r(13, 25), r(23, 40), r(27, 100), r(33, 100)
	in := func(x, y *big.Rat) bool {
		return x.Cmp(lo1) >= 0 && x.Cmp(hi1) <= 0 && y.Cmp(lo2) >= 0 && y.Cmp(hi2) <= 0
	}
	for _, x := range []*big.Rat{lo1, hi1} {
		for _, y := range []*big.Rat{lo2, hi2} {
			den := new(big.Rat).Add(r(1, 1), x)
			den.Add(den, y)
			x2 := new(big.Rat).Inv(den)
			y2 := new(big.Rat).Mul(x, x2)
			if !in(x2, y2) {
				t.Errorf("corner (%s, %s) goes to (%s, %s), outside the box", x, y, x2, y2)
			}
		}
	}
	us := Tribonacci().Place(201)
	for m := 3; m <= 200; m++ {
		x := new(big.Rat).SetFrac(us[m-1], us[m])
		y := new(big.Rat).SetFrac(us[m-2], us[m])
		if !in(x, y) {
			t.Fatalf("ratios at m = %d (%s, %s) outside the box", m, x, y)
		}
	}
}
