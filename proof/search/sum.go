package search

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/formula"
	"github.com/grundy/grundy/proof/automatic"
	"github.com/grundy/grundy/proof/smt"
	"github.com/grundy/grundy/solve"
	"github.com/grundy/grundy/theory"
	"github.com/grundy/grundy/theory/claimtext"
)

// A NimSum is what discover finds of a box's values as a Sprague–Grundy
// sum (Sprague, Grundy; Winning Ways ch. 2): whether G(x1, …, xn) =
// g1(x1) ⊕ … ⊕ gn(xn) on every position of the box, gi(x) being the
// value of the position with x tokens on pile i and none elsewhere, and
// each one-pile sequence's period.
type NimSum struct {
	// Holds says the box's values are the nim-sum; Checked counts the
	// positions compared, Mismatch is the first (in the box's order)
	// where they are not.
	Holds    bool   `json:"holds"`
	Checked  int    `json:"checked"`
	Mismatch string `json:"mismatch,omitempty"`
	// Sequences are g1 … gn over the box's piles (0 … max), one when
	// they are all equal (interchangeable piles).
	Sequences [][]int `json:"sequences"`
	// PeriodBound is the longest period tried; Periods the period found
	// for each sequence, nil where none up to the bound fits the box.
	PeriodBound int       `json:"period_bound"`
	Periods     []*Period `json:"periods"`
	// Claim is the finding as a claim (claim-file text) when the sum
	// holds and every sequence has a period: P iff g(x1) == g(x2), G =
	// g(x1) ^ g(x2) ^ g(x3), … with g written from its period; checked
	// on the box, not proved.
	Claim string `json:"claim,omitempty"`
	Note  string `json:"note"`
	// Status is how far Claim is established: checked (on the box),
	// proved or refuted for every position when discover was asked to
	// prove and no formula of atoms was found. Proof says by what, or
	// why it is not proved.
	Status Status `json:"status,omitempty"`
	Proof  string `json:"proof,omitempty"`

	formula *formula.Expr
}

// nimSum studies the values of tab as a nim-sum of one-pile sequences,
// for normal play (misère values are no nim-sums). bound is the longest
// period tried.
func nimSum(r grundy.Ruleset, tab *solve.Table, q grundy.Quantity, bound int) *NimSum {
	if q != grundy.QP && q != theory.QG {
		return nil
	}
	n, m := tab.Piles(), tab.Max()
	s := &NimSum{PeriodBound: bound}
	seqs := make([][]int, n)
	for i := range seqs {
		seqs[i] = make([]int, m+1)
		p := make(grundy.Position, n)
		for x := 0; x <= m; x++ {
			p[i] = x
			v, ok := tab.Lookup(p)
			if !ok {
				s.Note = fmt.Sprintf("the position %v is not in the box", p)
				return s
			}
			seqs[i][x] = v.G
		}
	}
	same := true
	for _, g := range seqs[1:] {
		same = same && slices.Equal(g, seqs[0])
	}
	s.Sequences = seqs
	if same {
		s.Sequences = seqs[:1]
	}
	s.Holds = true
	tab.Each(func(p grundy.Position, v grundy.Values) bool {
		s.Checked++
		x := 0
		for i, t := range p {
			x ^= seqs[i][t]
		}
		if x != v.G {
			s.Holds = false
			s.Mismatch = fmt.Sprintf("(%s): G = %d, the nim-sum of the piles' values %d", p, v.G, x)
			return false
		}
		return true
	})
	found := true
	for _, g := range s.Sequences {
		per, ok := FindPeriod(g, bound)
		if ok {
			s.Periods = append(s.Periods, &per)
		} else {
			s.Periods = append(s.Periods, nil)
			found = false
		}
	}
	name := "g"
	if n > 1 && !same {
		name = "g1 … gn"
	}
	switch {
	case !s.Holds:
		s.Note = "not a nim-sum of one-pile sequences: at " + s.Mismatch
	case n == 1:
		s.Note = "one pile: the values are the sequence g itself"
	case n == 2:
		s.Note = fmt.Sprintf("G(x1, x2) = %s on every position of the box (piles ≤ %d), %s(x) the value of x tokens on one pile", sumText(n, same), m, name)
	default:
		s.Note = fmt.Sprintf("G(x1, …, x%d) = %s on every position of the box (piles ≤ %d), %s(x) the value of x tokens on one pile", n, sumText(n, same), m, name)
	}
	if !s.Holds {
		return s
	}
	var pers []string
	for i, per := range s.Periods {
		who := "g"
		if !same {
			who = "g" + strconv.Itoa(i+1)
		}
		if per == nil {
			pers = append(pers, fmt.Sprintf("no period ≤ %d of %s fits on the box (%s(0) … %s(%d))", bound, who, who, who, m))
			continue
		}
		pers = append(pers, fmt.Sprintf("%s has pre-period %d and period %d on the box (%s(0) … %s(%d); periods ≤ %d tried)", who, per.Preperiod, per.Period, who, who, m, bound))
	}
	s.Note += "; " + strings.Join(pers, "; ")
	if found {
		s.Claim, s.formula = sumClaim(r, n, tab, q, s, same)
		if s.Claim != "" {
			s.Status = StatusChecked
		}
	}
	return s
}

// proveSum proves s's claim for every position of r with n piles: by SMT
// when it is Presburger, by base-2 automata when it holds the nim-sum ^
// and r's moves have an automaton; otherwise it stays checked.
func proveSum(ctx context.Context, r grundy.Ruleset, n int, q grundy.Quantity, s *NimSum, opt Options) error {
	game := r.Name()
	f := s.formula
	c := &theory.Claim{
		ID: fmt.Sprintf("discover/%s/n%d/%s/nim-sum", game, n, q), Paper: "discover", Ref: "grundy discover", Statement: s.Claim,
		Family: game, Quantity: q, Support: theory.Reported,
		Applies: func(r grundy.Ruleset, m int) bool { return r.Name() == game && m == n },
		Formula: func(grundy.Ruleset, int) *formula.Expr { return f },
	}
	c.Eval = theory.FormulaEval(c.Formula)
	in := smt.Instance{Ruleset: r, Piles: n}
	if err := smt.Presburger(c, in); err != nil {
		if !automatic.Supports(r) {
			s.Proof = "the nim-sum is not Presburger, and the moves of " + game + " have no automaton"
			return nil
		}
		res, err := automatic.ProveFormula(ctx, c, r, n)
		if err != nil {
			s.Proof = err.Error()
			return nil
		}
		s.Status, s.Proof = autoStatus(res.Status), fmt.Sprintf("automata in base 2; %.2fs", res.Seconds)
		if s.Status == StatusChecked {
			s.Proof = res.Reason
		}
		return nil
	}
	if _, err := smt.Encode(r, n); err != nil {
		s.Proof = err.Error()
		return nil
	}
	res, err := smt.Prove(ctx, c, in, smt.Options{Solvers: opt.Solvers, Timeout: opt.ProveTimeout})
	if err != nil {
		if ctx.Err() != nil && !errors.Is(err, context.Canceled) {
			s.Proof = "no proof within the budget"
			return nil
		}
		return err
	}
	switch res.Status {
	case smt.Proved:
		s.Status = StatusProved
	case smt.Refuted:
		s.Status = StatusRefuted
	}
	s.Proof = fmt.Sprintf("%s; %.2fs", res.Solver, res.Seconds)
	if s.Status == StatusChecked {
		s.Proof = fmt.Sprintf("%s (%s)", res.Status, res.Reason)
	}
	return nil
}

func autoStatus(st string) Status {
	switch st {
	case automatic.Proved:
		return StatusProved
	case automatic.Refuted:
		return StatusRefuted
	}
	return StatusChecked
}

func sumText(n int, same bool) string {
	var parts []string
	for i := 1; i <= n; i++ {
		if same {
			parts = append(parts, fmt.Sprintf("g(x%d)", i))
		} else {
			parts = append(parts, fmt.Sprintf("g%d(x%d)", i, i))
		}
	}
	return strings.Join(parts, " ⊕ ")
}

// seqTerm writes g(x), x a pile, from its period: the pre-period's
// values by name, then each value's residues of x − a modulo the period.
func seqTerm(x string, per *Period) string {
	byValue := func(vals []int, at func(i int) int) (map[int][]string, []int) {
		m := map[int][]string{}
		var order []int
		for i, v := range vals {
			if _, ok := m[v]; !ok {
				order = append(order, v)
			}
			m[v] = append(m[v], strconv.Itoa(at(i)))
		}
		return m, order
	}
	chain := func(arg string, m map[int][]string, order []int) string {
		if len(order) == 1 {
			return strconv.Itoa(order[0])
		}
		var b strings.Builder
		for _, v := range order[:len(order)-1] {
			fmt.Fprintf(&b, "if %s in {%s} then %d else ", arg, strings.Join(m[v], ", "), v)
		}
		b.WriteString(strconv.Itoa(order[len(order)-1]))
		return b.String()
	}
	a := per.Preperiod
	arg := fmt.Sprintf("%s %% %d", x, per.Period)
	if a > 0 {
		arg = fmt.Sprintf("(%s - %d) %% %d", x, a, per.Period)
	}
	m, order := byValue(per.Values[a:], func(i int) int { return i })
	body := chain(arg, m, order)
	if a == 0 {
		return body
	}
	pm, porder := byValue(per.Values[:a], func(i int) int { return i })
	return fmt.Sprintf("if %s < %d then (%s) else (%s)", x, a, chain(x, pm, porder), body)
}

// sumClaim is the finding as a claim, its formula evaluated on every
// position of the box before it is offered (none when it disagrees:
// a wrong claim is worse than none).
func sumClaim(r grundy.Ruleset, n int, tab *solve.Table, q grundy.Quantity, s *NimSum, same bool) (string, *formula.Expr) {
	terms := make([]string, n)
	for i := range terms {
		per := s.Periods[0]
		if !same {
			per = s.Periods[i]
		}
		terms[i] = "(" + seqTerm(fmt.Sprintf("x%d", i+1), per) + ")"
	}
	body := strings.Join(terms, " ^ ")
	switch {
	case q == grundy.QP && n == 1:
		body = zeros("x1", s.Periods[0])
	case q == grundy.QP && n == 2:
		body = terms[0] + " == " + terms[1]
	case q == grundy.QP:
		body += " == 0"
	}
	e, err := claimtext.ParseExpr(body)
	if err != nil {
		return "", nil
	}
	f, err := claimtext.Lower(e, n)
	if err != nil {
		return "", nil
	}
	ok := true
	env := make([]int, n)
	cf := f.Compile()
	tab.Each(func(p grundy.Position, v grundy.Values) bool {
		copy(env, p)
		if q == grundy.QP {
			ok = cf.Bool(env) == (v.G == 0)
		} else {
			ok = cf.Int(env).Int64() == int64(v.G)
		}
		return ok
	})
	if !ok {
		return "", nil
	}
	c := &claimtext.Claim{Quantity: q, Game: r.Name(), Spec: r.Name(), Ruleset: r, Piles: n, Max: tab.Max(), Body: e, Formula: f}
	return c.String(), f
}

// zeros writes g(x) == 0 as a set of x: the pre-period's zeros by name,
// then the residues of x − a where the period has its zeros.
func zeros(x string, per *Period) string {
	a := per.Preperiod
	var pre, res []string
	for i, v := range per.Values {
		switch {
		case v != 0:
		case i < a:
			pre = append(pre, strconv.Itoa(i))
		default:
			res = append(res, strconv.Itoa(i-a))
		}
	}
	var parts []string
	if len(pre) > 0 {
		parts = append(parts, fmt.Sprintf("%s in {%s}", x, strings.Join(pre, ", ")))
	}
	switch {
	case len(res) == 0:
	case a == 0:
		parts = append(parts, fmt.Sprintf("%s %% %d in {%s}", x, per.Period, strings.Join(res, ", ")))
	default:
		parts = append(parts, fmt.Sprintf("%s >= %d && (%s - %d) %% %d in {%s}", x, a, x, a, per.Period, strings.Join(res, ", ")))
	}
	if len(parts) == 0 {
		return "false"
	}
	return strings.Join(parts, " || ")
}
