package main

import (
	"errors"

	"github.com/spf13/cobra"

	"github.com/grundy/grundy/engine"
	"github.com/grundy/grundy/store"
)

// Verify is `grundy verify`.
func (commands) Verify(a *app) *cobra.Command {
	var out output
	cmd := &cobra.Command{
		Use:   "verify-table DIR",
		Short: "Re-check a stored table's files against its header's digests and checksum",
		Long: `verify-table re-reads every complete tier of a table written by 'grundy solve',
checks each file's size and SHA-256 against the header and, for a complete
table, recomputes the table's checksum from the digests. It exits with
status 1 and names the first damaged file when anything differs.`,
		Example: `  grundy verify-table se2-6x100`,
		Args:    cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := out.check(cmd); err != nil {
				return err
			}
			report, finish := a.progress("verifying")
			rep, err := engine.VerifyTable(cmd.Context(), args[0], report)
			finish()
			if errors.Is(err, store.ErrCorrupt) {
				return failure{err}
			}
			if err != nil {
				return err
			}
			return out.write(cmd, verifiedResult{rep})
		},
	}
	addOutput(cmd, &out, verifiedResult{})
	return cmd
}
