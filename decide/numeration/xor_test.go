package numeration

import (
	"errors"
	"math/big"
	"testing"
)

// TestXor: x ⊕ y = z holds exactly where Go's ^ says so, on every triple
// below 24, including the repeated-variable forms.
func TestXor(t *testing.T) {
	s := NewStructure(Base(2))
	xyz, err := s.Xor("x", "y", "z")
	if err != nil {
		t.Fatal(err)
	}
	xxz, err := s.Xor("x", "x", "z")
	if err != nil {
		t.Fatal(err)
	}
	xyx, err := s.Xor("x", "y", "x")
	if err != nil {
		t.Fatal(err)
	}
	v := func(n int) *big.Int { return big.NewInt(int64(n)) }
	for x := range 24 {
		for y := range 24 {
			for z := range 24 {
				w := map[string]*big.Int{"x": v(x), "y": v(y), "z": v(z)}
				if got, want := s.Holds(xyz, w), x^y == z; got != want {
					t.Errorf("%d ⊕ %d = %d: %v, want %v", x, y, z, got, want)
				}
				if got, want := s.Holds(xxz, w), z == 0; got != want {
					t.Errorf("%d ⊕ %d = %d: %v, want %v", x, x, z, got, want)
				}
				if got, want := s.Holds(xyx, w), y == 0; got != want {
					t.Errorf("%d ⊕ %d = %d: %v, want %v", x, y, x, got, want)
				}
			}
		}
	}
	if _, err := NewStructure(Zeckendorf()).Xor("x", "y", "z"); !errors.Is(err, ErrNotBase2) {
		t.Errorf("Xor in Zeckendorf: %v, want ErrNotBase2", err)
	}
}
