package theory

import (
	"cmp"
	"context"
	"fmt"
	"math/big"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/games"
	"github.com/grundy/grundy/solve"
)

// A Counterexample is a position where a claim and the exhaustive solver
// disagree.
type Counterexample struct {
	Game     string `json:"game"`
	Pos      string `json:"pos"`
	Claimed  string `json:"claimed"`
	Computed string `json:"computed"`
}

// A Failure is one kind of disagreement between a claim and the solver
// ("claims P, is N"; "claims G=1, is G=0"; "the prescribed move lands on
// an N-position"), how often it occurs, and its smallest counterexample
// (fewest tokens, then lexicographically least).
type Failure struct {
	Kind     string         `json:"kind"`
	Count    uint64         `json:"count"`
	Smallest Counterexample `json:"smallest"`
}

// An InstanceResult is what one box contributed.
type InstanceResult struct {
	Box     string `json:"box"`
	Checked uint64 `json:"checked"`
	Failed  uint64 `json:"failed"`
}

// A Result is the verdict of checking one claim.
type Result struct {
	ID        string             `json:"id"`
	Role      string             `json:"role"` // "as printed", "reading of …", "correction of …", "weakening of …"
	Statement string             `json:"statement"`
	Note      string             `json:"note,omitempty"`
	Status    grundy.ClaimStatus `json:"status"`
	Box       []string           `json:"box"`
	Instances []InstanceResult   `json:"instances"`
	Checked   uint64             `json:"checked"`
	// Failures lists every distinct kind of failure with its smallest
	// counterexample, in the order of those (at most MaxFailureKinds;
	// MoreKinds counts the rest).
	Failures  []Failure `json:"failures"`
	MoreKinds int       `json:"more_kinds,omitempty"`
	// Counterexamples are the smallest counterexamples over all kinds,
	// smallest first (at most MaxCounterexamples).
	Counterexamples []Counterexample `json:"counterexamples"`
	// Verdict names the error of a failed claim: a false statement, a
	// misprinted table entry with its corrected row, …
	Verdict string `json:"verdict,omitempty"`
	// details are the sweep's per-instance details (Claim.Sweep).
	details []string
}

// SweepDetails are the details a claim's Sweep returned, one per instance
// that gave one, for its Diagnose.
func (r *Result) SweepDetails() []string { return r.details }

// MaxCounterexamples is how many of the smallest counterexamples a Result
// keeps; MaxFailureKinds how many kinds of failure.
const (
	MaxCounterexamples = 5
	MaxFailureKinds    = 12
)

// CheckOptions tune Check.
type CheckOptions struct {
	// Max, if positive, replaces the largest pile size of every instance.
	Max int
	// Progress, if set, receives box-solver progress.
	Progress func(done, total uint64)
	// MemoryLimit refuses boxes whose tables need more bytes (0: none).
	MemoryLimit uint64
	// WorkLimit refuses boxes whose estimated work (solve.Estimate.Work)
	// is larger (0: none).
	WorkLimit float64
	// Tables, if set, shares solved boxes between the checks of one run:
	// many claims of a paper speak of the same boxes.
	Tables *TableCache
}

// A TableCache keeps solved boxes for reuse, up to a byte budget, the
// oldest dropped first. The zero value keeps nothing; a nil one too.
type TableCache struct {
	Budget uint64 // bytes of tables kept
	mu     sync.Mutex
	tables []cachedTable
	bytes  uint64
}

type cachedTable struct {
	game       string
	piles, max int
	t          *solve.Table
	bytes      uint64
}

// solve returns a cached table of the box with at least spec's kinds, or
// solves and keeps it.
func (tc *TableCache) solve(ctx context.Context, r grundy.Ruleset, spec solve.BoxSpec) (*solve.Table, error) {
	if tc == nil || tc.Budget == 0 {
		return solve.SolveBox(ctx, r, spec)
	}
	game := r.Name()
	tc.mu.Lock()
	for _, c := range tc.tables {
		if c.game == game && c.piles == spec.Piles && c.max == spec.Max && c.t.Kinds&spec.Kinds == spec.Kinds {
			tc.mu.Unlock()
			return c.t, nil
		}
	}
	tc.mu.Unlock()
	t, err := solve.SolveBox(ctx, r, spec)
	if err != nil {
		return nil, err
	}
	size := t.Index.Size() * uint64(2*spec.Kinds.Count())
	tc.mu.Lock()
	defer tc.mu.Unlock()
	if size <= tc.Budget {
		for tc.bytes+size > tc.Budget && len(tc.tables) > 0 {
			tc.bytes -= tc.tables[0].bytes
			tc.tables = tc.tables[1:]
		}
		tc.tables = append(tc.tables, cachedTable{game, spec.Piles, spec.Max, t, size})
		tc.bytes += size
	}
	return t, nil
}

// A Site is one position of a solved box, as a Property sees it. Check
// visits the positions of a box on all cores, one Site per goroutine, so
// a Property must be safe for concurrent use.
type Site struct {
	Ruleset grundy.Ruleset
	Pos     grundy.Position // canonical
	Values  grundy.Values
	table   *solve.Table
	rank    uint64
}

// Table is the solved box the position lies in.
func (s *Site) Table() *solve.Table { return s.table }

// Rank is the position's rank in the box (Table().Index): a property
// that derives facts of a whole box once reads them by rank.
func (s *Site) Rank() uint64 { return s.rank }

// ValuesOf gives the values of canonical position q of the box.
func (s *Site) ValuesOf(q grundy.Position) (grundy.Values, bool) { return s.table.Lookup(q) }

// Max is the largest pile size of the box: a property that consults other
// boxes (a prefix with fewer piles, say) solves them to the same bound.
func (s *Site) Max() int { return s.table.Max() }

// Options calls yield with each distinct follower of the position
// (canonical) and its values.
func (s *Site) Options(yield func(q grundy.Position, v grundy.Values) bool) {
	seen := map[string]bool{}
	s.Ruleset.Options(s.Pos, func(q grundy.Position) bool {
		c := grundy.Canonical(s.Ruleset, q)
		key := c.String()
		if seen[key] {
			return true
		}
		seen[key] = true
		v, ok := s.table.Lookup(c)
		if !ok {
			panic(fmt.Sprintf("theory: follower %v of %v leaves the box", c, s.Pos))
		}
		return yield(c, v)
	})
}

// A Verdict is what a Property says at one position: whether the claim
// speaks of it, and if so whether it holds. Failure names the kind of
// failure ("the prescribed move is illegal"); Claimed and Computed say
// what the statement and the solver give there.
type Verdict struct {
	Applies           bool
	Holds             bool
	Failure           string
	Claimed, Computed string
}

// Holds is the verdict of a position where a property holds.
func Holds() Verdict { return Verdict{Applies: true, Holds: true} }

// Fails is the verdict of a position where a property fails.
func Fails(kind, claimed, computed string) Verdict {
	return Verdict{Applies: true, Failure: kind, Claimed: claimed, Computed: computed}
}

// Check verifies c against the exhaustive solver on each of its instances:
// every position of each box where c says something is compared.
func Check(ctx context.Context, c *Claim, opt CheckOptions) (Result, error) {
	res := Result{ID: c.ID, Role: c.Role(), Statement: c.Statement, Note: c.Note, Status: grundy.ClaimPass,
		Box: []string{}, Instances: []InstanceResult{}, Failures: []Failure{}, Counterexamples: []Counterexample{}}
	acc := &failures{kinds: map[string]*Failure{}}
	for _, in := range c.Checks {
		if opt.Max > 0 {
			in.Max = opt.Max
		}
		var ir InstanceResult
		var err error
		if c.Sweep != nil {
			res.Box = append(res.Box, c.Sweep.Scope(in))
			var detail string
			ir, detail, err = sweepInstance(ctx, c, in, opt, acc)
			if detail != "" {
				res.details = append(res.details, detail)
			}
		} else {
			res.Box = append(res.Box, in.String())
			ir, err = checkInstance(ctx, c, in, opt, acc)
		}
		if err != nil {
			return Result{}, fmt.Errorf("check %s on %s: %w", c.ID, in, err)
		}
		res.Instances = append(res.Instances, ir)
		res.Checked += ir.Checked
	}
	res.Failures, res.MoreKinds, res.Counterexamples = acc.result()
	switch {
	case len(res.Failures) > 0:
		res.Status = grundy.ClaimFail
		if c.Diagnose != nil {
			res.Verdict = c.Diagnose(&res)
		}
		if res.Verdict == "" {
			res.Verdict = genericVerdict(c, &res)
		}
	case res.Checked == 0:
		res.Status = grundy.ClaimEmpty
	}
	return res, nil
}

// CheckBox is Check on one box of a ruleset given, r with n piles ≤ max,
// in place of c's instances: a second procedure behind a proof (prove
// records none the box refutes).
func CheckBox(ctx context.Context, c *Claim, r grundy.Ruleset, n, max int, opt CheckOptions) (Result, error) {
	in := Instance{Game: r.Name(), Piles: n, Max: max}
	res := Result{ID: c.ID, Role: c.Role(), Statement: c.Statement, Note: c.Note, Status: grundy.ClaimPass,
		Box: []string{in.String()}, Instances: []InstanceResult{}, Failures: []Failure{}, Counterexamples: []Counterexample{}}
	acc := &failures{kinds: map[string]*Failure{}}
	ir, err := checkRuleset(ctx, c, r, in, opt, acc)
	if err != nil {
		return Result{}, fmt.Errorf("check %s on %s: %w", c.ID, in, err)
	}
	res.Instances = append(res.Instances, ir)
	res.Checked = ir.Checked
	res.Failures, res.MoreKinds, res.Counterexamples = acc.result()
	switch {
	case len(res.Failures) > 0:
		res.Status = grundy.ClaimFail
		res.Verdict = genericVerdict(c, &res)
	case res.Checked == 0:
		res.Status = grundy.ClaimEmpty
	}
	return res, nil
}

func checkInstance(ctx context.Context, c *Claim, in Instance, opt CheckOptions, acc *failures) (InstanceResult, error) {
	r, err := games.Parse(in.Game)
	if err != nil {
		return InstanceResult{Box: in.String()}, err
	}
	return checkRuleset(ctx, c, r, in, opt, acc)
}

// checkRuleset is checkInstance with in's ruleset given as r.
func checkRuleset(ctx context.Context, c *Claim, r grundy.Ruleset, in Instance, opt CheckOptions, acc *failures) (InstanceResult, error) {
	ir := InstanceResult{Box: in.String()}
	if !c.Applies(r, in.Piles) {
		return ir, fmt.Errorf("the claim does not speak of %d piles of %s", in.Piles, r.Name())
	}
	kinds := c.Needs
	switch {
	case c.Quantity != grundy.QProperty:
		kinds = kindsFor(c.Quantity)
	case kinds == 0:
		kinds = grundy.AllKinds
	}
	t, err := opt.Tables.solve(ctx, r, solve.BoxSpec{Piles: in.Piles, Max: in.Max, Kinds: kinds,
		Progress: opt.Progress, MemoryLimit: opt.MemoryLimit, WorkLimit: opt.WorkLimit})
	if err != nil {
		return ir, err
	}
	game := r.Name()
	// Each worker gathers its own failures; they are merged in worker
	// order, and the merge keeps what a single pass would (the smallest
	// counterexamples do not depend on the order positions are seen in).
	type worker struct {
		checked, failed uint64
		acc             *failures
	}
	var workers []*worker
	newWorker := func() func(r uint64, p grundy.Position, v grundy.Values) {
		w := &worker{acc: &failures{kinds: map[string]*Failure{}}}
		workers = append(workers, w)
		if c.Quantity == grundy.QProperty {
			site := &Site{Ruleset: r, table: t}
			return func(rank uint64, p grundy.Position, v grundy.Values) {
				site.Pos, site.Values, site.rank = p, v, rank
				vd := c.Property(site)
				if !vd.Applies {
					return
				}
				w.checked++
				if !vd.Holds {
					w.failed++
					w.acc.add(vd.Failure, p, Counterexample{Game: game, Pos: p.String(), Claimed: vd.Claimed, Computed: vd.Computed})
				}
			}
		}
		eval := Bind(c, r, in.Piles)
		return func(_ uint64, p grundy.Position, v grundy.Values) {
			claimed, ok := eval(p)
			if !ok {
				return
			}
			w.checked++
			computed := ComputedValue(c.Quantity, v)
			if claimed.Cmp(computed) != 0 {
				w.failed++
				cl, co := show(c.Quantity, claimed), show(c.Quantity, computed)
				w.acc.add("claims "+cl+", is "+co, p, Counterexample{Game: game, Pos: p.String(), Claimed: cl, Computed: co})
			}
		}
	}
	scanBox(ctx, t, newWorker)
	for _, w := range workers {
		ir.Checked += w.checked
		ir.Failed += w.failed
		acc.merge(w.acc)
	}
	return ir, ctx.Err()
}

// sweepInstance checks c on the set its Sweep gives for in.
func sweepInstance(ctx context.Context, c *Claim, in Instance, opt CheckOptions, acc *failures) (InstanceResult, string, error) {
	ir := InstanceResult{Box: c.Sweep.Scope(in)}
	r, err := games.Parse(in.Game)
	if err != nil {
		return ir, "", err
	}
	if !c.Applies(r, in.Piles) {
		return ir, "", fmt.Errorf("the claim does not speak of %d piles of %s", in.Piles, r.Name())
	}
	game := r.Name()
	lim := SweepLimits{MemoryLimit: opt.MemoryLimit, WorkLimit: opt.WorkLimit, Progress: opt.Progress}
	detail, err := c.Sweep.Run(ctx, in, lim, func(p grundy.Position, vd Verdict) {
		if !vd.Applies {
			return
		}
		ir.Checked++
		if !vd.Holds {
			ir.Failed++
			acc.add(vd.Failure, p, Counterexample{Game: game, Pos: p.String(), Claimed: vd.Claimed, Computed: vd.Computed})
		}
	})
	if err == nil {
		err = ctx.Err()
	}
	return ir, detail, err
}

// scanBox calls a visitor on every position of t, on all cores: each
// goroutine gets its own visitor from newWorker (called before any
// visiting starts) and takes chunks of ranks in turn.
func scanBox(ctx context.Context, t *solve.Table, newWorker func() func(r uint64, p grundy.Position, v grundy.Values)) {
	size := t.Index.Size()
	n := runtime.GOMAXPROCS(0)
	chunk := max(1<<12, size/uint64(32*n))
	n = int(min(uint64(n), (size+chunk-1)/chunk))
	visits := make([]func(uint64, grundy.Position, grundy.Values), n)
	for i := range visits {
		visits[i] = newWorker()
	}
	var next atomic.Uint64
	var wg sync.WaitGroup
	for _, visit := range visits {
		wg.Go(func() {
			for ctx.Err() == nil {
				lo := next.Add(chunk) - chunk
				if lo >= size {
					return
				}
				t.EachRank(lo, lo+chunk, func(r uint64, p grundy.Position, v grundy.Values) bool {
					visit(r, p, v)
					return true
				})
			}
		})
	}
	wg.Wait()
}

// Bind prepares c's evaluator for positions of r with n piles: the
// formula tree is built once, not per position.
func Bind(c *Claim, r grundy.Ruleset, n int) func(p grundy.Position) (*big.Int, bool) {
	if c.Formula != nil {
		f := c.Formula(r, n)
		var dom func(grundy.Position) bool
		if c.Domain != nil {
			d := c.Domain(r, n)
			if d == nil {
				return func(grundy.Position) (*big.Int, bool) { return nil, false }
			}
			cd := d.Compile()
			dom = func(p grundy.Position) bool { return cd.Bool(p) }
		}
		if f == nil {
			return func(grundy.Position) (*big.Int, bool) { return nil, false }
		}
		cf := f.Compile()
		isBool := f.IsBool()
		return func(p grundy.Position) (*big.Int, bool) {
			if dom != nil && !dom(p) {
				return nil, false
			}
			if isBool {
				return boolInt(cf.Bool(p)), true
			}
			return cf.Int(p), true
		}
	}
	return func(p grundy.Position) (*big.Int, bool) { return c.Eval(r, p.Big()) }
}

// failures gathers the kinds of failure of one claim over its instances.
type failures struct {
	kinds map[string]*Failure
	pos   map[string]grundy.Position // each kind's smallest position
	all   []ce                       // the smallest counterexamples overall
}

type ce struct {
	p grundy.Position
	c Counterexample
}

// smaller orders positions by token sum, then lexicographically.
func smaller(a, b grundy.Position) int {
	sa, sb := 0, 0
	for _, x := range a {
		sa += x
	}
	for _, x := range b {
		sb += x
	}
	if c := cmp.Compare(sa, sb); c != 0 {
		return c
	}
	if c := cmp.Compare(len(a), len(b)); c != 0 {
		return c
	}
	return slices.Compare(a, b)
}

func (f *failures) add(kind string, p grundy.Position, c Counterexample) {
	if f.pos == nil {
		f.pos = map[string]grundy.Position{}
	}
	k := f.kinds[kind]
	if k == nil {
		k = &Failure{Kind: kind, Smallest: c}
		f.kinds[kind] = k
		f.pos[kind] = slices.Clone(p)
	} else if smaller(p, f.pos[kind]) < 0 {
		k.Smallest = c
		f.pos[kind] = slices.Clone(p)
	}
	k.Count++
	if len(f.all) < MaxCounterexamples || smaller(p, f.all[len(f.all)-1].p) < 0 {
		f.keepSmallest(ce{slices.Clone(p), c})
	}
}

// keepSmallest adds c to the smallest counterexamples if it is one of
// them; of equal positions (one from each of two boxes) the first added
// stays first.
func (f *failures) keepSmallest(c ce) {
	if len(f.all) < MaxCounterexamples || smaller(c.p, f.all[len(f.all)-1].p) < 0 {
		f.all = append(f.all, c)
		slices.SortStableFunc(f.all, func(a, b ce) int { return smaller(a.p, b.p) })
		if len(f.all) > MaxCounterexamples {
			f.all = f.all[:MaxCounterexamples]
		}
	}
}

// merge adds the failures g gathered (from other positions than f's).
func (f *failures) merge(g *failures) {
	if f.pos == nil {
		f.pos = map[string]grundy.Position{}
	}
	for kind, gk := range g.kinds {
		k := f.kinds[kind]
		if k == nil {
			k = &Failure{Kind: kind, Smallest: gk.Smallest}
			f.kinds[kind] = k
			f.pos[kind] = g.pos[kind]
		} else if smaller(g.pos[kind], f.pos[kind]) < 0 {
			k.Smallest = gk.Smallest
			f.pos[kind] = g.pos[kind]
		}
		k.Count += gk.Count
	}
	for _, c := range g.all {
		f.keepSmallest(c)
	}
}

func (f *failures) result() ([]Failure, int, []Counterexample) {
	out := []Failure{}
	for _, k := range f.kinds {
		out = append(out, *k)
	}
	// Kinds in the order of their smallest counterexamples: the first is
	// the smallest failure, where a reader starts.
	slices.SortFunc(out, func(a, b Failure) int {
		if c := smaller(f.pos[a.Kind], f.pos[b.Kind]); c != 0 {
			return c
		}
		if c := cmp.Compare(b.Count, a.Count); c != 0 {
			return c
		}
		return strings.Compare(a.Kind, b.Kind)
	})
	more := 0
	if len(out) > MaxFailureKinds {
		more = len(out) - MaxFailureKinds
		out = out[:MaxFailureKinds]
	}
	ces := []Counterexample{}
	for _, c := range f.all {
		ces = append(ces, c.c)
	}
	return out, more, ces
}

// kindsFor is what the box solver must compute for a quantity.
func kindsFor(q grundy.Quantity) grundy.Kinds {
	switch q {
	case grundy.QG, grundy.QP:
		return grundy.KindG
	case grundy.QGm, grundy.QPm:
		return grundy.KindGm
	case grundy.QR:
		return grundy.KindR
	case grundy.QRm:
		return grundy.KindRm
	}
	panic("theory: unknown quantity " + string(q))
}

// ComputedValue is the quantity q of exhaustively computed values v.
func ComputedValue(q grundy.Quantity, v grundy.Values) *big.Int {
	switch q {
	case grundy.QG:
		return big.NewInt(int64(v.G))
	case grundy.QGm:
		return big.NewInt(int64(v.Gm))
	case grundy.QR:
		return big.NewInt(int64(v.R))
	case grundy.QRm:
		return big.NewInt(int64(v.Rm))
	case grundy.QP:
		return boolInt(v.G == 0)
	case grundy.QPm:
		return boolInt(v.Gm == 0)
	}
	panic("theory: unknown quantity " + string(q))
}

func show(q grundy.Quantity, v *big.Int) string {
	switch q {
	case grundy.QP:
		if v.Sign() != 0 {
			return "P"
		}
		return "N"
	case grundy.QPm:
		if v.Sign() != 0 {
			return "P⁻"
		}
		return "N⁻"
	}
	return fmt.Sprintf("%s=%s", q, v)
}

func genericVerdict(c *Claim, res *Result) string {
	first := res.Counterexamples[0]
	what := "the statement is false"
	switch {
	case c.Support == Table:
		var fixes []string
		for _, ce := range res.Counterexamples {
			fixes = append(fixes, fmt.Sprintf("(%s) printed %s, correct %s", ce.Pos, ce.Claimed, ce.Computed))
		}
		return "misprint in the printed table: " + strings.Join(fixes, "; ")
	case c.Corrects != "":
		what = "the correction is false too"
	case c.ReadingOf != "":
		what = "false under this reading"
	case c.WeakeningOf != "":
		what = "even the weaker statement is false"
	}
	if c.Quantity == grundy.QProperty {
		// Name the kind of failure of the smallest counterexample, not
		// the most frequent kind.
		for _, f := range res.Failures {
			if f.Smallest == first {
				return fmt.Sprintf("%s: at (%s) of %s, %s", what, first.Pos, first.Game, f.Kind)
			}
		}
		return fmt.Sprintf("%s: at (%s) of %s (claimed %s; found %s)", what, first.Pos, first.Game, first.Claimed, first.Computed)
	}
	return fmt.Sprintf("%s: at (%s) of %s it claims %s, exhaustive search gives %s",
		what, first.Pos, first.Game, first.Claimed, first.Computed)
}
