package games

import (
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/grundy/grundy"
)

// A Param is one integer parameter of a ruleset family.
type Param struct {
	Name    string
	Default int
	Min     int
	Doc     string
}

// A Family is a ruleset with its parameters, as listed by `grundy games`.
type Family struct {
	Name   string
	Params []Param
	Piles  string // how many piles a position has
	Rule   string // one move, in one line
	Source string // paper file and section
	New    func(params map[string]int) grundy.Ruleset
	// ParseArgs, if set, reads everything after "NAME:" itself (args is
	// empty without a colon), for families whose parameters are not
	// integers, such as fdg's difference vectors; Params and New are then
	// unused.
	ParseArgs func(args string) (grundy.Ruleset, error)
}

var kParam = Param{Name: "k", Default: 2, Min: 1, Doc: "piles (or tokens) one move may touch"}
var stParams = []Param{
	{Name: "s", Default: 1, Min: 1, Doc: "slope of the two-pile move bound"},
	{Name: "t", Default: 1, Min: 1, Doc: "offset of the two-pile move bound"},
}

func wythoffFamily(name string, single [2]AmountKind, rule, source string) Family {
	return Family{
		Name: name, Params: stParams, Piles: "2", Rule: rule, Source: source,
		New: func(p map[string]int) grundy.Ruleset {
			return Wythoff{Family: name, S: p["s"], T: p["t"], DiagonalK: 1,
				Single: [2]Amounts{{Kind: single[0]}, {Kind: single[1]}}}
		},
	}
}

// Families lists every ruleset family, in the order `grundy games` shows.
var Families = []Family{
	{Name: "nim", Piles: "≥ 1", Rule: "reduce one pile by any positive amount", Source: "000 §1.1",
		New: func(map[string]int) grundy.Ruleset { return Nim{} }},
	{Name: "moore", Params: []Param{kParam}, Piles: "≥ k", Rule: "reduce between 1 and k piles, each by any positive amount", Source: "000 §1.2",
		New: func(p map[string]int) grundy.Ruleset { return Moore{K: p["k"]} }},
	{Name: "exact", Params: []Param{kParam}, Piles: "≥ k", Rule: "reduce exactly k piles, each by any positive amount", Source: "000 §1.4",
		New: func(p map[string]int) grundy.Ruleset { return Exact{K: p["k"]} }},
	{Name: "exco-nim", Piles: "≥ 2 (x0, x1..xn)", Rule: "reduce x0 (possibly by nothing) and at most n−1 of x1..xn, removing at least one token", Source: "000 §1.3",
		New: func(map[string]int) grundy.Ruleset { return ExcoNim{} }},
	{Name: "slow-moore", Params: []Param{kParam}, Piles: "≥ k", Rule: "remove one token from each of 1..k non-empty piles", Source: "000 §2, §3",
		New: func(p map[string]int) grundy.Ruleset { return Slow{K: p["k"]} }},
	{Name: "slow-exact", Params: []Param{kParam}, Piles: "≥ k", Rule: "remove one token from each of exactly k non-empty piles", Source: "000 §2, §4; 003; 004",
		New: func(p map[string]int) grundy.Ruleset { return Slow{K: p["k"], Exact: true} }},
	{Name: "bounded-nim", Params: []Param{kParam}, Piles: "≥ 1", Rule: "remove 1..k tokens from one pile", Source: "001 §3",
		New: func(p map[string]int) grundy.Ruleset { return Bounded{K: p["k"]} }},
	{Name: "greedy-nim", Piles: "≥ 1", Rule: "remove any positive amount from a largest pile", Source: "001 §3",
		New: func(map[string]int) grundy.Ruleset { return Greedy{} }},
	{Name: "bounded-greedy", Params: []Param{kParam}, Piles: "≥ 1", Rule: "remove 1..k tokens from a largest pile", Source: "001 §1, §2",
		New: func(p map[string]int) grundy.Ruleset { return Greedy{K: p["k"]} }},
	wythoffFamily("wythoff", [2]AmountKind{Any, Any},
		"any amount from one pile, or k>0 from one and l≥k from the other with l−k < (s−1)k+t", "002 eq. (1)"),
	{Name: "wythoff-mod", Params: append([]Param{{Name: "K", Default: 2, Min: 1, Doc: "every amount removed is a multiple of K"}}, stParams...),
		Piles: "2", Rule: "Γ_K: as (s,t)-Wythoff, every amount removed a positive multiple of K", Source: "002 §1, §3",
		New: func(p map[string]int) grundy.Ruleset {
			m := Amounts{Kind: Multiple, K: p["K"]}
			return Wythoff{Family: "wythoff-mod", S: p["s"], T: p["t"], DiagonalK: p["K"], Single: [2]Amounts{m, m}}
		}},
	wythoffFamily("wythoff-oa", [2]AmountKind{Odd, Any},
		"Γ_OA: odd amount from the first pile, any from the second, or an (s,t)-Wythoff two-pile move", "002 §1, §4.1"),
	wythoffFamily("wythoff-oo", [2]AmountKind{Odd, Odd},
		"Γ_OO: odd amount from one pile, or an (s,t)-Wythoff two-pile move", "002 §1, §4.2"),
	wythoffFamily("wythoff-oe", [2]AmountKind{Odd, Even},
		"Γ_OE: odd amount from the first pile, even from the second, or an (s,t)-Wythoff two-pile move", "002 §1, §4.3"),
	wythoffFamily("wythoff-eo", [2]AmountKind{Even, Odd},
		"Γ_EO: even amount from the first pile, odd from the second, or an (s,t)-Wythoff two-pile move", "002 Remark 1"),
	wythoffFamily("wythoff-ee", [2]AmountKind{Even, Even},
		"Γ_EE: even amount from one pile, or an (s,t)-Wythoff two-pile move (open problem)", "002 §5"),
	wythoffModFamily("wythoff-mult", Multiple,
		"a positive multiple of K from one pile, or an (s,t)-Wythoff two-pile move (unrestricted, unlike wythoff-mod)", "002 §5 (open)"),
	wythoffModFamily("wythoff-1mod", OneMod,
		"an amount ≡ 1 mod K from one pile, or an (s,t)-Wythoff two-pile move", "002 §5 (open)"),
	wythoffModFamily("wythoff-m1mod", MinusOneMod,
		"an amount ≡ K−1 mod K from one pile, or an (s,t)-Wythoff two-pile move", "002 §5 (open)"),
	fdgFamily,
}

// wythoffModFamily is one of the generalizations 002 §5 asks about: the
// single-pile amounts restricted modulo K on both piles, the two-pile
// (diagonal) move left as in (s,t)-Wythoff. 002 §5 writes the amounts as
// nK+1 and nK+K−1 with n ∈ Z⁺, but calls K = 2 "precisely Γ_OO", whose
// single-pile amounts include 1; so n ranges over Z⁰ here (amounts 1, K+1,
// 2K+1, … and K−1, 2K−1, …), which makes wythoff-1mod:K=2 equal Γ_OO.
func wythoffModFamily(name string, kind AmountKind, rule, source string) Family {
	return Family{
		Name:   name,
		Params: append([]Param{{Name: "K", Default: 2, Min: 1, Doc: "modulus of the single-pile amounts"}}, stParams...),
		Piles:  "2", Rule: rule, Source: source,
		New: func(p map[string]int) grundy.Ruleset {
			a := Amounts{Kind: kind, K: p["K"]}
			return Wythoff{Family: name, S: p["s"], T: p["t"], DiagonalK: 1, Single: [2]Amounts{a, a}}
		},
	}
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
			if n > maxParam {
				return nil, fmt.Errorf("ruleset %q: parameter %s=%d is above %d", spec, k, n, maxParam)
			}
			vals[k] = n
		}
	}
	return f.New(vals), nil
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
