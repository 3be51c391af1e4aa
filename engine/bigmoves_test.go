package engine

import (
	"math/big"
	"slices"
	"testing"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/games"
)

// The proxy argument, checked exhaustively: for every ruleset of the
// removal families and every position of a small box, a move of the proxy
// (each pile cut to cap tokens) made on the real piles is an option of
// the real position, and IsMove's proxy check agrees with enumeration.
func TestRemovalProxy(t *testing.T) {
	const cap, max = 3, 6
	for _, f := range games.Families {
		if !removalFamilies[f.Name] {
			continue
		}
		r, err := games.Parse(f.Name)
		if err != nil {
			t.Fatal(err)
		}
		for n := 1; n <= 3; n++ {
			p := make(grundy.Position, n)
			for {
				if r.Validate(p) == nil {
					checkProxy(t, r, p, cap)
				}
				i := 0
				for i < n && p[i] == max {
					p[i] = 0
					i++
				}
				if i == n {
					break
				}
				p[i]++
			}
		}
	}
}

func checkProxy(t *testing.T, r grundy.Ruleset, p grundy.Position, cap int) {
	t.Helper()
	options := map[string]bool{}
	r.Options(p, func(q grundy.Position) bool { options[grundy.Canonical(r, q).String()] = true; return true })
	proxy := make(grundy.Position, len(p))
	for i, x := range p {
		proxy[i] = min(x, cap)
	}
	r.Options(proxy, func(q grundy.Position) bool {
		m := make(grundy.Position, len(p))
		for i := range p {
			m[i] = p[i] - (proxy[i] - q[i])
		}
		if !options[grundy.Canonical(r, m).String()] {
			t.Errorf("%s: proxy %v of %v moves to %v, so %v, which is not an option of %v", r.Name(), proxy, p, q, m, p)
		}
		return true
	})
	for key := range options {
		to, _ := grundy.ParsePosition(key)
		from := p.Big()
		d := make(grundy.BigPosition, len(p))
		for i := range p {
			d[i] = new(big.Int).Set(to[i])
		}
		if !removalMoveAnyOrder(r, from, d) {
			t.Errorf("%s: the proxy check refuses the move %v → %s", r.Name(), p, key)
		}
	}
}

func removalMoveAnyOrder(r grundy.Ruleset, from, to grundy.BigPosition) bool {
	found := false
	permute(slices.Clone(to), grundy.SymmetricFrom(r, len(from)), func(t grundy.BigPosition) bool {
		found = removalMove(r, canonicalBig(r, from), t)
		return !found
	})
	return found
}

// Moves of huge positions: nim 0,2^70 has the option 0,2^70−1 and not
// 1,2^70; wythoff takes equal amounts from both piles.
func TestIsMoveBig(t *testing.T) {
	h := new(big.Int).Lsh(big.NewInt(1), 70)
	sub := func(x *big.Int, d int64) *big.Int { return new(big.Int).Sub(x, big.NewInt(d)) }
	add := func(x *big.Int, d int64) *big.Int { return new(big.Int).Add(x, big.NewInt(d)) }
	for _, tc := range []struct {
		game     string
		from, to grundy.BigPosition
		want     bool
	}{
		{"nim", grundy.BigPosition{big.NewInt(0), h}, grundy.BigPosition{big.NewInt(0), sub(h, 1)}, true},
		{"nim", grundy.BigPosition{big.NewInt(0), h}, grundy.BigPosition{sub(h, 1), big.NewInt(0)}, true}, // any order
		{"nim", grundy.BigPosition{big.NewInt(0), h}, grundy.BigPosition{big.NewInt(1), h}, false},
		{"nim", grundy.BigPosition{big.NewInt(3), h}, grundy.BigPosition{big.NewInt(2), sub(h, 1)}, false}, // two piles
		{"wythoff", grundy.BigPosition{h, add(h, 5)}, grundy.BigPosition{sub(h, 3), add(h, 2)}, true},
		{"wythoff", grundy.BigPosition{h, add(h, 5)}, grundy.BigPosition{sub(h, 3), add(h, 3)}, false},
		{"slow-exact:k=2", grundy.BigPosition{big.NewInt(1), h, h}, grundy.BigPosition{big.NewInt(0), h, sub(h, 1)}, true},
		{"slow-exact:k=2", grundy.BigPosition{big.NewInt(1), h, h}, grundy.BigPosition{big.NewInt(1), sub(h, 2), h}, false},
	} {
		r, _ := games.Parse(tc.game)
		got, err := IsMove(r, tc.from, tc.to)
		if err != nil || got != tc.want {
			t.Errorf("IsMove(%s, %s, %s) = %v, %v; want %v", tc.game, tc.from, tc.to, got, err, tc.want)
		}
	}
	r, _ := games.Parse("greedy-nim")
	if _, err := IsMove(r, grundy.BigPosition{h, h}, grundy.BigPosition{h, sub(h, 1)}); err == nil {
		t.Errorf("IsMove(greedy-nim, huge) checked a move whose legality depends on the pile sizes")
	}
}

// SomeMoves of nim 2^70, 2^70 (a P-position by Bouton): each takes tokens
// from one pile.
func TestSomeMovesBig(t *testing.T) {
	h := new(big.Int).Lsh(big.NewInt(1), 70)
	r, _ := games.Parse("nim")
	p := grundy.BigPosition{h, h}
	ms, err := SomeMoves(r, p, 5)
	if err != nil || len(ms) != 5 {
		t.Fatalf("SomeMoves(nim, %s) = %v, %v; want 5 moves", p, ms, err)
	}
	for _, m := range ms {
		if ok, err := IsMove(r, p, m); !ok || err != nil || m[1].Cmp(h) != 0 {
			t.Errorf("SomeMoves(nim, %s) gives %s, not a move taking from one pile", p, m)
		}
	}
}
