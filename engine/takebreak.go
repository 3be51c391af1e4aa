package engine

import (
	"context"
	"fmt"
	"math/big"
	"slices"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/games"
	"github.com/grundy/grundy/games/octal"
	"github.com/grundy/grundy/theory"
)

// Take-and-break rulesets (rule files with `piles any`: Kayles, Lasker's
// Nim, octal codes) change the number of piles, which the box and search
// solvers cannot hold. Their values come from here: G by the nim-sum of
// the game's sequence (Sprague–Grundy: a position is the sum of its
// piles), computed by package octal; G⁻, R and R⁻ — which are no nim-sum
// (misère Kayles is not misère Nim of the same values) — by an exhaustive
// search of the multisets reachable, on small positions only.

// MethodNimSum: G as the nim-sum of the piles' values from the game's
// sequence.
const MethodNimSum grundy.Method = "nim-sum"

// multisetBudget bounds the multisets a search for G⁻ and R visits by
// default (about 150 bytes each in its map; 2·10⁵ took 40 s under load
// 20).
const multisetBudget = 200_000

// takeBreaker is a ruleset the octal model describes (rules' compiled
// take-and-break rule).
type takeBreaker interface {
	TakeBreak() (octal.Game, bool)
}

// takeBreakValue answers Evaluate for a ruleset whose moves change the
// number of piles; ok is false for any other ruleset.
func takeBreakValue(ctx context.Context, r grundy.Ruleset, bp grundy.BigPosition, opt Options) (v Value, ok bool, err error) {
	if !grundy.PileCountChanges(r) {
		return Value{}, false, nil
	}
	if opt.Method == grundy.MethodTheorem {
		return Value{}, true, fmt.Errorf("%s: no theorem of grundy speaks of take-and-break games; their values are computed (method search)", r.Name())
	}
	p, small := bp.Small()
	if !small {
		return Value{}, true, &BudgetError{Game: shortName(r), Pos: short(bp), Detail: "piles beyond 64 bits"}
	}
	if err := r.Validate(p); err != nil {
		return Value{}, true, err
	}
	p = multiset(p)
	v = Value{Game: r.Name(), Pos: p.String(), Sources: map[grundy.Quantity]grundy.Trust{}}
	budget := opt.Budget
	if budget <= 0 {
		budget = multisetBudget
	}
	ms := &multisets{r: r, budget: budget, memo: map[string]grundy.Values{}, progress: opt.Progress}
	if tb, isOctal := r.(takeBreaker); isOctal {
		if g, isOctal := tb.TakeBreak(); isOctal {
			G, method, periodic, err := sequenceNimSum(ctx, g, p, opt)
			if err != nil {
				return Value{}, true, err
			}
			v.G, v.Method = big.NewInt(int64(G)), MethodNimSum
			v.Outcome = map[bool]string{true: "P", false: "N"}[G == 0]
			// A pile's value read off a period rests on the periodicity
			// theorem (Guy & Smith 1956) applied to computed values, not on
			// a computation of that pile: a classical theorem, in grundy's
			// one vocabulary.
			kind := grundy.TrustComputed
			if periodic {
				kind = grundy.TrustClassical
			}
			v.Sources[grundy.QG] = grundy.Trust{Kind: kind, Detail: fmt.Sprintf(
				"nim-sum of the piles' values G(0..%d) of %s, computed by the %s (Sprague–Grundy)", slices.Max(append(p, 0)), g.Code(), method)}
			v.Sources[grundy.QP] = v.Sources[grundy.QG]
			v.Trust = v.Sources[grundy.QG]
			vals, err := ms.values(ctx, p)
			if err != nil {
				// G stands; the rest is out of reach of a search.
				if ctx.Err() != nil {
					return Value{}, true, ctx.Err()
				}
				v.Gaps = []Gap{{Misere: true, Claims: []SilentClaim{}, Why: "G⁻, R, R⁻ not given (misère is no nim-sum): " + err.Error()}}
				return v, true, nil
			}
			v.Gm, v.R, v.Rm = big.NewInt(int64(vals.Gm)), big.NewInt(int64(vals.R)), big.NewInt(int64(vals.Rm))
			v.OutcomeMisere = vals.OutcomeMisere().String()
			v.Searched = len(ms.memo)
			if vals.G != int(G) {
				return Value{}, true, fmt.Errorf("%s at %s: the search gives G = %d and the sequence's nim-sum %d: a bug, please report it", r.Name(), p, vals.G, G)
			}
			search := grundy.Trust{Kind: grundy.TrustComputed, Detail: fmt.Sprintf("exhaustive search of %d multisets reachable", len(ms.memo))}
			for _, q := range []grundy.Quantity{theory.QGm, theory.QPm, grundy.QR, grundy.QRm} {
				v.Sources[q] = search
			}
			return v, true, nil
		}
	}
	vals, err := ms.values(ctx, p)
	if err != nil {
		return Value{}, true, err
	}
	out := exact(r, p, vals, grundy.MethodSearch)
	out.Pos, out.Searched = p.String(), len(ms.memo)
	out.Trust.Detail = fmt.Sprintf("exhaustive search of every reachable multiset of piles (%d)", len(ms.memo))
	return out, true, nil
}

// periodFirst is how many values sequenceNimSum computes before it asks
// the periodicity theorem, for a pile beyond them. periodic reports that
// some pile's value was read off the period rather than computed.
const periodFirst = 1 << 16

// sequenceNimSum is G of p from the game's sequence: computed to p's
// largest pile, or, for a larger pile, to periodFirst when the
// periodicity theorem proves a period from those values (a pile of 10⁹
// then costs no 4 GB of values).
func sequenceNimSum(ctx context.Context, g octal.Game, p grundy.Position, opt Options) (G uint32, method string, periodic bool, err error) {
	top := slices.Max(append(p, 0))
	l := opt.limits()
	o := octal.Options{Memory: int64(l.Memory), Work: l.Work, Progress: opt.Progress, UsePeriod: true}
	if top > periodFirst {
		seq, err := octal.Solve(ctx, g, periodFirst, o)
		if err != nil {
			return 0, "", false, err
		}
		per := seq.Period
		if per == nil {
			if q, ok := octal.Period(g, seq.G, 0); ok && q.Trust == octal.Proved {
				per = &q
			}
		}
		if per != nil {
			for _, x := range p {
				if x >= len(seq.G) {
					periodic = true
				}
				if x >= per.PrePeriod {
					x = per.PrePeriod + (x-per.PrePeriod)%per.Period
				}
				G ^= seq.G[x]
			}
			return G, fmt.Sprintf("%s method and its %s", seq.Method, per), periodic, nil
		}
	}
	seq, err := octal.Solve(ctx, g, top, o)
	if err != nil {
		return 0, "", false, err
	}
	G, _ = octal.Value(seq.G, p)
	return G, fmt.Sprintf("%s method", seq.Method), false, nil
}

// multiset is p without its empty piles, sorted: a take-and-break
// position's canonical form.
func multiset(p grundy.Position) grundy.Position {
	q := make(grundy.Position, 0, len(p))
	for _, x := range p {
		if x > 0 {
			q = append(q, x)
		}
	}
	slices.Sort(q)
	return q
}

// multisets searches the positions of a take-and-break ruleset, keyed by
// their canonical multisets: the four values by the usual recursions
// (grundy.TerminalValues at the empty position). Options of such a
// ruleset are canonical already.
type multisets struct {
	r      grundy.Ruleset
	budget int
	memo   map[string]grundy.Values
	steps  int
	// progress, if set, receives the multisets searched now and then.
	progress func(done, total uint64)
}

func (m *multisets) values(ctx context.Context, p grundy.Position) (grundy.Values, error) {
	key := p.String()
	if v, ok := m.memo[key]; ok {
		return v, nil
	}
	if len(m.memo) >= m.budget {
		return grundy.Values{}, &BudgetError{Game: shortName(m.r), Pos: short(p.Big()), Budget: m.budget,
			Detail: fmt.Sprintf("more than %d multisets of piles are reachable", m.budget)}
	}
	if m.steps++; m.steps%4096 == 0 {
		if ctx.Err() != nil {
			return grundy.Values{}, ctx.Err()
		}
		if m.progress != nil {
			m.progress(uint64(len(m.memo)), 0)
		}
	}
	// A pile of 10⁹ has 10⁹ followers: listing them is bounded by the
	// budget too.
	var qs []grundy.Position
	over := false
	m.r.Options(p, func(q grundy.Position) bool {
		qs = append(qs, multiset(q))
		over = len(qs) > m.budget
		return !over
	})
	if over {
		return grundy.Values{}, &BudgetError{Game: shortName(m.r), Pos: short(p.Big()), Budget: m.budget,
			Detail: fmt.Sprintf("%s has more than %d followers", p, m.budget)}
	}
	if len(qs) == 0 {
		m.memo[key] = grundy.TerminalValues
		return grundy.TerminalValues, nil
	}
	var gs, gms []int
	var rs, rms grundy.RemotenessStep
	for _, q := range qs {
		v, err := m.values(ctx, q)
		if err != nil {
			return grundy.Values{}, err
		}
		gs, gms = append(gs, v.G), append(gms, v.Gm)
		rs.Add(v.R)
		rms.Add(v.Rm)
	}
	v := grundy.Values{G: grundy.Mex(gs), Gm: grundy.Mex(gms), R: rs.Result(0), Rm: rms.Result(1)}
	m.memo[key] = v
	return v, nil
}

// takeBreakMoves answers ListMoves for a ruleset whose moves change the
// number of piles: every follower's values by the multiset search (the
// position's own G also by the sequence's nim-sum, which must agree);
// ok is false for any other ruleset.
func takeBreakMoves(ctx context.Context, r grundy.Ruleset, bp grundy.BigPosition, misere bool, opt Options) (Moves, bool, error) {
	here, ok, err := takeBreakValue(ctx, r, bp, opt)
	if !ok || err != nil {
		return Moves{}, ok, err
	}
	if here.R == nil {
		return Moves{}, true, fmt.Errorf("%s at %s: the moves' values need a search of the multisets reachable, which is out of reach (%s)", r.Name(), here.Pos, here.Sources[theory.QGm].Detail)
	}
	budget := opt.Budget
	if budget <= 0 {
		budget = multisetBudget
	}
	ms := &multisets{r: r, budget: budget, memo: map[string]grundy.Values{}}
	p, _ := bp.Small()
	p = multiset(p)
	hv, err := ms.values(ctx, p)
	if err != nil {
		return Moves{}, true, err
	}
	out := Moves{Value: here, Misere: misere, Moves: []Move{}}
	out.Searched = len(ms.memo)
	seen := map[string]bool{}
	r.Options(p, func(q grundy.Position) bool {
		q = multiset(q)
		key := q.String()
		if seen[key] {
			return true
		}
		seen[key] = true
		v := ms.memo[key] // every follower was searched for p's values
		m := Move{To: key, Quantities: exact(r, q, v, grundy.MethodSearch).Quantities}
		var optimal bool
		if misere {
			m.Winning, optimal = v.Gm == 0, v.Rm == hv.Rm-1
		} else {
			m.Winning, optimal = v.G == 0, v.R == hv.R-1
		}
		m.Optimal = &optimal
		out.Moves = append(out.Moves, m)
		return true
	})
	return out, true, nil
}

// takeBreakRule is the octal game of a ruleset spec (a family or a rule
// file) whose rule is take-and-break; notCode is the error of s read as
// a code, returned when s names no ruleset either.
func takeBreakRule(s string, notCode error) (octal.Game, error) {
	r, err := games.Parse(s)
	if err != nil {
		if games.IsRulesPath(s) {
			return octal.Game{}, err
		}
		return octal.Game{}, notCode
	}
	if tb, ok := r.(takeBreaker); ok {
		if g, ok := tb.TakeBreak(); ok {
			g.Name = r.Name()
			return g, nil
		}
		return octal.Game{}, fmt.Errorf("%s: its amounts (a modulus without bound, or unequal splits mixed with equal ones) have no code, so no sequence solver; value searches its positions", r.Name())
	}
	return octal.Game{}, fmt.Errorf("%s is not a take-and-break game (a rule with piles any whose moves take from one pile and may split it): its positions are no sum of one-pile games", r.Name())
}
