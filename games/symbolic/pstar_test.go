package symbolic

import (
	"errors"
	"strings"
	"testing"

	"github.com/grundy/grundy/games"
	"github.com/grundy/grundy/games/lang"
)

// TestEncodeRefusesPStar: a ⋆ rule has no encoding, and the error says
// which construct is not Presburger.
func TestEncodeRefusesPStar(t *testing.T) {
	r, err := games.RuleText("ruleset nim-star\npiles 2\nmove subtract any P-position of nim\n", "")
	if err != nil {
		t.Fatal(err)
	}
	_, err = Encode(r, 2)
	if !errors.Is(err, ErrNoEncoding) || !errors.Is(err, lang.ErrNotPresburger) ||
		!strings.Contains(err.Error(), "not Presburger: subtract any P-position of nim") {
		t.Errorf("Encode(nim⋆) = %v, want no encoding: not Presburger: subtract any P-position of nim", err)
	}
}
