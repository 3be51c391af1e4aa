package main

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
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/spf13/cobra"
)

// selfSigned writes a self-signed certificate and its key as PEM files.
func selfSigned(t *testing.T, dir string) (cert, key string) {
	t.Helper()
	k, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "grundy-test"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour), IsCA: true, BasicConstraintsValid: true}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &k.PublicKey, k)
	if err != nil {
		t.Fatal(err)
	}
	kder, err := x509.MarshalECPrivateKey(k)
	if err != nil {
		t.Fatal(err)
	}
	cert, key = filepath.Join(dir, "client.pem"), filepath.Join(dir, "client.key")
	os.WriteFile(cert, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}), 0o600)
	os.WriteFile(key, pem.EncodeToMemory(&pem.Block{Type: "EC PRIVATE KEY", Bytes: kder}), 0o600)
	return cert, key
}

// TestConnOptions: the flags and the Temporal CLI's environment variables
// build the client's TLS, mTLS and API-key options; bad files are bad
// input naming the flag.
func TestConnOptions(t *testing.T) {
	dir := t.TempDir()
	cert, key := selfSigned(t, dir)
	notPEM := filepath.Join(dir, "not.pem")
	os.WriteFile(notPEM, []byte("hello\n"), 0o600)
	for _, c := range []struct {
		name  string
		env   map[string]string
		args  []string
		tls   bool // TLS configured
		certs int  // client certificates
		ca    bool
		key   bool // credentials set
		sni   string
		err   string
	}{
		{name: "plain"},
		{name: "--tls", args: []string{"--tls"}, tls: true},
		{name: "TEMPORAL_TLS", env: map[string]string{"TEMPORAL_TLS": "true"}, tls: true},
		{name: "--tls=false", env: map[string]string{"TEMPORAL_TLS": "true"}, args: []string{"--tls=false"}},
		{name: "mTLS", args: []string{"--tls-cert-path", cert, "--tls-key-path", key}, tls: true, certs: 1},
		{name: "mTLS env", env: map[string]string{"TEMPORAL_TLS_CLIENT_CERT_PATH": cert, "TEMPORAL_TLS_CLIENT_KEY_PATH": key}, tls: true, certs: 1},
		{name: "CA and name", args: []string{"--tls-ca-path", cert, "--tls-server-name", "temporal.example"}, tls: true, ca: true, sni: "temporal.example"},
		{name: "API key", args: []string{"--api-key", "k"}, tls: true, key: true},
		{name: "API key env", env: map[string]string{"TEMPORAL_API_KEY": "k", "TEMPORAL_ADDRESS": "ns.tmprl.cloud:7233"}, tls: true, key: true},
		{name: "cert without key", args: []string{"--tls-cert-path", cert}, err: "--tls-key-path"},
		{name: "key is not a key", args: []string{"--tls-cert-path", cert, "--tls-key-path", notPEM}, err: "--tls-key-path " + notPEM},
		{name: "CA not PEM", args: []string{"--tls-ca-path", notPEM}, err: "--tls-ca-path " + notPEM},
		{name: "CA missing", args: []string{"--tls-ca-path", filepath.Join(dir, "none")}, err: "--tls-ca-path"},
	} {
		t.Run(c.name, func(t *testing.T) {
			for k, v := range c.env {
				t.Setenv(k, v)
			}
			var cn conn
			cmd := &cobra.Command{Use: "x"}
			cn.add(cmd)
			if err := cmd.ParseFlags(c.args); err != nil {
				t.Fatal(err)
			}
			o, err := cn.options()
			if c.err != "" {
				if err == nil || !strings.Contains(err.Error(), c.err) || !errors.As(err, new(badInput)) {
					t.Errorf("options(%q) = %v, want bad input naming %q", c.args, err, c.err)
				}
				return
			}
			if err != nil {
				t.Fatalf("options(%q): %v", c.args, err)
			}
			cfg := o.ConnectionOptions.TLS
			if (cfg != nil) != c.tls || (o.Credentials != nil) != c.key {
				t.Fatalf("options(%q): TLS %v, credentials %v; want %v, %v", c.args, cfg != nil, o.Credentials != nil, c.tls, c.key)
			}
			if want := c.env["TEMPORAL_ADDRESS"]; want != "" && o.HostPort != want {
				t.Errorf("address %s, want %s from $TEMPORAL_ADDRESS", o.HostPort, want)
			}
			if cfg == nil {
				return
			}
			if len(cfg.Certificates) != c.certs || (cfg.RootCAs != nil) != c.ca || cfg.ServerName != c.sni || cfg.MinVersion != tls.VersionTLS12 || cfg.InsecureSkipVerify {
				t.Errorf("options(%q): %d certificates, CA %v, server name %q, min version %x, skip verify %v; want %d, %v, %q, TLS 1.2, false",
					c.args, len(cfg.Certificates), cfg.RootCAs != nil, cfg.ServerName, cfg.MinVersion, cfg.InsecureSkipVerify, c.certs, c.ca, c.sni)
			}
		})
	}
}

// TestDialFailsFast: TLS that does not match (a plain client to a TLS
// server, a TLS client to a plain one) or a certificate not trusted
// fails the dial at once, worded, instead of being retried for
// --connect-timeout; the servers here are plain HTTP and HTTPS ones,
// which answer a gRPC client as a Temporal frontend of the other kind
// would (a closed connection, or a non-TLS record).
func TestDialFailsFast(t *testing.T) {
	t.Parallel()
	plain := httptest.NewServer(http.NotFoundHandler())
	t.Cleanup(plain.Close)
	// A gRPC client asks for HTTP/2 in the handshake, as a Temporal
	// frontend offers it.
	secure := httptest.NewUnstartedServer(http.NotFoundHandler())
	secure.TLS = &tls.Config{NextProtos: []string{"h2"}}
	secure.StartTLS()
	t.Cleanup(secure.Close)
	for _, c := range []struct {
		name, addr string
		tls        bool
		want       string
	}{
		{"plain client, TLS server", strings.TrimPrefix(secure.URL, "https://"), false, "the server speaks TLS: give --tls"},
		{"TLS client, plain server", strings.TrimPrefix(plain.URL, "http://"), true, "the server does not speak TLS"},
		{"untrusted certificate", strings.TrimPrefix(secure.URL, "https://"), true, "certificate is not trusted"},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			cn := conn{address: c.addr, namespace: "default", wait: 30 * time.Second, tls: c.tls}
			began := time.Now()
			cl, err := cn.dial(context.Background())
			if err == nil {
				cl.Close()
			}
			if took := time.Since(began); err == nil || !strings.Contains(err.Error(), c.want) || took > 10*time.Second {
				t.Errorf("dial %s (tls %v) = %v after %v; want it to say %q within 10 s", c.addr, c.tls, err, took.Round(time.Millisecond), c.want)
			}
		})
	}
}
