// Package remoteness holds the claims of paper 003: Gurvich, Maximchuk,
// Miheenkov, Naumova, "On remoteness functions of k-NIM with k+1 piles in
// normal and in misère versions" (Games 15, 2024),
// shared/papers/003_48cf696553350135.txt.
//
// NIM(n, k) is grundy's slow-exact:k=K with n piles; the paper studies
// n = k+1, where a move keeps one pile and takes a token from every other.
// Positions are sorted, x1 ≤ … ≤ xn. Remoteness conventions agree with
// grundy's: terminal R = 0 in normal play and R⁻ = 1 in misère play.
//
// In §2 "n" is the length of a minimal exception and m ≥ n the number of
// piles of a position (Proposition 1: appending piles ≥ xn keeps an
// exception). Most statements of §2 are reported computations, not
// theorems; each is registered as printed and checked in boxes at least as
// large as the range the paper says it analysed (odd x1 ≤ 17, up to eight
// piles), with every printed table row inside.
package remoteness
