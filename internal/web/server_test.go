package web

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/grundy/grundy/engine"
	"github.com/grundy/grundy/games"
)

func newServer(t *testing.T, s *Server) *httptest.Server {
	t.Helper()
	ts := httptest.NewServer(s.Handler())
	t.Cleanup(ts.Close)
	return ts
}

func get(t *testing.T, ts *httptest.Server, path string) (int, string, []byte) {
	t.Helper()
	res, err := http.Get(ts.URL + path)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	body, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return res.StatusCode, res.Header.Get("Content-Type"), body
}

func TestGames(t *testing.T) {
	ts := newServer(t, &Server{})
	status, ctype, body := get(t, ts, "/api/games")
	if status != 200 || ctype != "application/json" {
		t.Fatalf("GET /api/games: %d %s", status, ctype)
	}
	var fams []engine.Family
	if err := json.Unmarshal(body, &fams); err != nil {
		t.Fatal(err)
	}
	if len(fams) != len(games.Families) {
		t.Fatalf("GET /api/games: %d families, want %d", len(fams), len(games.Families))
	}
	for i, f := range fams {
		if f.Name != games.Families[i].Name || f.Rule != games.Families[i].Rule {
			t.Errorf("family %d = %s, want %s", i, f.Name, games.Families[i].Name)
		}
	}
}

// The values below are by hand: Wythoff's (3,5) is a P-position (002 eq.
// (2)); nim 1,2 has G = 1 xor 2 = 3 and its only winning move is to 1,1.
func TestValueAndMoves(t *testing.T) {
	ts := newServer(t, &Server{})
	var v engine.Value
	status, _, body := get(t, ts, "/api/value?game=wythoff&pos=5,3")
	if status != 200 || json.Unmarshal(body, &v) != nil {
		t.Fatalf("GET /api/value: %d %s", status, body)
	}
	if v.G.Int64() != 0 || v.Outcome != "P" || v.Pos != "3,5" || v.Method != engine.MethodBox {
		t.Errorf("value wythoff 5,3 = G %v, %s at %s by %s; want 0, P at 3,5 by box (the two-pile solver)", v.G, v.Outcome, v.Pos, v.Method)
	}
	var m engine.Moves
	status, _, body = get(t, ts, "/api/moves?game=nim&pos=1,2")
	if status != 200 || json.Unmarshal(body, &m) != nil {
		t.Fatalf("GET /api/moves: %d %s", status, body)
	}
	if m.G.Int64() != 3 || len(m.Moves) != 3 {
		t.Fatalf("moves nim 1,2 = G %v, %d moves; want 3, 3", m.G, len(m.Moves))
	}
	for _, mv := range m.Moves {
		if mv.Winning != (mv.To == "1,1") {
			t.Errorf("move to %s winning = %v", mv.To, mv.Winning)
		}
	}
	// Misère nim 1,1: the winning move leaves one pile of 1 (000 §1.1).
	status, _, body = get(t, ts, "/api/computer?game=nim&pos=1,1&misere=true")
	var best engine.Move
	if status != 200 || json.Unmarshal(body, &best) != nil || best.To != "0,1" || !best.Winning {
		t.Errorf("computer misère nim 1,1: %d %s, want a winning move to 0,1", status, body)
	}
}

// Beyond the search budget a proved theorem answers (Bouton for nim:
// 50 xor 50 xor 50 = 50, and the winning move empties one pile).
func TestTheoremBeyondBudget(t *testing.T) {
	ts := newServer(t, &Server{Budget: 1000})
	var v engine.Value
	status, _, body := get(t, ts, "/api/value?game=nim&pos=50,50,50")
	if status != 200 || json.Unmarshal(body, &v) != nil || v.G == nil || v.G.Int64() != 50 || !strings.HasPrefix(v.Method, "theorem") {
		t.Errorf("GET /api/value nim 50,50,50 with budget 1000: %d %s; want G 50 by theorem", status, body)
	}
	var m engine.Moves
	status, _, body = get(t, ts, "/api/moves?game=nim&pos=50,50,50")
	if status != 200 || json.Unmarshal(body, &m) != nil || len(m.Moves) != 1 || m.Moves[0].To != "0,50,50" {
		t.Errorf("GET /api/moves nim 50,50,50 with budget 1000: %d %s; want the move to 0,50,50", status, body)
	}
}

func TestHeatmap(t *testing.T) {
	ts := newServer(t, &Server{})
	status, _, body := get(t, ts, "/api/heatmap?game=nim&max=3&overlay=bouton")
	var h heatmapJSON
	if status != 200 || json.Unmarshal(body, &h) != nil {
		t.Fatalf("GET /api/heatmap: %d %s", status, body)
	}
	for y := 0; y <= 3; y++ {
		for x := 0; x <= 3; x++ {
			i := y*4 + x
			if h.G[i] != x^y || h.P[i] != (x == y) {
				t.Errorf("heatmap nim (%d,%d): G %d P %v, want %d %v", x, y, h.G[i], h.P[i], x^y, x == y)
			}
		}
	}
	if h.Overlay != "bouton" || h.Disagreements != 0 || h.Marks[5] != "agreeP" || h.Colors[0] != "#000000" {
		t.Errorf("overlay %q, %d disagreements, mark(1,1) %q, colour 0 %s", h.Overlay, h.Disagreements, h.Marks[5], h.Colors[0])
	}
	status, ctype, body := get(t, ts, "/api/plot?game=wythoff&max=10&what=outcome")
	if status != 200 || ctype != "image/png" || !strings.HasPrefix(string(body), "\x89PNG") {
		t.Errorf("GET /api/plot: %d %s", status, ctype)
	}
	status, ctype, _ = get(t, ts, "/api/plot?game=wythoff&max=10&format=svg")
	if status != 200 || ctype != "image/svg+xml" {
		t.Errorf("GET /api/plot svg: %d %s", status, ctype)
	}
	status, _, body = get(t, ts, "/api/overlays?game=wythoff")
	if status != 200 || !strings.Contains(string(body), `"id":"wythoff-pairs:s=1,t=1"`) {
		t.Errorf("GET /api/overlays: %d %s", status, body)
	}
}

func TestStatic(t *testing.T) {
	ts := newServer(t, &Server{})
	for _, path := range []string{"/", "/app.js", "/style.css"} {
		status, _, body := get(t, ts, path)
		if status != 200 || len(body) < 100 {
			t.Errorf("GET %s: %d, %d bytes", path, status, len(body))
		}
	}
	res, err := http.Post(ts.URL+"/", "text/plain", nil)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusMethodNotAllowed {
		t.Errorf("POST /: %d, want 405", res.StatusCode)
	}
}

// Bad input: every error is JSON naming the bad part, with its status.
func TestErrors(t *testing.T) {
	ts := newServer(t, &Server{Budget: 1000, MaxSide: 30, MaxPositions: 5000, MaxQuery: 200})
	long := strings.Repeat("1,", 150) + "1"
	for _, tc := range []struct {
		path   string
		status int
		want   string
	}{
		{"/api/value?pos=1,2", 400, "missing parameter game"},
		{"/api/value?game=nim", 400, "missing parameter pos"},
		{"/api/value?game=chess&pos=1", 400, `unknown ruleset "chess"`},
		{"/api/value?game=nim&pos=1,-2", 400, "negative pile size -2"},
		{"/api/value?game=nim&pos=1,x", 400, `"x" is not a non-negative integer`},
		{"/api/value?game=wythoff&pos=1,2,3", 400, "wythoff"},
		{"/api/value?game=moore:k=0&pos=1", 400, "k"},
		{"/api/moves?game=nim&pos=1&misere=maybe", 400, "parameter misere"},
		{"/api/computer?game=nim&pos=0,0", 400, "the game is over"},
		{"/api/value?game=nim&pos=50,50,50&method=search", 413, "server limit: 1000 positions per search"},
		{"/api/moves?game=nim&pos=99999999999999999999999&method=search", 413, "piles beyond 64 bits"},
		{"/api/value?game=nim&pos=1&method=magic", 400, `parameter method="magic"`},
		{"/api/value?game=nim&pos=" + long, 413, "limit of 200 bytes"},
		{"/api/heatmap?game=nim&max=31", 413, "server limit of 30"},
		{"/api/heatmap?game=nim&max=20&slice=1,x,y,3", 413, "limit of 5000"},
		{"/api/heatmap?game=nim&max=-1", 400, "max=-1"},
		{"/api/heatmap?game=nim&max=x", 400, "not an integer"},
		{"/api/heatmap?game=nim&max=5&what=color", 400, `--what "color"`},
		{"/api/heatmap?game=nim&max=5&slice=x", 400, "one x and one y"},
		{"/api/heatmap?game=nim&max=5&overlay=nope", 400, `overlay "nope"`},
		{"/api/heatmap?game=wythoff&max=5&overlay=wythoff-pairs:s=1,t=1&misere=1", 400, "predicts normal play"},
		{"/api/plot?game=nim&max=5&format=gif", 400, `format="gif"`},
		{"/api/overlays", 400, "missing parameter game"},
		{"/api/overlays?game=nim&slice=x", 400, "one x and one y"},
		{"/api/overlays?game=go", 400, `unknown ruleset "go"`},
		{"/api/computer?game=nim&pos=1&misere=2", 400, "parameter misere"},
		{"/api/plot?game=nim&max=999", 413, "server limit of 30"},
		{"/api/nothing", 404, "no API route GET /api/nothing"},
	} {
		status, ctype, body := get(t, ts, tc.path)
		var e apiError
		if err := json.Unmarshal(body, &e); err != nil || ctype != "application/json" {
			t.Errorf("GET %s: %s body %q is not a JSON error", tc.path, ctype, body)
			continue
		}
		if status != tc.status || e.Status != tc.status || !strings.Contains(e.Error, tc.want) {
			t.Errorf("GET %s = %d %q, want %d with %q", tc.path, status, e.Error, tc.status, tc.want)
		}
	}
}

func TestTimeout(t *testing.T) {
	// A nanosecond is over before any search starts.
	ts := newServer(t, &Server{Timeout: time.Nanosecond})
	status, _, body := get(t, ts, "/api/value?game=nim&pos=30,30,30")
	if status != http.StatusServiceUnavailable || !strings.Contains(string(body), "time limit of 1ns") {
		t.Errorf("GET with a 1ns limit = %d %s, want 503 naming the limit", status, body)
	}
}

// Many requests at once, fewer workers than requests: each must get its
// own answer.
func TestConcurrent(t *testing.T) {
	ts := newServer(t, &Server{Workers: 2})
	var wg sync.WaitGroup
	errs := make(chan error, 64)
	for a := range 8 {
		for b := range 8 {
			wg.Go(func() {
				q := url.Values{"game": {"nim"}, "pos": {fmt.Sprintf("%d,%d,%d", a, b, a^b)}}
				res, err := http.Get(ts.URL + "/api/value?" + q.Encode())
				if err != nil {
					errs <- err
					return
				}
				defer res.Body.Close()
				var v engine.Value
				if err := json.NewDecoder(res.Body).Decode(&v); err != nil || v.G == nil || v.G.Int64() != 0 {
					errs <- fmt.Errorf("nim %d,%d,%d: %d, %v, %+v; want G 0", a, b, a^b, res.StatusCode, err, v)
				}
			})
		}
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

// A computation that ignores its cancellation (as a solver between two
// checks does) must not hold the answer past the time limit: run returns
// while the computation is still blocked, and the slot is freed only when
// it ends.
func TestTimeoutWhileComputing(t *testing.T) {
	s := &Server{Timeout: 50 * time.Millisecond, Workers: 1}
	s.defaults()
	release := make(chan struct{})
	stuck := func(context.Context, query) (any, error) {
		<-release
		return "late", nil
	}
	req := httptest.NewRequest("GET", "/api/value?game=nim&pos=1", nil)
	_, err := s.run(req, stuck, true)
	if statusOf(err) != http.StatusServiceUnavailable || !strings.Contains(err.Error(), "time limit of 50ms") {
		t.Errorf("run of a stuck computation = %v (status %d), want 503 naming the limit", err, statusOf(err))
	}
	if len(s.slots) != 1 {
		t.Errorf("%d slots taken while the computation runs, want 1", len(s.slots))
	}
	close(release)
	s.slots <- struct{}{} // waits until the stuck computation gives its slot back
	<-s.slots
}
