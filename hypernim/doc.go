// Package hypernim studies hypergraph NIM, NIM_H (Boros, Gurvich, Ho,
// Makino and Mursic, arXiv 1701.02819, 1804.01859, 1804.03692; Boros,
// Gurvich, Kitrossky and Makino, arXiv 1903.08138): the piles are the
// vertices 1..n of a hypergraph H, and a move picks an edge of H and
// strictly decreases every pile of it.
//
// It enumerates hypergraphs up to isomorphism ([Enumerate]), solves
// NIM_H on a box ([Solve]) and decides on that box the two properties the
// papers classify:
//
//   - "JM": the Sprague–Grundy function equals the Jenkyns–Mayberry
//     formula ([JM]), which Jenkyns and Mayberry (1980) proved for
//     Moore's NIM with k = n−1 (every proper nonempty subset an edge);
//   - "Tetris": NIM_H is SG decreasing, every move lowers the SG value
//     (arXiv 1701.02819's definition), equivalently SG(x) is the length
//     of the longest play from x.
//
// A hypergraph here is a set of nonempty edges covering every vertex, as
// the papers assume (arXiv 1804.01859 §1: every move decreases some pile,
// and no pile is out of every edge); singletons are edges like any other
// (classical NIM is H = {{1},…,{n}}).
//
// A verdict on a box is exhaustive on that box only: "holds" means no
// position of the box contradicts it, never a proof for all positions.
package hypernim
