package engine

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/solve"
)

// TestBudgetError: a search over its budget is a *BudgetError that says
// which budget, so a front end can name what raises it; its message names
// no flag.
func TestBudgetError(t *testing.T) {
	for _, tc := range []struct {
		game, pos string
		budget    int
		want      int // BudgetError.Budget
	}{
		{"slow-moore:k=3", "9,9,9,9", 10, 10}, // a search: more positions than 10
		{"wythoff", "100,100", 50, 50},        // the two-pile solver's rectangle
	} {
		r, p, err := Parse(tc.game, tc.pos)
		if err != nil {
			t.Fatal(err)
		}
		_, err = Evaluate(context.Background(), r, p, Options{Budget: tc.budget, Method: grundy.MethodSearch})
		var be *BudgetError
		if !errors.As(err, &be) || !errors.Is(err, solve.ErrBudget) {
			t.Fatalf("Evaluate(%s, %s, budget %d) = %v, want a *BudgetError", tc.game, tc.pos, tc.budget, err)
		}
		if be.Budget != tc.want || strings.Contains(err.Error(), "--") {
			t.Errorf("Evaluate(%s, %s): Budget %d, message %q; want Budget %d and no flag", tc.game, tc.pos, be.Budget, err, tc.want)
		}
	}
}
