package main

import (
	"context"
	"errors"
	"fmt"
	"github.com/grundy/grundy/engine"
	"io"
	"os"
	"os/signal"
	"runtime/debug"
	"strings"
	"syscall"
)

// Exit statuses: 2 for bad input (including requests too large to honour),
// 1 for failures while working, 130 after Ctrl-C.
const (
	exitFailure   = 1
	exitBadInput  = 2
	exitInterrupt = 130
)

func main() {
	// SIGTERM (a batch system's stop, kill's default) stops as Ctrl-C
	// does: the prover's solver processes are killed with the context
	// instead of being orphaned, and no partial file is left.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	// Jobs are estimated against three quarters of the available memory;
	// the collector keeps the heap there (its default lets garbage double
	// the heap first), unless GOMEMLIMIT says otherwise.
	if _, set := os.LookupEnv("GOMEMLIMIT"); !set {
		debug.SetMemoryLimit(int64(engine.AvailableMemory() / 4 * 3))
	}
	// Families of the user's own, one rule file each, join the built-in
	// ones by name (docs/rules.md, "Families of your own").
	if dirs := os.Getenv("GRUNDY_RULESETS"); dirs != "" {
		if err := engine.LoadFamilies(dirs); err != nil {
			fmt.Fprintf(os.Stderr, "grundy: GRUNDY_RULESETS: %v\n", err)
			os.Exit(exitBadInput)
		}
	}
	var stdout io.Writer = os.Stdout
	if stdoutClosed() {
		stdout = closedStdout{}
	}
	code := run(ctx, os.Args[1:], os.Stdin, stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// closedStdout stands for a standard output that was closed when grundy
// started (`>&-`), where the runtime put /dev/null: a write fails, so a
// command whose result goes there exits 1 instead of 0 with nothing
// written, and one that writes only files still succeeds.
type closedStdout struct{}

func (closedStdout) Write([]byte) (int, error) {
	return 0, &os.PathError{Op: "write", Path: "/dev/stdout", Err: errors.New("standard output is closed")}
}

// run executes grundy with args as a fresh app and returns its exit status.
func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return newApp(stdin, stdout, stderr).run(ctx, args)
}

// run executes one command line on a command tree built for this run, so
// runs share no state and tests may run many at once.
func (a *app) run(ctx context.Context, args []string) int {
	root := newRoot(a)
	root.SetArgs(commandFirst(root, args))
	root.SetIn(a.stdin)
	// Cobra writes help, usage and --version ignoring write errors; the
	// first one is kept, so that no run exits 0 with its output lost.
	out := &firstError{w: a.stdout}
	root.SetOut(out)
	root.SetErr(a.stderr)
	err := root.ExecuteContext(ctx)
	if out.err != nil && (err == nil || errors.Is(err, out.err)) {
		err = failure{out.err} // cobra returns --version's write error bare
	}
	if err == nil {
		return 0
	}
	if errors.Is(err, context.Canceled) {
		fmt.Fprintln(a.stderr, "grundy: interrupted")
		return exitInterrupt
	}
	fmt.Fprintf(a.stderr, "grundy: %s\n", word(negativeArg(args, err)))
	if errors.As(err, new(failure)) {
		return exitFailure
	}
	return exitBadInput
}

// firstError is a writer that keeps the first error of w.
type firstError struct {
	w   io.Writer
	err error
}

func (f *firstError) Write(p []byte) (int, error) {
	n, err := f.w.Write(p)
	if err != nil && f.err == nil {
		f.err = err
	}
	return n, err
}

// negativeArg rewords the flag parser's error for an argument such as
// -1,2, which it reads as flags: a position's piles are never negative.
func negativeArg(args []string, err error) error {
	if !strings.HasPrefix(err.Error(), "unknown shorthand flag") {
		return err
	}
	for _, a := range args {
		if len(a) > 1 && a[0] == '-' && a[1] >= '0' && a[1] <= '9' && strings.Contains(err.Error(), " in "+a) {
			return fmt.Errorf("%q: piles and numbers here are non-negative (a leading - reads as a flag)", a)
		}
	}
	return err
}

// A failure is an error that is not the user's input's fault, such as a
// write that failed; everything else exits with exitBadInput.
type failure struct{ error }

func (f failure) Unwrap() error { return f.error }
