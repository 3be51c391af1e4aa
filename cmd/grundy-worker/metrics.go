package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
	"go.temporal.io/sdk/client"

	"github.com/grundy/grundy/cmd/grundy-worker/internal/flow"
)

// promHandler is the Temporal SDK's metrics handler (client.MetricsHandler)
// on a Prometheus registry: counters become NAME_total, timers histograms
// in seconds, gauges gauges, and the SDK's tags labels. Prometheus wants
// one set of label names per metric while the SDK may emit a metric with
// different tags in different places: the first set seen is kept, a
// missing label is empty and an extra one dropped (merging those series)
// rather than the sample lost.
type promHandler struct {
	reg  *promMetrics
	tags map[string]string
}

type promMetrics struct {
	registry *prometheus.Registry
	mu       sync.Mutex
	vecs     map[string]*promVec
}

type promVec struct {
	labels    []string
	counter   *prometheus.CounterVec
	gauge     *prometheus.GaugeVec
	histogram *prometheus.HistogramVec
}

func newPromHandler(r *prometheus.Registry) client.MetricsHandler {
	return promHandler{reg: &promMetrics{registry: r, vecs: map[string]*promVec{}}}
}

func (h promHandler) WithTags(tags map[string]string) client.MetricsHandler {
	merged := make(map[string]string, len(h.tags)+len(tags))
	for k, v := range h.tags {
		merged[sanitize(k)] = v
	}
	for k, v := range tags {
		merged[sanitize(k)] = v
	}
	return promHandler{reg: h.reg, tags: merged}
}

// sanitize makes s a Prometheus metric or label name.
func sanitize(s string) string {
	b := []byte(s)
	for i, c := range b {
		if !(c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' && i > 0) {
			b[i] = '_'
		}
	}
	return string(b)
}

// vec returns the metric family of name, made with kind on first use,
// and the labels of h's tags in its label names.
func (h promHandler) vec(name, kind string) (*promVec, prometheus.Labels, error) {
	name = sanitize(name)
	h.reg.mu.Lock()
	defer h.reg.mu.Unlock()
	v := h.reg.vecs[kind+" "+name]
	if v == nil {
		v = &promVec{}
		for k := range h.tags {
			v.labels = append(v.labels, k)
		}
		slices.Sort(v.labels)
		help := "Temporal SDK metric " + name
		var c prometheus.Collector
		switch kind {
		case "counter":
			v.counter = prometheus.NewCounterVec(prometheus.CounterOpts{Name: name + "_total", Help: help}, v.labels)
			c = v.counter
		case "gauge":
			v.gauge = prometheus.NewGaugeVec(prometheus.GaugeOpts{Name: name, Help: help}, v.labels)
			c = v.gauge
		default:
			v.histogram = prometheus.NewHistogramVec(prometheus.HistogramOpts{Name: name + "_seconds", Help: help + ", in seconds",
				Buckets: []float64{.001, .005, .01, .05, .1, .5, 1, 5, 10, 60, 300}}, v.labels)
			c = v.histogram
		}
		if err := h.reg.registry.Register(c); err != nil {
			return nil, nil, err
		}
		h.reg.vecs[kind+" "+name] = v
	}
	l := prometheus.Labels{}
	for _, k := range v.labels {
		l[k] = h.tags[k]
	}
	return v, l, nil
}

type counterFunc func(int64)

func (f counterFunc) Inc(d int64) { f(d) }

type gaugeFunc func(float64)

func (f gaugeFunc) Update(d float64) { f(d) }

type timerFunc func(time.Duration)

func (f timerFunc) Record(d time.Duration) { f(d) }

func (h promHandler) Counter(name string) client.MetricsCounter {
	v, l, err := h.vec(name, "counter")
	if err != nil {
		return client.MetricsNopHandler.Counter(name)
	}
	c := v.counter.With(l)
	return counterFunc(func(d int64) { c.Add(float64(d)) })
}

func (h promHandler) Gauge(name string) client.MetricsGauge {
	v, l, err := h.vec(name, "gauge")
	if err != nil {
		return client.MetricsNopHandler.Gauge(name)
	}
	g := v.gauge.With(l)
	return gaugeFunc(g.Set)
}

func (h promHandler) Timer(name string) client.MetricsTimer {
	v, l, err := h.vec(name, "timer")
	if err != nil {
		return client.MetricsNopHandler.Timer(name)
	}
	o := v.histogram.With(l)
	return timerFunc(func(d time.Duration) { o.Observe(d.Seconds()) })
}

// funcCollector collects the metrics a function returns at each scrape.
type funcCollector struct {
	descs   []*prometheus.Desc
	collect func(chan<- prometheus.Metric)
}

func (f funcCollector) Describe(ch chan<- *prometheus.Desc) {
	for _, d := range f.descs {
		ch <- d
	}
}

func (f funcCollector) Collect(ch chan<- prometheus.Metric) { f.collect(ch) }

// workerCollector exports a worker's counts (flow.Counters) and bytes.
func workerCollector(a *flow.Activities) prometheus.Collector {
	tiers := prometheus.NewDesc("grundy_worker_tiers_sealed_total", "Tiers this worker sealed (a tier's seal, or a tier of a run of small tiers).", nil, nil)
	positions := prometheus.NewDesc("grundy_worker_positions_solved_total", "Positions of the shards and batched tiers this worker computed, retried attempts included.", nil, nil)
	read := prometheus.NewDesc("grundy_worker_store_read_bytes_total", "Bytes of objects read from the store (sealing, caching, finishing).", nil, nil)
	written := prometheus.NewDesc("grundy_worker_store_written_bytes_total", "Bytes of objects written to the store.", nil, nil)
	fetched := prometheus.NewDesc("grundy_worker_cache_fetched_bytes_total", "Bytes of tiers this worker's cache fetched from the store.", nil, nil)
	failed := prometheus.NewDesc("grundy_worker_failed_attempts_total", "Activity attempts that failed on this worker, by activity and cause (store faults: cluster.Fault; retryable: unreachable, stall, other).", []string{"activity", "cause"}, nil)
	return funcCollector{descs: []*prometheus.Desc{tiers, positions, read, written, fetched, failed}, collect: func(ch chan<- prometheus.Metric) {
		ch <- prometheus.MustNewConstMetric(tiers, prometheus.CounterValue, float64(a.Counters.TiersSealed.Load()))
		ch <- prometheus.MustNewConstMetric(positions, prometheus.CounterValue, float64(a.Counters.PositionsSolved.Load()))
		r, w, f := a.Bytes()
		ch <- prometheus.MustNewConstMetric(read, prometheus.CounterValue, float64(r))
		ch <- prometheus.MustNewConstMetric(written, prometheus.CounterValue, float64(w))
		ch <- prometheus.MustNewConstMetric(fetched, prometheus.CounterValue, float64(f))
		for k, n := range a.Counters.Failures() {
			ch <- prometheus.MustNewConstMetric(failed, prometheus.CounterValue, float64(n), strings.TrimPrefix(k.Activity, "grundy."), k.Fault.String())
		}
	}}
}

// coordMetrics are a coordinator's figures of its workflow, from the
// progress query and the pending activities. A nil *coordMetrics
// records nothing.
type coordMetrics struct {
	mu            sync.Mutex
	tiers, sealed int
	retried       map[string]int
}

func (m *coordMetrics) setTiers(n int) {
	if m != nil {
		m.mu.Lock()
		m.tiers = n
		m.mu.Unlock()
	}
}

// setSealed raises the sealed tiers to n (a batch's heartbeat and the
// workflow's progress query may lag each other).
func (m *coordMetrics) setSealed(n int) {
	if m != nil {
		m.mu.Lock()
		m.sealed = max(m.sealed, n)
		m.mu.Unlock()
	}
}

func (m *coordMetrics) retries(by map[string]int) {
	if m != nil {
		m.mu.Lock()
		m.retried = make(map[string]int, len(by))
		for k, v := range by {
			m.retried[k] = v
		}
		m.mu.Unlock()
	}
}

func (m *coordMetrics) collector() prometheus.Collector {
	tiers := prometheus.NewDesc("grundy_solve_tiers", "Tiers of the box being solved.", nil, nil)
	sealed := prometheus.NewDesc("grundy_solve_tiers_sealed", "Tiers sealed, from tier 0 on.", nil, nil)
	retried := prometheus.NewDesc("grundy_solve_failed_attempts_total", "Failed activity attempts the coordinator saw, by cause (the error type: StoreUnreachable, Corrupt, …, or heartbeat_timeout for a worker that died).", []string{"cause"}, nil)
	return funcCollector{descs: []*prometheus.Desc{tiers, sealed, retried}, collect: func(ch chan<- prometheus.Metric) {
		m.mu.Lock()
		defer m.mu.Unlock()
		ch <- prometheus.MustNewConstMetric(tiers, prometheus.GaugeValue, float64(m.tiers))
		ch <- prometheus.MustNewConstMetric(sealed, prometheus.GaugeValue, float64(m.sealed))
		for c, n := range m.retried {
			ch <- prometheus.MustNewConstMetric(retried, prometheus.CounterValue, float64(n), c)
		}
	}}
}

// newRegistry is a registry with the Go runtime's and the process's
// metrics.
func newRegistry() *prometheus.Registry {
	r := prometheus.NewRegistry()
	r.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	return r
}

// serveMetrics serves /metrics from r, /livez (200 while the process
// answers) and /readyz (200 when ready returns nil, else 503 and its
// error) on addr, until ctx ends; it returns the address listened on.
func serveMetrics(ctx context.Context, addr string, r *prometheus.Registry, ready func(context.Context) error) (string, error) {
	l, err := net.Listen("tcp", addr)
	if err != nil {
		return "", badInput{fmt.Errorf("--metrics-address %s: %w", addr, err)}
	}
	mux := http.NewServeMux()
	mux.Handle("/metrics", promhttp.HandlerFor(r, promhttp.HandlerOpts{}))
	mux.HandleFunc("/livez", func(w http.ResponseWriter, _ *http.Request) { fmt.Fprintln(w, "ok") })
	mux.HandleFunc("/readyz", func(w http.ResponseWriter, req *http.Request) {
		ctx, cancel := context.WithTimeout(req.Context(), 5*time.Second)
		defer cancel()
		if err := ready(ctx); err != nil {
			http.Error(w, "not ready: "+oneLine(err), http.StatusServiceUnavailable)
			return
		}
		fmt.Fprintln(w, "ok")
	})
	srv := &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	go func() {
		<-ctx.Done()
		srv.Close()
	}()
	go func() {
		if err := srv.Serve(l); err != nil && !errors.Is(err, http.ErrServerClosed) {
			warnf("metrics server on %s: %v", l.Addr(), err)
		}
	}()
	return l.Addr().String(), nil
}

// workerReady is a worker's readiness: it polls, and the Temporal
// frontend answers a health check (cached for a few seconds, so that
// frequent probes do not become frequent requests).
type workerReady struct {
	cl      client.Client
	mu      sync.Mutex
	polling bool
	at      time.Time
	err     error
}

func (r *workerReady) check(ctx context.Context) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if !r.polling {
		return errors.New("the worker is not polling yet")
	}
	if time.Since(r.at) < 5*time.Second {
		return r.err
	}
	_, err := r.cl.CheckHealth(ctx, &client.CheckHealthRequest{})
	if err != nil {
		err = fmt.Errorf("the Temporal frontend: %s", oneLine(err))
	}
	r.at, r.err = time.Now(), err
	return err
}

func (r *workerReady) started() {
	r.mu.Lock()
	r.polling = true
	r.mu.Unlock()
}

// A sample is one series of a Prometheus text exposition.
type sample struct {
	name   string
	labels map[string]string
	value  float64
}

// scrapeSamples reads the Prometheus text exposition at url (within
// 10 s).
func scrapeSamples(ctx context.Context, url string) ([]sample, error) {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return nil, err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("%s", resp.Status)
	}
	var out []sample
	sc := bufio.NewScanner(resp.Body)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		i := strings.LastIndexByte(line, ' ')
		if i < 0 {
			return nil, fmt.Errorf("line %q", line)
		}
		v, err := strconv.ParseFloat(line[i+1:], 64)
		if err != nil {
			return nil, fmt.Errorf("line %q", line)
		}
		s := sample{name: line[:i], labels: map[string]string{}, value: v}
		if j := strings.IndexByte(s.name, '{'); j >= 0 {
			// Label values here are plain words (grundy's and the
			// SDK's); a quoted comma would be split, and only mislabel.
			for _, kv := range strings.Split(strings.TrimSuffix(s.name[j+1:], "}"), ",") {
				if k, v, ok := strings.Cut(kv, "="); ok {
					s.labels[k] = strings.Trim(v, `"`)
				}
			}
			s.name = s.name[:j]
		}
		out = append(out, s)
	}
	return out, sc.Err()
}

// metricsView is status's line about one metrics endpoint: a worker's
// or a coordinator's figures, from what it serves.
func metricsView(samples []sample) string {
	sum := map[string]float64{}
	failed := map[string]float64{}
	for _, s := range samples {
		sum[s.name] += s.value
		switch s.name {
		case "grundy_worker_failed_attempts_total":
			failed[s.labels["activity"]+" "+s.labels["cause"]] += s.value
		case "grundy_solve_failed_attempts_total":
			failed[s.labels["cause"]] += s.value
		}
	}
	var parts []string
	if _, ok := sum["grundy_solve_tiers"]; ok {
		parts = append(parts, fmt.Sprintf("coordinator: %.0f of %.0f tiers sealed", sum["grundy_solve_tiers_sealed"], sum["grundy_solve_tiers"]))
	}
	if _, ok := sum["grundy_worker_tiers_sealed_total"]; ok {
		parts = append(parts, fmt.Sprintf("worker: %.0f tiers sealed, %.0f positions solved, %s read, %s written, %s fetched",
			sum["grundy_worker_tiers_sealed_total"], sum["grundy_worker_positions_solved_total"],
			bytesText(sum["grundy_worker_store_read_bytes_total"]), bytesText(sum["grundy_worker_store_written_bytes_total"]),
			bytesText(sum["grundy_worker_cache_fetched_bytes_total"])))
	}
	if len(parts) == 0 {
		return "no grundy metrics"
	}
	line := strings.Join(parts, "; ")
	if len(failed) == 0 {
		return line + "; no failed attempts"
	}
	var fs []string
	for k, n := range failed {
		fs = append(fs, fmt.Sprintf("%s %.0f", k, n))
	}
	slices.Sort(fs)
	return line + "; failed attempts: " + strings.Join(fs, ", ")
}

// bytesText is n bytes in the largest unit of 1000 that keeps it ≥ 1.
func bytesText(n float64) string {
	units := []string{"B", "kB", "MB", "GB", "TB"}
	i := 0
	for n >= 1000 && i < len(units)-1 {
		n /= 1000
		i++
	}
	if i == 0 {
		return fmt.Sprintf("%.0f B", n)
	}
	return fmt.Sprintf("%.1f %s", n, units[i])
}
