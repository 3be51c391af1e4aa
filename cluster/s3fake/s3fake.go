// Package s3fake is an in-memory S3-compatible store for tests and the
// development cluster (deploy/s3fake): gofakes3 with its buckets made and,
// as S3 does, requests signed with any other access key refused (403
// InvalidAccessKeyId), so that the handling of wrong credentials can be
// tested. Like some S3-compatible stores it does not decode the S3
// client's chunked uploads with trailing checksums, which the client
// sends over TLS by default (cluster.ErrChunked).
package s3fake

import (
	"fmt"
	"net/http"
	"regexp"
	"strings"

	"github.com/johannesboyne/gofakes3"
	"github.com/johannesboyne/gofakes3/backend/s3mem"
)

// Options are the store's buckets and the access key it accepts; an
// empty AccessKey accepts any.
type Options struct {
	Buckets   []string
	AccessKey string
}

// credential is the access key in a Signature Version 4 Authorization
// header, or in a presigned URL's X-Amz-Credential.
var credential = regexp.MustCompile(`Credential=([^/,\s]+)/`)

// New returns the store's HTTP handler.
func New(o Options) (http.Handler, error) {
	backend := s3mem.New()
	for _, b := range o.Buckets {
		if err := backend.CreateBucket(b); err != nil {
			return nil, fmt.Errorf("bucket %s: %w", b, err)
		}
	}
	h := gofakes3.New(backend).Server()
	if o.AccessKey == "" {
		return h, nil
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		key, _, _ := strings.Cut(r.URL.Query().Get("X-Amz-Credential"), "/")
		if m := credential.FindStringSubmatch(r.Header.Get("Authorization")); m != nil {
			key = m[1]
		}
		if key != o.AccessKey {
			// S3's answer to a key it does not know.
			w.Header().Set("Content-Type", "application/xml")
			w.WriteHeader(http.StatusForbidden)
			if r.Method != http.MethodHead {
				fmt.Fprintf(w, `<?xml version="1.0" encoding="UTF-8"?>`+"\n"+
					`<Error><Code>InvalidAccessKeyId</Code><Message>The AWS Access Key Id you provided does not exist in our records.</Message><AWSAccessKeyId>%s</AWSAccessKeyId></Error>`, key)
			}
			return
		}
		h.ServeHTTP(w, r)
	}), nil
}
