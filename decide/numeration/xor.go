package numeration

import "errors"

// ErrNotBase2 is returned by Xor in a system other than base 2, whose
// digits are not the bits the nim-sum adds.
var ErrNotBase2 = errors.New("the nim-sum is automatic in base 2 only")

// XorDFA is the 3-track base-2 automaton of x ⊕ y = z (tracks x, y, z):
// the nim-sum adds bits without carry (Bouton), so one state accepts
// while every column has an even number of ones, and a dead state takes
// the rest.
func XorDFA() *DFA {
	a := newDFA(3, 2, 2)
	a.Accept[0] = true
	for l := range a.Letters() {
		ds := Unpack(l, 2, 3)
		a.Next[l] = 1
		if ds[0]^ds[1]^ds[2] == 0 {
			a.Next[l] = 0
		}
		a.Next[a.Letters()+l] = 1
	}
	return a
}

// Xor is x ⊕ y = z, the nim-sum, in base 2.
func (s *Structure) Xor(x, y, z string) (Rel, error) {
	if s.Sys != Base(2) {
		return Rel{}, ErrNotBase2
	}
	if x == y {
		// x ⊕ x = 0.
		return s.And(s.Const(z, 0), s.number(x))
	}
	if x == z || y == z {
		// x ⊕ y = x iff y = 0.
		other := y
		if y == z {
			other = x
		}
		return s.And(s.Const(other, 0), s.number(z))
	}
	return s.Of(XorDFA(), x, y, z)
}

// number is the relation "x is a number": every valid representation.
func (s *Structure) number(x string) Rel {
	s.init()
	return s.basic(s.valid, x)
}
