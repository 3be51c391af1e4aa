package recheck

import (
	"fmt"
	"strings"
	"testing"
)

func base2(name string) (int, error) {
	if name == "msd_2" {
		return 2, nil
	}
	return 0, fmt.Errorf("unknown system %s", name)
}

// evenOnes accepts binary words with an even number of ones (two
// tracks: the sum of both tracks' ones).
const evenOnes = `# two tracks
msd_2 msd_2

0 1
0 0 -> 0
1 1 -> 0
0 1 -> 1
1 0 -> 1

1 0
0 0 -> 1
1 1 -> 1
0 1 -> 0
1 0 -> 0
`

func TestReadWalnut(t *testing.T) {
	a, err := ReadWalnut(strings.NewReader(evenOnes), base2)
	if err != nil {
		t.Fatal(err)
	}
	if len(a.Accept) != 2 || !a.Accept[0] || a.Accept[1] {
		t.Fatalf("states %v, want accepting 0 and rejecting 1", a.Accept)
	}
	if got := a.Next[1][letter(a.Radix, []int{1, 0})]; got != 0 {
		t.Errorf("1 --(1,0)--> %d, want 0", got)
	}
	if err := zeroClosed(a); err != nil {
		t.Errorf("zeroClosed: %v", err)
	}
	for _, tt := range []struct{ name, text, want string }{
		{"unknown system", "msd_7\n\n0 1\n0 -> 0\n", "number system msd_7"},
		{"digit out of range", "msd_2\n\n0 1\n2 -> 0\n", "out of range"},
		{"too few digits", "msd_2 msd_2\n\n0 1\n0 -> 0\n", "1 digits for 2 tracks"},
		{"states out of order", "msd_2\n\n1 1\n", "expected state 0"},
		{"undefined target", "msd_2\n\n0 1\n0 -> 5\n", "not defined"},
		{"nondeterministic", "msd_2\n\n0 1\n0 -> 0 0\n", "one target"},
		{"transition first", "msd_2\n0 -> 0\n", "before any state"},
		{"empty", "# nothing\n", "no state"},
	} {
		_, err := ReadWalnut(strings.NewReader(tt.text), base2)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: error %v, want one containing %q", tt.name, err, tt.want)
		}
	}
}

// FuzzReadWalnut: any text is read or refused with an error, never a
// panic, and what is read is a well-formed automaton.
func FuzzReadWalnut(f *testing.F) {
	f.Add(evenOnes)
	f.Add("{0,1} {0,1}\n\n0 0\n1 1 -> 0\n")
	f.Add("msd_2\n\n0 1\n0 -> 0\n1 -> 1\n\n1 0\n")
	f.Fuzz(func(t *testing.T, text string) {
		a, err := ReadWalnut(strings.NewReader(text), base2)
		if err != nil {
			return
		}
		for q, row := range a.Next {
			if len(row) != a.letters() {
				t.Fatalf("state %d has %d transitions for %d letters", q, len(row), a.letters())
			}
			for _, r := range row {
				if int(r) >= len(a.Accept) {
					t.Fatalf("transition to undefined state %d", r)
				}
			}
		}
		zeroClosed(a)
	})
}

// TestTribSystem checks msd_trib by hand: the places 1, 2, 4, 7, 13, the
// values of a few words, and validity as "no three 1s in a row".
func TestTribSystem(t *testing.T) {
	sys, err := parseSystem("msd_trib")
	if err != nil {
		t.Fatal(err)
	}
	if sys.digits() != 2 {
		t.Fatalf("msd_trib has %d digits", sys.digits())
	}
	for w, want := range map[string]int64{"1": 1, "10": 2, "100": 4, "1000": 7, "10000": 13, "1101": 12, "11011": 23} {
		ds := make([]int, len(w))
		for i, c := range w {
			ds[i] = int(c - '0')
		}
		if got := sys.value(ds); got.Int64() != want {
			t.Errorf("msd_trib value of %s = %s, want %d", w, got, want)
		}
	}
	for w, valid := range map[string]bool{"110110": true, "0111": false, "1011": true, "11100": false} {
		q := int32(0)
		for _, c := range w {
			q = sys.validStep(q, int(c-'0'))
		}
		if (q >= 0) != valid {
			t.Errorf("msd_trib validity of %s = %v, want %v", w, q >= 0, valid)
		}
	}
}
