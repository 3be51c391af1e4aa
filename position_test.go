package grundy

import (
	"strings"
	"testing"
)

func TestParsePosition(t *testing.T) {
	good := []struct{ in, want string }{
		{"1,2,3", "1,2,3"},
		{" 0 , 7", "0,7"},
		{"5", "5"},
		{"123456789012345678901234567890,1", "123456789012345678901234567890,1"},
		{"007,0", "7,0"},
	}
	for _, tt := range good {
		p, err := ParsePosition(tt.in)
		if err != nil {
			t.Errorf("ParsePosition(%q): %v", tt.in, err)
			continue
		}
		if got := p.String(); got != tt.want {
			t.Errorf("ParsePosition(%q) = %s, want %s", tt.in, got, tt.want)
		}
	}
	bad := []struct{ in, mention string }{
		{"", "empty position"},
		{"1,-2", "negative pile size -2"},
		{"1,,2", "pile 2: empty pile size"},
		{"1.5", "not a non-negative integer"},
		{"0x10", "not a non-negative integer"},
		{"+3", "not a non-negative integer"},
		{"1,2,", "pile 3"},
	}
	for _, tt := range bad {
		_, err := ParsePosition(tt.in)
		if err == nil || !strings.Contains(err.Error(), tt.mention) {
			t.Errorf("ParsePosition(%q) error = %v, want one mentioning %q", tt.in, err, tt.mention)
		}
	}
}

func TestSmall(t *testing.T) {
	p, _ := ParsePosition("3,99999999999999999999")
	if _, ok := p.Small(); ok {
		t.Error("Small() of a 20-digit pile fits in an int")
	}
	p, _ = ParsePosition("3,4")
	if q, ok := p.Small(); !ok || q.String() != "3,4" || q.Big().String() != "3,4" {
		t.Errorf("Small() = %v, %v", q, ok)
	}
}

func FuzzParsePosition(f *testing.F) {
	for _, s := range []string{"1,2,3", "", "-1", "1,,2", " 4 ,5", "99999999999999999999999"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := ParsePosition(s)
		if err != nil {
			return
		}
		// A parsed position prints in canonical form and parses back.
		q, err := ParsePosition(p.String())
		if err != nil || q.String() != p.String() {
			t.Errorf("ParsePosition(%q) = %s, which does not round-trip (%v)", s, p, err)
		}
		for _, x := range p {
			if x.Sign() < 0 {
				t.Errorf("ParsePosition(%q) has a negative pile", s)
			}
		}
	})
}

func TestMex(t *testing.T) {
	tests := []struct {
		in   []int
		want int
	}{
		{nil, 0},
		{[]int{1, 2}, 0},
		{[]int{0, 2, 1, 4}, 3},
		{[]int{0, 0, 0}, 1},
		{append(seq(70), 71), 70},
		{append(seq(64), 100), 64},
	}
	for _, tt := range tests {
		if got := Mex(tt.in); got != tt.want {
			t.Errorf("Mex(%v) = %d, want %d", tt.in, got, tt.want)
		}
	}
}

func seq(n int) []int {
	s := make([]int, n)
	for i := range s {
		s[i] = i
	}
	return s
}

func TestRemotenessStep(t *testing.T) {
	tests := []struct {
		followers []int
		terminal  int
		want      int
	}{
		{nil, 0, 0},            // terminal, normal play
		{nil, 1, 1},            // terminal, misère: one virtual move
		{[]int{0}, 0, 1},       // move to a terminal and win
		{[]int{1, 3}, 0, 4},    // lost: resist as long as possible
		{[]int{1, 4, 2}, 0, 3}, // win through the least even
	}
	for _, tt := range tests {
		var s RemotenessStep
		for _, r := range tt.followers {
			s.Add(r)
		}
		if got := s.Result(tt.terminal); got != tt.want {
			t.Errorf("remoteness of followers %v = %d, want %d", tt.followers, got, tt.want)
		}
	}
}
