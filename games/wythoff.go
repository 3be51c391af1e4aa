package games

import (
	"fmt"

	"github.com/grundy/grundy"
)

// Amounts says which numbers of tokens a move may take from a single pile.
type Amounts struct {
	Kind AmountKind
	K    int // modulus for Multiple, OneMod and MinusOneMod
}

// AmountKind names a restriction on single-pile amounts.
type AmountKind int

const (
	Any         AmountKind = iota // any positive amount
	Odd                           // odd amounts (002 §4: the O of Γ_OA, Γ_OO, Γ_OE)
	Even                          // even amounts (002 Remark 1 and §5: the E of Γ_EO, Γ_EE)
	Multiple                      // positive multiples of K (002 §5, generalizing Γ_EE)
	OneMod                        // amounts ≡ 1 mod K (002 §5, generalizing Γ_OO)
	MinusOneMod                   // amounts ≡ K−1 mod K (002 §5)
)

// Allows reports whether a single-pile move may take a tokens (a > 0).
func (a Amounts) Allows(n int) bool {
	switch a.Kind {
	case Odd:
		return n%2 == 1
	case Even:
		return n%2 == 0
	case Multiple:
		return n%a.K == 0
	case OneMod:
		return n%a.K == 1%a.K
	case MinusOneMod:
		return n%a.K == (a.K-1)%a.K
	}
	return true
}

// Wythoff is (s,t)-Wythoff's game (002 eq. (1), after Fraenkel) and its
// restrictions in 002. A move either takes an allowed amount (Single[i])
// from pile i alone, or takes k > 0 tokens from one pile and l ≥ k from the
// other with l − k < (s−1)k + t; in Γ_K (DiagonalK > 1) both k and l must be
// multiples of K. The two piles are interchangeable when Single[0] and
// Single[1] agree.
type Wythoff struct {
	Family    string // registry name, e.g. "wythoff-oe"
	S, T      int
	DiagonalK int // 1 unless Γ_K; 0 (the zero value) means 1
	Single    [2]Amounts
}

func (w Wythoff) Name() string {
	if w.Family == "wythoff-mod" {
		return fmt.Sprintf("%s:K=%d,s=%d,t=%d", w.Family, w.DiagonalK, w.S, w.T)
	}
	if k := w.Single[0].K; k > 0 {
		return fmt.Sprintf("%s:K=%d,s=%d,t=%d", w.Family, k, w.S, w.T)
	}
	return fmt.Sprintf("%s:s=%d,t=%d", w.Family, w.S, w.T)
}

// SymmetricFrom is 0 for the symmetric members of the family and 2 (no
// symmetry) for the ordered ones Γ_OA, Γ_OE and Γ_EO.
func (w Wythoff) SymmetricFrom(n int) int {
	if w.Single[0] == w.Single[1] {
		return 0
	}
	return n
}

func (w Wythoff) Validate(p grundy.Position) error {
	if len(p) != 2 {
		return fmt.Errorf("%s is a two-pile game, got %s", w.Family, pileCount(len(p)))
	}
	return nil
}

// Diagonal reports whether taking k from one pile and l from the other is
// a legal two-pile move (either pile may lose the larger amount).
func (w Wythoff) Diagonal(k, l int) bool {
	if k > l {
		k, l = l, k
	}
	dk := max(w.DiagonalK, 1)
	if k <= 0 || k%dk != 0 || l%dk != 0 {
		return false
	}
	return l-k < (w.S-1)*k+w.T
}

func (w Wythoff) Options(p grundy.Position, yield func(grundy.Position) bool) {
	a, b := p[0], p[1]
	q := make(grundy.Position, 2)
	for i := range 2 {
		for n := 1; n <= p[i]; n++ {
			if !w.Single[i].Allows(n) {
				continue
			}
			q[0], q[1] = a, b
			q[i] -= n
			if !yield(q) {
				return
			}
		}
	}
	// Two-pile moves: k from the pile that loses less, l ≥ k from the other.
	dk := max(w.DiagonalK, 1) // a zero step would never end the loop
	for k := dk; k <= min(a, b); k += dk {
		maxL := k + (w.S-1)*k + w.T - 1 // l − k < (s−1)k + t
		for l := k; l <= maxL; l += dk {
			if l <= b {
				q[0], q[1] = a-k, b-l
				if !yield(q) {
					return
				}
			}
			if l != k && l <= a {
				q[0], q[1] = a-l, b-k
				if !yield(q) {
					return
				}
			}
		}
	}
}

// pileAmounts is a as a residue class: n ≡ r (mod m).
func (a Amounts) pileAmounts() grundy.PileAmounts {
	switch a.Kind {
	case Odd:
		return grundy.PileAmounts{Modulus: 2, Residue: 1}
	case Even:
		return grundy.PileAmounts{Modulus: 2, Residue: 0}
	case Multiple:
		return grundy.PileAmounts{Modulus: a.K, Residue: 0}
	case OneMod:
		return grundy.PileAmounts{Modulus: a.K, Residue: 1 % a.K}
	case MinusOneMod:
		return grundy.PileAmounts{Modulus: a.K, Residue: (a.K - 1) % a.K}
	}
	return grundy.PileAmounts{Modulus: 1}
}

// TwoPileMoves describes the moves as lines: each pile's amounts as a
// residue class, and the two-pile moves as (s,t)-Wythoff's.
func (w Wythoff) TwoPileMoves() grundy.TwoPileMoves {
	return grundy.TwoPileMoves{
		Single:   [2]grundy.PileAmounts{w.Single[0].pileAmounts(), w.Single[1].pileAmounts()},
		Diagonal: grundy.DiagonalMoves{S: w.S, T: w.T, K: w.DiagonalK},
	}
}
