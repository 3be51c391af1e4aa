package main

import (
	"errors"
	"fmt"
	"io/fs"
	"math/big"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/engine"
	"github.com/grundy/grundy/internal/plural"
	"github.com/grundy/grundy/render"
	"github.com/grundy/grundy/solve"
	"github.com/grundy/grundy/store"
	"github.com/spf13/cobra"
)

// Solve is `grundy solve`.
func (commands) Solve(a *app) *cobra.Command {
	var out output
	var box boxFlags
	var dir, kindList string
	var resume, repair, force bool
	var engineName, storeURL, address string
	cmd := &cobra.Command{
		Use:   "solve GAME --piles N --max B -o DIR",
		Short: "Solve a box tier by tier into a table on disk (resumable)",
		Long: `solve computes every position of the box tier by tier (positions with the
same token sum) and writes the table to DIR: header.json (ruleset, box,
value kinds, format version; once complete, per-tier counts and SHA-256
digests and the table's checksum), one file of packed values per tier, and
a journal of finished tiers. Each tier is written atomically, so Ctrl-C or
a kill loses at most the tier in progress; --resume continues from the last
complete tier, after re-reading every tier written and checking it against
the header (a damaged tier fails, exit status 1; --repair solves it again).
A lock keeps a second solve out of a directory being written.

Before starting it estimates memory, disk and time and refuses, with the
estimate, when memory or disk would not suffice (--force overrides).

With --engine temporal the box is solved on a Temporal cluster into the
object store --store URL instead, by the separate grundy-worker program
(beside grundy or on PATH; see README, "Beyond one machine"), which keeps
the Temporal SDK out of this one.`,
		Example: `  grundy solve slow-exact:k=2 --piles 6 --max 100 -o se2-6x100
  grundy solve slow-exact:k=2 --piles 6 --max 100 -o se2-6x100 --resume
  grundy count slow-exact:k=2 --table se2-6x100`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := out.check(cmd); err != nil {
				return err
			}
			asJSON := out.format == "json"
			if err := box.check(); err != nil {
				return err
			}
			switch engineName {
			case "local":
				if storeURL != "" {
					return errors.New("--store needs --engine temporal")
				}
			case "temporal":
				if dir != "" || resume {
					return errors.New("--engine temporal writes to --store URL, not -o DIR, and always resumes")
				}
				if storeURL == "" {
					return errors.New("--store: give the object store URL (file:///dir or s3://bucket?…) for --engine temporal")
				}
				return runWorker(cmd, args[0], box, kindList, storeURL, address, asJSON)
			default:
				return fmt.Errorf("--engine %q: want local or temporal", engineName)
			}
			if dir == "" {
				return errors.New("-o: give the directory to write the table to")
			}
			if repair && !resume {
				return errors.New("--repair needs --resume")
			}
			kinds, err := grundy.ParseKinds(kindList)
			if err != nil {
				return fmt.Errorf("--kinds: %w", err)
			}
			r, err := a.parseGame(args[0])
			if err != nil {
				return err
			}
			if err := checkTableDir(dir, r, box, kinds, resume); err != nil {
				return err
			}
			if !force {
				// The stored solve holds only a few tiers (the plan below
				// says how many); the work is the box's, on the tier
				// solver, which lists every follower.
				e := engine.EstimateGeneric(r, box.piles, box.max, kinds)
				if box.piles > solve.MaxPiles {
					return fmt.Errorf("%w: %s, more than the %s a position may have", solve.ErrTooBig, plural.Piles(box.piles), plural.Piles(solve.MaxPiles))
				}
				if err := e.Check(e.IndexBytes+e.PositionBytes, a.limitsOrDefault()); err != nil {
					return fmt.Errorf("%w (--force to try anyway)", err)
				}
			}
			plan, err := engine.PlanTable(cmd.Context(), r, box.piles, box.max, kinds)
			if err != nil {
				return err
			}
			fmt.Fprintf(cmd.ErrOrStderr(), "grundy: %s\n", plan)
			mem := new(big.Int).SetUint64(engine.BoxMemory())
			if plan.Memory.Cmp(mem) > 0 && !force {
				return fmt.Errorf("%w: needs %s in memory, more than the %s available (--force to try anyway)",
					solve.ErrTooBig, plural.Bytes(plan.Memory), plural.Bytes(mem))
			}
			if free, err := engine.FreeDisk(dir); err == nil && plan.Disk.Cmp(new(big.Int).SetUint64(free)) > 0 && !force {
				return fmt.Errorf("%w: needs %s on disk, more than the %s free at %s (--force to try anyway)",
					solve.ErrTooBig, plural.Bytes(plan.Disk), plural.Bytes(new(big.Int).SetUint64(free)), dir)
			}
			report, finish := a.progress("solving")
			h, err := engine.WriteTable(cmd.Context(), r, box.piles, box.max, dir, store.SolveOptions{
				Kinds: kinds, Resume: resume, Repair: repair, Progress: report,
			})
			finish()
			if err != nil {
				var damaged *store.DamagedTierError
				switch {
				case errors.Is(err, store.ErrExists) || errors.Is(err, solve.ErrTooBig) || errors.Is(err, store.ErrLocked):
					return err
				case errors.As(err, &damaged):
					return failure{fmt.Errorf("%w; --repair solves it again from tier %d", err, damaged.Tier)}
				}
				return failure{err}
			}
			solved := engine.Solved{Dir: dir, Game: h.Game, Piles: h.Piles, Max: h.Max, Kinds: h.Kinds,
				Positions: h.Positions, Tiers: h.TierCount, Checksum: h.Checksum}
			return out.write(cmd, solvedResult{solved})
		},
	}
	addBoxFlags(cmd, &box)
	cmd.Flags().StringVarP(&dir, "output", "o", "", "directory to write the table to (required)")
	cmd.Flags().StringVar(&kindList, "kinds", "G,Gm", "values to compute: any of G, Gm, R, Rm, comma-separated")
	cmd.Flags().BoolVar(&resume, "resume", false, "continue the table in DIR from its last complete tier (re-verifying the tiers written)")
	cmd.Flags().BoolVar(&repair, "repair", false, "with --resume: solve a damaged tier again, and every tier after it")
	cmd.Flags().BoolVar(&force, "force", false, "start even when the estimate exceeds the memory or disk available")
	addOutput(cmd, &out, solvedResult{})
	cmd.Flags().StringVar(&engineName, "engine", "local", "local (this process) or temporal (a Temporal cluster, through grundy-worker)")
	cmd.Flags().StringVar(&storeURL, "store", "", "object store URL for --engine temporal")
	cmd.Flags().StringVar(&address, "temporal-address", "", "Temporal frontend HOST:PORT for --engine temporal (default $TEMPORAL_ADDRESS or 127.0.0.1:7233)")
	return cmd
}

// runWorker hands a solve to grundy-worker, found beside this program or
// on PATH: the Temporal SDK lives in that program only.
func runWorker(cmd *cobra.Command, game string, box boxFlags, kinds, storeURL, address string, asJSON bool) error {
	path := ""
	if self, err := os.Executable(); err == nil {
		if p := filepath.Join(filepath.Dir(self), "grundy-worker"); isExecutable(p) {
			path = p
		}
	}
	if path == "" {
		p, err := exec.LookPath("grundy-worker")
		if err != nil {
			return errors.New("--engine temporal needs the grundy-worker program beside grundy or on PATH (go install ./cmd/grundy-worker)")
		}
		path = p
	}
	args := []string{"solve", game, "--piles", strconv.Itoa(box.piles), "--max", strconv.Itoa(box.max), "--kinds", kinds, "--store", storeURL}
	if address != "" {
		args = append(args, "--address", address)
	}
	if asJSON {
		args = append(args, "--json")
	}
	w := exec.CommandContext(cmd.Context(), path, args...)
	w.Stdin, w.Stdout, w.Stderr = cmd.InOrStdin(), cmd.OutOrStdout(), cmd.ErrOrStderr()
	if err := w.Run(); err != nil {
		if cmd.Context().Err() != nil {
			return cmd.Context().Err()
		}
		return failure{fmt.Errorf("grundy-worker: %w", err)}
	}
	return nil
}

// checkTableDir refuses, as bad input, a -o that cannot take the table:
// a file, a table already there without --resume, or one of another box.
func checkTableDir(dir string, r grundy.Ruleset, box boxFlags, kinds grundy.Kinds, resume bool) error {
	if fi, err := os.Stat(dir); err == nil && !fi.IsDir() {
		return fmt.Errorf("-o %s: a file, not a directory", dir)
	}
	h, err := engine.ReadTableHeader(dir)
	switch {
	case errors.Is(err, store.ErrNoTable) || errors.Is(err, fs.ErrNotExist):
		return nil
	case err != nil:
		return storedErr(err)
	case !resume:
		return fmt.Errorf("%w: %s (%s, %s ≤ %d, %d of %d tiers)",
			store.ErrExists, dir, render.GameName(h.Game), plural.Piles(h.Piles), h.Max, len(h.Tiers), h.TierCount)
	case h.Game != r.Name() || h.Piles != box.piles || h.Max != box.max || h.Kinds != kinds.String():
		return fmt.Errorf("cannot resume %s: it holds %s, %s ≤ %d, kinds %s, not %s, %s ≤ %d, kinds %s",
			dir, render.GameName(h.Game), plural.Piles(h.Piles), h.Max, h.Kinds, render.GameName(r.Name()), plural.Piles(box.piles), box.max, kinds)
	}
	return nil
}

func isExecutable(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && fi.Mode().IsRegular() && fi.Mode()&0o111 != 0
}

// addTableFlag adds --table DIR to a command that can read a stored table
// instead of computing.
func addTableFlag(cmd *cobra.Command, dir *string) {
	cmd.Flags().StringVar(dir, "table", "", "read values from the table `DIR` written by grundy solve instead of computing")
}

// storedErr marks errors about damaged stored tables as failures (exit
// status 1) rather than bad input.
func storedErr(err error) error {
	if errors.Is(err, store.ErrCorrupt) {
		return failure{err}
	}
	return err
}
