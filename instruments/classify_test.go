package instruments

import (
	"context"
	"reflect"
	"testing"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/games"
	"github.com/grundy/grundy/solve"
)

func table(t *testing.T, game string, piles, max int) *solve.Table {
	t.Helper()
	r, err := games.Parse(game)
	if err != nil {
		t.Fatal(err)
	}
	tab, err := solve.SolveBox(context.Background(), r, solve.BoxSpec{Piles: piles, Max: max})
	if err != nil {
		t.Fatalf("SolveBox(%s, %d piles ≤ %d): %v", game, piles, max, err)
	}
	return tab
}

func classify(t *testing.T, tab *solve.Table) Classification {
	t.Helper()
	c, err := Classify(context.Background(), tab, ClassifyOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func verdict(t *testing.T, c Classification, property string) Verdict {
	t.Helper()
	for _, v := range c.Verdicts {
		if v.Property == property {
			return v
		}
	}
	t.Fatalf("no verdict %q", property)
	return Verdict{}
}

func values(t *testing.T, tab *solve.Table, p ...int) grundy.Values {
	t.Helper()
	v, ok := tab.Lookup(p)
	if !ok {
		t.Fatalf("%v is not in the box", p)
	}
	return v
}

func witness(v Verdict) string {
	if v.Witness == nil {
		return "<nil>"
	}
	return *v.Witness
}

// TestClassifyPaperRemarks reproduces the "our computations show" remarks
// and the propositions of 000 about tame, pet, miserable and domestic
// games. Expected witnesses are derived by hand from the cited statement.
func TestClassifyPaperRemarks(t *testing.T) {
	// 000 §3.3: "NIM^1_{4,≤2} is not tame: (1,1,2,3) is a (4,0)-position".
	tab := table(t, "slow-moore:k=2", 4, 5)
	if v := values(t, tab, 1, 1, 2, 3); v.G != 4 || v.Gm != 0 {
		t.Errorf("slow-moore:k=2 (1,1,2,3) is a (%d,%d)-position, want (4,0)", v.G, v.Gm)
	}
	c := classify(t, tab)
	if verdict(t, c, "tame").Holds || verdict(t, c, "domestic").Holds {
		t.Errorf("slow-moore:k=2 with 4 piles: tame or domestic holds, want both to fail")
	}

	// 000 §1.5: "(1,2,3,3,3) is a (0,2)-position of NIM(5,=2)".
	tab = table(t, "exact:k=2", 5, 3)
	if v := values(t, tab, 1, 2, 3, 3, 3); v.G != 0 || v.Gm != 2 {
		t.Errorf("exact:k=2 (1,2,3,3,3) is a (%d,%d)-position, want (0,2)", v.G, v.Gm)
	}
	if c := classify(t, tab); verdict(t, c, "tame").Holds {
		t.Error("exact:k=2 with 5 piles is tame in the box, want not")
	}

	// 000 Prop 9: NIM_{n,=k} is pet when n < 2k; Prop 8: NIM_{2k,=k} is
	// miserable; Prop 7: Moore's NIM_{n,≤k} is miserable.
	for _, c := range []struct {
		game, property string
		piles, max     int
	}{
		{"exact:k=2", "pet", 3, 6},
		{"exact:k=3", "pet", 4, 5},
		{"exact:k=3", "pet", 5, 4},
		{"exact:k=2", "miserable", 4, 5},
		{"exact:k=3", "miserable", 6, 3},
		{"moore:k=2", "miserable", 3, 6},
		{"moore:k=2", "miserable", 4, 4},
		{"moore:k=3", "miserable", 4, 4},
		// 000 §2: slow games with k = 1 or k = n have only (0,1)- and
		// (1,0)-positions, so they are pet.
		{"slow-moore:k=1", "pet", 3, 6},
		{"slow-exact:k=3", "pet", 3, 6},
	} {
		cl := classify(t, table(t, c.game, c.piles, c.max))
		if v := verdict(t, cl, c.property); !v.Holds {
			t.Errorf("%s, %d piles ≤ %d: %s fails at %s (%s), want it to hold", c.game, c.piles, c.max, c.property, witness(v), v.Detail)
		}
	}
}

// TestProp12 checks 000 Prop 12: Slow Moore's NIM^1_{n,≤k} is miserable
// for k ≥ n−1, and its swap positions are, for k = n, (0,…,0,2j) and
// (0,…,0,2j+1), and for k = n−1, (i,…,i,i+2j) and (i,…,i,i+2j+1).
func TestProp12(t *testing.T) {
	for _, c := range []struct{ n, k, max int }{{2, 1, 10}, {2, 2, 10}, {3, 2, 8}, {3, 3, 8}, {4, 3, 6}, {4, 4, 6}} {
		tab := table(t, "slow-moore:k="+itoa(c.k), c.n, c.max)
		cl := classify(t, tab)
		if v := verdict(t, cl, "miserable"); !v.Holds {
			t.Errorf("n=%d k=%d: miserable fails at %s: %s", c.n, c.k, witness(v), v.Detail)
		}
		tab.Each(func(p grundy.Position, v grundy.Values) bool {
			// p is sorted: the first n−1 piles must be equal (to 0 when k = n).
			front := p[0]
			same := true
			for _, x := range p[:c.n-1] {
				same = same && x == front
			}
			if c.k == c.n {
				same = same && front == 0
			}
			d := p[c.n-1] - front
			want01, want10 := same && d%2 == 0, same && d%2 == 1
			if got01, got10 := v.G == 0 && v.Gm == 1, v.G == 1 && v.Gm == 0; got01 != want01 || got10 != want10 {
				t.Errorf("slow-moore:k=%d %v is a (%d,%d)-position; Prop 12 says (0,1): %v, (1,0): %v", c.k, p, v.G, v.Gm, want01, want10)
				return false
			}
			return true
		})
	}
}

// TestCor19 checks 000 Cor 19 on NIM^1_{3,=2}: x (sorted) is neither swap
// nor tame iff x1 is odd, x1 ≠ 1 and x1 + x2 = x3 + 1; then it is a
// (0,3)-position when x2 is even and a (1,2)-position when x2 is odd. So
// the game is not domestic, the smallest witness being the smallest
// (0,3)-position (3,4,6), and not tame, the smallest being (3,3,5).
func TestCor19(t *testing.T) {
	tab := table(t, "slow-exact:k=2", 3, 14)
	tab.Each(func(p grundy.Position, v grundy.Values) bool {
		swap := (v.G == 0 && v.Gm == 1) || (v.G == 1 && v.Gm == 0)
		got := !swap && v.G != v.Gm
		want := p[0]%2 == 1 && p[0] != 1 && p[0]+p[1] == p[2]+1
		if got != want {
			t.Errorf("%v: (%d,%d)-position; Cor 19 says non-swap non-tame = %v", p, v.G, v.Gm, want)
		}
		if want && p[1]%2 == 0 && (v.G != 0 || v.Gm != 3) {
			t.Errorf("%v: (%d,%d), Cor 19 says (0,3)", p, v.G, v.Gm)
		}
		if want && p[1]%2 == 1 && (v.G != 1 || v.Gm != 2) {
			t.Errorf("%v: (%d,%d), Cor 19 says (1,2)", p, v.G, v.Gm)
		}
		return true
	})
	cl, err := Classify(context.Background(), tab, ClassifyOptions{List: [][2]int{{0, 3}}, ListLimit: 3})
	if err != nil {
		t.Fatal(err)
	}
	if v := verdict(t, cl, "domestic"); v.Holds || witness(v) != "3,4,6" {
		t.Errorf("domestic: holds=%v witness %s, want a failure at 3,4,6", v.Holds, witness(v))
	}
	if v := verdict(t, cl, "tame"); v.Holds || witness(v) != "3,3,5" {
		t.Errorf("tame: holds=%v witness %s, want a failure at 3,3,5", v.Holds, witness(v))
	}
	// Cor 19's (0,3)-positions by token sum: (3,4,6) 13, (3,6,8) 17, (5,6,10) 21 = (3,8,10) 21.
	want := []string{"3,4,6", "3,6,8", "3,8,10"}
	if got := cl.Lists[0].Positions; len(got) != 3 || got[0] != want[0] || got[1] != want[1] || got[2] != want[2] || !cl.Lists[0].Truncated {
		t.Errorf("--list 0,3 = %v (truncated %v), want %v (truncated)", got, cl.Lists[0].Truncated, want)
	}
}

// TestClassifyCounts checks the counts against a hand computation:
// slow-exact:k=1 on 2 piles ≤ 2 has 6 sorted positions; G = sum mod 2,
// G⁻ = 1 − G; the sums 0,1,2,2,3,4 give four (0,1) and two (1,0), one
// terminal.
func TestClassifyCounts(t *testing.T) {
	c := classify(t, table(t, "slow-exact:k=1", 2, 2))
	if c.Positions != 6 || c.Terminal != 1 || c.Swap != 6 || len(c.Classes) != 2 ||
		c.Classes[0] != (ClassCount{G: 0, Gm: 1, Count: 4, Smallest: "0,0"}) ||
		c.Classes[1] != (ClassCount{G: 1, Gm: 0, Count: 2, Smallest: "0,1"}) {
		t.Errorf("Classify(slow-exact:k=1, 2 piles ≤ 2) = %+v", c)
	}
	for _, v := range c.Verdicts {
		if !v.Holds || v.Witness != nil || v.Checked != 6 || v.Box.Piles != 2 || v.Box.Max != 2 {
			t.Errorf("verdict %+v, want it to hold with 6 checked", v)
		}
	}
}

func itoa(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + itoa(n%10)
}

// TestClassifyWorkers: the parallel scan gives the same answer with any
// number of workers.
func TestClassifyWorkers(t *testing.T) {
	for _, game := range []string{"slow-moore:k=2", "exact:k=2"} {
		tab := table(t, game, 4, 6)
		var first Classification
		for _, w := range []int{1, 2, 3, 7} {
			c, err := Classify(context.Background(), tab, ClassifyOptions{Options: Options{Workers: w}, List: [][2]int{{0, 0}, {1, 1}}, ListLimit: 4})
			if err != nil {
				t.Fatal(err)
			}
			if w == 1 {
				first = c
				continue
			}
			if !reflect.DeepEqual(c, first) {
				t.Errorf("%s: Classify with %d workers = %+v, with 1 = %+v", game, w, c, first)
			}
		}
	}
}

// TestProp8 checks 000 Prop 8 for k = 2: in NIM_{4,=2} a sorted x is a
// (0,1)-position iff x1 = x2 = x3 ≤ 1, and a (1,0)-position iff the tetris
// function T_{4,2}(x) is 1. For k = 2, T is the most disjoint pairs of
// tokens from different piles, min(⌊s/2⌋, s − max x) (a hand argument:
// pair the largest pile against the rest).
func TestProp8(t *testing.T) {
	tab := table(t, "exact:k=2", 4, 6)
	tab.Each(func(p grundy.Position, v grundy.Values) bool {
		s := p.Sum()
		tetris := min(s/2, s-p[3])
		want01 := p[0] == p[1] && p[1] == p[2] && p[2] <= 1
		want10 := tetris == 1
		if got01, got10 := v.G == 0 && v.Gm == 1, v.G == 1 && v.Gm == 0; got01 != want01 || got10 != want10 {
			t.Errorf("exact:k=2 %v is a (%d,%d)-position; Prop 8 says (0,1): %v, (1,0): %v", p, v.G, v.Gm, want01, want10)
		}
		return true
	})
}

// TestRemarks15And16 checks 000 Remarks 15–16 on Slow Exact k-Nim with
// n = k+1. Remark 15: for n = 4 only the values 0..3 occur. Remark 16
// says (1,2,3,3,x5), 3 ≤ x5 ≤ 7, are 5-positions of NIM^1_{5,=4}; they are
// 3-positions. By hand G ≤ 4 there: a move keeps one pile, and keeping
// either pile of 3 gives the same follower, so there are at most four
// distinct followers.
func TestRemarks15And16(t *testing.T) {
	c := classify(t, table(t, "slow-exact:k=3", 4, 12))
	for _, cc := range c.Classes {
		if cc.G > 3 {
			t.Errorf("slow-exact:k=3, 4 piles: a %d-position %s (000 Remark 15: only 0..3)", cc.G, cc.Smallest)
		}
	}
	tab := table(t, "slow-exact:k=4", 5, 8)
	for x5 := 3; x5 <= 7; x5++ {
		if v := values(t, tab, 1, 2, 3, 3, x5); v.G != 3 {
			t.Errorf("G(slow-exact:k=4, 1,2,3,3,%d) = %d, want 3", x5, v.G)
		}
	}
}
