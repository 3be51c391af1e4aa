package smt_test

import (
	"context"
	"flag"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/games"
	"github.com/grundy/grundy/proof/smt"
	"github.com/grundy/grundy/theory"
	"github.com/grundy/grundy/theory/catalog"
	"github.com/grundy/grundy/theory/discovered"
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

var reproveAll = flag.Bool("reprove-all", false, "re-prove every ledger record, not only the quick ones")

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
	var solvers smt.Portfolio
	for _, name := range smt.Solvers {
		if s, err := smt.FindSolver(context.Background(), name); err == nil {
			solvers = append(solvers, s)
		}
	}
	if len(solvers) == 0 {
		smt.NeedSolver(t) // skips, or fails in CI
	}
	l, err := theory.CommittedLedger()
	if err != nil {
		t.Fatal(err)
	}
	stride := 1
	if !*smt.Long && !*reproveAll {
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
		// Re-proved by the solvers the record names: a portfolio of both
		// racing on every problem would double the CPU of the ones one
		// of them proved alone.
		var named smt.Portfolio
		for _, s := range solvers {
			if strings.Contains(rec.Solver, s.String()) {
				named = append(named, s)
			}
		}
		installed := len(named) == len(strings.Split(rec.Solver, " and "))
		if !*reproveAll && (rec.Seconds > 1 || !installed) {
			continue
		}
		if !installed {
			named = solvers // -reprove-all: whatever is installed
		}
		done++
		// The records run in parallel, one per core (each proof runs its
		// solvers as processes).
		t.Run(fmt.Sprintf("%s/%s/%d", rec.ID, rec.Game, rec.Piles), func(t *testing.T) {
			t.Parallel()
			in, opt := smt.Instance{Ruleset: r, Piles: rec.Piles}, smt.Options{Solvers: named, Timeout: 60 * time.Second}
			var res smt.Result
			var err error
			if len(rec.Via) == 0 {
				res, err = smt.Prove(context.Background(), c, in, opt)
			} else {
				var refs []*theory.Claim
				for _, id := range rec.Via {
					ref, _ := catalog.Registry().Lookup(id) // TestLedgerIsCurrent checks they exist
					refs = append(refs, ref)
				}
				res, err = smt.ProveFrom(context.Background(), c, in, refs, opt)
			}
			if err != nil || res.Status != smt.Proved {
				t.Errorf("ledger says %s is proved on %s, %d piles; now: %s %s %v", rec.ID, rec.Game, rec.Piles, res.Status, res.Reason, err)
			}
		})
	}
	t.Logf("re-proving %d of %d ledger records", done, len(l.Records))
}

// TestCommittedDiscoveriesUsable: every proved discovery carries the
// digest of today's move encoding (migrated from encoding version 1, the
// encoding they were proved with, which is today's).
func TestCommittedDiscoveriesUsable(t *testing.T) {
	l, err := discovered.ReadLedger("../../theory/discovered/discoveries.json")
	if err != nil {
		t.Fatal(err)
	}
	proved := 0
	for _, e := range l.Entries {
		if e.Status == discovered.StatusProved {
			proved++
			if !e.Usable() {
				t.Errorf("discovery %s/%d/%s is proved but not usable: moves %q", e.Game, e.Piles, e.What, e.Moves)
			}
		}
	}
	if proved == 0 {
		t.Error("no proved discovery to check")
	}
}

// TestMovesDigest: the digest names the encoding of a ruleset and pile
// count, and a record under another digest does not count.
func TestMovesDigest(t *testing.T) {
	se, _ := games.Parse("slow-exact:k=2")
	nim, _ := games.Parse("nim")
	d3, ok3 := smt.MovesDigest(se, 3)
	d4, _ := smt.MovesDigest(se, 4)
	dn, _ := smt.MovesDigest(nim, 3)
	if !ok3 || d3 == d4 || d3 == dn || len(d3) != 64 {
		t.Errorf("MovesDigest: slow-exact 3 piles %q, 4 piles %q, nim 3 piles %q; want three distinct SHA-256 digests", d3, d4, dn)
	}
	// fdg has no encoding of its own; its vectors written as a rule give
	// one (games.RuleOf), distinct from the other games'.
	fdg, _ := games.Parse("fdg:d=12/21")
	if d, ok := smt.MovesDigest(fdg, 2); !ok || len(d) != 64 || d == d3 {
		t.Errorf("MovesDigest(fdg) = %q, %v; want a digest of its own", d, ok)
	}
	// A ruleset outside games (no family, no rule) has none.
	if d, ok := smt.MovesDigest(unencoded{}, 2); ok || d != "" {
		t.Errorf("MovesDigest(a ruleset of no family) = %q, %v; want none", d, ok)
	}
	l, _ := theory.CommittedLedger()
	rec := l.Records[0]
	c, _ := catalog.Registry().Lookup(rec.ID)
	r, _ := games.Parse(rec.Game)
	rec.Moves = strings.Repeat("0", 64)
	reg := theory.NewRegistry(theory.Ledger{Records: []theory.Record{rec}, MovesDigest: smt.MovesDigest}, catalog.Registry().All())
	if _, ok := reg.Proof(c, r, rec.Piles); ok {
		t.Errorf("a record of %s under another move encoding counts", rec.ID)
	}
}

// unencoded is a ruleset defined outside games: no symbolic encoding.
type unencoded struct{}

func (unencoded) Name() string                     { return "unencoded" }
func (unencoded) Validate(p grundy.Position) error { return nil }
func (unencoded) Options(p grundy.Position, yield func(grundy.Position) bool) {
	for i := range p {
		if p[i] > 0 {
			q := slices.Clone(p)
			q[i]--
			if !yield(q) {
				return
			}
		}
	}
}
