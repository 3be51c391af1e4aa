// Package search finds closed-form descriptions of a ruleset's
// P-positions (normal or misère play) or Sprague–Grundy values from an
// exhaustive box, checks them on a larger box, and proves them for every
// position with package smt.
//
// # What it looks for
//
// A description is a Boolean combination of atoms, each a statement about
// one linear form L(x) = c1·x1 + … + cn·xn of the canonical (for
// symmetric rulesets: sorted ascending) piles — Presburger formulas of
// the shapes the papers use:
//
//   - parities of sums of piles, "x1 + x3 even" (every subset of piles up
//     to 7 piles): the parity-vector tables of 000 Propositions 10–11 and
//     004 Theorem 1, whose sets are affine subspaces of GF(2)ⁿ;
//   - residues mod m, 3 ≤ m ≤ MaxMod, of single piles, of differences of
//     two piles and of the total ("x2 − x1 ≡ 0 (mod 3)": 001 Theorem 2);
//   - small values and coincidences: x_i = c, x_j − x_i = c;
//   - signs of linear forms with coefficients in {−1, 0, 1} of the sorted
//     piles, L > 0 and L = 0 (004 Theorem 2's s, Corollary 2's T′);
//   - for two piles, lines p·y − q·x = c through at least four target
//     positions of the box (002's rays (a0 + p·n, b0 + q·n)), found from
//     the data.
//
// Periodicity along a pile with a preperiod is the residue atoms combined
// with the x_i = c atoms. Beatty-type sets such as Wythoff's
// {(⌊nφ⌋, ⌊nφ²⌋)} are not Presburger-definable, and no finite combination
// of these atoms describes them: for such games discover reports that no
// formula of the size bound fits, which is the honest answer.
//
// # How it searches
//
// The target (membership in the P-set, or the value) must be a function of
// the atoms chosen. Atoms are added greedily, each time the one that most
// reduces the number of conflicting pairs — two positions alike on every
// chosen atom but with different targets (the Gini impurity of the
// partition, which, unlike a majority-vote error, sees progress towards a
// set as rare as the P-positions), up to six atoms beyond the bound; then
// atoms whose removal keeps the target a function are dropped, and the
// choice counts only if it is within the bound. When that fails, two more
// families are tried, each followed by a fresh greedy choice: the
// combinations L1 + c·L2 + d (c ∈ {±1, ±2}, |d| ≤ 1) of the linear forms
// the failed choice used — 004 Theorem 2's u = s − 2r + 1 is found so —
// and up to Invent atoms with coefficients in [−4, 4] found by hill
// climbing from the best sign atoms. The search scores atoms on a sample of
// the box (every position with small piles, and a seeded random sample),
// then checks the whole box and adds the positions it gets wrong to the
// sample, until the whole box agrees or the atom budget (MaxAtoms) is
// spent. The function on the cells of the chosen atoms becomes a formula:
// for a set, the shorter of a minimal DNF of the cells in the set and the
// negation of one of the cells outside (Quine–McCluskey with the cells
// never seen in the box as don't-cares); for values, an if-then-else chain
// of such DNFs, one per value.
//
// Rulesets whose moves remove exactly k tokens (slow-exact) keep the total
// mod k: each residue class is a game of its own (004's Nim[j]), and each
// is fitted and proved as its own part, restricted to that class.
//
// # Validation and proof
//
// A fitted formula is checked on every position of a larger box
// (ValidateMax), reporting the first disagreement by token sum. It is then
// proved for every position with prove's obligations (stability and
// absorption for sets, the mex conditions for values), written as an
// if-then-else on the parity atom it tests most — the same function, which
// prove splits into one problem per case, each decided faster than the
// whole; when the solver
// finds a confirmed counterexample, that position joins the data and the
// fit starts again (counterexample-guided), within a time budget.
//
// The result is self-contained (ruleset, piles, quantity, formula in a
// parseable text form, status, proof record) and can be kept in a ledger
// of discoveries (package discovered).
package search
