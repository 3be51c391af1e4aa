package smt

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"math/big"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/formula"
	"github.com/grundy/grundy/games"
	"github.com/grundy/grundy/solve"
	"github.com/grundy/grundy/theory"
)

// A Status is the verdict on a claim or one of its obligations.
type Status string

const (
	Proved  Status = "proved"  // every obligation is unsatisfiable
	Refuted Status = "refuted" // a counterexample, confirmed by exhaustive search
	Unknown Status = "unknown" // the solver gave up, timed out, or its model was not confirmed
)

// Options tune Prove.
type Options struct {
	// Solvers run on every problem at once; the first definite answer
	// counts.
	Solvers Portfolio
	// Timeout is the CPU time each solver may spend on one problem (the
	// second round's limit; 0: DefaultTimeout). A wall-clock safety net
	// of 10 × Timeout + 10 s stops a solver that never gets the CPU.
	Timeout time.Duration
	// EmitDir, if set, keeps each SMT-LIB problem there.
	EmitDir string
	// Budget caps the exhaustive search that confirms a counterexample
	// (0: 2,000,000 positions).
	Budget int
	// Progress, if set, is told after each obligation how many of them
	// are done.
	Progress func(done, total uint64)
	// Quick is the time limit of the first try of every obligation, whole
	// (0: DefaultQuick; never more than Timeout). Only the obligations it
	// leaves undecided get Timeout, split by residues where they can be.
	Quick time.Duration
	// Cache, if set, shares answers between identical problems of one
	// run (NewCache).
	Cache *Cache
	// Slots, if set, bounds the solver processes running at once, across
	// every Prove sharing it (NewSlots).
	Slots *Slots
	// CPUBudget, if positive, caps the CPU time of all the solver
	// processes of one Prove or ProveFrom: each problem's limit is cut to
	// what is left, shared among the solvers (in whole seconds), and when
	// less than a second each is left the proof fails with an error
	// wrapping ErrOverBudget. CPU time, so that the verdict does not
	// depend on the machine's load.
	CPUBudget time.Duration
	// Profile, if set, hears of every problem sent, with its answer and
	// the CPU time it cost. It may be called from several goroutines at
	// once when Options are shared.
	Profile func(Problem)
}

// A Problem is one SMT problem sent for a claim, with the answer and what
// it cost: the unit of `grundy prove --profile`.
type Problem struct {
	Claim string `json:"claim"`
	Game  string `json:"game"`
	Piles int    `json:"piles"`
	// Obligation names the problem: the obligation ("absorption"), one of
	// its residue pieces ("absorption[x1≡0,x2≡1 mod 2]"), or a search for
	// a model with few tokens ("stability, ≤ 8 tokens").
	Obligation string  `json:"obligation"`
	Limit      float64 `json:"limit"`  // CPU seconds each solver was allowed
	Result     string  `json:"result"` // sat, unsat, unknown or timeout
	// Solver is the solver that answered sat or unsat, or every solver
	// tried when none did.
	Solver  string  `json:"solver"`
	CPU     float64 `json:"cpu"`     // CPU seconds of every solver process run for it
	Seconds float64 `json:"seconds"` // wall-clock seconds until the answer
	// Shared says the answer came from an identical problem solved
	// earlier in the run (CPU 0: no solver ran).
	Shared bool   `json:"shared"`
	Reason string `json:"reason,omitempty"` // for unknown and timeout: why (which limit)
	Tries  []Try  `json:"tries"`            // one per solver process
}

// problemOf names the problems sent for a claim, and holds what its
// CPU budget has spent.
type problemOf struct {
	claim, game string
	piles       int
	spent       *float64 // CPU seconds so far, when Options.CPUBudget is set
}

// ErrOverBudget is wrapped by Prove's error when the claim's solvers have
// used up Options.CPUBudget.
var ErrOverBudget = errors.New("over the CPU budget")

// ask solves one problem through the run's cache and slots and tells
// Profile of it.
func (o Options) ask(ctx context.Context, who problemOf, name, script, file string, n int, limit time.Duration) (Answer, error) {
	if o.CPUBudget > 0 && who.spent != nil {
		left := o.CPUBudget - time.Duration(*who.spent*float64(time.Second))
		per := (left / time.Duration(max(len(o.Solvers), 1))).Truncate(time.Second)
		if per < time.Second {
			return Answer{}, fmt.Errorf("%s on %s: %w of %v", who.claim, who.game, ErrOverBudget, o.CPUBudget)
		}
		limit = min(limit, per)
	}
	ans, err := o.Cache.solve(ctx, o.Solvers, script, file, n, limit, o.Slots)
	if who.spent != nil {
		*who.spent += ans.CPU
	}
	if o.Profile != nil && err == nil {
		tries := ans.Tries
		if tries == nil {
			tries = []Try{}
		}
		o.Profile(Problem{Claim: who.claim, Game: who.game, Piles: who.piles, Obligation: name, Limit: limit.Seconds(),
			Result: ans.Result, Solver: ans.Solver, CPU: round(ans.CPU), Seconds: round(ans.Seconds), Shared: ans.Shared,
			Reason: ans.Reason, Tries: tries})
	}
	return ans, err
}

// DefaultTimeout is the CPU time a solver may spend on one problem of the
// second round when Options.Timeout is 0.
const DefaultTimeout = 60 * time.Second

// DefaultQuick is the first try's limit: nine in ten of the catalogue's
// obligations are decided by both solvers in under a second of CPU
// (BENCHMARKS.md, prove --all), and the rest are decided, when at all,
// only split or after much longer.
const DefaultQuick = 2 * time.Second

// An Instance is one ruleset (with its parameters) and pile count.
type Instance struct {
	Ruleset grundy.Ruleset
	Piles   int
}

// A Counterexample is a position where the claim is wrong, found from the
// solver's model and confirmed by exhaustive search.
type Counterexample struct {
	Pos      string `json:"pos"`
	Claimed  string `json:"claimed"`
	Computed string `json:"computed"`
	// Model is the solver's position, where the obligation fails; Pos is
	// Model or one of its followers.
	Model string `json:"model"`
}

// An ObligationResult is the verdict on one obligation.
type ObligationResult struct {
	Name    string  `json:"name"`
	Status  Status  `json:"status"` // proved, refuted, unknown or timeout
	Solver  string  `json:"solver"` // the one that answered
	Seconds float64 `json:"seconds"`
	// CPU is the CPU time (user + system) of every solver process run
	// for the obligation: both racers, residue pieces, searches for
	// small models; an answer shared with an identical problem costs 0.
	CPU  float64 `json:"cpu"`
	Note string  `json:"note,omitempty"`
}

// A Result is the verdict on one claim for one parameter set.
type Result struct {
	ID     string         `json:"id"`
	Game   string         `json:"game"`
	Piles  int            `json:"piles"`
	Params map[string]int `json:"params"`
	Status Status         `json:"status"`
	// Solver names the solvers whose answers make the verdict, "z3
	// 4.8.12 and cvc5 1.0.3", or every solver tried when none answered.
	Solver  string  `json:"solver"`
	Seconds float64 `json:"seconds"`
	// CPU is the sum of the obligations' CPU seconds.
	CPU            float64            `json:"cpu"`
	Counterexample *Counterexample    `json:"counterexample"`
	Obligations    []ObligationResult `json:"obligations"`
	Reason         string             `json:"reason,omitempty"`
	// Via lists the claims a derived proof rests on (see ProveFrom).
	Via []string `json:"via,omitempty"`
	// Moves is the digest of the move encoding the obligations were
	// built from (MovesDigest): a recorded proof counts while it is the
	// encoding's.
	Moves string `json:"moves,omitempty"`
	// Confirmed says what the second procedure behind a proof found:
	// exhaustive search of a box, which must not refute what the
	// solvers proved (a claim it refutes is Refuted whatever they said).
	Confirmed string `json:"confirmed,omitempty"`
}

// ErrNotExpressible is wrapped by Prove's error for claims without a
// Presburger formula.
var ErrNotExpressible = errors.New("no Presburger formula")

// Prove proves or refutes claim c for every position of in, one SMT
// problem per obligation (see Obligations).
func Prove(ctx context.Context, c *theory.Claim, in Instance, opt Options) (Result, error) {
	r, n := in.Ruleset, in.Piles
	res := Result{ID: c.ID, Game: r.Name(), Piles: n, Params: Params(r), Solver: opt.Solvers.String(),
		Obligations: []ObligationResult{}}
	if c.Formula == nil {
		return res, fmt.Errorf("%s: %w", c.ID, ErrNotExpressible)
	}
	if !c.Applies(r, n) {
		return res, fmt.Errorf("%s does not speak of %d piles of %s", c.ID, n, r.Name())
	}
	f := c.Formula(r, n)
	if f == nil {
		return res, fmt.Errorf("%s: %w for %d piles of %s", c.ID, ErrNotExpressible, n, r.Name())
	}
	if err := Presburger(c, in); err != nil {
		return res, err
	}
	dom, ok := claimDomain(c, r, n)
	if !ok {
		return res, fmt.Errorf("%s says nothing of %d piles of %s", c.ID, n, r.Name())
	}
	res, err := proveWithin(ctx, c, in, f, dom, opt, res)
	if err != nil {
		return res, err
	}
	return res, confirmByBox(ctx, c, in, &res)
}

// proveWithin proves f (for c's quantity) on the positions where dom
// holds (nil: all); c.Eval must agree with f there and say nothing
// elsewhere, as counterexamples are confirmed through it.
func proveWithin(ctx context.Context, c *theory.Claim, in Instance, f, dom *formula.Expr, opt Options, res Result) (Result, error) {
	r, n := in.Ruleset, in.Piles
	m, err := Encode(r, n)
	if err != nil {
		return res, err
	}
	res.Moves = m.Digest()
	var level *formula.Expr
	if c.Level != nil {
		level = c.Level(r, n)
	}
	obs, err := LevelObligations(c.Quantity, f, level, dom, m)
	if err != nil {
		return res, fmt.Errorf("%s: %w", c.ID, err)
	}
	return run(ctx, c, in, obs, opt, res)
}

// run solves the obligations and sums up the verdict, in two rounds:
// first every obligation whole within opt.Quick (most are decided in a
// fraction of a second, a refutation among them settles the claim), then
// the undecided ones with the full time limit, split by residues when
// they can be (see solveFull). The second round stops at the first
// obligation still undecided: the claim is then unknown whatever the
// others say, unless one of them is refuted, and each of them was
// already tried for a counterexample in the first round. A precondition
// (closure) is settled, with the full limit, before anything else.
func run(ctx context.Context, c *theory.Claim, in Instance, obs []Obligation, opt Options, res Result) (Result, error) {
	r, n := in.Ruleset, in.Piles
	timeout := opt.Timeout
	if timeout <= 0 {
		timeout = DefaultTimeout
	}
	who := problemOf{c.ID, r.Name(), n, new(float64)}
	quick := opt.Quick
	if quick <= 0 {
		quick = DefaultQuick
	}
	quick = min(quick, timeout)
	dir := opt.EmitDir
	if dir == "" {
		tmp, err := os.MkdirTemp("", "grundy-prove-")
		if err != nil {
			return res, err
		}
		defer os.RemoveAll(tmp)
		dir = tmp
	} else if err := os.MkdirAll(dir, 0o755); err != nil {
		return res, err
	}
	stem := fileStem(c.ID, r.Name(), n)
	fileOf := func(ob Obligation) string { return filepath.Join(dir, stem+"_"+safeName(ob.Name)+".smt2") }
	var used []string // solvers that gave a definite answer
	done := 0
	// settle turns the answer to ob into its result: a sat answer is
	// confirmed (or not) by exhaustive search.
	settle := func(ob Obligation, ans Answer) (or ObligationResult, err error) {
		file := fileOf(ob)
		or = ObligationResult{Name: ob.Name, Status: Status(ans.Result), Seconds: round(ans.Seconds), Solver: ans.Solver}
		cpu := ans.CPU
		defer func() {
			or.CPU = round(cpu)
			res.CPU += cpu
		}()
		if ans.Result == "sat" || ans.Result == "unsat" {
			for _, name := range strings.Split(ans.Solver, " and ") {
				if !slices.Contains(used, name) {
					used = append(used, name)
				}
			}
		}
		res.Seconds += ans.Seconds
		switch ans.Result {
		case "unsat":
			or.Status = Proved
			or.Note = ans.Reason // how it was split, if it was
		case "sat":
			if ob.precondition {
				// Not a counterexample: the method does not apply, and
				// the other obligations would prove nothing.
				or.Status = Unknown
				or.Note = fmt.Sprintf("not so at (%s): %s", grundy.BigPosition(ans.Model), ob.Doc)
				break
			}
			// The solver's model may lie far out, where the confirming
			// search takes long or cannot go: ask first for models with
			// few tokens, then take its own; each search is bounded in
			// time as well as positions.
			var ce *Counterexample
			note := ""
			for _, bound := range []int{8, 24, 64} {
				// The three together take at most the obligation's time.
				small, err := opt.ask(ctx, who, fmt.Sprintf("%s, ≤ %d tokens", ob.Name, bound), ob.Script(bound), bounded(file), n, max(timeout/3, time.Second))
				if err != nil {
					return or, err
				}
				res.Seconds += small.Seconds
				cpu += small.CPU
				if small.Result == "sat" {
					if ce, note, err = confirm(ctx, c, r, small.Model, opt, timeout); err != nil {
						return or, err
					}
					if ce != nil {
						break
					}
				}
			}
			if ce == nil {
				var err error
				if ce, note, err = confirm(ctx, c, r, ans.Model, opt, timeout); err != nil {
					return or, err
				}
			}
			if ce != nil {
				ce = shrink(ctx, who, c, r, ob, file, ce, opt, timeout, &res.Seconds, &cpu)
				or.Status = Refuted
				if res.Counterexample == nil {
					res.Counterexample = ce
				}
			} else {
				or.Status = Unknown
				or.Note = note
			}
		default:
			if ans.Reason != "" {
				or.Note = ans.Reason
			}
		}
		if ob.precondition && or.Status != Proved && or.Note == "" {
			or.Note = "not established (" + ans.Result + "): " + ob.Doc
		}
		done++
		if opt.Progress != nil {
			opt.Progress(uint64(done), uint64(len(obs)))
		}
		return or, nil
	}
	decided := func(a Answer) bool { return a.Result == "sat" || a.Result == "unsat" }
	results := make([]*ObligationResult, len(obs))
	first := make([]Answer, len(obs)) // the first round's answers of the undecided
	stopped := false
	for i, ob := range obs {
		ans, err := opt.ask(ctx, who, ob.Name, ob.Script(-1), fileOf(ob), ob.N, quick)
		if err != nil {
			return res, err
		}
		if !decided(ans) && ob.precondition {
			// Everything rests on it: settle it now.
			if ans, err = solveFull(ctx, who, ob, fileOf(ob), opt, ans, quick, timeout); err != nil {
				return res, err
			}
		}
		if !decided(ans) && !ob.precondition {
			first[i] = ans
			continue
		}
		or, err := settle(ob, ans)
		if err != nil {
			return res, err
		}
		results[i] = &or
		if ob.precondition && or.Status != Proved {
			// Without it the other obligations would prove nothing, and
			// their models could lie outside what the claim speaks of.
			stopped = true
			break
		}
	}
	if !stopped && res.Counterexample == nil {
		undecided := ""
		for i, ob := range obs {
			if results[i] != nil {
				continue
			}
			ans := first[i]
			if undecided == "" {
				var err error
				if ans, err = solveFull(ctx, who, ob, fileOf(ob), opt, ans, quick, timeout); err != nil {
					return res, err
				}
			} else {
				ans.Reason = strings.TrimSpace(fmt.Sprintf("tried for %v only: %s was undecided already; %s", quick, undecided, ans.Reason))
			}
			or, err := settle(ob, ans)
			if err != nil {
				return res, err
			}
			results[i] = &or
			if or.Status != Proved && or.Status != Refuted && undecided == "" {
				undecided = ob.Name
			}
		}
	} else if !stopped {
		// Refuted already: the undecided obligations keep their first
		// answers.
		for i, ob := range obs {
			if results[i] == nil {
				or, err := settle(ob, first[i])
				if err != nil {
					return res, err
				}
				results[i] = &or
			}
		}
	}
	anyUnknown := false
	for _, or := range results {
		if or == nil {
			continue
		}
		res.Obligations = append(res.Obligations, *or)
		anyUnknown = anyUnknown || or.Status != Proved && or.Status != Refuted
	}
	res.Seconds = round(res.Seconds)
	res.CPU = round(res.CPU)
	if len(used) > 0 {
		res.Solver = strings.Join(used, " and ")
	}
	switch {
	case res.Counterexample != nil:
		res.Status = Refuted
	case anyUnknown:
		res.Status = Unknown
		var why []string
		for _, o := range res.Obligations {
			if o.Status != Proved {
				why = append(why, o.Name+": "+string(o.Status))
			}
		}
		res.Reason = strings.Join(why, "; ")
	default:
		res.Status = Proved
	}
	return res, nil
}

// bounded names the file of a problem with a bound on the token sum,
// beside the unbounded one.
func bounded(file string) string { return strings.TrimSuffix(file, ".smt2") + "_bounded.smt2" }

func round(s float64) float64 { return float64(int(s*1000+0.5)) / 1000 }

func fileStem(id, game string, n int) string {
	clean := strings.NewReplacer("/", "_", ":", "_", "=", "", ",", "_").Replace
	return fmt.Sprintf("%s_%s_n%d", clean(id), clean(game), n)
}

// safeName keeps letters, digits, '.', '_' and '-' of an obligation's
// name for a file name ("agree 004/thm-1" → "agree-004-thm-1").
func safeName(s string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '.', r == '_', r == '-':
			return r
		}
		return '-'
	}, s)
}

// confirm checks the solver's model against exhaustive search: the
// obligation failing at x means the claim is wrong at x or at a follower
// of x (each obligation is a local condition of the recursion), so it
// compares the claim with computed values there and returns the first
// disagreement, x itself first, then the followers by token sum. With
// none found (a model too big to search, or — which would be a bug in the
// encoding — no disagreement) it returns a nil counterexample and says why.
// The search stops after limit, which is then the why.
func confirm(ctx context.Context, c *theory.Claim, r grundy.Ruleset, model []*big.Int, opt Options, limit time.Duration) (*Counterexample, string, error) {
	pos := grundy.BigPosition(model)
	x, ok := pos.Small()
	if !ok {
		return nil, fmt.Sprintf("solver model (%s) is too big for exhaustive search", pos), nil
	}
	budget := opt.Budget
	if budget <= 0 {
		budget = 2_000_000
	}
	// Positions alone do not bound the time: a position may have
	// thousands of followers. The search stops at limit too.
	sctx, cancel := context.WithTimeout(ctx, limit)
	defer cancel()
	s, err := solve.Search{Ruleset: r, Budget: budget}.Solve(sctx, x)
	if err != nil {
		switch {
		case errors.Is(err, solve.ErrBudget), errors.Is(err, solve.ErrTooBig):
			return nil, fmt.Sprintf("solver model (%s) is beyond exhaustive search", x), nil
		case ctx.Err() == nil && errors.Is(err, context.DeadlineExceeded):
			return nil, fmt.Sprintf("solver model (%s) not confirmed: the exhaustive search from it took more than %s", x, limit), nil
		}
		return nil, "", err
	}
	candidates := []grundy.Position{grundy.Canonical(r, x)}
	var followers []grundy.Position
	r.Options(x, func(q grundy.Position) bool {
		followers = append(followers, grundy.Canonical(r, q))
		return true
	})
	slices.SortFunc(followers, func(a, b grundy.Position) int {
		if d := a.Sum() - b.Sum(); d != 0 {
			return d
		}
		return slices.Compare(a, b)
	})
	candidates = append(candidates, followers...)
	for _, p := range candidates {
		claimed, ok := c.Eval(r, p.Big())
		if !ok {
			continue
		}
		v, _ := s.Values(p)
		computed := theory.ComputedValue(c.Quantity, v)
		if claimed.Cmp(computed) != 0 {
			return &Counterexample{Pos: p.String(), Model: x.String(),
				Claimed: show(c.Quantity, claimed), Computed: show(c.Quantity, computed)}, "", nil
		}
	}
	return nil, fmt.Sprintf("solver model (%s) not confirmed: exhaustive search agrees with the claim there and at every follower (a bug in the encoding?)", x), nil
}

// Params gives the parameters of r by name.
func Params(r grundy.Ruleset) map[string]int { return games.SpecOf(r).Values() }

// A Range gives values to parameters, such as s=1..6,t=1..6.
type Range map[string][]int

// ParseRange reads "s=1..6,t=1..3" or "k=2,k=4" style ranges.
func ParseRange(s string) (Range, error) {
	out := Range{}
	if strings.TrimSpace(s) == "" {
		return out, nil
	}
	for _, part := range strings.Split(s, ",") {
		k, v, ok := strings.Cut(strings.TrimSpace(part), "=")
		if !ok || k == "" {
			return nil, fmt.Errorf("range %q: %q is not name=lo..hi", s, part)
		}
		lo, hi, isSpan := strings.Cut(v, "..")
		a, err1 := strconv.Atoi(lo)
		b := a
		var err2 error
		if isSpan {
			b, err2 = strconv.Atoi(hi)
		}
		if err1 != nil || err2 != nil || a > b || a < 0 {
			return nil, fmt.Errorf("range %q: %q is not name=lo..hi with 0 ≤ lo ≤ hi", s, part)
		}
		if b-a > 1000 {
			return nil, fmt.Errorf("range %q: %q spans more than 1000 values", s, part)
		}
		for x := a; x <= b; x++ {
			out[k] = append(out[k], x)
		}
	}
	return out, nil
}

// Instances lists the parameter sets to prove c for: the games and pile
// counts of its default checks, or, with a range, those games' families
// with the ranged parameters set to every combination; the range "n"
// gives pile counts. Instances the claim does not speak of are dropped.
func Instances(c *theory.Claim, rng Range) ([]Instance, error) {
	var out []Instance
	seen := map[string]bool{}
	add := func(r grundy.Ruleset, n int) {
		key := fmt.Sprintf("%s/%d", r.Name(), n)
		if !seen[key] && c.Applies(r, n) {
			seen[key] = true
			out = append(out, Instance{Ruleset: r, Piles: n})
		}
	}
	for _, chk := range c.Checks {
		r, err := games.Parse(chk.Game)
		if err != nil {
			return nil, err
		}
		if len(rng) == 0 {
			add(r, chk.Piles)
			continue
		}
		family := games.SpecOf(r).Family
		fam, _ := games.Lookup(family)
		base := Params(r)
		piles := []int{chk.Piles}
		if ns, ok := rng["n"]; ok {
			piles = ns
		}
		rng := maps.Clone(rng)
		delete(rng, "n")
		for name := range rng {
			if !slices.ContainsFunc(fam.Params, func(p games.Param) bool { return p.Name == name }) {
				return nil, fmt.Errorf("%s: %s has no parameter %s", c.ID, family, name)
			}
		}
		names := slices.Sorted(maps.Keys(rng))
		var rec func(i int, vals map[string]int) error
		rec = func(i int, vals map[string]int) error {
			if i == len(names) {
				var kv []string
				for _, k := range slices.Sorted(maps.Keys(vals)) {
					kv = append(kv, fmt.Sprintf("%s=%d", k, vals[k]))
				}
				spec := family
				if len(kv) > 0 {
					spec += ":" + strings.Join(kv, ",")
				}
				r, err := games.Parse(spec)
				if err != nil {
					return err
				}
				for _, n := range piles {
					add(r, n)
				}
				return nil
			}
			for _, v := range rng[names[i]] {
				vals[names[i]] = v
				if err := rec(i+1, vals); err != nil {
					return err
				}
			}
			return nil
		}
		if err := rec(0, maps.Clone(base)); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// show writes a claimed or computed quantity as `grundy check` does.
func show(q grundy.Quantity, v *big.Int) string {
	switch q {
	case grundy.QP, grundy.QPm:
		if v.Sign() != 0 {
			return "P"
		}
		return "N"
	}
	return fmt.Sprintf("%s=%s", q, v)
}

// shrink looks for a counterexample with fewer tokens: it bisects on a
// bound on the token sum of the solver's position, keeping the smallest
// confirmed counterexample. Solvers return arbitrary models; a small one
// is what a reader can check by hand.
func shrink(ctx context.Context, who problemOf, c *theory.Claim, r grundy.Ruleset, ob Obligation, file string, ce *Counterexample,
	opt Options, timeout time.Duration, seconds, cpu *float64) *Counterexample {
	model, err := grundy.ParsePosition(ce.Model)
	if err != nil {
		return ce
	}
	small, _ := model.Small()
	lo, hi := 0, small.Sum() // a sat model has at most hi tokens
	for lo < hi {
		mid := (lo + hi) / 2
		ans, err := opt.ask(ctx, who, fmt.Sprintf("%s, ≤ %d tokens", ob.Name, mid), ob.Script(mid), bounded(file), ob.N, timeout)
		*seconds += ans.Seconds
		*cpu += ans.CPU
		if err != nil || ans.Result == "timeout" || ans.Result == "unknown" {
			return ce
		}
		if ans.Result == "unsat" {
			lo = mid + 1
			continue
		}
		better, _, err := confirm(ctx, c, r, ans.Model, opt, timeout)
		if err != nil || better == nil {
			return ce
		}
		ce = better
		m, _ := grundy.ParsePosition(ce.Model)
		ms, _ := m.Small()
		hi = ms.Sum()
	}
	return ce
}

// solveFull is the second try of ob, whose first answer (within quick)
// was undecided: its residue pieces (Obligation.Residues), each with
// pieceLimit, or, when it has none, the whole again with the full limit
// if the first try timed out (an "unknown" is the solver's last word).
// Before many pieces the whole is tried again for a quarter of quick per
// piece, at most a fifth of the limit: 36 pieces cost more than a whole
// that takes a few seconds (000 Prop. 9 on Exact 3-Nim, 4 piles), 4
// pieces less than a whole that times out. Its answer
// is unsat when every piece is, or the first sat piece's model.
func solveFull(ctx context.Context, who problemOf, ob Obligation, file string, opt Options, first Answer, quick, timeout time.Duration) (Answer, error) {
	pieces := ob.Residues()
	if len(pieces) == 0 {
		if first.Result != "timeout" || timeout <= quick {
			return first, nil
		}
		ans, err := opt.ask(ctx, who, ob.Name, ob.Script(-1), file, ob.N, timeout)
		ans.Seconds += first.Seconds
		ans.CPU += first.CPU
		return ans, err
	}
	if again := min(timeout/5, quick*time.Duration(len(pieces))/4); first.Result == "timeout" && again > quick {
		ans, err := opt.ask(ctx, who, ob.Name, ob.Script(-1), file, ob.N, again)
		ans.Seconds += first.Seconds
		ans.CPU += first.CPU
		if err != nil || ans.Result == "sat" || ans.Result == "unsat" {
			return ans, err
		}
		first = ans
	}
	total := Answer{Result: "unsat", Seconds: first.Seconds, CPU: first.CPU}
	var used []string
	for i, p := range pieces {
		a, err := opt.ask(ctx, who, p.Name, p.Script(-1), strings.TrimSuffix(file, ".smt2")+fmt.Sprintf("_piece%d.smt2", i+1), p.N, pieceLimit(timeout, quick, len(pieces)))
		if err != nil {
			return Answer{}, err
		}
		total.Seconds += a.Seconds
		total.CPU += a.CPU
		if !slices.Contains(used, a.Solver) {
			used = append(used, a.Solver)
		}
		switch a.Result {
		case "sat":
			a.Seconds, a.CPU = total.Seconds, total.CPU
			return a, nil
		case "unsat":
		default:
			a.Seconds, a.CPU = total.Seconds, total.CPU
			a.Reason = strings.TrimSpace(fmt.Sprintf("residue piece %s: %s %s", p.Name, a.Result, a.Reason))
			return a, nil
		}
	}
	total.Solver = strings.Join(used, " and ")
	total.Reason = fmt.Sprintf("split into %d residue classes", len(pieces))
	return total, nil
}

// pieceLimit is the limit of each of n residue pieces of an obligation:
// the full limit for up to four (002's Wythoff variants, two piles mod 2,
// whose slowest pieces need most of it), beyond that a share of four
// limits, never less than quick. Every piece must be decided for the
// obligation to be, so 36 pieces each near the full limit would take
// longer than any run affords, while a piece that gives up costs its
// solvers the whole limit each (000 Prop. 4 and 9 on Exact k-Nim, 12
// and 36 pieces, none decided at 60 s).
func pieceLimit(timeout, quick time.Duration, n int) time.Duration {
	if n <= 4 {
		return timeout
	}
	return min(timeout, max(quick, (timeout*4/time.Duration(n)).Truncate(time.Second)))
}
