package prover

import (
	"context"
	"errors"
	"math/big"
	"testing"
	"time"

	"github.com/grundy/grundy/decide/numeration"
	"github.com/grundy/grundy/engine"
	"github.com/grundy/grundy/proof/automatic"
	"github.com/grundy/grundy/theory"
)

// TestProveAutomataMemory: a state bound whose worst case cannot fit is
// refused with the estimate before anything is built; one that fits runs.
func TestProveAutomataMemory(t *testing.T) {
	c, ok := engine.Registry().Lookup("000/bouton")
	if !ok {
		t.Fatal("no claim 000/bouton")
	}
	saved := numeration.MaxStates
	defer func() { numeration.MaxStates = saved }()
	emitted := 0
	emit := func(automatic.Result) error { emitted++; return nil }
	// 2^40 states of 2^9-letter automata (Nim on 4 piles) are petabytes.
	huge := 1 << 40
	_, err := ProveAutomata(context.Background(), AutoRun{Claims: []*theory.Claim{c}, MaxStates: huge}, emit)
	var me *MemoryError
	if !errors.As(err, &me) {
		t.Fatalf("ProveAutomata with %d states: error %v, want a *MemoryError", huge, err)
	}
	want := automatic.EstimateBytes(numeration.Base(2), 4, huge) // the largest instance: 4 piles
	if me.Need.Cmp(want) != 0 || me.Piles != 4 || me.MaxStates != huge || new(big.Int).SetUint64(me.Have).Cmp(me.Need) >= 0 {
		t.Errorf("MemoryError %+v, want Need %s for 4 piles at %d states, over Have", me, want, huge)
	}
	if emitted != 0 || numeration.MaxStates != saved {
		t.Errorf("a refused run proved %d instances and set the state bound to %d", emitted, numeration.MaxStates)
	}
	sum, err := ProveAutomata(context.Background(), AutoRun{Claims: []*theory.Claim{c}, MaxStates: 1000}, emit)
	if err != nil || sum.Counts[automatic.Proved] != 3 || emitted != 3 {
		t.Errorf("ProveAutomata with 1000 states: %+v, %v (%d emitted); want 3 proved", sum, err, emitted)
	}
}

// TestProveAutomataBudget: an instance past its CPU budget is unknown
// with bound "time" and counted so; an instance the ledger has a record of
// gets RecordedBudget instead; the budget is gone after the run.
func TestProveAutomataBudget(t *testing.T) {
	c, ok := engine.Registry().Lookup("000/bouton")
	if !ok {
		t.Fatal("no claim 000/bouton")
	}
	var got []automatic.Result
	emit := func(r automatic.Result) error { got = append(got, r); return nil }
	// 000/bouton on nim is in the committed ledger: with RecordedBudget
	// of an hour it proves though Budget is a nanosecond.
	sum, err := ProveAutomata(context.Background(), AutoRun{Claims: []*theory.Claim{c}, Game: "nim", Budget: 1, RecordedBudget: time.Hour}, emit)
	if err != nil || sum.Counts[automatic.Proved] != 3 {
		t.Fatalf("recorded instances with an hour: %+v, %v", sum, err)
	}
	got = nil
	sum, err = ProveAutomata(context.Background(), AutoRun{Claims: []*theory.Claim{c}, Game: "nim", Budget: 1}, emit)
	if err != nil || sum.Counts[automatic.Unknown] != 3 || sum.Bounds["time"] != 3 {
		t.Fatalf("a nanosecond each: %+v, %v", sum, err)
	}
	for _, r := range got {
		if r.Status != automatic.Unknown || r.Bound != "time" || r.CPU < 0 {
			t.Errorf("%s on %d piles: %s, bound %q, %.3f s CPU", r.ID, r.Piles, r.Status, r.Bound, r.CPU)
		}
	}
	if numeration.Spent != nil {
		t.Error("the budget outlived the run")
	}
}
