package games

import (
	"fmt"
	"strings"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/games/lang"
)

// RuleOf gives the rule, bound to r's parameters, whose moves are r's:
// a rule file's compiled rule; an accelerated family's rule file bound to
// its Spec's values (TestFamiliesConform holds the two equal); an fdg's
// difference vectors as one subtract move. Code that encodes moves
// (symbolic) falls back to it where it knows no form of its own for a
// family, so every built-in gets what a user's rule gets.
func RuleOf(r grundy.Ruleset) (*lang.Rule, bool) {
	if c, ok := lang.Compiled(r); ok {
		return c.Rule(), true
	}
	if g, ok := r.(*FDG); ok {
		return fdgRule(g)
	}
	spec := SpecOf(r)
	f, ok := Lookup(spec.Family)
	if !ok || f.ParseArgs != nil {
		return nil, false
	}
	bound, err := f.File.Bind(spec.Values())
	return bound, err == nil
}

// fdgRule writes an fdg's vectors in the rule language (004 §4's class
// FDG: subtract one vector, any arrangement of it when the piles are a
// multiset).
func fdgRule(g *FDG) (*lang.Rule, bool) {
	vs := g.Vectors()
	if len(vs) == 0 {
		return nil, false
	}
	var b strings.Builder
	fmt.Fprintf(&b, "ruleset fdg\npiles %d\nmove subtract ", len(vs[0]))
	if g.Multiset() {
		b.WriteString("any arrangement of ")
	}
	for i, v := range vs {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString("(")
		for j, c := range v {
			if j > 0 {
				b.WriteString(",")
			}
			fmt.Fprintf(&b, "%d", c)
		}
		b.WriteString(")")
	}
	b.WriteString("\n")
	f, err := lang.Parse("fdg", b.String())
	if err != nil {
		return nil, false
	}
	bound, err := f.Bind(nil)
	return bound, err == nil
}
