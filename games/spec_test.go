package games

import "testing"

// TestSpecOf checks that every family's ruleset reports the family and
// parameters it was parsed from.
func TestSpecOf(t *testing.T) {
	tests := []struct {
		name string
		want Spec
	}{
		{"nim", Spec{Family: "nim"}},
		{"moore:k=3", Spec{Family: "moore", K: 3}},
		{"exact:k=2", Spec{Family: "exact", K: 2}},
		{"exco-nim", Spec{Family: "exco-nim"}},
		{"slow-moore:k=4", Spec{Family: "slow-moore", K: 4}},
		{"slow-exact:k=2", Spec{Family: "slow-exact", K: 2}},
		{"bounded-nim:k=5", Spec{Family: "bounded-nim", K: 5}},
		{"greedy-nim", Spec{Family: "greedy-nim"}},
		{"bounded-greedy:k=3", Spec{Family: "bounded-greedy", K: 3}},
		{"wythoff:s=2,t=3", Spec{Family: "wythoff", S: 2, T: 3}},
		{"wythoff-mod:K=3,s=2,t=4", Spec{Family: "wythoff-mod", Mod: 3, S: 2, T: 4}},
		{"wythoff-oa", Spec{Family: "wythoff-oa", S: 1, T: 1}},
		{"wythoff-ee:s=1,t=2", Spec{Family: "wythoff-ee", S: 1, T: 2}},
		{"wythoff-1mod:K=3", Spec{Family: "wythoff-1mod", Mod: 3, S: 1, T: 1}},
		{"fdg:d=110/011", Spec{Family: "fdg"}},
	}
	for _, tt := range tests {
		r, err := Parse(tt.name)
		if err != nil {
			t.Fatalf("Parse(%q): %v", tt.name, err)
		}
		if got := SpecOf(r); got != tt.want {
			t.Errorf("SpecOf(%s) = %+v, want %+v", tt.name, got, tt.want)
		}
	}
	for _, f := range Families {
		if f.ParseArgs != nil {
			continue
		}
		vals := map[string]int{}
		for _, p := range f.Params {
			vals[p.Name] = p.Default
		}
		if f.New == nil {
			// No accelerator: the compiled rule file (kayles).
			r, err := Parse(f.Name)
			if err != nil {
				t.Fatal(err)
			}
			if got := SpecOf(r).Family; got != f.Name {
				t.Errorf("family %s makes a ruleset whose Spec says %q", f.Name, got)
			}
			continue
		}
		if got := SpecOf(f.New(vals)).Family; got != f.Name {
			t.Errorf("family %s makes a ruleset whose Spec says %q", f.Name, got)
		}
	}
}
