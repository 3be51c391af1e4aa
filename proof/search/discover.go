package search

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"math/rand/v2"
	"runtime"
	"slices"
	"time"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/formula"
	"github.com/grundy/grundy/internal/plural"
	"github.com/grundy/grundy/proof/automatic"
	"github.com/grundy/grundy/proof/smt"
	"github.com/grundy/grundy/solve"
	"github.com/grundy/grundy/theory"
	"github.com/grundy/grundy/theory/discovered"
)

// A Status is how far a Part's formula is established (discovered.Status).
type Status = discovered.Status

const (
	StatusProved  = discovered.StatusProved
	StatusChecked = discovered.StatusChecked
	StatusRefuted = discovered.StatusRefuted
	StatusNone    = discovered.StatusNone
)

// Options say what to discover and how hard to try.
type Options struct {
	What  grundy.Quantity // QP, QPm, QG or QGm
	Piles int
	Max   int // the box fitted: every pile ≤ Max
	// ValidateMax is the larger box checked afterwards; 0 means
	// Max + max(Max/2, 2).
	ValidateMax int
	MaxAtoms    int // most atoms in a formula; 0 means 8
	MaxMod      int // largest modulus of residue atoms; 0 means 8
	SampleSize  int // rows scoring atoms; 0 means 60,000
	// Invent is how many linear atoms beyond the families a fit may
	// invent when the families fail (see invent); 0 means 4, negative
	// none.
	Invent int
	// Prove asks for a proof of every fitted part, with Solvers, within
	// ProveTimeout per obligation (0: 60 s) and Budget for the whole
	// prove-and-refit loop of a part (0: 5 minutes).
	Prove        bool
	Solvers      smt.Portfolio
	ProveTimeout time.Duration
	Budget       time.Duration
	// MemoryLimit refuses a box whose tables would need more; zero means
	// no limit (as in solve). The front ends' door, prover.Discover,
	// sets engine's memory policy.
	MemoryLimit uint64
	// Progress, if set, hears what is being done.
	Progress func(stage string)
	// MaxPeriod is the longest period of a one-pile sequence tried
	// (Result.Sum); 0 means half the validation box, (ValidateMax+1)/2,
	// the longest the box can show twice.
	MaxPeriod int
}

// A Result is what discover found for one ruleset, pile count and
// quantity: one Part per class of positions that play separately.
type Result struct {
	Game        string  `json:"game"`
	Piles       int     `json:"piles"`
	What        string  `json:"what"`
	Max         int     `json:"max"`
	ValidateMax int     `json:"validate_max"`
	Positions   int     `json:"positions"` // in the fitting box
	Validated   int     `json:"validated"` // in the validation box
	Status      Status  `json:"status"`    // the weakest of the parts'
	Parts       []Part  `json:"parts"`
	Seconds     float64 `json:"seconds"`
	// Automaton, when no formula fits the P-positions, is the automaton
	// learned instead (and proved), or why none was found.
	Automaton *Automaton `json:"automaton,omitempty"`
	// MemoryBytes is the peak heap the run saw (runtime.MemStats.HeapSys).
	MemoryBytes uint64 `json:"memory_bytes"`
	// Sum, for P and G, says whether the validation box's values are the
	// nim-sum of one-pile sequences, with each sequence's period.
	Sum *NimSum `json:"nim_sum,omitempty"`
}

// A Part is the formula of one class of positions: those where Domain
// holds (all, when empty).
type Part struct {
	Domain        string `json:"domain,omitempty"`         // readable
	DomainLaTeX   string `json:"domain_latex,omitempty"`   // as LaTeX
	DomainFormula string `json:"domain_formula,omitempty"` // S-expression (Sexpr)
	Status        Status `json:"status"`
	Formula       string `json:"formula,omitempty"` // S-expression (Sexpr)
	Math          string `json:"math,omitempty"`
	LaTeX         string `json:"latex,omitempty"`
	Atoms         int    `json:"atoms"`    // distinct atoms
	Literals      int    `json:"literals"` // atoms with repetition: the formula's size
	Positions     int    `json:"positions"`
	// Disagreement is the first position (by token sum) of the
	// validation box where the formula is wrong.
	Disagreement *Disagreement `json:"disagreement,omitempty"`
	Proof        *smt.Result   `json:"proof,omitempty"`
	Refits       int           `json:"refits"` // fits redone after a counterexample
	Note         string        `json:"note,omitempty"`

	desc *description
	dom  *formula.Expr
}

// A Disagreement is a position where the formula and the exhaustive
// value differ.
type Disagreement struct {
	Pos      string `json:"pos"`
	Formula  int    `json:"formula"`
	Computed int    `json:"computed"`
}

// Expr is the part's formula as proved (nil when none was found).
func (p *Part) Expr() *formula.Expr {
	if p.desc == nil {
		return nil
	}
	return p.desc.proofExpr()
}

// Discover fits, validates and (with opt.Prove) proves a description of
// quantity opt.What for ruleset r with opt.Piles piles.
func Discover(ctx context.Context, r grundy.Ruleset, opt Options) (*Result, error) {
	start := time.Now()
	if opt.MaxAtoms <= 0 {
		opt.MaxAtoms = 8
	}
	if opt.MaxAtoms > 12 {
		return nil, fmt.Errorf("at most 12 atoms, got %d", opt.MaxAtoms)
	}
	if opt.MaxMod <= 0 {
		opt.MaxMod = 8
	}
	switch {
	case opt.Invent == 0:
		opt.Invent = 4
	case opt.Invent < 0:
		opt.Invent = 0
	}
	if opt.SampleSize <= 0 {
		opt.SampleSize = 60_000
	}
	if opt.ValidateMax == 0 {
		opt.ValidateMax = opt.Max + max(opt.Max/2, 2)
	}
	if opt.ValidateMax < opt.Max {
		return nil, fmt.Errorf("validation box (max %d) smaller than the fitting box (max %d)", opt.ValidateMax, opt.Max)
	}
	target, err := targetOf(opt.What)
	if err != nil {
		return nil, err
	}
	n := opt.Piles
	say := func(s string) {
		if opt.Progress != nil {
			opt.Progress(s)
		}
	}
	// One box: the validation box holds the fitting box, and a box is
	// closed under moves, so its values there are the fitting box's. The
	// fit holds the fitting box's positions as rows besides the table.
	spec := solve.BoxSpec{Piles: n, Max: opt.ValidateMax, Kinds: grundy.KindG | grundy.KindGm}
	if err := r.Validate(make(grundy.Position, n)); err != nil {
		return nil, fmt.Errorf("%s with %d piles: %w", r.Name(), n, err)
	}
	est := solve.EstimateBox(r, spec)
	rows := solve.BoxSize(n, grundy.SymmetricFrom(r, n), opt.Max)
	need := new(big.Int).Mul(rows, big.NewInt(int64(8*n+56)))
	need.Add(need, est.Bytes)
	if opt.MemoryLimit > 0 && need.Cmp(new(big.Int).SetUint64(opt.MemoryLimit)) > 0 {
		return nil, fmt.Errorf("%w: fitting %s positions of %d piles ≤ %d and validating on %s (piles ≤ %d) of %s needs about %s, more than the %s allowed",
			solve.ErrTooBig, rows, n, opt.Max, est.Positions, opt.ValidateMax, r.Name(), plural.Bytes(need), plural.Bytes(new(big.Int).SetUint64(opt.MemoryLimit)))
	}
	spec.MemoryLimit = opt.MemoryLimit
	say(fmt.Sprintf("solving %d piles ≤ %d", n, opt.ValidateMax))
	tab, err := solve.SolveBox(ctx, r, spec)
	if err != nil {
		return nil, err
	}
	res := &Result{Game: r.Name(), Piles: n, What: string(opt.What), Max: opt.Max, ValidateMax: opt.ValidateMax}
	if opt.MaxPeriod <= 0 {
		opt.MaxPeriod = (opt.ValidateMax + 1) / 2
	}
	res.Sum = nimSum(r, tab, opt.What, opt.MaxPeriod)
	doms := parts(r, n)
	for _, d := range doms {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		part := Part{dom: d.expr, Domain: d.text, DomainLaTeX: d.tex}
		if d.expr != nil {
			part.DomainFormula = discovered.Sexpr(d.expr)
		}
		pd := partData{r: r, n: n, tab: tab, target: target, in: d.in, max: opt.Max}
		if err := discoverPart(ctx, &part, &pd, opt, say); err != nil {
			return nil, err
		}
		res.Positions += part.Positions
		res.Parts = append(res.Parts, part)
	}
	tab.Each(func(grundy.Position, grundy.Values) bool { res.Validated++; return true })
	res.Status = weakest(res.Parts)
	if s := res.Sum; opt.Prove && s != nil && s.Status == StatusChecked && res.Status == StatusNone {
		// No formula of atoms: the period, or the nim-sum, is the
		// finding, proved within the budget of a part.
		say("proving the nim-sum of one-pile sequences")
		budget := opt.Budget
		if budget == 0 {
			budget = 5 * time.Minute
		}
		pctx, cancel := context.WithTimeout(ctx, budget)
		err := proveSum(pctx, r, n, opt.What, s, opt)
		cancel()
		if err != nil {
			return nil, err
		}
		if err := ctx.Err(); err != nil {
			return nil, err
		}
	}
	if res.Status == StatusNone && (opt.What == grundy.QP || opt.What == grundy.QPm) && automatic.Supports(r) && len(res.Parts) == 1 {
		// Past Presburger: the P-set may still be automatic.
		say("learning an automaton")
		res.Automaton = learnAutomaton(ctx, r, n, tab, opt.What, opt.Max, opt.Prove)
		if res.Automaton.Status != StatusNone {
			res.Status = res.Automaton.Status
		}
	}
	res.Seconds = time.Since(start).Seconds()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	res.MemoryBytes = ms.HeapSys
	return res, nil
}

func targetOf(q grundy.Quantity) (func(grundy.Values) int, error) {
	switch q {
	case grundy.QP:
		return func(v grundy.Values) int { return b2i(v.G == 0) }, nil
	case grundy.QPm:
		return func(v grundy.Values) int { return b2i(v.Gm == 0) }, nil
	case grundy.QG:
		return func(v grundy.Values) int { return v.G }, nil
	case grundy.QGm:
		return func(v grundy.Values) int { return v.Gm }, nil
	}
	return nil, fmt.Errorf("unknown quantity %q (want P, Pm, G or Gm)", q)
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

func weakest(ps []Part) Status {
	rank := map[Status]int{StatusRefuted: 0, StatusNone: 1, StatusChecked: 2, StatusProved: 3}
	s := StatusProved
	for _, p := range ps {
		if rank[p.Status] < rank[s] {
			s = p.Status
		}
	}
	return s
}

// A domain is a class of positions played separately.
type domain struct {
	expr *formula.Expr // nil: every position
	text string
	tex  string
	in   func(p []int) bool
}

// parts splits the positions into classes no move leaves: for rulesets
// whose every move removes exactly k ≥ 2 tokens, the total mod k.
func parts(r grundy.Ruleset, n int) []domain {
	u, ok := r.(grundy.UnitDecrements)
	if !ok {
		return []domain{{in: func([]int) bool { return true }}}
	}
	lo, hi := u.UnitDecrementRange(n)
	if lo != hi || lo < 2 {
		return []domain{{in: func([]int) bool { return true }}}
	}
	k := lo
	var out []domain
	xs := make([]*formula.Expr, n)
	for i := range xs {
		xs[i] = formula.X(i)
	}
	for j := range k {
		out = append(out, domain{
			expr: formula.Eq(formula.Mod(formula.Add(xs...), int64(k)), formula.C(int64(j))),
			text: fmt.Sprintf("x1 + … + x%d ≡ %d (mod %d)", n, j, k),
			tex:  fmt.Sprintf("x_{1} + \\dots + x_{%d} \\equiv %d \\pmod{%d}", n, j, k),
			in: func(p []int) bool {
				s := 0
				for _, x := range p {
					s += x
				}
				return s%k == j
			},
		})
	}
	return out
}

// partData reads one part's positions from the box.
type partData struct {
	r      grundy.Ruleset
	n      int
	tab    *solve.Table
	target func(grundy.Values) int
	in     func([]int) bool
	max    int
	extra  []row // counterexamples beyond the box
}

// each calls f with the part's positions of the box with piles ≤ lim.
func (d *partData) each(lim int, f func(p []int, v int)) {
	d.tab.Each(func(p grundy.Position, v grundy.Values) bool {
		if slices.Max(p) <= lim && d.in(p) {
			f(p, d.target(v))
		}
		return true
	})
}

func discoverPart(ctx context.Context, part *Part, d *partData, opt Options, say func(string)) error {
	label := "all positions"
	if part.Domain != "" {
		label = part.Domain
	}
	deadline := time.Now().Add(opt.Budget)
	if opt.Budget <= 0 {
		deadline = time.Now().Add(5 * time.Minute)
	}
	for {
		say("fitting " + label)
		desc, note, err := fit(ctx, d, opt)
		if err != nil {
			return err
		}
		part.Positions = 0
		d.each(d.max, func([]int, int) { part.Positions++ })
		if desc == nil {
			part.Status, part.Note = StatusNone, note
			return nil
		}
		part.desc = desc
		// The formula proved and stored: the description, split on a
		// parity for the solvers' sake (the same function).
		part.Formula = discovered.Sexpr(desc.proofExpr())
		part.Math = desc.text(string(opt.What), false)
		part.LaTeX = desc.text(string(opt.What), true)
		part.Atoms = len(desc.atoms)
		part.Literals = desc.literals()
		part.Disagreement = nil
		say("validating " + label)
		if dis := validate(d, desc); dis != nil {
			part.Disagreement = dis
			part.Status = StatusRefuted
			part.Note = fmt.Sprintf("fits every position with piles ≤ %d, but not %s of the validation box (piles ≤ %d)", d.max, dis.Pos, opt.ValidateMax)
			return nil
		}
		part.Status = StatusChecked
		if !opt.Prove {
			return nil
		}
		if len(opt.Solvers) == 0 {
			part.Note = "not proved: no SMT solver (install z3 or cvc5)"
			return nil
		}
		say("proving " + label)
		pr, err := proveDesc(ctx, d, part, opt)
		if errors.Is(err, smt.ErrNoEncoding) {
			// Checked is what it is: the boxes hold, and no solver can
			// be asked.
			part.Note = fmt.Sprintf("not proved: grundy has no symbolic encoding of the moves of %s for an SMT solver", d.r.Name())
			return nil
		}
		if err != nil {
			return err
		}
		part.Proof = &pr
		switch pr.Status {
		case smt.Proved:
			part.Status = StatusProved
			return nil
		case smt.Unknown:
			part.Note = "holds in the boxes; the solvers could not decide: " + pr.Reason
			return nil
		}
		// Refuted: learn the counterexample and fit again, in time.
		ce := pr.Counterexample
		pos, err := grundy.ParsePosition(ce.Pos)
		if err != nil {
			return fmt.Errorf("counterexample %q: %w", ce.Pos, err)
		}
		small, ok := pos.Small()
		if !ok {
			part.Status = StatusRefuted
			part.Note = "refuted at " + ce.Pos
			return nil
		}
		s, err := solve.Search{Ruleset: d.r, Budget: 2_000_000}.Solve(ctx, small)
		if err != nil {
			part.Status = StatusRefuted
			part.Note = fmt.Sprintf("refuted at %s; not refitted: %v", ce.Pos, err)
			return nil
		}
		v, _ := s.Values(small)
		d.extra = append(d.extra, row{p: grundy.Canonical(d.r, small), v: d.target(v)})
		part.Refits++
		if time.Now().After(deadline) {
			part.Status = StatusRefuted
			part.Note = fmt.Sprintf("refuted at %s; the time budget ended before a refit was proved", ce.Pos)
			return nil
		}
	}
}

// fit chooses atoms and describes the target with them, or says why not.
func fit(ctx context.Context, d *partData, opt Options) (*description, string, error) {
	var all []row
	d.each(d.max, func(p []int, v int) { all = append(all, row{p: slices.Clone(p), v: v}) })
	all = append(all, d.extra...)
	if len(all) == 0 {
		return nil, "the box holds no position of this part", nil
	}
	sample := all
	if len(all) > opt.SampleSize {
		// Small positions all, the rest at random (seeded: runs repeat).
		rng := rand.New(rand.NewPCG(1, 2))
		keep := float64(opt.SampleSize) / float64(len(all))
		sample = nil
		for _, r := range all {
			if slices.Max(r.p) <= 4 || rng.Float64() < keep {
				sample = append(sample, r)
			}
		}
		sample = append(sample, d.extra...)
	}
	cands := families(d.n, opt.MaxMod)
	if d.n == 2 {
		var pts [][]int
		for _, r := range all {
			if r.v == 1 && (opt.What == grundy.QP || opt.What == grundy.QPm) || r.v == 0 && (opt.What == grundy.QG || opt.What == grundy.QGm) {
				pts = append(pts, r.p)
			}
		}
		cands = append(cands, lineAtoms(pts, 4)...)
	}
	set := opt.What == grundy.QP || opt.What == grundy.QPm
	invented, combined := 0, false
	var bs []bitset // the candidates' values on the first done rows
	done := 0
	for round := 0; round < 12; round++ {
		if err := ctx.Err(); err != nil {
			return nil, "", err
		}
		bs, done = evalAtoms(cands, sample, bs, done), len(sample)
		atoms, abs := distinct(cands, bs, len(sample))
		sel := selectAtoms(ctx, atoms, abs, sample, opt.MaxAtoms)
		if err := ctx.Err(); err != nil {
			return nil, "", err
		}
		if !sel.ok {
			if !combined {
				// Combinations of the linear forms the greedy choice
				// used, then a fresh choice.
				combined = true
				var used []*atom
				for _, a := range sel.chosen {
					used = append(used, atoms[a])
				}
				if extra := combine(used); len(extra) > 0 {
					cands = append(cands, extra...)
					round--
					continue
				}
			}
			if invented < opt.Invent && !sel.tooMany {
				// Look for a linear form the families lack, splitting
				// the classes the greedy choice left mixed.
				vid, V := valueIDs(sample)
				cls, C := make([]int32, len(sample)), 1
				for _, a := range sel.chosen {
					cls, C = refine(cls, abs[a], len(sample))
				}
				if a := invent(ctx, atoms, sample, cls, C, vid, V); a != nil {
					invented++
					cands = append(cands, a)
					round--
					continue
				}
			}
			if sel.tooMany {
				return nil, fmt.Sprintf("no formula over at most %d atoms found: the greedy choice needs %d atoms of the families (%d candidate atoms, %d invented)",
					opt.MaxAtoms, len(sel.chosen), len(atoms), invented), nil
			}
			return nil, fmt.Sprintf("no formula over at most %d atoms of the families fits (%d candidate atoms, %d invented; impurity %.1f left after %d atoms chosen greedily)",
				opt.MaxAtoms, len(atoms), invented, sel.conflicts, len(sel.chosen)), nil
		}
		chosen := make([]*atom, len(sel.chosen))
		for i, a := range sel.chosen {
			chosen[i] = atoms[a]
		}
		// Check every position; add those the sample got wrong.
		cells := map[uint32]int{}
		for i := range sample {
			cells[cellOf(chosen, sample[i].p)] = sample[i].v
		}
		var wrong []row
		for _, r := range all {
			c := cellOf(chosen, r.p)
			v, ok := cells[c]
			switch {
			case !ok:
				cells[c] = r.v
			case v != r.v:
				wrong = append(wrong, r)
			}
		}
		if len(wrong) == 0 {
			return describe(chosen, cells, set), "", nil
		}
		if len(wrong) > 2000 {
			wrong = wrong[:2000]
		}
		sample = append(sample, wrong...)
	}
	return nil, "the greedy choice kept failing on the whole box", nil
}

// validate checks the description on every position of the part in the
// validation box, returning the first disagreement by token sum.
func validate(d *partData, desc *description) *Disagreement {
	var first *Disagreement
	firstSum := -1
	d.each(d.tab.Max(), func(p []int, v int) {
		got := desc.eval(p)
		if got == v {
			return
		}
		s := 0
		for _, x := range p {
			s += x
		}
		if firstSum < 0 || s < firstSum {
			firstSum = s
			first = &Disagreement{Pos: grundy.Position(p).String(), Formula: got, Computed: v}
		}
	})
	return first
}

// claimOf dresses a part as a claim for prove.
func claimOf(d *partData, part *Part, q grundy.Quantity) *theory.Claim {
	f, dom := part.Expr(), part.dom
	game, n := d.r.Name(), d.n
	id := fmt.Sprintf("discover/%s/n%d/%s", game, n, q)
	c := &theory.Claim{
		ID: id, Paper: "discover", Ref: "grundy discover", Statement: part.Math, Family: game, Quantity: q,
		Support: theory.Reported,
		Applies: func(r grundy.Ruleset, m int) bool { return r.Name() == game && m == n },
		Formula: func(grundy.Ruleset, int) *formula.Expr { return f },
	}
	if dom != nil {
		c.Domain = func(grundy.Ruleset, int) *formula.Expr { return dom }
		c.Eval = theory.DomainFormulaEval(c.Domain, c.Formula)
	} else {
		c.Eval = theory.FormulaEval(c.Formula)
	}
	return c
}

func proveDesc(ctx context.Context, d *partData, part *Part, opt Options) (smt.Result, error) {
	c := claimOf(d, part, opt.What)
	res, err := smt.Prove(ctx, c, smt.Instance{Ruleset: d.r, Piles: d.n}, smt.Options{Solvers: opt.Solvers, Timeout: opt.ProveTimeout})
	if err != nil && !errors.Is(err, context.Canceled) {
		return res, fmt.Errorf("prove: %w", err)
	}
	return res, err
}
