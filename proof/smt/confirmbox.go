package smt

import (
	"context"
	"fmt"
	"math/big"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/games"
	"github.com/grundy/grundy/solve"
	"github.com/grundy/grundy/theory"
)

// confirmPositions and confirmWork bound the box behind a proof: the
// claim's own check box for the instance when it has one, cut to at
// most confirmPositions canonical positions (claimtext's default box,
// tens of milliseconds to solve) and to about confirmWork followers in
// all, so that confirming costs little beside the solvers. The second
// cut matters where a position has many followers (Moore's Nim on two
// piles of 200: 40,000 each, 3 s of CPU for 20,000 positions).
const (
	confirmPositions = 20_000
	confirmWork      = 20_000_000
)

// confirmByBox is the second procedure behind every proof: the solvers'
// unsat answers make res Proved only if exhaustive search of a box does
// not refute the claim there. A solver that answers wrongly (or an
// encoding of the moves that is wrong) would otherwise record a false
// claim as proved for every position. A box that refutes the claim
// makes res Refuted with its smallest counterexample; a box that cannot
// be solved leaves res Unknown, saying why.
func confirmByBox(ctx context.Context, c *theory.Claim, in Instance, res *Result) error {
	if res.Status != Proved {
		return nil
	}
	r, n := in.Ruleset, in.Piles
	max := confirmMax(c, r, n)
	chk, err := theory.CheckBox(ctx, c, r, n, max, theory.CheckOptions{})
	if err != nil {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		res.Status = Unknown
		res.Confirmed = fmt.Sprintf("not confirmed: the box %s could not be searched: %v", theory.Instance{Game: r.Name(), Piles: n, Max: max}, err)
		res.Reason = "every obligation was proved, but " + res.Confirmed
		return nil
	}
	box := chk.Box[0]
	if chk.Status != grundy.ClaimFail {
		res.Confirmed = fmt.Sprintf("exhaustive search of the box %s agrees (%d positions)", box, chk.Checked)
		return nil
	}
	ce := chk.Counterexamples[0]
	res.Status = Refuted
	res.Counterexample = &Counterexample{Pos: ce.Pos, Claimed: ce.Claimed, Computed: ce.Computed}
	res.Confirmed = fmt.Sprintf("exhaustive search of the box %s refutes the claim at %d of %d positions", box, countFailed(chk), chk.Checked)
	res.Reason = fmt.Sprintf("the solvers answered unsat to every obligation (%s), yet %s: a solver answered wrongly, or the moves are encoded wrongly",
		res.Solver, res.Confirmed)
	return nil
}

func countFailed(chk theory.Result) uint64 {
	var n uint64
	for _, ir := range chk.Instances {
		n += ir.Failed
	}
	return n
}

// confirmMax is the largest pile of the confirming box: the claim's own
// check box for r and n piles if it has one, else the largest; either
// cut to confirmPositions canonical positions.
func confirmMax(c *theory.Claim, r grundy.Ruleset, n int) int {
	from := grundy.SymmetricFrom(r, n)
	limit := big.NewInt(confirmPositions)
	hi := 200
	for _, chk := range c.Checks {
		if g, err := games.Parse(chk.Game); err == nil && g.Name() == r.Name() && chk.Piles == n {
			hi = chk.Max
			break
		}
	}
	fits := func(m int) bool {
		size := solve.BoxSize(n, from, m)
		if size.Cmp(limit) > 0 {
			return false
		}
		if size.Sign() == 0 {
			return true
		}
		// The box's largest position has as many followers as any in it
		// for the papers' rulesets (more tokens allow more moves), so
		// size × its followers estimates the work.
		per := confirmWork / size.Int64() // size ≤ confirmPositions: an int64
		return followers(r, n, m, per) <= float64(per)
	}
	lo := 1
	if fits(hi) {
		return hi
	}
	for lo < hi {
		mid := (lo + hi + 1) / 2
		if fits(mid) {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	return lo
}

// followers is the number of followers of the position of n piles of m
// (OptionCount where the ruleset offers it; else counted, stopping past
// limit, as only whether it passes limit matters).
func followers(r grundy.Ruleset, n, m int, limit int64) float64 {
	p := make(grundy.Position, n)
	for i := range p {
		p[i] = m
	}
	if r.Validate(p) != nil {
		return 1
	}
	if oc, ok := r.(grundy.OptionCounter); ok {
		return max(oc.OptionCount(p), 1)
	}
	count := 0.0
	r.Options(p, func(grundy.Position) bool {
		count++
		return count <= float64(limit)
	})
	return max(count, 1)
}
