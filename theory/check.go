package theory

import (
	"context"
	"fmt"
	"math/big"
	"strconv"
	"strings"

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

// A Result is the verdict of checking one claim.
type Result struct {
	ID              string           `json:"id"`
	Status          string           `json:"status"` // "pass" or "fail"
	Box             []string         `json:"box"`
	Checked         uint64           `json:"checked"`
	Counterexamples []Counterexample `json:"counterexamples"`
	// Verdict explains a failure: a false statement, or a misprinted
	// table entry with its correct value.
	Verdict string `json:"verdict,omitempty"`
}

// MaxCounterexamples is how many of the smallest counterexamples a Result
// keeps per instance.
const MaxCounterexamples = 5

// CheckOptions tune Check.
type CheckOptions struct {
	// Max, if positive, replaces the largest pile size of every instance.
	Max int
	// Progress, if set, receives box-solver progress.
	Progress func(done, total uint64)
	// MemoryLimit refuses boxes whose tables need more bytes (0: none).
	MemoryLimit uint64
}

// Check verifies c against the exhaustive solver on each of its instances:
// every position of each box where c says something is compared.
func Check(ctx context.Context, c *Claim, opt CheckOptions) (Result, error) {
	res := Result{ID: c.ID, Status: "pass", Box: []string{}, Counterexamples: []Counterexample{}}
	for _, in := range c.Checks {
		if opt.Max > 0 {
			in.Max = opt.Max
		}
		res.Box = append(res.Box, in.String())
		if err := checkInstance(ctx, c, in, opt, &res); err != nil {
			return Result{}, fmt.Errorf("check %s on %s: %w", c.ID, in, err)
		}
	}
	if len(res.Counterexamples) > 0 {
		res.Status = "fail"
		res.Verdict = verdict(c, res.Counterexamples)
	}
	return res, nil
}

func checkInstance(ctx context.Context, c *Claim, in Instance, opt CheckOptions, res *Result) error {
	r, err := games.Parse(in.Game)
	if err != nil {
		return err
	}
	if !c.Applies(r, in.Piles) {
		return fmt.Errorf("the claim does not speak of %d piles of %s", in.Piles, r.Name())
	}
	t, err := solve.SolveBox(ctx, r, solve.BoxSpec{Piles: in.Piles, Max: in.Max, Kinds: kindsFor(c.Quantity),
		Progress: opt.Progress, MemoryLimit: opt.MemoryLimit})
	if err != nil {
		return err
	}
	found := 0
	t.Each(func(p grundy.Position, v grundy.Values) bool {
		claimed, ok := c.Eval(r, p.Big())
		if !ok {
			return true
		}
		res.Checked++
		computed := ComputedValue(c.Quantity, v)
		if claimed.Cmp(computed) != 0 && found < MaxCounterexamples {
			found++
			res.Counterexamples = append(res.Counterexamples, Counterexample{
				Game: r.Name(), Pos: p.String(),
				Claimed: show(c.Quantity, claimed), Computed: show(c.Quantity, computed)})
		}
		return true
	})
	return ctx.Err()
}

// kindsFor is what the box solver must compute for a quantity.
func kindsFor(q Quantity) solve.Kinds {
	switch q {
	case QG, QP:
		return solve.KindG
	case QGm, QPm:
		return solve.KindGm
	case QR:
		return solve.KindR
	case QRm:
		return solve.KindRm
	}
	panic("theory: unknown quantity " + string(q))
}

// ComputedValue is the quantity q of exhaustively computed values v.
func ComputedValue(q Quantity, v grundy.Values) *big.Int {
	switch q {
	case QG:
		return big.NewInt(int64(v.G))
	case QGm:
		return big.NewInt(int64(v.Gm))
	case QR:
		return big.NewInt(int64(v.R))
	case QRm:
		return big.NewInt(int64(v.Rm))
	case QP:
		return boolInt(v.G == 0)
	case QPm:
		return boolInt(v.Gm == 0)
	}
	panic("theory: unknown quantity " + string(q))
}

func show(q Quantity, v *big.Int) string {
	switch q {
	case QP, QPm:
		if v.Sign() != 0 {
			return "P"
		}
		return "N"
	}
	return fmt.Sprintf("%s=%s", q, v)
}

func verdict(c *Claim, ces []Counterexample) string {
	first := ces[0]
	if c.Status == Printed {
		var fixes []string
		for _, ce := range ces {
			fixes = append(fixes, fmt.Sprintf("(%s) printed %s, correct %s", ce.Pos, ce.Claimed, ce.Computed))
		}
		return "misprint in the printed table: " + strings.Join(fixes, "; ")
	}
	return fmt.Sprintf("the statement is false: at (%s) of %s it claims %s, exhaustive search gives %s",
		first.Pos, first.Game, first.Claimed, first.Computed)
}

// Param reads parameter name of r from its canonical name ("slow-exact:k=2"
// has k = 2); it panics if r has no such parameter, a programmer error.
func Param(r grundy.Ruleset, name string) int {
	_, args, _ := strings.Cut(r.Name(), ":")
	for _, kv := range strings.Split(args, ",") {
		if k, v, ok := strings.Cut(kv, "="); ok && k == name {
			n, err := strconv.Atoi(v)
			if err == nil {
				return n
			}
		}
	}
	panic(fmt.Sprintf("theory: ruleset %s has no parameter %s", r.Name(), name))
}
