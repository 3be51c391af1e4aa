package claimtext

import (
	"errors"
	"math/big"
	"strings"
	"testing"
)

// The first three lines (the fourth uses a rule file) and others,
// with their normal forms.
func TestParseExamples(t *testing.T) {
	tests := []struct{ in, want string }{
		{"P[nim, 2 piles] iff x1 == x2", "P[nim, 2 piles] iff x1 == x2"},
		{"G[bounded-nim:k=2, 1 piles] = x1 % 3", "G[bounded-nim:k=2, 1 pile] = x1 % 3"},
		{"Pm[wythoff-oo:s=1,t=1, 2 piles] iff (x1 == 0 && x2 % 2 == 1) || (x2 == 0 && x1 % 2 == 1)",
			"Pm[wythoff-oo:s=1,t=1, 2 piles] iff (x1 == 0 && x2 % 2 == 1) || (x2 == 0 && x1 % 2 == 1)"},
		{"claim slow:  P[ slow-exact ,2 piles<=30]iff even( x1 )# a comment", "claim slow: P[slow-exact:k=2, 2 piles <= 30] iff even(x1)"},
		{"claim a.fix  corrects  a : P[nim, 1 pile] iff x1 == 0\nclaim a: P[nim, 1 pile] iff true", "claim a.fix corrects a: P[nim, 1 pile] iff x1 == 0"},
		{"R[nim, 1 pile ≤ 9] = min(x1, 1)", "R[nim, 1 pile <= 9] = min(x1, 1)"},
		{"P[nim, 3 piles] iff let s = x1 + x2 in s % 2 == 0 && x3 ≥ s", "P[nim, 3 piles] iff let s = x1 + x2 in s % 2 == 0 && x3 >= s"},
		{"P[nim, 2 piles] iff (x1, x2) in {(1, 1), (0, 0), (1,1)} || x1 + 1 in {3, -1}", "P[nim, 2 piles] iff (x1, x2) in {(0, 0), (1, 1)} || x1 + 1 in {-1, 3}"},
		{"G[nim, 2 piles] = if x1 < x2 then x2 - x1 else -(x1 - x2) + 2 * x1 where x1 != 0", "G[nim, 2 piles] = if x1 < x2 then x2 - x1 else -(x1 - x2) + 2 * x1 where x1 != 0"},
		{"P[nim, 2 piles] iff !(x1 == x2) == false", "P[nim, 2 piles] iff !(x1 == x2) == false"},
		{"P[nim, 2 piles] iff x1 - (x2 - 1) == x1 - x2 - 1", "P[nim, 2 piles] iff x1 - (x2 - 1) == x1 - x2 - 1"},
		{"P[nim, 2 piles] iff x1 == 0 || x2 == 0 || x1 == 1 && x2 == 1", "P[nim, 2 piles] iff x1 == 0 || x2 == 0 || (x1 == 1 && x2 == 1)"},
	}
	for _, tt := range tests {
		f, err := Parse("t.claims", []byte(tt.in))
		if err != nil {
			t.Errorf("Parse(%q): %v", tt.in, err)
			continue
		}
		if got := f.Claims[0].String(); got != tt.want {
			t.Errorf("Parse(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestValues evaluates lowered claims at positions worked out by hand.
func TestValues(t *testing.T) {
	tests := []struct {
		expr  string
		piles int
		pos   []int64
		want  int64 // 1/0 for formulas
	}{
		{"x1 % 3", 1, []int64{7}, 1},
		{"(x1 - 10) % 3", 1, []int64{2}, 1},  // Euclidean: -8 mod 3 = 1
		{"(x1 - 10) / 3", 1, []int64{2}, -3}, // floor(-8/3)
		{"-x1 / 2", 1, []int64{3}, -2},
		{"min(x1, x2, 4) + max(x1, 1)", 2, []int64{6, 5}, 10},
		{"let s = x1 + x2 in s * 2 - s", 2, []int64{3, 4}, 7},
		{"if even(x1) then 1 else 2", 1, []int64{3}, 2},
		{"(x1, x2) in {(1, 2), (2, 1)}", 2, []int64{2, 1}, 1},
		{"(x1, x2) in {(1, 2), (2, 1)}", 2, []int64{2, 2}, 0},
		{"x1 in {}", 1, []int64{2}, 0},
		{"(x1 == 1) != (x2 == 1)", 2, []int64{1, 1}, 0},
		{"(x1 == 1) == (x2 == 1)", 2, []int64{0, 2}, 1},
		{"odd(x1) && !(x2 > 3) || false", 2, []int64{3, 3}, 1},
		{"3 * (2 * x1) - -1", 1, []int64{2}, 13},
	}
	for _, tt := range tests {
		e, err := ParseExpr(tt.expr)
		if err != nil {
			t.Errorf("ParseExpr(%q): %v", tt.expr, err)
			continue
		}
		f, err := Lower(e, tt.piles)
		if err != nil {
			t.Errorf("Lower(%q): %v", tt.expr, err)
			continue
		}
		env := make([]*big.Int, len(tt.pos))
		for i, x := range tt.pos {
			env[i] = big.NewInt(x)
		}
		var got int64
		if f.IsBool() {
			if f.Bool(env) {
				got = 1
			}
		} else {
			got = f.Int(env).Int64()
		}
		if got != tt.want {
			t.Errorf("%s at %v = %d, want %d", tt.expr, tt.pos, got, tt.want)
		}
	}
}

// TestErrors: each fault names its line and column and what is wrong.
func TestErrors(t *testing.T) {
	tests := []struct{ in, want string }{
		{"P[nim, 3 piles] iff x7 == 0", "t.claims:1:21: x7 on a 3-pile claim: the piles are x1..x3"},
		{"Q[nim, 2 piles] iff x1 == x2", `t.claims:1:1: unknown quantity "Q"`},
		{"P[nosuch, 2 piles] iff x1 == x2", `t.claims:1:3: unknown ruleset "nosuch"`},
		{"G[nim, 1 pile] = x1 % 0", "t.claims:1:23: division by zero"},
		{"G[nim, 1 pile] = x1 / (0 - 3)", "t.claims:1:24: / by the negative -3"},
		{"G[nim, 1 pile] = x1 % x1", "t.claims:1:23: % by x1: / and % take a positive constant"},
		{"G[nim, 2 piles] = x1 * x2", "t.claims:1:19: x1 * x2: a product of two non-constants is outside Presburger arithmetic"},
		{"P[nim, 2 piles] iff s == 1", `t.claims:1:21: unknown variable "s"`},
		{"P[nim, 2 piles] iff x0 == 1", `t.claims:1:21: x0: the piles are x1..x2`},
		{"P[nim, 2 piles] iff x1 + x2", "t.claims:1:21: P claims a set: iff needs a formula"},
		{"G[nim, 2 piles] = x1 == x2", "t.claims:1:19: G claims a value"},
		{"G[nim, 2 piles] iff x1", `t.claims:1:17: expected "= TERM" after G[…], found "iff"`},
		{"P[nim, 2 piles] iff (x1 == x2", `t.claims:1:30: expected ")", found end of line`},
		{"P[nim, 2 piles] iff x1 < x2 in {3}", `t.claims:1:29: "in {…}" does not chain`},
		{"P[nim, 2 piles] iff x1 in {3} < x2", `t.claims:1:31: "in {…}" does not chain`},
		{"P[nim, 2 piles] iff !x1 == x2", "t.claims:1:21: ! needs a formula (true or false), found the term x1: ! binds to its atom; write !(… == …) or not … == …"},
		{"P[nim, 2 piles] iff x1 + not x2", `t.claims:1:26: "not" stands before a comparison`},
		{"P[nim, 2 piles] iff x1 <> x2", `t.claims:1:24: "<>": write !=`},
		{"P[nim, 2 piles] iff x1 | x2", `t.claims:1:24: '|': write || (or or)`},
		{"P[nim, 2 piles] iff let and = 1 in true", "t.claims:1:25: let needs a name"},
		{"P[nim, 2 piles iff x1", `t.claims:1:2: "[" without "]"`},
		{"P[nim] iff x1 == 0", `t.claims:1:3: expected "RULESET, N piles"`},
		{"P[nim, 0 piles] iff true", "t.claims:1:3: 0 piles: give 1 to 64"},
		{"P[slow-exact:k=3, 2 piles] iff true", "t.claims:1:3: slow-exact:k=3 with 2 piles"},
		{"P[nim, 2 piles] iff x1 & x2", `t.claims:1:24: '&': write && (or and)`},
		{"claim a b: P[nim, 1 pile] iff true", `t.claims:1:7: label "a b"`},
		{"# fine\nP[nim, 1 pile] iff x1 == 0\n  P[nim, 1 pile] iff x1==0", "t.claims:3:1: the same claim as line 2"},
		{"claim a: P[nim, 1 pile] iff x1 == 0\nclaim a: P[nim, 1 pile <= 3] iff x1 == 1", "t.claims:2:1: claim a on nim, 1 pile is stated on line 1 already"},
		{"claim b corrects a: P[nim, 1 pile] iff true", "t.claims:1:7: claim b corrects a: a correction's label extends"},
		{"claim a.b corrects a: P[nim, 1 pile] iff true", "t.claims:1:1: claim a.b corrects a, which the file does not state"},
		{"claim a: P[nim, 1 pile] iff true\nclaim a.b corrects a: P[nim, 1 pile] iff x1 == 0\nclaim a.b.c corrects a.b: P[nim, 1 pile] iff x1 == 0", "t.claims:3:1: claim a.b.c corrects a.b, which is a correction itself"},
		{"P[nim, 2 piles] iff x1 == x2 where x1", "t.claims:1:36: where needs a formula"},
		{"P[nim, 2 piles] iff x1 == x2 extra", `t.claims:1:30: unexpected "extra" after the claim`},
		{"P[nim, 1 pile] iff (x1, x1) in {1}", "t.claims:1:33: a set element of 1 numbers where the left side has 2"},
		{"P[nim, 1 pile] iff x1 in {1, x1}", "t.claims:1:30: expected an integer in the set"},
		{"P[nim, 1 pile] iff if x1 then true else false", "t.claims:1:23: the condition of if needs a formula"},
		{"P[nim, 1 pile] iff let x1 = 2 in true", "t.claims:1:24: let needs a name"},
		{"G[nim, 1 pile] = 12ab", `t.claims:1:20: unexpected 'a' after the number 12`},
	}
	for _, tt := range tests {
		_, err := Parse("t.claims", []byte(tt.in))
		if err == nil {
			t.Errorf("Parse(%q) = nil error, want %q", tt.in, tt.want)
			continue
		}
		var list ErrorList
		if !errors.As(err, &list) {
			t.Errorf("Parse(%q) error %T, want ErrorList", tt.in, err)
		}
		if !strings.HasPrefix(err.Error(), tt.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("Parse(%q) error = %q, want one line starting %q", tt.in, err, tt.want)
		}
	}
}

// TestDefaultMax: boxes of at most DefaultPositions positions, counted by
// hand: (m+1)(m+2)/2 sorted pairs, (m+1)² ordered ones, C(m+3, 3) sorted
// triples, C(m+4, 4) sorted quadruples (C(27, 4) = 17550, C(28, 4) = 20475).
func TestDefaultMax(t *testing.T) {
	f, err := Parse("t", []byte("P[nim, 2 piles] iff true\nP[wythoff-oa:s=1,t=1, 2 piles] iff true\nP[nim, 1 pile] iff true\nP[nim, 3 piles] iff true\nP[nim, 4 piles] iff true"))
	if err != nil {
		t.Fatal(err)
	}
	for i, want := range []int{198, 140, 200, 47, 23} {
		c := f.Claims[i]
		if got := DefaultMax(c.Ruleset, c.Piles); got != want {
			t.Errorf("DefaultMax(%s, %d) = %d, want %d", c.Game, c.Piles, got, want)
		}
	}
}
