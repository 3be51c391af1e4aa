// Command s3fake serves an in-memory S3-compatible object store on
// loopback (github.com/johannesboyne/gofakes3) for trying grundy-worker on
// one machine; scripts/cluster-dev.sh starts it. It keeps nothing on disk
// and is not for real data.
package main
