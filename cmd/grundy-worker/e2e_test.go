package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/johannesboyne/gofakes3"
	"github.com/johannesboyne/gofakes3/backend/s3mem"
	"go.temporal.io/sdk/client"

	"github.com/grundy/grundy/cluster"
)

// temporalBinary finds the dev server that scripts/build-temporal.sh
// builds. The test skips without it only outside CI, or in CI when the
// build itself failed (.ci/run then says why in $GRUNDY_TEMPORAL_UNAVAILABLE).
func temporalBinary(t *testing.T) string {
	if p := os.Getenv("GRUNDY_TEMPORAL"); p != "" {
		return p
	}
	cache := os.Getenv("GRUNDY_CACHE")
	if cache == "" {
		home, _ := os.UserHomeDir()
		cache = filepath.Join(home, ".cache", "grundy")
	}
	p := filepath.Join(cache, "temporal-v1.5.1", "temporal")
	if _, err := os.Stat(p); err == nil {
		return p
	}
	if why := os.Getenv("GRUNDY_TEMPORAL_UNAVAILABLE"); why != "" {
		t.Skipf("no Temporal dev server: its build failed: %s", why)
	}
	if os.Getenv("CI") == "true" {
		t.Fatalf("no Temporal dev server at %s: .ci/run builds it with scripts/build-temporal.sh", p)
	}
	t.Skipf("no Temporal dev server at %s; build it with scripts/build-temporal.sh", p)
	return ""
}

func freePort(t *testing.T) int {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

// built holds the programs the end-to-end tests run, placed once per
// test binary into dir (made and removed by TestMain), side by side as
// an install puts them: grundy finds grundy-worker beside itself, and
// the worker finds grundy. TestCluster and TestFaults both need both, in
// parallel.
var built struct {
	sync.Mutex
	dir  string
	path map[string]string
}

// asWorker, set in a process's environment, makes this test binary run
// grundy-worker's main instead of the tests (see TestMain): the test
// binary is already linked with all of this package, so the end-to-end
// tests run it as the worker instead of linking the worker again (2.3 s
// of CPU, and at load 6 s before either end-to-end test could start).
const asWorker = "GRUNDY_WORKER_TEST_AS_MAIN"

// build returns the path of pkg's program in built.dir, placing it the
// first time: grundy-worker is a copy of this test binary; grundy is
// linked by go run, which (unlike go build -o) keeps the linked program
// in the build cache, so that later runs only copy it.
func build(t *testing.T, pkg string) string {
	t.Helper()
	built.Lock()
	defer built.Unlock()
	if p, ok := built.path[pkg]; ok {
		return p
	}
	out := filepath.Join(built.dir, filepath.Base(pkg))
	if pkg == "github.com/grundy/grundy/cmd/grundy-worker" {
		self, err := os.Executable()
		if err != nil {
			t.Fatal(err)
		}
		if err := copyFile(self, out); err != nil {
			t.Fatal(err)
		}
	} else {
		// go run -exec PROG runs PROG a.out ARGS: here cp a.out out.
		cmd := exec.Command("go", "run", "-exec", "cp", pkg, out)
		if b, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("go run -exec cp %s %s: %v\n%s", pkg, out, err, b)
		}
	}
	if built.path == nil {
		built.path = map[string]string{}
	}
	built.path[pkg] = out
	return out
}

func copyFile(from, to string) error {
	b, err := os.ReadFile(from)
	if err != nil {
		return err
	}
	return os.WriteFile(to, b, 0o755)
}

// A proc is a started process whose stderr goes to a file.
type proc struct {
	cmd  *exec.Cmd
	log  string
	from int // text reads the log from here
}

func start(t *testing.T, log string, env []string, name string, args ...string) *proc {
	t.Helper()
	f, err := os.Create(log)
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(name, args...)
	cmd.Env = append(os.Environ(), env...)
	cmd.Stdout, cmd.Stderr = f, f
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	f.Close()
	p := &proc{cmd: cmd, log: log}
	t.Cleanup(func() {
		cmd.Process.Kill()
		cmd.Wait()
	})
	return p
}

func (p *proc) text() string {
	b, _ := os.ReadFile(p.log)
	return string(b[min(p.from, len(b)):])
}

// TestCluster solves a box with three worker processes through a Temporal
// dev server and an in-process S3 fake, and expects grundy count's
// checksum and counts; then (with -long) solves another while SIGKILLing
// a worker in the middle of a shard and the coordinator, and expects the
// same, with exactly one object per planned shard; then runs grundy check in shards
// as activities and expects the unsplit report.
func TestCluster(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a Temporal dev server and worker processes")
	}
	// Alongside TestFaults: both mostly wait on their dev servers.
	t.Parallel()
	began := time.Now()
	phase := func(what string) { t.Logf("%5.1f s: %s", time.Since(began).Seconds(), what) }
	temporal := temporalBinary(t)
	worker := build(t, "github.com/grundy/grundy/cmd/grundy-worker")
	grundy := build(t, "github.com/grundy/grundy/cmd/grundy")

	backend := s3mem.New()
	if err := backend.CreateBucket("grundy"); err != nil {
		t.Fatal(err)
	}
	s3 := httptest.NewServer(gofakes3.New(backend).Server())
	defer s3.Close()
	creds := fakeCreds
	storeURL := func(prefix string) string {
		return "s3://grundy?endpoint=" + s3.URL + "&use_path_style=true&region=us-east-1&prefix=" + prefix + "/"
	}

	logs := t.TempDir()
	addr, _, _ := startDevServer(t, logs, temporal)

	// Worker 0 is the one killed in a shard: its shards take at least
	// this long, so that the kill lands inside one. The others' are not
	// slowed (every tier waits for its slowest shard).
	const victim = 0
	var workers []*proc
	for i := range 3 {
		delay := "0s"
		if i == victim {
			delay = "300ms"
		}
		workers = append(workers, start(t, filepath.Join(logs, fmt.Sprintf("worker-%d.log", i)), creds, worker, "run",
			"--address", addr, "--cache", filepath.Join(logs, fmt.Sprintf("cache-%d", i)), "--activities", "2",
			"--shard-delay", delay))
	}

	const game, piles, max = "slow-exact:k=2", 5, 8
	box := []string{game, "--piles", strconv.Itoa(piles), "--max", strconv.Itoa(max)}
	want := run(t, grundy, append([]string{"count", "--json"}, box...)...)
	var wantCount map[string]any
	if err := json.Unmarshal([]byte(want), &wantCount); err != nil {
		t.Fatalf("grundy count: %v: %s", err, want)
	}
	solveArgs := func(prefix string) []string {
		return append(append([]string{"solve"}, box...), "--address", addr, "--store", storeURL(prefix),
			"--shard-positions", "25", "--tiers-per-run", "6", "--heartbeat", "3s", "--json",
			// Every tier in shards, which the kill must land in.
			"--batch-positions", "0")
	}

	// 1. A plain run: the same JSON as grundy count, and the table read
	// back by grundy count --table.
	// grundy solve --engine temporal hands the solve to grundy-worker.
	got := run(t, grundy, append(append([]string{"solve"}, box...), "--engine", "temporal", "--store", storeURL("plain"), "--temporal-address", addr, "--json")...)
	if got != want {
		t.Errorf("grundy solve --engine temporal:\n%s\ngrundy count:\n%s", got, want)
	}
	dir := filepath.Join(t.TempDir(), "table")
	run(t, worker, "fetch", "--store", storeURL("plain"), "-o", dir)
	if got := run(t, grundy, "count", game, "--table", dir, "--json"); !sameCounts(t, got, wantCount) {
		t.Errorf("grundy count --table of the fetched table:\n%s\nwant the counts of\n%s", got, want)
	}
	checkObjects(t, storeURL("plain"))
	phase("solved through grundy solve --engine temporal")

	if *long { // .ci/run runs it so
		// 2. Kill a worker inside a shard, then the coordinator; run the
		// coordinator again.
		for _, w := range workers {
			w.from = len(w.text())
		}
		coord := start(t, filepath.Join(logs, "coordinator-1.log"), creds, worker, solveArgs("faults")...)
		_, shard := waitFor(t, workers[victim:victim+1], regexp.MustCompile(`begin tier (1[5-9]|2\d) shard (\d+) attempt 1\n`))
		if err := workers[victim].cmd.Process.Signal(syscall.SIGKILL); err != nil {
			t.Fatal(err)
		}
		t.Logf("killed worker %d during %q", victim, shard)
		workers[victim].cmd.Wait()
		if strings.Contains(workers[victim].text(), "end "+strings.TrimPrefix(shard, "begin ")+" ") {
			t.Fatalf("the kill came after worker %d finished %q (the test was too slow to see the shard begin)", victim, shard)
		}
		time.Sleep(500 * time.Millisecond)
		if err := coord.cmd.Process.Signal(syscall.SIGKILL); err != nil {
			t.Fatal(err)
		}
		coord.cmd.Wait()
		phase("killed a worker in a shard, and the coordinator")
		got = run(t, worker, solveArgs("faults")...)
		if got != want {
			t.Errorf("after the kills:\n%s\ngrundy count:\n%s", got, want)
		}
		// The killed worker's shard was retried by another.
		retried := strings.Replace(shard, "attempt 1", "attempt 2", 1)
		found := false
		for i, w := range workers {
			if i != victim && strings.Contains(w.text(), "end "+strings.TrimPrefix(retried, "begin ")+" ") {
				found = true
			}
		}
		if !found {
			for i, w := range workers {
				var lines []string
				for _, l := range strings.Split(w.text(), "\n") {
					if strings.Contains(l, "tier 15 ") || !strings.Contains(l, "tier") {
						lines = append(lines, l)
					}
				}
				t.Logf("worker %d:\n%s", i, strings.Join(lines, "\n"))
			}
			t.Errorf("no other worker finished %q", retried)
		}
		checkObjects(t, storeURL("faults"))
		phase("solved after the kills")
	}

	// 3. The audit in shards as activities: the merged report is the
	// unsplit run's.
	sel := []string{"001", "002/table-5"}
	whole := run(t, grundy, append([]string{"check"}, sel...)...)
	merged := run(t, worker, append(append([]string{"check"}, sel...), "--shards", "3", "--address", addr,
		"--store", storeURL("check"), "-o", filepath.Join(t.TempDir(), "shards"))...)
	phase("checked in shards")
	if merged != whole {
		t.Errorf("check in 3 shards through Temporal:\n%s\ngrundy check:\n%s", merged, whole)
	}
}

// devServerConfig is the dev server's dynamic configuration for the
// tests, as scripts/cluster-dev.sh sets it: Temporal delays the first task
// of a Continue-As-New run until a second after the previous run began
// (history.workflowIdReuseMinimalInterval), and runs of a test's small
// boxes last milliseconds: 7 runs of 41 tiers took 14 s instead of 5.
var devServerConfig = []string{"--dynamic-config-value", `history.workflowIdReuseMinimalInterval="0s"`}

func run(t *testing.T, name string, args ...string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	var out, errb bytes.Buffer
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		t.Fatalf("%s %s: %v\n%s", filepath.Base(name), strings.Join(args, " "), err, errb.String())
	}
	return out.String()
}

func waitServer(t *testing.T, addr string, server *proc) {
	t.Helper()
	if err := serverUp(addr, server); err != nil {
		t.Fatal(err)
	}
}

// serverUp waits until the Temporal server process p answers at addr:
// nil, or why not with the end of its log — at once when the process has
// exited, after two minutes otherwise.
func serverUp(addr string, p *proc) error {
	deadline := time.Now().Add(2 * time.Minute)
	for {
		c, err := client.Dial(client.Options{HostPort: addr})
		if err == nil {
			_, err = c.CheckHealth(context.Background(), &client.CheckHealthRequest{})
			c.Close()
			if err == nil {
				return nil
			}
		}
		if exited(p) || time.Now().After(deadline) {
			log := p.text()
			return fmt.Errorf("Temporal dev server at %s not up (exited %v): %v\n%s", addr, exited(p), err, log[max(0, len(log)-2000):])
		}
		time.Sleep(300 * time.Millisecond)
	}
}

// exited reports whether p's process has ended (a zombie not yet
// reaped, or gone), from /proc; false where there is none.
func exited(p *proc) bool {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", p.cmd.Process.Pid))
	if err != nil {
		return errors.Is(err, fs.ErrNotExist) && runtime.GOOS == "linux"
	}
	// pid (comm) state …: the state follows the last ')'.
	rest := b[bytes.LastIndexByte(b, ')')+1:]
	return len(bytes.TrimSpace(rest)) > 0 && bytes.TrimSpace(rest)[0] == 'Z'
}

// startDevServer starts a Temporal dev server on free ports and waits
// for it, logging to logs/server.log; a server that exits while starting
// is started again on fresh ports, up to three times: freePort's port is
// free when it returns, not when the server binds it, and the other
// packages' tests take ports meanwhile (CI saw one such server never
// come up).
func startDevServer(t *testing.T, logs, temporal string) (addr string, server *proc, args []string) {
	t.Helper()
	var err error
	for try := range 3 {
		port := freePort(t)
		addr = fmt.Sprintf("127.0.0.1:%d", port)
		args = append([]string{"server", "start-dev", "--headless", "--ip", "127.0.0.1",
			"--port", strconv.Itoa(port), "--http-port", strconv.Itoa(freePort(t)), "--metrics-port", strconv.Itoa(freePort(t)), "--log-level", "error"},
			devServerConfig...)
		server = start(t, filepath.Join(logs, fmt.Sprintf("server-try%d.log", try)), nil, temporal, args...)
		if err = serverUp(addr, server); err == nil {
			return addr, server, args
		}
		if !exited(server) {
			break
		}
	}
	t.Fatal(err)
	return
}

// waitFor waits until a worker's log shows re and returns the worker and
// the match.
func waitFor(t *testing.T, workers []*proc, re *regexp.Regexp) (int, string) {
	t.Helper()
	deadline := time.Now().Add(3 * time.Minute)
	for time.Now().Before(deadline) {
		for i, w := range workers {
			if m := re.FindString(w.text()); m != "" {
				return i, strings.TrimSuffix(m, "\n")
			}
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatalf("no worker logged %s", re)
	return 0, ""
}

func sameCounts(t *testing.T, got string, want map[string]any) bool {
	var g map[string]any
	if err := json.Unmarshal([]byte(got), &g); err != nil {
		t.Fatalf("%v: %s", err, got)
	}
	for _, k := range []string{"game", "piles", "max", "positions", "P", "Pm", "G_hist", "Gm_hist", "checksum"} {
		if fmt.Sprint(g[k]) != fmt.Sprint(want[k]) {
			return false
		}
	}
	return true
}

// checkObjects: every tier's manifest commits exactly the planned shards,
// and the store holds nothing else.
func checkObjects(t *testing.T, url string) {
	t.Helper()
	ctx := context.Background()
	st, err := cluster.Open(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	j, err := st.Job(ctx)
	if err != nil {
		t.Fatal(err)
	}
	p, err := cluster.NewPlan(j)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"job.json", "result.json"}
	for s := range p.Tiers() {
		m, err := st.Manifest(ctx, s)
		if err != nil {
			t.Fatal(err)
		}
		planned := p.Shards(s)
		if len(m.Shards) != len(planned) {
			t.Errorf("tier %d: %d shards committed, %d planned", s, len(m.Shards), len(planned))
			continue
		}
		for i, r := range m.Shards {
			if r.Lo != planned[i].Lo || r.Hi != planned[i].Hi {
				t.Errorf("tier %d shard %d: committed %d..%d, planned %d..%d", s, i, r.Lo, r.Hi, planned[i].Lo, planned[i].Hi)
			}
			want = append(want, r.Key)
		}
		want = append(want, fmt.Sprintf("tiers/%06d/manifest.json", s))
	}
	var got []string
	it := st.Bucket().List(nil)
	for {
		obj, err := it.Next(ctx)
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, obj.Key)
	}
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("store %s holds %d objects, the manifests commit %d", url, len(got), len(want))
	}
}

// TestGrundyWithoutTemporal: the default grundy program links neither the
// Temporal SDK nor the object-store libraries.
func TestGrundyWithoutTemporal(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", "github.com/grundy/grundy/cmd/grundy").Output()
	if err != nil {
		t.Fatal(err)
	}
	for _, dep := range strings.Fields(string(out)) {
		for _, banned := range []string{"go.temporal.io/", "gocloud.dev/", "github.com/aws/", "github.com/grundy/grundy/cluster"} {
			if strings.HasPrefix(dep, banned) {
				t.Errorf("cmd/grundy depends on %s", dep)
			}
		}
	}
}
