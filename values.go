package grundy

// Outcome is the winner under optimal play: P (previous player) or N (next).
type Outcome byte

const (
	P Outcome = 'P'
	N Outcome = 'N'
)

func (o Outcome) String() string { return string(o) }

// Values are the four values of a position.
type Values struct {
	G  int // Sprague–Grundy value, normal play
	Gm int // Sprague–Grundy value, misère play (terminal: 1)
	R  int // Smith's remoteness, normal play (terminal: 0)
	Rm int // remoteness, misère play (terminal: 1)
}

// Outcome is the normal-play outcome: P iff R is even.
func (v Values) Outcome() Outcome { return outcomeOf(v.R) }

// OutcomeMisere is the misère outcome: P iff R⁻ is even.
func (v Values) OutcomeMisere() Outcome { return outcomeOf(v.Rm) }

func outcomeOf(remoteness int) Outcome {
	if remoteness%2 == 0 {
		return P
	}
	return N
}

// Terminal values, the base of every recursion.
var TerminalValues = Values{G: 0, Gm: 1, R: 0, Rm: 1}

// Mex is the least non-negative integer not in vals.
func Mex(vals []int) int {
	var small uint64
	var seen map[int]bool
	for _, v := range vals {
		if v < 64 {
			small |= 1 << v
			continue
		}
		if seen == nil {
			seen = make(map[int]bool)
		}
		seen[v] = true
	}
	for m := 0; ; m++ {
		if m < 64 {
			if small&(1<<m) == 0 {
				return m
			}
		} else if !seen[m] {
			return m
		}
	}
}

// RemotenessStep is Smith's recursion for one position from the
// remotenesses of its followers (at least one): 1 + the least even one if
// some follower's is even (a win, taken as fast as possible), else 1 + the
// largest (a loss, resisted as long as possible).
type RemotenessStep struct {
	minEven, maxOdd int
	any             bool
}

// Add records a follower's remoteness.
func (s *RemotenessStep) Add(r int) {
	if !s.any {
		s.minEven, s.maxOdd, s.any = -1, -1, true
	}
	if r%2 == 0 {
		if s.minEven < 0 || r < s.minEven {
			s.minEven = r
		}
	} else if r > s.maxOdd {
		s.maxOdd = r
	}
}

// Result is the remoteness of the position, or terminal if no follower was
// added.
func (s *RemotenessStep) Result(terminal int) int {
	switch {
	case !s.any:
		return terminal
	case s.minEven >= 0:
		return s.minEven + 1
	default:
		return s.maxOdd + 1
	}
}
