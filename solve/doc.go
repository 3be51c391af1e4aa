// Package solve holds grundy's exhaustive solvers: [Search], which explores
// the positions reachable from one position, [SolveBox], which fills a
// [Table] with the values of every position of a box (n piles, each at most
// B) using all cores, and [SolveTiers], which computes the same box tier by
// tier and hands each finished [Tier] to a consumer, holding in memory only
// the tiers later ones still need.
//
// All evaluate a position only after all of its followers. Every move of
// every ruleset removes at least one token, so positions with fewer tokens
// come first: Search does so depth-first, the box solvers tier by tier (a
// tier is the set of positions with one token sum), in parallel within a
// tier. A [TierIndex] numbers a box's positions tier by tier, so that a
// tier's followers lie in a few recent tiers (in the slow games, the k
// tiers below): that keeps them in cache, lets a box larger than memory be
// solved, and fixes the order of the reproducible [Checksum].
//
// Two-pile rulesets whose moves lie on lines ([grundy.TwoPile]: the Wythoff
// family, Bounded and Greedy Nim) are solved without listing options by
// [SolveTwoPile], column by column, keeping per row, column and diagonal
// the set of values seen; SolveBox takes that path for their two-pile boxes
// (BoxSpec.Generic forces the generic one, the baseline of its tests).
package solve
