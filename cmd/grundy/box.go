package main

import (
	"errors"

	"github.com/spf13/cobra"
)

// boxFlags are the flags of every command that covers a box.
type boxFlags struct {
	piles, max int
}

func addBoxFlags(cmd *cobra.Command, b *boxFlags) {
	cmd.Flags().IntVar(&b.piles, "piles", 0, "number of piles (required)")
	cmd.Flags().IntVar(&b.max, "max", -1, "largest pile size B (required)")
}

func (b boxFlags) check() error {
	if b.piles < 1 {
		return errors.New("--piles: give the number of piles, at least 1")
	}
	if b.max < 0 {
		return errors.New("--max: give the largest pile size, at least 0")
	}
	return nil
}
