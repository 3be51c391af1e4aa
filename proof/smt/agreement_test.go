package smt_test

import (
	"context"
	"flag"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/grundy/grundy/games"
	"github.com/grundy/grundy/proof/smt"
	"github.com/grundy/grundy/theory"
	"github.com/grundy/grundy/theory/catalog"
)

var agreement = flag.String("agreement", "", "re-decide every ledger record with z3 alone and with the pure-Go procedure alone, and write the agreement table (Markdown) to this file")

// TestAgreement re-decides every record of theory/proved.json twice —
// with z3 alone and with the pure-Go procedure (package presburger)
// alone — and writes one row per record: both verdicts and times. A
// definite disagreement (one proves what the other refutes) fails the
// test: a bug in one of them. Run with -agreement FILE (minutes).
func TestAgreement(t *testing.T) {
	if *agreement == "" {
		t.Skip("no -agreement FILE")
	}
	z3, err := smt.FindSolver(context.Background(), "z3")
	if err != nil {
		t.Skip(err)
	}
	pure, err := smt.FindSolver(context.Background(), smt.PureGo)
	if err != nil {
		t.Fatal(err)
	}
	limit := 20 * time.Second
	if s := os.Getenv("AGREEMENT_LIMIT"); s != "" {
		if limit, err = time.ParseDuration(s); err != nil {
			t.Fatal(err)
		}
	}
	l, err := theory.CommittedLedger()
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "| record | game | piles | z3 %s | s | CPU s | presburger %s | s | CPU s |\n|---|---|---|---|---|---|---|---|---|\n", z3.Version, "1")
	counts := map[string]int{}
	// AGREEMENT_FROM and AGREEMENT_TO pick records by index, to split a
	// run over processes.
	from, to := 0, len(l.Records)
	fmt.Sscan(os.Getenv("AGREEMENT_FROM"), &from)
	fmt.Sscan(os.Getenv("AGREEMENT_TO"), &to)
	for i, rec := range l.Records {
		if i < from || i >= to {
			continue
		}
		c, ok := catalog.Registry().Lookup(rec.ID)
		r, err := games.Parse(rec.Game)
		if !ok || err != nil {
			t.Errorf("record %s on %s: claim or game unknown", rec.ID, rec.Game)
			continue
		}
		run := func(s smt.Solver) smt.Result {
			in, opt := smt.Instance{Ruleset: r, Piles: rec.Piles}, smt.Options{Solvers: smt.Portfolio{s}, Timeout: limit}
			var res smt.Result
			var err error
			if len(rec.Via) == 0 {
				res, err = smt.Prove(context.Background(), c, in, opt)
			} else {
				var refs []*theory.Claim
				for _, id := range rec.Via {
					ref, _ := catalog.Registry().Lookup(id)
					refs = append(refs, ref)
				}
				res, err = smt.ProveFrom(context.Background(), c, in, refs, opt)
			}
			if err != nil {
				res.Status, res.Reason = smt.Unknown, err.Error()
			}
			return res
		}
		a, p := run(z3), run(pure)
		counts[string(a.Status)+"/"+string(p.Status)]++
		if (a.Status == smt.Proved && p.Status == smt.Refuted) || (a.Status == smt.Refuted && p.Status == smt.Proved) {
			t.Errorf("%s on %s, %d piles: z3 %s, presburger %s (%s%s)", rec.ID, rec.Game, rec.Piles, a.Status, p.Status, a.Reason, p.Reason)
		}
		fmt.Fprintf(&b, "| %s | %s | %d | %s | %.2f | %.2f | %s | %.2f | %.2f |\n", rec.ID, rec.Game, rec.Piles,
			a.Status, a.Seconds, a.CPU, p.Status, p.Seconds, p.CPU)
		t.Logf("%s %s %d: z3 %s %.2fs (CPU %.2f), presburger %s %.2fs (CPU %.2f) %s", rec.ID, rec.Game, rec.Piles, a.Status, a.Seconds, a.CPU, p.Status, p.Seconds, p.CPU, p.Reason)
	}
	fmt.Fprintf(&b, "\n%d records; z3/presburger verdicts: %v\n", len(l.Records), counts)
	if err := os.WriteFile(*agreement, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}
