package certificate

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/grundy/grundy/decide/presburger"
	"github.com/grundy/grundy/proof/smt"
	"github.com/grundy/grundy/theory"
	"github.com/grundy/grundy/theory/catalog"
)

// TestSMTCertificate writes the SMT-LIB problems of a proved record (000
// Prop. 11(1) on two piles of Slow Moore 2-Nim) with the pure-Go solver,
// and decides each file again: every one is unsatisfiable.
func TestSMTCertificate(t *testing.T) {
	l, err := theory.CommittedLedger()
	if err != nil {
		t.Fatal(err)
	}
	var rec theory.Record
	for _, r := range l.Records {
		if r.ID == "000/prop-11.1" && r.Game == "slow-moore:k=2" && r.Piles == 2 {
			rec = r
		}
	}
	if rec.ID == "" {
		t.Fatal("no ledger record of 000/prop-11.1 on slow-moore:k=2, 2 piles")
	}
	c, _ := catalog.Registry().Lookup(rec.ID)
	s, err := smt.FindSolver(context.Background(), smt.PureGo)
	if err != nil {
		t.Fatal(err)
	}
	root, err := SMT(context.Background(), t.TempDir(), c, nil, rec, smt.Portfolio{s}, 30*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	raw, err := os.ReadFile(filepath.Join(root, "smt.json"))
	if err != nil {
		t.Fatal(err)
	}
	var m SMTManifest
	if err := json.Unmarshal(raw, &m); err != nil {
		t.Fatal(err)
	}
	if len(m.Problems) != 2 { // stability and absorption
		t.Errorf("problems %v, want stability and absorption", m.Problems)
	}
	for _, p := range m.Problems {
		script, err := os.ReadFile(filepath.Join(root, p))
		if err != nil {
			t.Fatal(err)
		}
		res, err := presburger.Decide(string(script), nil, nil)
		if err != nil || res.Sat {
			t.Errorf("%s: sat %v, err %v; want unsat", p, res.Sat, err)
		}
	}
}
