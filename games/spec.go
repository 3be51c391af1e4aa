package games

import (
	"strings"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/games/lang"
)

// A Spec is a ruleset's identity as typed data: its family and its integer
// parameters. Code that must know which game it holds (the claims of a
// paper, the prover's move encodings, the play screen) reads the Spec of
// the parsed ruleset instead of parsing its name back.
//
// Parameters a family does not take are zero.
type Spec struct {
	Family string // registry name, e.g. "slow-exact"
	K      int    // k: piles (or tokens) one move may touch
	S, T   int    // (s,t) of the Wythoff family's two-pile move bound
	Mod    int    // K of wythoff-mod, wythoff-mult, wythoff-1mod, wythoff-m1mod
}

// Is reports whether the spec belongs to family.
func (s Spec) Is(family string) bool { return s.Family == family }

// A Specified ruleset knows its Spec. Every ruleset of this package is one.
type Specified interface {
	Spec() Spec
}

// SpecOf returns r's Spec, or the zero Spec for a ruleset defined outside
// this package (its Family is then "").
func SpecOf(r grundy.Ruleset) Spec {
	if s, ok := r.(Specified); ok {
		return s.Spec()
	}
	// A family with no accelerator is its compiled rule file, named as
	// Parse names it (NAME or NAME:p=v,…); a user's rule carries the
	// digest of its moves in its name (NAME@HASH…) and has no family.
	if c, ok := lang.Compiled(r); ok && !strings.Contains(c.Name(), "@") {
		rule := c.Rule()
		if f, ok := Lookup(rule.File.Name); ok && f.New == nil && f.File == rule.File {
			s := Spec{Family: f.Name}
			for i, p := range rule.File.Params {
				switch p.Name {
				case "k":
					s.K = rule.Values[i]
				case "s":
					s.S = rule.Values[i]
				case "t":
					s.T = rule.Values[i]
				case "K":
					s.Mod = rule.Values[i]
				}
			}
			return s
		}
	}
	return Spec{}
}

func (Nim) Spec() Spec       { return Spec{Family: "nim"} }
func (m Moore) Spec() Spec   { return Spec{Family: "moore", K: m.K} }
func (e Exact) Spec() Spec   { return Spec{Family: "exact", K: e.K} }
func (ExcoNim) Spec() Spec   { return Spec{Family: "exco-nim"} }
func (b Bounded) Spec() Spec { return Spec{Family: "bounded-nim", K: b.K} }
func (*FDG) Spec() Spec      { return Spec{Family: "fdg"} }

func (s Slow) Spec() Spec {
	if s.Exact {
		return Spec{Family: "slow-exact", K: s.K}
	}
	return Spec{Family: "slow-moore", K: s.K}
}

func (g Greedy) Spec() Spec {
	if g.K == 0 {
		return Spec{Family: "greedy-nim"}
	}
	return Spec{Family: "bounded-greedy", K: g.K}
}

func (w Wythoff) Spec() Spec {
	s := Spec{Family: w.Family, S: w.S, T: w.T}
	switch {
	case w.Family == "wythoff-mod":
		s.Mod = w.DiagonalK
	case w.Single[0].K > 0:
		s.Mod = w.Single[0].K
	}
	return s
}

// Values gives the spec's parameters by the names its family's Params use
// ("k", "s", "t", "K").
func (s Spec) Values() map[string]int {
	out := map[string]int{}
	f, _ := Lookup(s.Family)
	for _, p := range f.Params {
		switch p.Name {
		case "k":
			out["k"] = s.K
		case "s":
			out["s"] = s.S
		case "t":
			out["t"] = s.T
		case "K":
			out["K"] = s.Mod
		}
	}
	return out
}
