package solve

import (
	"context"
	"math/bits"

	"github.com/grundy/grundy"
)

// The two-pile solver computes every position of a rectangle [0,X]×[0,Y]
// of a ruleset whose moves lie on lines (grundy.TwoPile), column by column
// (x outer, y inner), without enumerating options:
//
//   - a single-pile move on pile 0 leads from (x, y) to (x', y), x' < x,
//     x' in one residue class: a prefix of a "row line" (y, class). Each
//     row line keeps the set of G and of G⁻ values seen (bitsets) and the
//     extremes Smith's remoteness needs (least even R, largest odd R, the
//     same for R⁻). Pile 1's moves use "column lines" alike; a bounded
//     amount (Bounded Nim) reads its few targets directly.
//   - an (s,t)-Wythoff move with s = 1 takes k from one pile and k + e from
//     the other, 0 ≤ e < t, all multiples of K: a prefix of one of 2⌈t/K⌉−1
//     diagonals, each split in K classes. Diagonal lines are filled at the
//     end of each column. For the diagonals where the y pile loses more,
//     that set is exactly the options; where the x pile loses e > 0 more,
//     it holds up to e/K recent points that are not options (they lie in
//     the last e columns, at rows ≥ y). A diagonal class is itself a move
//     line (k = l), so its values are pairwise distinct: the mex clears
//     those points' values from the line's set, and the remoteness extremes
//     come from per-position prefix extremes along the diagonal, kept for
//     the last t + K columns.
//
// The mex of a position is the first zero of the union of its lines'
// bitsets, scanned word by word from the largest "first zero" of its exact
// lines (each line keeps its own, which only grows), skipping through
// per-line summaries the words one exact line fills (see lineBits). Per
// position that is O(t²/K² + a few words + B/4096); measured, the work
// grows as B^2.0–2.2 up to B = 20000, cache misses included (see
// BENCHMARKS.md), against Θ(B³) options for the generic solver. A
// symmetric ruleset computes the positions on and above the diagonal only
// (see upper); without R and R⁻ no remoteness extremes are kept.
//
// For s > 1 the two-pile moves form a cone: from column x−k, rows y−l with
// k ≤ l < sk+t (and its mirror). No line structure covers it, but the cone
// of (x, y+K) is the cone of (x, y) shifted up by K, so a sweep up each
// column keeps the cone as a multiset (counts per value, and bitsets of the
// values present) and moves it with one insertion and one removal per
// column of the cone: O(x/K) per position, Θ(B³) for the box, against
// Θ(B⁴) options for the generic solver.

// rec holds the four values of a position: G, G⁻, R, R⁻.
type rec [4]int32

var terminalRec = rec{0, 1, 0, 1}

// ragg holds Smith's remoteness extremes over a set of positions: least
// even and largest odd R, then R⁻; −1 when there is none.
type ragg [4]int32

var emptyAgg = ragg{-1, -1, -1, -1}

func (a *ragg) add(v rec) {
	for i, r := range [2]int32{v[2], v[3]} {
		if r%2 == 0 {
			if a[2*i] < 0 || r < a[2*i] {
				a[2*i] = r
			}
		} else if r > a[2*i+1] {
			a[2*i+1] = r
		}
	}
}

func (a *ragg) merge(b ragg) {
	for i := 0; i < 4; i += 2 {
		if b[i] >= 0 && (a[i] < 0 || b[i] < a[i]) {
			a[i] = b[i]
		}
		a[i+1] = max(a[i+1], b[i+1])
	}
}

// empty reports whether no position was added (pass p: 0 for R, 1 for
// R⁻): every position has R ≥ 0 and R⁻ ≥ 1.
func (a ragg) empty(p int) bool { return a[2*p] < 0 && a[2*p+1] < 0 }

// remoteness is Smith's recursion (see grundy.RemotenessStep) over a
// non-empty set of followers: R for p = 0, R⁻ for p = 1.
func (a ragg) remoteness(p int) int32 {
	if a[2*p] >= 0 {
		return a[2*p] + 1
	}
	return a[2*p+1] + 1
}

// lineBits holds one bitset of values per line, the first value missing
// from each, and per line a summary bit for each word of its bitset that
// is full. The mex of a union of lines skips the words some exact line
// fills through the summaries: for Wythoff the union's mex lies O(x)
// above the largest first-missing value of its lines, but all but about
// two words of that stretch are full in one of them (measured 1.7–1.8
// words per mex at B = 1000–2000, against 4.1–7.2 scanned), so a mex
// costs O(1 + B/4096) instead of O(B/256) steps.
//
// Words are stored word-major (word w of every line together): the sweep
// visits neighbouring lines (rows y, y+1, …; diagonals y−x, y−x+1, …)
// at nearby words, which then share cache lines; line-major, each line's
// word was a cache miss of its own.
type lineBits struct {
	lines, words int
	bits         []uint64 // word w of line l at w*lines + l
	full         []uint64 // bit w&63 of (w>>6)*lines + l: word w of line l is full
	fz           []int32
}

func newLineBits(lines, words int) lineBits {
	return lineBits{lines: lines, words: words,
		bits: make([]uint64, lines*words), full: make([]uint64, lines*summaryWords(words)),
		fz: make([]int32, lines)}
}

func summaryWords(words int) int { return (words + 63) / 64 }

// lineBitsBytes is the memory of newLineBits(lines, words).
func lineBitsBytes(lines, words int) uint64 {
	return uint64(lines) * (8*uint64(words+summaryWords(words)) + 4)
}

func (b *lineBits) add(line int, v int32) {
	w := int(v >> 6)
	i := w*b.lines + line
	word := b.bits[i] | 1<<(v&63)
	b.bits[i] = word
	if word == ^uint64(0) {
		b.full[(w>>6)*b.lines+line] |= 1 << (w & 63)
	}
	if v != b.fz[line] {
		return
	}
	if rest := ^word >> (v & 63); rest != 0 {
		b.fz[line] = v + int32(bits.TrailingZeros64(rest))
		return
	}
	// The bitsets hold a bit beyond the largest value, so the last word
	// is never full and this stops within the line.
	w = b.open(line, w+1)
	b.fz[line] = int32(w*64 + bits.TrailingZeros64(^b.bits[w*b.lines+line]))
}

// open is the first word from w on that is not full in line l.
func (b *lineBits) open(l, w int) int {
	for {
		if rest := ^b.full[(w>>6)*b.lines+l] >> (w & 63); rest != 0 {
			return w + bits.TrailingZeros64(rest)
		}
		w = (w | 63) + 1
	}
}

// openAll is the first word from w on that is full in none of the lines.
func (b *lineBits) openAll(lines []int, w int) int {
	for {
		base := (w >> 6) * b.lines
		var f uint64
		for _, l := range lines {
			f |= b.full[base+l]
		}
		if rest := ^f >> (w & 63); rest != 0 {
			return w + bits.TrailingZeros64(rest)
		}
		w = (w | 63) + 1
	}
}

// mex3 is the least value absent from three lines: mexer.mex for the
// commonest case, a row, a column and a diagonal line, unrolled.
func (b *lineBits) mex3(l0, l1, l2 int) int32 {
	w := int(max(b.fz[l0], b.fz[l1], b.fz[l2]) >> 6)
	n := b.lines
	for {
		// A word full in one line is full in the union.
		for {
			base := (w >> 6) * n
			f := b.full[base+l0] | b.full[base+l1] | b.full[base+l2]
			if rest := ^f >> (w & 63); rest != 0 {
				w += bits.TrailingZeros64(rest)
				break
			}
			w = (w | 63) + 1
		}
		base := w * n
		if acc := b.bits[base+l0] | b.bits[base+l1] | b.bits[base+l2]; acc != ^uint64(0) {
			return int32(w*64 + bits.TrailingZeros64(^acc))
		}
		w++
	}
}

// word is word w of line l.
func (b *lineBits) word(l, w int) uint64 { return b.bits[w*b.lines+l] }

// clear empties the lines [from, to).
func (b *lineBits) clear(from, to int) {
	for i := 0; i < len(b.bits); i += b.lines {
		clear(b.bits[i+from : i+to])
	}
	for i := 0; i < len(b.full); i += b.lines {
		clear(b.full[i+from : i+to])
	}
	clear(b.fz[from:to])
}

// copyLine makes line dst a copy of line src.
func (b *lineBits) copyLine(dst, src int) {
	for i := 0; i < len(b.bits); i += b.lines {
		b.bits[i+dst] = b.bits[i+src]
	}
	for i := 0; i < len(b.full); i += b.lines {
		b.full[i+dst] = b.full[i+src]
	}
	b.fz[dst] = b.fz[src]
}

// A lag is a line whose set holds a few values that are not options: the
// values of field f of extras[from:to].
type lag struct{ line, from, to int }

// mexer gathers the lines of one position.
type mexer struct {
	exact    []int
	lagged   []lag
	extras   []rec // values to clear from lagged lines
	explicit []rec // options outside any line
	present  *[2][]uint64
}

func (m *mexer) reset() {
	m.exact, m.lagged, m.extras, m.explicit = m.exact[:0], m.lagged[:0], m.extras[:0], m.explicit[:0]
}

// mex is the least value of field f (0: G, 1: G⁻) absent from every line.
func (m *mexer) mex(b *lineBits, f int) int32 {
	start := int32(0)
	for _, l := range m.exact {
		start = max(start, b.fz[l])
	}
	for w := int(start >> 6); ; w++ {
		// A word full in an exact line is full in the union.
		w = b.openAll(m.exact, w)
		var acc uint64
		for _, l := range m.exact {
			acc |= b.word(l, w)
		}
		for _, lg := range m.lagged {
			word := b.word(lg.line, w)
			for _, e := range m.extras[lg.from:lg.to] {
				if int(e[f]>>6) == w {
					word &^= 1 << (e[f] & 63)
				}
			}
			acc |= word
		}
		for _, e := range m.explicit {
			if int(e[f]>>6) == w {
				acc |= 1 << (e[f] & 63)
			}
		}
		if m.present != nil {
			acc |= m.present[f][w]
		}
		if acc != ^uint64(0) {
			return int32(w*64 + bits.TrailingZeros64(^acc))
		}
	}
}

// twoPileRun is one sweep of a rectangle.
type twoPileRun struct {
	mv    grundy.TwoPileMoves
	X, Y  int
	words int // per value bitset
	// noRemoteness[p] says that pass p's remoteness (R, or R⁻) is not
	// wanted: the line sweep then sets field 2+p to 0 or 1 and keeps no
	// remoteness extremes.
	noRemoteness [2]bool
	// lower says that emit reads the rows below the diagonal (y < x) too;
	// without it a symmetric sweep does not compute them (see upper).
	lower bool
	// emit receives each finished column of pass p, whose fields p (G or
	// G⁻) and 2+p (R or R⁻) are set in the rows from t.firstRow(x) on;
	// col is reused after it returns. The two passes run at once.
	emit func(x int, col []rec, p int) error
}

func newTwoPileRun(mv grundy.TwoPileMoves, X, Y int) *twoPileRun {
	// No value exceeds the longest play (X + Y moves), plus one for G⁻;
	// one more bit stops lineBits.add.
	return &twoPileRun{mv: mv, X: X, Y: Y, words: (X+Y+2)/64 + 1}
}

// least is the least amount n ≥ 1 of the residue class a allows (not
// heeding a's bound).
func least(a grundy.PileAmounts) int {
	if a.Residue == 0 {
		return a.Modulus
	}
	return a.Residue
}

func modPos(a, m int) int {
	a %= m
	if a < 0 {
		a += m
	}
	return a
}

// upper reports whether the line sweep computes only the positions on and
// above the diagonal (y ≥ x): the moves are the same from both piles, so
// (x, y) has the values of (y, x); no column lies beyond the square
// (X ≤ Y); and emit does not read the rows below. It then reads the few
// rows just below the diagonal that its moves reach from the mirror
// images in its ring of recent columns, and column x's column lines start
// as copies of row x's row lines, which hold the mirror images of the
// rows below. Row lines of rows below the diagonal are never read again
// (a row y is read at columns x ≤ y only), nor are diagonals y − x below
// −lookback, so neither is kept.
func (t *twoPileRun) upper() bool {
	return t.mv.Diagonal.S <= 1 && t.mv.Single[0] == t.mv.Single[1] && t.X <= t.Y && !t.lower
}

// firstRow is the first row of column x the sweep computes.
func (t *twoPileRun) firstRow(x int) int {
	if t.upper() {
		return x
	}
	return 0
}

// diagOffset is how far below the main diagonal the diagonal lines reach:
// an upper sweep reads diagonals down to −eMax only (k from x, k + e from
// y, e ≤ eMax).
func (t *twoPileRun) diagOffset() int {
	if t.upper() {
		return min(t.X, t.eMax())
	}
	return t.X
}

// eMax is the largest e of the two-pile moves that take k from one pile
// and k + e from the other (s = 1): the largest multiple of K below T.
func (t *twoPileRun) eMax() int {
	if d := t.mv.Diagonal; d.S == 1 {
		return (d.T - 1) / d.K * d.K
	}
	return 0
}

// lineCounts is the number of row, column and diagonal lines.
func (t *twoPileRun) lineCounts() (rows, cols, diags int) {
	s0, s1 := t.mv.Single[0], t.mv.Single[1]
	if s0.Modulus > 0 && s0.Bound == 0 {
		rows = (t.Y + 1) * s0.Modulus
	}
	if s1.Modulus > 0 && s1.Bound == 0 {
		cols = s1.Modulus
	}
	if d := t.mv.Diagonal; d.S == 1 {
		diags = (t.diagOffset() + t.Y + 1) * d.K
	}
	return rows, cols, diags
}

// lookback is how many earlier columns the line sweep reads directly.
func (t *twoPileRun) lookback() int {
	back := max(1, t.mv.Single[0].Bound)
	if d := t.mv.Diagonal; d.S == 1 {
		back = max(back, (d.T-1)/d.K*d.K+d.K)
	}
	return back
}

// bytes is the working memory of the sweep's two passes, columns handed
// to emit included.
func (t *twoPileRun) bytes() uint64 {
	h := uint64(t.Y + 1)
	rows, cols, diags := t.lineCounts()
	if t.mv.Diagonal.S > 1 {
		// The cone reads every earlier column; counts and bitsets per value.
		cone := uint64(2 * (4*64*t.words + 8*t.words))
		perPass := 16*h*uint64(t.X+1) + uint64(t.mv.Diagonal.K)*cone + lineBitsBytes(rows+cols, t.words) + 16*uint64(rows+cols)
		return 2 * perPass
	}
	if t.tiled() {
		// A tile's columns have lines of their own, and wait whole for emit.
		cols *= tileColumns
		return 2 * (lineBitsBytes(rows+cols+diags, t.words) + 16*uint64(rows+cols+diags) + 16*h*tileColumns)
	}
	return 2 * (lineBitsBytes(rows+cols+diags, t.words) + 16*uint64(rows+cols) + 32*h*uint64(t.lookback()+1))
}

// work is about the elementary steps of the sweep: per position and
// pass, the cone's moves (s > 1) or the lines' bookkeeping and a mex
// scan (about two words, measured, and the summaries of the words
// between the lines' first missing values and the mex: at most
// (X+Y)/4096 words). An upper sweep computes half the positions.
func (t *twoPileRun) work() float64 {
	n := float64(t.X+1) * float64(t.Y+1)
	if d := t.mv.Diagonal; d.S > 1 {
		return 2 * n * (8 + 4*float64(t.X)/float64(d.K))
	}
	if t.upper() {
		n = n/2 + float64(t.X+1)
	}
	return 2 * n * (16 + float64(t.mv.Diagonal.T*t.mv.Diagonal.T) + float64(t.X+t.Y)/4096)
}

// run sweeps the rectangle in two passes at once, one on each core: G
// and R, then G⁻ and R⁻ (they share no state, only the line layout).
func (t *twoPileRun) run(ctx context.Context) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	errs := make(chan error, 2)
	for p := range 2 {
		go func() {
			var err error
			if t.mv.Diagonal.S > 1 {
				err = t.runCone(ctx, p)
			} else {
				if t.tiled() {
					err = t.runTiles(ctx, p)
				} else {
					err = t.runLines(ctx, p)
				}
			}
			if err != nil {
				cancel()
			}
			errs <- err
		}()
	}
	err0, err1 := <-errs, <-errs
	if err0 != nil {
		return err0
	}
	return err1
}

// runLines sweeps rulesets whose moves all lie on lines (s ≤ 1).
func (t *twoPileRun) runLines(ctx context.Context, p int) error {
	mv, X, Y, H := t.mv, t.X, t.Y, t.Y+1
	s0, s1, d := mv.Single[0], mv.Single[1], mv.Diagonal
	rows, cols, diags := t.lineCounts()
	colBase, diagBase := rows, rows+cols
	gb := newLineBits(rows+cols+diags, t.words)
	aggs := make([]ragg, rows+cols)
	for i := range aggs {
		aggs[i] = emptyAgg
	}
	dk, eMax := 1, t.eMax()
	if d.S == 1 {
		dk = d.K
	}
	dOff := t.diagOffset()
	diagLine := func(D, cls int) int { return diagBase + (D+dOff)*dk + cls }
	// ring[x%R] holds column x's values and, per position, the remoteness
	// extremes of its diagonal class up to it.
	R := t.lookback() + 1
	vals := make([][]rec, R)
	pre := make([][]ragg, R)
	for i := range vals {
		vals[i], pre[i] = make([]rec, H), make([]ragg, H)
	}
	// An upper sweep reads rows x − back … x − 1 of column x from the
	// mirror images (upper's comment).
	upper, back := t.upper(), R-1
	// Without the remoteness, no extremes are kept: whether a position
	// has an option is known from its lines' extents. A row line (y, c)
	// holds the columns x' < x with x − x' ≡ r (mod m), which exist from
	// x = n0, the least amount pile 0 may lose, on.
	rem := !t.noRemoteness[p]
	n0, n1 := least(s0), least(s1)
	var m mexer
	for x := 0; x <= X; x++ {
		if err := ctx.Err(); err != nil {
			return err
		}
		cur, curPre := vals[x%R], pre[x%R]
		if cols > 0 {
			if upper {
				// Column line c holds rows y ≡ c (mod m) below y; below the
				// diagonal they are the mirror images, row x's line c.
				for c := range cols {
					gb.copyLine(colBase+c, x*s0.Modulus+c)
					aggs[colBase+c] = aggs[x*s0.Modulus+c]
				}
			} else {
				gb.clear(colBase, colBase+cols)
				for i := colBase; i < colBase+cols; i++ {
					aggs[i] = emptyAgg
				}
			}
		}
		lo := 0
		if upper {
			lo = max(0, x-back)
		}
		for y := lo; y <= Y; y++ {
			var v rec
			mirror := upper && y < x
			if mirror {
				// (x, y) has the values of (y, x), back columns at most.
				v = terminalRec
				w := vals[y%R][x]
				v[p], v[2+p] = w[p], w[2+p]
			} else {
				m.reset()
				// has: the position has an option (agg is not empty).
				agg, has := emptyAgg, false
				if s0.Modulus > 0 && (!mv.LargestOnly || x >= y) {
					if s0.Bound == 0 {
						l := y*s0.Modulus + modPos(x-s0.Residue, s0.Modulus)
						m.exact = append(m.exact, l)
						if x >= n0 {
							has = true
							if rem {
								agg.merge(aggs[l])
							}
						}
					} else {
						for n := 1; n <= s0.Bound && n <= x; n++ {
							if n%s0.Modulus == s0.Residue {
								v := vals[(x-n)%R][y]
								m.explicit = append(m.explicit, v)
								has = true
								agg.add(v)
							}
						}
					}
				}
				if s1.Modulus > 0 && (!mv.LargestOnly || y >= x) {
					if s1.Bound == 0 {
						l := colBase + modPos(y-s1.Residue, s1.Modulus)
						m.exact = append(m.exact, l)
						if y >= n1 {
							has = true
							if rem {
								agg.merge(aggs[l])
							}
						}
					} else {
						for n := 1; n <= s1.Bound && n <= y; n++ {
							if n%s1.Modulus == s1.Residue {
								v := cur[y-n]
								m.explicit = append(m.explicit, v)
								has = true
								agg.add(v)
							}
						}
					}
				}
				if d.S == 1 {
					cls := x % dk
					for e := 0; e <= eMax; e += dk {
						// k from x, k + e from y: the diagonal y − x − e up to
						// column x − K, all of it in its line.
						if am, rm := x-dk, y-e-dk; am >= 0 && rm >= 0 {
							m.exact = append(m.exact, diagLine(y-x-e, cls))
							has = true
							if rem {
								agg.merge(pre[am%R][rm])
							}
						}
						// k + e from x, k from y: the diagonal y − x + e up to
						// column x − e − K; its line also holds columns
						// x − e … x − K.
						if am, rm := x-e-dk, y-dk; e > 0 && am >= 0 && rm >= 0 {
							D := y - x + e
							from := len(m.extras)
							for a := x - e; a <= x-dk && a+D <= Y; a += dk {
								m.extras = append(m.extras, vals[a%R][a+D])
							}
							m.lagged = append(m.lagged, lag{diagLine(D, cls), from, len(m.extras)})
							has = true
							if rem {
								agg.merge(pre[am%R][rm])
							}
						}
					}
				}
				v = terminalRec
				if has {
					v[p] = m.mex(&gb, p)
					if rem {
						v[2+p] = agg.remoteness(p)
					}
				}
			}
			cur[y] = v
			if rem {
				up := emptyAgg
				if d.S == 1 && x >= dk && y >= dk {
					up = pre[(x-dk)%R][y-dk]
				}
				up.add(v)
				curPre[y] = up
			}
			if mirror {
				// Row y is not read again, and column x's lines hold (x, y)
				// already.
				continue
			}
			if rows > 0 {
				l := y*s0.Modulus + x%s0.Modulus
				gb.add(l, v[p])
				if rem {
					aggs[l].add(v)
				}
			}
			if cols > 0 {
				l := colBase + y%s1.Modulus
				gb.add(l, v[p])
				if rem {
					aggs[l].add(v)
				}
			}
		}
		if d.S == 1 {
			dlo := lo
			if upper {
				dlo = max(0, x-eMax)
			}
			for y := dlo; y <= Y; y++ {
				gb.add(diagLine(y-x, x%dk), cur[y][p])
			}
		}
		if err := t.emit(x, cur, p); err != nil {
			return err
		}
	}
	return nil
}

// tiled reports whether the sweep goes by tiles (runTiles): an upper
// sweep (see upper) whose moves read only lines, never their own
// column's diagonals (every e is 0) nor explicit targets (no bound).
func (t *twoPileRun) tiled() bool {
	return t.upper() && t.mv.Diagonal.S <= 1 && t.eMax() == 0 && t.mv.Single[0].Bound == 0
}

// A tile is tileColumns columns by tileRows rows.
const tileColumns, tileRows = 64, 64

// runTiles is runLines for tiled sweeps. The column sweep reads, at each
// position, a word of its row line and of its diagonal line that were
// last read a whole column earlier: with the mex skipping through full
// words, these accesses are most of the cost, and beyond a few thousand
// rows they miss every cache. Tiles of tileColumns columns by tileRows
// rows, the tiles of a block of columns bottom to top and each column by
// column, read a band's row and diagonal lines tileColumns times while
// they are in the caches. The order keeps every line exact: row y and
// diagonal y − x hold the columns before x (earlier blocks, and earlier
// columns of the block in this band or, for a diagonal, below it), and
// each column of the block has column lines of its own, which start at
// (x, x) as copies of row x's lines (upper). With every e = 0 a position
// is added to its diagonal line at once (no later position of its column
// reads that diagonal), and the remoteness extremes of a diagonal are
// its line's own, as for rows.
func (t *twoPileRun) runTiles(ctx context.Context, p int) error {
	mv, X, Y, H := t.mv, t.X, t.Y, t.Y+1
	s0, d := mv.Single[0], mv.Diagonal
	rows, m, diags := t.lineCounts()
	colBase, diagBase := rows, rows+m*tileColumns
	gb := newLineBits(diagBase+diags, t.words)
	dk := 1
	if d.S == 1 {
		dk = d.K
	}
	rem := !t.noRemoteness[p]
	aggs := make([]ragg, diagBase+diags)
	for i := range aggs {
		aggs[i] = emptyAgg
	}
	n0 := least(s0)
	cols := make([][]rec, tileColumns)
	for i := range cols {
		cols[i] = make([]rec, H)
	}
	var mx mexer
	for x0 := 0; x0 <= X; x0 += tileColumns {
		if err := ctx.Err(); err != nil {
			return err
		}
		x1 := min(x0+tileColumns, X+1)
		for y0 := x0; y0 <= Y; y0 += tileRows {
			y1 := min(y0+tileRows, Y+1)
			for x := x0; x < x1; x++ {
				col, cb := cols[x-x0], colBase+(x-x0)*m
				ya := max(y0, x)
				if ya >= y1 {
					break // so are the later columns' rows
				}
				if ya == x {
					// Column x's lines hold its positions below the diagonal:
					// the mirror images, row x's lines.
					for c := range m {
						gb.copyLine(cb+c, x*m+c)
						aggs[cb+c] = aggs[x*m+c]
					}
				}
				for y := ya; y < y1; y++ {
					mx.reset()
					agg, has := emptyAgg, false
					if m > 0 && (!mv.LargestOnly || x >= y) {
						l := y*m + modPos(x-s0.Residue, m)
						mx.exact = append(mx.exact, l)
						if x >= n0 {
							has = true
							if rem {
								agg.merge(aggs[l])
							}
						}
					}
					if m > 0 {
						// Column moves: y ≥ x, so also under LargestOnly.
						l := cb + modPos(y-s0.Residue, m)
						mx.exact = append(mx.exact, l)
						if y >= n0 {
							has = true
							if rem {
								agg.merge(aggs[l])
							}
						}
					}
					dl := diagBase + (y-x)*dk + x%dk
					if d.S == 1 && x >= dk && y >= dk {
						mx.exact = append(mx.exact, dl)
						has = true
						if rem {
							agg.merge(aggs[dl])
						}
					}
					v := terminalRec
					if has && len(mx.exact) == 3 {
						v[p] = gb.mex3(mx.exact[0], mx.exact[1], mx.exact[2])
						if rem {
							v[2+p] = agg.remoteness(p)
						}
					} else if has {
						v[p] = mx.mex(&gb, p)
						if rem {
							v[2+p] = agg.remoteness(p)
						}
					}
					col[y] = v
					if m > 0 {
						l := y*m + x%m
						gb.add(l, v[p])
						l2 := cb + y%m
						gb.add(l2, v[p])
						if rem {
							aggs[l].add(v)
							aggs[l2].add(v)
						}
					}
					if d.S == 1 {
						gb.add(dl, v[p])
						if rem {
							aggs[dl].add(v)
						}
					}
				}
			}
		}
		for x := x0; x < x1; x++ {
			if err := t.emit(x, cols[x-x0], p); err != nil {
				return err
			}
		}
	}
	return nil
}

// multiset counts the values of a set of positions, for the kinds of
// one pass (G and R, or G⁻ and R⁻), with bitsets of the values present.
type multiset struct {
	pass    int
	count   [2][]int32 // Grundy value, remoteness
	present [2][]uint64
}

func newMultiset(pass, values, words int) *multiset {
	s := multiset{pass: pass}
	for i := range 2 {
		s.count[i], s.present[i] = make([]int32, values), make([]uint64, words)
	}
	return &s
}

func (s *multiset) add(v rec) {
	for i, x := range [2]int32{v[s.pass], v[2+s.pass]} {
		if s.count[i][x]++; s.count[i][x] == 1 {
			s.present[i][x>>6] |= 1 << (x & 63)
		}
	}
}

func (s *multiset) remove(v rec) {
	for i, x := range [2]int32{v[s.pass], v[2+s.pass]} {
		if s.count[i][x]--; s.count[i][x] == 0 {
			s.present[i][x>>6] &^= 1 << (x & 63)
		}
	}
}

func (s *multiset) reset() {
	for i := range 2 {
		clear(s.count[i])
		clear(s.present[i])
	}
}

// agg is the remoteness extremes of the multiset (in the pass's half).
func (s *multiset) agg() ragg {
	const even, odd = 0x5555555555555555, 0xAAAAAAAAAAAAAAAA
	a := emptyAgg
	{
		i, p := s.pass, s.present[1]
		for w, word := range p {
			if word&even != 0 {
				a[2*i] = int32(w*64 + bits.TrailingZeros64(word&even))
				break
			}
		}
		for w := len(p) - 1; w >= 0; w-- {
			if word := p[w] & odd; word != 0 {
				a[2*i+1] = int32(w*64 + 63 - bits.LeadingZeros64(word))
				break
			}
		}
	}
	return a
}

// runCone sweeps (s,t)-Wythoff games with s > 1.
func (t *twoPileRun) runCone(ctx context.Context, p int) error {
	mv, X, Y, H := t.mv, t.X, t.Y, t.Y+1
	s0, s1, d := mv.Single[0], mv.Single[1], mv.Diagonal
	rows, cols, _ := t.lineCounts()
	colBase := rows
	gb := newLineBits(rows+cols, t.words)
	aggs := make([]ragg, rows+cols)
	for i := range aggs {
		aggs[i] = emptyAgg
	}
	vals := make([]rec, (X+1)*H)
	at := func(x, y int) rec { return vals[x*H+y] }
	K := d.K
	// Column x−k of the cone of (x, y) holds rows y−l, l from k to top[k]
	// (k from x, l from y); column x−l of the mirror cone holds rows y−k,
	// k from low[l] to l.
	top, low := make([]int, X+1), make([]int, X+1)
	for k := K; k <= X; k += K {
		top[k] = (d.S*k + d.T - 1) / K * K
		kk := max(0, k-d.T+1)
		kk = (kk + d.S - 1) / d.S // least k with s·k + t − 1 ≥ l
		low[k] = max(K, (kk+K-1)/K*K)
	}
	// One cone per residue of y mod K, each moved up by K after its row.
	cones := make([]*multiset, K)
	for i := range cones {
		cones[i] = newMultiset(p, 64*t.words, t.words)
	}
	var m mexer
	var present [2][]uint64
	m.present = &present
	for x := 0; x <= X; x++ {
		if err := ctx.Err(); err != nil {
			return err
		}
		if cols > 0 {
			gb.clear(colBase, colBase+cols)
			for i := colBase; i < colBase+cols; i++ {
				aggs[i] = emptyAgg
			}
		}
		for y := 0; y <= Y; y++ {
			cone := cones[y%K]
			if y < K {
				// The cones of (x, y < K) are empty: every two-pile move
				// takes at least K from each pile.
				cone.reset()
			}
			m.reset()
			present[p] = cone.present[0]
			agg := cone.agg()
			if s0.Modulus > 0 && (!mv.LargestOnly || x >= y) {
				if s0.Bound == 0 {
					l := y*s0.Modulus + modPos(x-s0.Residue, s0.Modulus)
					m.exact = append(m.exact, l)
					agg.merge(aggs[l])
				} else {
					for n := 1; n <= s0.Bound && n <= x; n++ {
						if n%s0.Modulus == s0.Residue {
							v := at(x-n, y)
							m.explicit = append(m.explicit, v)
							agg.add(v)
						}
					}
				}
			}
			if s1.Modulus > 0 && (!mv.LargestOnly || y >= x) {
				if s1.Bound == 0 {
					l := colBase + modPos(y-s1.Residue, s1.Modulus)
					m.exact = append(m.exact, l)
					agg.merge(aggs[l])
				} else {
					for n := 1; n <= s1.Bound && n <= y; n++ {
						if n%s1.Modulus == s1.Residue {
							v := at(x, y-n)
							m.explicit = append(m.explicit, v)
							agg.add(v)
						}
					}
				}
			}
			v := terminalRec
			if !agg.empty(p) {
				v[p], v[2+p] = m.mex(&gb, p), agg.remoteness(p)
			}
			vals[x*H+y] = v
			if rows > 0 {
				l := y*s0.Modulus + x%s0.Modulus
				gb.add(l, v[p])
				aggs[l].add(v)
			}
			if cols > 0 {
				l := colBase + y%s1.Modulus
				gb.add(l, v[p])
				aggs[l].add(v)
			}
			// Move both cones of this residue up by K: per column, the
			// row entering at the top and the row leaving at the bottom.
			for k := K; k <= x; k += K {
				c := x - k
				if r := y + K - k; r >= 0 && r <= Y {
					cone.add(at(c, r))
				}
				if r := y - top[k]; r >= 0 {
					cone.remove(at(c, r))
				}
				if r := y + K - low[k]; r >= 0 && r <= Y {
					cone.add(at(c, r))
				}
				if r := y - k; r >= 0 {
					cone.remove(at(c, r))
				}
			}
		}
		if err := t.emit(x, vals[x*H:(x+1)*H], p); err != nil {
			return err
		}
	}
	return nil
}
