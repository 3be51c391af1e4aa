package instruments

import (
	"context"
	"fmt"
	"slices"
	"strconv"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/games"
	"github.com/grundy/grundy/internal/plural"
	"github.com/grundy/grundy/solve"
)

// A SolveFunc solves a box for the given kinds. The CLI passes
// engine.SolveBox (memory check, progress bar); nil means solve.SolveBox.
type SolveFunc func(ctx context.Context, r grundy.Ruleset, piles, max int, kinds grundy.Kinds) (*solve.Table, error)

func (f SolveFunc) solve(ctx context.Context, r grundy.Ruleset, piles, max int, kinds grundy.Kinds) (*solve.Table, error) {
	if f != nil {
		return f(ctx, r, piles, max, kinds)
	}
	return solve.SolveBox(ctx, r, solve.BoxSpec{Piles: piles, Max: max, Kinds: kinds})
}

// An ExceptionMove is a move of Slow Exact (n−1)-Nim on n piles, named by
// the pile it keeps: Keep is the 1-based index in the sorted position (the
// largest index among equal piles, as the strict M-rule of 003 §2.1 does).
type ExceptionMove struct {
	Keep int    `json:"keep"`
	To   string `json:"to"`
	Rm   int    `json:"Rm"` // R⁻ of the position moved to
}

// An Exception is a position where the M-move is not optimal in misère
// play (003 §2): R⁻(x) − R⁻(x′) ≠ 1 for the M-move x → x′.
type Exception struct {
	Pos     string          `json:"pos"`
	X1      int             `json:"x1"`
	Rm      int             `json:"Rm"`
	MMove   ExceptionMove   `json:"m_move"`
	Optimal []ExceptionMove `json:"optimal"`
	// Minimal: no prefix (x1..xm), 2 ≤ m < n, is an exception of Slow
	// Exact (m−1)-Nim on m piles (003 Prop 1 lists only these).
	Minimal bool `json:"minimal"`
}

// ExceptionsResult lists the misère exceptions to the M-rule of Slow Exact
// k-Nim with n = k+1 piles in a box, with the verdicts that the M-rule is
// optimal in normal play (003 §1.2) and that exceptions are monotone
// (003 Prop 1).
type ExceptionsResult struct {
	Game        string  `json:"game"`
	Box         Box     `json:"box"`
	NonTerminal uint64  `json:"non_terminal"`
	Normal      Verdict `json:"normal"`
	Misere      Verdict `json:"misere"`
	Monotone    Verdict `json:"monotone"`
	Total       int     `json:"total"`   // exceptions in the box
	Minimal     int     `json:"minimal"` // minimal ones among them
	// All says whether Exceptions lists every exception or only the
	// minimal ones (most exceptions of a big box are not minimal).
	All        bool          `json:"all"`
	Exceptions []Exception   `json:"exceptions"`
	Method     grundy.Method `json:"method"`
}

// ExceptionsOptions tune Exceptions.
type ExceptionsOptions struct {
	Options
	// All lists every exception, not only the minimal ones.
	All bool
}

// MMove returns the strict M-move of 003 §2.1 from the sorted position x
// of Slow Exact (n−1)-Nim: keep the smallest even pile (the last of equal
// ones), or if every pile is odd the largest one (the last of equal
// ones), and take a token from each other pile. The result is sorted. ok
// is false when that is not a legal move (x is terminal).
func MMove(x grundy.Position) (to grundy.Position, keep int, ok bool) {
	keep = -1
	for i, v := range x {
		if v%2 == 0 && (keep < 0 || v <= x[keep]) {
			keep = i
		}
	}
	if keep < 0 {
		keep = len(x) - 1
	}
	to = slices.Clone(x)
	for i := range to {
		if i == keep {
			continue
		}
		if to[i] == 0 {
			return nil, 0, false
		}
		to[i]--
	}
	return to, keep, true
}

// exceptionTable tells exceptions of one pile count apart.
type exceptionTable struct {
	t       *solve.Table
	scratch grundy.Position
}

// check returns, for a sorted non-terminal x, the M-move and whether it is
// optimal in normal and in misère play. ok is false for terminal x.
func (e exceptionTable) check(x grundy.Position) (mm grundy.Position, keep int, normalOK, misereOK, ok bool) {
	mm, keep, ok = MMove(x)
	if !ok {
		return nil, 0, false, false, false
	}
	v := e.t.At(e.t.Index.Rank(x))
	w := e.t.At(e.t.Index.Rank(mm))
	return mm, keep, v.R-w.R == 1, v.Rm-w.Rm == 1, true
}

// Exceptions solves Slow Exact (n−1)-Nim on n piles, each at most max, for
// R and R⁻, and lists the positions where the strict M-move is not
// optimal in misère play, with the optimal moves. It also solves n′ = 2..n−1
// piles to mark the minimal exceptions (003 Prop 1) and to test Prop 1's
// monotonicity in the box.
func Exceptions(ctx context.Context, piles, max int, solveBox SolveFunc, opt ExceptionsOptions) (ExceptionsResult, error) {
	if piles < 2 {
		return ExceptionsResult{}, &grundy.OptionError{Func: "exceptions", Option: "piles", Value: strconv.Itoa(piles), Reason: "Slow Exact k-Nim with k = n−1 needs n ≥ 2"}
	}
	tables := make([]exceptionTable, piles+1)
	for m := 2; m <= piles; m++ {
		r := games.Slow{K: m - 1, Exact: true}
		t, err := solveBox.solve(ctx, r, m, max, grundy.KindR|grundy.KindRm)
		if err != nil {
			return ExceptionsResult{}, err
		}
		tables[m] = exceptionTable{t: t, scratch: make(grundy.Position, m)}
	}
	top := tables[piles]
	box := boxOf(top.t)
	res := ExceptionsResult{Game: box.Game, Box: box, All: opt.All, Exceptions: []Exception{}, Method: grundy.MethodBox}
	var normalBad, misereBad, monoBad smallest
	isException := func(m int, x grundy.Position) bool {
		_, _, _, mOK, ok := tables[m].check(x)
		return ok && !mOK
	}
	var ferr error
	err := scan(ctx, top.t, opt.Options, func(x grundy.Position, v grundy.Values) {
		mm, keep, nOK, mOK, ok := top.check(x)
		if !ok {
			return
		}
		res.NonTerminal++
		if !nOK {
			normalBad.offer(x, func() string { return fmt.Sprintf("the M-move to (%s) is not remoteness-optimal in normal play", mm) })
		}
		minimal := true
		for m := 2; m < piles; m++ {
			if isException(m, x[:m]) {
				minimal = false
				if mOK {
					monoBad.offer(x, func() string {
						return fmt.Sprintf("its prefix (%s) is an exception with %s, but it is not", x[:m], plural.Count(m, "pile"))
					})
				}
				break
			}
		}
		if mOK {
			return
		}
		misereBad.offer(x, func() string {
			return fmt.Sprintf("R⁻ = %d, the M-move to (%s) has R⁻ = %d", v.Rm, mm, top.t.At(top.t.Index.Rank(mm)).Rm)
		})
		res.Total++
		if minimal {
			res.Minimal++
		} else if !opt.All {
			return
		}
		ex := Exception{Pos: x.String(), X1: x[0], Rm: v.Rm, Minimal: minimal, Optimal: []ExceptionMove{}}
		ex.MMove = ExceptionMove{Keep: keep + 1, To: mm.String(), Rm: top.t.At(top.t.Index.Rank(mm)).Rm}
		seen := map[string]bool{}
		top.t.Ruleset.Options(x, func(q grundy.Position) bool {
			w, err := follower(top.t, top.scratch, q)
			if err != nil {
				ferr = err
				return false
			}
			if w.Rm != v.Rm-1 {
				return true
			}
			k := keptPile(x, q)
			to := top.scratch.String()
			if !seen[to] {
				seen[to] = true
				ex.Optimal = append(ex.Optimal, ExceptionMove{Keep: k + 1, To: to, Rm: w.Rm})
			}
			return true
		})
		res.Exceptions = append(res.Exceptions, ex)
	})
	if err == nil {
		err = ferr
	}
	if err != nil {
		return ExceptionsResult{}, err
	}
	slices.SortStableFunc(res.Exceptions, func(a, b Exception) int { return a.X1 - b.X1 })
	n := res.NonTerminal
	res.Normal = normalBad.verdict("M-rule optimal, normal play", "003 §1.2 (proved in [5] there)", box, n)
	res.Misere = misereBad.verdict("M-rule optimal, misère play", "003 §2", box, n)
	res.Monotone = monoBad.verdict("exceptions monotone", "003 Prop 1", box, n)
	return res, nil
}

// keptPile is the index of the pile a slow move x → q left alone, the
// last of equal piles.
func keptPile(x, q grundy.Position) int {
	k := -1
	for i := range x {
		if q[i] == x[i] {
			k = i
		}
	}
	if k < 0 {
		return -1
	}
	for k+1 < len(x) && x[k+1] == x[k] {
		k++
	}
	return k
}

// An ExceptionRun is a run of exceptions that differ only in their last
// pile, which takes every value from Last to LastTo: 003 writes "y+" for a
// run that goes on for ever; in a box it can only be seen to reach the
// box's max.
type ExceptionRun struct {
	First   Exception
	Prefix  grundy.Position // x1..x(n−1)
	Last    int
	LastTo  int
	ToMax   bool // the run reaches the box's max
	Minimal bool
}

// Runs groups exceptions (sorted by x1, then lexicographically) into runs
// over the last pile, as 003's tables print them.
func (r ExceptionsResult) Runs() []ExceptionRun {
	var runs []ExceptionRun
	var ps []grundy.Position
	for _, e := range r.Exceptions {
		p, _ := grundy.ParsePosition(e.Pos)
		small, _ := p.Small()
		ps = append(ps, small)
	}
	idx := make([]int, len(ps))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int {
		if c := ps[a][0] - ps[b][0]; c != 0 {
			return c
		}
		return slices.Compare(ps[a], ps[b])
	})
	for _, i := range idx {
		p, e := ps[i], r.Exceptions[i]
		n := len(p)
		if len(runs) > 0 {
			last := &runs[len(runs)-1]
			if slices.Equal(last.Prefix, p[:n-1]) && last.LastTo+1 == p[n-1] && last.Minimal == e.Minimal && last.First.Rm == e.Rm {
				last.LastTo = p[n-1]
				last.ToMax = last.LastTo == r.Box.Max
				continue
			}
		}
		runs = append(runs, ExceptionRun{First: e, Prefix: slices.Clone(p[:n-1]), Last: p[n-1], LastTo: p[n-1],
			ToMax: p[n-1] == r.Box.Max, Minimal: e.Minimal})
	}
	return runs
}
