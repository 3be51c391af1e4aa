// Package web serves grundy's browser interface: an embedded static page
// and a JSON API over package engine (the objects of the CLI's --json),
// package play (the computer's move) and package plot (heatmaps). Every
// request is bounded in size and time so that no request can exhaust the
// server.
package web

import (
	"context"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/engine"
	"github.com/grundy/grundy/games"
	"github.com/grundy/grundy/play"
	"github.com/grundy/grundy/plot"
	"github.com/grundy/grundy/solve"
)

//go:embed static
var static embed.FS

// Defaults of the server's limits.
const (
	DefaultBudget       = 2_000_000
	DefaultMaxSide      = 200
	DefaultMaxPositions = 4_000_000
	DefaultTimeout      = 20 * time.Second
	DefaultMaxQuery     = 2048
	DefaultWorkers      = 4
)

// A Server answers the API. Zero fields take the defaults above.
type Server struct {
	// Budget caps the positions one search may visit.
	Budget int
	// MaxSide caps the heatmap's --max; MaxPositions its box.
	MaxSide      int
	MaxPositions uint64
	// Timeout bounds each request's computation.
	Timeout time.Duration
	// MaxQuery caps the length of a query string in bytes.
	MaxQuery int
	// Workers is how many computations run at once; others wait.
	Workers int

	slots chan struct{}
}

// Handler returns the server's routes: the page at / and the API under
// /api/.
func (s *Server) Handler() http.Handler {
	s.defaults()
	mux := http.NewServeMux()
	sub, _ := fs.Sub(static, "static")
	files := http.FileServerFS(sub)
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
			return
		}
		files.ServeHTTP(w, r)
	})
	mux.HandleFunc("GET /api/games", s.api(s.games, false))
	mux.HandleFunc("GET /api/value", s.api(s.value, true))
	mux.HandleFunc("GET /api/moves", s.api(s.moves, true))
	mux.HandleFunc("GET /api/computer", s.api(s.computer, true))
	mux.HandleFunc("GET /api/overlays", s.api(s.overlays, false))
	mux.HandleFunc("GET /api/heatmap", s.api(s.heatmap, true))
	mux.HandleFunc("GET /api/plot", s.plotImage)
	mux.HandleFunc("/api/", func(w http.ResponseWriter, r *http.Request) {
		writeError(w, http.StatusNotFound, fmt.Errorf("no API route %s %s (the API answers GET only)", r.Method, r.URL.Path))
	})
	return mux
}

func (s *Server) defaults() {
	if s.Budget <= 0 {
		s.Budget = DefaultBudget
	}
	if s.MaxSide <= 0 {
		s.MaxSide = DefaultMaxSide
	}
	if s.MaxPositions == 0 {
		s.MaxPositions = DefaultMaxPositions
	}
	if s.Timeout <= 0 {
		s.Timeout = DefaultTimeout
	}
	if s.MaxQuery <= 0 {
		s.MaxQuery = DefaultMaxQuery
	}
	if s.Workers <= 0 {
		s.Workers = DefaultWorkers
	}
	if s.slots == nil {
		s.slots = make(chan struct{}, s.Workers)
	}
}

// An httpError carries the status an error should be answered with.
type httpError struct {
	status int
	err    error
}

func (e httpError) Error() string { return e.err.Error() }
func (e httpError) Unwrap() error { return e.err }

func tooLarge(format string, args ...any) error {
	return httpError{http.StatusRequestEntityTooLarge, fmt.Errorf(format, args...)}
}

// api wraps a handler: checks the query size, bounds the time, takes a
// computation slot when heavy, and writes the result or error as JSON.
func (s *Server) api(h func(ctx context.Context, q query) (any, error), heavy bool) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		out, err := s.run(r, h, heavy)
		if err != nil {
			writeError(w, statusOf(err), err)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Cache-Control", "no-store")
		json.NewEncoder(w).Encode(out)
	}
}

func (s *Server) run(r *http.Request, h func(ctx context.Context, q query) (any, error), heavy bool) (any, error) {
	if n := len(r.URL.RawQuery); n > s.MaxQuery {
		return nil, tooLarge("query of %d bytes exceeds the limit of %d bytes", n, s.MaxQuery)
	}
	ctx, cancel := context.WithTimeout(r.Context(), s.Timeout)
	defer cancel()
	if !heavy {
		return h(ctx, query{r.URL.Query()})
	}
	select {
	case s.slots <- struct{}{}:
	case <-ctx.Done():
		return nil, s.timeoutError(ctx)
	}
	// The computation runs apart so that the answer leaves at the time
	// limit even when the solver notices the cancellation late; it keeps
	// its slot until it really ends, so at most Workers computations ever
	// run at once.
	type result struct {
		out any
		err error
	}
	done := make(chan result, 1)
	go func() {
		defer func() { <-s.slots }()
		out, err := h(ctx, query{r.URL.Query()})
		done <- result{out, err}
	}()
	select {
	case res := <-done:
		if res.err != nil && ctx.Err() != nil {
			return nil, s.timeoutError(ctx)
		}
		return res.out, res.err
	case <-ctx.Done():
		return nil, s.timeoutError(ctx)
	}
}

func (s *Server) timeoutError(ctx context.Context) error {
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		return httpError{http.StatusServiceUnavailable, fmt.Errorf("request exceeded the time limit of %s", s.Timeout)}
	}
	return httpError{http.StatusServiceUnavailable, ctx.Err()}
}

func statusOf(err error) int {
	var he httpError
	switch {
	case errors.As(err, &he):
		return he.status
	case errors.Is(err, solve.ErrBudget), errors.Is(err, solve.ErrTooBig), errors.Is(err, plot.ErrTooBig):
		return http.StatusRequestEntityTooLarge
	}
	return http.StatusBadRequest
}

// An apiError is the body of every error answer.
type apiError struct {
	Error  string `json:"error"`
	Status int    `json:"status"`
}

func writeError(w http.ResponseWriter, status int, err error) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(apiError{Error: err.Error(), Status: status})
}

// query reads parameters with errors naming them.
type query struct{ v map[string][]string }

func (q query) str(name string) string {
	if vs := q.v[name]; len(vs) > 0 {
		return vs[0]
	}
	return ""
}

func (q query) required(name string) (string, error) {
	s := q.str(name)
	if strings.TrimSpace(s) == "" {
		return "", fmt.Errorf("missing parameter %s", name)
	}
	return s, nil
}

func (q query) flag(name string) (bool, error) {
	switch q.str(name) {
	case "", "0", "false":
		return false, nil
	case "1", "true":
		return true, nil
	}
	return false, fmt.Errorf("parameter %s=%q: want true or false", name, q.str(name))
}

func (q query) integer(name string, def int) (int, error) {
	s := q.str(name)
	if s == "" {
		return def, nil
	}
	n, err := strconv.Atoi(s)
	if err != nil {
		return 0, fmt.Errorf("parameter %s=%q: not an integer", name, s)
	}
	return n, nil
}

// position reads game and pos. Searches are not refused by the reach
// bound, which is loose; the search's budget decides.
func (s *Server) position(q query) (grundy.Ruleset, grundy.BigPosition, error) {
	game, err := q.required("game")
	if err != nil {
		return nil, nil, err
	}
	pos, err := q.required("pos")
	if err != nil {
		return nil, nil, err
	}
	return engine.Parse(game, pos)
}

func (s *Server) budgetError(err error) error {
	if errors.Is(err, solve.ErrBudget) {
		return tooLarge("%v [server limit: %d positions per search]", trimHint(err), s.Budget)
	}
	return err
}

// trimHint drops the CLI's advice to raise --budget, which a web user
// cannot do.
func trimHint(err error) string {
	msg := err.Error()
	if i := strings.Index(msg, "; raise --budget"); i >= 0 {
		return msg[:i] + ")"
	}
	return msg
}

// options reads method (auto, search or theorem; as the CLI's --method).
func (s *Server) options(q query) (engine.Options, error) {
	opt := engine.Options{Budget: s.Budget}
	switch m := q.str("method"); m {
	case "", "auto":
	case engine.Search, engine.Theorem:
		opt.Method = m
	default:
		return opt, fmt.Errorf("parameter method=%q: want auto, search or theorem", m)
	}
	return opt, nil
}

func (s *Server) games(context.Context, query) (any, error) {
	return engine.Families(), nil
}

func (s *Server) value(ctx context.Context, q query) (any, error) {
	r, p, err := s.position(q)
	if err != nil {
		return nil, err
	}
	opt, err := s.options(q)
	if err != nil {
		return nil, err
	}
	v, err := engine.Evaluate(ctx, r, p, opt)
	return v, s.budgetError(err)
}

func (s *Server) moves(ctx context.Context, q query) (any, error) {
	r, p, err := s.position(q)
	if err != nil {
		return nil, err
	}
	misere, err := q.flag("misere")
	if err != nil {
		return nil, err
	}
	opt, err := s.options(q)
	if err != nil {
		return nil, err
	}
	m, err := engine.ListMoves(ctx, r, p, misere, opt)
	return m, s.budgetError(err)
}

// computer answers with the optimal player's move (play.Best).
func (s *Server) computer(ctx context.Context, q query) (any, error) {
	r, p, err := s.position(q)
	if err != nil {
		return nil, err
	}
	misere, err := q.flag("misere")
	if err != nil {
		return nil, err
	}
	small, ok := p.Small()
	if !ok {
		return nil, tooLarge("position %s: piles beyond 64 bits", p)
	}
	if grundy.Terminal(r, small) {
		return nil, fmt.Errorf("%s at %s: the game is over, there is no move", r.Name(), p)
	}
	m, err := play.Best(ctx, r, small, misere, s.Budget)
	return m, s.budgetError(err)
}

func (s *Server) overlays(_ context.Context, q query) (any, error) {
	game, err := q.required("game")
	if err != nil {
		return nil, err
	}
	r, err := games.Parse(game)
	if err != nil {
		return nil, err
	}
	sl, err := plot.ParseSlice(sliceOr(q.str("slice")))
	if err != nil {
		return nil, err
	}
	ids := []overlayJSON{}
	for _, o := range plot.Overlays(r, len(sl.Piles)) {
		ids = append(ids, overlayJSON{o.ID, o.Source, o.Misere})
	}
	return ids, nil
}

type overlayJSON struct {
	ID     string `json:"id"`
	Source string `json:"source"`
	Misere bool   `json:"misere"`
}

// engineOptions are the options of box computations; their size is
// bounded before they start (MaxPositions) and their time by the context.
func engineOptions() engine.Options { return engine.Options{} }
