// Package greedynim holds the claims of Xu, Zhu, "Bounded Greedy Nim"
// (Discrete Applied Math., 2018; shared/papers/001_6f8a7fa66a40c6d4.txt):
// the P-positions of k-bounded greedy nim (Theorems 2 and 6), the cited
// solutions of k-bounded Nim and Greedy Nim (§3), the worked examples, and
// the winning moves the proofs prescribe.
//
// Positions are sorted ascending, x1 ≤ … ≤ xn as in the paper; a pile of 0
// is the paper's empty heap (§1: (0, x2, …, xn) ≡ (x2, …, xn)), so an n-pile
// box with zeros covers every smaller pile count, and a position of fewer
// than three piles is the paper's position padded with empty heaps.
package greedynim
