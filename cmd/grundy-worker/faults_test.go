package main

import (
	"context"
	"encoding/json"
	"encoding/pem"
	"flag"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/johannesboyne/gofakes3"
	"github.com/johannesboyne/gofakes3/backend/s3mem"

	"github.com/grundy/grundy/cluster"
	"github.com/grundy/grundy/cluster/s3fake"
)

var long = flag.Bool("long", false, "the whole fault matrix: Temporal server restart, rolling worker restart and a corrupt sealed object besides store loss and cancel")

// fakeCreds are the S3 fakes' credentials, for the worker processes and,
// set by TestMain, for this one (the end-to-end tests run in parallel,
// where t.Setenv is not allowed).
var fakeCreds = []string{"AWS_ACCESS_KEY_ID=grundy", "AWS_SECRET_ACCESS_KEY=grundy", "AWS_EC2_METADATA_DISABLED=true"}

func TestMain(m *testing.M) {
	if os.Getenv(asWorker) != "" {
		main()
		os.Exit(0)
	}
	// For the copies of this binary that the tests start as workers,
	// directly or through grundy.
	os.Setenv(asWorker, "1")
	for _, kv := range fakeCreds {
		k, v, _ := strings.Cut(kv, "=")
		os.Setenv(k, v)
	}
	dir, err := os.MkdirTemp("", "grundy-worker-test")
	if err != nil {
		panic(err)
	}
	built.dir = dir
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// flakyStore is the S3 fake behind a switch: while down, every request's
// connection is closed unanswered, as when the store goes away.
type flakyStore struct {
	down atomic.Bool
	hits atomic.Int64 // requests refused while down
	h    http.Handler
}

func (f *flakyStore) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if f.down.Load() {
		f.hits.Add(1)
		if hj, ok := w.(http.Hijacker); ok {
			if conn, _, err := hj.Hijack(); err == nil {
				conn.Close()
				return
			}
		}
		http.Error(w, "store down", http.StatusServiceUnavailable)
		return
	}
	f.h.ServeHTTP(w, r)
}

// A faultCluster is a Temporal dev server keeping its state in a file
// (so that it can be restarted mid-job), an S3 fake that can be taken
// away, and worker processes that can be restarted.
type faultCluster struct {
	t                        *testing.T
	temporal, worker, grundy string
	logs, db                 string
	port, httpPort, metrics  int
	addr                     string
	server                   *proc
	restarts                 int
	workers                  []*proc
	generation               []int
	store                    *flakyStore
	delay                    string // each worker's --shard-delay
	s3                       string
	creds                    []string
}

func newFaultCluster(t *testing.T, workers int) *faultCluster {
	c := &faultCluster{t: t, temporal: temporalBinary(t), logs: t.TempDir(), delay: "0s"}
	if *long {
		// Shards take at least this long, so that a rolling restart
		// stops workers inside them.
		c.delay = "200ms"
	}
	c.worker = build(t, "github.com/grundy/grundy/cmd/grundy-worker")
	c.grundy = build(t, "github.com/grundy/grundy/cmd/grundy")
	backend := s3mem.New()
	if err := backend.CreateBucket("grundy"); err != nil {
		t.Fatal(err)
	}
	c.store = &flakyStore{h: gofakes3.New(backend).Server()}
	srv := httptest.NewServer(c.store)
	t.Cleanup(srv.Close)
	c.s3 = srv.URL
	c.creds = fakeCreds
	c.db = filepath.Join(c.logs, "temporal.db")
	c.port, c.httpPort, c.metrics = freePort(t), freePort(t), freePort(t)
	c.addr = fmt.Sprintf("127.0.0.1:%d", c.port)
	c.startServer()
	for i := range workers {
		c.workers = append(c.workers, nil)
		c.generation = append(c.generation, 0)
		c.startWorker(i)
	}
	return c
}

func (c *faultCluster) storeURL(prefix string) string {
	return "s3://grundy?endpoint=" + c.s3 + "&use_path_style=true&region=us-east-1&prefix=" + prefix + "/"
}

func (c *faultCluster) startServer() {
	args := append([]string{"server", "start-dev", "--headless", "--ip", "127.0.0.1", "--port", strconv.Itoa(c.port),
		"--http-port", strconv.Itoa(c.httpPort), "--metrics-port", strconv.Itoa(c.metrics), "--db-filename", c.db,
		"--log-level", "error"}, devServerConfig...)
	c.server = start(c.t, filepath.Join(c.logs, fmt.Sprintf("server-%d.log", c.restarts)), nil, c.temporal, args...)
	waitServer(c.t, c.addr, c.server)
}

// restartServer kills the Temporal server (SIGKILL: no orderly
// shutdown) and starts it again on the same port and state file.
func (c *faultCluster) restartServer() {
	c.server.cmd.Process.Signal(syscall.SIGKILL)
	c.server.cmd.Wait()
	c.restarts++
	c.startServer()
}

func (c *faultCluster) startWorker(i int) {
	c.workers[i] = start(c.t, filepath.Join(c.logs, fmt.Sprintf("worker-%d-%d.log", i, c.generation[i])), c.creds, c.worker, "run",
		"--address", c.addr, "--cache", filepath.Join(c.logs, fmt.Sprintf("cache-%d-%d", i, c.generation[i])), "--activities", "2",
		"--shard-delay", c.delay)
}

// restartWorker stops worker i as an orchestrator does (SIGTERM), waits
// for it to exit, and starts a new process in its place.
func (c *faultCluster) restartWorker(i int) {
	w := c.workers[i]
	w.cmd.Process.Signal(syscall.SIGTERM)
	w.cmd.Wait()
	c.generation[i]++
	c.startWorker(i)
	waitFor(c.t, c.workers[i:i+1], regexp.MustCompile(`polling`))
}

// solve starts a coordinator for the box into the store under prefix,
// every tier in shards so that faults land inside shard activities.
func (c *faultCluster) solve(name, prefix string, box []string) *proc {
	args := append(append([]string{"solve"}, box...), "--address", c.addr, "--store", c.storeURL(prefix),
		"--shard-positions", "25", "--heartbeat", "3s", "--batch-positions", "0", "--json")
	return start(c.t, filepath.Join(c.logs, name+".log"), c.creds, c.worker, args...)
}

// finish waits for a coordinator and returns the JSON it printed. If it
// failed and rejoin is set (its connection to a restarted server may
// break), it runs the same solve again, which rejoins the workflow.
func (c *faultCluster) finish(p *proc, box []string, prefix string, rejoin bool) string {
	c.t.Helper()
	done := make(chan error, 1)
	go func() { done <- p.cmd.Wait() }()
	select {
	case err := <-done:
		if err == nil {
			return jsonLine(p.text())
		}
		if !rejoin {
			c.t.Fatalf("coordinator exited with %v:\n%s", err, p.text())
		}
		c.t.Logf("coordinator exited with %v (rejoining):\n%s", err, p.text())
	case <-time.After(3 * time.Minute):
		c.t.Fatalf("coordinator still running after 3 minutes:\n%s", p.text())
	}
	return run(c.t, c.worker, append(append([]string{"solve"}, box...), "--address", c.addr, "--store", c.storeURL(prefix),
		"--heartbeat", "3s", "--batch-positions", "0", "--json")...)
}

// jsonLine is the line of out that is a JSON object (the coordinator's
// stdout and stderr share a log).
func jsonLine(out string) string {
	for _, l := range strings.Split(out, "\n") {
		if strings.HasPrefix(l, "{") {
			return l + "\n"
		}
	}
	return ""
}

// sinceNow makes every worker's text start at its current end.
func (c *faultCluster) sinceNow() {
	for _, w := range c.workers {
		w.from = len(w.text())
	}
}

// tlsS3 serves an S3 fake (bucket grundy, key grundy) over TLS and
// returns its endpoint and a file holding its certificate.
func tlsS3(t *testing.T) (endpoint, ca string) {
	h, err := s3fake.New(s3fake.Options{Buckets: []string{"grundy"}, AccessKey: "grundy"})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewTLSServer(h)
	t.Cleanup(srv.Close)
	ca = filepath.Join(t.TempDir(), "ca.pem")
	if err := os.WriteFile(ca, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: srv.Certificate().Raw}), 0o644); err != nil {
		t.Fatal(err)
	}
	return srv.URL, ca
}

// TestFaults solves boxes through a real Temporal dev server and an S3
// fake while faults are injected mid-job, and expects each to end with
// the local checksum and counts (grundy count's JSON):
//   - store loss: the store refuses every connection for 3 s while
//     shards run, and comes back;
//   - cancel: grundy-worker cancel terminates the running workflow; the
//     store keeps its sealed tiers and solve continues from them;
//   - S3 over TLS, with and without chunked uploads;
//   - Temporal server loss: the server is SIGKILLed mid-job and started
//     again on its state file;
//   - a rolling worker restart: each worker stopped (SIGTERM) and
//     replaced in turn while shards run;
//   - a corrupt sealed object: a bit flipped in the finished store fails
//     the resubmitted job naming the object; repair and solve again give
//     the table back, and verify passes.
//
// It runs with -long only (.ci/run runs it so): the default run keeps
// TestCluster's end-to-end job, the same path without faults, and go
// test ./... within its minute.
func TestFaults(t *testing.T) {
	if testing.Short() || !*long {
		t.Skip("starts a Temporal dev server and worker processes (with -long)")
	}
	// Alongside TestCluster: both mostly wait on their dev servers.
	t.Parallel()
	began := time.Now()
	phase := func(what string) { t.Logf("%5.1f s: %s", time.Since(began).Seconds(), what) }
	c := newFaultCluster(t, 2)
	phase("server and workers up")
	box := []string{"slow-exact:k=2", "--piles", "5", "--max", "8"}
	want := run(t, c.grundy, append([]string{"count", "--json"}, box...)...)

	// Store loss, then server loss and a rolling restart, in one job.
	c.sinceNow()
	coord := c.solve("coordinator-faults", "faults", box)
	waitFor(t, c.workers, regexp.MustCompile(`begin tier (8|9|1\d) shard`))
	// Down until a shard has failed for it (the S3 client's own retries
	// outlast a short outage), then a little longer, and back.
	phase("store down")
	c.store.down.Store(true)
	waitFor(t, c.workers, regexp.MustCompile(`fail (tier \d+ shard|seal tier) \d+ attempt \d+: .*\n`))
	time.Sleep(time.Second)
	c.store.down.Store(false)
	phase("store back")
	if c.store.hits.Load() == 0 {
		t.Errorf("no request reached the store while it was down")
	}
	c.sinceNow()
	waitFor(t, c.workers, regexp.MustCompile(`begin tier (2\d) shard`))
	c.restartServer()
	phase("server restarted")
	c.sinceNow()
	waitFor(t, c.workers, regexp.MustCompile(`begin tier (2[5-9]|3\d) shard`))
	for i := range c.workers {
		c.restartWorker(i)
	}
	phase("workers restarted")
	c.sinceNow()
	if _, m := waitFor(t, c.workers, regexp.MustCompile(`end tier \d+ shard`)); m == "" {
		t.Error("the restarted workers computed no shard")
	}
	if got := c.finish(coord, box, "faults", true); got != want {
		t.Errorf("after the faults:\n%s\ngrundy count:\n%s", got, want)
	}
	checkObjects(t, c.storeURL("faults"))
	phase("solved through the faults")

	// Cancel a running solve; solve again continues from the sealed
	// tiers.
	c.sinceNow()
	coord = c.solve("coordinator-cancel", "cancel", box)
	waitFor(t, c.workers, regexp.MustCompile(`begin tier (1\d) shard`))
	phase("cancel")
	out := run(t, c.worker, "cancel", "--store", c.storeURL("cancel"), "--address", c.addr)
	if !strings.HasPrefix(out, "terminated workflow grundy-") {
		t.Errorf("cancel printed %q", out)
	}
	if err := coord.cmd.Wait(); err == nil || !strings.Contains(coord.text(), "terminated") {
		t.Errorf("the coordinator of the cancelled workflow: %v\n%s", err, coord.text())
	}
	status := run(t, c.worker, "status", "--store", c.storeURL("cancel"), "--json")
	var stat statusJSON
	if err := json.Unmarshal([]byte(status), &stat); err != nil || stat.Sealed < 10 || stat.Sealed >= stat.Tiers || stat.Finished {
		t.Errorf("status after cancel: %d of %d tiers sealed (%v), want the tiers before the cancel and not all:\n%s", stat.Sealed, stat.Tiers, err, status)
	}
	sealed := stat.Sealed
	coord = c.solve("coordinator-resumed", "cancel", box)
	if got := c.finish(coord, box, "cancel", false); got != want {
		t.Errorf("solved again after cancel:\n%s\ngrundy count:\n%s", got, want)
	}
	if !strings.Contains(coord.text(), fmt.Sprintf("the %d tiers sealed before this run were read back", sealed)) {
		t.Errorf("the resumed solve did not say it read back the %d tiers sealed before:\n%s", sealed, coord.text())
	}

	phase("solved again after cancel")

	// S3 over TLS: a store behind TLS with its own CA (AWS_CA_BUNDLE),
	// which, like some S3-compatible stores, does not decode chunked
	// uploads: without request_checksum_calculation=when_required the
	// solve fails at its first activity saying so; with it, it solves.
	tlsURL, ca := tlsS3(t)
	tlsEnv := append(append([]string{}, c.creds...), "AWS_CA_BUNDLE="+ca)
	tw := start(t, filepath.Join(c.logs, "worker-tls.log"), tlsEnv, c.worker, "run", "--address", c.addr, "--task-queue", "tls",
		"--cache", filepath.Join(c.logs, "cache-tls"))
	waitFor(t, []*proc{tw}, regexp.MustCompile(`polling`))
	tlsSolve := func(query string) (string, time.Duration, error) {
		cmd := exec.Command(c.worker, append(append([]string{"solve"}, box...), "--address", c.addr, "--task-queue", "tls", "--json",
			"--store", "s3://grundy?endpoint="+tlsURL+"&use_path_style=true&region=us-east-1&prefix=tls/"+query, "--batch-positions", "0", "--shard-positions", "25")...)
		cmd.Env = append(os.Environ(), tlsEnv...)
		t0 := time.Now()
		out, err := cmd.CombinedOutput()
		return string(out), time.Since(t0), err
	}
	out, took, err := tlsSolve("")
	if err == nil || !strings.Contains(out, "request_checksum_calculation=when_required") || strings.Contains(out, "corrupt") || took > 30*time.Second {
		t.Errorf("S3 over TLS keeping chunked framing: %v after %v:\n%s\nwant a failure within 30 s naming the fix", err, took.Round(time.Millisecond), out)
	}
	out, _, err = tlsSolve("&request_checksum_calculation=when_required&response_checksum_validation=when_required")
	if err != nil || jsonLine(out) != want {
		t.Errorf("S3 over TLS with when_required: %v\n%s\ngrundy count:\n%s", err, out, want)
	}
	phase("solved over TLS")
	// A corrupt sealed object in the finished store.
	ctx := context.Background()
	st, err := cluster.Open(ctx, c.storeURL("faults"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	m, err := st.Manifest(ctx, 30)
	if err != nil {
		t.Fatal(err)
	}
	key := m.Shards[1].Key
	b, err := st.Bucket().ReadAll(ctx, key)
	if err != nil {
		t.Fatal(err)
	}
	b[len(b)/2] ^= 4
	if err := st.Bucket().WriteAll(ctx, key, b, nil); err != nil {
		t.Fatal(err)
	}
	resubmit := exec.Command(c.worker, append(append([]string{"solve"}, box...), "--address", c.addr, "--store", c.storeURL("faults"), "--json")...)
	msg, err := resubmit.CombinedOutput()
	if err == nil || strings.Count(string(msg), key) != 1 || !strings.Contains(string(msg), "corrupt") {
		t.Errorf("resubmitting the job with a flipped bit in %s: %v\n%s", key, err, msg)
	}
	out = run(t, c.worker, "repair", "--store", c.storeURL("faults"))
	if !strings.Contains(out, "of tier 30 and later") {
		t.Errorf("repair: %s", out)
	}
	if got := run(t, c.worker, append(append([]string{"solve"}, box...), "--address", c.addr, "--store", c.storeURL("faults"), "--json")...); got != want {
		t.Errorf("solved again after repair:\n%s\ngrundy count:\n%s", got, want)
	}
	run(t, c.worker, "verify", "--store", c.storeURL("faults"))
	checkObjects(t, c.storeURL("faults"))
}
