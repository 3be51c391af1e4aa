package main

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"go.temporal.io/sdk/client"

	"github.com/grundy/grundy/cluster"
	"github.com/grundy/grundy/cmd/grundy-worker/internal/flow"
)

// TestLogFormats: grundy's lines and the SDK's come out in one format,
// text or JSON, at the level asked (the SDK's from warn on unless
// debugging), and bad flag values are bad input.
func TestLogFormats(t *testing.T) {
	defer loggers.Store(nil)
	var b strings.Builder
	l := logFlags{format: "text", level: "info"}
	if err := l.setup(&b); err != nil {
		t.Fatal(err)
	}
	before := time.Now().UTC().Truncate(time.Millisecond)
	logger().Info("begin tier 3 shard 1 attempt 2", "positions", 25, "store", "s3://b?x=1&y=a b")
	logger().Debug("not shown at info")
	currentLoggers().sdk.Info("polled", "TaskQueue", "grundy")
	currentLoggers().sdk.Warn("Failed to poll for task.", "Error", "unavailable")
	lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
	if len(lines) != 2 {
		t.Fatalf("text lines:\n%s\nwant 2 (info of grundy, warn of the SDK)", b.String())
	}
	stamp, rest, _ := strings.Cut(lines[0], " ")
	at, err := time.Parse("2006-01-02T15:04:05.000Z", stamp)
	if err != nil || at.Before(before) || at.After(time.Now()) || rest != `INFO begin tier 3 shard 1 attempt 2 positions=25 store="s3://b?x=1&y=a b"` {
		t.Errorf("text line %q: want the UTC time to the millisecond from %v, the level, the message, the pairs", lines[0], before)
	}
	if _, rest, _ := strings.Cut(lines[1], " "); rest != `WARN Failed to poll for task. source=temporal-sdk Error=unavailable` {
		t.Errorf("the SDK's text line %q", lines[1])
	}

	b.Reset()
	l = logFlags{format: "json", level: "debug"}
	if err := l.setup(&b); err != nil {
		t.Fatal(err)
	}
	logger().Debug("shown at debug", "tier", 4)
	currentLoggers().sdk.Info("polled")
	for _, line := range strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n") {
		var v map[string]any
		if err := json.Unmarshal([]byte(line), &v); err != nil || v["msg"] == nil || v["level"] == nil || !strings.HasSuffix(v["time"].(string), "Z") {
			t.Errorf("JSON line %q: %v; want an object with time (UTC), level and msg", line, err)
		}
	}
	if n := strings.Count(b.String(), "\n"); n != 2 {
		t.Errorf("JSON at debug: %d lines, want 2:\n%s", n, b.String())
	}

	for _, bad := range []logFlags{{format: "xml", level: "info"}, {format: "text", level: "loud"}} {
		if err := bad.setup(&b); err == nil || !strings.Contains(err.Error(), "--log-") {
			t.Errorf("setup(%+v) = %v, want bad input naming the flag", bad, err)
		}
	}
}

// TestPromHandler: the SDK's counters, gauges and timers reach the
// registry as NAME_total, gauges and NAME_seconds histograms with their
// tags as labels, and a metric emitted with another set of tags keeps
// its first label names instead of being lost.
func TestPromHandler(t *testing.T) {
	reg := prometheus.NewRegistry()
	var h client.MetricsHandler = newPromHandler(reg)
	q := h.WithTags(map[string]string{"namespace": "default", "task_queue": "grundy"})
	q.Counter("temporal_request").Inc(2)
	q.Counter("temporal_request").Inc(3)
	q.WithTags(map[string]string{"operation": "Poll"}).Counter("temporal_request").Inc(1) // another tag set
	q.Gauge("temporal_num_pollers").Update(8)
	q.Timer("temporal_request_latency").Record(250 * time.Millisecond)
	families, err := reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]float64{}
	for _, f := range families {
		for _, m := range f.GetMetric() {
			labels := ""
			for _, l := range m.GetLabel() {
				labels += l.GetName() + "=" + l.GetValue() + ","
			}
			key := f.GetName() + "{" + labels + "}"
			switch {
			case m.GetCounter() != nil:
				got[key] = m.GetCounter().GetValue()
			case m.GetGauge() != nil:
				got[key] = m.GetGauge().GetValue()
			case m.GetHistogram() != nil:
				got[key] = m.GetHistogram().GetSampleSum()
			}
		}
	}
	want := map[string]float64{
		"temporal_request_total{namespace=default,task_queue=grundy,}":           6,
		"temporal_num_pollers{namespace=default,task_queue=grundy,}":             8,
		"temporal_request_latency_seconds{namespace=default,task_queue=grundy,}": 0.25,
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%s = %v, want %v (gathered %v)", k, got[k], v, got)
		}
	}
	if len(got) != len(want) {
		t.Errorf("gathered %v, want %v", got, want)
	}
}

// TestStatusMetrics: status's text view of a worker's and a
// coordinator's metrics endpoints says the figures they serve.
func TestStatusMetrics(t *testing.T) {
	acts := &flow.Activities{}
	acts.Counters.TiersSealed.Add(3)
	acts.Counters.PositionsSolved.Add(1234)
	acts.Counters.Record(flow.Failure{Activity: flow.ShardName, Fault: cluster.FaultUnreachable})
	acts.Counters.Record(flow.Failure{Activity: flow.ShardName, Fault: cluster.FaultUnreachable})
	wreg := newRegistry()
	wreg.MustRegister(workerCollector(acts))
	m := &coordMetrics{}
	m.setTiers(41)
	m.setSealed(5)
	m.retries(map[string]int{"StoreUnreachable": 2, "heartbeat_timeout": 1})
	creg := newRegistry()
	creg.MustRegister(m.collector())
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	for _, c := range []struct {
		reg  *prometheus.Registry
		want string
	}{
		{wreg, "worker: 3 tiers sealed, 1234 positions solved, 0 B read, 0 B written, 0 B fetched; failed attempts: SolveShard unreachable 2"},
		{creg, "coordinator: 5 of 41 tiers sealed; failed attempts: StoreUnreachable 2, heartbeat_timeout 1"},
	} {
		addr, err := serveMetrics(ctx, "127.0.0.1:0", c.reg, func(context.Context) error { return nil })
		if err != nil {
			t.Fatal(err)
		}
		samples, err := scrapeSamples(ctx, "http://"+addr+"/metrics")
		if err != nil {
			t.Fatal(err)
		}
		if got := metricsView(samples); got != c.want {
			t.Errorf("metricsView = %q, want %q", got, c.want)
		}
	}
	if got := bytesText(3_400_000); got != "3.4 MB" {
		t.Errorf("bytesText(3.4e6) = %q", got)
	}
}
