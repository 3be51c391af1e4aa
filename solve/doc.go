// Package solve holds grundy's exhaustive solvers: [Search], which explores
// the positions reachable from one position, and [SolveBox], which fills a
// [Table] with the values of every position of a box (n piles, each at most
// B) using all cores.
//
// Both evaluate a position only after all of its followers. Every move of
// every ruleset removes at least one token, so positions with fewer tokens
// come first: Search does so depth-first, SolveBox tier by tier (a tier is
// the set of positions with one token sum), in parallel within a tier.
package solve
