package search

import (
	"math/rand/v2"
	"testing"
)

// randomRows are n positions of piles piles ≤ 9 with targets in [0, vals).
func randomRows(rng *rand.Rand, n, piles, vals int) []row {
	rows := make([]row, n)
	for i := range rows {
		p := make([]int, piles)
		for j := range p {
			p[j] = rng.IntN(10)
		}
		rows[i] = row{p: p, v: rng.IntN(vals)}
	}
	return rows
}

// TestEvalAtomsIncremental: values extended round by round (atoms and
// rows added, as the fit adds them) are every atom's holds at every row.
func TestEvalAtomsIncremental(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	all := families(4, 5)
	rows := randomRows(rng, 300, 4, 2)
	var bs []bitset
	done := 0
	for _, step := range []struct{ atoms, rows int }{{40, 70}, {40, 130}, {len(all) / 2, 130}, {len(all), 300}} {
		atoms, rs := all[:step.atoms], rows[:step.rows]
		bs, done = evalAtoms(atoms, rs, bs, done), len(rs)
		for a, at := range atoms {
			if len(bs[a]) != (len(rs)+63)/64 {
				t.Fatalf("atom %d: %d words for %d rows", a, len(bs[a]), len(rs))
			}
			for i, r := range rs {
				if bs[a].get(i) != at.holds(r.p) {
					t.Fatalf("%d atoms, %d rows: atom %d (%v) at %v: bit %v, holds %v", step.atoms, step.rows, a, at.coef, r.p, bs[a].get(i), at.holds(r.p))
				}
			}
			for i := len(rs); i < len(bs[a])*64; i++ {
				if bs[a].get(i) {
					t.Fatalf("atom %d: bit %d set past the %d rows", a, i, len(rs))
				}
			}
		}
	}
}

// TestBestSplit compares the split chosen from set bits with counting
// every row's class, bit and target directly.
func TestBestSplit(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for trial := range 30 {
		rows := randomRows(rng, 50+rng.IntN(400), 3, 2+rng.IntN(3))
		atoms := families(3, 4)
		bs := evalAtoms(atoms, rows, nil, 0)
		vid, V := valueIDs(rows)
		cls, C := make([]int32, len(rows)), 1
		for range rng.IntN(3) {
			cls, C = refine(cls, bs[rng.IntN(len(bs))], len(rows))
		}
		conflict := conflicts(cls, C, vid, V)
		want, wantC := -1, conflict
		for a := range bs {
			counts := make([]int64, C*2*V)
			for i := range rows {
				bit := 0
				if bs[a].get(i) {
					bit = 1
				}
				counts[(int(cls[i])*2+bit)*V+vid[i]]++
			}
			if c := pairConflicts(counts, V); c < wantC-1e-9 {
				want, wantC = a, c
			}
		}
		got, gotC := bestSplit(bs, cls, C, vid, V, conflict)
		if got != want || gotC != wantC {
			t.Errorf("trial %d: bestSplit = atom %d (impurity %v), counting every row: atom %d (%v)", trial, got, gotC, want, wantC)
		}
	}
}
