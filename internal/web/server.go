package web

import (
	"context"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/engine"
	"github.com/grundy/grundy/games"
)

//go:embed static
var static embed.FS

// Defaults of the server's limits.
const (
	DefaultBudget       = 2_000_000
	DefaultMaxSide      = 200
	DefaultMaxPositions = 4_000_000
	DefaultTimeout      = 20 * time.Second
	DefaultMaxQuery     = 16 << 10 // a rule's or claims' text travels in the query
	DefaultWorkers      = 4
	DefaultCheapCost    = 50_000
	// DefaultMemory is the memory all computations may hold at once (or
	// less, engine.BoxMemory, when the process may not have it), and
	// DefaultRequestMemory what one may (at most a quarter of the pool): a
	// request estimated above it is answered by theorems or refused,
	// never run.
	DefaultMemory        = 1 << 30
	DefaultRequestMemory = 256 << 20
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
	// Workers is how many costly computations run at once; others wait.
	// As many cheap ones run at once in a lane of their own, so that a
	// cheap request is never queued behind slow ones.
	Workers int
	// CheapCost is the most work (positions times options) a request may
	// be estimated to take and still take the cheap lane.
	CheapCost float64
	// Memory is the bytes all computations may hold at once; a request
	// waits for its estimate to be free. RequestMemory caps one request's:
	// a box or rectangle estimated above it is not solved (theorems
	// answer, or the request is refused naming the estimate).
	Memory, RequestMemory uint64
	// CheckPositions caps each box a claim is re-checked on
	// (DefaultCheckPositions).
	CheckPositions uint64

	lanes  [2]chan struct{} // costly, cheap
	mem    *memPool
	checks checkCache
	stats  struct{ waiting, running, overdue, overran, completed, cancelled, timedOut atomic.Int64 }
}

// A cost is a request's estimate: the elementary steps of the positions
// it actually solves (each position times the followers it reads), and
// the bytes it holds while it runs.
type cost struct {
	work float64
	mem  uint64
	// refuse, when set, is the answer at once (a 413 naming the
	// estimate): the request is over a limit no waiting would lift, so
	// it takes no slot.
	refuse error
}

// A costFn estimates a request; nil marks requests that take no
// computation slot.
type costFn func(s *Server, q query) cost

// Handler returns the server's routes: the page at / and the API under
// /api/. Every other path is answered with a JSON error.
func (s *Server) Handler() http.Handler {
	s.defaults()
	mux := http.NewServeMux()
	sub, _ := fs.Sub(static, "static")
	files := http.FileServerFS(sub)
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			writeError(w, http.StatusMethodNotAllowed, fmt.Errorf("method %s not allowed (the page answers GET only)", r.Method))
			return
		}
		name := strings.TrimPrefix(r.URL.Path, "/")
		if name == "" {
			name = "index.html"
		}
		if st, err := fs.Stat(sub, name); err != nil || st.IsDir() {
			writeError(w, http.StatusNotFound, fmt.Errorf("no page %s", r.URL.Path))
			return
		}
		w.Header().Set("Cache-Control", "no-cache")
		files.ServeHTTP(w, r)
	})
	routes := []struct {
		path string
		h    http.HandlerFunc
	}{
		{"/api/games", s.api(s.games, nil)},
		{"/api/ruleset", s.api(s.ruleset, nil)},
		{"/api/value", s.api(s.value, positionCost)},
		{"/api/moves", s.api(s.moves, positionCost)},
		{"/api/computer", s.api(s.computer, positionCost)},
		{"/api/overlays", s.api(s.overlays, nil)},
		{"/api/play", s.api(s.play, nil)},
		{"/api/claims", s.api(s.claims, nil)},
		{"/api/findings", s.api(s.findings, nil)},
		{"/api/check", s.api(s.check, checkCost)},
		{"/api/ruletext", s.api(s.ruleText, nil)},
		{"/api/claimtext", s.api(s.claimText, claimTextCost)},
		{"/api/heatmap", s.api(s.heatmap, heatmapCost)},
		{"/api/stats", s.api(s.statistics, nil)},
		{"/api/plot", s.plotImage},
	}
	known := map[string]bool{}
	for _, r := range routes {
		mux.HandleFunc("GET "+r.path, r.h)
		known[r.path] = true
	}
	mux.HandleFunc("/api/", func(w http.ResponseWriter, r *http.Request) {
		// A route asked with another method is 405, as the page's own
		// paths are: a client that POSTs learns the method, not that
		// the route is missing.
		if known[r.URL.Path] {
			w.Header().Set("Allow", "GET, HEAD")
			writeError(w, http.StatusMethodNotAllowed, fmt.Errorf("method %s not allowed on %s (the API answers GET only)", r.Method, r.URL.Path))
			return
		}
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
	if s.CheapCost <= 0 {
		s.CheapCost = DefaultCheapCost
	}
	if s.Memory == 0 {
		// The process's own limit, when lower (engine's share of it for
		// a box).
		s.Memory = min(DefaultMemory, engine.BoxMemory())
	}
	if s.RequestMemory == 0 {
		// A quarter of the pool: four requests of the largest size run
		// at once, as four workers do.
		s.RequestMemory = min(DefaultRequestMemory, s.Memory/4)
	}
	if s.CheckPositions == 0 {
		s.CheckPositions = DefaultCheckPositions
	}
	if s.mem == nil {
		s.mem = &memPool{free: s.Memory, changed: make(chan struct{})}
	}
	for i := range s.lanes {
		if s.lanes[i] == nil {
			s.lanes[i] = make(chan struct{}, s.Workers)
		}
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
// computation slot in the lane its cost calls for, and writes the result
// or error as JSON.
func (s *Server) api(h func(ctx context.Context, q query) (any, error), cost costFn) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		out, err := s.run(r, h, cost)
		if err != nil {
			writeError(w, statusOf(err), err)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Cache-Control", "no-store")
		json.NewEncoder(w).Encode(out)
	}
}

// grace is how long past the time limit an answer may still come: a
// search stopped at the limit falls back to theorems, which take
// milliseconds.
func (s *Server) grace() time.Duration {
	return min(2*time.Second, max(250*time.Millisecond, s.Timeout/10))
}

func (s *Server) run(r *http.Request, h func(ctx context.Context, q query) (any, error), cost costFn) (any, error) {
	if n := len(r.URL.RawQuery); n > s.MaxQuery {
		return nil, tooLarge("query of %d bytes exceeds the limit of %d bytes", n, s.MaxQuery)
	}
	q := query{r.URL.Query()}
	// The client going away (Cancel on the page) cancels the work.
	ctx, cancel := context.WithTimeout(r.Context(), s.Timeout)
	defer cancel()
	if cost == nil {
		return h(ctx, q)
	}
	c := cost(s, q)
	if c.refuse != nil {
		return nil, c.refuse
	}
	if c.mem > s.RequestMemory {
		// The engine will not solve it (engineOptions caps its memory):
		// theorems answer or the request is refused; it holds nothing.
		c.mem = 0
	}
	lane := s.lanes[0]
	if c.work <= s.CheapCost {
		lane = s.lanes[1]
	}
	s.stats.waiting.Add(1)
	select {
	case lane <- struct{}{}:
	case <-ctx.Done():
		s.stats.waiting.Add(-1)
		return nil, s.timeoutError(ctx)
	}
	if err := s.mem.acquire(ctx, c.mem); err != nil {
		s.stats.waiting.Add(-1)
		<-lane
		return nil, s.timeoutError(ctx)
	}
	s.stats.waiting.Add(-1)
	// The computation runs apart so that the answer leaves soon after the
	// time limit even when the solver notices the cancellation late. It
	// keeps its slot until it ends or its time limit (and grace) passes,
	// whichever comes first: a solver slow to notice cancellation cannot
	// hold a slot longer (stats count it as overdue until it ends).
	type result struct {
		out any
		err error
	}
	done := make(chan result, 1)
	var release sync.Once
	free := func() { release.Do(func() { <-lane }) }
	var late atomic.Bool
	s.stats.running.Add(1)
	go func() {
		out, err := h(ctx, q)
		// The memory is the computation's until it really ends.
		s.mem.release(c.mem)
		// Counted before the answer leaves, while ctx still says why the
		// computation ended.
		switch {
		case r.Context().Err() != nil:
			s.stats.cancelled.Add(1)
		case errors.Is(ctx.Err(), context.DeadlineExceeded):
			s.stats.timedOut.Add(1)
		default:
			s.stats.completed.Add(1)
		}
		s.stats.running.Add(-1)
		if late.Load() {
			s.stats.overdue.Add(-1)
		}
		free()
		done <- result{out, err}
	}()
	limit := time.NewTimer(s.Timeout + s.grace())
	defer limit.Stop()
	for {
		select {
		case res := <-done:
			if res.err != nil && ctx.Err() != nil {
				return nil, s.timeoutError(ctx)
			}
			return res.out, res.err
		case <-r.Context().Done():
			// The client left; the slot stays with the computation until
			// it ends or passes its time limit.
			go func() {
				select {
				case <-done:
				case <-limit.C:
					s.overdue(&late, free)
				}
			}()
			return nil, s.timeoutError(r.Context())
		case <-limit.C:
			s.overdue(&late, free)
			return nil, s.timeoutError(ctx)
		}
	}
}

// overdue gives back the slot of a computation past its time limit.
func (s *Server) overdue(late *atomic.Bool, free func()) {
	if !late.Swap(true) {
		s.stats.overdue.Add(1)
		s.stats.overran.Add(1)
	}
	free()
}

// statistics counts the computations: waiting for a slot or memory,
// running now (overdue: past their time limit and grace, slot given
// back; overran: all that ever were), and ended by completion, by the
// client's cancellation or by the time limit; and the memory pool's bytes
// held and in all.
func (s *Server) statistics(context.Context, query) (any, error) {
	s.mem.mu.Lock()
	held := s.Memory - s.mem.free
	s.mem.mu.Unlock()
	return map[string]int64{"waiting": s.stats.waiting.Load(), "running": s.stats.running.Load(), "overran": s.stats.overran.Load(),
		"memory_held": int64(held), "memory": int64(s.Memory), "overdue": s.stats.overdue.Load(), "completed": s.stats.completed.Load(),
		"cancelled": s.stats.cancelled.Load(), "timed_out": s.stats.timedOut.Load()}, nil
}

// positionCost estimates a value, moves or computer request by the
// positions it actually solves: the rectangle below a two-pile position
// the line solver sweeps (a few steps a position, memory by its
// parameters: wythoff-mod's K sizes its tables), else the positions a
// search reaches times half the followers of the start (the mean over
// them); a theorem's answer costs next to nothing, when a theorem answers.
func positionCost(s *Server, q query) cost {
	r, p, err := s.position(q)
	if err != nil {
		return cost{}
	}
	method := engine.Method(q.str("method"))
	if method == engine.MethodTheorem {
		return cost{work: 1}
	}
	theorem := func() cost {
		misere, _ := q.flag("misere")
		if method == engine.Auto || method == "auto" {
			if _, err := engine.ListMoves(context.Background(), r, p, misere, engine.Options{Method: engine.MethodTheorem}); err == nil {
				return cost{work: 1}
			}
		}
		return cost{work: math.Inf(1)}
	}
	small, ok := p.Small()
	if !ok {
		return theorem()
	}
	if len(small) == 2 {
		if need, ok := engine.TwoPileBytes(r, small[0], small[1]); ok {
			cells := (float64(small[0]) + 1) * (float64(small[1]) + 1)
			if cells > float64(s.Budget) || !need.IsUint64() || need.Uint64() > s.RequestMemory {
				return theorem()
			}
			return cost{work: cells * twoPileSteps, mem: need.Uint64()}
		}
	}
	reach := engine.ReachBound(r, p)
	if reach > float64(s.Budget) {
		return theorem()
	}
	return cost{work: reach * (1 + engine.PositionWork(r, small)/2), mem: uint64(engine.SearchMemory(r, small, s.Budget))}
}

// twoPileSteps is the line solver's work per position, counted as
// followers (solve's estimate uses the same figure).
const twoPileSteps = 16

func (s *Server) timeoutError(ctx context.Context) error {
	if err := ctx.Err(); err == nil || errors.Is(err, context.DeadlineExceeded) {
		return httpError{http.StatusServiceUnavailable, fmt.Errorf("request exceeded the time limit of %s", s.Timeout)}
	}
	return httpError{http.StatusServiceUnavailable, ctx.Err()}
}

func statusOf(err error) int {
	var he httpError
	switch {
	case errors.As(err, &he):
		return he.status
	case errors.Is(err, engine.ErrBudget), errors.Is(err, engine.ErrTooBig), errors.Is(err, engine.ErrHeatmapTooBig):
		return http.StatusRequestEntityTooLarge
	}
	return http.StatusBadRequest
}

// An apiError is the body of every error answer.
type apiError struct {
	Error  string `json:"error"`
	Status int    `json:"status"`
	// At lists, for an error of a rule's or a claim text's, each fault
	// with its line and column (1-based) in the text.
	At []textError `json:"at,omitempty"`
}

func writeError(w http.ResponseWriter, status int, err error) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(apiError{Error: word(err), Status: status, At: textErrors(err)})
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
	r, err := s.game(q)
	if err != nil {
		return nil, nil, err
	}
	pos, err := q.required("pos")
	if err != nil {
		return nil, nil, err
	}
	p, err := engine.ParsePosition(r, pos)
	if err != nil {
		return nil, nil, err
	}
	return r, p, nil
}

// game reads the request's ruleset: every route reads it here, so that a
// ruleset is named one way across the API.
//
// rule=TEXT (with args=p=v,…) is a rule written in the rules language
// (the page's rule editor): built from its text, never from a file.
func (s *Server) game(q query) (grundy.Ruleset, error) {
	if text := q.str("rule"); text != "" {
		return games.RuleText(text, q.str("args"))
	}
	game, err := q.required("game")
	if err != nil {
		return nil, err
	}
	return parseGame(game)
}

// budgetError words a search over its budget with the server's limit,
// which a web user cannot raise.
func (s *Server) budgetError(err error) error {
	if errors.Is(err, engine.ErrBudget) {
		return tooLarge("%v [server limit: %d positions per search]", err, s.Budget)
	}
	return err
}

// options reads method (auto, search or theorem; as the CLI's --method).
func (s *Server) options(q query) (engine.Options, error) {
	opt := s.engineOptions()
	switch m := engine.Method(q.str("method")); m {
	case "", "auto":
	case engine.MethodSearch, engine.MethodTheorem:
		opt.Method = m
	default:
		return opt, fmt.Errorf("parameter method=%q: want auto, search or theorem", m)
	}
	return opt, nil
}

// A familyJSON is a ruleset family as `grundy games --json` shows it, with
// Args describing the text arguments of a family that reads its own
// (ParseArgs), for the page to build its form.
type familyJSON struct {
	engine.Family
	Args []argJSON `json:"args,omitempty"`
}

// An argJSON is one text or boolean argument, written NAME=VALUE (a
// boolean: NAME alone when true).
type argJSON struct {
	Name    string `json:"name"`
	Kind    string `json:"kind"` // text or bool
	Default string `json:"default"`
	Doc     string `json:"doc"`
}

// textArgs describes the families that parse their own arguments; one
// without an entry gets a single free-form field.
var textArgs = map[string][]argJSON{
	"fdg": {
		{Name: "d", Kind: "text", Default: "1100", Doc: "difference vectors separated by /, one digit per coordinate (1100/0011) or dotted (1.0.12); one coordinate per pile"},
		{Name: "multiset", Kind: "bool", Default: "true", Doc: "piles interchangeable: each vector stands for all its arrangements"},
	},
}

func (s *Server) games(context.Context, query) (any, error) {
	var out []familyJSON
	for i, f := range engine.Families() {
		fj := familyJSON{Family: f}
		if games.Families[i].ParseArgs != nil {
			fj.Args = textArgs[f.Name]
			if fj.Args == nil {
				fj.Args = []argJSON{{Name: "", Kind: "text", Doc: "arguments after " + f.Name + ":"}}
			}
		}
		out = append(out, fj)
	}
	return out, nil
}

// A computerJSON is the computer's move and why it chose it.
type computerJSON struct {
	moveJSON
	Reason string `json:"reason"`
}

// computer answers with the optimal player's move: by search the move
// that keeps to the remoteness (play.Best's choice); by theorem the
// winning move a theorem finds, or, from a P-position, the first option.
func (s *Server) computer(ctx context.Context, q query) (any, error) {
	m, r, err := s.movesOf(ctx, q)
	if err != nil {
		return nil, err
	}
	if m.Terminal {
		return nil, fmt.Errorf("%s at %s: the game is over, there is no move", m.Game, m.Pos)
	}
	for _, mv := range m.Moves {
		if mv.Optimal != nil && *mv.Optimal {
			return computerJSON{mv, "optimal: keeps to the remoteness (exhaustive " + m.Method + ")"}, nil
		}
	}
	for _, mv := range m.Moves {
		if mv.Winning {
			return computerJSON{mv, "winning by theorem (" + m.Method + ")"}, nil
		}
	}
	if len(m.Moves) > 0 {
		return computerJSON{m.Moves[0], "every move loses; the first option evaluated by theorem"}, nil
	}
	bp, _ := grundy.ParsePosition(m.Pos)
	if ms, err := engine.SomeMoves(r, bp, 1); err == nil && len(ms) > 0 {
		return computerJSON{moveJSON{To: ms[0].String()}, "every move loses; a move made on piles cut to a few tokens and repeated on the real ones (these rules depend on the tokens taken alone), not evaluated"}, nil
	}
	if p, ok := bp.Small(); ok {
		var first grundy.Position
		r.Options(p, func(o grundy.Position) bool { first = grundy.Canonical(r, o); return false })
		if first != nil {
			return computerJSON{moveJSON{To: first.String()}, "every move loses; the first option, not evaluated"}, nil
		}
	}
	return nil, fmt.Errorf("%s at %s: no method finds a move here", m.Game, m.Pos)
}

// parseGame reads a ruleset, refusing what would read the server's files.
func parseGame(game string) (grundy.Ruleset, error) {
	if strings.Contains(game, "file=") {
		return nil, fmt.Errorf("ruleset %q: file= reads the server's disk and is refused here; give d=… instead", game)
	}
	if games.IsRulesPath(game) {
		return nil, fmt.Errorf("ruleset %q: a rule file is on the server's disk and is refused here", game)
	}
	return games.Parse(game)
}

// A rulesetJSON describes a valid ruleset for the page's form.
type rulesetJSON struct {
	Name string `json:"name"`
	// DefaultPos is a position of the ruleset's pile count, to start from.
	DefaultPos string `json:"default_pos"`
	// PosError says why pos, when given, does not fit the ruleset.
	PosError string `json:"pos_error,omitempty"`
}

// ruleset checks a ruleset (the page's validation message) and proposes
// a first position.
func (s *Server) ruleset(_ context.Context, q query) (any, error) {
	r, err := s.game(q)
	if err != nil {
		return nil, err
	}
	out := rulesetJSON{Name: r.Name()}
	sizes := []int{3, 5, 7, 9, 11, 13, 15, 17}
	for _, n := range []int{2, 3, 1, 4, 5, 6, 7, 8} {
		if r.Validate(grundy.Position(sizes[:n])) == nil {
			out.DefaultPos = grundy.Canonical(r, sizes[:n]).String()
			break
		}
	}
	if pos := q.str("pos"); pos != "" {
		if _, err := engine.ParsePosition(r, pos); err != nil {
			out.PosError = word(err)
		}
	}
	return out, nil
}

func (s *Server) overlays(_ context.Context, q query) (any, error) {
	r, err := s.game(q)
	if err != nil {
		return nil, err
	}
	sl, err := engine.ParseSlice(sliceOr(q.str("slice")))
	if err != nil {
		return nil, err
	}
	ids := []overlayJSON{}
	for _, o := range engine.Overlays(r, len(sl.Piles)) {
		ids = append(ids, overlayJSON{o.ID, o.Source, o.Misere})
	}
	return ids, nil
}

type overlayJSON struct {
	ID     string `json:"id"`
	Source string `json:"source"`
	Misere bool   `json:"misere"`
}

// engineOptions are the options of every computation: their memory is
// capped by RequestMemory (a box or rectangle over it is refused, and
// theorems answer where they can), their time by the context.
func (s *Server) engineOptions() engine.Options {
	return engine.Options{Budget: s.Budget, Limits: engine.Limits{Memory: s.RequestMemory, Work: engine.DefaultWork, Search: engine.DefaultSearchWork}}
}

// A memPool hands out bytes of the server's memory to computations.
type memPool struct {
	mu      sync.Mutex
	free    uint64
	changed chan struct{} // closed and replaced on every release
}

// acquire waits until n bytes are free and takes them.
func (p *memPool) acquire(ctx context.Context, n uint64) error {
	for {
		p.mu.Lock()
		if n <= p.free {
			p.free -= n
			p.mu.Unlock()
			return nil
		}
		wait := p.changed
		p.mu.Unlock()
		select {
		case <-wait:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

func (p *memPool) release(n uint64) {
	if n == 0 {
		return
	}
	p.mu.Lock()
	p.free += n
	close(p.changed)
	p.changed = make(chan struct{})
	p.mu.Unlock()
}
