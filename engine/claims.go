package engine

import (
	"context"
	"fmt"
	"math"
	"math/big"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/games"
	"github.com/grundy/grundy/theory/catalog"
	// The later papers' claims join the registry (catalog.Literature).
	_ "github.com/grundy/grundy/literature"
	"github.com/grundy/grundy/solve"
	"github.com/grundy/grundy/theory"
)

// A ClaimInfo is one claim of the papers as a front end shows it: the
// statement as registered (as printed, a reading, or grundy's
// correction), the paper's words, where it stands and how far grundy
// established it for one ruleset and pile count.
type ClaimInfo struct {
	ID        string `json:"id"`
	Paper     string `json:"paper"`
	Ref       string `json:"ref"`
	Citation  string `json:"citation"`
	Statement string `json:"statement"`
	Quote     string `json:"quote,omitempty"`
	// Kind is "printed", "reading" or "correction"; Parent the printed
	// claim a reading or correction speaks for, and Change how it reads
	// or what it changed.
	Kind     string          `json:"kind"`
	Parent   string          `json:"parent,omitempty"`
	Change   string          `json:"change,omitempty"`
	Quantity grundy.Quantity `json:"quantity"`
	Support  theory.Support  `json:"support"`
	Note     string          `json:"note,omitempty"`
	// Refuted is the smallest counterexample the registry records, a
	// position of the claim's default boxes (RefutedGame's), or "".
	Refuted     string `json:"refuted,omitempty"`
	RefutedGame string `json:"refuted_game,omitempty"`
	// Trust is how far the claim is established for the ruleset and pile
	// count asked about (absent in a listing of every claim); Answers
	// whether it may answer values there (a theorem: proved in the paper,
	// classical, or proved by grundy's ledger, and not refuted).
	Trust   *grundy.Trust `json:"trust,omitempty"`
	Answers bool          `json:"answers"`
	// Family lists a printed claim's readings and corrections.
	Family []string `json:"family,omitempty"`
	// Boxes are the claim's default check boxes.
	Boxes []string `json:"boxes"`
}

func claimInfo(reg *theory.Registry, c *theory.Claim) ClaimInfo {
	ci := ClaimInfo{ID: c.ID, Paper: c.Paper, Ref: c.Ref, Citation: c.Citation(), Statement: c.Statement, Quote: c.Quote,
		Kind: "printed", Quantity: c.Quantity, Support: c.Support, Note: c.Note, Refuted: c.Refuted, Boxes: []string{}}
	switch {
	case c.ReadingOf != "":
		ci.Kind, ci.Parent, ci.Change = "reading", c.ReadingOf, c.Reading
	case c.Corrects != "":
		ci.Kind, ci.Parent, ci.Change = "correction", c.Corrects, c.Change
	}
	for _, d := range reg.Family(c) {
		ci.Family = append(ci.Family, d.ID)
	}
	for _, in := range c.Checks {
		if c.Sweep != nil { // a set of positions searched, not a box
			ci.Boxes = append(ci.Boxes, c.Sweep.Scope(in))
		} else {
			ci.Boxes = append(ci.Boxes, in.String())
		}
		if ci.Refuted != "" && ci.RefutedGame == "" {
			if r, err := games.Parse(in.Game); err == nil {
				if p, err := grundy.ParsePosition(c.Refuted); err == nil && len(p) == in.Piles {
					ci.RefutedGame = r.Name()
				}
			}
		}
	}
	return ci
}

// Claims lists the claims that speak of r with n piles, ordered by ID,
// with each one's trust there. Readings and corrections follow the
// registry's order, which puts them right after their printed claim.
func Claims(r grundy.Ruleset, n int) []ClaimInfo {
	reg := catalog.Registry()
	out := []ClaimInfo{}
	for _, c := range reg.All() {
		if !c.Applies(r, n) {
			continue
		}
		ci := claimInfo(reg, c)
		t := reg.Trust(c, r, n)
		ci.Trust, ci.Answers = &t, reg.Answers(c, r, n)
		out = append(out, ci)
	}
	return out
}

// LookupClaim finds a claim by ID.
func LookupClaim(id string) (ClaimInfo, bool) {
	reg := catalog.Registry()
	c, ok := reg.Lookup(id)
	if !ok {
		return ClaimInfo{}, false
	}
	return claimInfo(reg, c), true
}

// KnownFindings lists the printed claims the registry knows to fail — a
// recorded counterexample, or a reading or correction of their own —
// each followed by its readings and corrections: the papers' errors,
// without re-checking (CheckClaim re-checks one).
func KnownFindings() []ClaimInfo {
	reg := catalog.Registry()
	out := []ClaimInfo{}
	for _, c := range reg.All() {
		if c.Printed() && (c.Refuted != "" || len(reg.Family(c)) > 0) {
			out = append(out, claimInfo(reg, c))
			for _, d := range reg.Family(c) {
				out = append(out, claimInfo(reg, d))
			}
		}
	}
	return out
}

// A ClaimCheck is theory.Check's result on boxes cut to a size limit,
// with the boxes it was cut from.
type ClaimCheck struct {
	theory.Result
	// Reduced lists the default boxes that were cut down, as "FROM → TO".
	Reduced []string `json:"reduced,omitempty"`
	// Finding is the finding a failed printed claim makes, with its
	// readings and corrections checked on boxes of the same limit.
	Finding *theory.Finding `json:"finding,omitempty"`
}

// CheckClaim checks a claim against the exhaustive solver on its default
// boxes, each cut so that it holds at most maxPositions positions and
// takes at most 2,500 steps a position (the largest pile lowered), and for a printed claim also its readings and
// corrections. The work is bounded by the boxes; ctx stops it.
func CheckClaim(ctx context.Context, id string, maxPositions uint64, opt Options) (ClaimCheck, error) {
	reg := catalog.Registry()
	c, ok := reg.Lookup(id)
	if !ok {
		return ClaimCheck{}, fmt.Errorf("no claim %s", id)
	}
	boxLimit, cacheLimit := checkMemory(opt)
	tables := &theory.TableCache{Budget: cacheLimit}
	check := func(c *theory.Claim) (theory.Result, []string, error) {
		cut, reduced := cutChecks(c, maxPositions)
		res, err := theory.Check(ctx, cut, theory.CheckOptions{MemoryLimit: boxLimit, Tables: tables})
		return res, reduced, err
	}
	res, reduced, err := check(c)
	if err != nil {
		return ClaimCheck{}, err
	}
	out := ClaimCheck{Result: res, Reduced: reduced}
	if c.Printed() && res.Status == grundy.ClaimFail {
		results := []theory.Result{res}
		for _, d := range reg.Family(c) {
			dr, _, err := check(d)
			if err != nil {
				return ClaimCheck{}, err
			}
			results = append(results, dr)
		}
		if fs := reg.Findings(results); len(fs) == 1 {
			out.Finding = &fs[0]
		}
	}
	return out, nil
}

// checkStepsPerPosition bounds a cut box's work as well as its
// positions: maxPositions positions of this many steps each (5·10^8 at
// 200,000 positions, seconds of CPU). One nim pile ≤ 199,999 has
// 200,000 positions but 2·10^10 steps, minutes of listing followers.
const checkStepsPerPosition = 2500

// cutChecks is c with each check box cut to at most maxPositions
// positions, and maxPositions·checkStepsPerPosition steps, by lowering
// its largest pile. The cut is found by bisection
// on the box's closed-form size, a few dozen estimates of microseconds
// each: lowering a box of 3 piles ≤ 100,000 a step at a time took as
// many estimates (issue 32).
func cutChecks(c *theory.Claim, maxPositions uint64) (*theory.Claim, []string) {
	cc := *c
	cc.Checks = nil
	var reduced []string
	for _, in := range c.Checks {
		r, err := games.Parse(in.Game)
		if err != nil {
			cc.Checks = append(cc.Checks, in)
			continue
		}
		cut := in
		size := func(in theory.Instance) float64 { return boxPositions(r, in.Piles, in.Max) }
		if c.Sweep != nil && c.Sweep.Positions != nil {
			size = func(in theory.Instance) float64 { return float64(c.Sweep.Positions(in)) }
		}
		fits := func(m int) bool {
			t := in
			t.Max = m
			// Counts are integers: the slack only absorbs the rounding
			// of a count from its logarithm.
			if size(t) > float64(maxPositions)*(1+1e-9) {
				return false
			}
			return c.Sweep != nil || solve.EstimateBox(r, solve.BoxSpec{Piles: t.Piles, Max: m}).Work <= float64(maxPositions)*checkStepsPerPosition
		}
		if cut.Max > 1 && !fits(cut.Max) {
			cut.Max = largestFitting(in.Max, fits)
		}
		switch {
		case cut.Max == in.Max:
		case c.Sweep != nil:
			reduced = append(reduced, fmt.Sprintf("%s → %s", c.Sweep.Scope(in), c.Sweep.Scope(cut)))
		default:
			reduced = append(reduced, fmt.Sprintf("%s → ≤ %d", in, cut.Max))
		}
		cc.Checks = append(cc.Checks, cut)
	}
	return &cc, reduced
}

// largestFitting is the largest m in [1, hi] for which fits holds, or 1
// when none does; fits must hold below any m it holds for (a box's size
// grows with its max).
func largestFitting(hi int, fits func(int) bool) int {
	lo := 1 // fits(lo) is assumed: a box of max 1 is where cutting stops
	for lo < hi {
		mid := lo + (hi-lo+1)/2
		if fits(mid) {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	return lo
}

func boxPositions(r grundy.Ruleset, piles, max int) float64 {
	return math.Pow(10, solve.Log10Positions(r, piles, max))
}

// A CheckCost is what checking claims on their cut boxes takes, from
// closed forms (microseconds, nothing allocated): Work in elementary
// steps (positions times the followers each reads), Memory in bytes at
// the peak (the tables kept for the next claims plus the box being
// solved).
type CheckCost struct {
	Work   float64
	Memory uint64
}

// CheckClaimCost estimates CheckClaim: the claim's cut boxes and its
// family's.
func CheckClaimCost(id string, maxPositions uint64, opt Options) CheckCost {
	reg := catalog.Registry()
	c, ok := reg.Lookup(id)
	if !ok {
		return CheckCost{}
	}
	return checksCost(append([]*theory.Claim{c}, reg.Family(c)...), maxPositions, opt)
}

// checkMemory splits a check's memory limit: half for the box being
// solved, half for the tables kept for the claims that follow, so that a
// check never holds more than its limit.
func checkMemory(opt Options) (box, cache uint64) {
	m := opt.limits().Memory
	return m / 2, m / 2
}

// checksCost is the cost of checking claims one after the other on
// their cut boxes, sharing a table cache.
func checksCost(claims []*theory.Claim, maxPositions uint64, opt Options) CheckCost {
	boxLimit, cacheLimit := checkMemory(opt)
	var out CheckCost
	var kept, largest float64
	for _, c := range claims {
		cut, _ := cutChecks(c, maxPositions)
		for _, in := range cut.Checks {
			if c.Sweep != nil && c.Sweep.Positions != nil {
				n := float64(c.Sweep.Positions(in))
				out.Work += n * float64(in.Piles+1) // a rank per kept pile
				largest = max(largest, n*sweepBytes)
				continue
			}
			r, err := games.Parse(in.Game)
			if err != nil {
				continue
			}
			e := solve.EstimateBox(r, solve.BoxSpec{Piles: in.Piles, Max: in.Max})
			if boxLimit > 0 && e.Memory() > float64(boxLimit) {
				continue // refused before it allocates
			}
			out.Work += e.Work
			kept += e.Memory()
			largest = max(largest, e.Memory())
		}
	}
	if cacheLimit > 0 {
		kept = min(kept, float64(cacheLimit))
	}
	out.Memory = uint64(min(kept+largest, float64(math.MaxUint64/2)))
	return out
}

// sweepBytes is what a sweep holds a position: its values and rank.
const sweepBytes = 16

// A ClaimAt is what one claim says of one position, beside the answer's
// own value there.
type ClaimAt struct {
	ID       string          `json:"id"`
	Kind     string          `json:"kind"` // printed, reading, correction
	Quantity grundy.Quantity `json:"quantity"`
	// Claimed is the claim's value (for P and Pm, "P" or "N"); Answer the
	// answer's, or "" when the answer does not give it.
	Claimed string `json:"claimed"`
	Answer  string `json:"answer,omitempty"`
	// Agrees is whether they are equal (absent when Answer is "").
	Agrees *bool `json:"agrees,omitempty"`
}

// ClaimsAt evaluates at canonical position p every value claim of the
// registry that speaks of it — printed, reading or correction, refuted
// or not — beside the answer's quantities q: a paper's counterexample
// shows as a disagreement with an exhaustive answer.
func ClaimsAt(r grundy.Ruleset, p grundy.BigPosition, q Quantities) []ClaimAt {
	reg := catalog.Registry()
	out := []ClaimAt{}
	answer := map[grundy.Quantity]string{}
	for name, v := range map[grundy.Quantity]*big.Int{grundy.QG: q.G, grundy.QGm: q.Gm, grundy.QR: q.R, grundy.QRm: q.Rm} {
		if v != nil {
			answer[name] = v.String()
		}
	}
	if q.Outcome != "" {
		answer[grundy.QP] = q.Outcome
	}
	if q.OutcomeMisere != "" {
		answer[grundy.QPm] = q.OutcomeMisere
	}
	canon := canonicalBig(r, p)
	for _, c := range reg.All() {
		if c.Quantity == grundy.QProperty || !c.Applies(r, len(p)) {
			continue
		}
		v, ok := c.Eval(r, canon)
		if !ok {
			continue
		}
		ca := ClaimAt{ID: c.ID, Kind: "printed", Quantity: c.Quantity, Claimed: v.String()}
		switch {
		case c.ReadingOf != "":
			ca.Kind = "reading"
		case c.Corrects != "":
			ca.Kind = "correction"
		}
		if c.Quantity == grundy.QP || c.Quantity == grundy.QPm {
			ca.Claimed = map[bool]string{true: "P", false: "N"}[v.Sign() != 0]
		}
		if a, ok := answer[c.Quantity]; ok {
			ca.Answer = a
			agrees := a == ca.Claimed
			ca.Agrees = &agrees
		}
		out = append(out, ca)
	}
	return out
}
