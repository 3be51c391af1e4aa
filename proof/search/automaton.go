package search

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"slices"
	"strings"
	"time"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/decide/numeration"
	"github.com/grundy/grundy/proof/automatic"
	"github.com/grundy/grundy/solve"
)

// An Automaton is what the fallback found when no formula fits: the
// minimal automaton of the P-positions (misère: P⁻) learned from the box
// in a numeration system, checked on the whole validation box and proved
// for every position by the game conditions (package automatic).
type Automaton struct {
	System string `json:"system"`
	States int    `json:"states"` // minimal, dead state included
	Status Status `json:"status"` // proved, checked, refuted or none
	Note   string `json:"note,omitempty"`
	// Tried lists every system tried, with why each failed.
	Tried     []string          `json:"tried"`
	Canonical string            `json:"canonical,omitempty"`
	Proof     *automatic.Result `json:"proof,omitempty"`
	Seconds   float64           `json:"seconds"`

	dfa *numeration.DFA
	sys numeration.System
}

// maxLearnedStates bounds the automata the fallback learns.
const maxLearnedStates = 64

// learnAutomaton tries each system in turn: learn from the fitting box,
// compare with every position of the validation box, prove.
func learnAutomaton(ctx context.Context, r grundy.Ruleset, n int, tab *solve.Table, what grundy.Quantity, max int, prove bool) *Automaton {
	start := time.Now()
	out := &Automaton{Status: StatusNone}
	defer func() { out.Seconds = time.Since(start).Seconds() }()
	inP := func(v grundy.Values) bool {
		if what == grundy.QPm {
			return v.Gm == 0
		}
		return v.G == 0
	}
	member := func(xs []int64) bool {
		p := make(grundy.Position, len(xs))
		for i, x := range xs {
			p[i] = int(x)
		}
		v, ok := tab.Lookup(grundy.Canonical(r, p))
		return ok && inP(v)
	}
	var names []string
	for _, sys := range automatic.Systems(r) {
		if ctx.Err() != nil {
			return out
		}
		names = append(names, sys.String())
		l := numeration.Learner{Sys: sys, Tracks: n, Member: member, Bound: int64(max) + 1, MaxStates: maxLearnedStates}
		a, err := l.Learn()
		if err != nil {
			out.Tried = append(out.Tried, fmt.Sprintf("%s: %v", sys, err))
			continue
		}
		if pos, ok := disagree(r, tab, a, sys, inP); !ok {
			out.Tried = append(out.Tried, fmt.Sprintf("%s: the %d-state automaton learned on piles ≤ %d is wrong at (%s) of the validation box", sys, a.States(), max, pos))
			continue
		}
		out.System, out.States, out.Canonical, out.dfa, out.sys = sys.String(), a.States(), a.Canonical(), a, sys
		out.Status = StatusChecked
		out.Tried = append(out.Tried, fmt.Sprintf("%s: %d states, agrees with the validation box", sys, a.States()))
		if !prove {
			return out
		}
		res, err := automatic.ProveAutomaton(ctx, r, n, sys, a, what == grundy.QPm)
		if err != nil {
			out.Note = "not proved: " + err.Error()
			return out
		}
		out.Proof = &res
		switch res.Status {
		case automatic.Proved:
			out.Status = StatusProved
		case automatic.Refuted:
			out.Status = StatusRefuted
			out.Note = "the game conditions fail: " + res.Reason
		default:
			out.Note = "not decided: " + res.Reason
		}
		return out
	}
	out.Note = fmt.Sprintf("no automaton with ≤ %d states in systems %s fits", maxLearnedStates, strings.Join(names, ", "))
	return out
}

// disagree compares a with the table on every position (each order of
// the piles); it returns the first position where they differ.
func disagree(r grundy.Ruleset, tab *solve.Table, a *numeration.DFA, sys numeration.System, inP func(grundy.Values) bool) (string, bool) {
	bad := ""
	tab.Each(func(p grundy.Position, v grundy.Values) bool {
		xs := make([]int64, len(p))
		for i, x := range p {
			xs[i] = int64(x)
		}
		for _, q := range [][]int64{xs, reversed(xs)} {
			if a.Accepts(sys.Word(bigInts(q), 1)) != inP(v) {
				bad = p.String()
				return false
			}
		}
		return true
	})
	return bad, bad == ""
}

// Accepts reports whether the learned automaton accepts a position of
// any size.
func (a *Automaton) Accepts(p grundy.BigPosition) (bool, error) {
	if a.dfa == nil {
		return false, errors.New("no automaton")
	}
	return a.dfa.Accepts(a.sys.Word(p, 1)), nil
}

// reversed is xs in reverse order (another order of the same piles).
func reversed(xs []int64) []int64 {
	out := slices.Clone(xs)
	slices.Reverse(out)
	return out
}

func bigInts(xs []int64) []*big.Int {
	out := make([]*big.Int, len(xs))
	for i, x := range xs {
		out[i] = big.NewInt(x)
	}
	return out
}
