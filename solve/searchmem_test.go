package solve

import (
	"context"
	"errors"
	"runtime"
	"testing"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/games"
)

// TestSearchBytes: a search holds at most SearchBytes a position it
// visits, and that is at most 64 bytes (issue 24: a search held about 350
// bytes a position, 13.6 GB after 40 million). What it holds is the heap
// still in use, after a collection, while its result is alive; what it
// allocated in all (garbage of the ruleset's option generator included)
// is logged.
func TestSearchBytes(t *testing.T) {
	for _, c := range []struct {
		game string
		pos  grundy.Position
	}{
		{"slow-exact:k=2", grundy.Position{9, 12, 14, 17, 19, 22}},
		{"nim", grundy.Position{17, 19, 21, 23, 25}},
	} {
		r, _ := games.Parse(c.game)
		per := SearchBytes(r, c.pos)
		if per > 64 {
			t.Errorf("SearchBytes(%s, %v) = %d, want at most 64", c.game, c.pos, per)
		}
		runtime.GC()
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		s, err := Search{Ruleset: r}.Solve(context.Background(), c.pos)
		if err != nil {
			t.Fatal(err)
		}
		runtime.GC()
		runtime.ReadMemStats(&after)
		if s.Len() < 100_000 {
			t.Fatalf("search of %s %v visits %d positions: too few to measure", c.game, c.pos, s.Len())
		}
		held := float64(int64(after.HeapAlloc)-int64(before.HeapAlloc)) / float64(s.Len())
		t.Logf("%s %v: %d positions, %.1f B held a position (SearchBytes %d), %.1f B allocated in all",
			c.game, c.pos, s.Len(), held, per, float64(after.TotalAlloc-before.TotalAlloc)/float64(s.Len()))
		if held > float64(per) {
			t.Errorf("search of %s %v holds %.1f B a position, more than SearchBytes = %d", c.game, c.pos, held, per)
		}
		runtime.KeepAlive(s)
	}
}

// TestSearchMemoryLimit: a search whose budget could need more memory than
// allowed is refused before any work, with the estimate.
func TestSearchMemoryLimit(t *testing.T) {
	r, _ := games.Parse("slow-exact:k=2")
	p := grundy.Position{100, 201, 300, 400, 500, 600, 700}
	per := SearchBytes(r, p)
	_, err := Search{Ruleset: r, Budget: 1_000_000, MemoryLimit: per * 999_999}.Solve(context.Background(), p)
	if !errors.Is(err, ErrTooBig) {
		t.Errorf("search needing %d B with %d allowed: %v, want ErrTooBig", per*1_000_000, per*999_999, err)
	}
	// The positions reachable bound the need when fewer than the budget.
	small := grundy.Position{1, 2, 3}
	if _, err := (Search{Ruleset: r, Budget: 1_000_000, MemoryLimit: 64 * 1000}).Solve(context.Background(), small); err != nil {
		t.Errorf("search of %v within its reach: %v", small, err)
	}
}

// TestLinesSizedByParameter: wythoff-mod's K sizes the line solver's
// diagonal lines, (x+y+1)·K of them: at K = 2^20 the 61×61 box took 2.28
// GB (issue 24). The generic solver takes such a box, in memory of the
// box's size, with the line solver's values where both fit.
func TestLinesSizedByParameter(t *testing.T) {
	big, _ := games.Parse("wythoff-mod:K=1048576,s=1,t=1")
	spec := BoxSpec{Piles: 2, Max: 60, Kinds: grundy.AllKinds}
	if _, ok := lineSolver(big, spec); ok {
		t.Errorf("the line solver takes %s, 2 piles ≤ 60", big.Name())
	}
	runtime.GC()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	got, err := SolveBox(context.Background(), big, spec)
	runtime.ReadMemStats(&after)
	if err != nil {
		t.Fatal(err)
	}
	if a := after.TotalAlloc - before.TotalAlloc; a > 16<<20 {
		t.Errorf("SolveBox(%s, 2 piles ≤ 60) allocated %d bytes", big.Name(), a)
	}
	// K beyond the box allows no diagonal move, as K = 61 does: the two
	// tables agree, the second by the line solver.
	k61, _ := games.Parse("wythoff-mod:K=61,s=1,t=1")
	if _, ok := lineSolver(k61, spec); !ok {
		t.Fatalf("the line solver does not take %s", k61.Name())
	}
	want, err := SolveBox(context.Background(), k61, spec)
	if err != nil {
		t.Fatal(err)
	}
	for rank := range want.Index.Size() {
		if got.At(rank) != want.At(rank) {
			t.Fatalf("at rank %d: K = 2^20 gives %+v, K = 61 %+v", rank, got.At(rank), want.At(rank))
		}
	}
}

// TestSearchBytesBuildsNoIndex: asking what a search would hold costs no
// table. Before, SearchBytes built the box's binomial table to learn that
// a key fits 8 bytes: 64 MB for piles of two million
// (`grundy value slow-exact:k=2 1000000,1500000,2000000` took 135 MB).
func TestSearchBytesBuildsNoIndex(t *testing.T) {
	r := games.Slow{K: 2, Exact: true}
	for _, c := range []struct {
		p    grundy.Position
		want uint64 // 33 fixed bytes, and 8 for an indexed key or a string key
	}{
		{grundy.Position{1000000, 1500000, 2000000}, 33 + 8},   // (2·10^6+3)·3 words: indexable
		{grundy.Position{1, 2, 1 << 40}, 33 + 16 + (30+7)/8*8}, // the table would be too big
	} {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		got := SearchBytes(r, c.p)
		runtime.ReadMemStats(&after)
		if got != c.want {
			t.Errorf("SearchBytes(%v) = %d, want %d", c.p, got, c.want)
		}
		if d := after.TotalAlloc - before.TotalAlloc; d > 1<<20 {
			t.Errorf("SearchBytes(%v) allocated %d bytes, want under 1 MiB", c.p, d)
		}
	}
}
