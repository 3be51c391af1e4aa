package prove

import (
	"bytes"
	"context"
	"flag"
	"strings"
	"testing"
	"time"

	"github.com/grundy/grundy/games"
	"github.com/grundy/grundy/theory"
)

// TestLedgerIsCurrent fails when a committed record no longer matches its
// claim (formula changed, claim removed, encoding changed): regenerate the
// ledger with `grundy prove --all --record prove/proved.json`.
func TestLedgerIsCurrent(t *testing.T) {
	l, err := Recorded()
	if err != nil {
		t.Fatal(err)
	}
	for _, rec := range l.Records {
		c, ok := theory.Lookup(rec.ID)
		if !ok {
			t.Errorf("ledger record for unknown claim %s", rec.ID)
			continue
		}
		r, err := games.Parse(rec.Game)
		if err != nil {
			t.Errorf("ledger record %s: %v", rec.ID, err)
			continue
		}
		if _, ok := Lookup(c, r, rec.Piles); !ok {
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
	l, err := Recorded()
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
		c, ok := theory.Lookup(rec.ID)
		r, err := games.Parse(rec.Game)
		if !ok || err != nil {
			continue // reported by TestLedgerIsCurrent
		}
		if _, current := Lookup(c, r, rec.Piles); !current {
			continue // stale: reported by TestLedgerIsCurrent
		}
		installed := true
		for _, name := range strings.Split(rec.Solver, " and ") {
			installed = installed && strings.Contains(solvers.String(), name)
		}
		if !*reproveAll && (rec.Seconds > 1 || !installed) {
			continue
		}
		in, opt := Instance{Ruleset: r, Piles: rec.Piles}, Options{Solvers: solvers, Timeout: 60 * time.Second}
		var res Result
		if len(rec.Via) == 0 {
			res, err = Prove(context.Background(), c, in, opt)
		} else {
			var refs []*theory.Claim
			for _, id := range rec.Via {
				ref, _ := theory.Lookup(id) // TestLedgerIsCurrent checks they exist
				refs = append(refs, ref)
			}
			res, err = ProveFrom(context.Background(), c, in, refs, opt)
		}
		if err != nil || res.Status != Proved {
			t.Errorf("ledger says %s is proved on %s, %d piles; now: %s %s %v", rec.ID, rec.Game, rec.Piles, res.Status, res.Reason, err)
		}
		done++
	}
	t.Logf("re-proved %d of %d ledger records", done, len(l.Records))
}

func TestLookupRejectsChangedFormula(t *testing.T) {
	c, _ := theory.Lookup("000/prop-11.1")
	r, _ := games.Parse("slow-moore:k=2")
	rec := Record{ID: c.ID, Game: r.Name(), Piles: 2, Formula: c.Formula(r, 2).String(), Encoding: EncodingVersion}
	if !valid(c, r, 2, rec) {
		t.Fatalf("record %+v should be valid", rec)
	}
	changed := rec
	changed.Formula = "((mod(x1, 2) = 0) and (mod(x2, 2) = 1))"
	if valid(c, r, 2, changed) {
		t.Errorf("a record of another formula is accepted")
	}
	old := rec
	old.Encoding = EncodingVersion - 1
	if valid(c, r, 2, old) {
		t.Errorf("a record of an older encoding is accepted")
	}
	// Wrong pile count: the claim does not apply, so the record cannot.
	wrongN := rec
	wrongN.Piles = 3
	if valid(c, r, 3, wrongN) {
		t.Errorf("a record for a pile count the claim does not speak of is accepted")
	}
}

func TestWriteLedgerRoundTrip(t *testing.T) {
	recs := []Record{{ID: "b", Game: "nim", Piles: 2}, {ID: "a", Game: "nim", Piles: 3}}
	var buf bytes.Buffer
	if err := WriteLedger(&buf, recs); err != nil {
		t.Fatal(err)
	}
	if i, j := bytes.Index(buf.Bytes(), []byte(`"a"`)), bytes.Index(buf.Bytes(), []byte(`"b"`)); i < 0 || j < i {
		t.Errorf("WriteLedger does not sort by ID:\n%s", buf.String())
	}
}
