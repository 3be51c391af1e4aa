package exactslow

import (
	"context"
	"flag"
	"strings"
	"testing"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/theory"
)

var long = flag.Bool("long", false, "check every claim on its full default boxes")

// TestClaimsCheck runs every claim of paper 004 on its default boxes
// (halved unless -long): each must hold, except the findings pinned in
// refuted, and no box may check nothing.
func TestClaimsCheck(t *testing.T) {
	// refuted pins each finding: claim → smallest counterexample and a
	// word of its failure kind.
	refuted := map[string][2]string{
		// The proof of Theorem 1 reduces the larger even pile and the odd
		// pile matched with the smaller one; at (1,1,1,2,2,3) that gives
		// (1,1,0,2,1,3), sorted (0,1,1,1,2,3): by hand its parity vector
		// (e,o,o,o,e,o) is none of (1)'s four, so by Theorem 1 (proved in
		// the paper and by grundy's ledger) it is an N-position.
		"004/thm-1.moves": {"1,1,1,2,2,3", "four odd piles, move {3,5}: lands on an N-position"},
		// By hand: the positions of six piles with total 3 are (0,0,0,0,0,3),
		// (0,0,0,0,1,2), (0,0,0,1,1,1); only the first has E (q2 = q4 = 0,
		// q1 − q5 = 0), and there N = 3 while s + 2q2 − 2r − 2 = 3 + 0 − 0 − 2 = 1.
		// No smaller total is ≡ 3 (mod 4).
		"004/thm-2.proof-n.s": {"0,0,0,0,0,3", "N ≢ s + 2q2 − 2r − 2"},
	}
	for _, c := range registry().Match("004") {
		opt := theory.CheckOptions{}
		if !*long {
			opt.Max = halfMax(c)
		}
		res, err := theory.Check(context.Background(), c, opt)
		if err != nil {
			t.Fatalf("Check(%s): %v", c.ID, err)
		}
		for _, in := range res.Instances {
			if in.Checked == 0 {
				// Printed points lie in the full box only.
				if res, err = theory.Check(context.Background(), c, theory.CheckOptions{}); err != nil {
					t.Fatal(err)
				}
				break
			}
		}
		for _, in := range res.Instances {
			if in.Checked == 0 {
				t.Errorf("Check(%s): box %s checks no position", c.ID, in.Box)
			}
		}
		want, known := refuted[c.ID]
		if c.Refuted != want[0] {
			t.Errorf("%s.Refuted = %q, want %q", c.ID, c.Refuted, want[0])
		}
		switch {
		case known && (res.Status != grundy.ClaimFail || res.Counterexamples[0].Pos != want[0] || !strings.Contains(res.Failures[0].Kind, want[1])):
			t.Errorf("Check(%s) = %s %+v, want the failure %q at (%s)", c.ID, res.Status, res.Failures, want[1], want[0])
		case !known && res.Status != grundy.ClaimPass:
			t.Errorf("Check(%s) = %s: %s", c.ID, res.Status, res.Verdict)
		}
	}
}

func halfMax(c *theory.Claim) int {
	m := 1 << 30
	for _, in := range c.Checks {
		m = min(m, in.Max)
	}
	return max(m/2, 4)
}

// TestTable1DetectsAMisprint changes one printed entry of Table 1 and
// expects the check to name it.
func TestTable1DetectsAMisprint(t *testing.T) {
	c, _ := registry().Lookup("004/table-1")
	saved := table1[3].d
	defer func() { table1[3].d = saved }()
	table1[3].d[8] = +2 // {1,5}: Δu printed 0
	res, err := theory.Check(context.Background(), c, theory.CheckOptions{Max: 4})
	if err != nil {
		t.Fatal(err)
	}
	if res.Status != grundy.ClaimFail || !strings.Contains(res.Failures[0].Kind, "row {1,5}, column Δu printed +2, is +0") {
		t.Errorf("Check(004/table-1 with Δu{1,5} = +2) = %s %+v, want a failure naming row {1,5}, column Δu", res.Status, res.Failures)
	}
}

// TestThm2MovesDetectsAWrongMove swaps one move of Table 2 and expects
// the replay to fail.
func TestThm2MovesDetectsAWrongMove(t *testing.T) {
	c, _ := registry().Lookup("004/thm-2.moves")
	saved := table2
	defer func() { table2 = saved }()
	table2[2], table2[3] = table2[3], table2[2] // A2 ↔ A3
	res, err := theory.Check(context.Background(), c, theory.CheckOptions{Max: 8})
	if err != nil {
		t.Fatal(err)
	}
	if res.Status != grundy.ClaimFail {
		t.Errorf("Check(004/thm-2.moves with A2, A3 swapped) = %s, want fail", res.Status)
	}
}
