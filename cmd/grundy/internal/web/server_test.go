package web

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/big"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/grundy/grundy"
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
	var v valueJSON
	status, _, body := get(t, ts, "/api/value?game=wythoff&pos=5,3")
	if status != 200 || json.Unmarshal(body, &v) != nil {
		t.Fatalf("GET /api/value: %d %s", status, body)
	}
	if *v.G != "0" || v.Outcome != "P" || v.Pos != "3,5" || v.Method != grundy.MethodBox || v.Trust.Kind != "computed" {
		t.Errorf("value wythoff 5,3 = G %s, %s at %s by %s (%s); want 0, P at 3,5 by box (the two-pile solver; computed)", *v.G, v.Outcome, v.Pos, v.Method, v.Trust.Kind)
	}
	var m movesJSON
	status, _, body = get(t, ts, "/api/moves?game=nim&pos=1,2")
	if status != 200 || json.Unmarshal(body, &m) != nil {
		t.Fatalf("GET /api/moves: %d %s", status, body)
	}
	if *m.G != "3" || len(m.Moves) != 3 || !m.Enumerated {
		t.Fatalf("moves nim 1,2 = G %s, %d moves, enumerated %v; want 3, 3, true", *m.G, len(m.Moves), m.Enumerated)
	}
	for _, mv := range m.Moves {
		if mv.Winning != (mv.To == "1,1") {
			t.Errorf("move to %s winning = %v", mv.To, mv.Winning)
		}
	}
	// Misère nim 1,1: the winning move leaves one pile of 1 (000 §1.1).
	status, _, body = get(t, ts, "/api/computer?game=nim&pos=1,1&misere=true")
	var best computerJSON
	if status != 200 || json.Unmarshal(body, &best) != nil || best.To != "0,1" || !best.Winning {
		t.Errorf("computer misère nim 1,1: %d %s, want a winning move to 0,1", status, body)
	}
}

// Beyond the search budget a proved theorem answers (Bouton for nim:
// 50 xor 50 xor 50 = 50, and the winning move empties one pile).
func TestTheoremBeyondBudget(t *testing.T) {
	ts := newServer(t, &Server{Budget: 1000})
	var v valueJSON
	status, _, body := get(t, ts, "/api/value?game=nim&pos=50,50,50")
	if status != 200 || json.Unmarshal(body, &v) != nil || v.G == nil || *v.G != "50" || v.Method != grundy.MethodTheorem ||
		v.Trust.Kind == "computed" || !slices.Contains(v.Trust.Claims, "000/bouton") || !strings.Contains(v.Fallback, "budget of 1000 positions") {
		t.Errorf("GET /api/value nim 50,50,50 with budget 1000: %d %s; want G 50 by Bouton's theorem, saying why", status, body)
	}
	// Nim 50,50,50 has 50 distinct options (up to order), each evaluated
	// by Bouton's theorem: only 0,50,50 wins.
	var m movesJSON
	status, _, body = get(t, ts, "/api/moves?game=nim&pos=50,50,50")
	if status != 200 || json.Unmarshal(body, &m) != nil || len(m.Moves) != 50 || !m.Enumerated || *m.Options != "50" {
		t.Errorf("GET /api/moves nim 50,50,50 with budget 1000: %d %s; want its 50 options", status, body)
	}
	for _, mv := range m.Moves {
		if mv.Winning != (mv.To == "0,50,50") {
			t.Errorf("nim 50,50,50 → %s: winning %v", mv.To, mv.Winning)
		}
	}
	// Nim 150,160,170: the engine lists its 480 options, each valued by
	// theorem. 150 ⊕ 160 ⊕ 170 = 156, and each pile x with x ⊕ 156 < x
	// gives a winning move: 150 → 10, 160 → 60, 170 → 54.
	m = movesJSON{}
	status, _, body = get(t, ts, "/api/moves?game=nim&pos=150,160,170")
	if status != 200 || json.Unmarshal(body, &m) != nil || len(m.Moves) != 480 || !m.Enumerated || *m.Options != "480" {
		t.Errorf("GET /api/moves nim 150,160,170 with budget 1000: %d, %d moves; want its 480 options", status, len(m.Moves))
	}
	var winning []string
	for _, mv := range m.Moves {
		if mv.Winning {
			winning = append(winning, mv.To)
		}
	}
	slices.Sort(winning)
	if want := []string{"10,160,170", "54,150,160", "60,150,170"}; !slices.Equal(winning, want) {
		t.Errorf("nim 150,160,170: winning moves %v, want %v", winning, want)
	}
	// Nim 0,4,4 (a P-position, 2·4 distinct options): every option
	// evaluated by theorem, all losing.
	status, _, body = get(t, ts, "/api/moves?game=nim&pos=0,4,4&method=theorem")
	m = movesJSON{}
	if status != 200 || json.Unmarshal(body, &m) != nil || len(m.Moves) != 4 || !m.Enumerated || *m.Options != "4" {
		t.Fatalf("GET /api/moves nim 0,4,4 by theorem: %d %s; want its 4 options", status, body)
	}
	for _, mv := range m.Moves {
		if mv.Winning || mv.Outcome != "N" {
			t.Errorf("nim 0,4,4 → %s: winning %v, outcome %s; want a losing move to an N-position", mv.To, mv.Winning, mv.Outcome)
		}
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
	for _, path := range []string{"/", "/app.js", "/style.css", "/state.js", "/page.js", "/heatmap.js"} {
		status, ctype, body := get(t, ts, path)
		if status != 200 || len(body) < 100 {
			t.Errorf("GET %s: %d, %d bytes", path, status, len(body))
		}
		// Browsers refuse an ES module served under another type.
		if strings.HasSuffix(path, ".js") && !strings.HasPrefix(ctype, "text/javascript") {
			t.Errorf("GET %s: Content-Type %q, want text/javascript", path, ctype)
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
	// The API's routes likewise: 405 with Allow for a known route, 404
	// for an unknown one, whatever the method.
	for _, tc := range []struct {
		method, path string
		status       int
		allow        string
	}{
		{http.MethodPost, "/api/value", 405, "GET, HEAD"},
		{http.MethodDelete, "/api/games", 405, "GET, HEAD"},
		{http.MethodPost, "/api/nothing", 404, ""},
	} {
		req, _ := http.NewRequest(tc.method, ts.URL+tc.path, nil)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != tc.status || res.Header.Get("Allow") != tc.allow {
			t.Errorf("%s %s: %d, Allow %q; want %d, Allow %q", tc.method, tc.path, res.StatusCode, res.Header.Get("Allow"), tc.status, tc.allow)
		}
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
		{"/api/heatmap?game=nim&max=5&what=color", 400, `parameter what "color": want sg, outcome or rem`},
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
		{"/nothing.html", 404, "no page /nothing.html"},
		{"/api/value?game=fdg:file=/etc/passwd&pos=1", 400, "file= reads the server's disk"},
		{"/api/value?game=games/families/nim.rules&pos=1", 400, "a rule file is on the server's disk"},
		{"/api/ruleset?game=fdg:d=1/01", 400, "coordinates"},
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

// Past the time limit a search falls back to the theorems, and says so;
// without a theorem the answer is 503 naming the limit.
func TestTimeout(t *testing.T) {
	// 50ms is over long before a search of the 1.9 million positions
	// below 60,60,60,60 ends (the budget lets it start).
	ts := newServer(t, &Server{Timeout: 50 * time.Millisecond, Budget: 1_000_000_000})
	status, _, body := get(t, ts, "/api/value?game=nim&pos=60,60,60,60")
	var v valueJSON
	if status != 200 || json.Unmarshal(body, &v) != nil || *v.G != "0" || !strings.Contains(v.Fallback, "time limit of 50ms") {
		t.Errorf("GET nim 60,60,60,60 with a 50ms limit = %d %s, want G 0 by Bouton's theorem after the time limit", status, body)
	}
	status, _, body = get(t, ts, "/api/value?game=wythoff-ee&pos=3000,3000")
	if status != http.StatusServiceUnavailable || !strings.Contains(string(body), "time limit of 50ms") {
		t.Errorf("GET wythoff-ee 3000,3000 with a 50ms limit = %d %s, want 503 naming the limit", status, body)
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
				var v valueJSON
				if err := json.NewDecoder(res.Body).Decode(&v); err != nil || v.G == nil || *v.G != "0" {
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
// checks does) must not hold the answer, nor its slot, past the time
// limit: run returns while the computation is still blocked, the slot is
// free, and the statistics count it overdue until it ends.
func TestTimeoutWhileComputing(t *testing.T) {
	s := &Server{Timeout: 50 * time.Millisecond, Workers: 1}
	s.defaults()
	release := make(chan struct{})
	stuck := func(context.Context, query) (any, error) {
		<-release
		return "late", nil
	}
	req := httptest.NewRequest("GET", "/api/value?game=nim&pos=1", nil)
	_, err := s.run(req, stuck, positionCost)
	if statusOf(err) != http.StatusServiceUnavailable || !strings.Contains(err.Error(), "time limit of 50ms") {
		t.Errorf("run of a stuck computation = %v (status %d), want 503 naming the limit", err, statusOf(err))
	}
	if n := len(s.lanes[1]); n != 0 {
		t.Errorf("%d slots taken past the time limit, want 0", n)
	}
	st := func() map[string]int64 {
		m, _ := s.statistics(context.Background(), query{})
		return m.(map[string]int64)
	}
	if m := st(); m["running"] != 1 || m["overdue"] != 1 {
		t.Errorf("statistics while the stuck computation runs: %v, want running 1, overdue 1", m)
	}
	close(release)
	for deadline := time.Now().Add(5 * time.Second); st()["running"] != 0 && time.Now().Before(deadline); {
		time.Sleep(time.Millisecond)
	}
	if m := st(); m["running"] != 0 || m["overdue"] != 0 || len(s.lanes[1]) != 0 {
		t.Errorf("statistics after the stuck computation ended: %v (%d slots taken), want nothing running", m, len(s.lanes[1]))
	}
}

// Values beyond 2^53, and beyond 64 bits, arrive exact as strings: nim's
// G is the xor of the piles (Bouton), computed here with math/big.
func TestBigValues(t *testing.T) {
	ts := newServer(t, &Server{})
	for _, piles := range [][2]string{{"0", "1152921504606846977"}, {"0", "9007199254740993"}, {"5", "123456789012345678901234567890"}} {
		a, _ := new(big.Int).SetString(piles[0], 10)
		b, _ := new(big.Int).SetString(piles[1], 10)
		want := new(big.Int).Xor(a, b).String()
		status, _, body := get(t, ts, "/api/moves?game=nim&pos="+piles[0]+","+piles[1])
		var m movesJSON
		if status != 200 || json.Unmarshal(body, &m) != nil || m.G == nil || *m.G != want || m.Outcome != "N" {
			t.Errorf("moves nim %s,%s: %d %s; want G %s, N", piles[0], piles[1], status, body, want)
			continue
		}
		if !strings.Contains(string(body), `"G":"`+want+`"`) || !slices.Contains(m.Trust.Claims, "000/bouton") {
			t.Errorf("moves nim %s,%s: G not a JSON string or Bouton not named: %s", piles[0], piles[1], body)
		}
		if len(m.Moves) != 1 || !m.Moves[0].Winning {
			t.Errorf("moves nim %s,%s: %v, want the winning move", piles[0], piles[1], m.Moves)
		}
	}
}

// A cheap request is answered while every costly slot is taken.
func TestCheapLane(t *testing.T) {
	s := &Server{Workers: 1}
	ts := newServer(t, s)
	s.lanes[0] <- struct{}{} // the one costly slot, held
	defer func() { <-s.lanes[0] }()
	status, _, body := get(t, ts, "/api/value?game=nim&pos=1,2")
	if status != 200 || !strings.Contains(string(body), `"G":"3"`) {
		t.Errorf("nim 1,2 with the costly lane full: %d %s", status, body)
	}
}

// The lane of a request follows its estimated work.
func TestPositionCost(t *testing.T) {
	s := &Server{}
	s.defaults()
	for _, tc := range []struct {
		query string
		cheap bool
	}{
		{"game=nim&pos=1,2", true},                              // 6 positions, ≤ 4 options each
		{"game=nim&pos=50000", false},                           // 50001 positions, up to 50000 options each
		{"game=nim&pos=5,123456789012345678901234567890", true}, // Bouton answers
		{"game=nim&pos=5,123456789012345678901234567890&method=search", false},
		{"game=wythoff-ee&pos=3000,3000", false}, // no theorem, beyond the budget
		{"game=nim&pos=1,x", true},               // refused at once
		// 31·41 positions of the line solver, a few steps each (issue 25:
		// it waited 19.3 s behind heatmaps as 31·41·71).
		{"game=wythoff&pos=30,40", true},
		// Beyond the memory a request may hold: not solved at all.
		{"game=wythoff-mod:K=1048576&pos=3,5", true},
	} {
		v, _ := url.ParseQuery(tc.query)
		if c := positionCost(s, query{v}); (c.work <= s.CheapCost) != tc.cheap {
			t.Errorf("positionCost(%s) = %+v, cheap %v; want cheap %v", tc.query, c, c.work <= s.CheapCost, tc.cheap)
		}
	}
}

// Any query gets a JSON answer or a JSON error, never a panic.
func FuzzAPI(f *testing.F) {
	for _, seed := range [][3]string{
		{"moves", "nim", "1,2"}, {"value", "wythoff", "1000000,1618034"}, {"computer", "slow-exact:k=2", "1,2,3"},
		{"moves", "fdg:d=1100/0011", "3,5,7,9"}, {"value", "fdg:d=1/01", "1"}, {"ruleset", "exact:k=2", "0"},
		{"moves", "nim", "5,123456789012345678901234567890"}, {"heatmap", "nim", "x,y"}, {"overlays", "moore:k=2", "x,y,3"},
		{"play", "nim", "1,2"}, {"claims", "slow-exact:k=2", "1,2,3"}, {"check", "nim", "1"}, {"findings", "", ""},
	} {
		f.Add(seed[0], seed[1], seed[2])
	}
	s := &Server{Budget: 2000, Timeout: time.Second, MaxSide: 20, MaxPositions: 2000}
	h := s.Handler()
	f.Fuzz(func(t *testing.T, route, game, pos string) {
		q := url.Values{"game": {game}, "pos": {pos}, "slice": {pos}, "max": {"5"}}
		req := httptest.NewRequest("GET", "/api/"+url.PathEscape(route)+"?"+q.Encode(), nil)
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if !json.Valid(rec.Body.Bytes()) {
			t.Errorf("GET %s: %d %q is not JSON", req.URL, rec.Code, rec.Body.String())
		}
	})
}

// From a P-position beyond 64 bits a move can be made (D4 of issue 25):
// nim 2^70, 2^70 is P (Bouton); its moves take from one pile, each to an
// N-position, and the computer makes one.
func TestBigPMoves(t *testing.T) {
	ts := newServer(t, &Server{})
	h := new(big.Int).Lsh(big.NewInt(1), 70).String()
	var m movesJSON
	status, _, body := get(t, ts, "/api/moves?game=nim&pos="+h+","+h)
	if status != 200 || json.Unmarshal(body, &m) != nil || m.Outcome != "P" || len(m.Moves) == 0 {
		t.Fatalf("moves nim 2^70,2^70: %d %s; want P with moves listed", status, body)
	}
	for _, mv := range m.Moves {
		p, _ := grundy.ParsePosition(mv.To)
		if mv.Winning || mv.Outcome != "N" || len(p) != 2 || p[1].String() != h || p[0].Cmp(p[1]) >= 0 {
			t.Errorf("move nim 2^70,2^70 → %s (winning %v, outcome %s): want a losing move taking from one pile", mv.To, mv.Winning, mv.Outcome)
		}
	}
	var c computerJSON
	status, _, body = get(t, ts, "/api/computer?game=nim&pos="+h+","+h)
	if status != 200 || json.Unmarshal(body, &c) != nil || c.To == "" {
		t.Errorf("computer nim 2^70,2^70: %d %s; want a move", status, body)
	}
}

// A shared URL's move list is checked move by move (D1 of issue 25).
func TestPlayCheck(t *testing.T) {
	ts := newServer(t, &Server{})
	h := new(big.Int).Lsh(big.NewInt(1), 70)
	h1 := new(big.Int).Sub(h, big.NewInt(1))
	for _, tc := range []struct {
		game, pos, play string
		valid           int
		err             string
	}{
		{"nim", "3,5", "9,9;c1,1", 0, "move 1 (your move to 9,9): not a move from 3,5"},
		{"nim", "1,2", "1,1;c0,1;0,0", 3, ""},
		{"nim", "1,2", "1,1;c1,0", 2, ""}, // any order of the piles
		{"nim", "1,2", "1,1;c0,0", 1, "move 2 (the computer's move to 0,0): not a move from 1,1"},
		{"wythoff", "3,5", "2,4;1,1,1", 1, "move 2 (your move to 1,1,1): 3 piles, not 2"},
		{"nim", "1,2", "x", 0, "move 1 (your move to x)"},
		{"nim", h.String() + "," + h.String(), h1.String() + "," + h.String(), 1, ""},
	} {
		query := url.Values{"game": {tc.game}, "pos": {tc.pos}, "play": {tc.play}}.Encode()
		status, _, body := get(t, ts, "/api/play?"+query)
		var p playJSON
		if status != 200 || json.Unmarshal(body, &p) != nil || p.Valid != tc.valid || !strings.HasPrefix(p.Error, tc.err) || (tc.err == "") != (p.Error == "") {
			t.Errorf("play %s: %d %s; want %d valid moves, error %q", query, status, body, tc.valid, tc.err)
		}
	}
}

// The audit through the API (issue 25): the claims of slow-exact:k=2 on
// 3 piles include Corollary 18(3) as printed and its correction; a check
// finds the printed one's smallest counterexample (2,2,3) and the
// correction holding; the findings list it.
func TestAuditAPI(t *testing.T) {
	ts := newServer(t, &Server{CheckPositions: 20_000})
	var cs claimsJSON
	status, _, body := get(t, ts, "/api/claims?game=slow-exact:k%3D2&pos=2,2,3")
	if status != 200 || json.Unmarshal(body, &cs) != nil || cs.Piles != 3 {
		t.Fatalf("claims: %d %s", status, body)
	}
	var printed *engine.ClaimInfo
	for i, c := range cs.Claims {
		if c.ID == "000/cor-18.3" {
			printed = &cs.Claims[i]
		}
	}
	if printed == nil || printed.Trust == nil || printed.Statement == "" || printed.Citation == "" {
		t.Fatalf("claims of slow-exact:k=2 lack 000/cor-18.3 with statement, citation and trust: %s", body)
	}
	var ch engine.ClaimCheck
	status, _, body = get(t, ts, "/api/check?claim=000/cor-18.3")
	if status != 200 || json.Unmarshal(body, &ch) != nil || ch.Status != "fail" || ch.Counterexamples[0].Pos != "2,2,3" || ch.Finding == nil {
		t.Fatalf("check 000/cor-18.3: %d %s", status, body)
	}
	status, _, body = get(t, ts, "/api/findings")
	if status != 200 || !strings.Contains(string(body), `"id":"000/cor-18.3"`) {
		t.Errorf("findings: %d, lacks 000/cor-18.3", status)
	}
	for _, path := range []string{"/api/check?claim=no/such", "/api/claims?game=nim", "/api/claims?game=nim&pos=1,x"} {
		if status, _, body := get(t, ts, path); status != 400 {
			t.Errorf("GET %s: %d %s, want 400", path, status, body)
		}
	}
}

// A rule written in the rules language answers through every route
// (rule=TEXT): "take 1..3 from one pile" is bounded nim with k = 3, where
// G of a pile n is n mod 4 (001 §3), so 5,6 has G = 1 xor 2 = 3. A
// faulty rule names its line and column; a claim text is checked claim by
// claim, its faults placed the same way.
func TestRuleAndClaimText(t *testing.T) {
	ts := newServer(t, &Server{})
	rule := "ruleset take3\npiles at least 1\nmove take 1..3 from one pile\n"
	var v valueJSON
	status, _, body := get(t, ts, "/api/value?"+url.Values{"rule": {rule}, "pos": {"5,6"}}.Encode())
	if status != 200 || json.Unmarshal(body, &v) != nil || v.G == nil || *v.G != "3" || v.Trust.Kind != "computed" {
		t.Errorf("value of take3 at 5,6: %d %s; want G 3, computed", status, body)
	}
	status, _, body = get(t, ts, "/api/heatmap?"+url.Values{"rule": {rule}, "max": {"4"}}.Encode())
	if status != 200 || !strings.Contains(string(body), `"G":[0,1,2,3,0,1,0,3,2,1`) {
		t.Errorf("heatmap of take3: %d %.200s", status, body)
	}
	var e apiError
	status, _, body = get(t, ts, "/api/value?"+url.Values{"rule": {"ruleset bad\npiles at least 1\nmove take 1..3 frm one pile\n"}, "pos": {"1"}}.Encode())
	if status != 400 || json.Unmarshal(body, &e) != nil || len(e.At) != 1 || e.At[0].Line != 3 || e.At[0].Col == 0 {
		t.Errorf("a misspelt rule: %d %s; want 400 at line 3 with its column", status, body)
	}
	status, _, body = get(t, ts, "/api/ruletext?family=bounded-nim")
	if status != 200 || !strings.Contains(string(body), "take 1..k from one pile") {
		t.Errorf("rule text of bounded-nim: %d %s", status, body)
	}
	claims := "claim take3: G[nim, 1 pile <= 20] = x1 % 4\nclaim bouton: P[nim, 2 piles <= 10] iff x1 == x2\n"
	status, _, body = get(t, ts, "/api/claimtext?"+url.Values{"claims": {claims}}.Encode())
	var ct struct{ Checks []engine.ClaimCheck }
	if status != 200 || json.Unmarshal(body, &ct) != nil || len(ct.Checks) != 2 || ct.Checks[0].Status != "fail" || ct.Checks[1].Status != "pass" {
		t.Errorf("claim text: %d %.300s; want G = x1 %% 4 failing for nim (G = x1) and Bouton's P-positions passing", status, body)
	}
	status, _, body = get(t, ts, "/api/claimtext?"+url.Values{"claims": {"P[nim, 2 piles] iff x1 == x2\nP[x.rules, 2 piles] iff x1 == x2\n"}}.Encode())
	if status != 400 || json.Unmarshal(body, &e) != nil || len(e.At) != 1 || e.At[0].Line != 2 {
		t.Errorf("a rule file in a claim text: %d %s; want 400 at line 2", status, body)
	}
}

// Any rule text, claim text and position get a JSON answer or a JSON
// error, never a panic.
func FuzzTextParams(f *testing.F) {
	f.Add("ruleset take3\npiles at least 1\nmove take 1..3 from one pile\n", "k=2", "5,6")
	f.Add("ruleset x\npiles exactly 2\nmove take any from one pile\n", "", "1,2,3")
	f.Add("claim a: P[nim, 2 piles <= 5] iff x1 == x2\n", "", "1")
	f.Add("P[x.rules, 2 piles] iff x1 == 0", "k=", "")
	s := &Server{Budget: 2000, Timeout: time.Second, MaxSide: 10, MaxPositions: 2000, CheckPositions: 500}
	h := s.Handler()
	f.Fuzz(func(t *testing.T, text, args, pos string) {
		for _, route := range []string{"value?" + url.Values{"rule": {text}, "args": {args}, "pos": {pos}}.Encode(),
			"heatmap?" + url.Values{"rule": {text}, "max": {"3"}}.Encode(), "claimtext?" + url.Values{"claims": {text}}.Encode()} {
			req := httptest.NewRequest("GET", "/api/"+route, nil)
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, req)
			if !json.Valid(rec.Body.Bytes()) {
				t.Errorf("GET %s: %d %q is not JSON", req.URL, rec.Code, rec.Body.String())
			}
		}
	})
}
