package engine

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/solve"
)

// TestSearchMemoryRefused: a budget whose search could need more memory
// than the limit is refused before any work, with the estimate; the
// default budget is lowered to what the memory holds instead (issue 24:
// value slow-exact:k=2 100,201,300,400,500,600,700 held 13.6 GB).
func TestSearchMemoryRefused(t *testing.T) {
	r, p := mustParse(t, "slow-exact:k=2", "100,201,300,400,500,600,700")
	small, _ := p.Small()
	per := solve.SearchBytes(r, small)
	limits := solve.Limits{Memory: 1000 * per, Work: solve.DefaultWork, Search: solve.DefaultSearchWork}
	start := time.Now()
	_, err := Evaluate(context.Background(), r, p, Options{Method: grundy.MethodSearch, Budget: 1001, Limits: limits})
	if !errors.Is(err, solve.ErrBudget) || !strings.Contains(err.Error(), "needs about") {
		t.Errorf("search with budget 1001 in memory for 1000: %v, want a budget error with the estimate", err)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("the refusal took %v: it should come before any work", d)
	}
	// The default budget fits the memory: the search stops at 1000
	// positions, a budget error.
	_, err = Evaluate(context.Background(), r, p, Options{Method: grundy.MethodSearch, Limits: limits})
	if !errors.Is(err, solve.ErrBudget) || !strings.Contains(err.Error(), "more than 1000 positions") {
		t.Errorf("search with the default budget in memory for 1000: %v, want it stopped at 1000 positions", err)
	}
	// A search within both answers.
	r, p = mustParse(t, "slow-exact:k=2", "3,4,5")
	if _, err := Evaluate(context.Background(), r, p, Options{Method: grundy.MethodSearch, Limits: limits}); err != nil {
		t.Errorf("a small search: %v", err)
	}
}

// TestValueLinesSizedByParameter: value wythoff-mod:K=1048576 0,60 took
// 2.28 GB for the line solver's (x+y+1)·K lines (issue 24); a search of
// the 61 positions answers.
func TestValueLinesSizedByParameter(t *testing.T) {
	r, p := mustParse(t, "wythoff-mod:K=1048576", "0,60")
	v, err := Evaluate(context.Background(), r, p, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if v.Method != grundy.MethodSearch || v.Searched > 61 {
		t.Errorf("Evaluate(%s, 0,60) by %s, %d positions; want a search of at most 61", r.Name(), v.Method, v.Searched)
	}
}
