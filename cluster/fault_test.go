package cluster

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"errors"
	"math/big"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/grundy/grundy/cluster/s3fake"
	"github.com/grundy/grundy/solve"
)

// s3Server serves an S3 fake holding bucket grundy that accepts only the
// access key grundy, over TLS when tls is set (with httptest's
// certificate, which TestMain makes this process trust through
// AWS_CA_BUNDLE), and returns its URL.
func s3Server(t *testing.T, tls bool) string {
	t.Helper()
	h, err := s3fake.New(s3fake.Options{Buckets: []string{"grundy"}, AccessKey: "grundy"})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewUnstartedServer(h)
	if tls {
		srv.StartTLS()
	} else {
		srv.Start()
	}
	t.Cleanup(srv.Close)
	return srv.URL
}

// s3URL is the store URL of the bucket grundy at endpoint.
func s3URL(endpoint, extra string) string {
	return "s3://grundy?endpoint=" + endpoint + "&use_path_style=true&region=us-east-1&prefix=jobs/a/" + extra
}

// untrustedTLS serves the same fake over TLS with a self-signed
// certificate no one trusts.
func untrustedTLS(t *testing.T) string {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "untrusted"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour),
		IPAddresses: []net.IP{net.IPv4(127, 0, 0, 1)}, DNSNames: []string{"localhost"}}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	h, _ := s3fake.New(s3fake.Options{Buckets: []string{"grundy"}})
	srv := httptest.NewUnstartedServer(h)
	srv.TLS = &tls.Config{Certificates: []tls.Certificate{{Certificate: [][]byte{der}, PrivateKey: key}}}
	srv.StartTLS()
	t.Cleanup(srv.Close)
	return srv.URL
}

// trustTestCA writes httptest's certificate, which every
// httptest.NewTLSServer presents, to a file and returns its path.
func trustTestCA() (string, error) {
	srv := httptest.NewTLSServer(http.NotFoundHandler())
	defer srv.Close()
	f, err := os.CreateTemp("", "grundy-test-ca-*.pem")
	if err != nil {
		return "", err
	}
	defer f.Close()
	return f.Name(), pem.Encode(f, &pem.Block{Type: "CERTIFICATE", Bytes: srv.Certificate().Raw})
}

// TestStoreFaults: what retrying cannot fix (a wrong key, a missing
// bucket, TLS that does not match or is not trusted, a store that keeps
// chunked uploads' framing) is told from an outage, worded, and found
// by the probes within seconds, each in one line.
func TestStoreFaults(t *testing.T) {
	t.Parallel()
	plain, tlsURL := s3Server(t, false), s3Server(t, true)
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	closed := "http://" + l.Addr().String()
	l.Close()
	for _, c := range []struct {
		name, url string
		write     bool // ProbeWrite, else Probe
		want      Fault
		words     string
	}{
		{"closed port", s3URL(closed, ""), false, FaultUnreachable, "unreachable"},
		{"missing bucket", strings.Replace(s3URL(plain, ""), "s3://grundy?", "s3://other?", 1), false, FaultNoBucket, "no such bucket"},
		{"https to a plain store", s3URL(strings.Replace(plain, "http:", "https:", 1), ""), false, FaultTLS, "TLS"},
		{"http to a TLS store", s3URL(strings.Replace(tlsURL, "https:", "http:", 1), ""), false, FaultTLS, "TLS"},
		{"untrusted certificate", s3URL(untrustedTLS(t), ""), false, FaultTLS, "AWS_CA_BUNDLE"},
		{"chunked upload kept framed", s3URL(tlsURL, ""), true, FaultChunked, "request_checksum_calculation=when_required"},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			ctx := context.Background()
			st, err := Open(ctx, c.url)
			if err != nil {
				t.Fatal(err)
			}
			defer st.Close()
			began := time.Now()
			if c.write {
				err = st.ProbeWrite(ctx)
			} else {
				err = st.Probe(ctx)
			}
			took := time.Since(began)
			var se *StoreError
			if !errors.As(err, &se) || se.Fault != c.want || !strings.Contains(err.Error(), c.words) || strings.Contains(err.Error(), "\n") {
				t.Errorf("probe = %v, want one line of fault %s saying %q", err, c.want, c.words)
			}
			if c.want != FaultUnreachable && c.want.Retryable() {
				t.Errorf("fault %s is retryable", c.want)
			}
			// Only an outage may take the probe's whole time.
			if limit := 10 * time.Second; c.want != FaultUnreachable && took > limit {
				t.Errorf("probe took %v, more than %v", took.Round(time.Millisecond), limit)
			}
		})
	}
}

// TestWrongKey: with a key the store does not know, the probe and a
// shard's write fail as denied, not unreachable, within seconds.
func TestWrongKey(t *testing.T) {
	t.Parallel()
	// The store knows another key than this process's (TestMain's).
	h, _ := s3fake.New(s3fake.Options{Buckets: []string{"grundy"}, AccessKey: "someone-else"})
	srv := httptest.NewServer(h)
	defer srv.Close()
	ctx := context.Background()
	st, err := Open(ctx, s3URL(srv.URL, ""))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	began := time.Now()
	err = st.Probe(ctx)
	if Classify(err) != FaultDenied || !strings.Contains(err.Error(), "AWS_SECRET_ACCESS_KEY") || strings.Contains(err.Error(), "unreachable") {
		t.Errorf("Probe with a wrong key = %v, want denied, naming the variables", err)
	}
	_, err = st.PutShard(ctx, solve.Shard{Sum: 0, Lo: 0, Hi: 1}, 0, "t", []byte{1, 2, 3, 4}, 4)
	if f := Classify(err); f != FaultDenied || f.Retryable() {
		t.Errorf("writing with a wrong key: %v (%s), want denied and not retryable", err, f)
	}
	if took := time.Since(began); took > 10*time.Second {
		t.Errorf("a wrong key took %v to report", took)
	}
}

// TestS3OverTLS: a store over TLS with a certificate from AWS_CA_BUNDLE,
// which does not decode chunked uploads, fills and reads back with
// request_checksum_calculation=when_required, batched tiers being read
// back at their seal since the client then sends no checksum; and a
// shard object kept framed is reported as such, not as corrupt.
func TestS3OverTLS(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	endpoint := s3Server(t, true)
	c := boxes[0]
	tab, _ := want(t, c.game, c.piles, c.max, c.kinds)
	st, err := Open(ctx, s3URL(endpoint, "&request_checksum_calculation=when_required&response_checksum_validation=when_required"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if err := st.ProbeWrite(ctx); err != nil {
		t.Fatalf("ProbeWrite with when_required: %v", err)
	}
	cache, _ := NewCache(filepath.Join(t.TempDir(), "cache"))
	defer cache.Close()
	res, err := SolveLocal(ctx, st, NewJob(c.game, c.piles, c.max, c.kinds, c.per), &Worker{Cache: cache}, solve.Local{Workers: 2}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if res.Checksum != tab.Checksum() {
		t.Errorf("over TLS: checksum %s, want %s", res.Checksum, tab.Checksum())
	}
	// The same store without when_required: the object is framed.
	framed, err := Open(ctx, s3URL(endpoint, ""))
	if err != nil {
		t.Fatal(err)
	}
	defer framed.Close()
	sh := solve.Shard{Sum: 0, Lo: 0, Hi: 1}
	ref, err := framed.PutShard(ctx, sh, 0, "framed", []byte{1, 2, 3, 4}, 0)
	if err != nil {
		t.Fatal(err)
	}
	err = framed.copyShard(ctx, ref, new(strings.Builder))
	if !errors.Is(err, ErrChunked) || errors.Is(err, ErrCorrupt) || Classify(err) != FaultChunked {
		t.Errorf("reading an object kept framed: %v, want ErrChunked, not ErrCorrupt", err)
	}
}

// TestVersionMismatch: a store written by a grundy-worker of another
// format version is reported as such, not as corrupt, by Init, Status
// and Verify.
func TestVersionMismatch(t *testing.T) {
	ctx := context.Background()
	st, err := Open(ctx, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	j := NewJob("slow-exact:k=2", 3, 3, 0, 5)
	newer := j
	newer.Version = Version + 1
	if _, err := NewPlan(newer); !errors.Is(err, ErrVersion) {
		t.Errorf("NewPlan of version %d: %v, want ErrVersion", newer.Version, err)
	}
	if err := st.writeJSON(ctx, jobKey, newer); err != nil {
		t.Fatal(err)
	}
	if _, err := st.Init(ctx, j); !errors.Is(err, ErrVersion) || errors.Is(err, ErrOtherJob) {
		t.Errorf("Init over a job of version %d: %v, want ErrVersion", newer.Version, err)
	}
	if _, err := st.Status(ctx); !errors.Is(err, ErrVersion) || errors.Is(err, ErrCorrupt) {
		t.Errorf("Status: %v, want ErrVersion, not corrupt", err)
	}
	if _, err := st.Verify(ctx, nil); !errors.Is(err, ErrVersion) || errors.Is(err, ErrCorrupt) {
		t.Errorf("Verify: %v, want ErrVersion, not corrupt", err)
	}
}
