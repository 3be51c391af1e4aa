package automatic

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
	"github.com/grundy/grundy/games"
	"github.com/grundy/grundy/games/symbolic"
	"github.com/grundy/grundy/theory"
)

// Statuses of a Result and its obligations.
const (
	Proved  = "proved"
	Refuted = "refuted" // a position violates a condition
	Unknown = "unknown" // an automaton outgrew its bound
)

// An Obligation is one first-order statement decided.
type Obligation struct {
	Name    string  `json:"name"`
	Status  string  `json:"status"`
	Seconds float64 `json:"seconds"`
	// Counterexample is a position where the statement fails, with the
	// follower that shows it when there is one.
	Counterexample string `json:"counterexample,omitempty"`
	Note           string `json:"note,omitempty"`
	// Bound names what stopped an unknown obligation (numeration.Bound:
	// time, memory, states).
	Bound string `json:"bound,omitempty"`
	// Witness is the counterexample's assignment of the statement's
	// variables (x0…, y0…), which refines a learned automaton.
	Witness map[string]*big.Int `json:"-"`
}

// A Result is the verdict on one claim for one ruleset and pile count.
type Result struct {
	ID         string  `json:"id"`
	Game       string  `json:"game"`
	Piles      int     `json:"piles"`
	System     string  `json:"system"`
	Status     string  `json:"status"`
	States     int     `json:"states"`      // the claim's minimal automaton
	MoveStates int     `json:"move_states"` // the move relation's
	StateBound int     `json:"state_bound"` // numeration.MaxStates during the proof
	Canonical  string  `json:"canonical"`
	Seconds    float64 `json:"seconds"`
	// CPU is the proof's own CPU seconds, when its caller measured them
	// (engine/prover runs each proof on one locked thread).
	CPU         float64      `json:"cpu_seconds,omitempty"`
	Obligations []Obligation `json:"obligations"`
	Via         []string     `json:"via,omitempty"`
	Reason      string       `json:"reason,omitempty"`
	// Bound names what stopped an unknown result (numeration.Bound: time,
	// memory, states, learner).
	Bound string `json:"bound,omitempty"`
	// Rounds counts the hypotheses of a learned automaton (each refuted
	// one's counterexample went back to the learner), and Experiments are
	// the words they added (numeration.Learner.Experiments).
	Rounds      int     `json:"rounds,omitempty"`
	Experiments [][]int `json:"experiments,omitempty"`
	// LearnBound is the box the learned automaton was learned from
	// (piles below it).
	LearnBound int64 `json:"learn_bound,omitempty"`
	// Automaton is the claim's minimal automaton (its set or value
	// relation over x0…, in System), kept in the record of a learned set
	// and of a target that keeps it (Target.Keep).
	Automaton *numeration.DFA `json:"-"`
	sys       numeration.System
	learned   bool
	keep      bool
}

// ErrNoTarget is wrapped when a claim has no automaton.
var ErrNoTarget = errors.New("no automaton for this claim")

// Build builds the automaton of the target's set (or value relation) for
// r with n piles, c being the target's claim: the object a record's
// canonical form names.
func (t *Target) Build(c *theory.Claim, r grundy.Ruleset, n int) (numeration.Rel, numeration.System, error) {
	return t.BuildWith(c, r, n, nil, 0)
}

// BuildWith is Build with a learned set refined by experiments and
// learned from piles below learnBound (0: the first box), as a record's
// AutoRecord.Experiments and LearnBound say.
func (t *Target) BuildWith(c *theory.Claim, r grundy.Ruleset, n int, experiments [][]int, learnBound int64) (numeration.Rel, numeration.System, error) {
	sys := t.System(r)
	b := newBuilder(sys)
	b.claim = c
	b.experiments = experiments
	b.learnBound = learnBound
	rel := t.Set(b, r, n)
	return rel, sys, b.err
}

// Prove decides the claim's conditions for r with n piles.
func Prove(ctx context.Context, c *theory.Claim, r grundy.Ruleset, n int) (Result, error) {
	start := time.Now()
	res := Result{ID: c.ID, Game: r.Name(), Piles: n, StateBound: numeration.MaxStates}
	t, ok := TargetOf(c.ID)
	if !ok {
		return res, fmt.Errorf("%s: %w", c.ID, ErrNoTarget)
	}
	if !c.Applies(r, n) {
		return res, fmt.Errorf("%s does not speak of %d piles of %s", c.ID, n, r.Name())
	}
	sys := t.System(r)
	res.System = sys.String()
	if t.Via != "" {
		res.Via = []string{t.Via}
	}
	b := newBuilder(sys)
	b.claim = c
	b.bySubsets = bySubsets
	move, err := b.moveRel(r, n)
	if errors.Is(err, numeration.ErrTooBig) {
		// Beyond the state bound, like a set too big: unknown, and the
		// next claim or game goes on (prove --automata --all stopped here).
		res.Status, res.Reason, res.Bound = Unknown, "no move automaton: "+err.Error(), numeration.Bound(err)
		res.Seconds = float64(time.Since(start).Milliseconds()) / 1000
		return res, nil
	}
	if err != nil {
		return res, err
	}
	res.MoveStates = move.A.States()
	if t.Learned {
		res.LearnBound = learnBound
	}
	// A learned set is a hypothesis: when a condition fails, the
	// counterexample goes back to the learner (an equivalence query
	// answered by the proof, the claim's evaluation the membership
	// oracle beyond the learning box), until it proves, the learner
	// meets its state bound, or a counterexample teaches it nothing.
	for res.Rounds = 1; ; res.Rounds++ {
		res.Obligations, res.Bound = nil, ""
		b.err = nil
		b.experiments = res.Experiments
		b.learnBound = res.LearnBound
		b.rule = nil
		set := t.Set(b, r, n)
		if errors.Is(b.err, numeration.ErrDeep) && t.Learned && res.LearnBound*4 <= maxLearnBound && res.Rounds < maxRounds {
			// The states lie deeper than the box tells apart: a box
			// four times larger, the claim's evaluation the oracle.
			res.LearnBound *= 4
			continue
		}
		if errors.Is(b.err, numeration.ErrNoFit) || errors.Is(b.err, numeration.ErrTooBig) {
			res.Status, res.Reason, res.Bound = Unknown, "no automaton: "+b.err.Error(), numeration.Bound(b.err)
			res.Seconds = float64(time.Since(start).Milliseconds()) / 1000
			return res, nil
		}
		if b.err != nil {
			return res, b.err
		}
		res.States = set.A.States()
		res.Canonical = set.A.Canonical()
		res.Automaton, res.sys, res.learned, res.keep = set.A, sys, t.Learned, t.Keep
		// The automaton must be the claim's set: compare with the claim's
		// own Eval on a box (a construction error shows here, before any
		// proof).
		box := agreeMax
		if t.Learned {
			box = learnAgreeMax
		}
		ob := agree(b, c, r, n, set, box)
		res.Obligations = append(res.Obligations, ob)
		if ob.Status == Proved {
			misere := c.Quantity == theory.QPm || c.Quantity == theory.QGm
			var rc *Recursion
			if t.Recursion != nil {
				rc = t.Recursion(r)
			}
			b.rule = r
			res.Obligations = append(res.Obligations, decideAll(ctx, b, set, move, n, misere, valueClaim(c), rc)...)
			if err := ctx.Err(); err != nil {
				return res, err
			}
		}
		res = finish(res, start)
		if !t.Learned || res.Status != Refuted || res.Rounds >= maxRounds {
			break
		}
		last := res.Obligations[len(res.Obligations)-1]
		more := refine(b, c, r, n, set, last.Witness, res.Experiments)
		if len(more) == 0 {
			res.Reason += " (the hypothesis agrees with the claim at the counterexample and its followers)"
			break
		}
		res.Experiments = append(res.Experiments, more...)
	}
	return hypothesis(t, res), nil
}

// bySubsets makes Prove decide absorption by the subset construction, as
// before antichains (tests compare the engines).
var bySubsets = false

// maxRounds bounds the hypotheses of one learned automaton.
const maxRounds = 20

// refine returns the experiments a counterexample teaches the learner:
// the positions of the witness (x, and y when the statement has a
// follower) and, failing those, the followers of x, wherever the
// hypothesis set and the claim's evaluation disagree, each as a word
// whose suffixes (Maler–Pnueli) become experiments not already in have.
func refine(b *builder, c *theory.Claim, r grundy.Ruleset, n int, set numeration.Rel, w map[string]*big.Int, have [][]int) [][]int {
	if w == nil {
		return nil
	}
	at := func(prefix string) grundy.Position {
		p := make(grundy.Position, n)
		for i, v := range pos(prefix, n) {
			x := w[v]
			if x == nil {
				if prefix == "x" {
					x = new(big.Int) // a variable the violation does not use is 0
				} else {
					return nil
				}
			}
			if !x.IsInt64() || x.Int64() > 1<<40 {
				return nil
			}
			p[i] = int(x.Int64())
		}
		return p
	}
	wrong := func(p grundy.Position) bool {
		vals := map[string]*big.Int{}
		for i, v := range pos("x", n) {
			vals[v] = big.NewInt(int64(p[i]))
		}
		return b.st.Holds(set, vals) != claimHolds(c, r, p)
	}
	var bad []grundy.Position
	for _, prefix := range []string{"x", "y"} {
		if p := at(prefix); p != nil && wrong(p) {
			bad = append(bad, p)
		}
	}
	if x := at("x"); len(bad) == 0 && x != nil {
		r.Options(x, func(f grundy.Position) bool {
			if wrong(f) {
				bad = append(bad, slices.Clone(f))
				return false
			}
			return true
		})
	}
	var out [][]int
	seen := map[string]bool{}
	for _, e := range have {
		seen[fmt.Sprint(e)] = true
	}
	for _, p := range bad {
		xs := make([]*big.Int, n)
		for i, v := range p {
			xs[i] = big.NewInt(int64(v))
		}
		word := b.st.Sys.Word(xs, 0)
		for i := range word {
			if e := word[i:]; !seen[fmt.Sprint(e)] {
				seen[fmt.Sprint(e)] = true
				out = append(out, slices.Clone(e))
			}
		}
	}
	return out
}

// hypothesis turns a refutation of a learned automaton into unknown: the
// hypothesis was wrong, the claim is not refuted by it.
func hypothesis(t *Target, res Result) Result {
	if t.Learned && res.Status == Refuted {
		res.Status = Unknown
		res.Reason = "the automaton learned from the claim is not its set: " + res.Reason
		res.Bound = "learner"
	}
	return res
}

// decideAll decides the conditions in turn, stopping at the first that
// fails.
func decideAll(ctx context.Context, b *builder, set, move numeration.Rel, n int, misere, value bool, rc *Recursion) []Obligation {
	var obs []func() Obligation
	if value {
		obs = valueObligations(b, set, move, n, misere)
	} else {
		obs = setObligations(b, set, move, n, misere)
	}
	if rc != nil {
		obs = append(obs, recursionObligations(b, set, rc)...)
	}
	var out []Obligation
	for _, ob := range obs {
		if ctx.Err() != nil {
			break
		}
		o := ob()
		out = append(out, o)
		if o.Status != Proved {
			break
		}
	}
	return out
}

func finish(res Result, start time.Time) Result {
	res.Status = Proved
	var why []string
	for _, o := range res.Obligations {
		if o.Status != Proved {
			res.Status = o.Status
			why = append(why, o.Name+": "+o.Status)
			if res.Bound == "" {
				res.Bound = o.Bound
			}
		}
	}
	res.Reason = strings.Join(why, "; ")
	res.Seconds = float64(time.Since(start).Milliseconds()) / 1000
	return res
}

// decide times one obligation: the relation of violations must be empty;
// show words a witness.
func decide(b *builder, name string, violations func() numeration.Rel, show func(map[string]*big.Int) string) Obligation {
	start := time.Now()
	b.err = nil
	v := violations()
	o := Obligation{Name: name, Seconds: float64(time.Since(start).Milliseconds()) / 1000}
	if b.err != nil {
		o.Status = Unknown
		o.Note = b.err.Error()
		o.Bound = numeration.Bound(b.err)
		if !errors.Is(b.err, numeration.ErrTooBig) {
			o.Note = "construction failed: " + o.Note
		}
		return o
	}
	w, found := b.st.Witness(v)
	if !found {
		o.Status = Proved
		return o
	}
	o.Status = Refuted
	o.Counterexample = show(w)
	o.Witness = w
	return o
}

// position writes the named piles of an assignment.
func position(w map[string]*big.Int, prefix string, n int) string {
	var ps []string
	for _, v := range pos(prefix, n) {
		if w[v] == nil {
			ps = append(ps, "0")
			continue
		}
		ps = append(ps, w[v].String())
	}
	return strings.Join(ps, ",")
}

// setObligations: stability and absorption (normal play), or, misère,
// stability, absorption from every non-terminal non-member and no
// terminal member.
func setObligations(b *builder, set, move numeration.Rel, n int, misere bool) []func() Obligation {
	x, y := pos("x", n), pos("y", n)
	toY := map[string]string{}
	for i := range x {
		toY[x[i]] = y[i]
	}
	setY := b.st.Rename(set, toY)
	var hasMove numeration.Rel
	moves := func() numeration.Rel {
		if hasMove.A == nil {
			hasMove = b.exists(move, y...)
		}
		return hasMove
	}
	show := func(w map[string]*big.Int) string { return "(" + position(w, "x", n) + ")" }
	obs := []func() Obligation{
		func() Obligation {
			return decide(b, "stability", func() numeration.Rel {
				return b.and(set, move, setY)
			}, func(w map[string]*big.Int) string {
				return fmt.Sprintf("(%s) and its follower (%s) both in the set", position(w, "x", n), position(w, "y", n))
			})
		},
	}
	// Absorption: every x of outside (a non-member, misère: with a move)
	// has a move into the set, ∀x: outside(x) → ∃y: Move(x,y) ∧ P(y).
	absorption := func(name string, outside func() numeration.Rel, why string) func() Obligation {
		return func() Obligation {
			if b.bySubsets {
				return decide(b, name, func() numeration.Rel {
					return b.and(outside(), b.not(b.into(move, setY, y)))
				}, func(w map[string]*big.Int) string { return show(w) + why })
			}
			return decideImplies(b, name, outside, func() numeration.Rel { return b.and(move, setY) }, y,
				func(w map[string]*big.Int) string { return show(w) + why })
		}
	}
	if !misere {
		return append(obs, absorption("absorption", func() numeration.Rel { return b.not(set) }, " outside the set, with no move into it"))
	}
	return append(obs,
		absorption("absorption", func() numeration.Rel { return b.and(b.not(set), moves()) },
			" outside the set, not terminal, with no move into it"),
		func() Obligation {
			return decide(b, "terminal", func() numeration.Rel {
				return b.and(set, b.not(moves()))
			}, func(w map[string]*big.Int) string { return show(w) + " terminal, yet in the misère P-set" })
		})
}

// into is "x has a move into the set", ∃y: Move(x,y) ∧ P(y), built by the
// subset construction (the engine before antichains; tests compare the
// two).
func (b *builder) into(move, setY numeration.Rel, y []string) numeration.Rel {
	into := b.exists(b.and(move, setY), y...)
	if g, ok := b.rule.(games.Wythoff); ok && len(y) == 2 && errors.Is(b.err, numeration.ErrTooBig) {
		// Too big projected at once: push the existentials into
		// each kind of move instead.
		b.err = nil
		into = b.wythoffInto(g, setY)
	}
	return into
}

// decideImplies times an obligation ∀x: lhs(x) → ∃vars: rhs(x, vars),
// decided by antichains (numeration.Structure.ImpliesExists); show words
// an x where it fails.
func decideImplies(b *builder, name string, lhs, rhs func() numeration.Rel, vars []string, show func(map[string]*big.Int) string) Obligation {
	start := time.Now()
	b.err = nil
	l := lhs()
	r := rhs()
	var ok bool
	var w map[string]*big.Int
	if b.err == nil {
		var err error
		ok, w, err = b.st.ImpliesExists(l, r, vars...)
		b.ok(numeration.Rel{}, err)
	}
	o := Obligation{Name: name, Seconds: float64(time.Since(start).Milliseconds()) / 1000}
	switch {
	case b.err != nil:
		o.Status = Unknown
		o.Note = b.err.Error()
		o.Bound = numeration.Bound(b.err)
		if !errors.Is(b.err, numeration.ErrTooBig) {
			o.Note = "construction failed: " + o.Note
		}
	case ok:
		o.Status = Proved
	default:
		o.Status = Refuted
		o.Counterexample = show(w)
		o.Witness = w
	}
	return o
}

// valueObligations: the relation x ↦ g is a function of every position;
// no move keeps g; every v < g is the value of some follower (misère:
// terminal positions have g = 1, and the mex conditions hold at the
// others).
func valueObligations(b *builder, val, move numeration.Rel, n int, misere bool) []func() Obligation {
	x, y := pos("x", n), pos("y", n)
	ren := map[string]string{"g": "v"}
	for i := range x {
		ren[x[i]] = y[i]
	}
	valY := b.st.Rename(val, ren) // v = G(y)
	show := func(w map[string]*big.Int) string { return "(" + position(w, "x", n) + ")" }
	var nonterminal numeration.Rel
	nt := func() numeration.Rel {
		if nonterminal.A == nil {
			nonterminal = b.exists(move, y...)
		}
		return nonterminal
	}
	obs := []func() Obligation{
		func() Obligation {
			return decide(b, "total", func() numeration.Rel {
				return b.not(b.exists(val, "g"))
			}, func(w map[string]*big.Int) string { return show(w) + " has no value" })
		},
		func() Obligation {
			return decide(b, "function", func() numeration.Rel {
				other := b.st.Rename(val, map[string]string{"g": "h"})
				return b.exists(b.and(val, other, b.less("g", "h")), "g", "h")
			}, func(w map[string]*big.Int) string { return show(w) + " has two values" })
		},
		func() Obligation {
			return decide(b, "no move keeps the value", func() numeration.Rel {
				same := b.and(b.st.Rename(valY, map[string]string{"v": "g"}), move)
				return b.exists(b.and(val, same), append(y, "g")...)
			}, func(w map[string]*big.Int) string { return show(w) + " has a follower of its own value" })
		},
		func() Obligation {
			return decide(b, "every smaller value is reached", func() numeration.Rel {
				below := b.exists(b.and(val, b.less("v", "g")), "g") // v < G(x)
				reached := b.exists(b.and(move, valY), y...)         // some follower has value v
				bad := b.and(below, b.not(reached))
				if misere {
					bad = b.and(bad, nt())
				}
				return bad
			}, func(w map[string]*big.Int) string {
				return fmt.Sprintf("%s: no follower of value %s", show(w), w["v"])
			})
		},
	}
	if misere {
		obs = append(obs, func() Obligation {
			return decide(b, "terminal value 1", func() numeration.Rel {
				return b.and(val, b.not(nt()), b.not(b.konst("g", 1)))
			}, func(w map[string]*big.Int) string { return show(w) + " terminal with value " + w["g"].String() })
		})
	}
	return obs
}

// agreeMax is the largest pile of the box where an automaton is compared
// with its claim's Eval.
const agreeMax = 24

// learnAgreeMax is that box for a learned automaton: the learning box.
const learnAgreeMax = 300

// agree compares the automaton with the claim's Eval on every canonical
// position of a small box.
func agree(b *builder, c *theory.Claim, r grundy.Ruleset, n int, set numeration.Rel, max int) Obligation {
	start := time.Now()
	o := Obligation{Name: "agrees with the claim's evaluation", Status: Proved}
	if n > 3 {
		max = 10
	}
	p := make(grundy.Position, n)
	vars := pos("x", n)
	val := valueClaim(c)
	var walk func(i int) bool
	walk = func(i int) bool {
		if i == n {
			q := grundy.Canonical(r, p)
			if !slices.Equal(q, p) {
				return true
			}
			claimed, ok := c.Eval(r, p.Big())
			if !ok {
				return true
			}
			w := map[string]*big.Int{}
			for j, v := range vars {
				w[v] = big.NewInt(int64(p[j]))
			}
			var got bool
			if val {
				w["g"] = claimed
				got = b.st.Holds(set, w)
			} else {
				got = b.st.Holds(set, w) == (claimed.Sign() != 0)
			}
			if !got {
				o.Status = Refuted
				o.Counterexample = "(" + p.String() + ")"
				o.Witness = map[string]*big.Int{}
				for j, v := range vars {
					o.Witness[v] = big.NewInt(int64(p[j]))
				}
				o.Note = "the automaton built from the statement disagrees with the claim's evaluation here"
				return false
			}
			return true
		}
		for v := 0; v <= max; v++ {
			p[i] = v
			if !walk(i + 1) {
				return false
			}
		}
		return true
	}
	walk(0)
	o.Seconds = float64(time.Since(start).Milliseconds()) / 1000
	return o
}

// Record is the ledger record of a proved result.
func Record(c *theory.Claim, res Result, date string) (theory.AutoRecord, error) {
	if res.Status != Proved {
		return theory.AutoRecord{}, fmt.Errorf("%s on %s: only proved results are recorded, got %s", c.ID, res.Game, res.Status)
	}
	var names []string
	for _, o := range res.Obligations {
		names = append(names, o.Name)
	}
	rec := theory.AutoRecord{ID: c.ID, Game: res.Game, Piles: res.Piles, Statement: c.Statement, System: res.System,
		States: res.States, Canonical: res.Canonical, Construction: ConstructionDigest(), Date: date,
		Seconds: res.Seconds, Via: res.Via, Obligations: names, Experiments: res.Experiments, LearnBound: res.LearnBound}
	if (res.learned || res.keep) && res.Automaton != nil {
		// A learned set's claim is a recursion, and a kept one's a
		// bounded table, neither of which evaluates large positions: the
		// record keeps the automaton that can.
		rec.Automaton = theory.NewAutoDFA(res.sys, res.Automaton)
	}
	return rec, nil
}

// parse is games.Parse, for instances.
//
//lint:ignore U1000 kept: this file is part of the construction digest (ConstructionDigest), and removing code from it voids every ledger record.
func parse(g string) (grundy.Ruleset, error) { return games.Parse(g) }

// ProveAutomaton decides whether the language of a (over x0…x{n−1}, in
// sys) is the P-set (misère: P⁻-set) of r with n piles: an automaton
// grundy discover learned, with no claim behind it.
func ProveAutomaton(ctx context.Context, r grundy.Ruleset, n int, sys numeration.System, a *numeration.DFA, misere bool) (Result, error) {
	start := time.Now()
	res := Result{ID: "discover", Game: r.Name(), Piles: n, System: sys.String()}
	b := newBuilder(sys)
	set := b.ok(b.st.Of(a, pos("x", n)...))
	if b.err != nil {
		return res, b.err
	}
	res.States, res.Canonical = set.A.States(), set.A.Canonical()
	if !set.A.ZeroClosed() {
		res.Obligations = append(res.Obligations, Obligation{Name: "zero-closed", Status: Refuted,
			Note: "the automaton reads a number differently with a leading zero"})
		return finish(res, start), nil
	}
	move, err := b.moveRel(r, n)
	if err != nil {
		return res, err
	}
	res.MoveStates = move.A.States()
	res.Obligations = decideAll(ctx, b, set, move, n, misere, false, nil)
	if err := ctx.Err(); err != nil {
		return res, err
	}
	return finish(res, start), nil
}

// Systems lists the numeration systems worth trying for r: base 2 and
// Zeckendorf for every ruleset, and 002's U for the (s,t)-Wythoff family.
func Systems(r grundy.Ruleset) []numeration.System {
	out := []numeration.System{numeration.Base(2), numeration.Zeckendorf()}
	if _, ok := r.(games.Wythoff); ok {
		if u := uOf(r); u != numeration.Zeckendorf() {
			out = append(out, u)
		}
	} else if g, ok := twoPileGame(r); ok {
		// A rule file's Wythoff: its U from its own moves (it has no
		// family spec).
		if u := numeration.U(g.S, (g.T+g.DiagonalK-1)/g.DiagonalK); u != numeration.Zeckendorf() {
			out = append(out, u)
		}
	}
	return out
}

// Supports reports whether r's moves have an automaton here: built by
// hand (Nim, Moore, the Wythoff family, a rule file with Wythoff-family
// two-pile moves) or compiled from a rule whose moves are Presburger
// (rulemoves.go), judged on the fewest piles r allows.
func Supports(r grundy.Ruleset) bool {
	switch r.(type) {
	case games.Nim, games.Moore, games.Wythoff:
		return true
	}
	if _, ok := twoPileGame(r); ok {
		return true
	}
	for n := 1; n <= maxFormulaPiles; n++ {
		if r.Validate(make(grundy.Position, n)) == nil {
			_, err := symbolic.EncodeOrdered(r, n)
			return err == nil
		}
	}
	return false
}
