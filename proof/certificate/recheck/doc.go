// Package recheck re-verifies an automata certificate written by `grundy
// certify`, on a code path of its own: it reads the Walnut files back
// with its own parser and decides the game conditions with its own small
// product, minimization and breadth-first emptiness search over explicit
// letters. A quantifier ∃y (absorption's "some move into P", the mex's
// "some move to value v", "x has a move") is projected by the subset
// construction, a track at a time, while each projection stays within
// projectMost states; past that it is not determinized: the search
// follows, beside each state of the rest of the condition, the set of the
// product's states some y reaches (existsComp; the on-the-fly inclusion
// test of De Wulf, Doyen, Henzinger and Raskin, CAV 2006), so only the
// sets that occur beside a position the condition is about are built. It imports
// nothing of grundy's automata packages (automata, automatic,
// presburger), only the standard library and internal/memlimit (how much
// memory the process may take, for its bound: Options), so a bug there
// cannot hide itself here; it is slow and simple on purpose.
//
// What it assumes, stated once: the numeration systems are base b
// (msd_b, every digit word valid), Zeckendorf (msd_fib), Tribonacci
// (msd_trib: u_n = u_{n−1} + u_{n−2} + u_{n−3} from 1, 2, 4, the binary
// words without 111) and 002's U
// systems u_n = A·u_{n−1} + B·u_{n−2}, u_0 = 1, u_1 = A + 1 (msd_uA_B),
// whose greedy representations are the words over digits 0..A in which a
// digit A is followed by a digit below B (Zeckendorf is A = B = 1: no two
// adjacent ones); words are read most significant digit first, and
// leading zeros do not change a number (each automaton is checked to
// accept a word iff it accepts it with a leading zero). A custom base's
// file is checked to accept exactly those words.
//
// For a set claim (P, or misère P⁻) with set automaton P over x and move
// automaton M over (x, y), it checks, over valid representations:
//
//   - stability: no x, y with P(x), M(x, y), P(y);
//   - absorption: every x outside P has some y with M(x, y) and P(y) —
//     in misère play, every such x with a move at all;
//   - terminal (misère): no x in P without a move.
//
// Together, in a game whose plays all end, these say P is the set of
// P-positions (P⁻-positions). For a value claim (G, G⁻) with value
// automaton V over (x, g) it checks that V is a function of every
// position, that no move keeps the value and that every smaller value is
// reached by a move (misère: terminal positions have value 1, the others
// the mex).
package recheck
