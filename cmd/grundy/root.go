package main

import (
	"io"
	"reflect"
	"strings"
	"time"

	"github.com/grundy/grundy/solve"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// An app is one run of grundy: its streams and the settings tests change.
// Every command is built from it by newRoot, so nothing outlives a run.
type app struct {
	stdin          io.Reader
	stdout, stderr io.Writer

	// limits are the limits every box is estimated against; zero fields
	// take engine.DefaultLimits (tests lower them).
	limits solve.Limits
	// searchCap, when positive, bounds the budget of every search (tests
	// set it so that a fuzzed search answers in a second).
	searchCap int
	// plotMax, when positive, bounds plot's --max below plot.MaxSide
	// (tests set it so that a fuzzed picture draws in a second).
	plotMax int
	// progressAfter is how long work runs before progress is shown, and
	// progressEvery how often a line is printed when stderr is not a
	// terminal.
	progressAfter, progressEvery time.Duration
	// warned are the rule warnings printed so far (warnRules), each
	// printed once a run.
	warned map[string]bool
}

func newApp(stdin io.Reader, stdout, stderr io.Writer) *app {
	if stdin == nil {
		stdin = strings.NewReader("")
	}
	return &app{stdin: stdin, stdout: stdout, stderr: stderr,
		progressAfter: 2 * time.Second, progressEvery: 10 * time.Second}
}

// commands has one method per subcommand, each in the subcommand's own
// file: func (commands) Name(a *app) *cobra.Command. newRoot adds every
// method, so a new command is one new file (and its documentation).
type commands struct{}

// newRoot builds the command tree of one run.
func newRoot(a *app) *cobra.Command {
	root := &cobra.Command{
		Use:   "grundy",
		Short: "Sprague–Grundy values, remoteness and outcomes of Nim-family games",
		Long: `grundy computes, for the rulesets of the papers in shared/papers, the
Sprague–Grundy value in normal play (G) and misère play (G⁻), Smith's
remoteness in both plays (R, R⁻) and the outcomes, for single positions and
whole boxes of positions. Every number it prints is computed exhaustively or
comes from a cited theorem, and the output says which (method).

A ruleset is NAME or NAME:p=v,p=v (see 'grundy games'); a position is
comma-separated non-negative integers such as 1,2,3. Flags may come before
the command, between its arguments or after them.`,
		SilenceUsage:  true,
		SilenceErrors: true,
		Version:       version(),
	}
	cs := reflect.ValueOf(commands{})
	for i := range cs.NumMethod() {
		// A method of another shape is a programmer error that every
		// test building the tree finds.
		root.AddCommand(cs.Method(i).Interface().(func(*app) *cobra.Command)(a))
	}
	return root
}

// commandFirst moves a command that follows flags, as in
// `grundy --json value nim 1,2`, to the front: cobra reads flags before
// a command as the root's, which has none of the command's. The command is
// the first argument naming one whose flags the arguments before it are.
func commandFirst(root *cobra.Command, args []string) []string {
	if len(args) == 0 || !strings.HasPrefix(args[0], "-") {
		return args
	}
	for i, arg := range args {
		if arg == "--" {
			break
		}
		sub := subcommand(root, arg)
		if sub == nil || !onlyFlags(sub, args[:i]) {
			continue
		}
		return append(append([]string{arg}, args[:i]...), args[i+1:]...)
	}
	return args
}

func subcommand(root *cobra.Command, name string) *cobra.Command {
	for _, c := range root.Commands() {
		if c.Name() == name || c.HasAlias(name) {
			return c
		}
	}
	return nil
}

// onlyFlags reports whether args are flags of c with their values (parsed
// on a copy, so that c's own values are left alone).
func onlyFlags(c *cobra.Command, args []string) bool {
	fs := pflag.NewFlagSet(c.Name(), pflag.ContinueOnError)
	fs.SetOutput(io.Discard)
	c.Flags().VisitAll(func(f *pflag.Flag) {
		g := *f
		g.Value = &probe{bool: f.Value.Type() == "bool"}
		fs.AddFlag(&g)
	})
	c.InheritedFlags().VisitAll(func(f *pflag.Flag) {
		if fs.Lookup(f.Name) == nil {
			g := *f
			g.Value = &probe{bool: f.Value.Type() == "bool"}
			fs.AddFlag(&g)
		}
	})
	if fs.Lookup("help") == nil {
		fs.BoolP("help", "h", false, "")
	}
	return fs.Parse(args) == nil && fs.NArg() == 0
}

// probe is a flag value that accepts anything.
type probe struct{ bool bool }

func (p *probe) String() string   { return "" }
func (p *probe) Set(string) error { return nil }
func (p *probe) Type() string {
	if p.bool {
		return "bool"
	}
	return "string"
}
