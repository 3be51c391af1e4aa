package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/grundy/grundy/cluster/s3fake"
)

// scrape reads a Prometheus text exposition at url and returns each
// metric's value summed over its series, by name.
func scrape(url string) (map[string]float64, error) {
	resp, err := http.Get(url)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("%s: %s", url, resp.Status)
	}
	got := map[string]float64{}
	sc := bufio.NewScanner(resp.Body)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		i := strings.LastIndexByte(line, ' ')
		v, err := strconv.ParseFloat(line[i+1:], 64)
		if err != nil {
			return nil, fmt.Errorf("%s: line %q", url, line)
		}
		name := line[:i]
		if j := strings.IndexByte(name, '{'); j >= 0 {
			name = name[:j]
		}
		got[name] += v
	}
	return got, sc.Err()
}

// TestOperator runs a Temporal dev server, an S3 fake that checks the
// access key, and two workers serving metrics, and checks what an
// operator sees:
//   - the coordinator's grundy_solve_tiers_sealed, scraped during the
//     solve, rises to the box's 5·8+1 = 41 tiers; the workers' tiers
//     sealed add up to 41 and their positions solved to grundy count's;
//     the SDK's temporal_* metrics are there; readiness is 200;
//   - a worker whose key the store refuses fails the workflow within
//     30 s, saying so, not after 20 attempts;
//   - a coordinator whose TLS does not match the server's, or whose store
//     endpoint speaks TLS where it said http://, fails within 10 s;
//   - with -long, a workflow the server loses (restarted without its
//     state) makes the coordinator say to run solve again.
func TestOperator(t *testing.T) {
	if testing.Short() || !*long {
		// TestFaults and TestCluster start the cluster in the plain
		// run; this one's failures-to-be-fast run with -long (.ci/run).
		t.Skip("starts a Temporal dev server and worker processes (with -long)")
	}
	t.Parallel()
	began := time.Now()
	phase := func(what string) { t.Logf("%5.1f s: %s", time.Since(began).Seconds(), what) }
	temporal := temporalBinary(t)
	worker := build(t, "github.com/grundy/grundy/cmd/grundy-worker")
	grundy := build(t, "github.com/grundy/grundy/cmd/grundy")
	h, err := s3fake.New(s3fake.Options{Buckets: []string{"grundy"}, AccessKey: "grundy"})
	if err != nil {
		t.Fatal(err)
	}
	s3 := httptest.NewServer(h)
	defer s3.Close()
	storeURL := func(endpoint, prefix string) string {
		return "s3://grundy?endpoint=" + endpoint + "&use_path_style=true&region=us-east-1&prefix=" + prefix + "/"
	}
	logs := t.TempDir()
	addr, server, serverArgs := startDevServer(t, logs, temporal)
	var metrics []string
	var workers []*proc
	for i := range 2 {
		m := fmt.Sprintf("127.0.0.1:%d", freePort(t))
		metrics = append(metrics, m)
		// Shards slowed a little, so that the scrapes see the solve
		// between its first tier and its last.
		workers = append(workers, start(t, filepath.Join(logs, fmt.Sprintf("worker-%d.log", i)), fakeCreds, worker, "run",
			"--address", addr, "--cache", filepath.Join(logs, fmt.Sprintf("cache-%d", i)), "--activities", "2",
			"--shard-delay", "100ms", "--metrics-address", m))
	}
	waitFor(t, workers[0:1], regexp.MustCompile(`polling`))
	waitFor(t, workers[1:2], regexp.MustCompile(`polling`))
	for _, m := range metrics {
		resp, err := http.Get("http://" + m + "/readyz")
		if err != nil || resp.StatusCode != http.StatusOK {
			t.Errorf("worker readiness at %s: %v %v", m, resp, err)
		}
		if resp != nil {
			resp.Body.Close()
		}
	}
	phase("server and workers up")

	// 1. Metrics during a solve.
	box := []string{"slow-exact:k=2", "--piles", "5", "--max", "8"}
	var count struct{ Positions float64 }
	if err := json.Unmarshal([]byte(run(t, grundy, append([]string{"count", "--json"}, box...)...)), &count); err != nil {
		t.Fatal(err)
	}
	const tiers = 5*8 + 1
	coordMetrics := fmt.Sprintf("127.0.0.1:%d", freePort(t))
	coord := start(t, filepath.Join(logs, "coordinator.log"), fakeCreds, worker, append(append([]string{"solve"}, box...),
		"--address", addr, "--store", storeURL(s3.URL, "metrics"), "--shard-positions", "25", "--batch-positions", "0",
		"--json", "--metrics-address", coordMetrics)...)
	done := make(chan error, 1)
	go func() { done <- coord.cmd.Wait() }()
	workerSealed := func() float64 {
		var n float64
		for _, m := range metrics {
			got, err := scrape("http://" + m + "/metrics")
			if err != nil {
				t.Fatal(err)
			}
			n += got["grundy_worker_tiers_sealed_total"]
		}
		return n
	}
	var seen, workerSeen []float64
	deadline := time.After(3 * time.Minute)
	for waiting := true; waiting; {
		select {
		case err := <-done:
			if err != nil {
				t.Fatalf("solve: %v\n%s", err, coord.text())
			}
			waiting = false
		case <-time.After(200 * time.Millisecond):
			if n := workerSealed(); len(workerSeen) == 0 || n != workerSeen[len(workerSeen)-1] {
				workerSeen = append(workerSeen, n)
			}
			if m, err := scrape("http://" + coordMetrics + "/metrics"); err == nil {
				if v, ok := m["grundy_solve_tiers_sealed"]; ok && (len(seen) == 0 || v != seen[len(seen)-1]) {
					seen = append(seen, v)
				}
				if m["grundy_solve_tiers"] != 0 && m["grundy_solve_tiers"] != tiers {
					t.Errorf("grundy_solve_tiers = %v, want %d", m["grundy_solve_tiers"], tiers)
				}
			}
		case <-deadline:
			t.Fatalf("solve still running after 3 minutes:\n%s", coord.text())
		}
	}
	if n := workerSealed(); n != workerSeen[len(workerSeen)-1] {
		workerSeen = append(workerSeen, n)
	}
	phase(fmt.Sprintf("solved; tiers sealed as scraped from the coordinator %v, summed over the workers %v", seen, workerSeen))
	// The coordinator exits as soon as the workflow ends, which may be
	// before a scrape sees its last figure; the workers stay, and their
	// counts are scraped during the solve and after it.
	rising := len(seen) >= 2
	for i := 1; i < len(seen); i++ {
		rising = rising && seen[i] > seen[i-1] && seen[i] <= tiers
	}
	between := false
	for _, v := range seen {
		between = between || (v > 0 && v < tiers)
	}
	if !rising || !between {
		t.Errorf("grundy_solve_tiers_sealed scraped during the solve: %v; want it rising through values between 0 and %d", seen, tiers)
	}
	if len(workerSeen) < 2 || workerSeen[len(workerSeen)-1] != tiers {
		t.Errorf("the workers' tiers sealed, summed, scraped during the solve and after: %v; want it to rise to %d", workerSeen, tiers)
	}
	var sealed, positions, written float64
	sdk := false
	for _, m := range metrics {
		got, err := scrape("http://" + m + "/metrics")
		if err != nil {
			t.Fatal(err)
		}
		sealed += got["grundy_worker_tiers_sealed_total"]
		positions += got["grundy_worker_positions_solved_total"]
		written += got["grundy_worker_store_written_bytes_total"]
		for name := range got {
			sdk = sdk || strings.HasPrefix(name, "temporal_")
		}
	}
	if sealed != tiers || positions != count.Positions || written == 0 || !sdk {
		t.Errorf("workers' metrics: %v tiers sealed (want %d), %v positions solved (want grundy count's %v), %v bytes written, SDK metrics %v",
			sealed, tiers, positions, count.Positions, written, sdk)
	}

	// status's text view of the same endpoints.
	out := run(t, worker, "status", "--store", storeURL(s3.URL, "metrics"), "--metrics", metrics[0], "--metrics", "http://"+metrics[1]+"/metrics")
	for _, m := range metrics {
		if !strings.Contains(out, "metrics    http://"+m+"/metrics: worker: ") {
			t.Errorf("status --metrics:\n%s\nwant a line for %s", out, m)
		}
	}
	if !strings.Contains(out, fmt.Sprintf("%d of %d sealed", tiers, tiers)) {
		t.Errorf("status:\n%s\nwant all %d tiers sealed", out, tiers)
	}

	// 2. A worker with a key the store refuses, alone on its task queue.
	wrong := []string{"AWS_ACCESS_KEY_ID=nobody", "AWS_SECRET_ACCESS_KEY=nothing", "AWS_EC2_METADATA_DISABLED=true"}
	w := start(t, filepath.Join(logs, "worker-wrong-key.log"), wrong, worker, "run", "--address", addr, "--task-queue", "wrong-key",
		"--cache", filepath.Join(logs, "cache-wrong"))
	waitFor(t, []*proc{w}, regexp.MustCompile(`polling`))
	t0 := time.Now()
	b, err := exec.Command(worker, append(append([]string{"solve"}, box...), "--address", addr, "--task-queue", "wrong-key",
		"--store", storeURL(s3.URL, "wrong-key"), "--batch-positions", "0", "--parallel", "2")...).CombinedOutput()
	took := time.Since(t0)
	out = string(b)
	if err == nil || !strings.Contains(out, "store denied access") || strings.Contains(out, "unreachable") || took > 30*time.Second {
		t.Errorf("solve on a worker whose key the store refuses: %v after %v:\n%s\nwant it failed within 30 s saying the store denied access", err, took.Round(time.Millisecond), out)
	}
	if !strings.Contains(w.text(), "fail init attempt 1: store denied access") {
		t.Errorf("the worker with the wrong key logged:\n%s\nwant a line for its failed init", w.text())
	}
	phase(fmt.Sprintf("wrong key failed in %v", took.Round(time.Millisecond)))

	// 3. TLS that does not match, to Temporal and to the store.
	for _, c := range []struct {
		name string
		args []string
		want string
	}{
		{"TLS to a plaintext frontend", []string{"--address", addr, "--tls", "--store", storeURL(s3.URL, "tls")}, "does not speak TLS"},
		{"an http:// store that speaks TLS", []string{"--address", addr, "--store", storeURL(tlsStore(t), "tls")}, "speaks TLS"},
	} {
		t0 := time.Now()
		out, err := exec.Command(worker, append(append([]string{"solve"}, box...), c.args...)...).CombinedOutput()
		took := time.Since(t0)
		if err == nil || !strings.Contains(string(out), c.want) || took > 10*time.Second {
			t.Errorf("%s: %v after %v:\n%s\nwant a failure within 10 s saying %q", c.name, err, took.Round(time.Millisecond), out, c.want)
		}
		phase(fmt.Sprintf("%s failed in %v", c.name, took.Round(time.Millisecond)))
	}
	if !*long {
		return
	}

	// 4. The server loses the workflow (a dev server restarted without
	// its state file): the coordinator says to run solve again.
	lost := start(t, filepath.Join(logs, "coordinator-lost.log"), fakeCreds, worker, append(append([]string{"solve"}, box...),
		"--address", addr, "--store", storeURL(s3.URL, "lost"), "--shard-positions", "25", "--batch-positions", "0")...)
	waitFor(t, []*proc{lost}, regexp.MustCompile(`tier [1-9]\d* of`))
	server.cmd.Process.Kill()
	server.cmd.Wait()
	restarted := start(t, filepath.Join(logs, "server-2.log"), nil, temporal, serverArgs...)
	waitServer(t, addr, restarted)
	errc := make(chan error, 1)
	go func() { errc <- lost.cmd.Wait() }()
	select {
	case err := <-errc:
		if err == nil || !strings.Contains(lost.text(), "run solve again") {
			t.Errorf("the coordinator of a lost workflow: %v\n%s\nwant it to say to run solve again", err, lost.text())
		}
	case <-time.After(2 * time.Minute):
		t.Errorf("the coordinator of a lost workflow still waits after 2 minutes:\n%s", lost.text())
	}
	phase("lost workflow reported")
}

// tlsStore serves an S3 fake over TLS and returns its endpoint written
// as http://, as an operator who forgot the s.
func tlsStore(t *testing.T) string {
	h, _ := s3fake.New(s3fake.Options{Buckets: []string{"grundy"}})
	srv := httptest.NewTLSServer(h)
	t.Cleanup(srv.Close)
	return strings.Replace(srv.URL, "https://", "http://", 1)
}
