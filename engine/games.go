package engine

import (
	"path/filepath"

	"github.com/grundy/grundy/games"
)

// A Param is a ruleset parameter as `grundy games --json` and the web API
// show it.
type Param struct {
	Name    string `json:"name"`
	Default int    `json:"default"`
	Min     int    `json:"min"`
	Doc     string `json:"doc"`
}

// A Family is a ruleset family as `grundy games --json` and the web API
// show it.
type Family struct {
	Name   string  `json:"name"`
	Params []Param `json:"params"`
	Piles  string  `json:"piles"`
	Rule   string  `json:"rule"`
	Source string  `json:"source"`
	// Rules is the family's definition in the rule language
	// (rulesets/NAME.rules, docs/rules.md): a start for a user's variant.
	Rules string `json:"rules"`
}

// LoadFamilies adds, as families by name, the rule files NAME.rules of
// the directories in list (separated as in PATH): a family is one rule
// file (docs/rules.md). A file that is not a family's (a parse error, a
// name taken, a name not its file's) is refused with its path.
func LoadFamilies(list string) error {
	for _, dir := range filepath.SplitList(list) {
		if dir == "" {
			continue
		}
		if err := games.LoadFamilies(dir); err != nil {
			return err
		}
	}
	return nil
}

// Families lists every ruleset family of the registry, in its order.
func Families() []Family {
	out := make([]Family, len(games.Families))
	for i, f := range games.Families {
		ps := make([]Param, len(f.Params))
		for j, p := range f.Params {
			ps[j] = Param{p.Name, p.Default, p.Min, p.Doc}
		}
		text, _ := games.RulesOf(f.Name)
		out[i] = Family{f.Name, ps, f.Piles, f.Rule, f.Source, text}
	}
	return out
}
