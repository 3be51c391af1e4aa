package games_test

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/games"
	"github.com/grundy/grundy/games/families"
	"github.com/grundy/grundy/games/lang"
)

var long = flag.Bool("long", false, "compare the rule files with the hand-written rulesets on bigger boxes")

// examplesOf lists the parameter combinations a family is tested with:
// its defaults, then the example lines of its rule file.
func examplesOf(f games.Family) []string {
	out := []string{""}
	for _, e := range f.File.Examples {
		out = append(out, e.Args())
	}
	return out
}

// parseArgs reads "k=2,s=1" into a map.
func parseArgs(t *testing.T, args string) map[string]int {
	out := map[string]int{}
	if args == "" {
		return out
	}
	for _, kv := range strings.Split(args, ",") {
		var k string
		var v int
		name, val, _ := strings.Cut(kv, "=")
		if _, err := fmt.Sscan(val, &v); err != nil {
			t.Fatal(err)
		}
		k = name
		out[k] = v
	}
	return out
}

func compileText(t *testing.T, name, text string, params map[string]int) grundy.Ruleset {
	t.Helper()
	f, err := lang.Parse(name, text)
	if err != nil {
		t.Fatal(err)
	}
	r, err := f.Bind(params)
	if err != nil {
		t.Fatal(err)
	}
	return lang.Compile(r, name)
}

// TestFamiliesConform holds every family to its rule file, for its
// defaults and every example the file declares: the family's ruleset (its
// accelerator, or its compiled file) and the compiled file have the same
// canonical followers at every canonical position of 3 and 4 piles ≤ 12
// (2 piles ≤ 80 for the two-pile families; under -long, and by default on
// smaller boxes), the same pile counts, symmetry and solver abilities; the
// compiled file and the rule's naive interpreter (lang.Rule.Naive) agree
// on small boxes; and the ruleset's Spec carries the example's values.
func TestFamiliesConform(t *testing.T) {
	for _, f := range games.Families {
		text, ok := families.Text(f.Name)
		if !ok || text != f.Text {
			t.Errorf("family %s: not read from rulesets/%s.rules", f.Name, f.Name)
			continue
		}
		examples := examplesOf(f)
		if testing.Short() {
			// The defaults and one example: -short (the race run) keeps
			// every family, not every parameter.
			examples = examples[:min(2, len(examples))]
		}
		for _, args := range examples {
			spec := f.Name
			if args != "" {
				spec += ":" + args
			}
			hand, err := games.Parse(spec)
			if err != nil {
				t.Fatal(err)
			}
			vals := parseArgs(t, args)
			file := compileText(t, f.Name+".rules", text, vals)
			boxes := [][2]int{{3, 12}, {4, 12}}
			if f.Piles == "2" {
				boxes = [][2]int{{2, 80}}
				if args != "" && !*long {
					boxes = [][2]int{{2, 40}}
				}
			} else if !*long {
				boxes = [][2]int{{2, 30}, {3, 12}, {4, 9}}
			}
			if *long && f.Piles != "2" {
				boxes = append(boxes, [2]int{5, 10})
			}
			t.Run(spec, func(t *testing.T) {
				t.Parallel()
				compareRulesets(t, spec, hand, file, boxes, args == "")
				rf, _ := lang.Parse(f.Name, text)
				r, err := rf.Bind(vals)
				if err != nil {
					t.Fatal(err)
				}
				naive := [][2]int{{2, 9}, {3, 6}}
				if f.Piles == "2" {
					naive = [][2]int{{2, 16}}
				}
				compareFollowers(t, spec+" (naive)", file, naiveRuleset{r}, naive)
				got := games.SpecOf(hand)
				if got.Family != f.Name {
					t.Errorf("%s: Spec family %q", spec, got.Family)
				}
				for k, v := range vals {
					if got.Values()[k] != v {
						t.Errorf("%s: Spec %+v, want %s=%d", spec, got, k, v)
					}
				}
			})
		}
	}
}

// naiveRuleset is a rule as its naive interpreter plays it.
type naiveRuleset struct{ r *lang.Rule }

func (n naiveRuleset) Name() string                     { return "naive " + n.r.File.Name }
func (n naiveRuleset) Validate(p grundy.Position) error { return n.r.Validate(p) }
func (n naiveRuleset) Options(p grundy.Position, yield func(grundy.Position) bool) {
	n.r.Naive(p, yield)
}

func compareRulesets(t *testing.T, spec string, hand, file grundy.Ruleset, boxes [][2]int, defaults bool) {
	t.Helper()
	for n := 1; n <= 6; n++ {
		p := make(grundy.Position, n)
		if (hand.Validate(p) == nil) != (file.Validate(p) == nil) {
			t.Errorf("%s with %d piles: hand-written Validate %v, file %v", spec, n, hand.Validate(p), file.Validate(p))
		}
		if hand.Validate(p) == nil && grundy.SymmetricFrom(hand, n) != grundy.SymmetricFrom(file, n) {
			t.Errorf("%s with %d piles: SymmetricFrom %d, file %d", spec, n, grundy.SymmetricFrom(hand, n), grundy.SymmetricFrom(file, n))
		}
	}
	if u, ok := hand.(grundy.UnitDecrements); ok {
		v, ok := file.(grundy.UnitDecrements)
		if !ok {
			t.Errorf("%s: the file is not a unit-decrement ruleset", spec)
		} else {
			for n := 2; n <= 6; n++ {
				if hand.Validate(make(grundy.Position, n)) != nil {
					continue
				}
				a, b := u.UnitDecrementRange(n)
				c, d := v.UnitDecrementRange(n)
				if a != c || b != d {
					t.Errorf("%s: UnitDecrementRange(%d) = %d..%d, file %d..%d", spec, n, a, b, c, d)
				}
			}
		}
	}
	if tp, ok := hand.(grundy.TwoPile); ok {
		fp, ok := file.(grundy.TwoPile)
		if !ok {
			t.Errorf("%s: the file has no two-pile line description", spec)
		} else if fp.TwoPileMoves() != tp.TwoPileMoves() {
			t.Errorf("%s: TwoPileMoves %+v, file %+v", spec, tp.TwoPileMoves(), fp.TwoPileMoves())
		}
	}
	// The other way round, at the family's defaults: an ability the
	// compiled file has and the accelerator lacks sends the built-in to a
	// slower solver than the same rule as a user's file (nim answered
	// two-pile values by search). Not asked at other parameters: a file
	// that degenerates to Nim at k = 1 has lines the family has not.
	if _, ok := file.(grundy.TwoPile); ok && defaults {
		if _, ok := hand.(grundy.TwoPile); !ok {
			t.Errorf("%s: the file has a two-pile line description, the family's ruleset none", spec)
		}
	}
	if _, ok := file.(grundy.UnitDecrements); ok && defaults {
		if _, ok := hand.(grundy.UnitDecrements); !ok {
			t.Errorf("%s: the file is a unit-decrement ruleset, the family's ruleset not", spec)
		}
	}
	if grundy.PilesMayGrow(hand) != grundy.PilesMayGrow(file) {
		t.Errorf("%s: PilesMayGrow %v, file %v", spec, grundy.PilesMayGrow(hand), grundy.PilesMayGrow(file))
	}
	compareFollowers(t, spec, hand, file, boxes)
}

// compareFollowers compares the canonical followers of hand and file (in
// hand's canonical form) at every canonical position of the boxes.
func compareFollowers(t *testing.T, spec string, hand, file grundy.Ruleset, boxes [][2]int) {
	t.Helper()
	for _, b := range boxes {
		n, max := b[0], b[1]
		if hand.Validate(make(grundy.Position, n)) != nil {
			continue
		}
		bad := 0
		eachCanonical(hand, n, max, func(p grundy.Position) {
			want, got := followers(hand, hand, p), followers(hand, file, p)
			if !slices.Equal(got, want) && bad < 3 {
				bad++
				t.Errorf("%s at %v: file moves to %v, hand-written to %v", spec, p, got, want)
			}
		})
	}
}

// followers lists r's followers of p in canonical form under canon, as
// numbers in base max(p)+2 (negative piles cannot occur: a follower of a
// game that may add tokens is listed with its piles as they are), sorted
// and without repeats.
func followers(canon, r grundy.Ruleset, p grundy.Position) []int64 {
	var out []int64
	base := int64(slices.Max(p)) + 64
	buf := make(grundy.Position, len(p))
	if grundy.PileCountChanges(canon) {
		// Take-and-break: followers are multisets of any number of
		// nonempty piles, keyed by their sorted piles, each plus one.
		r.Options(p, func(q grundy.Position) bool {
			q = slices.Clone(q)
			slices.Sort(q)
			var key int64
			for _, x := range q {
				if x > 0 {
					key = key*base + int64(x) + 1
				}
			}
			out = append(out, key)
			return true
		})
		slices.Sort(out)
		return slices.Compact(out)
	}
	r.Options(p, func(q grundy.Position) bool {
		copy(buf, q)
		grundy.Canonicalize(canon, buf)
		var key int64
		for _, x := range buf {
			key = key*base + int64(x)
		}
		out = append(out, key)
		return true
	})
	slices.Sort(out)
	return slices.Compact(out)
}

// eachCanonical calls f with every canonical position of n piles ≤ max.
func eachCanonical(r grundy.Ruleset, n, max int, f func(grundy.Position)) {
	from := grundy.SymmetricFrom(r, n)
	p := make(grundy.Position, n)
	var rec func(i int)
	rec = func(i int) {
		if i == n {
			f(slices.Clone(p))
			return
		}
		lo := 0
		if i > from {
			lo = p[i-1]
		}
		for v := lo; v <= max; v++ {
			p[i] = v
			rec(i + 1)
		}
	}
	rec(0)
}

// TestFDGRuleTexts compares difference-set games written as rule text
// with fdg's inline form, negative coordinates included (004 §4).
func TestFDGRuleTexts(t *testing.T) {
	for _, c := range []struct{ spec, text string }{
		{"fdg:d=1100,multiset", "piles 4\nmove subtract any arrangement of (1,1,0,0)"},
		{"fdg:d=110/011", "piles 3\nmove subtract (1,1,0), (0,1,1)"},
		{"fdg:d=10/02", "piles 2\nmove subtract (1,0), (0,2)"},
		{"fdg:d=1100/1010/0110", "piles 4\nmove subtract (1,1,0,0), (1,0,1,0), (0,1,1,0)"},
		{"fdg:d=2.-1/0.1", "piles 2\nmove subtract (2,-1), (0,1)"},
		{"fdg:d=2.-1.0,multiset", "piles 3\nmove subtract any arrangement of (2,-1,0)"},
	} {
		hand, err := games.Parse(c.spec)
		if err != nil {
			t.Fatal(err)
		}
		file := compileText(t, c.spec, "ruleset test\n"+c.text+"\n", nil)
		n := len(hand.(*games.FDG).Vectors()[0])
		compareRulesets(t, c.spec, hand, file, [][2]int{{n, max(8, 40/n)}}, false)
	}
}

// TestRuleSpecs reads rule files and texts through Parse and RuleText.
func TestRuleSpecs(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		path := dir + "/" + name
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	user := "ruleset take-two\nparam k = 2 in 1..\npiles at least 1\nmove take 1..k from one pile\nmove take 1 from each of 2 piles\n"
	path := write("two.rules", user)
	r, err := games.Parse(path + ":k=3")
	if err != nil {
		t.Fatal(err)
	}
	name := r.Name()
	at, ok := strings.CutPrefix(name, path+"@")
	if !ok || !strings.HasSuffix(at, ":k=3") || len(at) != len("01234567:k=3") || games.SpecOf(r).Family != "" {
		t.Errorf("Parse(%s:k=3) = %s with spec %+v, want PATH@HASH:k=3 and no family", path, name, games.SpecOf(r))
	}
	// The name reads back while the moves stay; a comment changes nothing.
	write("two.rules", "# a comment\n"+user)
	if r, err := games.Parse(name); err != nil || r.Name() != name {
		t.Errorf("Parse(%s) = %v, %v after a comment was added, want the same ruleset", name, r, err)
	}
	// An edit of the moves changes the name, and the old name is refused.
	write("two.rules", strings.Replace(user, "1..k", "k", 1))
	if r, err := games.Parse(path + ":k=3"); err != nil || r.Name() == name {
		t.Errorf("Parse(%s:k=3) after an edit = %v, %v, want a new name", path, r, err)
	}
	var stale *games.StaleRulesError
	if _, err := games.Parse(name); !errors.As(err, &stale) || !strings.Contains(err.Error(), "has changed") {
		t.Errorf("Parse(%s) after an edit: error %v, want a *StaleRulesError", name, err)
	}
	write("two.rules", user)
	// A copy of a family's file, comments and prose changed, is the family.
	text, _ := families.Text("slow-exact")
	same := write("mine.rules", "# my copy\n"+strings.Replace(text, "000 §2", "somewhere", 1))
	r, err = games.Parse(same + ":k=3")
	if err != nil {
		t.Fatal(err)
	}
	if r.Name() != "slow-exact:k=3" || games.SpecOf(r).K != 3 {
		t.Errorf("a copy of slow-exact.rules parses to %s (%+v), want the family slow-exact:k=3", r.Name(), games.SpecOf(r))
	}
	// A changed rule may not keep the family's name.
	changed := write("bad.rules", strings.Replace(text, "each of exactly k piles", "each of 1..k piles", 1))
	if _, err := games.Parse(changed); err == nil || !strings.Contains(err.Error(), "another name") {
		t.Errorf("a changed slow-exact.rules parses (%v), want a refusal naming the family", err)
	}
	// Text: a name with the rule's hash; errors carry line and column.
	a, err := games.RuleText(user, "k=1")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := games.RuleText(strings.Replace(user, "1..k", "k", 1), "k=1")
	if !strings.HasPrefix(a.Name(), "take-two@") || !strings.HasSuffix(a.Name(), ":k=1") || a.Name() == b.Name() {
		t.Errorf("RuleText names %q and %q, want take-two@HASH:k=1, different", a.Name(), b.Name())
	}
	_, err = games.RuleText("ruleset x\npiles 1\nmove take any frm one pile\n", "")
	var re *lang.Error
	if !errors.As(err, &re) || re.Line != 3 || re.Col != 15 {
		t.Errorf("RuleText error %v, want a *rules.Error at 3:15", err)
	}
	if err := os.Mkdir(dir+"/d.rules", 0o755); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ spec, want string }{
		{path + ":k=0", "below its least value 1"},
		{path + ":j=1", "unknown parameter j"},
		{path + ":k", "not of the form name=value"},
		{dir + "/none.rules", "no such file"},
		{dir + "/d.rules", "not a regular file"},
	} {
		if _, err := games.Parse(c.spec); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Parse(%q) error %v, want one containing %q", c.spec, err, c.want)
		}
	}
}
