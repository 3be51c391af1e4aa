package main

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"
)

// intValue is an int flag that words its errors for people ("too large"
// rather than strconv's "value out of range") and, for required flags,
// shows no default in --help.
type intValue struct{ p *int }

func (v intValue) String() string {
	if v.p == nil {
		return ""
	}
	return strconv.Itoa(*v.p)
}

func (v intValue) Type() string { return "int" }

func (v intValue) Set(s string) error {
	n, err := strconv.ParseInt(strings.TrimSpace(s), 10, 0)
	switch {
	case errors.Is(err, strconv.ErrRange) && strings.HasPrefix(strings.TrimSpace(s), "-"):
		return fmt.Errorf("too small (at least %d)", math.MinInt)
	case errors.Is(err, strconv.ErrRange):
		return fmt.Errorf("too large (at most %d)", math.MaxInt)
	case err != nil:
		return errors.New("not an integer")
	}
	*v.p = int(n)
	return nil
}

// intFlag adds an int flag with a default shown in --help.
func intFlag(cmd *cobra.Command, p *int, name string, def int, usage string) {
	*p = def
	cmd.Flags().Var(intValue{p}, name, usage)
}

// requiredInt adds an int flag with no default; the command checks
// cmd.Flags().Changed(name).
func requiredInt(cmd *cobra.Command, p *int, name, usage string) {
	cmd.Flags().Var(intValue{p}, name, usage)
	cmd.Flags().Lookup(name).DefValue = "" // --help shows no "(default …)"
}

// given reports whether a flag was set on the command line.
func given(cmd *cobra.Command, name string) bool { return cmd.Flags().Changed(name) }

// atLeast checks an int flag that was given against its least value.
func atLeast(cmd *cobra.Command, name string, v, least int, what string) error {
	if given(cmd, name) && v < least {
		return fmt.Errorf("--%s %d: give %s, at least %d", name, v, what, least)
	}
	return nil
}

// positiveDuration checks a time limit: 0 or less would stop at once, so
// it is refused (limits that may be absent say so and take 0 for none).
func positiveDuration(name string, d time.Duration, example string) error {
	if d <= 0 {
		return fmt.Errorf("--%s %v: give a positive duration such as %s", name, d, example)
	}
	return nil
}
