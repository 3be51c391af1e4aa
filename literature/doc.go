// Package literature is grundy's audit beyond the five papers of
// shared/papers: later results on the same games, each paper a folder of
// this directory holding its rule files, its claim file and a README
// that says what of the paper's text could be read and from where.
//
// A folder is named by the paper's id: "arxiv-NNNN.NNNNN" for an arXiv
// paper, "AUTHOR-AUTHOR-YEAR" for one without (duchene-gravier-2009).
// The id is the paper of every claim the folder gives (theory.Claim.Paper)
// and the first part of its claim IDs ("arxiv-2510.11767/g1-large"), so
// `grundy check --all`, `grundy findings` and the web's audit list the
// literature's claims under their own papers, beside 000 … 004. Any
// folder is read: a new paper needs no Go.
//
// A folder holds:
//
//   - README.md: its first line "# TITLE" is the paper's citation
//     (theory.PaperTitles); the rest says what was fetched, from where,
//     and what could not be stated.
//
//   - NAME.rules: rule files (package lang), each added as a ruleset
//     family named by its ruleset line (games.AddFamily), so that claims
//     and every command name it ("wythoff-terminal:k=2").
//
//   - paper.claims: the paper's claims in theory/claimtext's language,
//     each preceded by directive comments "#: KEY VALUE" that claimtext
//     skips and this package reads:
//
//     #: ref Theorem 2           where in the paper (required; no comma)
//     #: quote "…"               the paper's words, as fetched
//     #: support paper-proof     paper-proof, classical, reported or table
//     #: reading-of LABEL: …     a reading of the printed claim LABEL, and how it reads
//     #: weakening-of LABEL: …   a weaker statement than LABEL, and what it gives up
//     #: change …                what a correction ("claim L.fix corrects L:") changed
//     #: refuted X,Y             the smallest counterexample check finds in the default box
//     #: note …                  a remark shown with the claim
//
//     A block of directives followed by no claim line but by
//     "#: unstateable LABEL: CONSTRUCT" or "#: unreached LABEL: WHY" records a
//     result the language cannot state yet (the missing construct) or
//     whose text could not be read (so nothing is stated): such entries are
//     listed (Paper.Unstated) but never checked.
//
// Statements the claim language cannot write because they are not
// Presburger (Wythoff's P-positions, ⌊nφ⌋) are registered in Go in this
// package, under the same paper id (wythoff.go).
package literature
