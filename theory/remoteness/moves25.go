package remoteness

import (
	"fmt"
	"slices"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/theory"
)

// §2.5 states its moves for every exception x = (x1, …, xn, …, xm) with
// x1 = 1 and 3 = n ≤ m, not only for the minimal ones (m = 3): registered
// so, it fails from (1,2,3,4) on, where keeping 3 and keeping 4 are both
// optimal. The check of the minimal exceptions alone is a weakening of
// it (a restriction of its domain), and the correction says which piles
// an optimal move may keep at any m.

const moves25Quote = "A position x = (x1, ..., xn, ..., xm) with x1 = 1 is an exception if and only if 1 = x1 ≤ x2 < x3 ≤ ... ≤ xm, " +
	"here 3 = n ≤ m. Furthermore, if x2 is even, then R(x) = x2 + 1, and the only optimal move keeps x3, while the M-move " +
	"keeps x2; if x2 is odd, then R(x) = x2 + 2, and, in contrast, the only optimal move keeps x2, while the M-move keeps xi, " +
	"for some i > 2."

func moves25Claims(f *family) []*theory.Claim {
	const id = "003/sec-2.5.moves"
	every := boxes(3, 8, familyRange)
	printed := f.claim(id, "In every exception x = (1, x2, x3, …, xm) of §2.5, m ≥ 3: if x2 is even, the only optimal move keeps "+
		"x3 and the M-move keeps x2; if x2 is odd, the only optimal move keeps x2 and the M-move keeps some xi, i > 2",
		moves25(false, false))
	printed.Quote = moves25Quote
	printed.Note = "Checked at every member of the family (any m ≥ 3) in the boxes of three to eight piles; " +
		"\"the only optimal move keeps x3\" is read up to equal piles (keeping either of two piles of x3 tokens is one move)."
	printed.Checks = every

	minimal := f.claim(id+".weaker-minimal", "In the minimal exceptions of §2.5 (m = n = 3): the only optimal move keeps x3 if x2 is "+
		"even and x2 if x2 is odd; the M-move keeps the other of the two", moves25(true, false))
	minimal.WeakeningOf = id
	minimal.Weakening = "a restriction: only the minimal exceptions, m = n = 3, where the text speaks of every m ≥ 3 " +
		"(\"here 3 = n ≤ m\")"
	minimal.Checks = f.minimalBoxes()

	cor := f.claim(id+".corrected", "In every exception x = (1, x2, x3, …, xm) of §2.5, m ≥ 3: if x2 is even, the optimal moves "+
		"are exactly those keeping one of x3, …, xm, and the M-move keeps x2; if x2 is odd, the only optimal move keeps x2 and "+
		"the M-move keeps some xi, i > 2", moves25(false, true))
	cor.Support, cor.Corrects = theory.Correction, id
	cor.Change = "if x2 is even, an optimal move may keep any of x3, …, xm, not only x3: the optimal move is unique only " +
		"when x3 = … = xm, as at m = 3"
	cor.Checks = every
	return []*theory.Claim{printed, minimal, cor}
}

// moves25 tests §2.5's moves at the members of the family with m piles
// (only m = 3 if minimal); corrected admits every pile from x3 on when x2
// is even.
func moves25(minimal, corrected bool) func(x grundy.Position, rm lookup) theory.Verdict {
	return func(x grundy.Position, rm lookup) theory.Verdict {
		if len(x) < 3 || x[0] != 1 || x[1] >= x[2] || minimal && len(x) != 3 {
			return skip()
		}
		kept := optimalKept(rm, x)
		want := []int{x[1]}
		if x[1]%2 == 0 {
			want = []int{x[2]}
			if corrected {
				want = slices.Compact(slices.Clone(x[2:]))
			}
		}
		if !slices.Equal(kept, want) {
			kind := "an optimal move keeps another pile"
			if len(kept) > len(want) && !slices.ContainsFunc(want, func(v int) bool { return !slices.Contains(kept, v) }) {
				kind = "the optimal move is not the only one"
			}
			return theory.Fails(kind, "keeps "+showInts(want), "keeps "+showInts(kept))
		}
		j := mRuleKeep(x)
		switch {
		case j < 0:
			return theory.Fails("no M-move", "an M-move", "none")
		case x[1]%2 == 0 && x[j] != x[1]:
			return theory.Fails("the M-move keeps another pile", fmt.Sprintf("M keeps x2 = %d", x[1]), fmt.Sprintf("M keeps %d", x[j]))
		case x[1]%2 == 1 && j < 2:
			return theory.Fails("the M-move keeps x1 or x2", "M keeps some xi, i > 2", fmt.Sprintf("M keeps x%d = %d", j+1, x[j]))
		}
		return theory.Holds()
	}
}
