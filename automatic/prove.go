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
	"github.com/grundy/grundy/automata"
	"github.com/grundy/grundy/games"
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
}

// A Result is the verdict on one claim for one ruleset and pile count.
type Result struct {
	ID          string       `json:"id"`
	Game        string       `json:"game"`
	Piles       int          `json:"piles"`
	System      string       `json:"system"`
	Status      string       `json:"status"`
	States      int          `json:"states"`      // the claim's minimal automaton
	MoveStates  int          `json:"move_states"` // the move relation's
	Canonical   string       `json:"canonical"`
	Seconds     float64      `json:"seconds"`
	Obligations []Obligation `json:"obligations"`
	Via         []string     `json:"via,omitempty"`
	Reason      string       `json:"reason,omitempty"`
}

// ErrNoTarget is wrapped when a claim has no automaton.
var ErrNoTarget = errors.New("no automaton for this claim")

// Build builds the automaton of the target's set (or value relation) for
// r with n piles, c being the target's claim: the object a record's
// canonical form names.
func (t *Target) Build(c *theory.Claim, r grundy.Ruleset, n int) (automata.Rel, automata.System, error) {
	sys := t.System(r)
	b := newBuilder(sys)
	b.claim = c
	rel := t.Set(b, r, n)
	return rel, sys, b.err
}

// Prove decides the claim's conditions for r with n piles.
func Prove(ctx context.Context, c *theory.Claim, r grundy.Ruleset, n int) (Result, error) {
	start := time.Now()
	res := Result{ID: c.ID, Game: r.Name(), Piles: n}
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
	set := t.Set(b, r, n)
	if errors.Is(b.err, automata.ErrNoFit) || errors.Is(b.err, automata.ErrTooBig) {
		res.Status, res.Reason = Unknown, "no automaton: "+b.err.Error()
		res.Seconds = float64(time.Since(start).Milliseconds()) / 1000
		return res, nil
	}
	if b.err != nil {
		return res, b.err
	}
	res.States = set.A.States()
	res.Canonical = set.A.Canonical()
	move, err := b.moveRel(r, n)
	if errors.Is(err, automata.ErrTooBig) {
		// Beyond the state bound, like a set too big: unknown, and the
		// next claim or game goes on (prove --automata --all stopped here).
		res.Status, res.Reason = Unknown, "no move automaton: "+err.Error()
		res.Seconds = float64(time.Since(start).Milliseconds()) / 1000
		return res, nil
	}
	if err != nil {
		return res, err
	}
	res.MoveStates = move.A.States()
	// The automaton must be the claim's set: compare with the claim's own
	// Eval on a box (a construction error shows here, before any proof).
	box := agreeMax
	if t.Learned {
		box = learnAgreeMax
	}
	ob := agree(b, c, r, n, set, box)
	res.Obligations = append(res.Obligations, ob)
	if ob.Status != Proved {
		return hypothesis(t, finish(res, start)), nil
	}
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
	return hypothesis(t, finish(res, start)), nil
}

// hypothesis turns a refutation of a learned automaton into unknown: the
// hypothesis was wrong, the claim is not refuted by it.
func hypothesis(t *Target, res Result) Result {
	if t.Learned && res.Status == Refuted {
		res.Status = Unknown
		res.Reason = "the automaton learned from the claim is not its set: " + res.Reason
	}
	return res
}

// decideAll decides the conditions in turn, stopping at the first that
// fails.
func decideAll(ctx context.Context, b *builder, set, move automata.Rel, n int, misere, value bool, rc *Recursion) []Obligation {
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
		}
	}
	res.Reason = strings.Join(why, "; ")
	res.Seconds = float64(time.Since(start).Milliseconds()) / 1000
	return res
}

// decide times one obligation: the relation of violations must be empty;
// show words a witness.
func decide(b *builder, name string, violations func() automata.Rel, show func(map[string]*big.Int) string) Obligation {
	start := time.Now()
	b.err = nil
	v := violations()
	o := Obligation{Name: name, Seconds: float64(time.Since(start).Milliseconds()) / 1000}
	if b.err != nil {
		o.Status = Unknown
		o.Note = b.err.Error()
		if !errors.Is(b.err, automata.ErrTooBig) {
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
func setObligations(b *builder, set, move automata.Rel, n int, misere bool) []func() Obligation {
	x, y := pos("x", n), pos("y", n)
	toY := map[string]string{}
	for i := range x {
		toY[x[i]] = y[i]
	}
	setY := b.st.Rename(set, toY)
	// into: x has a move into the set.
	var into, hasMove automata.Rel
	build := func() {
		if into.A == nil {
			into = b.exists(b.and(move, setY), y...)
			if g, ok := b.rule.(games.Wythoff); ok && n == 2 && errors.Is(b.err, automata.ErrTooBig) {
				// Too big projected at once: push the existentials into
				// each kind of move instead.
				b.err = nil
				into = b.wythoffInto(g, setY)
			}
			hasMove = b.exists(move, y...)
		}
	}
	show := func(w map[string]*big.Int) string { return "(" + position(w, "x", n) + ")" }
	obs := []func() Obligation{
		func() Obligation {
			return decide(b, "stability", func() automata.Rel {
				return b.and(set, move, setY)
			}, func(w map[string]*big.Int) string {
				return fmt.Sprintf("(%s) and its follower (%s) both in the set", position(w, "x", n), position(w, "y", n))
			})
		},
	}
	if !misere {
		return append(obs, func() Obligation {
			return decide(b, "absorption", func() automata.Rel {
				build()
				return b.and(b.not(set), b.not(into))
			}, func(w map[string]*big.Int) string { return show(w) + " outside the set, with no move into it" })
		})
	}
	return append(obs,
		func() Obligation {
			return decide(b, "absorption", func() automata.Rel {
				build()
				return b.and(b.not(set), hasMove, b.not(into))
			}, func(w map[string]*big.Int) string {
				return show(w) + " outside the set, not terminal, with no move into it"
			})
		},
		func() Obligation {
			return decide(b, "terminal", func() automata.Rel {
				build()
				return b.and(set, b.not(hasMove))
			}, func(w map[string]*big.Int) string { return show(w) + " terminal, yet in the misère P-set" })
		})
}

// valueObligations: the relation x ↦ g is a function of every position;
// no move keeps g; every v < g is the value of some follower (misère:
// terminal positions have g = 1, and the mex conditions hold at the
// others).
func valueObligations(b *builder, val, move automata.Rel, n int, misere bool) []func() Obligation {
	x, y := pos("x", n), pos("y", n)
	ren := map[string]string{"g": "v"}
	for i := range x {
		ren[x[i]] = y[i]
	}
	valY := b.st.Rename(val, ren) // v = G(y)
	show := func(w map[string]*big.Int) string { return "(" + position(w, "x", n) + ")" }
	var nonterminal automata.Rel
	nt := func() automata.Rel {
		if nonterminal.A == nil {
			nonterminal = b.exists(move, y...)
		}
		return nonterminal
	}
	obs := []func() Obligation{
		func() Obligation {
			return decide(b, "total", func() automata.Rel {
				return b.not(b.exists(val, "g"))
			}, func(w map[string]*big.Int) string { return show(w) + " has no value" })
		},
		func() Obligation {
			return decide(b, "function", func() automata.Rel {
				other := b.st.Rename(val, map[string]string{"g": "h"})
				return b.exists(b.and(val, other, b.less("g", "h")), "g", "h")
			}, func(w map[string]*big.Int) string { return show(w) + " has two values" })
		},
		func() Obligation {
			return decide(b, "no move keeps the value", func() automata.Rel {
				same := b.and(b.st.Rename(valY, map[string]string{"v": "g"}), move)
				return b.exists(b.and(val, same), append(y, "g")...)
			}, func(w map[string]*big.Int) string { return show(w) + " has a follower of its own value" })
		},
		func() Obligation {
			return decide(b, "every smaller value is reached", func() automata.Rel {
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
			return decide(b, "terminal value 1", func() automata.Rel {
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
func agree(b *builder, c *theory.Claim, r grundy.Ruleset, n int, set automata.Rel, max int) Obligation {
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
	return theory.AutoRecord{ID: c.ID, Game: res.Game, Piles: res.Piles, Statement: c.Statement, System: res.System,
		States: res.States, Canonical: res.Canonical, Construction: ConstructionDigest(), Date: date,
		Seconds: res.Seconds, Via: res.Via, Obligations: names}, nil
}

// parse is games.Parse, for instances.
//
//lint:ignore U1000 kept: this file is part of the construction digest (ConstructionDigest), and removing code from it voids every ledger record.
func parse(g string) (grundy.Ruleset, error) { return games.Parse(g) }

// ProveAutomaton decides whether the language of a (over x0…x{n−1}, in
// sys) is the P-set (misère: P⁻-set) of r with n piles: an automaton
// grundy discover learned, with no claim behind it.
func ProveAutomaton(ctx context.Context, r grundy.Ruleset, n int, sys automata.System, a *automata.DFA, misere bool) (Result, error) {
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
func Systems(r grundy.Ruleset) []automata.System {
	out := []automata.System{automata.Base(2), automata.Zeckendorf()}
	if _, ok := r.(games.Wythoff); ok {
		if u := uOf(r); u != automata.Zeckendorf() {
			out = append(out, u)
		}
	}
	return out
}

// Supports reports whether r's moves have an automaton here.
func Supports(r grundy.Ruleset) bool {
	switch r.(type) {
	case games.Nim, games.Moore, games.Wythoff:
		return true
	}
	return false
}
