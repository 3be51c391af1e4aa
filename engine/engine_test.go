package engine

import (
	"context"
	"errors"
	"math/big"
	"strings"
	"testing"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/games"
	"github.com/grundy/grundy/solve"
	"github.com/grundy/grundy/theory"
	"github.com/grundy/grundy/theory/catalog"
)

func mustParse(t *testing.T, game, pos string) (grundy.Ruleset, grundy.BigPosition) {
	t.Helper()
	r, p, err := Parse(game, pos)
	if err != nil {
		t.Fatal(err)
	}
	return r, p
}

func TestEvaluateBySearch(t *testing.T) {
	r, p := mustParse(t, "exact:k=2", "3,3,2,1,3")
	v, err := Evaluate(context.Background(), r, p, Options{Method: grundy.MethodSearch})
	if err != nil {
		t.Fatal(err)
	}
	// 000 §1.5: (1,2,3,3,3) is a (0,2)-position.
	if v.Pos != "1,2,3,3,3" || v.G.Int64() != 0 || v.Gm.Int64() != 2 || v.Outcome != "P" || v.OutcomeMisere != "N" || v.Method != grundy.MethodSearch {
		t.Errorf("Evaluate = %+v, want the canonical (0,2)-position found by search", v)
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct{ game, pos, mention string }{
		{"nope", "1", "unknown ruleset"},
		{"nim", "1,-1", "negative"},
		{"wythoff", "1,2,3", "two-pile game, got 3 piles"},
		{"slow-exact:k=4", "1,2,3", "k=4 needs at least k piles"},
	}
	for _, tt := range tests {
		if _, _, err := Parse(tt.game, tt.pos); err == nil || !strings.Contains(err.Error(), tt.mention) {
			t.Errorf("Parse(%s, %s) error = %v, want one mentioning %q", tt.game, tt.pos, err, tt.mention)
		}
	}
}

func TestBudget(t *testing.T) {
	r, p := mustParse(t, "slow-moore:k=3", "9,9,9,9")
	_, err := Evaluate(context.Background(), r, p, Options{Method: grundy.MethodSearch, Budget: 50})
	if !errors.Is(err, solve.ErrBudget) || !strings.Contains(err.Error(), "at most") {
		t.Errorf("Evaluate over budget: error %v, want ErrBudget with an estimate", err)
	}
}

func TestEvaluateHugeByTheorem(t *testing.T) {
	r, p := mustParse(t, "nim", "123456789012345678901234567890,123456789012345678901234567890,6")
	v, err := Evaluate(context.Background(), r, p, Options{})
	if err != nil {
		t.Fatal(err)
	}
	// Equal piles cancel in the Nim-sum, leaving 6.
	if v.G == nil || v.G.Int64() != 6 || v.Outcome != "N" || v.Method != grundy.MethodTheorem {
		t.Errorf("Evaluate(huge nim) = %+v, want G = 6 by a theorem", v)
	}
	// A pile ≥ 2: misère Nim's G⁻ equals G (Nim is tame, 000/bouton.misere-G).
	if v.Gm == nil || v.Gm.Int64() != 6 {
		t.Errorf("Evaluate(huge nim) = %+v, want G⁻ = 6", v)
	}
	if v.R != nil || v.Rm != nil {
		t.Errorf("Evaluate(huge nim) claims values no theorem gives: %+v", v)
	}
}

// TestTheoremAnswersAgreeWithSearch: wherever a proved claim answers and a
// search can too, they agree — on every position of a small box of each
// claim's default instances.
func TestTheoremAnswersAgreeWithSearch(t *testing.T) {
	// Every game and pile count some proved claim is checked on, once.
	type box struct {
		game  string
		piles int
	}
	seen := map[box]bool{}
	for _, c := range catalog.Registry().All() {
		if c.Support != theory.PaperProof {
			continue
		}
		for _, in := range c.Checks {
			b := box{in.Game, in.Piles}
			if seen[b] {
				continue
			}
			seen[b] = true
			r, err := games.Parse(in.Game)
			if err != nil {
				t.Fatal(err)
			}
			tab, err := solve.SolveBox(context.Background(), r, solve.BoxSpec{Piles: in.Piles, Max: 4})
			if err != nil {
				t.Fatal(err)
			}
			tab.Each(func(p grundy.Position, want grundy.Values) bool {
				got, err := theoremValue(r, p.Big())
				if err != nil {
					return true // no theorem speaks of p
				}
				if !agrees(got, want) {
					t.Errorf("%s at %v: theorems give %+v (%s), search %+v", r.Name(), p, show(got), got.Method, want)
					return false
				}
				return true
			})
		}
	}
}

func agrees(got Value, want grundy.Values) bool {
	for _, f := range []struct {
		p *big.Int
		v int
	}{{got.G, want.G}, {got.Gm, want.Gm}, {got.R, want.R}, {got.Rm, want.Rm}} {
		if f.p != nil && (!f.p.IsInt64() || f.p.Int64() != int64(f.v)) {
			return false
		}
	}
	return (got.Outcome == "" || got.Outcome == want.Outcome().String()) &&
		(got.OutcomeMisere == "" || got.OutcomeMisere == want.OutcomeMisere().String())
}

func show(v Value) string {
	var b strings.Builder
	for _, f := range []struct {
		name string
		p    *big.Int
	}{{"G", v.G}, {"Gm", v.Gm}, {"R", v.R}, {"Rm", v.Rm}} {
		if f.p != nil {
			b.WriteString(f.name + "=" + f.p.String() + " ")
		}
	}
	return b.String() + v.Outcome + "/" + v.OutcomeMisere
}

func TestListMoves(t *testing.T) {
	r, p := mustParse(t, "wythoff", "4,7")
	m, err := ListMoves(context.Background(), r, p, false, Options{})
	if err != nil {
		t.Fatal(err)
	}
	// (4,7) is a P-position of Wythoff: no winning move; every move is
	// optimal exactly when it reaches the largest remoteness.
	if m.Outcome != "P" || len(m.Moves) == 0 {
		t.Fatalf("ListMoves(wythoff 4,7) = %+v", m)
	}
	for _, mv := range m.Moves {
		if mv.Winning {
			t.Errorf("move to %s from a P-position marked winning", mv.To)
		}
	}
	r, p = mustParse(t, "nim", "1,2")
	m, err = ListMoves(context.Background(), r, p, false, Options{})
	if err != nil {
		t.Fatal(err)
	}
	var winning []string
	for _, mv := range m.Moves {
		if mv.Winning {
			winning = append(winning, mv.To)
		}
	}
	if len(winning) != 1 || winning[0] != "1,1" {
		t.Errorf("winning moves from nim 1,2 = %v, want [1,1]", winning)
	}
}
