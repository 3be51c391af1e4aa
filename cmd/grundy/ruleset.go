package main

import (
	"fmt"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/engine"
	"github.com/grundy/grundy/games"
	"github.com/grundy/grundy/games/lang"
)

// Every command reads its GAME through parseGame or parseGamePos, so that
// a rule file's warnings (lang.Rule.Warnings: a condition the compiler
// cannot speed up, with the faster spelling) reach the user on stderr,
// one a line, before the work they slow down begins.

// parseGame reads a ruleset spec (games.Parse) and warns of its rule.
func (a *app) parseGame(spec string) (grundy.Ruleset, error) {
	r, err := games.Parse(spec)
	if err == nil {
		err = a.warnRules(r)
	}
	return r, err
}

// parseGamePos reads a ruleset spec and a position (engine.Parse) and
// warns of the ruleset's rule.
func (a *app) parseGamePos(game, pos string) (grundy.Ruleset, grundy.BigPosition, error) {
	r, p, err := engine.Parse(game, pos)
	if err == nil {
		err = a.warnRules(r)
	}
	return r, p, err
}

// warnRules prints the warnings of r's rule, if r is a compiled rule,
// each once a run: "warning: FILE:LINE:COL: …". None of the built-in
// families has one (TestBuiltinsWarnNothing).
func (a *app) warnRules(r grundy.Ruleset) error {
	c, ok := lang.Compiled(r)
	if !ok {
		return nil
	}
	for _, w := range c.Rule().Warnings {
		line := "warning: " + w.Error()
		if a.warned[line] {
			continue
		}
		if a.warned == nil {
			a.warned = map[string]bool{}
		}
		a.warned[line] = true
		if _, err := fmt.Fprintln(a.stderr, line); err != nil {
			return failure{err}
		}
	}
	return nil
}
