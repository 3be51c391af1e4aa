package cluster

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"net"
	"net/http"
	"strings"

	"gocloud.dev/gcerrors"
)

// A Fault is why a store request failed, as far as the error tells: what
// an operator must fix (credentials, a certificate, the bucket, the URL)
// apart from what passes by itself (an outage, a hung connection), so
// that the first is reported at once and only the second is retried.
type Fault int

const (
	// FaultOther is an error the store's client did not explain.
	FaultOther Fault = iota
	// FaultUnreachable: no answer (connection refused or reset, a
	// timeout, a name that does not resolve, a 5xx or throttling).
	FaultUnreachable
	// FaultStall: the store accepted the request and then sent or took
	// nothing for Store.Stall.
	FaultStall
	// FaultDenied: the store refused the credentials or the request
	// (HTTP 401 or 403: a wrong or expired key, a missing permission).
	FaultDenied
	// FaultNoBucket: the bucket does not exist.
	FaultNoBucket
	// FaultTLS: the TLS handshake failed (a certificate not trusted or
	// for another name), or one side speaks TLS and the other does not.
	FaultTLS
	// FaultChunked: the store kept the S3 client's aws-chunked framing
	// as the object's bytes (see ErrChunked).
	FaultChunked
	// FaultDamaged: an object is missing or does not match its
	// manifest (ErrCorrupt, ErrMissing).
	FaultDamaged
)

var faultNames = [...]string{"other", "unreachable", "stall", "denied", "no_bucket", "tls", "chunked", "damaged"}

// String is the fault's name, as metrics label it.
func (f Fault) String() string {
	if f < 0 || int(f) >= len(faultNames) {
		return "other"
	}
	return faultNames[f]
}

// Retryable reports whether retrying the request may succeed without an
// operator: an outage or a stall. Others fail the solve at once.
func (f Fault) Retryable() bool {
	return f == FaultUnreachable || f == FaultStall || f == FaultOther
}

// Words is what the fault means to an operator, and what to do.
func (f Fault) Words() string {
	switch f {
	case FaultUnreachable:
		return "store unreachable"
	case FaultStall:
		return "store stalled"
	case FaultDenied:
		return "store denied access (check AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, and the key's permissions on the bucket)"
	case FaultNoBucket:
		return "no such bucket (check the bucket name and region= in the store URL)"
	case FaultTLS:
		return "TLS with the store failed (an https:// endpoint needs a certificate this machine trusts: set AWS_CA_BUNDLE to its CA; http:// and https:// must match what the store speaks)"
	case FaultChunked:
		return "the store does not decode the S3 client's chunked uploads (add request_checksum_calculation=when_required to the store URL)"
	case FaultDamaged:
		return "stored object damaged"
	}
	return "store request failed"
}

// ErrChunked is wrapped by the error for a store that keeps the framing
// of the S3 client's chunked uploads (Content-Encoding: aws-chunked, sent
// with a trailing checksum by default) as the object's bytes: some
// S3-compatible stores do not decode it. Every object would then read
// back longer than it was written.
var ErrChunked = errors.New("store keeps aws-chunked framing in objects")

// ErrMissing is wrapped by the error for a committed object that the
// store no longer has: the tier must be recomputed (repair), as for a
// corrupt one, but the object is gone rather than changed.
var ErrMissing = errors.New("committed object missing")

// Classify tells what fault err is, from the store client's error codes,
// HTTP status and the TLS and network errors it wraps.
func Classify(err error) Fault {
	if err == nil {
		return FaultOther
	}
	switch {
	case errors.Is(err, ErrChunked):
		return FaultChunked
	case errors.Is(err, ErrCorrupt), errors.Is(err, ErrMissing):
		return FaultDamaged
	case errors.Is(err, errStalled):
		return FaultStall
	}
	var code interface{ ErrorCode() string }
	if errors.As(err, &code) {
		switch code.ErrorCode() {
		case "NoSuchBucket":
			return FaultNoBucket
		case "InvalidAccessKeyId", "SignatureDoesNotMatch", "AccessDenied", "Forbidden", "ExpiredToken",
			"InvalidToken", "TokenRefreshRequired", "AuthorizationHeaderMalformed", "InvalidClientTokenId", "AllAccessDisabled":
			return FaultDenied
		case "SlowDown", "ServiceUnavailable", "InternalError", "RequestTimeout", "Throttling", "RequestTimeTooSkewed":
			return FaultUnreachable
		}
	}
	if isTLS(err) {
		return FaultTLS
	}
	var status interface{ HTTPStatusCode() int }
	if errors.As(err, &status) {
		switch c := status.HTTPStatusCode(); {
		case c == http.StatusUnauthorized || c == http.StatusForbidden:
			return FaultDenied
		case c >= 500 || c == http.StatusTooManyRequests || c == http.StatusRequestTimeout:
			return FaultUnreachable
		}
	}
	if gcerrors.Code(err) == gcerrors.PermissionDenied {
		return FaultDenied
	}
	var ne net.Error
	var oe *net.OpError
	var de *net.DNSError
	if errors.As(err, &ne) || errors.As(err, &oe) || errors.As(err, &de) || errors.Is(err, context.DeadlineExceeded) ||
		strings.Contains(err.Error(), "connection reset") || strings.Contains(err.Error(), "EOF") {
		return FaultUnreachable
	}
	return FaultOther
}

// isTLS reports whether err is a failed TLS handshake, or a TLS client
// answered in plain HTTP.
func isTLS(err error) bool {
	var ua x509.UnknownAuthorityError
	var hn x509.HostnameError
	var ci x509.CertificateInvalidError
	var rh tls.RecordHeaderError
	var ve *tls.CertificateVerificationError
	var ae tls.AlertError
	if errors.As(err, &ua) || errors.As(err, &hn) || errors.As(err, &ci) || errors.As(err, &rh) || errors.As(err, &ve) || errors.As(err, &ae) {
		return true
	}
	// net/http words a plaintext answer to a TLS client, and the errors
	// above, as text only once the S3 client has wrapped them.
	msg := err.Error()
	for _, s := range []string{"server gave HTTP response to HTTPS client", "x509: ", "tls: ", "Client sent an HTTP request to an HTTPS server"} {
		if strings.Contains(msg, s) {
			return true
		}
	}
	return false
}

// A StoreError is a failed store request with its fault.
type StoreError struct {
	Fault Fault
	URL   string
	Err   error
}

// Error says the fault in words first and then the client's error, on
// one line and shortened: an S3 client's error repeats the request's
// whole URL and retry history.
func (e *StoreError) Error() string {
	return e.Fault.Words() + ": " + Shorten(oneLine(e.Err), 300)
}

func (e *StoreError) Unwrap() error { return e.Err }

// Explain wraps err in a *StoreError with its fault, unless it is nil or
// one already, or a damaged object (whose error names the object).
func (st *Store) Explain(err error) error {
	if err == nil {
		return nil
	}
	var se *StoreError
	if errors.As(err, &se) {
		return err
	}
	f := Classify(err)
	if f == FaultDamaged {
		return err
	}
	return &StoreError{Fault: f, URL: st.URL, Err: err}
}

// Shorten cuts s to about n bytes, keeping its start and end.
func Shorten(s string, n int) string {
	if len(s) <= n {
		return s
	}
	head, tail := n*2/3, n/3
	return strings.ToValidUTF8(s[:head], "") + " … " + strings.ToValidUTF8(s[len(s)-tail:], "")
}
