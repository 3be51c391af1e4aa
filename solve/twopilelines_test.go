package solve

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/games"
)

// plainLines is the model of lineBits: one []bool per line.
type plainLines [][]bool

func (p plainLines) firstZero(l, from int) int {
	for v := from; ; v++ {
		if !p[l][v] {
			return v
		}
	}
}

func (p plainLines) wordFull(l, w int) bool {
	for v := w * 64; v < w*64+64; v++ {
		if !p[l][v] {
			return false
		}
	}
	return true
}

// driveLineBits reads ops as a program of adds (single values and runs
// long enough to fill words), clears, copies and queries on a lineBits
// and its plain model, and fails at the first difference: a first
// missing value, a first open word of one line or of several, or the mex
// of exact, lagged and explicit lines.
func driveLineBits(t *testing.T, ops []byte) {
	const lines = 5
	if len(ops) == 0 {
		return
	}
	// Up to 200 words: four summary words.
	words := 1 + int(ops[0])%200
	ops = ops[1:]
	b := newLineBits(lines, words)
	plain := make(plainLines, lines)
	for l := range plain {
		plain[l] = make([]bool, 64*words)
	}
	// The sweep never sets the last bit, which stops every scan.
	top := 64*words - 2
	var m mexer
	for len(ops) >= 4 {
		op, l, l2 := ops[0], int(ops[1])%lines, int(ops[1]>>4)%lines
		v := (int(ops[2])<<8 | int(ops[3])) % (top + 1)
		ops = ops[4:]
		switch op % 8 {
		case 0, 1, 2:
			// A run of up to 32 values, or of whole words.
			n := 1 + int(op>>3)
			if op%8 == 2 {
				n *= 64
			}
			for u := v; u < v+n && u <= top; u++ {
				b.add(l, int32(u))
				plain[l][u] = true
			}
		case 3:
			from, to := min(l, l2), max(l, l2)+1
			b.clear(from, to)
			for i := from; i < to; i++ {
				clear(plain[i])
			}
		case 4:
			b.copyLine(l, l2)
			copy(plain[l], plain[l2])
		case 5, 6, 7:
			// A mex: the exact lines of a mask, maybe one lagged line with
			// up to three of its values cleared, up to two explicit values.
			m.reset()
			mask := int(op >> 3)
			in := make([]bool, 64*words)
			for i := range lines {
				if mask>>i&1 == 1 {
					m.exact = append(m.exact, i)
					for u, ok := range plain[i] {
						in[u] = in[u] || ok
					}
				}
			}
			if op%8 == 6 {
				lagged := make([]bool, 64*words)
				copy(lagged, plain[l2])
				for k := range 3 {
					if u := (v + 61*k) % (top + 1); plain[l2][u] {
						m.extras = append(m.extras, rec{int32(u)})
						lagged[u] = false
					}
				}
				m.lagged = append(m.lagged, lag{l2, 0, len(m.extras)})
				for u, ok := range lagged {
					in[u] = in[u] || ok
				}
			}
			if op%8 == 7 {
				for _, u := range []int{v, (v + 1) % (top + 1)} {
					m.explicit = append(m.explicit, rec{int32(u)})
					in[u] = true
				}
			}
			want := 0
			for in[want] {
				want++
			}
			if got := m.mex(&b, 0); int(got) != want {
				t.Fatalf("mex of exact lines %v (lagged %v, explicit %v) = %d, want %d", m.exact, m.lagged, m.explicit, got, want)
			}

			w := v / 64
			wantOpen := w
			for {
				full := false
				for _, i := range m.exact {
					full = full || plain.wordFull(i, wantOpen)
				}
				if !full {
					break
				}
				wantOpen++
			}
			if got := b.openAll(m.exact, w); got != wantOpen {
				t.Fatalf("first word from %d full in none of lines %v = %d, want %d", w, m.exact, got, wantOpen)
			}
		}
		// mex3, the unrolled mex of three exact lines.
		for _, ls := range [][3]int{{0, 1, 2}, {l, l2, 4}} {
			want := 0
			for plain[ls[0]][want] || plain[ls[1]][want] || plain[ls[2]][want] {
				want++
			}
			if got := b.mex3(ls[0], ls[1], ls[2]); int(got) != want {
				t.Fatalf("mex3 of lines %v = %d, want %d", ls, got, want)
			}
		}
		for i := range lines {
			if got, want := int(b.fz[i]), plain.firstZero(i, 0); got != want {
				t.Fatalf("line %d: first missing value %d, want %d", i, got, want)
			}
			w := v / 64
			want := w
			for plain.wordFull(i, want) {
				want++
			}
			if got := b.open(i, w); got != want {
				t.Fatalf("line %d: first open word from %d is %d, want %d", i, w, got, want)
			}
		}
	}
}

// TestLineBitsAgainstPlain runs random programs (see driveLineBits) whose
// runs fill words densely enough for the summaries to matter.
func TestLineBitsAgainstPlain(t *testing.T) {
	for seed := range uint64(40) {
		rng := rand.New(rand.NewPCG(seed, 23))
		ops := make([]byte, 1+4*400)
		for i := range ops {
			ops[i] = byte(rng.UintN(256))
		}
		// Even seeds keep values in the first quarter of the lines, so
		// that runs meet and fill words.
		ops[0] = byte(seed * 5)
		words := 1 + int(ops[0])%200
		for i := 1; i+3 < len(ops); i += 4 {
			if seed%2 == 0 {
				ops[i+2] = byte(rng.IntN(max(1, words/16)))
			}
		}
		driveLineBits(t, ops)
	}
}

// FuzzLineBits checks lineBits against its plain model on any program.
func FuzzLineBits(f *testing.F) {
	f.Add([]byte{70, 2, 0, 0, 0, 2, 0, 1, 0, 2, 0, 0, 64, 5 | 1<<3, 0, 0, 0})
	f.Add([]byte{130, 2 | 31<<3, 1, 0, 0, 4, 0x10, 0, 0, 6 | 3<<3, 0x12, 0, 5, 7 | 31<<3, 3, 16, 200})
	f.Fuzz(driveLineBits)
}

// TestTwoPileUpperSweep compares the sweep of a symmetric ruleset that
// computes only the positions on and above the diagonal (X ≤ Y) with
// the sweep that computes every position (X > Y) on [0,B]², for every
// ruleset the line sweep takes.
func TestTwoPileUpperSweep(t *testing.T) {
	const B = 240
	for _, game := range twoPileGames {
		r, err := games.Parse(game)
		if err != nil {
			t.Fatal(err)
		}
		mv, _ := twoPileMoves(r, 2)
		if mv.Diagonal.S > 1 {
			continue
		}
		if !newTwoPileRun(mv, B, B+1).upper() && mv.Single[0] == mv.Single[1] {
			t.Fatalf("%s: symmetric moves but no upper sweep", game)
		}
		upper, err := SolveTwoPile(context.Background(), r, B, B+1, nil)
		if err != nil {
			t.Fatal(err)
		}
		full, err := SolveTwoPile(context.Background(), r, B+1, B, nil)
		if err != nil {
			t.Fatal(err)
		}
		for x := 0; x <= B; x++ {
			for y := 0; y <= B; y++ {
				if u, f := upper.vals[x*(B+2)+y], full.vals[x*(B+1)+y]; u != f {
					t.Fatalf("%s at (%d, %d): upper sweep %v, full sweep %v", game, x, y, u, f)
				}
			}
		}
	}
}

// TestTwoPileLocalRule checks sampled positions of tall rectangles, whose
// values pass 4096 (the second summary word of a line), against the rule
// itself: each G and G⁻ is the mex, each R and R⁻ Smith's rule, of the
// values of the position's options (the ruleset's Options) read from the
// same solution. Every position's values following from its options'
// values, the solution is the game's.
func TestTwoPileLocalRule(t *testing.T) {
	for _, c := range []struct {
		game string
		X, Y int
		high bool // values pass 4096
	}{
		{"wythoff", 300, 4400, true},
		{"wythoff:s=1,t=3", 120, 4600, true},
		{"wythoff-oo:s=1,t=2", 60, 1200, false},
		{"wythoff-mult:K=3", 100, 1500, false},
		{"wythoff-oe", 40, 1500, false},
		{"greedy-nim", 100, 1500, false},
	} {
		r, err := games.Parse(c.game)
		if err != nil {
			t.Fatal(err)
		}
		tv, err := SolveTwoPile(context.Background(), r, c.X, c.Y, nil)
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(uint64(c.X), uint64(c.Y)))
		high := 0
		for i := range 400 {
			x, y := rng.IntN(c.X+1), c.Y-rng.IntN(c.Y/3)
			if i%3 == 0 {
				x, y = rng.IntN(c.X+1), rng.IntN(c.Y+1)
			}
			p := grundy.Position{x, y}
			got, _ := tv.Values(p)
			high = max(high, got.G)
			var fs []grundy.Values
			r.Options(p, func(q grundy.Position) bool {
				v, ok := tv.Values(q)
				if !ok {
					t.Fatalf("%s: option %v of %v outside the rectangle", c.game, q, p)
				}
				fs = append(fs, v)
				return true
			})
			if want := naiveFrom(fs); got != want {
				t.Fatalf("%s [0,%d]×[0,%d] at %v: %+v, its options give %+v", c.game, c.X, c.Y, p, got, want)
			}
		}
		if high < 4096 && c.high {
			t.Errorf("%s: largest G sampled %d, below the second summary word", c.game, high)
		}
	}
}
