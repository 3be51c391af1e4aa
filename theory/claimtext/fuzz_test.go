package claimtext

import (
	"testing"
)

// FuzzExpr: no input panics the parser or Lower; what parses prints in a
// normal form that parses back to the same tree and prints the same.
func FuzzExpr(f *testing.F) {
	for _, s := range []string{
		"x1 == x2", "x1 % 3", "(x1 == 0 && x2 % 2 == 1) || (x2 == 0 && x1 % 2 == 1)",
		"(x1 + x2) % 2 == 0 && x3 <= x4", "let s = x1 + x2 in s / 2 >= -3", "if even(x1) then min(x1, 2) else max(x2, x3, 1)",
		"(x1, x2) in {(0, 1), (1, 0)} || !(x3 in {2, 4})", "- -x1 * 3 != 2 * x2 - -1", "true == (x1 < 2)", "x1 ≤ x2 ∧ ¬(x2 ≠ 3)",
		// The rules' spelling, chains and the nim-sum.
		"x1 mod 3 = 0 and not x2 div 2 < 1 or x3 = 1", "0 <= x1 < x2 = x3 != 4", "x1 ^ x2 ^ x3 == 0", "x1 + 1 ⊕ 2 * x2 < x3 ^ 1",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		e, err := ParseExpr(s)
		if err != nil {
			return
		}
		Lower(e, 3)
		text := e.String()
		e2, err := ParseExpr(text)
		if err != nil {
			t.Fatalf("ParseExpr(%q) = %q, which does not parse: %v", s, text, err)
		}
		if !Equal(e, e2) {
			t.Fatalf("ParseExpr(%q) prints %q, which parses to another tree (%q)", s, text, e2)
		}
		if again := e2.String(); again != text {
			t.Fatalf("normal form of %q is not stable: %q, then %q", s, text, again)
		}
	})
}

// FuzzFile: no claim file panics Parse; a file that parses prints in a
// normal form that parses to the same claims.
func FuzzFile(f *testing.F) {
	f.Add("P[nim, 2 piles] iff x1 == x2\nG[bounded-nim:k=2, 1 piles] = x1 % 3 # comment\n")
	f.Add("claim a: Pm[wythoff-oo:s=1,t=1, 2 piles <= 20] iff (x1 == 0 && odd(x2)) || (x2 == 0 && odd(x1))")
	f.Add("R[slow-exact:k=2, 3 piles] = x1 + x2 where x1 == 0\n\n# only a comment")
	f.Add("claim b: G[nim, 2 piles ≤ 9] = let s = x1 + x2 in if s > 2 then s else 0")
	f.Add("claim s: P[slow-exact:k=2, 2 piles] iff x1 == x2\nclaim s.fix corrects s: P[slow-exact:k=2, 2 piles <= 30] iff even(x1) where odd(x1 + x2)")
	f.Add("claim nim: P[nim, 3 piles] iff x1 ^ x2 ^ x3 = 0 and x1 <= x2 <= x3\nG[nim, 2 piles] = x1 ^ x2 where not x1 = x2")
	f.Fuzz(func(t *testing.T, src string) {
		file, err := Parse("f.claims", []byte(src))
		if err != nil {
			return
		}
		text := file.String()
		again, err := Parse("f.claims", []byte(text))
		if err != nil {
			t.Fatalf("normal form %q does not parse: %v", text, err)
		}
		if again.String() != text {
			t.Fatalf("normal form not stable: %q, then %q", text, again.String())
		}
		for i, c := range file.Claims {
			if c.Key() != again.Claims[i].Key() {
				t.Fatalf("claim %d changes identity: %q, then %q", i, c.Key(), again.Claims[i].Key())
			}
		}
	})
}
