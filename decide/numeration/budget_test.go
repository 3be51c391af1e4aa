package numeration

import (
	"errors"
	"testing"
)

// TestBounds: each bound stops a construction with the error Bound names
// — Spent (time) at the first step, MaxStates (states) past its count,
// MaxBytes (memory) in the ∀∃ test — and none stops it when all are off.
func TestBounds(t *testing.T) {
	sys := Zeckendorf()
	add, err := sys.Adder()
	if err != nil {
		t.Fatal(err)
	}
	less, err := sys.Less()
	if err != nil {
		t.Fatal(err)
	}
	saved, savedBytes := MaxStates, MaxBytes
	defer func() { Spent, MaxStates, MaxBytes = nil, saved, savedBytes }()

	Spent = func() bool { return true }
	if _, err := add.Project(2); Bound(err) != "time" || !errors.Is(err, ErrTooBig) {
		t.Errorf("projection with the time spent: %v (bound %q)", err, Bound(err))
	}
	if _, err := Product(less, less, func(x, y bool) bool { return x && y }); Bound(err) != "time" {
		t.Errorf("product with the time spent: %v", err)
	}
	Spent = func() bool { return false }
	MaxStates = 2
	if _, err := Product(add, add.Complement(), func(x, y bool) bool { return x != y }); Bound(err) != "states" {
		t.Errorf("product past 2 states: %v (bound %q)", err, Bound(err))
	}
	MaxStates, MaxBytes = saved, 1
	// Every x0 is below some x1: the ∀∃ test must run past its first pair.
	all := sys.Valid()
	if _, _, err := IncludedInProjection(all, less, []int{0}); Bound(err) != "memory" {
		t.Errorf("inclusion past 1 byte: %v (bound %q)", err, Bound(err))
	}
	MaxBytes = 0
	if ok, _, err := IncludedInProjection(all, less, []int{0}); err != nil || !ok {
		t.Errorf("every x0 is below some x1: %v, %v", ok, err)
	}
	if Bound(nil) != "" || Bound(ErrNoFit) != "learner" || Bound(errors.New("x")) != "" {
		t.Error("Bound of nil, ErrNoFit or another error")
	}
}
