package main

import (
	"fmt"

	"github.com/grundy/grundy/play"
	"github.com/spf13/cobra"
)

// Play is `grundy play`.
func (commands) Play(a *app) *cobra.Command {
	var misere bool
	var first string
	var budget int
	cmd := &cobra.Command{
		Use:   "play GAME POS",
		Short: "Play against the optimal player in the terminal",
		Long: `play lets you play GAME from POS against the computer, which plays
optimally: it wins as fast as it can and, when it is losing, resists as long
as it can (by remoteness).

` + play.Help,
		Example: `  grundy play wythoff 4,7
  grundy play slow-exact:k=2 2,3,4 --misere --first computer`,
		Args: cobra.ExactArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := checkSearchFlags(cmd, nil, budget, ""); err != nil {
				return err
			}
			if first != "me" && first != "computer" {
				return fmt.Errorf("--first %q: want me or computer", first)
			}
			r, p, err := a.parseGamePos(args[0], args[1])
			if err != nil {
				return err
			}
			small, ok := p.Small()
			if !ok {
				return fmt.Errorf("position %s: piles too large to play", p)
			}
			g, err := play.New(r, small, misere)
			if err != nil {
				return err
			}
			g.Budget, g.Limits = a.capBudget(budget), a.limits
			t := play.Terminal{Game: g, In: cmd.InOrStdin(), Out: cmd.OutOrStdout(), ComputerFirst: first == "computer"}
			return t.Run(cmd.Context())
		},
	}
	cmd.Flags().BoolVar(&misere, "misere", false, "misère play: whoever cannot move wins")
	cmd.Flags().StringVar(&first, "first", "me", "who moves first: me or computer")
	addBudget(cmd, &budget)
	return cmd
}
