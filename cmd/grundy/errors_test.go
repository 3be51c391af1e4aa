package main

import (
	"bufio"
	"errors"
	"fmt"
	"testing"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/engine"
	"github.com/grundy/grundy/games"
	"github.com/grundy/grundy/store"
)

// TestWord: the CLI names the flag or command behind each typed library
// error; the library's own message names none.
func TestWord(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		err       error
		lib, want string
	}{
		{&grundy.OptionError{Func: "parity", Option: "what", Value: `"foo"`, Reason: "want sg or outcome"},
			`parity: what "foo": want sg or outcome`, `parity: --what "foo": want sg or outcome`},
		{&grundy.OptionError{Option: "class", Reason: "needs a modulus: nim has no token-sum invariant", Needs: "modulus"},
			"class needs a modulus: nim has no token-sum invariant; give modulus",
			"--class needs a modulus: nim has no token-sum invariant; give --modulus"},
		{fmt.Errorf("shift: %w", &grundy.OptionError{Option: "bound", Value: "-1", Reason: "want a bound ≥ 0"}),
			"shift: bound -1: want a bound ≥ 0", "shift: --search -1: want a bound ≥ 0"},
		{&engine.TableError{Dir: "t", Problem: engine.TableIncomplete, Have: "3 of 9 tiers"},
			"table t is incomplete (3 of 9 tiers)", "--table t is incomplete (3 of 9 tiers); finish it with grundy solve --resume"},
		{&engine.TableError{Dir: "t", Problem: engine.TableMissingKinds, Have: "G,Gm", For: "table", Want: "G,Gm,R,Rm"},
			"table t holds G,Gm; table needs G,Gm,R,Rm", "--table t holds G,Gm; table needs G,Gm,R,Rm (solve with --kinds G,Gm,R,Rm)"},
		{&engine.TableError{Dir: "t", Problem: engine.TableOutside, Have: "2 piles ≤ 3", Want: "1,9"},
			"1,9 is outside the box of table t (2 piles ≤ 3)", "1,9 is outside the box of --table t (2 piles ≤ 3)"},
		{&engine.TableError{Dir: "t", Err: fmt.Errorf("%w: t/header.json: bad", store.ErrCorrupt)},
			"table t: stored table corrupt: t/header.json: bad", "--table t: stored table corrupt: t/header.json: bad"},
		{&engine.BudgetError{Game: "nim", Pos: "9,9,9", Budget: 10, Detail: "more than 10 positions are reachable (at most 1e+03)"},
			"nim at 9,9,9: search budget exceeded: more than 10 positions are reachable (at most 1e+03)",
			"nim at 9,9,9: search budget exceeded: more than 10 positions are reachable (at most 1e+03); raise --budget to search further"},
		{&engine.BudgetError{Game: "nim", Pos: "9,9,9", Budget: 10, Most: 500, Detail: "more than 10 positions are reachable (at most 1e+03)"},
			"nim at 9,9,9: search budget exceeded: more than 10 positions are reachable (at most 1e+03)",
			"nim at 9,9,9: search budget exceeded: more than 10 positions are reachable (at most 1e+03); raise --budget to search further (up to 500 within the search limit)"},
		{&engine.BudgetError{Game: "nim", Pos: "9,9,9", Budget: 500, Most: 500, Detail: "more than 500 positions are reachable (at most 1e+03)"},
			"nim at 9,9,9: search budget exceeded: more than 500 positions are reachable (at most 1e+03)",
			"nim at 9,9,9: search budget exceeded: more than 500 positions are reachable (at most 1e+03); a larger --budget is over the search limit: only fewer or smaller piles help"},
		{fmt.Errorf("play: %w", bufio.ErrTooLong), "play: bufio.Scanner: token too long",
			"play: standard input: a line longer than 64 KiB (a move is one short line)"},
		{&engine.BudgetError{Game: "nim", Pos: "9,9", Detail: "piles beyond 64 bits"},
			"nim at 9,9: search budget exceeded: piles beyond 64 bits", "nim at 9,9: search budget exceeded: piles beyond 64 bits"},
		{fmt.Errorf("%w: d (nim, 2 piles ≤ 3, 1 of 7 tiers)", store.ErrExists),
			"directory already holds a table: d (nim, 2 piles ≤ 3, 1 of 7 tiers)",
			"directory already holds a table: d (nim, 2 piles ≤ 3, 1 of 7 tiers); use --resume to continue it or another directory"},
		{fmt.Errorf("%w %q", games.ErrUnknown, "chess"), `unknown ruleset "chess"`, "unknown ruleset \"chess\" (run `grundy games` for the list)"},
		{errors.New("plain"), "plain", "plain"},
	} {
		if got := tc.err.Error(); got != tc.lib {
			t.Errorf("library message %q, want %q", got, tc.lib)
		}
		if got := word(tc.err); got != tc.want {
			t.Errorf("word(%q) = %q, want %q", tc.lib, got, tc.want)
		}
	}
}
