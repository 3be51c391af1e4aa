package automatic

import (
	"errors"
	"fmt"
	"math/big"
	"slices"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/decide/numeration"
	"github.com/grundy/grundy/formula"
	"github.com/grundy/grundy/games/lang"
	"github.com/grundy/grundy/games/symbolic"
)

// A MovesError says why a ruleset's moves have no automatic move relation:
// the part of its rule that is not Presburger, or the step of the
// construction whose memory estimate is past the budget. It wraps
// ErrNoMoves, and the cause (lang.ErrNotPresburger, symbolic.ErrNoEncoding,
// numeration.ErrMemory) for errors.Is.
type MovesError struct {
	Game string
	// Part is the construct refused: "the amount power of 2 (4:11)",
	// "take-and-break moves", or a step of the construction ("move 2 on
	// piles [0 -1]: 5 tracks").
	Part string
	// Estimate and Budget are the bytes of a step too big, when that is
	// the reason (0 otherwise).
	Estimate, Budget *big.Int
	Err              error
}

func (e *MovesError) Error() string {
	if e.Estimate != nil {
		return fmt.Sprintf("%s: no automatic move relation: %s needs an estimated %s bytes, past the budget of %s", e.Game, e.Part, e.Estimate, e.Budget)
	}
	return fmt.Sprintf("%s: no automatic move relation: %v", e.Game, e.Err)
}

func (e *MovesError) Unwrap() []error { return []error{ErrNoMoves, e.Err} }

// minStepStates is the fewest states a step of the compiled relation must
// be allowed within the memory budget; below it the step is refused before
// any automaton is built. The hand-built relations' widest steps (five
// tracks, Wythoff's) reach 731 to 2,761 states.
const minStepStates = 1_000

// ruleMoves is the move relation x → y of r on n piles compiled from its
// rule's Presburger formulas (symbolic.EncodeOrdered): for each branch,
// ∃ move variables: guard ∧ y_i = To_i, each comparison, congruence and
// linear term built by the system's adder (fcomp, as a claim's formula is),
// the move variables projected one at a time as soon as the conjuncts that
// name them are joined (bucket elimination, so no automaton holds more
// tracks than the widest bucket), and the branches united. Every system
// numeration.System offers gets it; the relation is the same set of pairs
// as the rule's, so its minimal automaton is canonical.
//
// Memory is estimated before building: a step of w tracks costs about
// perTracks(w) bytes a state, and its states are bounded so that
// liveAutomata of them fit in what EstimateBytes(sys, n, MaxStates)
// planned for the proof; a step allowed fewer than minStepStates states is
// refused (a MovesError with the estimate), the others are built under
// that bound (ErrTooBig past it, as every construction).
func (b *builder) ruleMoves(r grundy.Ruleset, n int) (numeration.Rel, error) {
	m, err := symbolic.EncodeOrdered(r, n)
	if err != nil {
		part := err.Error()
		var np *lang.NotPresburger
		if errors.As(err, &np) {
			part = np.Error()
		}
		return numeration.Rel{}, &MovesError{Game: r.Name(), Part: part, Err: err}
	}
	x, y := pos("x", n), pos("y", n)
	budget := EstimateBytes(b.st.Sys, n, numeration.MaxStates)
	var plans []branchPlan
	for _, br := range m.Branches {
		p := planBranch(br, n)
		for _, st := range p.steps {
			states := stepStates(b.st.Sys, st.tracks, budget, numeration.MaxStates)
			if least := min(minStepStates, numeration.MaxStates); states < least {
				need := new(big.Int).Mul(perTracks(b.st.Sys, st.tracks), big.NewInt(int64(liveAutomata*least)))
				need.Add(need, big.NewInt(baseBytes))
				return numeration.Rel{}, &MovesError{Game: r.Name(), Part: fmt.Sprintf("%s: %d tracks", br.Desc, st.tracks),
					Estimate: need, Budget: budget, Err: numeration.ErrMemory}
			}
		}
		plans = append(plans, p)
	}
	saved := numeration.MaxStates
	defer func() { numeration.MaxStates = saved }()
	var alts []numeration.Rel
	for _, p := range plans {
		rel, err := b.branchRel(p, x, y, budget, saved)
		if errors.Is(err, numeration.ErrTooBig) {
			// Past a step's state bound: unknown to the proof, as any
			// construction past its bound.
			return numeration.Rel{}, fmt.Errorf("%s, %s: %w", r.Name(), p.desc, err)
		}
		if err != nil {
			return numeration.Rel{}, &MovesError{Game: r.Name(), Part: p.desc, Err: err}
		}
		alts = append(alts, rel)
	}
	numeration.MaxStates = saved
	out := b.not(b.st.True()) // no branch: no move
	if len(alts) > 0 {
		out = b.or(alts...)
	}
	// Every pile of x and y is a track, valid, even where no branch
	// names it.
	for _, v := range slices.Concat(x, y) {
		if !slices.Contains(out.Vars, v) {
			out = b.and(out, b.valid(v))
		}
	}
	return out, b.err
}

// perTracks is the bytes a state of a w-track automaton costs (its
// transitions and bookkeeping, as perState).
func perTracks(sys numeration.System, w int) *big.Int {
	letters := new(big.Int).Exp(big.NewInt(int64(sys.Digits())), big.NewInt(int64(w)), nil)
	return letters.Add(letters.Mul(letters, big.NewInt(4)), big.NewInt(perStateOverhead))
}

// stepStates is the state bound of a w-track step: as many as liveAutomata
// automata of w tracks hold within budget, at most most.
func stepStates(sys numeration.System, w int, budget *big.Int, most int) int {
	room := new(big.Int).Sub(budget, big.NewInt(baseBytes))
	room.Quo(room, new(big.Int).Mul(perTracks(sys, w), big.NewInt(liveAutomata)))
	if !room.IsInt64() || room.Int64() > int64(most) {
		return most
	}
	return int(room.Int64())
}

// A branchPlan is a branch's conjuncts (over variable numbers: piles
// 0…n−1, move variables n…n+Aux−1, followers n+Aux…) and the order its
// move variables are projected in.
type branchPlan struct {
	desc      string
	n, aux    int
	conjuncts []*formula.Expr
	order     []int // move variables, in elimination order
	steps     []planStep
}

// A planStep is a construction step: the tracks of the widest automaton
// it builds.
type planStep struct{ tracks int }

// fcompTemps is the most temporaries fcomp holds beside an atom's own
// variables while it builds one (a sum's running total and part, a
// product's half and double): counted in each conjunct's width.
const fcompTemps = 3

func planBranch(br symbolic.Branch, n int) branchPlan {
	p := branchPlan{desc: br.Desc, n: n, aux: br.Aux}
	var flat func(e *formula.Expr)
	flat = func(e *formula.Expr) {
		if e.Op == formula.OpAnd {
			for _, a := range e.Args {
				flat(a)
			}
			return
		}
		p.conjuncts = append(p.conjuncts, e)
	}
	flat(br.Guard)
	for i, t := range br.To {
		p.conjuncts = append(p.conjuncts, formula.Eq(formula.X(n+br.Aux+i), t))
	}
	sets := make([][]int, len(p.conjuncts))
	for i, c := range p.conjuncts {
		sets[i] = varsOf(c)
		p.steps = append(p.steps, planStep{len(sets[i]) + fcompTemps})
	}
	// Greedy bucket elimination: project next the move variable whose
	// conjuncts together name the fewest variables.
	left := make([]int, br.Aux)
	for i := range left {
		left[i] = n + i
	}
	for len(left) > 0 {
		best, bestW := -1, 0
		for j, v := range left {
			w := len(bucketVars(sets, v))
			if best < 0 || w < bestW {
				best, bestW = j, w
			}
		}
		v := left[best]
		left = slices.Delete(left, best, best+1)
		p.order = append(p.order, v)
		p.steps = append(p.steps, planStep{bestW})
		joined := bucketVars(sets, v)
		joined = slices.DeleteFunc(joined, func(u int) bool { return u == v })
		sets = slices.DeleteFunc(sets, func(s []int) bool { return slices.Contains(s, v) })
		sets = append(sets, joined)
	}
	var all []int
	for _, s := range sets {
		all = append(all, s...)
	}
	slices.Sort(all)
	p.steps = append(p.steps, planStep{len(slices.Compact(all))})
	return p
}

// bucketVars is the union of the variable sets that contain v.
func bucketVars(sets [][]int, v int) []int {
	var out []int
	for _, s := range sets {
		if slices.Contains(s, v) {
			out = append(out, s...)
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// varsOf is the sorted set of variables e names.
func varsOf(e *formula.Expr) []int {
	var out []int
	var walk func(e *formula.Expr)
	walk = func(e *formula.Expr) {
		if e.Op == formula.OpVar {
			out = append(out, e.Var)
		}
		for _, a := range e.Args {
			walk(a)
		}
	}
	walk(e)
	slices.Sort(out)
	return slices.Compact(out)
}

// branchRel builds one branch by its plan, each step under its state
// bound (stepStates).
func (b *builder) branchRel(p branchPlan, x, y []string, budget *big.Int, maxStates int) (numeration.Rel, error) {
	names := slices.Concat(x, make([]string, p.aux), y)
	for i := range p.aux {
		names[p.n+i] = b.tmp()
	}
	fc := &fcomp{b: b, vars: names}
	bound := func(w int) { numeration.MaxStates = stepStates(b.st.Sys, w, budget, maxStates) }
	rels := make([]numeration.Rel, len(p.conjuncts))
	for i, c := range p.conjuncts {
		bound(p.steps[i].tracks)
		r, err := fc.form(c)
		if err != nil {
			var na *NotAutomaticError
			if errors.As(err, &na) {
				// fcomp words its refusals for base 2's claims; a move
				// relation's are the same constructs in any system.
				return r, fmt.Errorf("%s (%s)", na.Construct, na.Why)
			}
			return r, err
		}
		rels[i] = r
	}
	for j, v := range p.order {
		bound(p.steps[len(p.conjuncts)+j].tracks)
		name := names[v]
		var bucket, rest []numeration.Rel
		for _, r := range rels {
			if slices.Contains(r.Vars, name) {
				bucket = append(bucket, r)
			} else {
				rest = append(rest, r)
			}
		}
		if len(bucket) == 0 {
			// A move variable no conjunct names (the encoding always
			// bounds its amounts; kept for safety): any number.
			continue
		}
		// Smaller automata first: the product's states stay fewer.
		slices.SortStableFunc(bucket, func(a, c numeration.Rel) int { return a.A.States() - c.A.States() })
		rels = append(rest, b.exists(b.and(bucket...), name))
		if b.err != nil {
			return numeration.Rel{}, b.err
		}
	}
	bound(p.steps[len(p.steps)-1].tracks)
	out := b.and(rels...)
	return out, b.err
}
