package games

import (
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/games/lang"
)

// A Param is one integer parameter of a ruleset family.
type Param struct {
	Name    string
	Default int
	Min     int // the least value (−lang.MaxValue when the file sets none)
	Max     int // the largest (lang.MaxValue when the file sets none)
	Doc     string
}

// A Family is a ruleset family, as `grundy games` lists it. Everything
// but New and ParseArgs is read from the family's rule file (rulesets/,
// or a directory given to LoadFamilies): the rule file is the family.
type Family struct {
	Name   string
	Params []Param
	Piles  string // how many piles a position has
	Rule   string // one move, in one line (the file's about line)
	Source string // paper file and section
	// Text is the family's rule file, and File its parse.
	Text string
	File *lang.File
	// New, the family's accelerator, builds its ruleset for parameter
	// values (every parameter set); nil for a family whose compiled rule
	// file is its ruleset.
	New func(params map[string]int) grundy.Ruleset
	// ParseArgs, if set, reads everything after "NAME:" itself (args is
	// empty without a colon), for families whose parameters are not
	// integers, such as fdg's difference vectors; Params and New are then
	// unused.
	ParseArgs func(args string) (grundy.Ruleset, error)
	// Accelerated says New is a hand-written Go generator (accelerators)
	// that the conformance test holds equal to the compiled rule.
	Accelerated bool
}

// Lookup finds a family by name.
func Lookup(name string) (Family, bool) {
	for _, f := range Families {
		if f.Name == name {
			return f, true
		}
	}
	return Family{}, false
}

// ErrUnknown is wrapped by the error for a ruleset name no family has.
var ErrUnknown = errors.New("unknown ruleset")

// Parse reads a ruleset name such as "nim", "slow-exact:k=2" or
// "wythoff-mod:K=3,s=2,t=4", or a rule file PATH.rules[:p=v,…] (see
// LoadRules and RuleText), also as its Name PATH.rules@HASH[:p=v,…],
// which is refused with a *StaleRulesError once the file's moves differ. Missing parameters take their defaults.
func Parse(spec string) (grundy.Ruleset, error) {
	if path, digest, args, ok := rulesPath(strings.TrimSpace(spec)); ok {
		return loadRules(path, digest, args)
	}
	name, args, hasArgs := strings.Cut(strings.TrimSpace(spec), ":")
	f, ok := Lookup(name)
	if !ok {
		return nil, fmt.Errorf("%w %q", ErrUnknown, name)
	}
	if f.ParseArgs != nil {
		return f.ParseArgs(args)
	}
	vals := make(map[string]int, len(f.Params))
	for _, p := range f.Params {
		vals[p.Name] = p.Default
	}
	if hasArgs {
		seen := map[string]bool{}
		for _, kv := range strings.Split(args, ",") {
			k, v, ok := strings.Cut(strings.TrimSpace(kv), "=")
			if !ok {
				return nil, fmt.Errorf("ruleset %q: parameter %q is not of the form name=value", spec, kv)
			}
			p, ok := f.param(k)
			if !ok {
				return nil, fmt.Errorf("ruleset %q: unknown parameter %q (%s takes %s)", spec, k, f.Name, f.paramNames())
			}
			if seen[k] {
				return nil, fmt.Errorf("ruleset %q: parameter %s given twice", spec, k)
			}
			seen[k] = true
			n, err := strconv.Atoi(strings.TrimSpace(v))
			if errors.Is(err, strconv.ErrRange) {
				return nil, fmt.Errorf("ruleset %q: parameter %s=%s is too large (at most %d)", spec, k, strings.TrimSpace(v), maxParam)
			}
			if err != nil {
				return nil, fmt.Errorf("ruleset %q: parameter %s=%q is not an integer", spec, k, v)
			}
			if n < p.Min {
				return nil, fmt.Errorf("ruleset %q: parameter %s=%d is below its minimum %d", spec, k, n, p.Min)
			}
			if n > p.Max {
				return nil, fmt.Errorf("ruleset %q: parameter %s=%d is above its maximum %d", spec, k, n, p.Max)
			}
			if n > maxParam {
				return nil, fmt.Errorf("ruleset %q: parameter %s=%d is above %d", spec, k, n, maxParam)
			}
			vals[k] = n
		}
	}
	return f.ruleset(vals)
}

// maxParam keeps parameters far from overflow in the move arithmetic.
const maxParam = 1 << 20

func (f Family) param(name string) (Param, bool) {
	for _, p := range f.Params {
		if p.Name == name {
			return p, true
		}
	}
	return Param{}, false
}

func (f Family) paramNames() string {
	if len(f.Params) == 0 {
		return "no parameters"
	}
	names := make([]string, len(f.Params))
	for i, p := range f.Params {
		names[i] = p.Name
	}
	sort.Strings(names)
	return strings.Join(names, ", ")
}

func needPiles(p grundy.Position, n int) error {
	if len(p) < n {
		return fmt.Errorf("need at least %s, got %d", pileCount(n), len(p))
	}
	return nil
}

func needKPiles(p grundy.Position, k int) error {
	if len(p) < k {
		return fmt.Errorf("k=%d needs at least k piles, got %d", k, len(p))
	}
	return nil
}

// pileCount says "1 pile" or "n piles".
func pileCount(n int) string {
	if n == 1 {
		return "1 pile"
	}
	return fmt.Sprintf("%d piles", n)
}
