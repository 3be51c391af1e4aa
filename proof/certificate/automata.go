package certificate

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/games"
	"github.com/grundy/grundy/proof/automatic"
	"github.com/grundy/grundy/proof/certificate/recheck"
	"github.com/grundy/grundy/theory"
)

// gameConditions are the obligations of an automata record a certificate
// carries; the others (a recursion's, the box comparison) are listed as
// unchecked in its manifest.
var gameConditions = []string{"stability", "absorption", "terminal", "total", "function",
	"no move keeps the value", "every smaller value is reached", "terminal positions have value 1"}

// Name is the directory and Walnut name of a record's certificate:
// letters, digits and underscores only.
func Name(id, game string, piles int) string {
	s := fmt.Sprintf("%s_%s_n%d", id, game, piles)
	return strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' {
			return r
		}
		return '_'
	}, s)
}

// Automata writes the certificate of an automata record into dir/NAME:
// the set (or value relation) and the move relation in Walnut's format
// under "Automata Library", the numeration system's files under "Custom
// Bases" for a U system, the Walnut command file under "Command Files",
// and certificate.json. The automaton is rebuilt as the proof built it,
// and must be the record's (its canonical form), else the record is
// stale and nothing is written.
func Automata(dir string, c *theory.Claim, rec theory.AutoRecord) (string, error) {
	r, err := games.Parse(rec.Game)
	if err != nil {
		return "", err
	}
	n := rec.Piles
	set, move, sys, err := automatic.Certificate(c, r, n)
	if err != nil {
		return "", fmt.Errorf("%s on %s: %w", rec.ID, rec.Game, err)
	}
	if len(rec.Experiments) > 0 || rec.LearnBound > 0 {
		// A learned set is rebuilt as the record says the proof learned
		// it: refined by its counterexamples' words, from its box.
		t, _ := automatic.TargetOf(c.ID)
		if set, _, err = t.BuildWith(c, r, n, rec.Experiments, rec.LearnBound); err != nil {
			return "", fmt.Errorf("%s on %s: %w", rec.ID, rec.Game, err)
		}
	}
	if got := set.A.Canonical(); got != rec.Canonical {
		return "", fmt.Errorf("%s on %s, %d piles: the automaton built today is not the record's (canonical %.12s…, record %.12s…): the record is stale", rec.ID, rec.Game, n, got, rec.Canonical)
	}
	value := c.Quantity == grundy.QG || c.Quantity == grundy.QGm
	xs, ys := vars("x", n), vars("y", n)
	setVars := xs
	if value {
		setVars = append(slices.Clone(xs), "g")
	}
	setA, err := ordered(set, setVars)
	if err != nil {
		return "", err
	}
	moveA, err := ordered(move, append(slices.Clone(xs), ys...))
	if err != nil {
		return "", err
	}
	name := Name(rec.ID, rec.Game, n)
	root := filepath.Join(dir, name)
	ns := SystemName(sys)
	files := map[string]func(*os.File) error{
		"Automata Library/P_" + name + ".txt": func(f *os.File) error {
			return WriteWalnut(f, setA, repeat(ns, len(setVars)), fmt.Sprintf("%s on %s, %d piles: the claim's %s over %s", rec.ID, rec.Game, n, what(value), strings.Join(setVars, ", ")))
		},
		"Automata Library/M_" + name + ".txt": func(f *os.File) error {
			return WriteWalnut(f, moveA, repeat(ns, 2*n), fmt.Sprintf("the moves of %s with %d piles: x0… → y0…", rec.Game, n))
		},
		"Command Files/" + name + ".txt": func(f *os.File) error {
			_, err := f.WriteString(commands(name, ns, c, rec, r, n, value))
			return err
		},
	}
	if strings.HasPrefix(ns, "msd_u") {
		add, err := sys.Adder()
		if err != nil {
			return "", err
		}
		files["Custom Bases/"+ns+".txt"] = func(f *os.File) error {
			return WriteWalnut(f, sys.Valid(), []string{digitSet(sys.Digits())}, sys.String()+": the greedy representations")
		}
		files["Custom Bases/"+ns+"_addition.txt"] = func(f *os.File) error {
			d := digitSet(sys.Digits())
			return WriteWalnut(f, add, []string{d, d, d}, sys.String()+": x + y = z")
		}
	}
	var unchecked []string
	for _, o := range rec.Obligations {
		if !slices.Contains(gameConditions, o) {
			unchecked = append(unchecked, o)
		}
	}
	m := recheck.Manifest{ID: rec.ID, Game: rec.Game, Piles: n, Quantity: string(c.Quantity), Statement: c.Statement,
		System: ns, Set: "Automata Library/P_" + name + ".txt", Move: "Automata Library/M_" + name + ".txt",
		Canonical: rec.Canonical, Walnut: "Command Files/" + name + ".txt", Unchecked: unchecked}
	for path, write := range files {
		if err := writeFile(filepath.Join(root, filepath.FromSlash(path)), write); err != nil {
			return "", err
		}
	}
	raw, err := json.MarshalIndent(m, "", " ")
	if err != nil {
		return "", err
	}
	if err := os.WriteFile(filepath.Join(root, "certificate.json"), append(raw, '\n'), 0o644); err != nil {
		return "", err
	}
	return root, nil
}

func what(value bool) string {
	if value {
		return "value relation G(x) = g"
	}
	return "set"
}

func vars(prefix string, n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = fmt.Sprintf("%s%d", prefix, i)
	}
	return out
}

func repeat(s string, n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = s
	}
	return out
}

func digitSet(d int) string {
	ds := make([]string, d)
	for i := range ds {
		ds[i] = fmt.Sprint(i)
	}
	return "{" + strings.Join(ds, ",") + "}"
}

func writeFile(path string, write func(*os.File) error) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := write(f); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// commands is the Walnut command file: the moves restated from the rule
// in Walnut's arithmetic and compared with the move automaton, then the
// game conditions, each of which Walnut must evaluate to TRUE.
func commands(name, ns string, c *theory.Claim, rec theory.AutoRecord, r grundy.Ruleset, n int, value bool) string {
	var b strings.Builder
	xs, ys := vars("x", n), vars("y", n)
	x, y := strings.Join(xs, ","), strings.Join(ys, ",")
	xy := x + "," + y
	P, M := "$P_"+name, "$M_"+name
	fmt.Fprintf(&b, "# grundy certify: %s on %s, %d piles, in %s.\n# %s\n", rec.ID, rec.Game, n, ns, c.Statement)
	fmt.Fprintf(&b, "# Copy \"Automata Library\"%s into Walnut's directories, then: load %s.txt;\n",
		map[bool]string{true: " and \"Custom Bases\"", false: ""}[strings.HasPrefix(ns, "msd_u")], name)
	b.WriteString("# Every eval below must print TRUE.\n\n")
	if rule, ok := ruleWalnut(r, xs, ys); ok {
		fmt.Fprintf(&b, "# The moves, from the rule of %s:\n", rec.Game)
		fmt.Fprintf(&b, "def R_%s \"?%s %s\";\n", name, ns, rule)
		fmt.Fprintf(&b, "eval check_%s_moves \"?%s A%s %s(%s) <=> $R_%s(%s)\";\n\n", name, ns, xy, M, xy, name, xy)
	} else {
		fmt.Fprintf(&b, "# The move automaton M_%s was built by grundy from the rule of %s; compare it with the rule.\n\n", name, rec.Game)
	}
	eval := func(what, pred string) { fmt.Fprintf(&b, "eval check_%s_%s \"?%s %s\";\n", name, what, ns, pred) }
	hasMove := fmt.Sprintf("(E%s %s(%s))", y, M, xy)
	if !value {
		eval("stability", fmt.Sprintf("~(E%s %s(%s) & %s(%s) & %s(%s))", xy, P, x, M, xy, P, y))
		into := fmt.Sprintf("(E%s %s(%s) & %s(%s))", y, M, xy, P, y)
		if c.Quantity == grundy.QPm {
			eval("absorption", fmt.Sprintf("A%s (~%s(%s) & %s) => %s", x, P, x, hasMove, into))
			eval("terminal", fmt.Sprintf("A%s %s(%s) => %s", x, P, x, hasMove))
		} else {
			eval("absorption", fmt.Sprintf("A%s (~%s(%s)) => %s", x, P, x, into))
		}
		return b.String()
	}
	V := P
	eval("total", fmt.Sprintf("A%s Eg %s(%s,g)", x, V, x))
	eval("function", fmt.Sprintf("A%s,g,h (%s(%s,g) & %s(%s,h)) => g=h", x, V, x, V, x))
	eval("stability", fmt.Sprintf("~(E%s,g %s(%s) & %s(%s,g) & %s(%s,g))", xy, M, xy, V, x, V, y))
	reach := fmt.Sprintf("(E%s %s(%s) & %s(%s,v))", y, M, xy, V, y)
	if c.Quantity == grundy.QGm {
		eval("mex", fmt.Sprintf("A%s,g,v (%s(%s,g) & v<g & %s) => %s", x, V, x, hasMove, reach))
		eval("terminal", fmt.Sprintf("A%s,g (%s(%s,g) & (~%s)) => g=1", x, V, x, hasMove))
	} else {
		eval("mex", fmt.Sprintf("A%s,g,v (%s(%s,g) & v<g) => %s", x, V, x, reach))
	}
	return b.String()
}

// ruleWalnut states the moves of r in Walnut's arithmetic (+, <, =,
// multiplication by constants), where it can.
func ruleWalnut(r grundy.Ruleset, xs, ys []string) (string, bool) {
	n := len(xs)
	reduce := func(lo, hi int) string {
		var alts []string
		for set := 1; set < 1<<n; set++ {
			c := 0
			for i := range n {
				c += set >> i & 1
			}
			if c < lo || c > hi {
				continue
			}
			var parts []string
			for i := range n {
				if set>>i&1 == 1 {
					parts = append(parts, ys[i]+"<"+xs[i])
				} else {
					parts = append(parts, ys[i]+"="+xs[i])
				}
			}
			alts = append(alts, "("+strings.Join(parts, " & ")+")")
		}
		return strings.Join(alts, " | ")
	}
	switch g := r.(type) {
	case games.Nim:
		return reduce(1, 1), true
	case games.Moore:
		return reduce(1, min(g.K, n)), true
	case games.Wythoff:
		if n != 2 {
			return "", false
		}
		amount := func(a string, am games.Amounts) (string, bool) {
			cong := func(m, rem int) string {
				if m == 1 {
					return a + ">0"
				}
				return fmt.Sprintf("%s>0 & (Eq %s=%d*q+%d)", a, a, m, rem)
			}
			switch am.Kind {
			case games.Any:
				return a + ">0", true
			case games.Odd:
				return cong(2, 1), true
			case games.Even:
				return cong(2, 0), true
			case games.Multiple:
				return cong(am.K, 0), true
			case games.OneMod:
				return cong(am.K, 1%am.K), true
			case games.MinusOneMod:
				return cong(am.K, (am.K-1)%am.K), true
			}
			return "", false
		}
		a0, ok0 := amount("a", g.Single[0])
		a1, ok1 := amount("a", g.Single[1])
		if !ok0 || !ok1 {
			return "", false
		}
		cone := func(lo, hi string) string {
			return fmt.Sprintf("(%s<=%s & %s<%d*%s+%d)", lo, hi, hi, g.S, lo, g.T)
		}
		diag := fmt.Sprintf("k>0 & l>0 & (%s | %s)", cone("k", "l"), cone("l", "k"))
		if g.DiagonalK > 1 {
			diag += fmt.Sprintf(" & (Ep k=%d*p) & (Ep l=%d*p)", g.DiagonalK, g.DiagonalK)
		}
		return fmt.Sprintf("(Ea %s+a=%s & %s & %s=%s) | (Ea %s+a=%s & %s & %s=%s) | (Ek,l %s+k=%s & %s+l=%s & %s)",
			ys[0], xs[0], a0, ys[1], xs[1], ys[1], xs[1], a1, ys[0], xs[0],
			ys[0], xs[0], ys[1], xs[1], diag), true
	}
	return "", false
}

// Recheck re-verifies a certificate directory with package recheck.
func Recheck(dir string) ([]recheck.Verdict, error) { return recheck.Recheck(dir) }
