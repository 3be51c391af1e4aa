// Package games holds the rulesets of the papers in ../shared/papers, one
// family per file, and a registry that parses names such as
// "slow-exact:k=2" or "wythoff-mod:K=3,s=2,t=4".
//
// Papers are cited by their file name in shared/papers:
//
//	000  Gurvich, Ho, "Slow k-Nim" (2015)
//	001  Xu, Zhu, "Bounded Greedy Nim" (2018)
//	002  Li, Liu, Fraenkel, Liu, "Variants of (s,t)-Wythoff's game"
//	003  Gurvich, Maximchuk, Miheenkov, Naumova, "On remoteness functions of
//	     k-NIM with k+1 piles in normal and in misère versions" (2024)
//	004  Chikin, Gurvich, Knop, Paterson, Vyalyi, "More about exact slow
//	     k-Nim" (2021)
package games
