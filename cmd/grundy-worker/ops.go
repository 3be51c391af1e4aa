package main

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/grundy/grundy/cluster"
	"github.com/grundy/grundy/render"
	"github.com/spf13/cobra"
)

// workflowID is the ID of the workflow solving job into the store at
// url: solve derives it so that running solve again rejoins the run, and
// cancel derives it from the job the store records.
func workflowID(url string, j cluster.Job) string {
	d := sha256.Sum256(fmt.Appendf(nil, "%s\n%+v", url, j))
	return "grundy-" + hex.EncodeToString(d[:8])
}

// probeStore opens the store at url and checks that it answers.
func probeStore(ctx context.Context, url string) error {
	st, err := cluster.Open(ctx, url)
	if err != nil {
		return err
	}
	defer st.Close()
	return st.Probe(ctx)
}

// openStore opens and probes the store named by --store.
func openStore(ctx context.Context, url string) (*cluster.Store, error) {
	if url == "" {
		return nil, badInput{errors.New("--store: give the object store URL")}
	}
	if !strings.Contains(url, "://") {
		// Opening a plain directory creates it; these commands read a
		// store that must exist.
		if fi, err := os.Stat(url); err != nil || !fi.IsDir() {
			return nil, badInput{fmt.Errorf("--store %s: no such directory", url)}
		}
	}
	st, err := cluster.Open(ctx, url)
	if err != nil {
		return nil, err
	}
	if err := st.Probe(ctx); err != nil {
		st.Close()
		return nil, err
	}
	return st, nil
}

// shellQuote quotes s for a POSIX shell where it holds more than
// letters, digits and _./:,=@%+-: a store URL's & and ? would otherwise
// end or glob the command an operator pastes.
func shellQuote(s string) string {
	safe := s != ""
	for _, c := range s {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.ContainsRune("_./:,=@%+-", c)) {
			safe = false
			break
		}
	}
	if safe {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// ticker calls f at most every few seconds.
func ticker(every time.Duration, f func(done, total int)) func(done, total int) {
	var last time.Time
	return func(done, total int) {
		if now := time.Now(); now.Sub(last) >= every || done == total {
			last = now
			f(done, total)
		}
	}
}

// verify reads every sealed object back and prints what it found to w;
// the error names the first object that does not match.
func verify(ctx context.Context, w io.Writer, st *cluster.Store) error {
	v, err := st.Verify(ctx, ticker(5*time.Second, func(done, total int) { logf("verified %d of %d tiers", done, total) }))
	var te *cluster.TierError
	if errors.As(err, &te) {
		return fmt.Errorf("%v (tier %d); `grundy-worker repair --store %s --tier %d` drops it and the later tiers, and solving again recomputes them",
			err, te.Tier, shellQuote(st.URL), te.Tier)
	}
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "store      %s\n", st.URL)
	fmt.Fprintf(w, "tiers      %d of %d sealed, every object read back: sizes and SHA-256 match the manifests\n", v.Sealed, v.Tiers)
	switch {
	case v.Finished:
		fmt.Fprintf(w, "checksum   %s, as result.json says\n", v.Result.Checksum)
	case v.Result != nil:
		fmt.Fprintf(w, "checksum   %s from the tiers; no result.json yet (solve again to finish)\n", v.Result.Checksum)
	default:
		fmt.Fprintf(w, "checksum   none yet: %d tiers unsealed\n", v.Tiers-v.Sealed)
	}
	return nil
}

// verifyCommand is `grundy-worker verify`.
func verifyCommand() *cobra.Command {
	var storeURL string
	cmd := &cobra.Command{
		Use:   "verify --store URL",
		Short: "Read back every committed object of a store and check it against the manifests and result.json",
		Long: `verify reads every object of every sealed tier, checks its size and SHA-256
against the tier's manifest and the tier's digest, and, once all tiers are
sealed, the checksum and counts they give against result.json. It exits 1
naming the first object that does not match, and the repair command that
drops its tier.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			st, err := openStore(cmd.Context(), storeURL)
			if err != nil {
				return err
			}
			defer st.Close()
			return verify(cmd.Context(), os.Stdout, st)
		},
	}
	cmd.Flags().StringVar(&storeURL, "store", "", "object store URL (required)")
	return cmd
}

// repairCommand is `grundy-worker repair`.
func repairCommand() *cobra.Command {
	var storeURL string
	var tier int
	cmd := &cobra.Command{
		Use:   "repair --store URL [--tier N]",
		Short: "Drop a damaged tier's manifest and the later tiers' so that solving again recomputes them",
		Long: `repair deletes result.json and the manifests of tier N and every later tier
(a later tier is computed from the lower ones), so that running solve again
recomputes them; the old objects are deleted when the new ones are sealed.
Without --tier it verifies the store first and starts at the first damaged
tier, or does nothing if every object matches. Cancel a running workflow of
the store first (grundy-worker cancel).`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			st, err := openStore(cmd.Context(), storeURL)
			if err != nil {
				return err
			}
			defer st.Close()
			if !cmd.Flags().Changed("tier") {
				_, err := st.Verify(cmd.Context(), ticker(5*time.Second, func(done, total int) { logf("verified %d of %d tiers", done, total) }))
				var te *cluster.TierError
				switch {
				case err == nil:
					fmt.Printf("every object of %s matches its manifest: nothing to repair\n", st.URL)
					return nil
				case errors.As(err, &te):
					logf("%v", err)
					tier = te.Tier
				default:
					return err
				}
			}
			n, err := st.Repair(cmd.Context(), tier)
			if errors.Is(err, cluster.ErrNoTier) {
				return badInput{fmt.Errorf("--tier: %w", err)}
			}
			if err != nil {
				return err
			}
			fmt.Printf("dropped result.json and %d manifests, of tier %d and later; run the same grundy-worker solve again to recompute them\n", n, tier)
			return nil
		},
	}
	cmd.Flags().StringVar(&storeURL, "store", "", "object store URL (required)")
	cmd.Flags().IntVar(&tier, "tier", 0, "first tier to drop (default: the first damaged one)")
	return cmd
}

// statusJSON is status --json's object; its field names are stable.
type statusJSON struct {
	Store           string  `json:"store"`
	Game            string  `json:"game"`
	Piles           int     `json:"piles"`
	Max             int     `json:"max"`
	Tiers           int     `json:"tiers"`
	Sealed          int     `json:"tiers_sealed"`
	Positions       uint64  `json:"positions"`
	SealedPositions uint64  `json:"positions_sealed"`
	Shards          int     `json:"next_tier_shards,omitempty"`
	Written         int     `json:"next_tier_shards_written,omitempty"`
	Rate            float64 `json:"positions_per_second,omitempty"`
	ETASeconds      float64 `json:"eta_seconds,omitempty"`
	Finished        bool    `json:"finished"`
	Checksum        string  `json:"checksum,omitempty"`
}

// printStatus words a store's status.
func printStatus(w io.Writer, url string, s *cluster.Status, asJSON bool) error {
	eta, etaOK := s.ETA()
	if asJSON {
		v := statusJSON{Store: url, Game: s.Job.Game, Piles: s.Job.Piles, Max: s.Job.Max, Tiers: s.Tiers, Sealed: s.Sealed,
			Positions: s.Positions, SealedPositions: s.SealedPos, Shards: s.Shards, Written: s.Written, Rate: s.Rate(), Finished: s.Finished, Checksum: s.Checksum}
		if etaOK && !s.Finished {
			v.ETASeconds = eta.Seconds()
		}
		return render.JSON(w, v)
	}
	fmt.Fprintf(w, "job        %s, %d piles ≤ %d, kinds %s, %d positions per shard\n", s.Job.Game, s.Job.Piles, s.Job.Max, s.Job.Kinds, s.Job.ShardPositions)
	fmt.Fprintf(w, "tiers      %d of %d sealed (%d of %d positions, %.1f %%)\n", s.Sealed, s.Tiers, s.SealedPos, s.Positions, 100*float64(s.SealedPos)/float64(max(s.Positions, 1)))
	if s.Sealed < s.Tiers {
		fmt.Fprintf(w, "tier %-5d %d of %d shards written (not yet sealed)\n", s.Sealed, s.Written, s.Shards)
	}
	if r := s.Rate(); r > 0 {
		fmt.Fprintf(w, "rate       %.3g positions/s from %s (job recorded) to %s (last tier sealed)\n", r, s.Started.UTC().Format(time.RFC3339), s.LastSealed.UTC().Format(time.RFC3339))
	} else {
		fmt.Fprintf(w, "rate       unknown: no tier sealed, or the store keeps no times\n")
	}
	switch {
	case s.Finished:
		fmt.Fprintf(w, "finished   checksum %s\n", s.Checksum)
	case etaOK:
		fmt.Fprintf(w, "eta        %s after the last seal, at that rate (tiers grow: a rough figure)\n", eta.Round(time.Second))
	}
	return nil
}

// statusCommand is `grundy-worker status`.
func statusCommand() *cobra.Command {
	var storeURL string
	var asJSON bool
	var endpoints []string
	cmd := &cobra.Command{
		Use:   "status --store URL [--metrics URL]...",
		Short: "Show a store's job: tiers sealed, shards written of the next tier, rate and ETA",
		Long: `status reads the store alone (no Temporal): the tiers sealed, the shards of
the next tier that have an object, and the rate from the times the store
keeps (job.json written to the last manifest written) with the time left
at that rate. With --metrics (repeatable) it adds a line for each
worker's or coordinator's metrics endpoint (run/solve --metrics-address):
tiers sealed, positions solved, bytes read, written and fetched, and
failed attempts by cause — the figures a Prometheus would scrape, as
text.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			st, err := openStore(cmd.Context(), storeURL)
			if err != nil {
				return err
			}
			defer st.Close()
			s, err := st.Status(cmd.Context())
			if err != nil {
				return err
			}
			if asJSON {
				return printStatus(os.Stdout, storeURL, s, true)
			}
			if err := printStatus(os.Stdout, storeURL, s, false); err != nil {
				return err
			}
			for _, u := range endpoints {
				if !strings.Contains(u, "://") {
					u = "http://" + u
				}
				if !strings.Contains(strings.TrimPrefix(strings.TrimPrefix(u, "http://"), "https://"), "/") {
					u += "/metrics"
				}
				samples, err := scrapeSamples(cmd.Context(), u)
				if err != nil {
					fmt.Printf("metrics    %s: %s\n", u, oneLine(err))
					continue
				}
				fmt.Printf("metrics    %s: %s\n", u, metricsView(samples))
			}
			return nil
		},
	}
	cmd.Flags().StringVar(&storeURL, "store", "", "object store URL (required)")
	cmd.Flags().BoolVar(&asJSON, "json", false, "print one JSON object (the store's figures only)")
	cmd.Flags().StringArrayVar(&endpoints, "metrics", nil, "a worker's or coordinator's metrics endpoint, HOST:PORT or URL (repeatable)")
	return cmd
}

// cancelCommand is `grundy-worker cancel`.
func cancelCommand() *cobra.Command {
	var c conn
	var storeURL, id, reason string
	cmd := &cobra.Command{
		Use:   "cancel --store URL [--id ID]",
		Short: "Terminate the workflow solving the store's job",
		Long: `cancel terminates the workflow that solve started for the store's job (its
ID is derived from the store URL and the job the store records, or given
with --id). Sealed tiers stay; solve again continues from them. Shards
running on workers stop at their next heartbeat.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if id == "" {
				st, err := openStore(cmd.Context(), storeURL)
				if err != nil {
					return err
				}
				j, err := st.Job(cmd.Context())
				st.Close()
				if err != nil {
					return err
				}
				id = workflowID(storeURL, j)
			}
			cl, err := c.dial(cmd.Context())
			if err != nil {
				return err
			}
			defer cl.Close()
			if err := cl.TerminateWorkflow(cmd.Context(), id, "", reason); err != nil {
				return fmt.Errorf("terminate workflow %s: %s", id, oneLine(err))
			}
			fmt.Printf("terminated workflow %s\n", id)
			return nil
		},
	}
	c.add(cmd)
	cmd.Flags().StringVar(&storeURL, "store", "", "object store URL")
	cmd.Flags().StringVar(&id, "id", "", "workflow ID (default: derived from the store and its job)")
	cmd.Flags().StringVar(&reason, "reason", "grundy-worker cancel", "reason recorded in the workflow's history")
	return cmd
}
