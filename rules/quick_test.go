package rules_test

import (
	"testing"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/rules"
	"github.com/grundy/grundy/rulesets"
)

func TestQuick(t *testing.T) {
	for _, name := range rulesets.Names() {
		text, _ := rulesets.Text(name)
		f, err := rules.Parse(name+".rules", text)
		if err != nil {
			t.Fatalf("%v", err)
		}
		r, err := f.Bind(nil)
		if err != nil {
			t.Fatalf("%v", err)
		}
		c := rules.Compile(r, name)
		_, u := c.(grundy.UnitDecrements)
		_, oc := c.(grundy.OptionCounter)
		tp, ok := c.(grundy.TwoPile)
		var mv grundy.TwoPileMoves
		if ok {
			mv = tp.TwoPileMoves()
		}
		t.Logf("%s: unit %v counted %v twopile %v %+v from %d", name, u, oc, ok, mv, grundy.SymmetricFrom(c, 4))
	}
}
