package main

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/grundy/grundy/engine"
	"github.com/grundy/grundy/instruments"
	"github.com/spf13/cobra"
)

// Classify is `grundy classify`.
func (commands) Classify(a *app) *cobra.Command {
	var out output
	var box boxFlags
	var lists []string
	var limit int
	cmd := &cobra.Command{
		Use:   "classify GAME --piles N --max B",
		Short: "Count (G, G⁻) classes of a box; decide tame, pet, domestic, miserable",
		Long: `classify solves every position of the box for G and G⁻, counts the
(i,j)-positions (G = i, G⁻ = j) with the smallest of each, and decides whether
the game is tame, pet, domestic and miserable (000 §1.5, Lemma 13) in the box.
A failing verdict names its smallest witness (fewest tokens, then
lexicographic); a holding verdict is a fact about the box only.`,
		Example: `  grundy classify slow-moore:k=2 --piles 4 --max 6
  grundy classify exact:k=2 --piles 5 --max 3 --list 0,2
  grundy classify slow-exact:k=2 --piles 3 --max 12 --list 0,3 --list 1,2 --json`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := out.check(cmd); err != nil {
				return err
			}
			if err := box.check(); err != nil {
				return err
			}
			if err := atLeast(cmd, "limit", limit, 0, "the most positions --list prints per class"); err != nil {
				return err
			}
			var want [][2]int
			for _, l := range lists {
				ij, err := parseClass(l)
				if err != nil {
					return err
				}
				want = append(want, ij)
			}
			r, err := a.parseGame(args[0])
			if err != nil {
				return err
			}
			c, err := engine.Classify(cmd.Context(), r, box.piles, box.max, instruments.ClassifyOptions{List: want, ListLimit: limit}, a.instrumentRun())
			if err != nil {
				return err
			}
			return printResult(cmd, &out, c)
		},
	}
	addBoxFlags(cmd, &box)
	addOutput(cmd, &out, instrumentResult{})
	cmd.Flags().StringArrayVar(&lists, "list", nil, "also list the (i,j)-positions of class I,J (repeatable)")
	intFlag(cmd, &limit, "limit", 50, "most positions --list prints per class")
	return cmd
}

func parseClass(s string) ([2]int, error) {
	a, b, ok := strings.Cut(s, ",")
	i, err1 := strconv.Atoi(strings.TrimSpace(a))
	j, err2 := strconv.Atoi(strings.TrimSpace(b))
	if !ok || err1 != nil || err2 != nil || i < 0 || j < 0 {
		return [2]int{}, fmt.Errorf("--list %q: want a class I,J such as 0,2", s)
	}
	return [2]int{i, j}, nil
}
