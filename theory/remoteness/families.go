package remoteness

import (
	"fmt"
	"strings"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/theory"
)

// A family is one exception family of §2.4–2.11, given by a pattern.
type family struct {
	sec, ref string
	// scope is the x1 the section speaks of; length the n of its minimal
	// exceptions for x1 = a.
	scope  func(a int) bool
	length func(a int) int
	// member is the printed pattern, at a position of exactly n piles.
	member         func(x grundy.Position) bool
	pattern, quote string
	iff            iffMode
	// r is the printed R⁻ of a member (of n piles, or with the piles ≥ xn
	// the statement appends when rTails), rStmt and rQuote its text.
	r             func(x grundy.Position) int
	rStmt, rQuote string
	rTails        bool
	// moves: the text asserts §2.3's unique optimal move and M-move; with
	// movesTails it says so of every x = (x1, …, xn, …, xm), m ≥ n.
	movesQuote string
	movesTails bool
	// nlo and nhi bound the n of the minimal exceptions with x1 ≤ 17 and
	// at most eight piles: the boxes of the claims on members of n
	// piles; membership and R with appended piles go one pile further.
	nlo, nhi int
	checks   []theory.Instance               // the membership claim's boxes
	extra    func(f *family) []*theory.Claim // readings and corrections
}

type iffMode int

const (
	// ifOnly: "the following are exceptions" (members, with any piles ≥ xn
	// appended, are exceptions).
	ifOnly iffMode = iota
	// iffAll: "x is an exception if and only if …": every position with
	// x1 in scope, of any m piles.
	iffAll
	// iffMinimal: the same among the minimal exceptions of the section's
	// length n (the section heads "odd x1 with n = …", and other sections'
	// exceptions with fewer piles extend to n piles by Proposition 1).
	iffMinimal
	// iffAny: the "only if" over every exception of n piles, minimal or not.
	iffAny
)

// inFamily reports whether the first n piles of x are a member (x has at
// least n piles, the rest are ≥ xn as x is sorted).
func (f *family) inFamily(x grundy.Position) (n int, ok bool) {
	if len(x) == 0 || !f.scope(x[0]) {
		return 0, false
	}
	n = f.length(x[0])
	if n < 2 || n > len(x) {
		return n, false
	}
	return n, f.member(x[:n])
}

func (f *family) membership(id string) func(x grundy.Position, rm lookup) theory.Verdict {
	return func(x grundy.Position, rm lookup) theory.Verdict {
		if len(x) == 0 || !f.scope(x[0]) {
			return skip()
		}
		n, in := f.inFamily(x)
		exc := rm.exc(x)
		// R⁻ as isException gives it (0 with no M-move), for the
		// messages of failures only.
		rOf := func() int { _, rx, _ := isException(rm, x); return rx }
		switch {
		case in && !exc:
			return theory.Fails("printed member is no exception", "exception", fmt.Sprintf("no exception (R⁻=%d)", rOf()))
		case in:
			return theory.Holds()
		case f.iff == iffAll:
			if exc {
				return theory.Fails("exception outside the family", "no exception", fmt.Sprintf("exception (R⁻=%d)", rOf()))
			}
			return theory.Holds()
		case f.iff == iffAny && len(x) == n:
			if exc {
				return theory.Fails("exception outside the family", "no exception", fmt.Sprintf("exception (R⁻=%d)", rOf()))
			}
			return theory.Holds()
		case f.iff == iffMinimal && len(x) == n:
			if minimalException(rm, x) {
				return theory.Fails("minimal exception outside the family", "no minimal exception",
					fmt.Sprintf("minimal exception (R⁻=%d)", rOf()))
			}
			return theory.Holds()
		}
		return skip()
	}
}

// claim is a claim on the family's members: prop speaks only of
// positions whose x1 is in the family's scope and skips the others, which
// are skipped here before a lookup is built (most positions of a box, and
// most of a check's time when each built one).
func (f *family) claim(id, stmt string, prop func(x grundy.Position, rm lookup) theory.Verdict) *theory.Claim {
	inScope := property(prop)
	return &theory.Claim{ID: id, Paper: "003", Ref: f.ref, Statement: stmt,
		Family: "slow-exact", Quantity: grundy.QProperty, Support: theory.Reported,
		Applies: nk(3), Checks: f.checks,
		Property: func(s *theory.Site) theory.Verdict {
			if len(s.Pos) == 0 || !f.scope(s.Pos[0]) {
				return skip()
			}
			return inScope(s)
		}}
}

// minimalBoxes are the boxes of the claims on minimal members (n piles).
func (f *family) minimalBoxes() []theory.Instance { return boxes(f.nlo, f.nhi, familyRange) }

// tailBoxes add a pile for the claims on members with appended piles.
func (f *family) tailBoxes() []theory.Instance { return boxes(f.nlo, min(f.nhi+1, 8), familyRange) }

// rClaim is a claim on R⁻ at the members.
func (f *family) rClaim(id, stmt string, r func(x grundy.Position) int) *theory.Claim {
	c := f.claim(id, stmt, f.rProperty(r))
	c.Checks = f.minimalBoxes()
	if f.rTails {
		c.Checks = f.tailBoxes()
	}
	return c
}

func (f *family) claims() []*theory.Claim {
	id := "003/sec-" + f.sec
	var out []*theory.Claim
	scope, cond, _ := strings.Cut(f.pattern, ": ")
	scope = strings.ToUpper(scope[:1]) + scope[1:]
	var stmt string
	switch f.iff {
	case iffAll:
		stmt = scope + ", x is an exception if and only if " + cond
	case iffMinimal:
		stmt = scope + ", x is a minimal exception of n piles if and only if " + cond + " (§2.2: the exceptions listed are " +
			"the minimal ones); with piles ≥ xn appended these stay exceptions"
	default:
		stmt = scope + ", " + cond + " are exceptions"
	}
	c := f.claim(id, stmt, f.membership(id))
	c.Quote = f.quote
	out = append(out, c)
	if f.iff == iffMinimal {
		any := *f
		any.iff = iffAny
		r := f.claim(id+".reading-any", scope+", x of n piles is an exception (minimal or not) if and only if "+cond, any.membership(id))
		r.ReadingOf = id
		r.Reading = "\"exception\" in \"x is an exception if and only if\" read as any exception of n piles, not only the " +
			"minimal ones §2.2 says the section lists"
		out = append(out, r)
	}
	if f.r != nil {
		c := f.rClaim(id+".r", f.rStmt, f.r)
		c.Quote = f.rQuote
		out = append(out, c)
	}
	switch {
	case f.movesQuote != "" && f.movesTails:
		// The section speaks of x = (x1, …, xn, …, xm) with m ≥ n, and so
		// do its moves; checked so it fails where appended piles give
		// further optimal moves. Its minimal members alone are a
		// weakening, a restriction of the domain (as §2.5's, moves25.go).
		c := f.claim(id+".moves", "In every exception x = (x1, …, xn, …, xm), m ≥ n, of §"+f.sec+" the optimal move is unique "+
			"(up to equal piles): it keeps xn if x(n−1) is even and x(n−1) if it is odd; the M-move keeps the other of the two",
			f.movesProperty(true))
		c.Quote = f.movesQuote
		c.Note = "Checked at every member of the family with any piles ≥ xn appended, in the boxes of n to n + 1 piles."
		c.Checks = f.tailBoxes()
		w := f.claim(id+".moves.weaker-minimal", "In the minimal exceptions of §"+f.sec+" (m = n) the optimal move is unique (up "+
			"to equal piles): it keeps xn if x(n−1) is even and x(n−1) if it is odd; the M-move keeps the other of the two",
			f.movesProperty(false))
		w.WeakeningOf = id + ".moves"
		w.Weakening = "a restriction: only the minimal exceptions, m = n, where the section speaks of every " +
			"x = (x1, …, xn, …, xm), m ≥ n"
		w.Checks = f.minimalBoxes()
		out = append(out, c, w)
	case f.movesQuote != "":
		c := f.claim(id+".moves", "In the minimal exceptions of §"+f.sec+" the optimal move is unique (up to equal piles): it keeps xn "+
			"if x(n−1) is even and x(n−1) if it is odd; the M-move keeps the other of the two", f.movesProperty(false))
		c.Quote = f.movesQuote
		c.Checks = f.minimalBoxes()
		out = append(out, c)
	}
	if f.extra != nil {
		out = append(out, f.extra(f)...)
	}
	return out
}

// rProperty compares R⁻ with r at the members (with tails if rTails).
func (f *family) rProperty(r func(x grundy.Position) int) func(x grundy.Position, rm lookup) theory.Verdict {
	return func(x grundy.Position, rm lookup) theory.Verdict {
		n, in := f.inFamily(x)
		if !in || !f.rTails && n != len(x) {
			return skip()
		}
		rx, _ := rm.R(x)
		if want := r(x[:n]); rx != want {
			return theory.Fails(fmt.Sprintf("claims R⁻=%d, is %d", want, rx), fmt.Sprintf("R⁻=%d", want), fmt.Sprintf("R⁻=%d", rx))
		}
		return theory.Holds()
	}
}

// movesProperty tests §2.3's moves at the members of n piles, and with
// tails at the members with piles ≥ xn appended too.
func (f *family) movesProperty(tails bool) func(x grundy.Position, rm lookup) theory.Verdict {
	return func(x grundy.Position, rm lookup) theory.Verdict {
		n, in := f.inFamily(x)
		if !in || !tails && n != len(x) {
			return skip()
		}
		return movesVerdictAt(x, n, rm)
	}
}

// oddFrom is a scope of odd x1 ≥ lo.
func oddFrom(lo int) func(int) bool { return func(a int) bool { return a >= lo && a%2 == 1 } }

// equalRun reports whether x[i:j] all equal v.
func equalRun(x grundy.Position, i, j, v int) bool {
	for k := i; k < j; k++ {
		if x[k] != v {
			return false
		}
	}
	return true
}

func families() []*family {
	return []*family{
		{
			sec: "2.4", ref: "§2.4",
			scope:  func(a int) bool { return a >= 2 && a%2 == 0 },
			length: func(a int) int { return a/2 + 3 },
			member: func(x grundy.Position) bool {
				i := x[0] / 2
				return equalRun(x, 0, i+2, x[0]) && x[i+2] > x[0]
			},
			pattern: "for even x1 = 2i ≥ 2: 2i = x1 = … = x(i+2) < x(i+3) = xn ≤ … ≤ xm (n = i + 3)",
			quote: "Given x1 = 2i, a position x = (x1, ..., xn, ... xm) is an exception if and only if 2i = x1 = ... = xi+2 < " +
				"xi+3 = xn ≤ ... ≤ xm where 1 ≤ i ≤ n − 3 and n ≥ 4.",
			iff:   iffAll,
			r:     func(x grundy.Position) int { return x[0] + 1 },
			rStmt: "In the exceptions of §2.4 (x1 = 2i), R⁻(x) = 2i + 1", rQuote: "Since R(x) = 2i + 1 is odd, the first player always wins.",
			rTails:     true,
			movesQuote: "Since xn−1 is always even, the optimal move keeps xn, while the M-move keeps xj for any fixed j < n.",
			movesTails: true,
			nlo:        4, nhi: 8, checks: boxes(3, 8, familyRange),
		},
		{
			sec: "2.5", ref: "§2.5",
			scope:   func(a int) bool { return a == 1 },
			length:  func(int) int { return 3 },
			member:  func(x grundy.Position) bool { return x[1] < x[2] },
			pattern: "with x1 = 1: 1 = x1 ≤ x2 < x3 ≤ … ≤ xm (n = 3 ≤ m)",
			quote:   "A position x = (x1, ..., xn, ..., xm) with x1 = 1 is an exception if and only if 1 = x1 ≤ x2 < x3 ≤ ... ≤ xm, here 3 = n ≤ m.",
			iff:     iffAll,
			r: func(x grundy.Position) int {
				if x[1]%2 == 0 {
					return x[1] + 1
				}
				return x[1] + 2
			},
			rStmt:  "In the exceptions of §2.5, R⁻(x) = x2 + 1 if x2 is even, x2 + 2 if x2 is odd",
			rQuote: "if x2 is even, then R(x) = x2 + 1, [...] if x2 is odd, then R(x) = x2 + 2",
			rTails: true,
			// The moves are stated for every m ≥ 3 (moves25.go), not only
			// for the minimal exceptions the other sections' moves speak of.
			nlo: 3, nhi: 3, checks: boxes(3, 5, familyRange), extra: moves25Claims,
		},
		{
			sec: "2.6", ref: "§2.6",
			scope:  oddFrom(5),
			length: func(int) int { return 4 },
			member: func(x grundy.Position) bool {
				a, d := x[0], x[1]-x[0]
				i := d / 2
				return d%2 == 0 && x[3] == x[2]+1 && (x[2] == 2*(a+i-2) || x[2] == 2*a+2*i-3)
			},
			pattern: "for odd x1 ≥ 5 and i ≥ 0: (x1, x1 + 2i, 2(x1 + i − 2), 2x1 + 2i − 3) and (x1, x1 + 2i, 2x1 + 2i − 3, 2(x1 + i − 1)), " +
				"with any piles ≥ x4 appended (by monotonicity)",
			quote: "For any odd x1 ≥ 5, fix an integer i ≥ 0 to obtain the following two exceptions x = (x1, x2, x3, x4): " +
				"x1, x2 = x1 + 2i, x3 = 2(x1 + i − 2), x4 = 2x1 + 2i − 3 = x3 + 1; x1, x2 = x1 + 2i, x3 = 2x1 + 2i − 3, x4 = 2(x1 + i − 1) = x3 + 1.",
			iff: ifOnly,
			r: func(x grundy.Position) int {
				if x[2]%2 == 0 {
					return x[3]
				}
				return x[3] + 1
			},
			rStmt:  "In the first case of §2.6 R⁻(x) = x4, in the second R⁻(x) = x4 + 1",
			rQuote: "In the first case, R(x) = x4, [...] in the second case, R(x) = x4 + 1",
			movesQuote: "the unique optimal move keeps x4, while the unique M-move keeps x3; in contrast, in the second case, [...] " +
				"the unique optimal move keeps x3, while the unique M-move keeps x4.",
			nlo: 4, nhi: 4, checks: boxes(4, 5, familyRange),
			extra: func(f *family) []*theory.Claim {
				c := f.rClaim("003/sec-2.6.f", "In the exceptions of §2.6, R⁻(x) = f(x3 + 1) with f(m) = 2⌊m/2⌋ + 1",
					(func(x grundy.Position) int { return f26(x[2] + 1) }))
				c.Quote = "Furthermore, the remoteness function is given by formula R(x) = f(x3 + 1), where f(m) = 2⌊m/2⌋ + 1"
				return []*theory.Claim{c}
			},
		},
		family29(),
		family210(),
		family211(),
		family211b(3),
	}
}

// half is (x1 + 1)/2 for odd x1.
func half(a int) int { return (a + 1) / 2 }

func family29() *family {
	printedR := func(x grundy.Position) int { return f23(x[1] + 1) } // f(x1 + i + 1), x2 = x1 + i
	return &family{
		sec: "2.9", ref: "§2.9",
		scope:   oddFrom(3),
		length:  func(a int) int { return half(a) + 2 },
		member:  func(x grundy.Position) bool { n := len(x); return equalRun(x, 1, n-1, x[1]) && x[n-1] > x[n-2] },
		pattern: "for odd x1 ≥ 3, n = (x1+1)/2 + 2 and i ≥ 0: x1 + i = x2 = … = x(n−1) < xn ≤ … ≤ xm",
		quote: "Given an integer i ≥ 0, a position x = (x1, ..., xn) is an exception if and only if x1 + i = x2 = ... = xn−1 < xn ≤ ··· ≤ xm, " +
			"i = 0, 1, ...",
		iff:   iffMinimal,
		r:     printedR,
		rStmt: "In the exceptions of §2.9, R⁻(x) = f(x1 + i + 1) with §2.3's f(ℓ) = 2⌈ℓ/2⌉",
		rQuote: "Furthermore, the remoteness function is given by the formula R(x) = f(x1 + i + 1), where function f was defined in " +
			"Section 2.3.",
		rTails: true,
		nlo:    4, nhi: 8, checks: boxes(4, 8, familyRange),
		extra: func(f *family) []*theory.Claim {
			c := f.rClaim("003/sec-2.9.r.corrected", "In the exceptions of §2.9, R⁻(x) = g(x1 + i + 1) with §2.6's g(m) = 2⌊m/2⌋ + 1 "+
				"(= f(x(n−1)) + 1, §2.3's law)", func(x grundy.Position) int { return f26(x[1] + 1) })
			c.Support, c.Corrects = theory.Correction, "003/sec-2.9.r"
			c.Change = "f is §2.6's 2⌊m/2⌋ + 1, not §2.3's 2⌈ℓ/2⌉ the text names: §2.3's f is even at the even argument " +
				"x1 + i + 1 of every i even, while R⁻ of an exception is odd (the section's own table prints R = 5 at (3,3,3,4+))"
			return []*theory.Claim{c}
		},
	}
}

// rOfXn is §2.10's R(x) = f(xn) with f of §2.6 or §2.3.
func rOfXn(f func(int) int) func(x grundy.Position) int {
	return func(x grundy.Position) int { return f(x[len(x)-1]) }
}

// rVariants registers §2.10's R(x) = f(xn) ("f is defined above") as
// printed for family f, its reading with §2.3's f, and the correction.
func rVariants(f *family, id string) []*theory.Claim {
	r23 := f.rClaim(id+".r.reading-f2.3", "In the exceptions of §"+f.sec+", R⁻(x) = f(xn) with §2.3's f(ℓ) = 2⌈ℓ/2⌉",
		rOfXn(f23))
	r23.ReadingOf = id + ".r"
	r23.Reading = "\"f is defined above\" read as §2.3's f(ℓ) = 2⌈ℓ/2⌉ (§2.9 names it), not the nearer §2.6's 2⌊m/2⌋ + 1"
	cor := f.rClaim(id+".r.corrected", "In the exceptions of §"+f.sec+", R⁻(x) = f(x(n−1)) + 1 with f(ℓ) = 2⌈ℓ/2⌉ (§2.3's law), "+
		"whatever xn > x(n−1)", law)
	cor.Support, cor.Corrects = theory.Correction, id+".r"
	cor.Change = "R⁻ depends on x(n−1), not on xn: f(xn) holds only at xn = x(n−1) + 1, where it equals f(x(n−1)) + 1; " +
		"every table row of the section is printed at that xn"
	return []*theory.Claim{r23, cor}
}

func family210() *family {
	return &family{
		sec: "2.10", ref: "§2.10",
		scope:  oddFrom(5),
		length: func(a int) int { return half(a) + 1 },
		member: func(x grundy.Position) bool {
			n := len(x)
			d := x[1] - x[0]
			return d%2 == 0 && (x[2] == x[1]+1 || x[2] == x[1]+2) && equalRun(x, 2, n-1, x[2]) && x[n-1] > x[n-2]
		},
		pattern: "for odd x1 ≥ 5, n = (x1+1)/2 + 1 and i ≥ 0: x1, x2 = x1 + 2i, x3 = … = x(n−1) = x2 + 1 or x2 + 2 < xn ≤ … ≤ xm",
		quote: "Given an integer i ≥ 0, a position x = (x1, ..., xn, ..., xm) is an exception if and only if one of the following two " +
			"cases holds: x1, x2 = x1 + 2i, x3 = ··· = xn−1 = x2 + 1 < xn ≤ ··· ≤ xm, x1, x2 = x1 + 2i, x3 = ··· = xn−1 = x2 + 2 < xn ≤ ··· ≤ xm.",
		iff:        iffMinimal,
		r:          rOfXn(f26),
		rStmt:      "In the exceptions of §2.10, R⁻(x) = f(xn) with f(m) = 2⌊m/2⌋ + 1 (the f defined last above, §2.6)",
		rQuote:     "Furthermore, the remoteness function is given by formula R(x) = f(xn), where function f is defined above.",
		rTails:     true,
		movesQuote: "Finally, the unique optimal move in x is to keep xn when xn−1 is even and xn−1 when it is odd. In contrast, the unique M-move in x is to keep xn when xn−1 is odd and xn−1 when it is even.",
		movesTails: true,
		nlo:        4, nhi: 8, checks: boxes(4, 8, familyRange),
		extra: func(f *family) []*theory.Claim { return rVariants(f, "003/sec-2.10") },
	}
}

// member211 is §2.11's first family: x3 = … = x(n−1) = x2 + d or d + 1.
func member211(d int) func(x grundy.Position) bool {
	return func(x grundy.Position) bool {
		n := len(x)
		return (x[1]-x[0])%2 == 0 && (x[2] == x[1]+d || x[2] == x[1]+d+1) && equalRun(x, 2, n-1, x[2]) && x[n-1] > x[n-2]
	}
}

// member211b is §2.11's second family: x2 = x3, x4 = … = x(n−1) = x2 + d
// or d + 1.
func member211b(d int) func(x grundy.Position) bool {
	return func(x grundy.Position) bool {
		n := len(x)
		return (x[1]-x[0])%2 == 0 && x[2] == x[1] && (x[3] == x[1]+d || x[3] == x[1]+d+1) && equalRun(x, 3, n-1, x[3]) && x[n-1] > x[n-2]
	}
}

func family211() *family {
	return &family{
		sec: "2.11", ref: "§2.11",
		scope:   oddFrom(7),
		length:  half,
		member:  member211(3),
		pattern: "for odd x1 ≥ 7, n = (x1+1)/2 and i ≥ 0: x1, x2 = x1 + 2i, x3 = … = x(n−1) = x2 + 3 or x2 + 4 < xn ≤ … ≤ xm",
		quote: "Given an integer i ≥ 0, a position x = (x1, ..., xn, ..., xm) is an exception if and only if one of the following two " +
			"cases holds: x1, x2 = x1 + 2i, x3 = ... = xn−1 = x2 + 3 < xn ≤ ... ≤ xm, x1, x2 = x1 + 2i, x3 = ... = xn−1 = x2 + 4 < xn ≤ ... ≤ xm.",
		iff:    iffMinimal,
		r:      rOfXn(f26),
		rStmt:  "In the exceptions of §2.11 (first family), R⁻(x) = f(xn) with f(m) = 2⌊m/2⌋ + 1, as in §2.10",
		rQuote: "Interestingly, all further arguments can be copied from the previous subsection without any changes",
		rTails: true,
		movesQuote: "all further arguments can be copied from the previous subsection without any changes [§2.10: the unique optimal " +
			"move in x is to keep xn when xn−1 is even and xn−1 when it is odd]",
		movesTails: true,
		nlo:        4, nhi: 8, checks: boxes(4, 8, familyRange),
		extra: func(f *family) []*theory.Claim {
			out := rVariants(f, "003/sec-2.11")
			// The text's "if and only if" names one family, yet §2.11 goes
			// on: "There exists another family of exceptions for x1 ≥ 9".
			both := &family{sec: f.sec, ref: f.ref, scope: f.scope, length: f.length, iff: iffMinimal, checks: f.checks,
				member: func(x grundy.Position) bool { return member211(3)(x) || x[0] >= 9 && member211b(1)(x) }}
			c := f.claim("003/sec-2.11.corrected", "For odd x1 ≥ 7 and n = (x1+1)/2, the minimal exceptions of n piles are exactly "+
				"the first family of §2.11 and the second as its tables print it (x2 = x3 = x1 + 2i, x4 = … = x(n−1) = x2 + 1 or x2 + 2 "+
				"< xn)", both.membership("003/sec-2.11.corrected"))
			c.Support, c.Corrects = theory.Correction, "003/sec-2.11"
			c.Quote = "There exists another family of exceptions for x1 ≥ 9 with n = ½(x1 + 1)."
			c.Change = "the \"only if\" also admits §2.11's second family (the paper's own \"another family\"), with the offsets " +
				"+1, +2 of its tables instead of the +3, +4 its formula prints"
			return append(out, c)
		},
	}
}

func family211b(d int) *family {
	pat := func(d int) string {
		return fmt.Sprintf("for odd x1 ≥ 9, n = (x1+1)/2 and i ≥ 0: x1, x2 = x3 = x1 + 2i, x4 = … = x(n−1) = x2 + %d or x2 + %d "+
			"< xn ≤ … ≤ xm", d, d+1)
	}
	return &family{
		sec: "2.11b", ref: "§2.11 (second family)",
		scope:   oddFrom(9),
		length:  half,
		member:  member211b(d),
		pattern: pat(d),
		quote: "There exists another family of exceptions for x1 ≥ 9 with n = ½(x1 + 1). x1, x2 = x3 = x1 + 2i, x4 = ... = xn−1 = x2 + 3 " +
			"< xn ≤ ... ≤ xm; x1, x2 = x3 = x1 + 2i, x4 = ... = xn−1 = x2 + 4 < xn ≤ ... ≤ xm.",
		iff: ifOnly,
		nlo: 5, nhi: 8, checks: boxes(5, 8, familyRange),
		extra: func(f *family) []*theory.Claim {
			cf := &family{sec: f.sec, ref: f.ref, scope: f.scope, length: f.length, member: member211b(1), iff: ifOnly,
				checks: f.checks, nlo: f.nlo, nhi: f.nhi, rTails: true}
			c := f.claim("003/sec-2.11b.corrected", "F"+pat(1)[1:]+" are exceptions", cf.membership(""))
			c.Support, c.Corrects = theory.Correction, "003/sec-2.11b"
			c.Change = "x4 = … = x(n−1) = x2 + 1 or x2 + 2 where the formula prints x2 + 3 or x2 + 4: the offsets of the " +
				"section's own table ((9,9,9,10,11+), (9,9,9,11,12+), …)"
			r := cf.rClaim("003/sec-2.11b.r.corrected", "In the corrected second family of §2.11, R⁻(x) = f(x(n−1)) + 1 with f(ℓ) = 2⌈ℓ/2⌉ "+
				"(§2.3's law), whatever xn > x(n−1)", law)
			r.Support, r.Corrects = theory.Correction, "003/sec-2.11b"
			r.Change = "R⁻ of the corrected second family, as §2.3's law gives it (the text gives none for this family beyond " +
				"\"copied from the previous subsection\")"
			m := cf.claim("003/sec-2.11b.moves.corrected", "In the corrected second family of §2.11 the optimal move is unique: it "+
				"keeps xn if x(n−1) is even and x(n−1) if odd; the M-move keeps the other", cf.movesProperty(false))
			m.Checks = cf.minimalBoxes()
			m.Support, m.Corrects = theory.Correction, "003/sec-2.11b"
			m.Change = "§2.10's moves, for the corrected second family"
			return []*theory.Claim{c, r, m}
		},
	}
}
