package plural

import "testing"

func TestCount(t *testing.T) {
	for _, tc := range []struct {
		n    int
		noun string
		want string
	}{
		{0, "pile", "0 piles"}, {1, "pile", "1 pile"}, {2, "pile", "2 piles"},
		{1, "kind", "1 kind"}, {12, "kind", "12 kinds"}, {1, "position", "1 position"},
	} {
		if got := Count(tc.n, tc.noun); got != tc.want {
			t.Errorf("Count(%d, %q) = %q, want %q", tc.n, tc.noun, got, tc.want)
		}
	}
	if got := Count(uint64(1)<<63, "position"); got != "9223372036854775808 positions" {
		t.Errorf("Count(2^63) = %q", got)
	}
	if got := Pick(1, "fails", "fail") + Pick(0, "fails", "fail"); got != "failsfail" {
		t.Errorf("Pick = %q", got)
	}
	if got := Noun(1, "claim"); got != "claim" {
		t.Errorf("Noun(1, claim) = %q", got)
	}
}
