package main

import (
	"fmt"

	"github.com/grundy/grundy/engine"

	"github.com/spf13/cobra"
)

// Sequence is `grundy sequence`.
func (commands) Sequence(a *app) *cobra.Command {
	var out output
	var maxN int
	var period, usePeriod bool
	cmd := &cobra.Command{
		Use:   "sequence GAME --max N",
		Short: "G(0..N) of a take-and-break game (octal or hexadecimal code, Lasker's Nim, Grundy's game) and its proved period",
		Long: `sequence prints G(0), …, G(N) of a game on heaps where a move takes tokens
from one heap and may split what remains: an octal or hexadecimal code
(0.77 Kayles, 0.07 Dawson's Kayles, 0.137, 4.07, 0.F6) or one of
kayles, dawsons-kayles, dawsons-chess, laskers-nim, grundys-game. G of
several heaps is the nim-sum of their values. --period reports the
least period the periodicity theorem (Guy & Smith) proves from them.`,
		Example: `  grundy sequence 0.77 --max 20
  grundy sequence 0.137 --max 200 --period`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := out.check(cmd); err != nil {
				return err
			}
			if !given(cmd, "max") {
				return fmt.Errorf("--max: give the largest heap, at least 0")
			}
			if err := atLeast(cmd, "max", maxN, 0, "the largest heap"); err != nil {
				return err
			}
			g, err := engine.ParseTakeBreak(args[0])
			if err != nil {
				return err
			}
			if period && out.format != "text" && out.format != "json" && !out.asJSON {
				return fmt.Errorf("--period with --format %s: the period prints as text or json", out.format)
			}
			report, finish := a.progress("computing")
			seq, err := engine.SolveSequence(cmd.Context(), g, maxN, usePeriod, a.engineOptions(report))
			finish()
			if err != nil {
				return err
			}
			if period {
				p, ok := engine.SequencePeriod(g, seq.G)
				if seq.Period != nil {
					p, ok = *seq.Period, true
				}
				return out.write(cmd, periodResult{Game: g.Name, Code: g.Code(), Max: maxN, Found: ok, Periodicity: p})
			}
			return out.write(cmd, sequenceResult{seq})
		},
	}
	addOutput(cmd, &out, sequenceResult{})
	requiredInt(cmd, &maxN, "max", "the largest heap whose value is printed")
	cmd.Flags().BoolVar(&period, "period", false, "report the least eventual period and whether the periodicity theorem proves it, instead of the values")
	cmd.Flags().BoolVar(&usePeriod, "use-period", false, "stop computing once the periodicity theorem proves a period and give the remaining values from it")
	return cmd
}
