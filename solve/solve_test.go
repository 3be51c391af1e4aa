package solve

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/games"
)

// smallBoxes covers every ruleset family with boxes the naive solver
// finishes quickly.
var smallBoxes = []struct {
	game       string
	piles, max int
}{
	{"nim", 3, 5},
	{"moore:k=2", 3, 4},
	{"moore:k=2", 4, 3},
	{"exact:k=2", 4, 3},
	{"exact:k=2", 5, 3},
	{"exact:k=3", 4, 3},
	{"exco-nim", 4, 3},
	{"exco-nim", 3, 4},
	{"slow-moore:k=2", 4, 4},
	{"slow-moore:k=3", 5, 3},
	{"slow-exact:k=2", 5, 4},
	{"slow-exact:k=2", 6, 5},
	{"slow-exact:k=2", 2, 9},
	{"slow-exact:k=3", 6, 3},
	{"slow-exact:k=1", 3, 4},
	{"slow-exact:k=2", 3, 9}, // keep one pile: paper 003's NIM(n, n−1)
	{"slow-exact:k=4", 5, 4},
	{"slow-exact:k=7", 8, 3},
	{"bounded-nim:k=3", 3, 6},
	{"greedy-nim", 3, 5},
	{"bounded-greedy:k=2", 4, 4},
	{"wythoff", 2, 14},
	{"wythoff:s=2,t=3", 2, 14},
	{"wythoff-mod:K=3,s=2,t=4", 2, 20},
	{"wythoff-oa:s=2,t=1", 2, 12},
	{"wythoff-oo", 2, 12},
	{"wythoff-oe:s=2,t=3", 2, 12},
	{"wythoff-eo", 2, 12},
	{"wythoff-ee:s=1,t=2", 2, 12},
}

func TestSolversAgreeWithNaive(t *testing.T) {
	for _, c := range smallBoxes {
		r, err := games.Parse(c.game)
		if err != nil {
			t.Fatal(err)
		}
		tab, err := SolveBox(context.Background(), r, BoxSpec{Piles: c.piles, Max: c.max})
		if err != nil {
			t.Fatalf("SolveBox(%s): %v", c.game, err)
		}
		nv := newNaive(r)
		count := 0
		tab.Each(func(p grundy.Position, got grundy.Values) bool {
			count++
			want := nv.values(append(grundy.Position(nil), p...))
			if got != want {
				t.Errorf("SolveBox(%s) at %v = %+v, want %+v", c.game, p, got, want)
				return false
			}
			if got.Outcome() != outcomeFromG(got.G) || got.OutcomeMisere() != outcomeFromG(got.Gm) {
				t.Errorf("%s at %v: outcomes from remoteness %v/%v disagree with G=%d, G⁻=%d",
					c.game, p, got.Outcome(), got.OutcomeMisere(), got.G, got.Gm)
			}
			return true
		})
		if uint64(count) != tab.Index.Size() {
			t.Errorf("%s: Each visited %d positions, index has %d", c.game, count, tab.Index.Size())
		}
		// Fewer kinds take other paths (G and G⁻ alone have a fast one)
		// and other record layouts.
		for _, kinds := range []grundy.Kinds{grundy.KindG | grundy.KindGm, grundy.KindGm | grundy.KindRm, grundy.KindR} {
			part, err := SolveBox(context.Background(), r, BoxSpec{Piles: c.piles, Max: c.max, Kinds: kinds})
			if err != nil {
				t.Fatalf("SolveBox(%s, kinds %b): %v", c.game, kinds, err)
			}
			part.Each(func(p grundy.Position, got grundy.Values) bool {
				want := nv.values(append(grundy.Position(nil), p...))
				want = onlyKinds(want, kinds)
				if got != want {
					t.Errorf("SolveBox(%s, kinds %b) at %v = %+v, want %+v", c.game, kinds, p, got, want)
					return false
				}
				return true
			})
		}
		// Search from the top corner of the box reaches a subset; check it
		// on a few positions.
		top := make(grundy.Position, c.piles)
		for i := range top {
			top[i] = c.max - i%2
		}
		solved, err := Search{Ruleset: r}.Solve(context.Background(), top)
		if err != nil {
			t.Fatalf("Search(%s, %v): %v", c.game, top, err)
		}
		if got, want := mustValues(t, solved, top), nv.values(top); got != want {
			t.Errorf("Search(%s, %v) = %+v, want %+v", c.game, top, got, want)
		}
	}
}

// onlyKinds blanks the values not in k with −1, as Table.At does.
func onlyKinds(v grundy.Values, k grundy.Kinds) grundy.Values {
	if k&grundy.KindG == 0 {
		v.G = -1
	}
	if k&grundy.KindGm == 0 {
		v.Gm = -1
	}
	if k&grundy.KindR == 0 {
		v.R = -1
	}
	if k&grundy.KindRm == 0 {
		v.Rm = -1
	}
	return v
}

func outcomeFromG(g int) grundy.Outcome {
	if g == 0 {
		return grundy.P
	}
	return grundy.N
}

func mustValues(t *testing.T, s *Solved, p grundy.Position) grundy.Values {
	t.Helper()
	v, ok := s.Values(p)
	if !ok {
		t.Fatalf("no values for %v", p)
	}
	return v
}

func TestIndexRankUnrank(t *testing.T) {
	for _, c := range []struct{ n, from, max int }{{4, 0, 5}, {3, 1, 4}, {2, 2, 6}, {1, 0, 9}} {
		ix, err := NewIndex(c.n, c.from, c.max)
		if err != nil {
			t.Fatal(err)
		}
		seen := make([]bool, ix.Size())
		q := make(grundy.Position, c.n)
		for _, tier := range bruteTiers(c.n, c.from, c.max) {
			for _, p := range tier {
				rank := ix.Rank(p)
				if rank >= ix.Size() {
					t.Fatalf("Rank(%v) = %d, beyond size %d", p, rank, ix.Size())
				}
				if seen[rank] {
					t.Errorf("rank %d (%v) given twice", rank, p)
				}
				seen[rank] = true
				ix.Unrank(rank, q)
				if q.String() != p.String() {
					t.Errorf("Unrank(%d) = %v, want %v", rank, q, p)
				}
			}
		}
		for r, ok := range seen {
			if !ok {
				t.Errorf("box %+v: rank %d never given", c, r)
			}
		}
	}
}

// TestSearchHugePiles: a box too big for 64-bit ranks switches the search
// to byte keys. In slow exact 3-Nim with 3 piles (000 §2, k = n) play is
// x1 moves long, so G = x1 mod 2 and G⁻ = 1 − G.
func TestSearchHugePiles(t *testing.T) {
	r, _ := games.Parse("slow-exact:k=3")
	const huge = 1 << 50
	for _, p := range []grundy.Position{{3, huge, huge + 1}, {4, 7, huge}} {
		s, err := Search{Ruleset: r}.Solve(context.Background(), p)
		if err != nil {
			t.Fatal(err)
		}
		want := grundy.Values{G: p[0] % 2, Gm: 1 - p[0]%2, R: p[0], Rm: p[0] + 1}
		if got := mustValues(t, s, p); got != want {
			t.Errorf("Search(%v) = %+v, want %+v", p, got, want)
		}
		if s.Len() != p[0]+1 {
			t.Errorf("Search(%v) solved %d positions, want %d", p, s.Len(), p[0]+1)
		}
	}
}

// TestSearchGrowingPiles: in the difference-set game with vectors
// (1,1,1,−2) and (1,0,0,0) (004 §4 allows negative coordinates), (1,1,1,0)
// moves to (0,0,0,2) — a pile above the starting maximum — and to
// (0,1,1,0); both are terminal, so G = 1, G⁻ = 0, R = 1, R⁻ = 2.
func TestSearchGrowingPiles(t *testing.T) {
	r, err := games.Parse("fdg:d=1.1.1.-2/1.0.0.0")
	if err != nil {
		t.Fatal(err)
	}
	p := grundy.Position{1, 1, 1, 0}
	s, err := Search{Ruleset: r}.Solve(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := mustValues(t, s, p), (grundy.Values{G: 1, Gm: 0, R: 1, Rm: 2}); got != want {
		t.Errorf("Search(%s, %v) = %+v, want %+v", r.Name(), p, got, want)
	}
	if got, want := mustValues(t, s, grundy.Position{0, 0, 0, 2}), grundy.TerminalValues; got != want {
		t.Errorf("values of (0,0,0,2) = %+v, want terminal %+v", got, want)
	}
	if _, err := SolveBox(context.Background(), r, BoxSpec{Piles: 4, Max: 3}); err == nil || !strings.Contains(err.Error(), "no box is closed") {
		t.Errorf("SolveBox(%s) error = %v, want a refusal", r.Name(), err)
	}
}

// TestKeepOneAgreesWithNaive compares the keep-one path (slow exact k-Nim
// on k + 1 piles) with the naive solver on boxes whose tiers are split
// into several shards, so that shards start inside runs of equal piles.
func TestKeepOneAgreesWithNaive(t *testing.T) {
	for _, c := range []struct{ piles, max int }{{3, 30}, {4, 22}, {5, 14}, {6, 10}, {8, 5}} {
		r, err := games.Parse(fmt.Sprintf("slow-exact:k=%d", c.piles-1))
		if err != nil {
			t.Fatal(err)
		}
		nv := newNaive(r)
		// Three workers split the tiers into shards (one worker's single
		// shard is the plain path every other box test takes).
		for _, workers := range []int{3} {
			for _, kinds := range []grundy.Kinds{grundy.AllKinds, grundy.KindRm} {
				tab, err := SolveBox(context.Background(), r, BoxSpec{Piles: c.piles, Max: c.max, Kinds: kinds, Workers: workers})
				if err != nil {
					t.Fatal(err)
				}
				tab.Each(func(p grundy.Position, got grundy.Values) bool {
					if want := onlyKinds(nv.values(append(grundy.Position(nil), p...)), kinds); got != want {
						t.Errorf("SolveBox(%s, %d piles ≤ %d, %d workers) at %v = %+v, want %+v", r.Name(), c.piles, c.max, workers, p, got, want)
						return false
					}
					return true
				})
			}
		}
	}
}
