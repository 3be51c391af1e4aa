package engine

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/big"
	"slices"
	"strings"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/games"
	"github.com/grundy/grundy/internal/plural"
	"github.com/grundy/grundy/solve"
	"github.com/grundy/grundy/theory"
	"github.com/grundy/grundy/theory/catalog"
)

// Auto, as Options.Method, asks for search when it fits the budget, else
// a proved theorem; grundy.MethodSearch asks for exhaustive search only,
// grundy.MethodTheorem for proved theorems only. Value.Trust says why an
// answer can be believed.
const Auto grundy.Method = ""

// Options tune how answers are computed.
type Options struct {
	// Budget caps the positions a search may visit (0: solve.DefaultBudget).
	Budget int
	// Method is Auto, MethodSearch or MethodTheorem.
	Method grundy.Method
	// Progress, if set, receives (done, total) now and then; total is 0
	// when unknown.
	Progress func(done, total uint64)
	// Limits refuse boxes that need more; zero means DefaultLimits.
	Limits solve.Limits
}

// DefaultLimits let a box take BoxMemory and solve.DefaultWork steps.
func DefaultLimits() solve.Limits {
	return solve.Limits{Memory: BoxMemory(), Work: solve.DefaultWork, Search: solve.DefaultSearchWork}
}

func (o Options) limits() solve.Limits {
	if o.Limits == (solve.Limits{}) {
		return DefaultLimits()
	}
	return o.Limits
}

// Quantities are the values and outcomes of one position; those a method
// does not establish are nil (outcomes ""). Values are exact at any size:
// a closed form may give G of a position with 10³⁰ tokens.
type Quantities struct {
	G             *big.Int `json:"G"`
	Gm            *big.Int `json:"Gm"`
	R             *big.Int `json:"R"`
	Rm            *big.Int `json:"Rm"`
	Outcome       string   `json:"outcome"`
	OutcomeMisere string   `json:"outcome_misere"`
}

// A Value is the answer to "what are the values of this position".
type Value struct {
	Game string `json:"game"`
	Pos  string `json:"pos"`
	Quantities
	Method grundy.Method `json:"method"`
	// Trust says why the answer can be believed: "computed" for an
	// exhaustive method; for a theorem answer the trust of the claim that
	// gave the normal-play value (every quantity's own is in Sources).
	Trust grundy.Trust `json:"trust"`
	// Sources maps each quantity a theorem answer gives ("G", "Gm", "R",
	// "Rm", "P", "Pm") to the claim that gave it and its trust.
	Sources map[grundy.Quantity]grundy.Trust `json:"sources,omitempty"`
	// Searched is the number of positions the search solved.
	Searched int `json:"searched,omitempty"`
	// Gaps say, for each play whose outcome a theorem answer cannot
	// give, why not: which claims stop short of the position.
	Gaps []Gap `json:"gaps,omitempty"`
}

// A Gap is why an answer by theorem gives no outcome of one play: the
// claims that speak of the ruleset and pile count but give no answer at
// the position (none: no claim speaks of that play there).
type Gap struct {
	Misere bool          `json:"misere"`
	Claims []SilentClaim `json:"claims"`
	// Why is set when the gap is not a matter of claims: the method that
	// answered the other play cannot answer this one (a take-and-break
	// game's misère values are no nim-sum, and their search met its budget).
	Why string `json:"why,omitempty"`
}

// A SilentClaim speaks of the ruleset and pile count but gives no answer
// at the position: Why says where it stops, or that it is not proved.
type SilentClaim struct {
	ID    string       `json:"id"`
	Trust grundy.Trust `json:"trust"`
	Why   string       `json:"why"`
}

// String words g in one line: "misère play: 002/thm-6.K1 (paper-proof)
// answers for … only".
func (g Gap) String() string {
	play := "normal play"
	if g.Misere {
		play = "misère play"
	}
	if g.Why != "" {
		return play + ": " + g.Why
	}
	if len(g.Claims) == 0 {
		return play + ": no claim of grundy speaks of it here"
	}
	var parts []string
	for _, c := range g.Claims {
		parts = append(parts, fmt.Sprintf("%s (%s) %s", c.ID, c.Trust.Kind, c.Why))
	}
	return play + ": " + strings.Join(parts, "; ")
}

// gapOf finds why no claim gives the outcome of canonical p in the chosen
// play.
func gapOf(r grundy.Ruleset, p grundy.BigPosition, misere bool) Gap {
	qs := []grundy.Quantity{grundy.QP, grundy.QG, grundy.QR}
	if misere {
		qs = []grundy.Quantity{grundy.QPm, grundy.QGm, grundy.QRm}
	}
	g := Gap{Misere: misere, Claims: []SilentClaim{}}
	for _, s := range catalog.Registry().Silent(r, p, qs...) {
		g.Claims = append(g.Claims, SilentClaim{ID: s.Claim.ID, Trust: s.Trust, Why: s.Why})
	}
	return g
}

// computedTrust is the trust of an exhaustive method's answer.
func computedTrust(method grundy.Method) grundy.Trust {
	detail := map[grundy.Method]string{grundy.MethodSearch: "exhaustive search of every reachable position",
		grundy.MethodBox: "exhaustive box solver", grundy.MethodTable: "table of the exhaustive box solver"}[method]
	return grundy.Trust{Kind: grundy.TrustComputed, Detail: detail}
}

func bigs(v grundy.Values) (g, gm, r, rm *big.Int) {
	return big.NewInt(int64(v.G)), big.NewInt(int64(v.Gm)), big.NewInt(int64(v.R)), big.NewInt(int64(v.Rm))
}

// Parse reads a ruleset and a position and checks they fit together.
func Parse(game, pos string) (grundy.Ruleset, grundy.BigPosition, error) {
	r, err := games.Parse(game)
	if err != nil {
		return nil, nil, err
	}
	p, err := ParsePosition(r, pos)
	if err != nil {
		return nil, nil, err
	}
	return r, p, nil
}

// ParsePosition reads a position of r and checks it fits r (its pile
// count): Parse for a ruleset already built (a rule's text, say).
func ParsePosition(r grundy.Ruleset, pos string) (grundy.BigPosition, error) {
	p, err := grundy.ParsePosition(pos)
	if err != nil {
		return nil, err
	}
	small, ok := p.Small()
	if !ok {
		// Only the pile count matters to Validate; zeros stand in.
		small = make(grundy.Position, len(p))
	}
	if err := r.Validate(small); err != nil {
		return nil, fmt.Errorf("%s at %s: %w", shortName(r), short(p), err)
	}
	return p, nil
}

func exact(r grundy.Ruleset, p grundy.Position, v grundy.Values, method grundy.Method) Value {
	g, gm, rr, rm := bigs(v)
	return Value{
		Game: r.Name(), Pos: grundy.Canonical(r, p).String(),
		Quantities: Quantities{G: g, Gm: gm, R: rr, Rm: rm,
			Outcome: v.Outcome().String(), OutcomeMisere: v.OutcomeMisere().String()},
		Method: method, Trust: computedTrust(method),
	}
}

// Evaluate finds the values of p: by exhaustive search when it fits the
// budget, else from the proved theorems that speak of p (see Options.Method).
func Evaluate(ctx context.Context, r grundy.Ruleset, p grundy.BigPosition, opt Options) (Value, error) {
	switch opt.Method {
	case Auto, grundy.MethodSearch, grundy.MethodTheorem:
	default:
		return Value{}, fmt.Errorf("unknown method %q (want search or theorem)", opt.Method)
	}
	if v, ok, err := takeBreakValue(ctx, r, p, opt); ok {
		return v, err
	}
	plan := PlanValue(r, p, opt)
	if plan.Method == grundy.MethodTheorem {
		v, err := theoremValue(r, p)
		if err == nil {
			return withGaps(r, p, v), nil
		}
		if opt.Method == grundy.MethodTheorem {
			return v, wordNoTheorem(r, p, err)
		}
	}
	s, small, method, err := search(ctx, r, p, plan, opt)
	if err != nil {
		if opt.Method == Auto && errors.Is(err, solve.ErrBudget) {
			if v, terr := theoremValue(r, p); terr == nil {
				return withGaps(r, p, v), nil
			}
			var be *BudgetError
			if errors.As(err, &be) {
				both := *be
				both.NoTheorem = true
				canon := canonicalBig(r, p)
				both.Gaps = []Gap{gapOf(r, canon, false), gapOf(r, canon, true)}
				return Value{}, &both
			}
			return Value{}, fmt.Errorf("%w; no proved theorem of grundy covers this position either", err)
		}
		return Value{}, err
	}
	v, _ := s.Values(small)
	out := exact(r, small, v, method)
	out.Searched = s.Len()
	return out, nil
}

// searchMemory refuses, before any work, a search from p whose budget (or
// the positions reachable, if fewer) could need more memory than the limit:
// a budget error, so that theorems may answer instead.
func searchMemory(r grundy.Ruleset, p grundy.Position, budget int, plan Plan) error {
	m := plan.Limits.Memory
	if m == 0 {
		return nil
	}
	per := plan.Search.PerPosition
	most := min(float64(budget), plan.Search.Reach)
	if need := most * float64(per); need > float64(m) {
		// Budget 0: raising it would not help.
		return &BudgetError{Game: shortName(r), Pos: short(p.Big()),
			Detail: fmt.Sprintf("a search of up to %.4g positions needs about %s (%d B a position), more than the %s available",
				most, plural.Bytes(new(big.Int).SetUint64(uint64(need))), per, plural.Bytes(new(big.Int).SetUint64(m)))}
	}
	return nil
}

// theoremValue answers from the claims that may answer for p (see
// theory.Registry.Answers): paper proofs, classical theorems and claims
// grundy's ledger proved for this pile count.
func theoremValue(r grundy.Ruleset, p grundy.BigPosition) (Value, error) {
	canon := canonicalBig(r, p)
	facts := append(catalog.Registry().Answer(r, canon), discovered(r, canon)...)
	if len(facts) == 0 {
		return Value{}, errNoTheorem
	}
	out := Value{Game: r.Name(), Pos: canon.String(), Method: grundy.MethodTheorem, Sources: map[grundy.Quantity]grundy.Trust{}}
	got := map[grundy.Quantity]*big.Int{}
	// The strongest trust wins: each quantity is answered by the claim of
	// the strongest kind that gives it (grundy.TrustKinds), the first by
	// ID among equals; the others must agree.
	slices.SortStableFunc(facts, func(a, b theory.Fact) int { return a.Trust.Kind.Rank() - b.Trust.Kind.Rank() })
	for _, f := range facts {
		if prev, ok := got[f.Quantity]; ok {
			if prev.Cmp(f.Value) != 0 {
				return Value{}, fmt.Errorf("theorems disagree at %s of %s: %s gives %s = %s, %s gives %s (a bug in grundy's theorem registry)",
					canon, r.Name(), f.Claim.ID, f.Quantity, f.Value, out.Sources[f.Quantity].Claims[0], prev)
			}
			continue
		}
		got[f.Quantity] = f.Value
		out.Sources[f.Quantity] = f.Trust
	}
	out.G, out.Gm, out.R, out.Rm = got[grundy.QG], got[grundy.QGm], got[grundy.QR], got[grundy.QRm]
	out.Outcome = outcomeFrom(out.G, out.R, got[grundy.QP])
	out.OutcomeMisere = outcomeFrom(out.Gm, out.Rm, got[grundy.QPm])
	for _, q := range []grundy.Quantity{grundy.QG, grundy.QP, grundy.QR, grundy.QGm, grundy.QPm, grundy.QRm} {
		if t, ok := out.Sources[q]; ok {
			out.Trust = t
			break
		}
	}
	return out, nil
}

// errNoTheorem is theoremValue's error when no claim answers at all; the
// callers that speak of the position word it (wordNoTheorem), the others
// (a move's followers) pay nothing for the words.
var errNoTheorem = errors.New("no proved theorem of grundy speaks of this position")

// wordNoTheorem words errNoTheorem for p, with the claims that stop short
// of it; any other error is returned as it is.
func wordNoTheorem(r grundy.Ruleset, p grundy.BigPosition, err error) error {
	if !errors.Is(err, errNoTheorem) {
		return err
	}
	canon := canonicalBig(r, p)
	return fmt.Errorf("%s at %s: %w%s", shortName(r), short(p), err, gapsNote([]Gap{gapOf(r, canon, false), gapOf(r, canon, true)}))
}

// withGaps is v, a theorem answer at p, with a Gap for each play whose
// outcome it lacks. Only the position asked about gets them: a move's
// follower (theoremOptions values up to a thousand) would pay for every
// claim's evaluation again.
func withGaps(r grundy.Ruleset, p grundy.BigPosition, v Value) Value {
	canon := canonicalBig(r, p)
	for _, misere := range []bool{false, true} {
		if o := map[bool]string{false: v.Outcome, true: v.OutcomeMisere}[misere]; o == "" {
			v.Gaps = append(v.Gaps, gapOf(r, canon, misere))
		}
	}
	return v
}

// outcomeFrom derives the outcome from whichever of G, R or P-membership a
// theorem gave, or "" when none did.
func outcomeFrom(g, r, inP *big.Int) string {
	switch {
	case inP != nil:
		return map[bool]string{true: "P", false: "N"}[inP.Sign() != 0]
	case g != nil:
		return map[bool]string{true: "P", false: "N"}[g.Sign() == 0]
	case r != nil:
		return map[bool]string{true: "P", false: "N"}[r.Bit(0) == 0]
	}
	return ""
}

func canonicalBig(r grundy.Ruleset, p grundy.BigPosition) grundy.BigPosition {
	q := slices.Clone(p)
	from := grundy.SymmetricFrom(r, len(q))
	slices.SortFunc(q[from:], func(a, b *big.Int) int { return a.Cmp(b) })
	return q
}

// search solves every position reachable from p: the rectangle below a
// two-pile position with the line solver where it applies (method box),
// else by a search (method search).
func search(ctx context.Context, r grundy.Ruleset, p grundy.BigPosition, plan Plan, opt Options) (solvedValues, grundy.Position, grundy.Method, error) {
	small := plan.Small
	if small == nil {
		return nil, nil, "", &BudgetError{Game: shortName(r), Pos: short(p),
			Detail: fmt.Sprintf("piles beyond 64 bits (up to %.3g positions reachable)", plan.Search.Reach)}
	}
	if plan.TwoPile != nil {
		tv, err := twoPileRect(ctx, r, small, plan, opt)
		return tv, small, grundy.MethodBox, err
	}
	budget := plan.Budget
	// The work is bounded before the search starts: the positions it may
	// visit — the budget asked for, or fewer if fewer are reachable —
	// times the work of p, the most of any (its followers, each copied and
	// sorted). A search over the limit is refused at once with the
	// estimate; lowering the budget to fit would only let it grind up to
	// the limit (minutes) and then fail for want of the positions it cut.
	work, reach := plan.Search.Work, plan.Search.Reach
	if limit := plan.Limits.Search; limit > 0 {
		asked := opt.Budget
		if asked <= 0 {
			asked = solve.DefaultBudget
		}
		if n := min(float64(asked), reach); n*work > limit {
			return nil, nil, "", &BudgetError{Game: shortName(r), Pos: short(p), Detail: fmt.Sprintf(
				"a search of up to %s positions (%s) at up to %s steps each (its followers times its piles) takes up to %s steps, more than the search limit of %s (%s); %s",
				plural.Magnitude(math.Log10(n)), searchCount(opt.Budget, reach), plural.Magnitude(math.Log10(work)),
				plural.Magnitude(math.Log10(n*work)), plural.Magnitude(math.Log10(limit)), solve.WorkTime(limit), searchHelp(asked, reach, work, limit))}
		}
		// Within it, the plan's lowering of the budget to the limit cuts
		// nothing the search can reach.
	}
	if err := searchMemory(r, small, budget, plan); err != nil {
		return nil, nil, "", err
	}
	srch := solve.Search{Ruleset: r, Budget: budget, MemoryLimit: plan.Limits.Memory, Plan: &plan.Search}
	if opt.Progress != nil {
		srch.Progress = func(n int) { opt.Progress(uint64(n), 0) }
	}
	s, err := srch.Solve(ctx, small)
	if errors.Is(err, solve.ErrBudget) {
		most := 0
		if limit := plan.Limits.Search; limit > 0 {
			most = int(min(limit/work, math.MaxInt32))
		}
		return nil, nil, "", &BudgetError{Game: shortName(r), Pos: short(p), Budget: budget, Most: most,
			Detail: fmt.Sprintf("more than %s reachable (at most %.3g)", plural.Count(budget, "position")+plural.Pick(budget, " is", " are"), reach)}
	}
	if err != nil {
		return nil, nil, "", fmt.Errorf("%s at %s: %w", shortName(r), short(p), err)
	}
	return s, small, grundy.MethodSearch, nil
}

// searchCount says where a search's count of positions comes from: the
// positions reachable from p (at most reach), or the budget when fewer.
func searchCount(budget int, reach float64) string {
	if budget > 0 && float64(budget) < reach {
		return fmt.Sprintf("--budget %d; at most %s are reachable", budget, plural.Magnitude(math.Log10(reach)))
	}
	return "the most that are reachable"
}

// searchHelp says what would bring a search within the limit: a smaller
// budget when even that many positions might be reached (the answer then
// depends on how many are), else nothing but a smaller position.
func searchHelp(asked int, reach, work, limit float64) string {
	if fit := int(limit / work); fit >= 1 && float64(fit) < reach && float64(asked) > float64(fit) {
		return fmt.Sprintf("--budget %d or less would run (up to %s), but answers only if so few positions are reachable; else only fewer or smaller piles help", fit, solve.WorkTime(limit))
	}
	return "no --budget changes that; only fewer or smaller piles do"
}

// A Move is one option of a position, with the values of where it leads
// (nil where the method did not establish them).
type Move struct {
	To string `json:"to"`
	Quantities
	// Winning: the move leads to a P-position of the chosen play.
	Winning bool `json:"winning"`
	// Optimal: the move keeps to the remoteness of the chosen play — wins
	// as fast as possible, or when lost resists as long as possible. Nil
	// when remoteness is unknown (a move found by a theorem).
	Optimal *bool `json:"optimal"`
	// Source, for a move a theorem found, is the claim's trust.
	Source *grundy.Trust `json:"source,omitempty"`
}

func ptr[T any](v T) *T { return &v }

// Moves is the answer to "what can I do from here".
type Moves struct {
	Value
	Misere bool   `json:"misere"`
	Moves  []Move `json:"moves"`
	// Note, when Moves is not every move, says which are missing and why
	// (an answer by theorem lists what the theorems give).
	Note string `json:"note,omitempty"`
}

// ListMoves lists every option of p once (as canonical positions), in the
// order the ruleset generates them. Beyond search, it gives the winning
// move a proved theorem finds, if any.
func ListMoves(ctx context.Context, r grundy.Ruleset, p grundy.BigPosition, misere bool, opt Options) (Moves, error) {
	if m, ok, err := takeBreakMoves(ctx, r, p, misere, opt); ok {
		return m, err
	}
	plan := PlanValue(r, p, opt)
	if plan.Method == grundy.MethodTheorem {
		m, err := theoremMove(r, p, misere)
		if err == nil || opt.Method == grundy.MethodTheorem {
			return m, err
		}
	}
	s, small, method, err := search(ctx, r, p, plan, opt)
	if err != nil {
		if opt.Method == Auto && errors.Is(err, solve.ErrBudget) {
			if m, terr := theoremMove(r, p, misere); terr == nil {
				return m, nil
			}
			var be *BudgetError
			if errors.As(err, &be) {
				both := *be
				both.NoTheorem = true
				both.Gaps = []Gap{gapOf(r, canonicalBig(r, p), misere)}
				return Moves{}, &both
			}
		}
		return Moves{}, err
	}
	here, _ := s.Values(small)
	out := Moves{Value: exact(r, small, here, method), Misere: misere, Moves: []Move{}}
	out.Searched = s.Len()
	seen := map[string]bool{}
	r.Options(grundy.Canonical(r, small), func(q grundy.Position) bool {
		c := grundy.Canonical(r, q)
		key := c.String()
		if seen[key] {
			return true
		}
		seen[key] = true
		v, _ := s.Values(c)
		m := Move{To: key, Quantities: exact(r, c, v, method).Quantities}
		var optimal bool
		if misere {
			m.Winning, optimal = v.Gm == 0, v.Rm == here.Rm-1
		} else {
			m.Winning, optimal = v.G == 0, v.R == here.R-1
		}
		m.Optimal = &optimal
		out.Moves = append(out.Moves, m)
		return true
	})
	return out, nil
}

// theoremMoveCap bounds the moves an answer by theorem lists, each valued
// by the theorems on its own.
const theoremMoveCap = 1000

// theoremMovePiles bounds the piles of a position whose moves an answer by
// theorem lists: each listed move is valued on a position of that many
// piles, so the work grows as piles × moves (2,000 piles of nim took
// seconds where the winning move alone takes microseconds).
const theoremMovePiles = 200

// theoremMove answers with the values theorems give of p and its moves:
// every move, each with the values theorems give of where it leads, when
// there are at most theoremMoveCap and the theorems judge each; else the
// winning move a theorem finds (none from a P-position, from which every
// move loses), and a Note saying what is not listed and why.
func theoremMove(r grundy.Ruleset, p grundy.BigPosition, misere bool) (Moves, error) {
	v, err := theoremValue(r, p)
	if err != nil {
		return Moves{}, wordNoTheorem(r, p, err)
	}
	out := Moves{Value: withGaps(r, p, v), Misere: misere, Moves: []Move{}}
	outcome, play := v.Outcome, "normal"
	if misere {
		outcome, play = v.OutcomeMisere, "misère"
	}
	src := outcomeSource(v, misere)
	moves, why := theoremOptions(r, p, misere, outcome, src)
	for _, m := range moves {
		if m.Winning && outcome == "P" {
			return Moves{}, fmt.Errorf("theorems disagree at %s of %s: %s makes it a P-position, %s makes its move to %s lead to one (a bug in grundy's theorem registry)",
				v.Pos, r.Name(), src, m.Source, m.To)
		}
	}
	switch {
	case moves == nil && outcome == "P":
		out.Note = fmt.Sprintf("a P-position of %s play: every move leads to an N-position (%s); they are not listed: %s", play, src, why)
		return out, nil
	case moves != nil && (outcome == "P" || slices.ContainsFunc(moves, func(m Move) bool { return m.Winning })):
		out.Moves = moves
		return out, nil
	}
	q, c, ok := catalog.Registry().WinningMove(r, canonicalBig(r, p), misere)
	if !ok && outcome == "" {
		return Moves{}, fmt.Errorf("%s at %s: no proved theorem of grundy gives the outcome of %s", shortName(r), short(p), gapOf(r, canonicalBig(r, p), misere))
	}
	if !ok {
		return Moves{}, fmt.Errorf("%s at %s: no proved theorem of grundy finds a winning move here", shortName(r), short(p))
	}
	m := Move{To: canonicalBig(r, q).String(), Winning: true}
	if misere {
		m.OutcomeMisere = "P"
	} else {
		m.Outcome = "P"
	}
	m.Source = ptr(catalog.Registry().Trust(c, r, len(p)))
	out.Moves = append(out.Moves, m)
	out.Note = "only the winning move a theorem finds is listed: " + why
	return out, nil
}

// outcomeSource is the trust of the claim a theorem answer's outcome of
// the chosen play came from, as outcomeFrom derives it: P-membership, else
// G, else R.
func outcomeSource(v Value, misere bool) grundy.Trust {
	qs := []grundy.Quantity{grundy.QP, grundy.QG, grundy.QR}
	if misere {
		qs = []grundy.Quantity{grundy.QPm, grundy.QGm, grundy.QRm}
	}
	for _, q := range qs {
		if t, ok := v.Sources[q]; ok {
			return t
		}
	}
	return v.Trust
}

// theoremOptions lists every move from p with the values the theorems give
// of where it leads; a move from a P-position (outcome "P") that no
// theorem values still leads to an N-position, by src. It returns nil and
// why not when the moves cannot be listed: too many, piles beyond 64 bits,
// or, from an N-position, a move the theorems do not judge.
func theoremOptions(r grundy.Ruleset, p grundy.BigPosition, misere bool, outcome string, src grundy.Trust) ([]Move, string) {
	canon, ok := canonicalBig(r, p).Small()
	if !ok {
		return nil, "piles beyond 64 bits"
	}
	if len(canon) > theoremMovePiles {
		return nil, fmt.Sprintf("more than %d piles", theoremMovePiles)
	}
	here, _ := theoremValue(r, p)
	moves := []Move{}
	seen := map[string]bool{}
	why := ""
	r.Options(canon, func(q grundy.Position) bool {
		c := grundy.Canonical(r, q)
		key := c.String()
		if seen[key] {
			return true
		}
		seen[key] = true
		if len(moves) == theoremMoveCap {
			why = fmt.Sprintf("there are more than %d", theoremMoveCap)
			return false
		}
		m := Move{To: key}
		fv, err := theoremValue(r, c.Big())
		if err == nil {
			m.Quantities, m.Source = fv.Quantities, ptr(outcomeSource(fv, misere))
		}
		to, rHere, rTo := m.Outcome, here.R, m.R
		if misere {
			to, rHere, rTo = m.OutcomeMisere, here.Rm, m.Rm
		}
		switch {
		case to == "" && outcome == "P":
			to, m.Source = "N", ptr(src)
			if misere {
				m.OutcomeMisere = to
			} else {
				m.Outcome = to
			}
		case to == "":
			why = fmt.Sprintf("no proved theorem of grundy judges the move to %s", key)
			return false
		}
		m.Winning = to == "P"
		if rHere != nil && rTo != nil {
			m.Optimal = ptr(new(big.Int).Add(rTo, big.NewInt(1)).Cmp(rHere) == 0)
		}
		moves = append(moves, m)
		return true
	})
	if why != "" {
		return nil, why
	}
	return moves, ""
}

// short is a position for an error message: whole up to 80 characters,
// else its start and its pile count (a position may have a million
// piles).
func short(p grundy.BigPosition) string {
	s := p.String()
	if len(s) <= 80 {
		return s
	}
	return fmt.Sprintf("%s… (%d piles)", s[:60], len(p))
}

// shortName is a ruleset's name for an error message, cut like short.
func shortName(r grundy.Ruleset) string {
	s := r.Name()
	if len(s) <= 80 {
		return s
	}
	return strings.ToValidUTF8(s[:60], "") + "…"
}
