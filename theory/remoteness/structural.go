package remoteness

import (
	"fmt"
	"slices"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/theory"
)

// property adapts a test of one position, given R⁻ of any position of the
// box and of its prefixes, to a Property.
func property(f func(x grundy.Position, rm lookup) theory.Verdict) func(*theory.Site) theory.Verdict {
	return func(s *theory.Site) theory.Verdict { return f(s.Pos, siteLookup(s, true)) }
}

// sparseProperty is property for a test that looks at a few positions of
// its boxes (a table's rows): it asks about exceptions position by
// position rather than deriving the bits of whole boxes.
func sparseProperty(f func(x grundy.Position, rm lookup) theory.Verdict) func(*theory.Site) theory.Verdict {
	return func(s *theory.Site) theory.Verdict { return f(s.Pos, siteLookup(s, false)) }
}

func skip() theory.Verdict { return theory.Verdict{} }

// structuralClaims are the statements of §2's introduction, Proposition 1
// and §2.3 on every exception.
func structuralClaims() []*theory.Claim {
	all := boxes(3, 8, paperRange)
	// prop is a claim on the boxes of three to eight piles, or on in.
	prop := func(id, ref, stmt, quote string, support theory.Support, f func(x grundy.Position, rm lookup) theory.Verdict,
		in ...theory.Instance) *theory.Claim {
		if in == nil {
			in = all
		}
		return &theory.Claim{ID: id, Paper: "003", Ref: ref, Statement: stmt, Quote: quote,
			Family: "slow-exact", Quantity: grundy.QProperty, Support: support,
			Applies: nk(3), Property: property(f), Checks: in}
	}
	return []*theory.Claim{
		prop("003/sec-2.intro", "§2 (introduction)",
			"In every exception x, R⁻(x) is odd and R⁻(x) − R⁻(x′) is 0 or 2 for the M-move x → x′ (so x′ is an N-position too)",
			"In fact, R(x) is odd and R(x) − R(x′) takes values 0 or 2 for all known exceptions. (R(x) and R(x′) can be equal, but both cannot be even.)",
			theory.Reported, introProperty),
		prop("003/prop-1", "§2.2, Proposition 1",
			"If the prefix x = (x1, …, xn) of x′ = (x1, …, xn, …, xm) is an exception of NIM(n, n−1), then x′ is an exception "+
				"of NIM(m, m−1)",
			"Given integer m ≥ n, a position x′ = (x1, ..., xn, ... xm) is an exception whenever x = (x1, ..., xn) exists; "+
				"of course, not vice versa.",
			theory.Reported, prop1(prop1Exception), boxes(4, 8, paperRange)...),
		prop("003/prop-1.moves", "§2.2, Proposition 1",
			"If the prefix x = (x1, …, xn) of x′ is an exception, the exceptional (optimal) moves of x and x′ coincide: the entries "+
				"they keep are the same, all among x1, …, xn",
			"Moreover, the exceptional moves coincide in x and x′. (More precisely, the entry xi that is kept unchanged by an "+
				"optimal move is the same for x and x′; furthermore, 1 ≤ i ≤ n)",
			theory.Reported, prop1(prop1Same), boxes(4, 8, paperRange)...),
		{
			ID: "003/prop-1.moves.weaker-inclusion", Paper: "003", Ref: "§2.2, Proposition 1",
			Statement: "If the prefix x of x′ is an exception, every entry an optimal move of x keeps is kept by an optimal move of x′ " +
				"(x′ may have further optimal moves)",
			WeakeningOf: "003/prop-1.moves",
			Weakening: "drops the printed \"furthermore, 1 ≤ i ≤ n\" and the equality of the two sets of kept entries: only " +
				"that each optimal move of x stays optimal in x′, which may have further optimal moves keeping piles beyond xn " +
				"(keeping 4 in (1,2,3,4))",
			Family: "slow-exact", Quantity: grundy.QProperty, Support: theory.Reported,
			Applies: nk(3), Property: property(prop1(prop1Inclusion)), Checks: boxes(4, 8, paperRange),
		},
		{
			ID: "003/sec-2.3.xn-monotone", Paper: "003", Ref: "§2.3, [xn-monotone]",
			Statement: "Every minimal exception has xn > x(n−1); and x^i = (x1, …, x(n−1), x(n−1) + i) is an exception for every " +
				"i > 0 as soon as it is one for some i > 0",
			Quote:  "[xn-monotone] xn > xn−1; if position x^i = (x1, ..., xn−1, xn−1 + i) is an exception for some i > 0, then x^i is an exception for each i > 0.",
			Family: "slow-exact", Quantity: grundy.QProperty, Support: theory.Reported,
			Note:    "The second part is checked at every position with xn ≥ x(n−1) + 2 of the box, against x^1.",
			Applies: nk(3), Property: property(xnMonotone), Checks: all,
		},
		prop("003/sec-2.3.gap", "§2.3",
			"xn − x(n−1) = 1 in every minimal exception (minimal as §2.2 defines it: no prefix is an exception)",
			"xn − xn−1 = 1 in every minimal exception.",
			theory.Reported, gapProperty(false)),
		{
			// Not a reading: "minimal" is no ambiguous glyph but a word §2.2
			// defines (no listed prefix). Under that definition the printed
			// bullet contradicts the one before it ([xn-monotone]: x^2 of a
			// minimal exception x^1 is an exception, minimal too, with gap
			// 2), so the paper likely meant exceptions least also in xn;
			// that is a smaller domain, hence a weaker statement.
			ID: "003/sec-2.3.gap.weaker-least-xn", Paper: "003", Ref: "§2.3",
			Statement: "xn − x(n−1) = 1 in every exception that is minimal also in its last pile: no prefix is an exception " +
				"and (x1, …, x(n−1), xn − 1) is none",
			WeakeningOf: "003/sec-2.3.gap",
			Weakening: "a restriction to the exceptions least also in xn (as the tables list each by its least last pile, " +
				"\"y+\"), where §2.2 defines minimal by prefixes only: with §2.2's definition the printed bullet contradicts " +
				"the paper's own [xn-monotone] (x1, …, x(n−1), x(n−1) + 2 is then a minimal exception with gap 2)",
			Family: "slow-exact", Quantity: grundy.QProperty, Support: theory.Reported,
			Applies: nk(3), Property: property(gapProperty(true)), Checks: all,
		},
		prop("003/sec-2.3.r", "§2.3, [x(n−1)-determining]",
			"In every minimal exception, R⁻(x) = f(x(n−1)) + 1 with f(ℓ) = 2⌈ℓ/2⌉",
			"[xn−1-determining] R(x) = f(xn−1) + 1, where f(ℓ) = 2⌈ℓ/2⌉",
			theory.Reported, func(x grundy.Position, rm lookup) theory.Verdict {
				if !minimalException(rm, x) {
					return skip()
				}
				rx, _ := rm.R(x)
				if rx != law(x) {
					return theory.Fails("R⁻ ≠ f(x(n−1)) + 1", fmt.Sprintf("R⁻=%d", law(x)), fmt.Sprintf("R⁻=%d", rx))
				}
				return theory.Holds()
			}),
		prop("003/sec-2.3.moves", "§2.3",
			"In every minimal exception the optimal move (unique up to equal piles) keeps xn if x(n−1) is even and x(n−1) if it is odd; "+
				"the strict M-move keeps x(n−1) if it is even and xn if it is odd",
			"In every exception x, the optimal move keeps the entry xn if xn−1 is even and keeps xn−1 if it is odd. In contrast, "+
				"the strict M-move, vice versa, keeps xn−1 if it is even and keeps xn if xn−1 is odd.",
			theory.Reported, func(x grundy.Position, rm lookup) theory.Verdict {
				if !minimalException(rm, x) {
					return skip()
				}
				return movesVerdict(x, rm)
			}),
		prop("003/sec-2.3.drop", "§2.3, [0 ≤ R(x) − R(x′) ≤ 2]",
			"In every minimal exception, R⁻(x) − R⁻(x′) = 0 for the M-move x → x′ when x(n−1) is even, 2 when it is odd",
			"in every found minimal exception, R(x) − R(x′) takes only values 0, when xn−1 is even, or 2, when xn−1 is odd.",
			theory.Reported, func(x grundy.Position, rm lookup) theory.Verdict {
				if !minimalException(rm, x) {
					return skip()
				}
				_, rx, ry := isException(rm, x)
				want := 2 * (x[len(x)-2] % 2)
				if rx-ry != want {
					return theory.Fails("M-move drop", fmt.Sprintf("drop %d", want), fmt.Sprintf("drop %d", rx-ry))
				}
				return theory.Holds()
			}),
		prop("003/sec-2.9.none-beyond", "§2.9",
			"For odd x1 ≥ 3 there is no minimal exception with n − (x1+1)/2 > 2",
			"For n − ½(x1 + 1) > 2, no exceptions were found",
			theory.Reported, func(x grundy.Position, rm lookup) theory.Verdict {
				a := x[0]
				if a < 3 || a%2 == 0 || len(x)-(a+1)/2 <= 2 {
					return skip()
				}
				if minimalException(rm, x) {
					rx, _ := rm.R(x)
					return theory.Fails("minimal exception beyond n = (x1+1)/2 + 2", "none", fmt.Sprintf("exception, R⁻=%d", rx))
				}
				return theory.Holds()
			}, boxes(5, 8, paperRange)...),
	}
}

func introProperty(x grundy.Position, rm lookup) theory.Verdict {
	if !rm.exc(x) {
		return skip()
	}
	exc, rx, ry := isException(rm, x)
	if !exc {
		return skip()
	}
	switch {
	case rx%2 == 0:
		return theory.Fails("R⁻(x) even", "R⁻ odd", fmt.Sprintf("R⁻=%d", rx))
	case rx-ry != 0 && rx-ry != 2:
		return theory.Fails("M-move drop not 0 or 2", "drop 0 or 2", fmt.Sprintf("drop %d", rx-ry))
	}
	return theory.Holds()
}

// prop1 applies test to x′ = x and each exceptional proper prefix.
func prop1(test func(x, pre grundy.Position, rm lookup, kx *kept) theory.Verdict) func(x grundy.Position, rm lookup) theory.Verdict {
	return func(x grundy.Position, rm lookup) theory.Verdict {
		if !rm.hasExcPrefix(x) {
			return skip()
		}
		kx := &kept{x: x, rm: rm}
		applies := false
		for n := 2; n < len(x); n++ {
			pre := x[:n]
			if !isExceptionOf(rm, pre) {
				continue
			}
			applies = true
			if v := test(x, pre, rm, kx); !v.Holds {
				return v
			}
		}
		if !applies {
			return skip()
		}
		return theory.Holds()
	}
}

// kept is optimalKept of x, computed once for all its prefixes.
type kept struct {
	x    grundy.Position
	rm   lookup
	done bool
	v    []int
}

func (k *kept) get() []int {
	if !k.done {
		k.v, k.done = optimalKept(k.rm, k.x), true
	}
	return k.v
}

func prop1Exception(x, pre grundy.Position, rm lookup, _ *kept) theory.Verdict {
	if !rm.exc(x) {
		return theory.Fails("x′ is no exception", "exception (prefix "+show(pre)+" is)", "no exception")
	}
	return theory.Holds()
}

func prop1Same(x, pre grundy.Position, rm lookup, k *kept) theory.Verdict {
	kx, kp := k.get(), optimalKept(rm, pre)
	if !slices.Equal(kx, kp) {
		return theory.Fails("optimal moves differ from the prefix's", "keeps "+showInts(kp)+" as "+show(pre)+" does",
			"keeps "+showInts(kx))
	}
	return theory.Holds()
}

func prop1Inclusion(x, pre grundy.Position, rm lookup, k *kept) theory.Verdict {
	kx, kp := k.get(), optimalKept(rm, pre)
	for _, v := range kp {
		if !slices.Contains(kx, v) {
			return theory.Fails("an optimal move of the prefix is not optimal in x′", "keeps "+showInts(kp)+" among others",
				"keeps "+showInts(kx))
		}
	}
	return theory.Holds()
}

func xnMonotone(x grundy.Position, rm lookup) theory.Verdict {
	m := len(x)
	if minimalException(rm, x) && x[m-1] == x[m-2] {
		return theory.Fails("minimal exception with xn = x(n−1)", "xn > x(n−1)", "xn = x(n−1)")
	}
	if x[m-1] < x[m-2]+2 {
		return skip()
	}
	x1 := slices.Clone(x)
	x1[m-1] = x[m-2] + 1
	e, e1 := rm.exc(x), rm.exc(x1)
	if e != e1 {
		return theory.Fails("exception at one xn > x(n−1), not at another", fmt.Sprintf("same as at %s (%v)", show(x1), e1),
			fmt.Sprintf("exception: %v", e))
	}
	if !e {
		return skip()
	}
	return theory.Holds()
}

// gapProperty: a minimal exception (with least, also minimal in xn) has
// xn = x(n−1) + 1.
func gapProperty(leastXn bool) func(x grundy.Position, rm lookup) theory.Verdict {
	return func(x grundy.Position, rm lookup) theory.Verdict {
		if !minimalException(rm, x) {
			return skip()
		}
		m := len(x)
		if leastXn && x[m-1] > x[m-2] {
			down := slices.Clone(x)
			down[m-1]--
			if rm.exc(down) {
				return skip()
			}
		}
		if x[m-1]-x[m-2] != 1 {
			return theory.Fails("xn − x(n−1) ≠ 1", "xn − x(n−1) = 1", fmt.Sprintf("xn − x(n−1) = %d", x[m-1]-x[m-2]))
		}
		return theory.Holds()
	}
}

// movesVerdict tests §2.3's moves at exception x: the optimal moves keep
// only xn (x(n−1) even) or only x(n−1) (odd), the strict M-move the other.
func movesVerdict(x grundy.Position, rm lookup) theory.Verdict { return movesVerdictAt(x, len(x), rm) }

// movesVerdictAt is movesVerdict at x whose first n piles are the
// exception the statement speaks of (x(n−1) and xn its last two), any
// piles ≥ xn appended.
func movesVerdictAt(x grundy.Position, n int, rm lookup) theory.Verdict {
	prev, last := x[n-2], x[n-1]
	wantOpt, wantM := last, prev
	if prev%2 == 1 {
		wantOpt, wantM = prev, last
	}
	kept := optimalKept(rm, x)
	if !slices.Equal(kept, []int{wantOpt}) {
		kind := "optimal move keeps another pile"
		if slices.Contains(kept, wantOpt) {
			kind = "optimal move not unique"
		}
		return theory.Fails(kind, "keeps "+showInts([]int{wantOpt}), "keeps "+showInts(kept))
	}
	if j := mRuleKeep(x); j < 0 || x[j] != wantM {
		return theory.Fails("M-move keeps another pile", fmt.Sprintf("M keeps %d", wantM), fmt.Sprintf("M keeps %d", x[max(j, 0)]))
	}
	return theory.Holds()
}
