package main

import (
	"context"
	"errors"
	"fmt"
	"math"
	"net"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/grundy/grundy/cmd/grundy/internal/web"
	"github.com/spf13/cobra"
)

// Serve is `grundy serve`.
func (commands) Serve(a *app) *cobra.Command {
	var addr string
	var srv web.Server
	cmd := &cobra.Command{
		Use:   "serve",
		Short: "Serve the web interface and JSON API",
		Long: `serve runs grundy's web interface — choose a ruleset, see a position's
values and moves and why to believe them, play against the optimal player
with undo and redo, explore the game tree, draw and export heatmaps, see
the papers' claims and findings beside the values, compare rulesets, write
your own rules and claims; the whole state lives in the URL — and its JSON API (docs/web.md):

  GET /api/games                         the rulesets (as grundy games --json)
  GET /api/ruleset?game=G[&pos=P]        check a ruleset; a first position
  GET /api/value?game=G&pos=P            values, method, trust
  GET /api/moves?game=G&pos=P[&misere=1] the same with every move
  GET /api/computer?game=G&pos=P[&misere=1]  the computer's move
  GET /api/overlays?game=G               closed forms a heatmap can overlay
  GET /api/heatmap?game=G&max=B[&slice=S&what=sg|outcome|rem&misere=1&overlay=ID]
  GET /api/plot?…same…&format=png|svg|pdf    the heatmap as grundy plot draws it
  GET /api/play?game=G&pos=P&play=M1;M2  check a move list
  GET /api/claims?game=G&pos=P           the claims of a ruleset, with trust
  GET /api/findings                      the papers' failed claims
  GET /api/check?claim=ID                re-check a claim on cut boxes
  GET /api/claimtext?claims=TEXT         check claims written as text
  GET /api/ruletext?family=F             a family's rule file
  rule=TEXT instead of game=G            a rule written in the rules language
  GET /api/stats                         computations running, completed,
                                         cancelled, timed out

Values are JSON strings (they may exceed 2^53). A search over the budget or
past the time limit gives way to the registered theorems. Cheap requests
(under 50,000 steps: positions solved times followers read) run in a lane
of their own; memory is estimated in closed form before anything is
allocated and pooled (--memory: 1 GiB in all, or three quarters of what the
process may take when less; 256 MiB a request, at most a quarter of the
pool). Errors are JSON
{"error": …, "status": …}: 400 for bad input, 413 for requests over a limit
(named in the message), 503 past the time limit, 404 for other paths.`,
		Example: `  grundy serve
  grundy serve --addr 127.0.0.1:9000 --budget 5000000`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if err := positiveDuration("timeout", srv.Timeout, "30s"); err != nil {
				return err
			}
			switch {
			case srv.Budget < 1:
				return fmt.Errorf("--budget %d: give the most positions one search may visit, at least 1", srv.Budget)
			case srv.MaxSide < 0:
				return fmt.Errorf("--max-side %d: give the largest heatmap max, at least 0", srv.MaxSide)
			case srv.MaxPositions < 1:
				return fmt.Errorf("--max-box %d: give the most positions of a heatmap's box, at least 1", srv.MaxPositions)
			case srv.Workers < 1:
				return fmt.Errorf("--workers %d: give the computations run at once, at least 1", srv.Workers)
			case given(cmd, "memory") && srv.Memory < 1<<20:
				return fmt.Errorf("--memory %d: give the bytes all computations may hold, at least 1MiB", srv.Memory)
			}
			ln, err := net.Listen("tcp", addr)
			if err != nil {
				return fmt.Errorf("--addr %s: %w", addr, err)
			}
			hs := &http.Server{
				Handler:           srv.Handler(),
				ReadHeaderTimeout: 10 * time.Second,
				WriteTimeout:      srv.Timeout + 10*time.Second,
				IdleTimeout:       time.Minute,
			}
			fmt.Fprintf(cmd.ErrOrStderr(), "grundy: serving on http://%s/ (Ctrl-C to stop)\n", ln.Addr())
			done := make(chan error, 1)
			go func() { done <- hs.Serve(ln) }()
			select {
			case err := <-done:
				return failure{err}
			case <-cmd.Context().Done():
				ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
				defer cancel()
				hs.Shutdown(ctx)
				if err := <-done; err != nil && !errors.Is(err, http.ErrServerClosed) {
					return failure{err}
				}
				return nil
			}
		},
	}
	cmd.Flags().StringVar(&addr, "addr", "127.0.0.1:8080", "address to listen on")
	intFlag(cmd, &srv.Budget, "budget", web.DefaultBudget, "most positions one search may visit")
	intFlag(cmd, &srv.MaxSide, "max-side", web.DefaultMaxSide, "largest heatmap max")
	cmd.Flags().Uint64Var(&srv.MaxPositions, "max-box", web.DefaultMaxPositions, "most positions a heatmap's box may hold")
	cmd.Flags().DurationVar(&srv.Timeout, "timeout", web.DefaultTimeout, "time limit of one request")
	intFlag(cmd, &srv.Workers, "workers", web.DefaultWorkers, "computations run at once in each lane (cheap, costly); others wait")
	cmd.Flags().Var(byteSize{&srv.Memory}, "memory", "bytes all computations may hold at once (512MiB, 2GiB; default 1GiB or ¾ of what the process may take)")
	return cmd
}

// byteSize is a flag of bytes, written as a number with an optional
// binary unit (KiB, MiB, GiB, TiB; K, M, G, T and KB… the same).
type byteSize struct{ p *uint64 }

func (v byteSize) String() string {
	if v.p == nil || *v.p == 0 {
		return ""
	}
	return strconv.FormatUint(*v.p, 10)
}

func (v byteSize) Type() string { return "size" }

func (v byteSize) Set(s string) error {
	num := strings.TrimSpace(s)
	if n, ok := strings.CutSuffix(num, "iB"); ok {
		num = n
	} else {
		num = strings.TrimSuffix(num, "B")
	}
	shift := 0
	for i, unit := range []string{"K", "M", "G", "T"} {
		if n, ok := strings.CutSuffix(num, unit); ok {
			num, shift = strings.TrimSpace(n), 10*(i+1)
			break
		}
	}
	n, err := strconv.ParseUint(num, 10, 64)
	if err != nil {
		return errors.New("not a size (a number of bytes, or with KiB, MiB, GiB or TiB)")
	}
	if n > math.MaxUint64>>shift {
		return errors.New("too large")
	}
	*v.p = n << shift
	return nil
}
