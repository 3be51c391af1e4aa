package grundy

// TwoPile is implemented by rulesets whose moves on two piles (x, y) lie
// on a few lines of the plane: a row or a column, possibly restricted to a
// residue class or a bounded stretch, and the (s,t)-Wythoff two-pile moves
// (diagonals for s = 1, a cone for s > 1). Solvers use it to compute a
// whole box [0,X]×[0,Y] from a few sets per line instead of enumerating
// every option of every position.
//
// The description must be exact: a position's options under TwoPileMoves
// must be exactly its options under Options, for every two-pile position.
type TwoPile interface {
	TwoPileMoves() TwoPileMoves
}

// TwoPileMoves are the moves of a two-pile ruleset.
type TwoPileMoves struct {
	// Single[i] are the moves that take tokens from pile i alone.
	Single [2]PileAmounts
	// LargestOnly allows a single-pile move only from a largest pile
	// (Greedy Nim).
	LargestOnly bool
	// Diagonal are the moves that take from both piles.
	Diagonal DiagonalMoves
}

// PileAmounts are the amounts n ≥ 1 a single-pile move may take:
// n ≡ Residue (mod Modulus), and n ≤ Bound when Bound > 0. A zero Modulus
// means no single-pile move on that pile.
type PileAmounts struct {
	Modulus, Residue int
	Bound            int
}

// Allows reports whether n ≥ 1 tokens may be taken.
func (a PileAmounts) Allows(n int) bool {
	return a.Modulus > 0 && n >= 1 && n%a.Modulus == a.Residue && (a.Bound == 0 || n <= a.Bound)
}

// DiagonalMoves are (s,t)-Wythoff's two-pile moves (002 eq. (1)): k ≥ 1
// tokens from one pile and l ≥ k from the other with l < S·k + T, both
// multiples of K (Γ_K, 002 §1). A zero S means no two-pile move; S and T
// are otherwise at least 1, and K at least 1.
type DiagonalMoves struct {
	S, T, K int
}

// Allows reports whether taking k from one pile and l from the other (in
// either order) is a two-pile move.
func (d DiagonalMoves) Allows(k, l int) bool {
	if k > l {
		k, l = l, k
	}
	return d.S > 0 && k >= 1 && k%d.K == 0 && l%d.K == 0 && l < d.S*k+d.T
}
