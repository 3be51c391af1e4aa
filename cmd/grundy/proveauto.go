package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/grundy/grundy/automata"
	"github.com/grundy/grundy/automatic"
	"github.com/grundy/grundy/catalog"
	"github.com/grundy/grundy/games"
	"github.com/grundy/grundy/internal/atomicfile"
	"github.com/grundy/grundy/render"
	"github.com/grundy/grundy/theory"
	"github.com/spf13/cobra"
)

// automataMaxStates sets the state bound of every construction.
func automataMaxStates(n int) { automata.MaxStates = n }

// proveAutomata is `grundy prove --automata`: the claims with automata
// (package automatic), each on its default games, or on --game.
func proveAutomata(cmd *cobra.Command, args []string, all, asJSON bool, game, record string) error {
	out := cmd.OutOrStdout()
	var claims []*theory.Claim
	if all {
		if len(args) > 0 {
			return errors.New("give claim IDs or --all, not both")
		}
		reg := catalog.Registry()
		for _, t := range automatic.Targets() {
			c, ok := reg.Lookup(t.ID)
			if !ok {
				return fmt.Errorf("automatic target %s is not a claim", t.ID)
			}
			claims = append(claims, c)
		}
	} else {
		cs, err := selectClaims(args, false)
		if err != nil {
			return err
		}
		for _, c := range cs {
			if _, ok := automatic.TargetOf(c.ID); !ok {
				fmt.Fprintf(cmd.ErrOrStderr(), "grundy prove: not attempted: %s: no automaton for this claim\n", c.ID)
				continue
			}
			claims = append(claims, c)
		}
	}
	date := time.Now().UTC().Format("2006-01-02")
	var recs []theory.AutoRecord
	var ran []automatic.Result
	counts := map[string]int{}
	for _, c := range claims {
		t, _ := automatic.TargetOf(c.ID)
		ins := t.Instances
		if game != "" {
			r, err := games.Parse(game)
			if err != nil {
				return err
			}
			ins = nil
			for _, in := range t.Instances {
				if in.Game == r.Name() {
					ins = append(ins, in)
				}
			}
			if len(ins) == 0 {
				ins = []automatic.Instance{{Game: r.Name(), Piles: t.Instances[0].Piles}}
			}
		}
		for _, in := range ins {
			r, err := games.Parse(in.Game)
			if err != nil {
				return err
			}
			res, err := automatic.Prove(cmd.Context(), c, r, in.Piles)
			if err != nil {
				return err
			}
			ran = append(ran, res)
			counts[res.Status]++
			if res.Status == automatic.Proved {
				rec, err := automatic.Record(c, res, date)
				if err != nil {
					return err
				}
				recs = append(recs, rec)
			}
			if asJSON {
				if err := render.JSON(out, res); err != nil {
					return err
				}
			} else if err := writeAutoProof(out, res); err != nil {
				return err
			}
			if record != "" {
				if err := writeAutoLedger(record, ran, recs); err != nil {
					return failure{err}
				}
			}
		}
	}
	if !asJSON {
		fmt.Fprintf(out, "%d automata proofs: %d proved, %d refuted, %d unknown\n",
			len(ran), counts[automatic.Proved], counts[automatic.Refuted], counts[automatic.Unknown])
	}
	return nil
}

func writeAutoProof(w io.Writer, r automatic.Result) error {
	var parts []string
	for _, o := range r.Obligations {
		parts = append(parts, fmt.Sprintf("%s %s %.2fs", o.Name, o.Status, o.Seconds))
	}
	via := ""
	if len(r.Via) > 0 {
		via = ", automaton of " + strings.Join(r.Via, ", ")
	}
	_, err := fmt.Fprintf(w, "%s %s  %s, %d piles  %s, %d states%s (moves %d)  %.2fs  (%s)\n", strings.ToUpper(r.Status), r.ID, r.Game, r.Piles,
		r.System, r.States, via, r.MoveStates, r.Seconds, strings.Join(parts, ", "))
	if r.Reason != "" && len(r.Obligations) == 0 && err == nil {
		_, err = fmt.Fprintf(w, "    %s\n", r.Reason)
	}
	for _, o := range r.Obligations {
		if o.Counterexample != "" && err == nil {
			_, err = fmt.Fprintf(w, "    %s: counterexample %s\n", o.Name, o.Counterexample)
		}
		if o.Note != "" && err == nil {
			_, err = fmt.Fprintf(w, "    %s: %s\n", o.Name, o.Note)
		}
	}
	return err
}

// writeAutoLedger merges this run into the automata ledger at path, as
// writeLedger does for SMT proofs.
func writeAutoLedger(path string, ran []automatic.Result, recs []theory.AutoRecord) error {
	var old theory.AutoLedger
	if b, err := os.ReadFile(path); err == nil {
		if err := json.Unmarshal(b, &old); err != nil {
			return fmt.Errorf("ledger %s: %w", path, err)
		}
	} else if !errors.Is(err, os.ErrNotExist) {
		return err
	}
	key := func(id, game string, piles int) string { return fmt.Sprintf("%s|%s|%d", id, game, piles) }
	redone := map[string]bool{}
	for _, r := range ran {
		redone[key(r.ID, r.Game, r.Piles)] = true
	}
	var merged []theory.AutoRecord
	for _, rec := range old.Records {
		if !redone[key(rec.ID, rec.Game, rec.Piles)] {
			merged = append(merged, rec)
		}
	}
	merged = append(merged, recs...)
	return atomicfile.Write(path, func(w io.Writer) error { return theory.WriteAutoLedger(w, merged) })
}
