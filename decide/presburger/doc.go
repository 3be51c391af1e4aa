// Package presburger decides Presburger arithmetic — the first-order theory
// of the integers with addition, order and constants, with div and mod by
// constants — by finite automata over base 2, in pure Go. It reads the
// SMT-LIB 2 problems grundy's prover writes (package smt) and answers
// sat (with a model), unsat, or unknown when a limit is met, so `grundy
// prove` needs no external solver.
//
// Conventions, stated once:
//
//   - A tuple of integers (v_1, …, v_k) is written as a word of rounds,
//     most significant first: the first round holds the sign bit of every
//     variable (two's complement), each later round one bit of every
//     variable. A word of R rounds gives v = −s·2^(R−1) + Σ b_r·2^(R−1−r).
//     Every tuple has infinitely many words: repeating the first round
//     (sign extension) keeps the value.
//   - Rounds are read one bit at a time, variable by variable in the
//     order of their numbers (as a BDD reads its variables): a state has
//     a level, the index of the variable it reads next, and a round ends
//     back at level 0. So k variables cost k binary steps a round, not a
//     letter of 2^k — the automaton's size follows its structure.
//   - State 0 is the start; nothing leads back to it, and it accepts
//     nothing (the empty word is no tuple). Acceptance is read at level-0
//     states only.
//   - Every automaton accepts a word iff it accepts the word with its first
//     round repeated. Projection keeps this by saturating its first round
//     (a witness may need more bits than the tuple it witnesses for).
//
// The atoms are linear: Σ a_i x_i ≤ c, = c and ≡ c (mod m), each an
// automaton whose state is the value read so far (bounded: beyond
// |c| + Σ|a_i| the outcome is fixed). ∧, ∨ are products built from the
// start state on the fly, ¬ flips acceptance, ∃ is projection with a
// subset construction, ∀ is ¬∃¬; each result is minimized. Quantifiers
// are pushed down as far as the formula allows (miniscoping), so a
// variable is projected where it is last used. Div and mod by constants
// become fresh variables q with k·q ≤ t < k·q + k, projected at their atom.
// This is Büchi's construction as in Boudet and Comon (1996) and Wolper
// and Boigelot (1995), with MONA's bit-by-bit reading of tracks.
//
// Work is bounded: a Budget caps the states any automaton may reach (each
// costs about BytesPerState bytes), a thread's CPU time, and a context;
// a problem over it is undecided, never guessed.
package presburger
