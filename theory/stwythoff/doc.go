// Package stwythoff holds the claims of Li, Liu, Fraenkel, Liu, "Variants
// of (s,t)-Wythoff's game" (shared/papers/002_df95087f7a74434a.txt):
// (s,t)-Wythoff (eq. (2)) and its modular restriction Γ_K (wythoff-mod,
// Theorems 3–8), the rook-type restrictions Γ_OA, Γ_OO, Γ_OE and Γ_EO
// (Theorems 9–16, Remark 1), the printed tables and examples, and the
// winning moves the proofs prescribe.
//
// Positions of Γ_K and Γ_OO are sorted pairs (a ≤ b), as in 002 §2; those
// of Γ_OA, Γ_OE and Γ_EO are ordered (first pile, second pile).
package stwythoff
