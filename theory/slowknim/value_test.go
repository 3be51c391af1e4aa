package slowknim_test

import (
	"context"
	"math/big"
	"testing"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/engine"
)

// TestHugeValues asks engine.Evaluate, as `grundy value` does, for G at
// positions far beyond search; each expected value is derived by hand from
// the closed form (E = 10^21 = 2^21·5^21, whose low 21 bits are zero).
func TestHugeValues(t *testing.T) {
	const e = "1000000000000000000000" // 10^21
	tests := []struct {
		game, pos string
		g, gm     string // "" where no closed form gives it
		source    string // the claim that gives G
		trust     grundy.TrustKind
	}{
		// 2 ⊕ 3 ⊕ 5 = 4 and 4 < 2^21, so G = E + 4; a pile ≥ 2: G⁻ = G.
		// Bouton's Nim-sum for 4 piles is in the automata ledger.
		{"nim", "2,3,5," + e, "1000000000000000000004", "1000000000000000000004", "000/bouton", grundy.TrustAutomataProved},
		// Moore's NIM_{3,≤2} (3, E, 10E): u = 11E + 3, m = 3 < z (y = 11E − 6
		// is huge), so G = u (Theorem 3); M ≥ 2, so G⁻ = G.
		{"moore:k=2", "3," + e + "," + e + "0", "11000000000000000000003", "11000000000000000000003", "000/thm-3", grundy.TrustPaperProof},
		// Moore's NIM_{3,≤3} is one pile of 11E + 3.
		{"moore:k=3", "3," + e + "," + e + "0", "11000000000000000000003", "11000000000000000000003", "000/moore.kn", ""},
		// Exact NIM_{3,=2}: T = min(⌊(11E + 3)/2⌋, E + 3) = E + 3 (Prop 4); pet: G⁻ = G.
		{"exact:k=2", "3," + e + "," + e + "0", "1000000000000000000003", "1000000000000000000003", "000/prop-4", ""},
		// Exact NIM_{4,=2} (3, 5, E, 10E): u = T = min(⌊(11E + 8)/2⌋, E + 8) =
		// E + 8, m = 3, y = T(0, 2, E − 3, 10E − 3) = E − 1, z huge > m: G = u.
		{"exact:k=2", "3,5," + e + "," + e + "0", "1000000000000000000008", "1000000000000000000008", "000/thm-5", grundy.TrustPaperProof},
		// Exact NIM_{3,=1} is Nim: 3 ⊕ E ⊕ 10E; 10E = 2^22·5^22 ends in 22
		// zero bits, so the low bits give 3 and the rest E ⊕ 10E.
		{"exact:k=1", "3," + e + "," + e + "0", xor3(e), "", "000/exact.k1", grundy.TrustClassical},
		// Exco-Nim (3; E, 10E, 100E): u = 111E + 3, m = E, y = u − 3E =
		// 108E + 3, z ≈ y²/2 > m: G = u (Theorem 3 read for Exco-Nim).
		{"exco-nim", "3," + e + "," + e + "0," + e + "00", "111000000000000000000003", "", "000/thm-3.reading-exco", grundy.TrustPaperProof},
		// Slow Exact NIM^1_{3,=2} (3, E, 10E): parity (o,e,e); as
		// (2a−1, 2b, 2(b+i)), a = 2 and i = 4.5E ≥ a, so not in D: G = 3
		// (Proposition 14 corrected, proved by grundy's ledger).
		{"slow-exact:k=2", "3," + e + "," + e + "0", "3", "3", "000/prop-14.corrected", grundy.TrustSMTProved},
	}
	for _, tt := range tests {
		r, p, err := engine.Parse(tt.game, tt.pos)
		if err != nil {
			t.Fatal(err)
		}
		v, err := engine.Evaluate(context.Background(), r, p, engine.Options{})
		if err != nil {
			t.Errorf("Evaluate(%s, %s): %v", tt.game, tt.pos, err)
			continue
		}
		if v.G == nil || v.G.String() != tt.g {
			t.Errorf("Evaluate(%s, %s): G = %v, want %s", tt.game, tt.pos, v.G, tt.g)
		}
		if tt.gm != "" && (v.Gm == nil || v.Gm.String() != tt.gm) {
			t.Errorf("Evaluate(%s, %s): G⁻ = %v, want %s", tt.game, tt.pos, v.Gm, tt.gm)
		}
		src := v.Sources[grundy.QG]
		if len(src.Claims) == 0 || src.Claims[0] != tt.source || tt.trust != "" && src.Kind != tt.trust {
			t.Errorf("Evaluate(%s, %s): G from %v, want %s (%s)", tt.game, tt.pos, src, tt.source, tt.trust)
		}
	}
}

func xor3(e string) string {
	a, _ := new(big.Int).SetString(e, 10)
	b := new(big.Int).Mul(a, big.NewInt(10))
	return a.Xor(a, b).Xor(a, big.NewInt(3)).String()
}
