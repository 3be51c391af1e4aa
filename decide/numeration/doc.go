// Package numeration is a small decision procedure for automatic structures:
// deterministic finite automata reading k-tuples of digits, most
// significant digit first, in a numeration system — base b, or a linear
// numeration system with greedy representations (Zeckendorf's, and the
// systems U of Li, Liu, Fraenkel, Liu, "Variants of (s,t)-Wythoff's game",
// shared/papers/002, §3 after Corollary 5) — with the Boolean operations,
// projection (∃), minimization and equality, and the arithmetic that makes
// first-order statements about the integers decidable: addition x + y = z
// and comparison x < y, built for each system and tested against math/big.
//
// Conventions, stated once:
//
//   - A letter of a k-track automaton over digits 0..d−1 is the integer
//     Σ digit_i·d^i, track 0 least significant in the letter (not in the
//     number). Digits of a number are read most significant first.
//   - Tuples are written with their representations padded with leading
//     zeros to a common length; every automaton this package builds is
//     zero-closed: it accepts w iff it accepts 0w, so the padding never
//     matters. Projection keeps this property by closing its start set
//     under leading zero letters (a witness may be longer than the tuple
//     it witnesses for).
//   - A DFA is complete (every state has every transition; a dead state
//     absorbs the rest) and starts in state 0.
//   - A [Rel] is a relation over named integer variables: a DFA whose track
//     i reads variable Vars[i], accepting only tuples of valid (greedy)
//     representations. And, Or, Not, Exists build first-order formulas;
//     a formula with no free variable is decided by its start state.
//
// A ∀∃ statement ∀x: a(x) → ∃y: b(x, y) — the absorption condition of a
// P-set — is decided without building ∃y: b (IncludedInProjection):
// pairs of a state of a and a subset of b's states, only those reachable
// together, breadth-first to the first counterexample.
//
// Letters are dense (Digits^Tracks transitions a state) in a DFA. From
// 256 letters up, conjunctions, disjunctions, projections and the ∀∃
// test's successor sets are built on a layered automaton instead, which
// reads a letter one track at a time with the nodes of each layer shared
// (the serialized-tracks automaton; MONA's shared BDDs): a Wythoff move
// relation over U(3,3) has 1,296 letters at four tracks and 7,776 at five.
// Only the minimal result is made dense again, so every DFA a caller sees,
// and every canonical form, is the one the dense constructions give
// (TestLayeredAgainstDense).
//
// This is the construction Walnut (Mousavi, Shallit) implements; the adder
// for linear systems follows Frougny's normalization argument: reading
// e_i = x_i + y_i − z_i from the left, the remaining obligation
// Σ_{i<m} e_i u_i = −(c1·u_m + c0·u_{m−1}) is carried as (c1, c0), and only
// finitely many carries can still reach zero when the dominant root of the
// recurrence is a Pisot number, which holds for every u_n = a·u_{n−1} +
// b·u_{n−2} with 1 ≤ b ≤ a.
package numeration
