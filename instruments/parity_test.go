package instruments

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/grundy/grundy"
)

func parity(t *testing.T, game string, piles, max int, opt ParityOptions) ParityResult {
	t.Helper()
	res, err := Parity(context.Background(), table(t, game, piles, max), opt)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// fn turns a holding result into parity vector → value.
func fn(t *testing.T, res ParityResult) map[string]string {
	t.Helper()
	if !res.Verdict.Holds {
		t.Fatalf("%s: parity verdict fails at %s: %s", res.Game, witness(res.Verdict), res.Verdict.Detail)
	}
	m := map[string]string{}
	for _, r := range res.Function {
		if len(r.Values) != 1 {
			t.Fatalf("%s: parity %s has values %v", res.Game, r.Parity, r.Values)
		}
		m[r.Parity] = r.Values[0]
	}
	return m
}

// TestProp10 checks 000 Prop 10: G of NIM^1_{2,≤2} and NIM^1_{3,≤2} by
// parity vector.
func TestProp10(t *testing.T) {
	for _, c := range []struct {
		piles int
		want  map[string]string
	}{
		{2, map[string]string{"e,e": "0", "e,o": "1", "o,o": "2", "o,e": "3"}},
		{3, map[string]string{"e,e,e": "0", "o,o,o": "0", "e,e,o": "1", "o,o,e": "1",
			"e,o,o": "2", "o,e,e": "2", "e,o,e": "3", "o,e,o": "3"}},
	} {
		got := fn(t, parity(t, "slow-moore:k=2", c.piles, 12, ParityOptions{}))
		if len(got) != len(c.want) {
			t.Errorf("%d piles: %d parity vectors, want %d", c.piles, len(got), len(c.want))
		}
		for p, v := range c.want {
			if got[p] != v {
				t.Errorf("slow-moore:k=2, %d piles: G on (%s) = %s, want %s (000 Prop 10)", c.piles, p, got[p], v)
			}
		}
	}
}

// TestProp11 checks 000 Prop 11: the P-positions of NIM^1_{n,≤k} are the
// positions with the listed parity vectors. Case (5) reads
// "(o,o,e,e,o)" in the OCR, one coordinate short; brute force says
// (o,o,e,e,o,o), which also follows the pattern of the other cases.
func TestProp11(t *testing.T) {
	for _, c := range []struct {
		k, piles, max int
		p             []string
	}{
		{2, 2, 12, []string{"e,e"}},
		{3, 3, 8, []string{"e,e,e"}},
		{2, 3, 10, []string{"e,e,e", "o,o,o"}},
		{3, 4, 7, []string{"e,e,e,e", "o,o,o,o"}},
		{2, 4, 8, []string{"e,e,e,e", "e,o,o,o"}},
		{3, 5, 6, []string{"e,e,e,e,e", "e,o,o,o,o"}},
		{2, 5, 6, []string{"e,e,e,e,e", "e,e,o,o,o", "o,o,e,e,o", "o,o,o,o,e"}},
		{3, 6, 6, []string{"e,e,e,e,e,e", "e,e,o,o,o,o", "o,o,e,e,o,o", "o,o,o,o,e,e"}},
	} {
		got := fn(t, parity(t, "slow-moore:k="+itoa(c.k), c.piles, c.max, ParityOptions{What: "outcome"}))
		var ps []string
		for p, v := range got {
			if v == "P" {
				ps = append(ps, p)
			}
		}
		slices.Sort(ps)
		want := slices.Clone(c.p)
		slices.Sort(want)
		if !slices.Equal(ps, want) {
			t.Errorf("slow-moore:k=%d, %d piles: P-positions have parity vectors %v, want %v (000 Prop 11)", c.k, c.piles, ps, want)
		}
		if len(got) != 1<<c.piles {
			t.Errorf("slow-moore:k=%d, %d piles: %d parity vectors in the box, want all %d", c.k, c.piles, len(got), 1<<c.piles)
		}
	}
}

// TestParityFails checks 000 §3.2: for n = 6, k = 2 the P-positions are
// not determined by parity: (3,3,3,4,4,4) and (1,3,3,3,3,3), (1,3,3,3,5,5),
// (1,3,5,5,5,5) are P-positions, (1,1,1,2,2,4), (1,1,1,1,1,3), (1,1,1,1,1,5)
// 2-positions and (1,1,3,3,5,5) a 3-position.
func TestParityFails(t *testing.T) {
	tab := table(t, "slow-moore:k=2", 6, 5)
	for _, c := range []struct {
		p []int
		g int
	}{
		{[]int{3, 3, 3, 4, 4, 4}, 0}, {[]int{1, 3, 3, 3, 3, 3}, 0}, {[]int{1, 3, 3, 3, 5, 5}, 0}, {[]int{1, 3, 5, 5, 5, 5}, 0},
		{[]int{1, 1, 1, 2, 2, 4}, 2}, {[]int{1, 1, 1, 1, 1, 3}, 2}, {[]int{1, 1, 1, 1, 1, 5}, 2}, {[]int{1, 1, 3, 3, 5, 5}, 3},
	} {
		if v := values(t, tab, c.p...); v.G != c.g {
			t.Errorf("G(slow-moore:k=2, %v) = %d, want %d (000 §3.2)", c.p, v.G, c.g)
		}
	}
	res, err := Parity(context.Background(), tab, ParityOptions{What: "outcome"})
	if err != nil {
		t.Fatal(err)
	}
	v := res.Verdict
	if v.Holds || len(v.WitnessPair) != 2 {
		t.Fatalf("parity verdict %+v, want a failure with a pair", v)
	}
	a, b := mustPos(t, v.WitnessPair[0]), mustPos(t, v.WitnessPair[1])
	va, vb := values(t, tab, a...), values(t, tab, b...)
	if parityVector(a) != parityVector(b) || (va.G == 0) == (vb.G == 0) || !Less(a, b) || *v.Witness != v.WitnessPair[1] {
		t.Errorf("witness pair %v (G %d) and %v (G %d) is not an ordered counterexample", a, va.G, b, vb.G)
	}
	// Brute force over all pairs: the pair whose larger member is smallest,
	// and for it the smallest partner.
	var all []grundy.Position
	tab.Each(func(p grundy.Position, _ grundy.Values) bool {
		all = append(all, slices.Clone(p))
		return true
	})
	var bestA, bestB grundy.Position
	for _, y := range all {
		for _, x := range all {
			if !Less(x, y) || parityVector(x) != parityVector(y) || (values(t, tab, x...).G == 0) == (values(t, tab, y...).G == 0) {
				continue
			}
			if bestB == nil || Less(y, bestB) || (slices.Equal(y, bestB) && Less(x, bestA)) {
				bestA, bestB = x, y
			}
		}
	}
	if bestA.String() != v.WitnessPair[0] || bestB.String() != v.WitnessPair[1] {
		t.Errorf("witness pair %v, brute force says (%s, %s)", v.WitnessPair, bestA, bestB)
	}
	if !strings.Contains(v.Detail, "parity vector") {
		t.Errorf("detail %q", v.Detail)
	}
}

func mustPos(t *testing.T, s string) grundy.Position {
	t.Helper()
	b, err := grundy.ParsePosition(s)
	if err != nil {
		t.Fatal(err)
	}
	p, _ := b.Small()
	return p
}
