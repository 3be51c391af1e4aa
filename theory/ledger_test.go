package theory

import (
	"bytes"
	"testing"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/formula"
	"github.com/grundy/grundy/games"
)

func TestLookupRejectsChangedFormula(t *testing.T) {
	// A claim of the shape of a paper's P-position formula: every pile even.
	c := &Claim{ID: "test/even", Paper: "000", Ref: "none", Statement: "every pile even", Family: "slow-moore",
		Quantity: grundy.QP, Support: PaperProof, Applies: On("slow-moore", func(_ games.Spec, n int) bool { return n == 2 }),
		Formula: func(grundy.Ruleset, int) *formula.Expr {
			return formula.And(formula.Even(formula.X(0)), formula.Even(formula.X(1)))
		}}
	// The digest of the move encoding, as the prover would give it.
	digest := func(r grundy.Ruleset, n int) (string, bool) { return "moves-of-" + r.Name(), true }
	reg := NewRegistry(Ledger{MovesDigest: digest}, []*Claim{c})
	r, _ := games.Parse("slow-moore:k=2")
	rec := Record{ID: c.ID, Game: r.Name(), Piles: 2, Formula: c.Formula(r, 2).String(), Moves: "moves-of-" + r.Name()}
	if !reg.valid(c, r, 2, rec) {
		t.Fatalf("record %+v should be valid", rec)
	}
	changed := rec
	changed.Formula = "((mod(x1, 2) = 0) and (mod(x2, 2) = 1))"
	if reg.valid(c, r, 2, changed) {
		t.Errorf("a record of another formula is accepted")
	}
	old := rec
	old.Moves = "moves-of-an-older-encoding"
	if reg.valid(c, r, 2, old) {
		t.Errorf("a record of another move encoding is accepted")
	}
	// Wrong pile count: the claim does not apply, so the record cannot.
	wrongN := rec
	wrongN.Piles = 3
	if reg.valid(c, r, 3, wrongN) {
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

// TestAutoProofRejectsChangedConstruction: an automata record counts only
// under the construction digest it was proved with.
func TestAutoProofRejectsChangedConstruction(t *testing.T) {
	c := &Claim{ID: "test/nimsum", Paper: "000", Ref: "none", Statement: "G = x1 (a test claim)", Family: "nim",
		Quantity: grundy.QG, Support: PaperProof, Applies: On("nim", func(_ games.Spec, n int) bool { return n == 2 }),
		Formula: func(grundy.Ruleset, int) *formula.Expr { return formula.X(0) }}
	r, _ := games.Parse("nim")
	rec := AutoRecord{ID: c.ID, Game: r.Name(), Piles: 2, Statement: c.Statement, Construction: "construction-A"}
	for _, tc := range []struct {
		current string
		rec     AutoRecord
		want    bool
	}{
		{"construction-A", rec, true},
		{"construction-B", rec, false}, // the construction changed since the proof
		{"", rec, true},                // no digest given: nothing to check
		{"construction-A", AutoRecord{ID: c.ID, Game: r.Name(), Piles: 2, Statement: c.Statement}, false},
		{"construction-A", AutoRecord{ID: c.ID, Game: r.Name(), Piles: 2, Statement: "another statement", Construction: "construction-A"}, false},
	} {
		reg := NewRegistry(Ledger{}, []*Claim{c}).WithAuto(AutoLedger{Records: []AutoRecord{tc.rec}, Construction: tc.current})
		if _, got := reg.AutoProof(c, r, 2); got != tc.want {
			t.Errorf("AutoProof with construction %q, record %+v = %v, want %v", tc.current, tc.rec, got, tc.want)
		}
		if got := len(reg.AutoProofs(c)) == 1; got != tc.want {
			t.Errorf("AutoProofs with construction %q, record %+v: found = %v, want %v", tc.current, tc.rec, got, tc.want)
		}
	}
}

// TestAnswerCachedPerGame: Registry.Answer decides the answering claims
// once per ruleset and pile count; the remembered list is that game's
// only (another parameter, pile count or rule file decides afresh), and
// a caller changing a fact's trust changes no later answer.
func TestAnswerCachedPerGame(t *testing.T) {
	c := &Claim{ID: "test/k2", Paper: "000", Ref: "none", Statement: "G = x1 on Moore's k = 2, two piles (a test claim)",
		Family: "moore", Quantity: grundy.QG, Support: PaperProof,
		Applies: On("moore", func(s games.Spec, n int) bool { return s.K == 2 && n == 2 }),
		Formula: func(grundy.Ruleset, int) *formula.Expr { return formula.X(0) }}
	reg := NewRegistry(Ledger{}, []*Claim{c})
	k2, _ := games.Parse("moore:k=2")
	k3, _ := games.Parse("moore:k=3")
	p := grundy.Position{3, 5}.Big()
	for round := range 2 {
		for _, tc := range []struct {
			r     grundy.Ruleset
			p     grundy.BigPosition
			facts int
		}{{k2, p, 1}, {k3, p, 0}, {k2, grundy.Position{1, 2, 3}.Big(), 0}, {k2, p, 1}} {
			facts := reg.Answer(tc.r, tc.p)
			if len(facts) != tc.facts {
				t.Fatalf("round %d: Answer(%s, %v) gave %d facts, want %d", round, tc.r.Name(), tc.p, len(facts), tc.facts)
			}
			for _, f := range facts {
				if f.Value.Int64() != 3 || len(f.Trust.Claims) != 1 || f.Trust.Claims[0] != c.ID {
					t.Errorf("round %d: Answer(%s, %v) = %+v, want G = 3 by %s", round, tc.r.Name(), tc.p, f, c.ID)
				}
				f.Trust.Claims[0] = "changed by a caller"
			}
		}
	}
}
