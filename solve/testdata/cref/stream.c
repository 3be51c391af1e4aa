/*
 * A STREAM-like memory bandwidth probe, a measurement tool only (not part
 * of grundy's build): for BENCHMARKS.md's profile of the slow-nim box
 * solver, what rate this machine moves bytes between memory and one or
 * more cores. Arrays of MiB each (default 256, far above the caches), T
 * threads (default 1), each on its own slice; the best of REPS passes of
 * each kernel, counted as STREAM counts them (bytes read + bytes written,
 * no write-allocate traffic):
 *   read   s += a[i]            8 bytes an element
 *   write  a[i] = x             8
 *   copy   c[i] = a[i]         16
 *   triad  a[i] = b[i] + q*c[i] 24
 *
 *   cc -O2 -pthread -o stream stream.c && ./stream 256 1 && ./stream 256 2
 */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double *a, *b, *c;
static size_t n;
static int threads, kernel;
static volatile double sink;

static double now(void) {
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec + 1e-9 * t.tv_nsec;
}

static void *work(void *arg) {
	size_t id = (size_t)arg, lo = n * id / threads, hi = n * (id + 1) / threads;
	double s = 0, q = 3.0;
	switch (kernel) {
	case 0: {
		/* Integer sums in four chains: a floating-point sum would be
		 * bound by the adder's latency, not by memory. */
		const uint64_t *w = (const uint64_t *)a;
		uint64_t s0 = 0, s1 = 0, s2 = 0, s3 = 0;
		size_t i = lo;
		for (; i + 4 <= hi; i += 4) s0 += w[i], s1 += w[i + 1], s2 += w[i + 2], s3 += w[i + 3];
		for (; i < hi; i++) s0 += w[i];
		s = (double)(s0 + s1 + s2 + s3);
		break;
	}
	case 1:
		for (size_t i = lo; i < hi; i++) a[i] = 1.5;
		break;
	case 2:
		for (size_t i = lo; i < hi; i++) c[i] = a[i];
		break;
	case 3:
		for (size_t i = lo; i < hi; i++) a[i] = b[i] + q * c[i];
		break;
	}
	sink += s;
	return NULL;
}

int main(int argc, char **argv) {
	size_t mib = argc > 1 ? atoi(argv[1]) : 256;
	threads = argc > 2 ? atoi(argv[2]) : 1;
	int reps = argc > 3 ? atoi(argv[3]) : 5;
	n = mib * 1024 * 1024 / sizeof(double);
	a = malloc(n * sizeof(double));
	b = malloc(n * sizeof(double));
	c = malloc(n * sizeof(double));
	for (size_t i = 0; i < n; i++) a[i] = 1, b[i] = 2, c[i] = 0;
	const char *name[] = {"read", "write", "copy", "triad"};
	const int bytes[] = {8, 8, 16, 24};
	for (kernel = 0; kernel < 4; kernel++) {
		double best = 1e30;
		for (int r = 0; r < reps; r++) {
			pthread_t t[64];
			double t0 = now();
			for (int i = 0; i < threads; i++) pthread_create(&t[i], NULL, work, (void *)(size_t)i);
			for (int i = 0; i < threads; i++) pthread_join(t[i], NULL);
			double dt = now() - t0;
			if (dt < best) best = dt;
		}
		printf("%-5s %2d thread(s) %4zu MiB arrays: %6.2f GB/s\n", name[kernel], threads, mib,
		       (double)n * bytes[kernel] / best / 1e9);
	}
	return 0;
}
