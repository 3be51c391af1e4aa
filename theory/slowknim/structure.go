package slowknim

import (
	"fmt"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/theory"
)

// The structural notions of §1.5 (Conway's tame games, Gurvich's
// miserable and pet games), tested one position at a time over a solved
// box.

// class names a position by its pair (G, G⁻): "(0,1)" and "(1,0)" are the
// swap positions, "tame" has G = G⁻, "other" is neither.
func class(v grundy.Values) string {
	switch {
	case v.G == 0 && v.Gm == 1:
		return "(0,1)"
	case v.G == 1 && v.Gm == 0:
		return "(1,0)"
	case v.G == v.Gm:
		return "tame"
	}
	return "other"
}

func pair(v grundy.Values) string { return fmt.Sprintf("(G,G⁻)=(%d,%d)", v.G, v.Gm) }

// miserable tests the definition of §1.5 at one position: from each
// (1,0)-position a move to a (0,1)-position, from each non-terminal
// (0,1)-position a move to a (1,0)-position, and from every non-swap
// position either moves to both kinds or no move to a swap position.
func miserable(s *theory.Site) theory.Verdict {
	var to01, to10, any bool
	s.Options(func(_ grundy.Position, v grundy.Values) bool {
		any = true
		switch class(v) {
		case "(0,1)":
			to01 = true
		case "(1,0)":
			to10 = true
		}
		return true
	})
	switch c := class(s.Values); {
	case c == "(1,0)" && !to01:
		return theory.Fails("a (1,0)-position with no move to a (0,1)-position", "miserable", pair(s.Values))
	case c == "(0,1)" && any && !to10:
		return theory.Fails("a non-terminal (0,1)-position with no move to a (1,0)-position", "miserable", pair(s.Values))
	case c != "(0,1)" && c != "(1,0)" && to01 != to10:
		return theory.Fails("a non-swap position that moves to one kind of swap position only", "miserable", pair(s.Values))
	}
	return theory.Holds()
}

// swapIff tests "x is a (0,1)-position iff in01(x), and a (1,0)-position
// iff in10(x)" in both directions at one position; where, if set, limits
// the positions the statement speaks of.
func swapIff(where, in01, in10 func(p grundy.BigPosition) bool) func(*theory.Site) theory.Verdict {
	return func(s *theory.Site) theory.Verdict {
		p := s.Pos.Big()
		if where != nil && !where(p) {
			return theory.Verdict{}
		}
		c := class(s.Values)
		for _, side := range []struct {
			name string
			in   bool
		}{{"(0,1)", in01(p)}, {"(1,0)", in10(p)}} {
			switch {
			case side.in && c != side.name:
				return theory.Fails("named a "+side.name+"-position but is not (the \"if\" fails)", side.name, pair(s.Values))
			case !side.in && c == side.name:
				return theory.Fails("a "+side.name+"-position the statement does not name (the \"only if\" fails)", "not "+side.name, pair(s.Values))
			}
		}
		return theory.Holds()
	}
}

// tame tests that the position is a (0,1)-, (1,0)- or (t,t)-position.
func tame(s *theory.Site) theory.Verdict {
	if class(s.Values) == "other" {
		return theory.Fails(fmt.Sprintf("a (%d,%d)-position", s.Values.G, s.Values.Gm), "tame", pair(s.Values))
	}
	return theory.Holds()
}

// prop6Claim is Proposition 6, "miserable games are tame", on the games
// Propositions 7, 8 and 12 call miserable.
func prop6Claim() *theory.Claim {
	in := func(game string, piles, max int) theory.Instance {
		return theory.Instance{Game: game, Piles: piles, Max: max}
	}
	return &theory.Claim{
		ID: "000/prop-6", Paper: "000", Ref: "Proposition 6 (Gurvich 2007, 2012), on the games of Propositions 7, 8 and 12",
		Statement: "Miserable games are tame: Moore's NIM_{n,≤k}, Exact NIM_{2k,=k} and Slow Moore's NIM^1_{n,≤k} with k ≥ n − 1 have only (0,1)-, (1,0)- and (t,t)-positions",
		Quote:     "Miserable games are tame.",
		Family:    "moore", Quantity: grundy.QProperty, Support: theory.PaperProof,
		Note: "Checked on the games the paper calls miserable; 000/prop-7.miserable, 000/prop-8.miserable and 000/prop-12.miserable check that they are.",
		Applies: func(r grundy.Ruleset, n int) bool {
			return on("moore", nil)(r, n) || on("exact", func(k, n int) bool { return n == 2*k })(r, n) ||
				on("slow-moore", func(k, n int) bool { return k >= n-1 })(r, n)
		},
		Property: tame,
		Checks: []theory.Instance{in("moore:k=2", 3, 12), in("moore:k=3", 4, 7), in("exact:k=2", 4, 12), in("exact:k=3", 6, 5),
			in("slow-moore:k=2", 3, 24), in("slow-moore:k=3", 4, 12)},
	}
}
