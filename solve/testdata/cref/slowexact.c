/*
 * A tight single-threaded reference solver, a measurement tool only (not
 * part of grundy's build): G and G- of slow exact k-Nim with N sorted piles
 * each <= B, the whole box in memory, positions ranked by the
 * combinatorial number system (rank = sum C(a_i + i, i + 1) over the
 * sorted piles), followers found by subtracting binomials, positions
 * visited in rank order (every follower has a smaller rank). Prints the
 * number of positions and of P-positions in normal and misere play.
 *
 *   cc -O2 -o slowexact slowexact.c && ./slowexact 6 40 2
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define MAXN 8
static uint64_t C[256][MAXN + 2];
static int N, B, K;
static uint8_t *g, *gm;
static int a[MAXN];
static uint64_t cnt, P, Pm;

/* Choose K distinct non-empty piles to lower, the first of each run of
 * equal piles (lowering the first d piles of a run keeps a sorted). */
static uint64_t seen, seenm;
static void choose(int i, int left, uint64_t r) {
	if (left == 0) {
		seen |= 1ull << g[r];
		seenm |= 1ull << gm[r];
		return;
	}
	for (int j = i; j < N; j++) {
		/* Lower j only if it starts a run, or continues the lowered
		 * prefix of its run (j == i right after lowering j-1). */
		if (a[j] == 0 || (j > 0 && a[j - 1] == a[j] && j != i)) continue;
		if (j > 0 && j == i && a[j - 1] == a[j]) continue; /* j-1 kept */
		uint64_t delta = C[a[j] - 1 + j][j]; /* rank drop: C(a+j, j+1) - C(a-1+j, j+1) */
		a[j]--;
		choose(j + 1, left - 1, r - delta);
		a[j]++;
	}
}

int main(int argc, char **argv) {
	N = argc > 1 ? atoi(argv[1]) : 6;
	B = argc > 2 ? atoi(argv[2]) : 40;
	K = argc > 3 ? atoi(argv[3]) : 2;
	for (int n = 0; n < 256; n++) {
		C[n][0] = 1;
		for (int k = 1; k <= MAXN + 1; k++) C[n][k] = n ? C[n - 1][k - 1] + C[n - 1][k] : 0;
	}
	uint64_t size = C[B + N][N];
	g = malloc(size);
	gm = malloc(size);
	struct timespec t0, t1;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (int i = 0; i < N; i++) a[i] = 0;
	for (uint64_t r = 0; r < size; r++) {
		seen = seenm = 0;
		int nonzero = 0;
		for (int i = 0; i < N; i++) nonzero += a[i] > 0;
		if (nonzero >= K) choose(0, K, r);
		if (nonzero < K) {
			g[r] = 0;
			gm[r] = 1;
		} else {
			g[r] = __builtin_ctzll(~seen);
			gm[r] = __builtin_ctzll(~seenm);
		}
		cnt++;
		P += g[r] == 0;
		Pm += gm[r] == 0;
		/* next sorted tuple in colex order */
		int i = 0;
		while (i < N - 1 && a[i] == a[i + 1]) i++;
		if (i == N - 1 && a[i] == B) break;
		a[i]++;
		for (int j = 0; j < i; j++) a[j] = 0;
	}
	clock_gettime(CLOCK_MONOTONIC, &t1);
	printf("positions %llu P %llu Pm %llu seconds %.3f\n", (unsigned long long)cnt,
	       (unsigned long long)P, (unsigned long long)Pm,
	       (t1.tv_sec - t0.tv_sec) + 1e-9 * (t1.tv_nsec - t0.tv_nsec));
	return 0;
}
