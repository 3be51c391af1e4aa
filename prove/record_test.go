package prove

import (
	"context"
	"flag"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/grundy/grundy/catalog"
	"github.com/grundy/grundy/games"
	"github.com/grundy/grundy/theory"
)

// TestLedgerIsCurrent fails when a committed record no longer matches its
// claim (formula changed, claim removed, encoding changed): regenerate the
// ledger with `grundy prove --all --record theory/proved.json`.
func TestLedgerIsCurrent(t *testing.T) {
	l, err := theory.CommittedLedger()
	if err != nil {
		t.Fatal(err)
	}
	for _, rec := range l.Records {
		c, ok := catalog.Registry().Lookup(rec.ID)
		if !ok {
			t.Errorf("ledger record for unknown claim %s", rec.ID)
			continue
		}
		r, err := games.Parse(rec.Game)
		if err != nil {
			t.Errorf("ledger record %s: %v", rec.ID, err)
			continue
		}
		if _, ok := catalog.Registry().Proof(c, r, rec.Piles); !ok {
			t.Errorf("ledger record %s on %s, %d piles is stale (formula or encoding changed)", rec.ID, rec.Game, rec.Piles)
		}
	}
}

var (
	reproveAll = flag.Bool("reprove-all", false, "re-prove every ledger record, not only the quick ones")
	long       = flag.Bool("long", false, "re-prove every quick ledger record, not a sample")
)

// reproveSample is how many quick records TestLedgerReproves re-proves by
// default: every n/reproveSample-th of the ledger (sorted by claim ID, so
// the sample spreads over all five papers and is the same on every run).
const reproveSample = 24

// TestLedgerReproves proves recorded claims again, with every installed
// solver: the ledger says only what the solvers really prove now. By
// default it re-proves a fixed sample of the quick records; -long all the
// quick ones; records that took over a second, or need a solver that is
// not installed, are left to -reprove-all (and to `grundy prove --all`).
func TestLedgerReproves(t *testing.T) {
	if testing.Short() {
		t.Skip("re-proving the ledger is skipped under -short")
	}
	var solvers Portfolio
	for _, name := range Solvers {
		if s, err := FindSolver(context.Background(), name); err == nil {
			solvers = append(solvers, s)
		}
	}
	if len(solvers) == 0 {
		needSolver(t) // skips, or fails in CI
	}
	l, err := theory.CommittedLedger()
	if err != nil {
		t.Fatal(err)
	}
	stride := 1
	if !*long && !*reproveAll {
		stride = max(1, len(l.Records)/reproveSample)
	}
	done := 0
	for i, rec := range l.Records {
		if i%stride != 0 {
			continue
		}
		c, ok := catalog.Registry().Lookup(rec.ID)
		r, err := games.Parse(rec.Game)
		if !ok || err != nil {
			continue // reported by TestLedgerIsCurrent
		}
		if _, current := catalog.Registry().Proof(c, r, rec.Piles); !current {
			continue // stale: reported by TestLedgerIsCurrent
		}
		installed := true
		for _, name := range strings.Split(rec.Solver, " and ") {
			installed = installed && strings.Contains(solvers.String(), name)
		}
		if !*reproveAll && (rec.Seconds > 1 || !installed) {
			continue
		}
		done++
		// The records run in parallel, one per core (each proof runs its
		// solvers as processes).
		t.Run(fmt.Sprintf("%s/%s/%d", rec.ID, rec.Game, rec.Piles), func(t *testing.T) {
			t.Parallel()
			in, opt := Instance{Ruleset: r, Piles: rec.Piles}, Options{Solvers: solvers, Timeout: 60 * time.Second}
			var res Result
			var err error
			if len(rec.Via) == 0 {
				res, err = Prove(context.Background(), c, in, opt)
			} else {
				var refs []*theory.Claim
				for _, id := range rec.Via {
					ref, _ := catalog.Registry().Lookup(id) // TestLedgerIsCurrent checks they exist
					refs = append(refs, ref)
				}
				res, err = ProveFrom(context.Background(), c, in, refs, opt)
			}
			if err != nil || res.Status != Proved {
				t.Errorf("ledger says %s is proved on %s, %d piles; now: %s %s %v", rec.ID, rec.Game, rec.Piles, res.Status, res.Reason, err)
			}
		})
	}
	t.Logf("re-proving %d of %d ledger records", done, len(l.Records))
}
