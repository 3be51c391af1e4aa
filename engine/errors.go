package engine

import (
	"errors"
	"fmt"
	"strings"

	"github.com/grundy/grundy/games"
	"github.com/grundy/grundy/solve"
)

// The errors of the engine are typed values that say what failed; each
// front end words them (the CLI names the flag that raises a limit, the
// web its server limit). No message here names a flag.

// A BudgetError is a search that would visit more than it may. It wraps
// solve.ErrBudget, so that theorems may answer instead.
type BudgetError struct {
	Game, Pos string // the search's ruleset and position, cut for messages
	// Detail says what is over: "more than 1000 positions are reachable".
	Detail string
	// Budget is the budget of positions that was exceeded, when raising
	// it would let the search go further; 0 when another limit stopped it
	// (memory, the work of one position, piles beyond 64 bits).
	Budget int
	// Most, when positive, is the largest budget the search limit lets a
	// search of this position take (the limit over one position's work).
	Most int
	// NoTheorem: no proved theorem covers the position either; Gaps say
	// which claims stop short of it, play by play.
	NoTheorem bool
	Gaps      []Gap
	// Job is set when a whole job is refused by its price rather than one
	// search by its budget (the terms of a line): the message then says
	// the limits, not the search budget.
	Job bool
}

func (e *BudgetError) Error() string {
	over := solve.ErrBudget.Error()
	if e.Job {
		over = "over the limits"
	}
	s := fmt.Sprintf("%s at %s: %s: %s", e.Game, e.Pos, over, e.Detail)
	if e.NoTheorem {
		s += "; no proved theorem of grundy covers this position either"
		s += gapsNote(e.Gaps)
	}
	return s
}

func (e *BudgetError) Unwrap() error { return solve.ErrBudget }

// A TableProblem is why a stored table cannot answer.
type TableProblem int

const (
	TableUnreadable   TableProblem = iota // missing, damaged or unreadable (Err says which)
	TableOtherGame                        // a table of another ruleset
	TableOtherBox                         // a table of another box
	TableIncomplete                       // not every tier is written
	TableMissingKinds                     // the table lacks values the request needs
	TableOutside                          // the position is outside the table's box
	TableTooBig                           // loading it would not fit in memory
	TableOtherVersion                     // a table of another version of the rule file
)

// A TableError is a stored table that cannot answer a request. It wraps
// Err: store.ErrCorrupt for a damaged table, solve.ErrTooBig for one too
// big to load.
type TableError struct {
	Dir     string
	Problem TableProblem
	// Have and Want describe a mismatch: the table's game, box or kinds
	// and the request's; for TableOutside, Want is the position; for
	// TableIncomplete, Have is "N of M tiers"; for TableTooBig, Want is
	// the memory needed; for TableOtherVersion, Want is the rule file,
	// Have the digest of its moves the table was made from, For the
	// digest of its moves now.
	Have, Want string
	// For is the request that needs the missing kinds ("count").
	For string
	Err error
}

func (e *TableError) Error() string { return e.Word("table " + e.Dir) }

func (e *TableError) Unwrap() error { return e.Err }

// Word is the message with the table called name (the CLI: "--table DIR").
func (e *TableError) Word(name string) string {
	switch e.Problem {
	case TableOtherGame, TableOtherBox:
		return fmt.Sprintf("%s holds %s, not %s", name, e.Have, e.Want)
	case TableIncomplete:
		return fmt.Sprintf("%s is incomplete (%s)", name, e.Have)
	case TableMissingKinds:
		return fmt.Sprintf("%s holds %s; %s needs %s", name, e.Have, e.For, e.Want)
	case TableOutside:
		return fmt.Sprintf("%s is outside the box of %s (%s)", e.Want, name, e.Have)
	case TableTooBig:
		return fmt.Sprintf("%v: %s needs %s in memory", solve.ErrTooBig, name, e.Want)
	case TableOtherVersion:
		return fmt.Sprintf("%s was made from another version of rule file %s: its moves have changed since (digest %s, now %s)", name, e.Want, e.Have, e.For)
	}
	return fmt.Sprintf("%s: %v", name, e.Err)
}

// tableErr is a TableError of an unreadable table, or nil.
func tableErr(dir string, err error) error {
	if err == nil {
		return nil
	}
	var stale *games.StaleRulesError
	if errors.As(err, &stale) {
		return &TableError{Dir: dir, Problem: TableOtherVersion, Want: stale.Path, Have: stale.Want, For: stale.Have, Err: err}
	}
	return &TableError{Dir: dir, Problem: TableUnreadable, Err: err}
}

// gapsNote words the gaps that name claims, in parentheses after a
// sentence saying no theorem answers: "" when none names one (the
// sentence says it all).
func gapsNote(gaps []Gap) string {
	var parts []string
	for _, g := range gaps {
		if len(g.Claims) > 0 {
			parts = append(parts, g.String())
		}
	}
	if len(parts) == 0 {
		return ""
	}
	return " (" + strings.Join(parts, "; ") + ")"
}
