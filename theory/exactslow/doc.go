// Package exactslow holds paper 004 as claims: Chikin, Gurvich, Knop,
// Paterson, Vyalyi, "More about exact slow k-Nim", Integers 21 (2021) #G4
// [004_73aab84bb3a12343.txt].
//
// The game Nim^1_{n,=k} is grundy's slow-exact:k=K with n piles; positions
// are sorted, x1 ≤ … ≤ xn, as the paper assumes, and Nim^1_{n,=k}[j] is the
// part with total ≡ j (mod k). Besides the theorems' sets (Theorems 1–2,
// Corollaries 1–2), the package registers the paper's structural
// statements as property claims: the winning moves the proofs of
// Theorems 1 and 2 prescribe (replayed on every N-position of a box),
// Table 1's move effects, Propositions 2–3, the differential coordinates
// (4)–(5), and the terminal positions of Theorem 3's proof.
package exactslow
