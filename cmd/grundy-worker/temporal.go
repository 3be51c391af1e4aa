package main

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"go.temporal.io/sdk/client"
	tlog "go.temporal.io/sdk/log"

	"github.com/grundy/grundy/cluster/flow"
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
		// The SDK logs every poll at info level; keep warnings.
		Logger: tlog.NewStructuredLogger(slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))),
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
// first failure is reported at once, so a wrong address is never silent.
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
		err = fmt.Errorf("connect to Temporal at %s (namespace %s): %s", c.address, c.namespace, oneLine(err))
		if time.Now().After(deadline) {
			return nil, err
		}
		if tries == 0 {
			logf("%v; retrying for %v (--connect-timeout)", err, c.wait.Round(time.Second))
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(time.Second):
		}
	}
}

// logf writes a line to stderr headed by the time (UTC) and the program's
// name.
func logf(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "%s grundy-worker: %s\n", time.Now().UTC().Format("2006-01-02T15:04:05Z"), fmt.Sprintf(format, args...))
}

// oneLine is err's text on one line.
func oneLine(err error) string { return strings.Join(strings.Fields(err.Error()), " ") }
