package lang_test

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/grundy/grundy"
	_ "github.com/grundy/grundy/games" // resolves "P-position of GAME"
	"github.com/grundy/grundy/games/lang"
)

// pstarTexts are ⋆ rules (Larsson's ⋆-operator): Nim⋆ (the diagonal
// moves (a,a)), Wythoff⋆, and the ⋆ of Moore's 2-Nim on three piles with
// a Nim move beside it.
var pstarTexts = []string{
	"ruleset nim-star\npiles 2\nmove subtract any P-position of nim\n",
	"ruleset wythoff-star\npiles 2\nmove subtract any P-position of wythoff\n",
	"ruleset moore-star\npiles 3\nmove subtract any P-position of \"moore:k=2\"\nmove take 1 from one pile\n",
}

func TestPStarCompiledMatchesNaive(t *testing.T) {
	for _, text := range pstarTexts {
		r := bind(t, "pstar", text)
		c := lang.Compile(r, "pstar")
		n := r.MinPiles
		compareNaive(t, text, r, c, n, []int{0, 0, 10, 4}[n])
	}
}

// TestPStarByHand: Nim⋆'s moves are (a,a), so G(x,y) = min(x,y) (a heap
// of min(x,y) under Nim's moves); Wythoff⋆ at (3,5) subtracts Wythoff's
// P-positions (1,2), (2,1), (3,5) only.
func TestPStarByHand(t *testing.T) {
	nim := lang.Compile(bind(t, "nim-star", pstarTexts[0]), "nim-star")
	memo := map[[2]int]int{}
	for x := 0; x <= 8; x++ {
		for y := 0; y <= 8; y++ {
			if got := gOf(nim, grundy.Position{x, y}, memo); got != min(x, y) {
				t.Errorf("G(nim⋆, (%d,%d)) = %d, want %d", x, y, got, min(x, y))
			}
		}
	}
	w := lang.Compile(bind(t, "wythoff-star", pstarTexts[1]), "wythoff-star")
	var got []string
	w.Options(grundy.Position{3, 5}, func(q grundy.Position) bool {
		got = append(got, q.String())
		return true
	})
	slices.Sort(got)
	if want := []string{"0,0", "1,4", "2,3"}; !slices.Equal(got, want) {
		t.Errorf("options of (3,5) in Wythoff⋆: %v, want %v", got, want)
	}
}

func TestPStarErrors(t *testing.T) {
	for _, tt := range []struct{ text, want string }{
		{"ruleset e\npiles at least 2\nmove subtract any P-position of nim\n", `needs a fixed pile count`},
		{"ruleset e\npiles 2\nmove subtract any P-position of nosuch\n", `P-position of nosuch: unknown ruleset "nosuch"`},
		{"ruleset e\npiles 2\nmove subtract any P-position of \"my.rules\"\n", "not a rule file"},
		{"ruleset e\npiles 3\nmove subtract any P-position of wythoff\n", "P-position of wythoff:"},
		{"ruleset e\npiles 2\nmove subtract any P-position of 3\n", `a ruleset after "P-position of"`},
		{"ruleset e\npiles 2\nmove subtract any P-position nim\n", `"of"`},
		{"ruleset e\npiles 2\nmove subtract any P-position of nim-\n", "not a hyphen"},
	} {
		f, err := lang.Parse("", tt.text)
		if err == nil {
			err = f.Check()
		}
		var e *lang.Error
		if !errors.As(err, &e) || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%q: error %v, want a *rules.Error saying %q", tt.text, err, tt.want)
		}
	}
}

// TestPStarNotPresburger: the prover is told, by name, why a ⋆ rule has
// no encoding.
func TestPStarNotPresburger(t *testing.T) {
	r := bind(t, "nim-star", pstarTexts[0])
	err := r.Presburger()
	if !errors.Is(err, lang.ErrNotPresburger) || err.Error() != "not Presburger: subtract any P-position of nim" {
		t.Errorf("Presburger() = %v, want not Presburger: subtract any P-position of nim", err)
	}
	if err := bind(t, "plain", variants[0]).Presburger(); err != nil {
		t.Errorf("a take rule: Presburger() = %v, want nil", err)
	}
}

// FuzzPStar: ⋆ rules parse, print back, and compile to the naive moves.
func FuzzPStar(f *testing.F) {
	for _, text := range pstarTexts {
		f.Add(text)
	}
	f.Fuzz(func(t *testing.T, text string) {
		g, err := lang.Parse("", text)
		if err != nil {
			return
		}
		once := g.Format()
		h, err := lang.Parse("", once)
		if err != nil || h.Format() != once {
			t.Fatalf("printed form does not read back: %v\n%s", err, once)
		}
		r, err := g.Bind(nil)
		if err != nil || r.MinPiles > 3 {
			return
		}
		c := lang.Compile(r, "fuzz")
		for n := max(r.MinPiles, 1); n <= 3; n++ {
			if r.Validate(make(grundy.Position, n)) == nil {
				compareNaive(t, text, r, c, n, []int{0, 8, 5, 3}[n])
			}
		}
	})
}
