package remoteness

import (
	"fmt"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/theory"
)

// §2.8 ends: "Note that the second and last families are defined only for
// x1 = 4m + 3 and x1 = 6m + 1, respectively, where m ≥ 3." Its own tables
// print the second family at x1 = 11 = 4·2 + 3 and the last at x1 = 13 =
// 6·2 + 1, both m = 2, and those rows are minimal exceptions. The text
// gives no formula for either family; their general form is read off the
// tables (see family28), with the offset 2m − 3 both columns step by.

const remark28Quote = "Note that the second and last families are defined only for x1 = 4m + 3 and x1 = 6m + 1, respectively, " +
	"where m ≥ 3. This complicated pattern shows that it is hardly possible to combine all exceptions by a formula."

const family28Note = "The text prints no formula for these families; read off their tables: the second is x1 = 4m + 3, " +
	"x2 = x3 = x1 + 2i, x4 = x5 = x2 + 2m − 3 or x2 + 2m − 2 < x6 (x1 = 11, 15, 19, 23: offsets 1, 3, 5, 7), the last " +
	"x1 = 6m + 1, x2 = x3 = x4 = x1 + 2i, x5 = x2 + 2m − 3 or x2 + 2m − 2 < x6 (x1 = 13, 19, 25: offsets 1, 3, 5)."

// family28 reports whether x (six piles) is a member of §2.8's second or
// last family, which one, and its m; an offset 2m − 3 below 1 (m < 2)
// defines no member.
func family28(x grundy.Position) (name string, m int, ok bool) {
	if len(x) != 6 || x[0]%2 == 0 || (x[1]-x[0])%2 != 0 || x[5] <= x[4] {
		return "", 0, false
	}
	near := func(v, d int) bool { return d >= 1 && (v == d || v == d+1) }
	a := x[0]
	if (a-3)%4 == 0 {
		m = (a - 3) / 4
		if x[1] == x[2] && x[3] == x[4] && near(x[3]-x[1], 2*m-3) {
			return "second", m, true
		}
	}
	if (a-1)%6 == 0 {
		m = (a - 1) / 6
		if x[1] == x[2] && x[2] == x[3] && near(x[4]-x[1], 2*m-3) {
			return "last", m, true
		}
	}
	return "", 0, false
}

func remark28Claims() []*theory.Claim {
	six := boxes(6, 6, paperRange)
	mk := func(id, stmt string, prop func(x grundy.Position, rm lookup) theory.Verdict) *theory.Claim {
		return &theory.Claim{ID: id, Paper: "003", Ref: "§2.8, closing note", Statement: stmt,
			Family: "slow-exact", Quantity: grundy.QProperty, Support: theory.Reported, Note: family28Note,
			Applies: nk(3), Property: property(prop), Checks: six}
	}
	printed := mk("003/sec-2.8.remark", "§2.8's second and last families exist only for x1 = 4m + 3 and x1 = 6m + 1 with m ≥ 3: "+
		"for m < 3 no position of their form is a minimal exception", func(x grundy.Position, rm lookup) theory.Verdict {
		name, m, ok := family28(x)
		if !ok || m >= 3 {
			return skip()
		}
		if minimalException(rm, x) {
			rx, _ := rm.R(x)
			return theory.Fails(fmt.Sprintf("the %s family has members at m = %d (x1 = %d)", name, m, x[0]),
				"no member: defined only for m ≥ 3", fmt.Sprintf("minimal exception (R⁻=%d)", rx))
		}
		return theory.Holds()
	})
	printed.Quote = remark28Quote
	cor := mk("003/sec-2.8.remark.corrected", "§2.8's second and last families are defined for x1 = 4m + 3 and x1 = 6m + 1 with "+
		"m ≥ 2: every member is a minimal exception, from m = 2 (x1 = 11 and 13, the tables' first columns) on",
		func(x grundy.Position, rm lookup) theory.Verdict {
			name, m, ok := family28(x)
			if !ok {
				return skip()
			}
			if !minimalException(rm, x) {
				rx, _ := rm.R(x)
				return theory.Fails(fmt.Sprintf("a member of the %s family is no minimal exception", name),
					"minimal exception", fmt.Sprintf("none at m = %d (R⁻=%d)", m, rx))
			}
			return theory.Holds()
		})
	cor.Support, cor.Corrects = theory.Correction, printed.ID
	cor.Change = "m ≥ 2 where the note prints m ≥ 3: the tables' own columns x1 = 11 (second family) and x1 = 13 (last) " +
		"have m = 2"
	return []*theory.Claim{printed, cor}
}
