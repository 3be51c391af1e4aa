//go:build cgo && unix

package main

// Two mistakes in how grundy is started happen before Go's runtime runs
// any Go code, so only C run first (a constructor, before the runtime
// starts) can see them:
//
//   - A bad GOMEMLIMIT: the runtime reads it at start and dies with a
//     "fatal error" and a goroutine dump. It is checked here with the
//     runtime's own grammar (runtime.parseByteCount) and refused in one
//     line, exit status 2, as bad input is.
//   - A closed standard output (`grundy value nim 1,2 >&-`): the runtime
//     opens /dev/null on a closed descriptor 0, 1 or 2, so every write
//     succeeds and grundy exited 0 having written nothing. That the
//     descriptor was closed is recorded here, and main makes writes to
//     standard output fail.

/*
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int grundy_stdout_closed;

// grundy_atoi64 is strconv.ParseInt(s, 10, 64) as the runtime calls it:
// an optional sign, then decimal digits, within int64; 0 on failure.
static int grundy_atoi64(const char *s, size_t n, int64_t *out) {
	if (n == 0) return 0;
	int neg = 0;
	if (s[0] == '-' || s[0] == '+') { neg = s[0] == '-'; s++; n--; }
	if (n == 0) return 0;
	uint64_t un = 0;
	const uint64_t max = (uint64_t)INT64_MAX;
	for (size_t i = 0; i < n; i++) {
		char c = s[i];
		if (c < '0' || c > '9') return 0;
		if (un > max / 10) return 0;
		un *= 10;
		uint64_t un1 = un + (uint64_t)(c - '0');
		if (un1 < un) return 0;
		un = un1;
	}
	if (!neg && un > max) return 0;
	if (neg && un > max + 1) return 0;
	*out = neg ? (int64_t)(0 - un) : (int64_t)un;
	return 1;
}

// grundy_byte_count_ok is the runtime's parseByteCount: digits with an
// optional B, KiB, MiB, GiB or TiB, not negative, within int64.
int grundy_byte_count_ok(const char *s) {
	size_t n = strlen(s);
	if (n == 0) return 0;
	char last = s[n - 1];
	int64_t v;
	if (last >= '0' && last <= '9') return grundy_atoi64(s, n, &v) && v >= 0;
	if (last != 'B' || n < 2) return 0;
	char c = s[n - 2];
	if (c >= '0' && c <= '9') return grundy_atoi64(s, n - 1, &v) && v >= 0;
	if (c != 'i' || n < 4) return 0;
	int power;
	switch (s[n - 3]) {
	case 'K': power = 1; break;
	case 'M': power = 2; break;
	case 'G': power = 3; break;
	case 'T': power = 4; break;
	default: return 0;
	}
	uint64_t m = 1;
	for (int i = 0; i < power; i++) m *= 1024;
	if (!grundy_atoi64(s, n - 3, &v) || v < 0) return 0;
	return (uint64_t)v <= (uint64_t)INT64_MAX / m;
}

static void grundy_say(const char *s) {
	size_t n = strlen(s);
	while (n > 0) {
		ssize_t w = write(2, s, n);
		if (w <= 0) return;
		s += w;
		n -= (size_t)w;
	}
}

__attribute__((constructor)) static void grundy_preinit(void) {
	if (fcntl(1, F_GETFD) < 0 && errno == EBADF) grundy_stdout_closed = 1;
	const char *m = getenv("GOMEMLIMIT");
	if (m != NULL && m[0] != 0 && strcmp(m, "off") != 0 && !grundy_byte_count_ok(m)) {
		grundy_say("grundy: GOMEMLIMIT=");
		grundy_say(m);
		grundy_say(": give bytes such as 4GiB, 512MiB or 1000000, or off (see go doc runtime/debug.SetMemoryLimit)\n");
		_exit(2);
	}
}
*/
import "C"

import "unsafe"

// stdoutClosed reports whether standard output was closed when grundy
// started.
func stdoutClosed() bool { return C.grundy_stdout_closed != 0 }

// byteCountOK reports whether GOMEMLIMIT=s is one the runtime accepts.
func byteCountOK(s string) bool {
	cs := C.CString(s)
	defer C.free(unsafe.Pointer(cs))
	return C.grundy_byte_count_ok(cs) != 0
}
