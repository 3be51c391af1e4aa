package instruments

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/internal/plural"
	"github.com/grundy/grundy/solve"
)

// A Box is where an instrument looked: every canonical position of Game
// with Piles piles, each at most Max; a shift check may restrict it to a
// token-sum class (Class mod Modulus).
type Box struct {
	Game    string `json:"game"`
	Piles   int    `json:"piles"`
	Max     int    `json:"max"`
	Class   *int   `json:"class,omitempty"`
	Modulus int    `json:"modulus,omitempty"`
}

func (b Box) String() string {
	s := fmt.Sprintf("%s, %s, each ≤ %d", b.Game, plural.Piles(b.Piles), b.Max)
	if b.Class != nil {
		s += fmt.Sprintf(", token sum ≡ %d mod %d", *b.Class, b.Modulus)
	}
	return s
}

func boxOf(t *solve.Table) Box {
	return Box{Game: t.Ruleset.Name(), Piles: t.Piles(), Max: t.Max()}
}

// A Verdict says whether a property holds in a box. When it fails,
// Witness is the smallest position (fewest tokens, then lexicographic)
// where it fails and Detail says why; when it holds, Witness is nil.
// Checked counts what was examined (positions, or pairs x, x+y for a
// shift).
type Verdict struct {
	Property string  `json:"property"`
	Holds    bool    `json:"holds"`
	Witness  *string `json:"witness"`
	Box      Box     `json:"box"`
	Checked  uint64  `json:"checked"`
	// WitnessPair, for properties broken by two positions (parity), holds
	// both, the smaller first; Witness is then the larger one.
	WitnessPair []string `json:"witness_pair,omitempty"`
	Detail      string   `json:"detail,omitempty"`
	Source      string   `json:"source,omitempty"`
}

// String is the one-line form the CLI prints.
func (v Verdict) String() string {
	if v.Holds {
		return fmt.Sprintf("%-28s holds in the box (%d checked)", v.Property, v.Checked)
	}
	return fmt.Sprintf("%-28s FAILS at (%s): %s (%d checked)", v.Property, *v.Witness, v.Detail, v.Checked)
}

// Less orders positions by token sum, then lexicographically.
func Less(a, b grundy.Position) bool {
	if sa, sb := a.Sum(), b.Sum(); sa != sb {
		return sa < sb
	}
	return slices.Compare(a, b) < 0
}

// smallest keeps the least position offered to it, with a note.
type smallest struct {
	pos    grundy.Position
	detail string
}

func (s *smallest) offer(p grundy.Position, detail func() string) {
	if s.pos == nil || Less(p, s.pos) {
		s.pos = slices.Clone(p)
		s.detail = detail()
	}
}

func (s *smallest) verdict(property, source string, box Box, checked uint64) Verdict {
	v := Verdict{Property: property, Holds: s.pos == nil, Box: box, Checked: checked, Source: source}
	if s.pos != nil {
		w := s.pos.String()
		v.Witness, v.Detail = &w, s.detail
	}
	return v
}

// Options tune the scans of a table.
type Options struct {
	// Progress, if set, is called now and then with the positions scanned
	// and the total, possibly from several goroutines at once.
	Progress func(done, total uint64)
	// Workers is the number of goroutines of the scans that run in
	// parallel (classify); zero means GOMAXPROCS.
	Workers int
}

// scanRanks calls f with every position of t and its values, in no
// particular order, from opt.Workers goroutines; f's first argument says
// which worker calls, so each can keep its own state. p is reused.
func scanRanks(ctx context.Context, t *solve.Table, opt Options, f func(worker int, p grundy.Position, v grundy.Values) error) error {
	workers := opt.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	size := t.Index.Size()
	const chunk = 1 << 12
	var next, done atomic.Uint64
	errs := make([]error, workers)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			p := make(grundy.Position, t.Piles())
			for {
				start := next.Add(chunk) - chunk
				if start >= size {
					return
				}
				if errs[w] = ctx.Err(); errs[w] != nil {
					return
				}
				end := min(start+chunk, size)
				for r := start; r < end; r++ {
					t.Index.Unrank(r, p)
					if errs[w] = f(w, p, t.At(r)); errs[w] != nil {
						return
					}
				}
				d := done.Add(end - start)
				if opt.Progress != nil {
					opt.Progress(d, size)
				}
			}
		}()
	}
	wg.Wait()
	return errors.Join(errs...)
}

// merge keeps the smaller of s and o.
func (s *smallest) merge(o smallest) {
	if o.pos != nil && (s.pos == nil || Less(o.pos, s.pos)) {
		*s = o
	}
}

// scan calls f with every canonical position of t in lexicographic order,
// checking ctx and reporting progress every so often.
func scan(ctx context.Context, t *solve.Table, opt Options, f func(p grundy.Position, v grundy.Values)) error {
	var n uint64
	total := t.Index.Size()
	var err error
	t.Each(func(p grundy.Position, v grundy.Values) bool {
		if n&0xFFFF == 0 {
			if err = ctx.Err(); err != nil {
				return false
			}
			if opt.Progress != nil {
				opt.Progress(n, total)
			}
		}
		n++
		f(p, v)
		return true
	})
	if err == nil && opt.Progress != nil {
		opt.Progress(n, total)
	}
	return err
}

// follower looks up the values of a follower q of a box position: q is
// copied to scratch, canonicalized and ranked. It fails when q leaves the
// box, which no ruleset of grundy allows (moves never add tokens).
func follower(t *solve.Table, scratch, q grundy.Position) (grundy.Values, error) {
	copy(scratch, q)
	grundy.Canonicalize(t.Ruleset, scratch)
	if !t.Index.Contains(scratch) {
		return grundy.Values{}, fmt.Errorf("%s: follower %v leaves the box of %d piles ≤ %d", t.Ruleset.Name(), q, t.Piles(), t.Max())
	}
	return t.At(t.Index.Rank(scratch)), nil
}

func needKinds(t *solve.Table, k grundy.Kinds, what string) error {
	if t.Kinds&k != k {
		return fmt.Errorf("%s needs a table with more value kinds (have %b, need %b)", what, t.Kinds, k)
	}
	return nil
}

func parityVector(p grundy.Position) string {
	b := make([]byte, 0, 2*len(p))
	for i, x := range p {
		if i > 0 {
			b = append(b, ',')
		}
		if x%2 == 0 {
			b = append(b, 'e')
		} else {
			b = append(b, 'o')
		}
	}
	return string(b)
}
