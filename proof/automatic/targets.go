package automatic

import (
	"fmt"
	"math/bits"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/decide/numeration"
	"github.com/grundy/grundy/games"
	"github.com/grundy/grundy/theory"
)

// A Target is a claim whose set (or value relation) has an automaton
// built from its statement.
type Target struct {
	ID string
	// Instances are the games and pile counts proved by default.
	Instances []Instance
	// System is the numeration system the statement speaks in for r.
	System func(r grundy.Ruleset) numeration.System
	// Set builds the claim's set over x0…x{n−1} (QP, QPm), or its value
	// relation over x0…x{n−1}, g (QG, QGm).
	Set func(b *builder, r grundy.Ruleset, n int) numeration.Rel
	// Recursion, when set, is a mex recursion the claim states; its
	// sequences are proved to be the set's generators (recursion.go).
	Recursion func(r grundy.Ruleset) *Recursion
	// Learned marks a Set learned from the claim's evaluation (a
	// hypothesis): a failed condition then says the hypothesis is wrong,
	// not the claim (unknown, not refuted).
	Learned bool
	// Via names the claim whose statement Set builds, when it is not
	// this claim's own (the claim is a recursion proved equal to it).
	Via string
	// Keep says the claim's evaluation stops at a bound (a table built
	// from a word), so its record keeps the automaton, which answers
	// positions of any size, as a learned set's record does.
	Keep bool
}

// An Instance is one ruleset and pile count.
type Instance struct {
	Game  string
	Piles int
}

func base2(grundy.Ruleset) numeration.System { return numeration.Base(2) }

// uOf is 002's system U for (s, ⌈t/K⌉) (§3 after Corollary 5; for K = 1
// the system of (s,t)-Wythoff itself).
func uOf(r grundy.Ruleset) numeration.System {
	sp := games.SpecOf(r)
	k := max(sp.Mod, 1)
	return numeration.U(sp.S, (sp.T+k-1)/k)
}

func instances(games []string, piles ...int) []Instance {
	var out []Instance
	for _, g := range games {
		for _, n := range piles {
			out = append(out, Instance{g, n})
		}
	}
	return out
}

var (
	stGames = []string{"wythoff:s=1,t=1", "wythoff:s=1,t=2", "wythoff:s=1,t=3", "wythoff:s=2,t=1", "wythoff:s=2,t=2",
		"wythoff:s=2,t=3", "wythoff:s=3,t=1", "wythoff:s=3,t=2", "wythoff:s=3,t=3"}
	// modGames: K = 2, 3 with every (s,t) ∈ {1,2,3}², and the claims' own
	// check games with K = 4.
	modGames = func() []string {
		var out []string
		for k := 2; k <= 3; k++ {
			for s := 1; s <= 3; s++ {
				for t := 1; t <= 3; t++ {
					out = append(out, fmt.Sprintf("wythoff-mod:K=%d,s=%d,t=%d", k, s, t))
				}
			}
		}
		return append(out, "wythoff-mod:K=3,s=1,t=4", "wythoff-mod:K=3,s=2,t=4", "wythoff-mod:K=3,s=2,t=6",
			"wythoff-mod:K=4,s=1,t=5", "wythoff-mod:K=4,s=2,t=3")
	}()
)

// Targets lists the claims with automata, in proof order.
func Targets() []*Target {
	return []*Target{
		{ID: "000/bouton", Instances: instances([]string{"nim"}, 2, 3, 4), System: base2, Set: nimSum},
		{ID: "000/moore.k1", Instances: instances([]string{"moore:k=1"}, 2, 3, 4), System: base2, Set: nimSum},
		{ID: "000/bouton.misere", Instances: instances([]string{"nim"}, 2, 3, 4), System: base2, Set: boutonMisere},
		{ID: "000/moore", Instances: instances([]string{"moore:k=2", "moore:k=3"}, 3, 4), System: base2, Set: mooreP},
		{ID: "000/prop-7.pm", Instances: instances([]string{"moore:k=2", "moore:k=3"}, 3, 4), System: base2, Set: mooreMisere},
		{ID: "002/sec3-vile", Instances: instances(stGames, 2), System: uOf, Set: vileSet},
		{ID: "002/cor-5", Instances: instances(modGames, 2), System: uOf, Set: vileSet},
		{ID: "002/eq-2", Instances: instances(stGames, 2), System: uOf, Set: vileSet, Via: "002/sec3-vile", Recursion: normalRecursion},
		{ID: "002/thm-3", Instances: instances(modGames, 2), System: uOf, Set: vileSet, Via: "002/cor-5", Recursion: normalRecursion},
		{ID: "002/lemma-2", Instances: instances(modGames, 2), System: uOf, Set: vileSet, Via: "002/cor-5", Recursion: lemma2Recursion},
		{ID: "002/thm-4", Instances: instances(modGames, 2), System: uOf, Set: vileSet, Via: "002/cor-5", Recursion: scaledRecursion},
		{ID: "002/thm-6.K1", Instances: instances([]string{"wythoff:s=1,t=2", "wythoff:s=1,t=3", "wythoff:s=2,t=1", "wythoff:s=2,t=2", "wythoff:s=2,t=3"}, 2),
			System: uOf, Set: learnedSet("002/thm-6.K1"), Learned: true, Recursion: misereRecursion},
		{ID: "002/gw-misere.recursive", Instances: instances([]string{"wythoff:s=1,t=2", "wythoff:s=1,t=3"}, 2),
			System: uOf, Set: learnedSet("002/gw-misere.recursive"), Learned: true, Recursion: misereRecursion},
		{ID: "002/thm-6", Instances: instances([]string{"wythoff-mod:K=2,s=1,t=3", "wythoff-mod:K=3,s=1,t=4"}, 2),
			System: uOf, Set: learnedSet("002/thm-6"), Learned: true, Recursion: misereRecursion},
		{ID: "arxiv-1904.08339/p-tribonacci", Instances: instances([]string{"splythoff"}, 2), System: tribonacci, Set: tribonacciTable, Keep: true},
	}
}

func tribonacci(grundy.Ruleset) numeration.System { return numeration.Tribonacci() }

// Target finds the target of a claim ID.
func TargetOf(id string) (*Target, bool) {
	for _, t := range Targets() {
		if t.ID == id {
			return t, true
		}
	}
	return nil, false
}

// quantity is what the target's Set gives, from the claim.
func valueClaim(c *theory.Claim) bool { return c.Quantity == theory.QG || c.Quantity == theory.QGm }

// digitDFA is a one-state automaton over base-2 letters of tracks that
// accepts while every letter satisfies ok.
func digitDFA(tracks int, ok func(ds []int) bool) *numeration.DFA {
	L := 1 << tracks
	a := &numeration.DFA{Tracks: tracks, Digits: 2, Next: make([]int32, 2*L), Accept: []bool{true, false}}
	for l := range L {
		a.Next[l] = 1
		if ok(numeration.Unpack(l, 2, tracks)) {
			a.Next[l] = 0
		}
		a.Next[L+l] = 1
	}
	return a
}

// nimSum is g = x0 ⊕ … ⊕ x{n−1} (000 §1.1, Bouton): every bit column of
// the piles and g has even parity.
func nimSum(b *builder, _ grundy.Ruleset, n int) numeration.Rel {
	a := digitDFA(n+1, func(ds []int) bool {
		p := 0
		for _, d := range ds {
			p ^= d
		}
		return p == 0
	})
	return b.ok(b.st.Of(a, append(pos("x", n), "g")...))
}

// mooreP is Moore's rule M(x) = 0 (000 §1.2): in every bit column the
// number of piles with the bit set is ≡ 0 (mod k+1).
func mooreP(b *builder, r grundy.Ruleset, n int) numeration.Rel {
	k := games.SpecOf(r).K
	a := digitDFA(n, func(ds []int) bool {
		c := 0
		for _, d := range ds {
			c += d
		}
		return c%(k+1) == 0
	})
	return b.ok(b.st.Of(a, pos("x", n)...))
}

// ones is "every pile ≤ 1 and the number of piles equal to 1 is ≡ want
// (mod m)".
func (b *builder) ones(n, m, want int) numeration.Rel {
	x := pos("x", n)
	var alts []numeration.Rel
	for set := range 1 << n {
		if bits.OnesCount(uint(set))%m != want {
			continue
		}
		var parts []numeration.Rel
		for i := range n {
			parts = append(parts, b.konst(x[i], int64(set>>i&1)))
		}
		alts = append(alts, b.and(parts...))
	}
	return b.or(alts...)
}

// someBig is "some pile is ≥ 2".
func (b *builder) someBig(n int) numeration.Rel {
	two := b.tmp()
	var alts []numeration.Rel
	for _, xi := range pos("x", n) {
		alts = append(alts, b.less(two, xi))
	}
	return b.exists(b.and(b.konst(two, 1), b.or(alts...)), two)
}

// boutonMisere: the Nim-sum is 0 and some pile is ≥ 2, or every pile is
// ≤ 1 and their number of 1s is odd (000 §1.1, Bouton).
func boutonMisere(b *builder, r grundy.Ruleset, n int) numeration.Rel {
	zero := b.exists(b.and(nimSum(b, r, n), b.konst("g", 0)), "g")
	return b.or(b.and(zero, b.someBig(n)), b.ones(n, 2, 1))
}

// mooreMisere: M(x) = 0 and some pile ≥ 2, or every pile ≤ 1 and
// l ≡ 1 (mod k+1) (000 Proposition 7).
func mooreMisere(b *builder, r grundy.Ruleset, n int) numeration.Rel {
	k := games.SpecOf(r).K
	return b.or(b.and(mooreP(b, r, n), b.someBig(n)), b.ones(n, k+1, 1%(k+1)))
}

// vilePair is "x is vile and y is its left shift over U" (002 §3 after
// Corollary 5): R(x) ends in an even number of 0s (0, with the empty
// representation, is vile) and R(y) = R(x)0. Read most significant
// first, y's digit at each place is x's digit one place later, so the
// automaton remembers y's last digit and expects it from x next.
func vilePair(sys numeration.System) *numeration.DFA {
	d := sys.Digits()
	// States: (expected next x digit e ∈ 0..d−1, parity p of the trailing
	// zeros of x, nz: x nonzero so far) → e*4 + p*2 + nz; dead = 4d.
	n := 4*d + 1
	dead := int32(4 * d)
	a := &numeration.DFA{Tracks: 2, Digits: d, Next: make([]int32, n*d*d), Accept: make([]bool, n)}
	for e := range d {
		for p := range 2 {
			for nz := range 2 {
				q := e*4 + p*2 + nz
				// Accept: y's last digit 0 (no digit of x owed) and x vile.
				a.Accept[q] = e == 0 && (nz == 0 || p == 0)
				for l := range d * d {
					xd, yd := l%d, l/d
					if xd != e {
						a.Next[q*d*d+l] = dead
						continue
					}
					np, nnz := 0, nz
					if xd == 0 {
						np = 1 - p
					} else {
						nnz = 1
					}
					a.Next[q*d*d+l] = int32(yd*4 + np*2 + nnz)
				}
			}
		}
	}
	for l := range d * d {
		a.Next[int(dead)*d*d+l] = dead
	}
	return a
}

// pairs is the symmetric closure of a relation over (x, y) on the two
// piles x0, x1.
func (b *builder) pairs(rel numeration.Rel) numeration.Rel {
	r01 := b.st.Rename(rel, map[string]string{"x": "x0", "y": "x1"})
	r10 := b.st.Rename(rel, map[string]string{"x": "x1", "y": "x0"})
	return b.or(r01, r10)
}

// floorDiv is q = ⌊x/K⌋.
func (b *builder) floorDiv(x, q string, k int) numeration.Rel {
	var alts []numeration.Rel
	for r := range k {
		alts = append(alts, b.linear(q, x, k, int64(r)))
	}
	return b.or(alts...)
}

// vileSet is the P-set of 002's Corollary 5 (K = 1: §3's statement on
// (s,t)-Wythoff): (⌊x/K⌋, ⌊y/K⌋), sorted, is (vile, its left shift) over
// U with (s, ⌈t/K⌉).
func vileSet(b *builder, r grundy.Ruleset, n int) numeration.Rel {
	if n != 2 {
		b.err = fmt.Errorf("%s is a two-pile game", r.Name())
		return b.st.True()
	}
	sys := uOf(r)
	rel := b.ok(b.st.Of(vilePair(sys), "x", "y"))
	k := max(games.SpecOf(r).Mod, 1)
	if k == 1 {
		return b.pairs(rel)
	}
	q := b.st.Rename(b.pairs(rel), map[string]string{"x0": "X", "x1": "Y"})
	return b.exists(b.and(q, b.floorDiv("x0", "X", k), b.floorDiv("x1", "Y", k)), "X", "Y")
}

// learnedSet is the automaton of a claim given only by a recursion,
// learned from the claim's own evaluation on piles below learnBound
// (Myhill–Nerode, deterministic): a hypothesis, which the proof then
// checks against the claim (agreement), the game (stability, absorption)
// and the recursion itself (recursion.go) — how it was found does not
// matter to the proof.
func learnedSet(id string) func(b *builder, r grundy.Ruleset, n int) numeration.Rel {
	return func(b *builder, r grundy.Ruleset, n int) numeration.Rel {
		c := b.claim
		if c == nil || c.ID != id {
			b.err = fmt.Errorf("the automaton of %s is learned from that claim, which was not given", id)
			return b.st.True()
		}
		member := func(xs []int64) bool {
			p := make(grundy.Position, len(xs))
			for i, x := range xs {
				p[i] = int(x)
			}
			return claimHolds(c, r, p)
		}
		bound := b.learnBound
		if bound == 0 {
			bound = learnBound
		}
		l := numeration.Learner{Sys: b.st.Sys, Tracks: n, Member: member, Bound: bound,
			MaxStates: learnStates, Experiments: b.experiments}
		a, err := l.Learn()
		if err != nil {
			b.err = err
			return b.st.True()
		}
		return b.ok(b.st.Of(a, pos("x", n)...))
	}
}

// learnBound is the box a recursion claim's automaton is learned from
// first; maxLearnBound the largest the proof-driven loop grows it to
// (Prove) when the states lie deeper than the box tells apart.
const (
	learnBound    = 700
	maxLearnBound = 2_800
)

// learnStates bounds a learned automaton's states.
const learnStates = 200

// claimHolds is the claim's evaluation at p: p is in the claim's set.
func claimHolds(c *theory.Claim, r grundy.Ruleset, p grundy.Position) bool {
	v, ok := c.Eval(r, grundy.Canonical(r, p).Big())
	return ok && v.Sign() != 0
}

// misereRecursion is eq. (5) of Theorem 6, case (A) (s > 1 or t > K):
// E_0 = 0, H_0 = K, H_n = s·E_n + ⌈t/K⌉K·n + K; with K = 1 the
// recursive characterization of (s,t)-Wythoff misère with s + t > 2.
func misereRecursion(r grundy.Ruleset) *Recursion {
	rc := normalRecursion(r)
	rc.Base = [2]int64{0, int64(rc.K)}
	rc.BFrom = 0
	return rc
}

// tribonacciTable is Fokkink and Rust's P-set of Splythoff (arXiv
// 1904.08339, abstract, read as OEIS A140103's coding): (0, 0) and the
// pairs (B_n − A_n, C_n − B_n), n ≥ 1, either way round, where A_n, B_n,
// C_n are the positions of the n-th a, b, c of the Tribonacci word. The
// positions are the letter-position formulas over the Tribonacci
// representation r of n − 1: A_n = [r0] + 1, B_n = [r01] + 1, C_n =
// [r011] + 1 (OEIS A003144–A003146, citing Carlitz, Scoville, Hoggatt
// 1972; checked against the word for n ≤ 20 000 by
// TestSplythoffTable), so the pair is ([r01] − [r0], [r011] − [r01]):
// ∃ m, a, b, c: a = [m0], b = [m01], c = [m011], a + x0 = b, b + x1 = c.
// The proof's agreement obligation compares it with the claim's own
// evaluation, the word's pairs.
func tribonacciTable(b *builder, r grundy.Ruleset, n int) numeration.Rel {
	if n != 2 {
		b.err = fmt.Errorf("%s is a two-pile game", r.Name())
		return b.st.True()
	}
	valid := b.and(b.valid("m"), b.valid("a0"), b.valid("b0"), b.valid("c0"))
	shift := func(s, z string) numeration.Rel { return b.ok(b.st.Of(shiftDFA(s), "m", z)) }
	pairs := b.exists(b.and(valid, shift("0", "a0"), shift("01", "b0"), shift("011", "c0"),
		b.sum("a0", "x0", "b0"), b.sum("b0", "x1", "c0")), "m", "a0", "b0", "c0")
	mirror := b.st.Rename(pairs, map[string]string{"x0": "x1", "x1": "x0"})
	return b.or(pairs, mirror, b.and(b.konst("x0", 0), b.konst("x1", 0)))
}

// shiftDFA is z = [r(m)·s]: over two tracks (m, z) of Tribonacci digits,
// z's digits are m's shifted left by |s| with s appended. The state is
// the last |s| digits of z, each compared with m's digit |s| letters
// later; |s| leading zeros of m meet z's leading zeros.
func shiftDFA(s string) *numeration.DFA {
	k := len(s)
	full := 1 << k
	dead := full
	a := &numeration.DFA{Tracks: 2, Digits: 2, Next: make([]int32, (full+1)*4), Accept: make([]bool, full+1)}
	want := 0
	for _, c := range s {
		want = want<<1 | int(c-'0')
	}
	for q := 0; q <= full; q++ {
		for m := range 2 {
			for z := range 2 {
				next := dead
				if q != dead && q>>(k-1)&1 == m {
					next = (q<<1 | z) & (full - 1)
				}
				a.Next[q*4+numeration.Letter(2, m, z)] = int32(next)
			}
		}
	}
	a.Accept[want] = true
	return a
}
