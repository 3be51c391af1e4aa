package octal

import "fmt"

// A Trust says where a periodicity comes from.
type Trust string

const (
	// Proved: the periodicity theorem turns the checked values into a
	// proof for every n ≥ PrePeriod.
	Proved Trust = "proved"
	// Computed: the values repeat with the period from PrePeriod to the
	// last value computed, and no theorem extends it.
	Computed Trust = "computed"
)

// A Periodicity is an eventual period of a sequence: G(n+Period) = G(n)
// for every n ≥ PrePeriod (proved) or every n computed (computed).
type Periodicity struct {
	Period    int
	PrePeriod int
	// LastException is the last n whose value differs from the periodic
	// pattern (PrePeriod-1; -1 when purely periodic).
	LastException int
	Trust         Trust
	// Theorem names what proves it, and CheckedTo is the largest n whose
	// value the proof compared (the theorem's range) or, computed, the last
	// value computed.
	Theorem   string `json:",omitempty"`
	CheckedTo int
	// Why a computed period is not proved.
	Why string `json:",omitempty"`
}

func (p Periodicity) String() string {
	s := fmt.Sprintf("period %d from n = %d (last exception n = %d)", p.Period, p.PrePeriod, p.LastException)
	if p.Trust == Proved {
		return s + fmt.Sprintf(", proved by %s, checked to n = %d", p.Theorem, p.CheckedTo)
	}
	return s + fmt.Sprintf(", computed to n = %d, not proved: %s", p.CheckedTo, p.Why)
}

// theoremParts is h of the periodicity theorem's range for g, 0 where no
// such theorem is known to apply.
func theoremParts(g Game) (h int, why string) {
	switch {
	case !g.Finite():
		return 0, "the game removes unboundedly many tokens, so the periodicity theorem does not apply"
	case g.Unequal:
		return 0, "splits must be unequal, which the periodicity theorem's shift of one heap does not preserve"
	}
	return max(2, g.MaxParts()), ""
}

// The periodicity theorem (Guy & Smith 1956; Winning Ways ch. 4, "The
// Periodicity Theorem"): for an octal game whose code has last nonzero
// digit t (so a move removes at most t tokens), if G(n+p) = G(n) for all
// n with n0 ≤ n < 2n0 + p + t, then G(n+p) = G(n) for all n ≥ n0.
// Its proof, by induction on n ≥ 2n0+p+t: a move from n+p leaves heaps
// summing to n+p-k ≥ 2n0+2p, so the larger of two is at least n0+p and
// shifting it down by p (inductively, same value) gives an option of n of
// equal value; a move from n leaves a part of at least n0, which shifting
// up by p matches. With up to h heaps the same argument needs the larger
// part ≥ n0+p of (n+p-k)/h, so the range is n0 ≤ n < h·n0 + (h-1)p + t;
// h = 3 covers the hexadecimal games. A theorem is only as good as its
// hypotheses: it is applied only to finite codes without the unequal
// restriction.
const theoremName = "the periodicity theorem (Guy & Smith 1956; Winning Ways ch. 4)"

// Period finds the least period p ≤ maxPeriod (0: len(G)/3) that the
// periodicity theorem proves from G, with its least pre-period. When none
// is proved it reports the least period p whose repetition covers at least
// three periods of the computed values, as Computed; ok is false when
// there is neither, and Why then says why.
func Period(g Game, G []uint32, maxPeriod int) (per Periodicity, ok bool) {
	N := len(G)
	if maxPeriod <= 0 {
		maxPeriod = N / 3
	}
	h, why := theoremParts(g)
	t := g.MaxRemove()
	var seen *Periodicity
	for p := 1; p <= maxPeriod && p < N; p++ {
		n := N - 1 - p
		for n >= 0 && G[n+p] == G[n] {
			n--
		}
		n0 := n + 1
		if h > 0 {
			// The hypothesis compares G(n) with G(n+p) for n0 ≤ n < end.
			end := h*n0 + (h-1)*p + t
			if end+p-1 <= N-1 {
				return Periodicity{Period: p, PrePeriod: n0, LastException: n0 - 1, Trust: Proved,
					Theorem: theoremName, CheckedTo: end + p - 1}, true
			}
		}
		if seen == nil && N-n0 >= 3*p {
			w := why
			if w == "" {
				w = fmt.Sprintf("the theorem needs values to n = %d", h*n0+h*p+t-1)
			}
			seen = &Periodicity{Period: p, PrePeriod: n0, LastException: n0 - 1, Trust: Computed, CheckedTo: N - 1, Why: w}
			if h == 0 {
				break
			}
		}
	}
	if seen != nil {
		return *seen, true
	}
	if why == "" {
		why = "no period repeats three times in the values computed"
	}
	return Periodicity{LastException: -1, CheckedTo: N - 1, Why: why}, false
}

// Value is G of a position of several heaps: the nim-sum of its heaps'
// values (Sprague–Grundy). It reports false when a heap is beyond G.
func Value(G []uint32, heaps []int) (uint32, bool) {
	var v uint32
	for _, h := range heaps {
		if h < 0 || h >= len(G) {
			return 0, false
		}
		v ^= G[h]
	}
	return v, true
}
