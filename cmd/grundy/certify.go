package main

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/grundy/grundy/engine"
	prove "github.com/grundy/grundy/proof/smt"
	"github.com/grundy/grundy/prover"
	"github.com/spf13/cobra"
)

// Certify is `grundy certify`.
func (commands) Certify(a *app) *cobra.Command {
	var all, smt bool
	var dir, check, solverName string
	var timeout time.Duration
	cmd := &cobra.Command{
		Use:   "certify [ID...] [--all] --dir DIR [--smt] | --recheck DIR",
		Short: "Write proofs an outside referee can re-check: Walnut files, SMT-LIB problems",
		Long: `certify writes, for every automata-proved record of theory/automatic.json
(of the claims named, or --all), a certificate directory: the claim's automaton
and the move relation in Walnut's file format ("Automata Library", and
"Custom Bases" for 002's numeration systems U), a Walnut command file
("Command Files") that restates the moves from the rule and states the game
conditions — stability and absorption for a set of P-positions, the mex
conditions for a value — each of which Walnut must evaluate to TRUE, and
certificate.json. Each certificate is re-checked at once by a separate code
path (package proof/certificate/recheck: its own reader, product and on-the-fly
search of the ∃ in absorption, nothing of the prover's automata).

--smt writes, for every record of theory/proved.json as well, the SMT-LIB
problems whose unsatisfiability is its proof, by proving it again (--solver,
auto by default: z3 and cvc5 where installed, else the pure-Go procedure).

--recheck DIR re-checks a certificate directory written earlier (or sent
by someone else): exit status 1 when a condition fails (docs/prove.md).`,
		Example: `  grundy certify --all --dir certs
  grundy certify 002/sec3-vile --dir certs
  grundy certify 000/prop-11.1 --smt --dir certs
  grundy certify --recheck certs/002_sec3_vile_wythoff_s_1_t_1_n2`,
		RunE: func(cmd *cobra.Command, args []string) error {
			out := cmd.OutOrStdout()
			if check != "" {
				if len(args) > 0 || all || dir != "" {
					return errors.New("--recheck takes a certificate directory alone")
				}
				vs, err := prover.Recheck(check)
				if err != nil {
					return failure{fmt.Errorf("re-check %s: %w", check, err)}
				}
				bad := 0
				for _, v := range vs {
					if v.OK {
						fmt.Fprintf(out, "holds  %s\n", v.Name)
					} else {
						bad++
						fmt.Fprintf(out, "FAILS  %s at %s\n", v.Name, v.Witness)
					}
				}
				if bad > 0 {
					return failure{fmt.Errorf("%s: %d of %d conditions fail", check, bad, len(vs))}
				}
				fmt.Fprintf(out, "%s: all %d conditions hold\n", check, len(vs))
				return nil
			}
			if dir == "" {
				return errors.New("--dir DIR: say where the certificates go")
			}
			if all == (len(args) > 0) {
				return errors.New("give claim IDs or --all (not both)")
			}
			if err := positiveDuration("timeout", timeout, "60s"); err != nil {
				return err
			}
			for _, id := range args {
				if _, ok := engine.Registry().Lookup(id); !ok {
					return fmt.Errorf("unknown claim %q", id)
				}
			}
			var solvers prove.Portfolio
			if smt {
				var err error
				if solvers, err = findSolvers(cmd, solverName); err != nil {
					return err
				}
			}
			written, failed := 0, 0
			err := prover.Certify(cmd.Context(), args, all, dir, smt, solvers, timeout, func(c prover.Certified) error {
				if c.Err != nil {
					failed++
					_, err := fmt.Fprintf(out, "FAILED     %s  %s, %d piles: %v\n", c.ID, c.Game, c.Piles, c.Err)
					return err
				}
				written++
				what := "re-checked: " + strings.Join(c.Held, ", ")
				if c.SMT {
					what = "SMT-LIB, unsat by " + c.Solvers
				}
				_, err := fmt.Fprintf(out, "CERTIFIED  %s  %s, %d piles  %s  (%s)\n", c.ID, c.Game, c.Piles, c.Dir, what)
				return err
			})
			if err != nil {
				return failure{err}
			}
			fmt.Fprintf(out, "%d certificates written, %d failed\n", written, failed)
			if failed > 0 {
				return failure{fmt.Errorf("%d certificates failed", failed)}
			}
			return nil
		},
	}
	f := cmd.Flags()
	f.BoolVar(&all, "all", false, "every record")
	f.BoolVar(&smt, "smt", false, "also the SMT-LIB problems of the records of theory/proved.json")
	f.StringVar(&dir, "dir", "", "write the certificates under this directory")
	f.StringVar(&check, "recheck", "", "re-check the certificate in this directory")
	f.StringVar(&solverName, "solver", "auto", "with --smt: SMT solvers (z3, cvc5, presburger, a comma-separated list, or auto)")
	f.DurationVar(&timeout, "timeout", 60*time.Second, "with --smt: CPU time per SMT problem")
	return cmd
}
