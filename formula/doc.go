// Package formula holds closed forms written once as small expression
// trees over pile variables — Presburger arithmetic: +, −, multiplication
// by constants, div and mod by positive constants, min, max, if-then-else,
// comparisons and Boolean connectives. The same tree is evaluated on
// integers of any size (for `grundy value` and `grundy check`) and
// translated for an SMT solver (for `grundy prove`), so both use one
// definition.
//
// Division and remainder are Euclidean, as in SMT-LIB: for k > 0,
// x = k·div(x,k) + mod(x,k) with 0 ≤ mod(x,k) < k.
package formula
