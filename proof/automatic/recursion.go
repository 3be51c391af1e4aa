package automatic

import (
	"fmt"
	"math/big"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/decide/numeration"
	"github.com/grundy/grundy/games"
)

// A Recursion is a mex recursion of paper 002 for a two-pile P-set made
// of K×K blocks: generators (A_n, B_n), multiples of K, with
// (A_0, B_0) = Base, A_n = mex of the blocks [A_i, A_i+K) and
// [B_i, B_i+K) of i < n, and B_n − B_{n−1} = S·(A_n − A_{n−1}) + C, so that
// B_n = S·A_n + C·n + B_0 (eq. (2): K = 1, C = t; eq. (3): C = ⌈t/K⌉K;
// eq. (5), misère: Base (0, K)). The set is {(A_n+α, B_n+β)} and mirrors.
//
// It holds of a set P exactly when the generators G = {(a, b) ∈ P : a ≤ b,
// K | a, K | b} satisfy, as first-order statements:
//
//	G is the graph of a strictly increasing function, starting at Base;
//	consecutive generators differ by (d, S·d + C);
//	the A-blocks (all n) and the B-blocks (n ≥ BFrom) partition ℕ;
//	P is the union of the blocks of G and their mirror images.
//
// The partition makes A_n the mex: A_n lies in no earlier block, and each
// v < A_n lies in an A-block of a smaller index or in a B-block [B_j, …)
// with B_j ≤ v < A_n ≤ B_n, so j < n. By induction the sequences are the
// recursion's, and P is its set.
type Recursion struct {
	K, S  int
	C     int64
	Base  [2]int64
	BFrom int // B-blocks from index 1 (eq. (2), (3): B_0 = A_0) or 0
	// Scale, when above 1, states the recursion for the generators divided
	// by Scale (002 Theorem 4: the generators of Γ_K are K times the
	// P-positions of the associated (s, ⌈t/K⌉)-Wythoff game).
	Scale int
	// StepA, when set, also proves A_n − A_{n−1} ∈ StepA (002 Lemma 2(d):
	// {K, 2K}).
	StepA []int64
}

func (rc *Recursion) String() string {
	s := fmt.Sprintf("K=%d, B_n − B_{n−1} = %d(A_n − A_{n−1}) + %d, (A_0,B_0) = (%d,%d)", rc.K, rc.S, rc.C, rc.Base[0], rc.Base[1])
	if rc.Scale > 1 {
		s += fmt.Sprintf(", generators ÷ %d", rc.Scale)
	}
	return s
}

// normalRecursion is eq. (3) of Theorem 3 (eq. (2) when K = 1).
func normalRecursion(r grundy.Ruleset) *Recursion {
	sp := games.SpecOf(r)
	k := max(sp.Mod, 1)
	tk := (sp.T + k - 1) / k
	return &Recursion{K: k, S: sp.S, C: int64(tk * k), BFrom: 1}
}

// lemma2Recursion is eq. (3) with Lemma 2(d): A_n − A_{n−1} ∈ {K, 2K};
// Lemma 2(c), the complementarity of the blocks, is the partition.
func lemma2Recursion(r grundy.Ruleset) *Recursion {
	rc := normalRecursion(r)
	rc.StepA = []int64{int64(rc.K), int64(2 * rc.K)}
	return rc
}

// scaledRecursion is Theorem 4: the generators of Γ_K divided by K are
// eq. (2)'s pairs with t' = ⌈t/K⌉.
func scaledRecursion(r grundy.Ruleset) *Recursion {
	sp := games.SpecOf(r)
	k := max(sp.Mod, 1)
	return &Recursion{K: k, S: sp.S, C: int64((sp.T + k - 1) / k), BFrom: 1, Scale: k}
}

// recursionObligations decides the properties above for the set over
// x0, x1.
func recursionObligations(b *builder, set numeration.Rel, rc *Recursion) []func() Obligation {
	k := rc.K
	var gen numeration.Rel // G(a, b)
	generators := func() numeration.Rel {
		if gen.A == nil {
			g := b.st.Rename(set, map[string]string{"x0": "a", "x1": "b"})
			gen = b.and(g, b.le("a", "b"), b.congruent("a", k, 0), b.congruent("b", k, 0))
			if rc.Scale > 1 {
				// G' = {(a', b') : (Scale·a', Scale·b') ∈ G}.
				g2 := b.st.Rename(gen, map[string]string{"a": "A", "b": "B"})
				gen = b.exists(b.and(g2, b.scale("a", "A", rc.Scale), b.scale("b", "B", rc.Scale)), "A", "B")
			}
		}
		return gen
	}
	bk := k // block size of the generators checked
	if rc.Scale > 1 {
		bk = 1
	}
	gen2 := func() numeration.Rel { return b.st.Rename(generators(), map[string]string{"a": "a2", "b": "b2"}) }
	pair := func(w map[string]*big.Int, a, bb string) string {
		return fmt.Sprintf("(%s,%s)", w[a], w[bb])
	}
	// block(v, lo) is lo ≤ v < lo + bk.
	block := func(v, lo string) numeration.Rel {
		hi := b.tmp()
		return b.exists(b.and(b.le(lo, v), b.plus(lo, hi, int64(bk)), b.less(v, hi)), hi)
	}
	inA := func() numeration.Rel {
		return b.exists(b.and(generators(), block("v", "a")), "a", "b")
	}
	inB := func() numeration.Rel {
		g := generators()
		if rc.BFrom == 1 {
			g = b.and(g, b.not(b.and(b.konst("a", rc.Base[0]), b.konst("b", rc.Base[1]))))
		}
		return b.exists(b.and(g, block("v", "b")), "a", "b")
	}
	obs := []func() Obligation{
		func() Obligation {
			return decide(b, "generators increase", func() numeration.Rel {
				// a < a2 with b ≥ b2, or a = a2 with b ≠ b2.
				up := b.and(b.less("a", "a2"), b.not(b.less("b", "b2")))
				same := b.and(b.eq("a", "a2"), b.not(b.eq("b", "b2")))
				return b.and(generators(), gen2(), b.or(up, same))
			}, func(w map[string]*big.Int) string {
				return "generators " + pair(w, "a", "b") + " and " + pair(w, "a2", "b2")
			})
		},
		func() Obligation {
			return decide(b, "first generator", func() numeration.Rel {
				first := b.and(b.konst("a", rc.Base[0]), b.konst("b", rc.Base[1]))
				missing := b.not(b.exists(b.and(generators(), first), "a", "b"))
				below := b.exists(b.and(generators(), b.konst("p", rc.Base[0]), b.less("a", "p")), "a", "b", "p")
				return b.or(missing, below)
			}, func(map[string]*big.Int) string {
				return fmt.Sprintf("(%d,%d) is not the first generator", rc.Base[0], rc.Base[1])
			})
		},
		func() Obligation {
			return decide(b, "consecutive differences", func() numeration.Rel {
				g, g2 := generators(), gen2()
				between := b.exists(b.and(b.st.Rename(g, map[string]string{"a": "a3", "b": "b3"}), b.less("a", "a3"), b.less("a3", "a2")), "a3", "b3")
				next := b.and(g, g2, b.less("a", "a2"), b.not(between))
				// good: a + d = a2 and b + (S·d + C) = b2.
				e := b.tmp()
				step := b.exists(b.and(b.linear("d", e, rc.S, rc.C), b.sum("b", e, "b2")), e)
				good := b.exists(b.and(b.sum("a", "d", "a2"), step), "d")
				return b.and(next, b.not(good))
			}, func(w map[string]*big.Int) string {
				return "consecutive generators " + pair(w, "a", "b") + " and " + pair(w, "a2", "b2")
			})
		},
		func() Obligation {
			return decide(b, "blocks partition ℕ", func() numeration.Rel {
				ia, ib := inA(), inB()
				return b.or(b.and(b.not(ia), b.not(ib)), b.and(ia, ib))
			}, func(w map[string]*big.Int) string {
				return fmt.Sprintf("%s lies in no block or in an A- and a B-block", w["v"])
			})
		},
		func() Obligation {
			return decide(b, "the set is the blocks", func() numeration.Rel {
				if rc.Scale > 1 {
					// Blocks of K·G': (K·a' + α, K·b' + β).
					g := b.st.Rename(generators(), map[string]string{"a": "A", "b": "B"})
					g = b.exists(b.and(g, b.scale("A", "a", rc.Scale), b.scale("B", "b", rc.Scale)), "A", "B")
					return b.blocksDiffer(set, g, rc.K)
				}
				return b.blocksDiffer(set, generators(), rc.K)
			}, func(w map[string]*big.Int) string {
				return fmt.Sprintf("(%s,%s) is in the set or in a block, not both", w["x0"], w["x1"])
			})
		},
	}
	if len(rc.StepA) > 0 {
		obs = append(obs, func() Obligation {
			return decide(b, fmt.Sprintf("A_n − A_{n−1} ∈ %v", rc.StepA), func() numeration.Rel {
				g, g2 := generators(), gen2()
				between := b.exists(b.and(b.st.Rename(g, map[string]string{"a": "a3", "b": "b3"}), b.less("a", "a3"), b.less("a3", "a2")), "a3", "b3")
				next := b.exists(b.and(g, g2, b.less("a", "a2"), b.not(between)), "b", "b2")
				var steps []numeration.Rel
				for _, d := range rc.StepA {
					steps = append(steps, b.plus("a", "a2", d))
				}
				return b.and(next, b.not(b.or(steps...)))
			}, func(w map[string]*big.Int) string {
				return fmt.Sprintf("consecutive A = %s, %s", w["a"], w["a2"])
			})
		})
	}
	return obs
}

// blocksDiffer is the positions (x0, x1) where the set and the union of
// the K×K blocks of the generators g(a, b), with their mirrors, differ.
func (b *builder) blocksDiffer(set, g numeration.Rel, k int) numeration.Rel {
	in := func(v, lo string) numeration.Rel {
		hi := b.tmp()
		return b.exists(b.and(b.le(lo, v), b.plus(lo, hi, int64(k)), b.less(v, hi)), hi)
	}
	direct := b.exists(b.and(g, in("x0", "a"), in("x1", "b")), "a", "b")
	mirror := b.exists(b.and(g, in("x1", "a"), in("x0", "b")), "a", "b")
	blocks := b.or(direct, mirror)
	return b.or(b.and(set, b.not(blocks)), b.and(blocks, b.not(set)))
}
