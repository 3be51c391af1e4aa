package engine

import (
	"context"
	"fmt"
	"strings"

	"github.com/grundy/grundy/theory"
	"github.com/grundy/grundy/theory/claimtext"
)

// ErrDiskRuleset is the error of a claim text that names a ruleset read
// from a file (PATH.rules, fdg's file=): a server must not read its disk
// for its users.
var ErrDiskRuleset = fmt.Errorf("a ruleset read from a file")

// ParseClaimsText reads claim text (theory/claimtext's language) that may
// name no file: a line naming PATH.rules or file= is refused with its
// line and column, before any ruleset is read. Errors are a
// claimtext.ErrorList.
func ParseClaimsText(name, text string) (*claimtext.File, error) {
	var errs claimtext.ErrorList
	for i, line := range strings.Split(text, "\n") {
		code, _, _ := strings.Cut(line, "#")
		for _, bad := range []string{".rules", "file="} {
			if j := strings.Index(code, bad); j >= 0 {
				col := len([]rune(code[:j])) + 1
				errs = append(errs, &claimtext.Error{File: name, Pos: claimtext.Pos{Line: i + 1, Col: col},
					Msg: fmt.Sprintf("%q names %s, which is refused here: give a built-in ruleset", bad, ErrDiskRuleset), Err: ErrDiskRuleset})
				break
			}
		}
	}
	if len(errs) > 0 {
		return nil, errs
	}
	return claimtext.Parse(name, []byte(text))
}

// CheckClaimsText checks every claim of a claim text against exhaustive
// search, each on its box cut to at most maxPositions positions (see
// CheckClaim): a researcher's conjectures, judged as the papers' are.
func CheckClaimsText(ctx context.Context, name, text string, maxPositions uint64, opt Options) ([]ClaimCheck, error) {
	f, err := ParseClaimsText(name, text)
	if err != nil {
		return nil, err
	}
	boxLimit, cacheLimit := checkMemory(opt)
	tables := &theory.TableCache{Budget: cacheLimit}
	out := []ClaimCheck{}
	for _, c := range f.Theory() {
		cut, reduced := cutChecks(c, maxPositions)
		res, err := theory.Check(ctx, cut, theory.CheckOptions{MemoryLimit: boxLimit, Tables: tables})
		if err != nil {
			return nil, err
		}
		out = append(out, ClaimCheck{Result: res, Reduced: reduced})
	}
	return out, nil
}

// ClaimsTextCost estimates CheckClaimsText (nothing for a text that
// does not parse: it is refused at once).
func ClaimsTextCost(text string, maxPositions uint64, opt Options) CheckCost {
	f, err := ParseClaimsText("", text)
	if err != nil {
		return CheckCost{}
	}
	return checksCost(f.Theory(), maxPositions, opt)
}
