package numeration

import (
	"errors"
	"fmt"
)

// ErrTime is wrapped when a construction stopped because its time budget
// (Spent) was spent; it wraps ErrTooBig, so every caller that treats a
// construction past its bound as unknown treats this one so too.
var ErrTime = fmt.Errorf("%w: time budget spent", ErrTooBig)

// ErrMemory is wrapped when IncludedInProjection's pairs pass MaxBytes.
var ErrMemory = fmt.Errorf("%w: memory bound", ErrTooBig)

// Spent, when set, is asked every budgetStride steps of every long
// construction (products, projections, the ∀∃ test, the learner's table)
// whether the time it may take is spent; once it says so the
// construction fails with ErrTime. It is not part of the construction
// digest (SourceDigest): a budget decides when a proof stops, never what
// it builds.
var Spent func() bool

// budgetStride is how often Spent is asked: a few thousand steps cost a
// millisecond or less, and one clock read per stride is negligible.
const budgetStride = 1024

// overBudget is ErrTime when step i is a stride's first and Spent says
// the time is spent.
func overBudget(i int) error {
	if i%budgetStride == 0 && Spent != nil && Spent() {
		return ErrTime
	}
	return nil
}

// Bound names the bound that stopped a construction, from its error:
// "time" (ErrTime), "memory" (ErrMemory), "states" (any other ErrTooBig:
// MaxStates or an adder's unbounded carries), "learner" (ErrNoFit: the
// learner's states or box), or "" for any other error.
func Bound(err error) string {
	switch {
	case err == nil:
		return ""
	case errors.Is(err, ErrTime):
		return "time"
	case errors.Is(err, ErrMemory):
		return "memory"
	case errors.Is(err, ErrTooBig):
		return "states"
	case errors.Is(err, ErrNoFit):
		return "learner"
	}
	return ""
}
