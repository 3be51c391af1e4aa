package web

import (
	"context"
	"net/http"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"
)

// Six slow requests in flight (searches of nim 60,60,60,60, 1.9 million
// positions each, and heatmaps) do not delay a cheap one: wythoff 30,40
// answers within a second (issue 25 measured 19.3 s).
func TestFairness(t *testing.T) {
	s := &Server{Budget: 400_000_000, Timeout: time.Minute}
	ts := newServer(t, s)
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	defer func() { cancel(); wg.Wait() }()
	slow := []string{
		"/api/value?game=nim&pos=60,60,60,60", "/api/value?game=nim&pos=60,60,60,61", "/api/value?game=nim&pos=60,60,60,62",
		"/api/value?game=nim&pos=60,60,60,63", "/api/heatmap?game=moore:k=2&max=120&slice=x,y,120", "/api/heatmap?game=moore:k=2&max=120&slice=x,y,119",
	}
	for _, path := range slow {
		wg.Go(func() {
			req, _ := http.NewRequestWithContext(ctx, "GET", ts.URL+path, nil)
			if res, err := http.DefaultClient.Do(req); err == nil {
				res.Body.Close()
			}
		})
	}
	// Wait until the costly lane is full: the slow ones are in flight.
	for deadline := time.Now().Add(10 * time.Second); len(s.lanes[0]) < s.Workers; {
		if time.Now().After(deadline) {
			t.Fatalf("only %d slow requests started", len(s.lanes[0]))
		}
		time.Sleep(10 * time.Millisecond)
	}
	start := time.Now()
	status, _, body := get(t, ts, "/api/value?game=wythoff&pos=30,40")
	d := time.Since(start)
	if status != 200 || !strings.Contains(string(body), `"method":"box"`) {
		t.Errorf("wythoff 30,40 behind six slow requests: %d %s", status, body)
	}
	if d > time.Second {
		t.Errorf("wythoff 30,40 behind six slow requests answered after %v, want within 1 s", d)
	}
}

// No request class holds gigabytes: wythoff-mod with K = 2^20 sizes the
// line solver's tables by K (1 GB at 3,5, 8.9 GB at 30,40); four at once
// are answered (by a refusal naming the limit, theorems, or for the
// heatmap the generic solver) while the heap stays small.
func TestMemoryByParameters(t *testing.T) {
	ts := newServer(t, &Server{})
	var peak uint64
	done, stopped := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(stopped)
		var m runtime.MemStats
		for {
			select {
			case <-done:
				return
			default:
			}
			runtime.ReadMemStats(&m)
			peak = max(peak, m.HeapAlloc)
			time.Sleep(5 * time.Millisecond)
		}
	}()
	var wg sync.WaitGroup
	for _, path := range []string{"/api/value?game=wythoff-mod:K%3D1048576&pos=3,5", "/api/value?game=wythoff-mod:K%3D1048576&pos=30,40",
		"/api/moves?game=wythoff-mod:K%3D1048576&pos=30,40", "/api/heatmap?game=wythoff-mod:K%3D1048576&max=20"} {
		wg.Go(func() {
			status, _, body := get(t, ts, path)
			// A heatmap's box goes to the generic solver when the
			// lines are large: kilobytes at max 20.
			if status == 200 && strings.Contains(string(body), `"method":"box"`) && !strings.Contains(path, "heatmap") {
				t.Errorf("GET %s solved the rectangle: %s", path, body)
			}
			if status != 200 && status != http.StatusRequestEntityTooLarge {
				t.Errorf("GET %s: %d %s, want a theorem's answer or 413", path, status, body)
			}
		})
	}
	wg.Wait()
	close(done)
	<-stopped // peak is the sampler's until it has stopped
	if peak > 512<<20 {
		t.Errorf("heap reached %d MB while answering wythoff-mod:K=1048576, want well under the 256 MB a request may hold", peak>>20)
	}
}
