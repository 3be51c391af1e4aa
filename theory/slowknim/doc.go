// Package slowknim holds the claims of paper 000 of shared/papers:
// V. Gurvich, N. B. Ho, "Slow k-Nim" (2015) — its survey of Nim, Moore's
// k-Nim, Exco-Nim and Exact k-Nim (§1), and its own results on Slow
// Moore's k-Nim NIM^1_{n,≤k} (§3) and Slow Exact k-Nim NIM^1_{n,=k} (§4),
// in normal and misère play.
//
// Every statement is registered as the paper prints it, read as literally
// as the OCR allows. Where the OCR is ambiguous a reading is a claim of
// its own (ID.reading-…); where the printed statement is false and a
// changed one holds, the change is a claim ID.corrected that says what it
// changed. Structural statements — "miserable", every "if and only if" —
// are property claims checked position by position over a solved box.
//
// Positions are sorted ascending, x1 ≤ … ≤ xn, as the paper assumes; in
// the formulas pile xi is formula.X(i−1).
package slowknim
