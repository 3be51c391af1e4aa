package main

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"net"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"go.temporal.io/api/serviceerror"
	"go.temporal.io/sdk/client"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/grundy/grundy/cmd/grundy-worker/internal/flow"
)

// conn holds the flags that reach the Temporal frontend, named as the
// Temporal CLI names its flags and environment variables, so that one
// environment (e.g. Temporal Cloud's TEMPORAL_ADDRESS, TEMPORAL_NAMESPACE,
// TEMPORAL_API_KEY or TEMPORAL_TLS_CLIENT_CERT_PATH and _KEY_PATH) serves
// both.
type conn struct {
	address, namespace, queue string
	wait                      time.Duration
	apiKey                    string
	tls, noHostVerify         bool
	cert, key, ca, serverName string
	// metrics, if set, receives the SDK's metrics.
	metrics client.MetricsHandler
}

func (c *conn) add(cmd *cobra.Command) {
	f := cmd.Flags()
	f.StringVar(&c.address, "address", envOr("TEMPORAL_ADDRESS", "127.0.0.1:7233"), "Temporal frontend HOST:PORT ($TEMPORAL_ADDRESS)")
	f.StringVar(&c.namespace, "namespace", envOr("TEMPORAL_NAMESPACE", "default"), "Temporal namespace ($TEMPORAL_NAMESPACE)")
	f.StringVar(&c.queue, "task-queue", flow.DefaultTaskQueue, "task queue the workers poll")
	f.DurationVar(&c.wait, "connect-timeout", 2*time.Minute, "how long to retry reaching the Temporal frontend")
	f.StringVar(&c.apiKey, "api-key", os.Getenv("TEMPORAL_API_KEY"), "API key, sent as a bearer token; turns TLS on ($TEMPORAL_API_KEY)")
	f.BoolVar(&c.tls, "tls", envBool("TEMPORAL_TLS"), "connect with TLS; implied by the other --tls flags ($TEMPORAL_TLS)")
	f.StringVar(&c.cert, "tls-cert-path", os.Getenv("TEMPORAL_TLS_CLIENT_CERT_PATH"), "client certificate for mTLS, PEM ($TEMPORAL_TLS_CLIENT_CERT_PATH)")
	f.StringVar(&c.key, "tls-key-path", os.Getenv("TEMPORAL_TLS_CLIENT_KEY_PATH"), "client certificate's private key, PEM ($TEMPORAL_TLS_CLIENT_KEY_PATH)")
	f.StringVar(&c.ca, "tls-ca-path", os.Getenv("TEMPORAL_TLS_SERVER_CA_CERT_PATH"), "CA certificates the server's is checked against instead of the system's, PEM ($TEMPORAL_TLS_SERVER_CA_CERT_PATH)")
	f.StringVar(&c.serverName, "tls-server-name", os.Getenv("TEMPORAL_TLS_SERVER_NAME"), "server name the server's certificate must carry ($TEMPORAL_TLS_SERVER_NAME)")
	f.BoolVar(&c.noHostVerify, "tls-disable-host-verification", envBool("TEMPORAL_TLS_DISABLE_HOST_VERIFICATION"), "do not check the server's certificate (testing only) ($TEMPORAL_TLS_DISABLE_HOST_VERIFICATION)")
}

func envOr(key, def string) string {
	if v := os.Getenv(key); v != "" {
		return v
	}
	return def
}

// envBool is an environment variable read as a boolean; unset or
// unreadable is false (the flag's parse reports a bad value given there).
func envBool(key string) bool {
	v, _ := strconv.ParseBool(os.Getenv(key))
	return v
}

// options builds the client's options from the flags: TLS when asked for
// or implied (a certificate, a CA, a server name or an API key), mTLS with
// a client certificate, and the API key as credentials. Bad files are
// bad input.
func (c *conn) options() (client.Options, error) {
	o := client.Options{
		HostPort:  c.address,
		Namespace: c.namespace,
		// The SDK's lines in the program's format (--log-format).
		Logger:         currentLoggers().sdk,
		MetricsHandler: c.metrics,
		ConnectionOptions: client.ConnectionOptions{
			// Bounds the check Dial makes that the server answers.
			GetSystemInfoTimeout: 10 * time.Second,
		},
	}
	if c.apiKey != "" {
		o.Credentials = client.NewAPIKeyStaticCredentials(c.apiKey)
	}
	if (c.cert == "") != (c.key == "") {
		return o, badInput{errors.New("--tls-cert-path and --tls-key-path: give both, or neither")}
	}
	if !c.tls && c.apiKey == "" && c.cert == "" && c.ca == "" && c.serverName == "" && !c.noHostVerify {
		return o, nil
	}
	cfg := &tls.Config{MinVersion: tls.VersionTLS12, ServerName: c.serverName, InsecureSkipVerify: c.noHostVerify}
	if c.cert != "" {
		pair, err := tls.LoadX509KeyPair(c.cert, c.key)
		if err != nil {
			return o, badInput{fmt.Errorf("--tls-cert-path %s, --tls-key-path %s: %w", c.cert, c.key, err)}
		}
		cfg.Certificates = []tls.Certificate{pair}
	}
	if c.ca != "" {
		pem, err := os.ReadFile(c.ca)
		if err != nil {
			return o, badInput{fmt.Errorf("--tls-ca-path: %w", err)}
		}
		pool := x509.NewCertPool()
		if !pool.AppendCertsFromPEM(pem) {
			return o, badInput{fmt.Errorf("--tls-ca-path %s: no PEM certificate in it", c.ca)}
		}
		cfg.RootCAs = pool
	}
	o.ConnectionOptions.TLS = cfg
	return o, nil
}

// dial connects, retrying for --connect-timeout: workers and coordinators
// are often started together with the server, or while it restarts. The
// first failure is reported at once, so a wrong address is never silent;
// what retrying cannot fix (TLS on one side only, a certificate not
// trusted, credentials refused, no such namespace) fails at once.
func (c *conn) dial(ctx context.Context) (client.Client, error) {
	opts, err := c.options()
	if err != nil {
		return nil, err
	}
	deadline := time.Now().Add(c.wait)
	for tries := 0; ; tries++ {
		cl, err := client.Dial(opts)
		if err == nil {
			return cl, nil
		}
		if why := c.lasting(err, opts.ConnectionOptions.TLS != nil); why != "" {
			return nil, fmt.Errorf("connect to Temporal at %s (namespace %s): %s (%s)", c.address, c.namespace, why, oneLine(err))
		}
		err = fmt.Errorf("connect to Temporal at %s (namespace %s): %s", c.address, c.namespace, oneLine(err))
		if time.Now().After(deadline) {
			return nil, err
		}
		if tries == 0 {
			warnf("%v; retrying for %v (--connect-timeout)", err, c.wait.Round(time.Second))
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(time.Second):
		}
	}
}

// lasting words a failed dial that retrying cannot fix, or returns "".
// gRPC passes TLS failures on as text only.
func (c *conn) lasting(err error, useTLS bool) string {
	msg := err.Error()
	var denied *serviceerror.PermissionDenied
	var ns *serviceerror.NamespaceNotFound
	switch {
	case strings.Contains(msg, "first record does not look like a TLS handshake"):
		return "the server does not speak TLS: drop --tls and the --tls-* flags and --api-key (TEMPORAL_TLS, …)"
	case strings.Contains(msg, "x509: "):
		return "TLS handshake failed: the server's certificate is not trusted or not for this name (--tls-ca-path, --tls-server-name)"
	case strings.Contains(msg, "tls: "):
		return "TLS handshake failed (a client certificate refused or missing: --tls-cert-path, --tls-key-path)"
	case errors.As(err, &denied) || status.Code(err) == codes.Unauthenticated:
		return "credentials refused (--api-key, --tls-cert-path)"
	case errors.As(err, &ns):
		return "no such namespace (--namespace, $TEMPORAL_NAMESPACE)"
	case !useTLS && speaksTLS(c.address):
		return "the server speaks TLS: give --tls (TEMPORAL_TLS=true), with --tls-ca-path if its certificate is not from a CA this machine trusts"
	}
	return ""
}

// speaksTLS reports whether addr completes a TLS handshake: a plaintext
// gRPC client is answered with a closed connection, which reads as an
// outage.
func speaksTLS(addr string) bool {
	d := &net.Dialer{Timeout: 3 * time.Second}
	// Only whether it speaks TLS is asked, not whom it is.
	conn, err := tls.DialWithDialer(d, "tcp", addr, &tls.Config{InsecureSkipVerify: true})
	if err != nil {
		return false
	}
	conn.Close()
	return true
}

// oneLine is err's text on one line.
func oneLine(err error) string { return strings.Join(strings.Fields(err.Error()), " ") }
