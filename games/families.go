package games

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/games/families"
	"github.com/grundy/grundy/games/lang"
)

// An accelerator is a family's hand-written Go move generator: the same
// moves as its rule file (TestFamiliesConform holds them equal), with the
// abilities and the speed the papers' boxes need. A family needs none:
// without one its compiled rule file is its ruleset.
type accelerator struct {
	name string
	new  func(p map[string]int) grundy.Ruleset
	// parseArgs replaces the integer parameters for fdg, whose
	// parameters are difference vectors; piles then says what the
	// rule file (bare fdg, one example) cannot.
	parseArgs func(args string) (grundy.Ruleset, error)
	piles     string
}

// accelerators, in the order `grundy games` lists the families (families
// with no accelerator follow, by name).
var accelerators = []accelerator{
	{name: "nim", new: func(map[string]int) grundy.Ruleset { return Nim{} }},
	{name: "moore", new: func(p map[string]int) grundy.Ruleset { return Moore{K: p["k"]} }},
	{name: "exact", new: func(p map[string]int) grundy.Ruleset { return Exact{K: p["k"]} }},
	{name: "exco-nim", new: func(map[string]int) grundy.Ruleset { return ExcoNim{} }},
	{name: "slow-moore", new: func(p map[string]int) grundy.Ruleset { return Slow{K: p["k"]} }},
	{name: "slow-exact", new: func(p map[string]int) grundy.Ruleset { return Slow{K: p["k"], Exact: true} }},
	{name: "bounded-nim", new: func(p map[string]int) grundy.Ruleset { return Bounded{K: p["k"]} }},
	{name: "greedy-nim", new: func(map[string]int) grundy.Ruleset { return Greedy{} }},
	{name: "bounded-greedy", new: func(p map[string]int) grundy.Ruleset { return Greedy{K: p["k"]} }},
	wythoffAccelerator("wythoff", Any, Any),
	{name: "wythoff-mod", new: func(p map[string]int) grundy.Ruleset {
		m := Amounts{Kind: Multiple, K: p["K"]}
		return Wythoff{Family: "wythoff-mod", S: p["s"], T: p["t"], DiagonalK: p["K"], Single: [2]Amounts{m, m}}
	}},
	wythoffAccelerator("wythoff-oa", Odd, Any),
	wythoffAccelerator("wythoff-oo", Odd, Odd),
	wythoffAccelerator("wythoff-oe", Odd, Even),
	wythoffAccelerator("wythoff-eo", Even, Odd),
	wythoffAccelerator("wythoff-ee", Even, Even),
	// 002 §5 writes the amounts of these as nK+1 and nK+K−1 with n ∈ Z⁺,
	// but calls K = 2 "precisely Γ_OO", whose single-pile amounts
	// include 1; so n ranges over Z⁰ here (amounts 1, K+1, 2K+1, … and
	// K−1, 2K−1, …), which makes wythoff-1mod:K=2 equal Γ_OO.
	wythoffModAccelerator("wythoff-mult", Multiple),
	wythoffModAccelerator("wythoff-1mod", OneMod),
	wythoffModAccelerator("wythoff-m1mod", MinusOneMod),
	{name: "fdg", parseArgs: ParseFDG, piles: "the vectors' length"},
}

func wythoffAccelerator(name string, first, second AmountKind) accelerator {
	return accelerator{name: name, new: func(p map[string]int) grundy.Ruleset {
		return Wythoff{Family: name, S: p["s"], T: p["t"], DiagonalK: 1,
			Single: [2]Amounts{{Kind: first}, {Kind: second}}}
	}}
}

// wythoffModAccelerator is one of the generalizations 002 §5 asks about:
// the single-pile amounts restricted modulo K on both piles, the two-pile
// (diagonal) move left as in (s,t)-Wythoff.
func wythoffModAccelerator(name string, kind AmountKind) accelerator {
	return accelerator{name: name, new: func(p map[string]int) grundy.Ruleset {
		a := Amounts{Kind: kind, K: p["K"]}
		return Wythoff{Family: name, S: p["s"], T: p["t"], DiagonalK: 1, Single: [2]Amounts{a, a}}
	}}
}

// Families lists every ruleset family, in the order `grundy games` shows:
// one for each rule file of rulesets/, then those LoadFamilies adds.
var Families = builtinFamilies()

func builtinFamilies() []Family {
	names := families.Names()
	var out []Family
	for _, a := range accelerators {
		if !slices.Contains(names, a.name) {
			panic("games: accelerator " + a.name + " has no rule file rulesets/" + a.name + RulesExt)
		}
	}
	order := func(name string) int {
		for i, a := range accelerators {
			if a.name == name {
				return i
			}
		}
		return len(accelerators)
	}
	slices.SortStableFunc(names, func(a, b string) int { return order(a) - order(b) })
	for _, name := range names {
		text, _ := families.Text(name)
		f, err := family("rulesets/"+name+RulesExt, text)
		if err != nil {
			// The files are embedded and TestFamiliesConform reads them.
			panic(err)
		}
		out = append(out, f)
	}
	return out
}

// family builds a Family from its rule file: its metadata as the file
// says, its ruleset the accelerator of its name or else the compiled
// file.
func family(origin, text string) (Family, error) {
	rf, err := lang.Parse(origin, text)
	if err == nil {
		err = rf.Check()
	}
	if err != nil {
		return Family{}, err
	}
	fam := Family{Name: rf.Name, Rule: rf.About, Source: rf.Source, Text: text, File: rf}
	if fam.Rule == "" {
		return Family{}, fmt.Errorf("%s: a family's file needs an about line (the rule in one line of prose)", origin)
	}
	if rf.PilesAny {
		fam.Piles = "any" // a multiset of piles: take-and-break
	} else if rf.Piles != nil {
		fam.Piles = rf.Piles.Brief()
	} else {
		fam.Piles = "≥ 1"
	}
	for _, p := range rf.Params {
		q := Param{Name: p.Name, Default: p.Default, Min: -lang.MaxValue, Max: lang.MaxValue, Doc: p.Doc}
		if p.HasMin {
			q.Min = p.Min
		}
		if p.HasMax {
			q.Max = p.Max
		}
		fam.Params = append(fam.Params, q)
	}
	for _, a := range accelerators {
		if a.name == rf.Name {
			fam.New, fam.ParseArgs, fam.Accelerated = a.new, a.parseArgs, true
			if a.piles != "" {
				fam.Piles = a.piles
			}
			return fam, nil
		}
	}
	return fam, nil
}

// ruleset builds the family's ruleset for parameter values (every
// parameter set): its accelerator, or its compiled rule, which Bind may
// still refuse (a count that means nothing under these values).
func (f Family) ruleset(vals map[string]int) (grundy.Ruleset, error) {
	if f.New != nil {
		return f.New(vals), nil
	}
	r, err := f.File.Bind(vals)
	var rerr *lang.Error
	if errors.As(err, &rerr) {
		return nil, &RulesError{Spec: specName(f.Name, f.Params, vals), Err: rerr}
	} else if err != nil {
		return nil, err
	}
	return lang.Compile(r, specName(f.Name, f.Params, vals)), nil
}

// specName is a family ruleset's Name: NAME, or NAME:p=v,… in the order
// of its parameters.
func specName(name string, params []Param, vals map[string]int) string {
	var parts []string
	for _, p := range params {
		parts = append(parts, fmt.Sprintf("%s=%d", p.Name, vals[p.Name]))
	}
	if len(parts) == 0 {
		return name
	}
	return name + ":" + strings.Join(parts, ",")
}

// FamilyError is a rule file LoadFamilies could not add as a family.
type FamilyError struct {
	Path string
	Err  error
}

func (e *FamilyError) Error() string { return fmt.Sprintf("family %s: %v", e.Path, e.Err) }
func (e *FamilyError) Unwrap() error { return e.Err }

// LoadFamilies adds every NAME.rules file of dir as a family, after the
// built-in ones, by name, as if it were a file of rulesets/: `grundy value
// NAME:p=v …` then works for it as for any family. A name already taken
// is refused. Call it before any ruleset is parsed (front ends do so at
// start, from GRUNDY_RULESETS): Families is not guarded for concurrent
// change.
func LoadFamilies(dir string) error {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return &FamilyError{Path: dir, Err: err}
	}
	var added []Family
	for _, e := range ents {
		if !strings.HasSuffix(e.Name(), RulesExt) {
			continue
		}
		path := filepath.Join(dir, e.Name())
		text, err := readRuleFile(path)
		if err != nil {
			return &FamilyError{Path: path, Err: err}
		}
		f, err := family(path, text)
		if err != nil {
			return &FamilyError{Path: path, Err: err}
		}
		if want := strings.TrimSuffix(e.Name(), RulesExt); f.Name != want {
			return &FamilyError{Path: path, Err: fmt.Errorf("the file of family %s must be named %s%s", f.Name, f.Name, RulesExt)}
		}
		if g, taken := Lookup(f.Name); taken && g.Text == f.Text && !g.Accelerated {
			continue // loaded before: the same file
		}
		if _, taken := Lookup(f.Name); taken || slices.ContainsFunc(added, func(g Family) bool { return g.Name == f.Name }) {
			return &FamilyError{Path: path, Err: errors.New("a family named " + f.Name + " exists already")}
		}
		added = append(added, f)
	}
	Families = append(Families, added...)
	return nil
}

// AddFamily adds the family of a rule text, after the others, as
// LoadFamilies adds a file's: package literature adds the rule files of
// its papers this way, at init. origin names the text in errors. A name
// already taken is refused. Call it before any ruleset is parsed:
// Families is not guarded for concurrent change.
func AddFamily(origin, text string) error {
	f, err := family(origin, text)
	if err != nil {
		return &FamilyError{Path: origin, Err: err}
	}
	if _, taken := Lookup(f.Name); taken {
		return &FamilyError{Path: origin, Err: errors.New("a family named " + f.Name + " exists already")}
	}
	Families = append(Families, f)
	return nil
}
