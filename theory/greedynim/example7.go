package greedynim

import (
	"context"
	"fmt"
	"strings"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/games"
	"github.com/grundy/grundy/solve"
	"github.com/grundy/grundy/theory"
)

// ex7 are Example 7's positions S1..S8 as printed: five heaps each.
var ex7 = []string{"2,3,5,8,8", "3,3,5,8,8", "2,3,5,5,6", "2,3,5,5,5", "2,3,5,6,6", "1,3,5,6,6", "2,2,5,8,9", "2,5,5,5,9"}

// example7Rows are the table's rows: a ruleset and its P (1) and N (0)
// marks for S1..S8.
var example7Rows = []struct {
	id, game string
	p        string
}{
	{"001/example-7.bounded-greedy", "bounded-greedy:k=3", "00001111"},
	{"001/example-7.bounded-nim", "bounded-nim:k=3", "10011010"},
	{"001/example-7.greedy-nim", "greedy-nim", "11001100"},
}

// example7Header registers Example 7's "Assume n = 7, k = 3" as a claim
// of its own: the positions it then lists have five heaps. Read with §1's
// convention (a sequence with x1 = 0 is the sequence without it) they are
// seven-heap positions with two empty heaps and the same outcomes; read
// as a misprint, n = 5, the table holds for the five heaps printed.
func example7Header() []*theory.Claim {
	var five, seven []theory.Instance
	families := map[string]bool{}
	for _, row := range example7Rows {
		five = append(five, theory.Instance{Game: row.game, Piles: 5, Max: 9})
		seven = append(seven, theory.Instance{Game: row.game, Piles: 7, Max: 9})
		family, _, _ := strings.Cut(row.game, ":")
		families[family] = true
	}
	applies := func(piles int) func(grundy.Ruleset, int) bool {
		return func(r grundy.Ruleset, n int) bool {
			s := games.SpecOf(r)
			return n == piles && families[s.Family] && (s.Family == "greedy-nim" || s.K == 3)
		}
	}
	printed := &theory.Claim{
		ID: "001/example-7.n", Paper: "001", Ref: "Example 7 (header)",
		Statement: "Example 7 assumes n = 7 (and k = 3): S1, …, S8 are positions of seven heaps",
		Quote:     "Example 7. Assume n = 7, k = 3. Let S1 = (2, 3, 5, 8, 8), S2 = (3, 3, 5, 8, 8), S3 = (2, 3, 5, 5, 6), ...",
		Family:    "bounded-greedy", Quantity: grundy.QProperty, Support: theory.Table,
		Note: "§1: \"a sequence S = (x1, x2, …, xn) … means that there are n heaps\"; each S_i is printed with five. " +
			"Checked at the printed positions themselves, in the five-heap boxes of the table's three rulesets.",
		Applies: applies(5), Needs: grundy.KindG, Finite: true, Refuted: "2,3,5,5,5",
		Property: func(s *theory.Site) theory.Verdict {
			if ex7Index(s.Pos) < 0 {
				return theory.Verdict{}
			}
			return theory.Fails("printed with five heaps under the header n = 7", "n = 7 heaps", "5 heaps")
		},
		Diagnose: func(res *theory.Result) string {
			return fmt.Sprintf("the header says n = 7, but S1, …, S8 are printed with five heaps (smallest (%s)); with §1's "+
				"convention that a sequence with x1 = 0 is the sequence without it they are the seven-heap positions (0,0,S_i), "+
				"with the same outcomes (001/example-7.n.reading-empty-heaps), or the header should read n = 5 "+
				"(001/example-7.n.corrected)", res.Counterexamples[0].Pos)
		},
		Checks: five,
	}
	reading := &theory.Claim{
		ID: "001/example-7.n.reading-empty-heaps", Paper: "001", Ref: "Example 7 (header)",
		Statement: "S1, …, S8 are the seven-heap positions (0,0,S_i), and each has the outcome of the five-heap S_i",
		ReadingOf: printed.ID,
		Reading: "\"n = 7\" read with §1's convention that a sequence with x1 = 0 is the sequence without it: S_i stands " +
			"for (0,0,S_i), two heaps empty",
		Family: "bounded-greedy", Quantity: grundy.QProperty, Support: theory.Table,
		Note:    "Checked at (0,0,S_i) in the seven-heap boxes, against an exhaustive search of the five-heap S_i.",
		Applies: applies(7), Needs: grundy.KindG, Finite: true,
		Property: func(s *theory.Site) theory.Verdict {
			if s.Pos[0] != 0 || s.Pos[1] != 0 || ex7Index(s.Pos[2:]) < 0 {
				return theory.Verdict{}
			}
			sv, err := solve.Search{Ruleset: s.Ruleset}.Solve(context.Background(), s.Pos[2:])
			if err != nil {
				return theory.Fails("five-heap search failed", "an outcome", err.Error())
			}
			v, _ := sv.Values(s.Pos[2:])
			if (v.G == 0) != (s.Values.G == 0) {
				return theory.Fails("empty heaps change the outcome", outcome(v.G == 0), outcome(s.Values.G == 0))
			}
			return theory.Holds()
		},
		Checks: seven,
	}
	corrected := &theory.Claim{
		ID: "001/example-7.n.corrected", Paper: "001", Ref: "Example 7 (header and table)",
		Statement: "With n = 5, k = 3: the table's outcomes of S1, …, S8, five heaps as printed, hold in each of the three rulesets",
		Corrects:  printed.ID, Change: "n = 5, the number of heaps printed, instead of n = 7",
		Family: "bounded-greedy", Quantity: grundy.QProperty, Support: theory.Correction,
		Applies: applies(5), Needs: grundy.KindG, Finite: true,
		Property: func(s *theory.Site) theory.Verdict {
			i := ex7Index(s.Pos)
			if i < 0 {
				return theory.Verdict{}
			}
			name := s.Ruleset.Name()
			for _, row := range example7Rows {
				if g, err := games.Parse(row.game); err == nil && g.Name() == name {
					if want := row.p[i] == '1'; want != (s.Values.G == 0) {
						return theory.Fails(fmt.Sprintf("S%d: the table's outcome is wrong", i+1), outcome(want), outcome(!want))
					}
					return theory.Holds()
				}
			}
			return theory.Verdict{}
		},
		Checks: five,
	}
	return []*theory.Claim{printed, reading, corrected}
}

// ex7Index is i for S_{i+1} of Example 7, or −1.
func ex7Index(p grundy.Position) int {
	key := p.String()
	for i, s := range ex7 {
		if s == key {
			return i
		}
	}
	return -1
}
