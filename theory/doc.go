// Package theory holds the literature as code: every closed form, theorem
// and printed table of the papers in shared/papers is one [Claim] with a
// stable ID (e.g. "000/prop-11.4", "002/thm-14", "002/table-5"), its
// citation, the ruleset and parameter domain it speaks of, what it claims
// and an evaluator that works on positions of any size. [Check] re-checks a
// claim against the exhaustive box solver; [Answer] gives what proved
// claims say of a position beyond exhaustive search.
//
// Each paper lives in a package of its own (theory/slowknim, …) exporting Claims();
// papers not yet moved register their claims here from init.
// Where a closed form is Presburger-expressible it is written once as a
// formula (package formula) and both evaluated here and proved by
// `grundy prove`; mex recursions, numeration systems and the tetris
// function stay Go code.
package theory
