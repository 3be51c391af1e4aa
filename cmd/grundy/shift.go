package main

import (
	"slices"
	"strings"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/engine"
	"github.com/grundy/grundy/instruments"
	"github.com/spf13/cobra"
)

// Shift is `grundy shift`.
func (commands) Shift(a *app) *cobra.Command {
	var out output
	var max, piles, class, modulus, search int
	var kind string
	cmd := &cobra.Command{
		Use:   "shift GAME [VEC] --max B",
		Short: "Is VEC a P-, g-, g⁻- or g±-shift in a box? (004 §2)",
		Long: `shift decides whether adding the nondecreasing vector VEC to every position x
preserves what --kind names (004 §2), for every x with x and x+VEC in the box
of len(VEC) piles each ≤ B:
  P    x and x+VEC are both P-positions or both not (normal play)
  Pm   the same in misère play
  g    G(x) = G(x+VEC)
  gm   G⁻(x) = G⁻(x+VEC)
  gpm  both
--class j keeps the x whose token sum is ≡ j mod k (the subgame Nim^1_{n,=k}[j]
of 004; k is taken from slow-exact:k=K, or give --modulus). --search C instead
lists every nondecreasing vector with entries ≤ C that holds (give --piles).`,
		Example: `  grundy shift slow-exact:k=2 0,0,0,2,2 --max 10
  grundy shift slow-exact:k=2 0,0,0,2,2 --max 10 --kind Pm
  grundy shift slow-exact:k=3 0,0,0,2,2,2 --max 8 --kind g --class 0
  grundy shift slow-exact:k=2 --piles 4 --max 8 --search 2 --kind gpm`,
		Args: cobra.RangeArgs(1, 2),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := out.check(cmd); err != nil {
				return err
			}
			if !given(cmd, "max") || max < 0 {
				return errorf("--max: give the largest pile size, at least 0")
			}
			if !slices.Contains(instruments.ShiftKinds, instruments.ShiftKind(kind)) {
				return errorf("--kind %q: want one of %s", kind, kindList())
			}
			r, err := a.parseGame(args[0])
			if err != nil {
				return err
			}
			var y grundy.Position
			if len(args) == 2 {
				if cmd.Flags().Changed("search") {
					return errorf("give a vector or --search, not both")
				}
				big, err := grundy.ParsePosition(args[1])
				if err != nil {
					return errorf("shift vector: %v", err)
				}
				var ok bool
				if y, ok = big.Small(); !ok {
					return errorf("shift vector %s: entries too large", big)
				}
				if cmd.Flags().Changed("piles") && piles != len(y) {
					return errorf("--piles %d disagrees with the %d entries of %s", piles, len(y), args[1])
				}
				piles = len(y)
				if err := checkVector(y, max); err != nil {
					return err
				}
			} else if !cmd.Flags().Changed("search") || piles < 1 {
				return errorf("give a shift vector, or --search C with --piles N")
			}
			if given(cmd, "search") && (search < 1 || search > max) {
				return errorf("--search %d: give the largest entry C of the vectors, from 1 to --max %d (larger entries leave no x with x+VEC in the box)", search, max)
			}
			if given(cmd, "class") && class < 0 {
				return errorf("--class %d: give a residue, at least 0", class)
			}
			if err := atLeast(cmd, "modulus", modulus, 1, "the modulus of --class"); err != nil {
				return err
			}
			opt := instruments.ShiftOptions{Kind: instruments.ShiftKind(kind)}
			if cmd.Flags().Changed("class") {
				// Without --modulus, engine takes the one the moves keep.
				opt.Class = &class
				if cmd.Flags().Changed("modulus") {
					opt.Modulus = modulus
				}
			}
			if y != nil {
				v, err := engine.CheckShift(cmd.Context(), r, y, max, opt, a.instrumentRun())
				if err != nil {
					return err
				}
				return printResult(cmd, &out, v)
			}
			s, err := engine.SearchShifts(cmd.Context(), r, piles, max, search, opt, a.instrumentRun())
			if err != nil {
				return err
			}
			return printResult(cmd, &out, s)
		},
	}
	requiredInt(cmd, &max, "max", "largest pile size B (required)")
	requiredInt(cmd, &piles, "piles", "number of piles (with --search; otherwise the length of VEC)")
	cmd.Flags().StringVar(&kind, "kind", "P", "what the shift preserves: "+kindList())
	intFlag(cmd, &class, "class", 0, "only x with token sum ≡ class mod the modulus")
	requiredInt(cmd, &modulus, "modulus", "modulus for --class (default: k of slow-exact:k=K)")
	requiredInt(cmd, &search, "search", "list every nondecreasing vector with entries ≤ C that holds")
	addOutput(cmd, &out, instrumentResult{})
	return cmd
}

// checkVector refuses the vectors that make a shift question empty: zero
// (every x is its own shift) and entries beyond the box (no x has x+VEC
// in it).
func checkVector(y grundy.Position, max int) error {
	if slices.Max(y) == 0 {
		return errorf("shift vector %s is zero: every position is trivially its own shift", y)
	}
	if top := slices.Max(y); top > max {
		return errorf("shift vector %s has the entry %d, above --max %d: no x in the box has x+VEC in it", y, top, max)
	}
	return nil
}

func kindList() string {
	s := make([]string, len(instruments.ShiftKinds))
	for i, k := range instruments.ShiftKinds {
		s[i] = string(k)
	}
	return strings.Join(s, ", ")
}
