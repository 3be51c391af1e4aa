package main

import (
	"flag"
	"fmt"
	"log"
	"net"
	"net/http"
	"os"

	"github.com/grundy/grundy/cluster/s3fake"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:9000", "address to listen on")
	bucket := flag.String("bucket", "grundy", "bucket to create")
	key := flag.String("access-key", "", "the only access key accepted (S3's 403 InvalidAccessKeyId for others); empty accepts any")
	flag.Parse()
	h, err := s3fake.New(s3fake.Options{Buckets: []string{*bucket}, AccessKey: *key})
	if err != nil {
		log.Fatal(err)
	}
	l, err := net.Listen("tcp", *addr)
	if err != nil {
		fmt.Fprintf(os.Stderr, "s3fake: %v\n", err)
		os.Exit(1)
	}
	fmt.Printf("s3fake: bucket %s at http://%s\n", *bucket, l.Addr())
	log.Fatal(http.Serve(l, h))
}
