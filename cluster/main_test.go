package cluster

import (
	"os"
	"testing"
)

// TestMain gives the S3 fakes' credentials, and the CA of those served
// over TLS, to the whole package, once:
// the tests that mostly wait on a fake's failures run in parallel, where
// t.Setenv is not allowed.
func TestMain(m *testing.M) {
	os.Setenv("AWS_ACCESS_KEY_ID", "grundy")
	os.Setenv("AWS_SECRET_ACCESS_KEY", "grundy")
	// The TLS stores' certificate (TestS3OverTLS, TestStoreFaults).
	ca, err := trustTestCA()
	if err != nil {
		panic(err)
	}
	os.Setenv("AWS_CA_BUNDLE", ca)
	code := m.Run()
	os.Remove(ca)
	os.Exit(code)
}
