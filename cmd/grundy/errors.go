package main

import (
	"bufio"
	"errors"
	"fmt"
	"strings"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/engine"
	"github.com/grundy/grundy/games"
	"github.com/grundy/grundy/internal/readfile"
	"github.com/grundy/grundy/prover"
	"github.com/grundy/grundy/store"
)

// How the CLI words the library's errors, in one place. The library says
// what failed with typed values and names no flag; here an option becomes
// the flag that sets it, a stored table its --table, and a limit gets the
// flag or command that raises it.

// word is err's message as grundy prints it.
func word(err error) string {
	msg := err.Error()
	var oe *grundy.OptionError
	if errors.As(err, &oe) {
		msg = strings.Replace(msg, oe.Error(), oe.Word(flagOf), 1)
	}
	var te *engine.TableError
	if errors.As(err, &te) {
		msg = strings.Replace(msg, te.Error(), te.Word("--table "+te.Dir), 1)
		if te.Problem == engine.TableMissingKinds && te.For == "table" {
			msg += " (solve with --kinds G,Gm,R,Rm)"
		}
	}
	var se *engine.ShiftSearchError
	if errors.As(err, &se) {
		msg = strings.Replace(msg, se.Error(), se.Word(fmt.Sprintf("--search %d", se.Bound)), 1)
	}
	var be *engine.BudgetError
	var me *prover.MemoryError
	switch {
	case errors.As(err, &me):
		msg += "; lower --max-states"
	case errors.As(err, &be) && be.Budget > 0 && be.Most > 0 && be.Budget >= be.Most:
		msg += "; a larger --budget is over the search limit: only fewer or smaller piles help"
	case errors.As(err, &be) && be.Budget > 0 && be.Most > 0:
		msg += fmt.Sprintf("; raise --budget to search further (up to %d within the search limit)", be.Most)
	case errors.As(err, &be) && be.Budget > 0:
		msg += "; raise --budget to search further"
	case errors.Is(err, store.ErrIncomplete), te != nil && te.Problem == engine.TableIncomplete:
		msg += "; finish it with grundy solve --resume"
	case errors.Is(err, store.ErrExists):
		msg += "; use --resume to continue it or another directory"
	case errors.Is(err, bufio.ErrTooLong):
		// play reads a move a line, with bufio.Scanner's cap.
		msg = strings.Replace(msg, bufio.ErrTooLong.Error(), fmt.Sprintf("standard input: a line longer than %s (a move is one short line)", readfile.Bytes(bufio.MaxScanTokenSize)), 1)
	case errors.Is(err, games.ErrUnknown):
		msg += " (run `grundy games` for the list)"
	case errors.As(err, new(*engine.UnknownClaimError)):
		msg += " (see grundy check --list)"
	}
	return msg
}

// flagOf is the flag that sets a library option: its name, but for the
// few whose flag says what the option is for.
func flagOf(option string) string {
	if f, ok := map[string]string{"bound": "search"}[option]; ok {
		option = f
	}
	return "--" + option
}
