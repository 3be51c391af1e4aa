// Package octal computes the Sprague–Grundy sequences of take-and-break
// games on heaps: the octal and hexadecimal games of Winning Ways
// (Berlekamp, Conway, Guy, ch. 4) and Guy & Smith, "The G-values of
// various games" (Proc. Cambridge Philos. Soc. 52, 1956), and two games
// the codes cannot write with finitely many digits, Lasker's Nim and
// Grundy's game.
//
// A Game says, for each number k of tokens removed from one heap, into how
// many nonempty heaps the rest may be left (0, 1, 2 or 3): that is what a
// code digit holds, so a code compiles to a Game and so may any other
// front end (a rule construct `octal 0.137`). A position of several heaps
// has the nim-sum of its heaps' values (Sprague–Grundy), so one sequence
// G(0), G(1), … answers every position.
//
// Solve computes the sequence by the mex over options; for games whose
// breaking leaves at most two heaps it uses the sparse-space (rare-value)
// method of Gangolli & Plambeck (1989) and Flammenkamp, which is exact for
// any choice of the sparse class and only faster when the class is rare.
// Period finds an eventual period and says whether the periodicity
// theorem proves it (see Period).
package octal
