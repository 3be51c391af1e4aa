package symbolic

import (
	"errors"
	"strings"
	"testing"

	"github.com/grundy/grundy/games"
)

// TestTakeBreakNotPresburger: a take-and-break rule has no move encoding,
// and the refusal says why.
func TestTakeBreakNotPresburger(t *testing.T) {
	for _, name := range []string{"kayles", "grundys-game"} {
		r, err := games.Parse(name)
		if err != nil {
			t.Fatal(err)
		}
		_, err = Encode(r, 2)
		if !errors.Is(err, ErrNoEncoding) || !strings.Contains(err.Error(), "not Presburger: take-and-break") {
			t.Errorf("Encode(%s, 2) = %v, want ErrNoEncoding saying not Presburger", name, err)
		}
	}
}
