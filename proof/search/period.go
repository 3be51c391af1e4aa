package search

// A Period describes an eventually periodic sequence s: s(n + Period) =
// s(n) for every n ≥ Preperiod, as far as the data go.
type Period struct {
	Preperiod int `json:"preperiod"`
	Period    int `json:"period"`
	// Values are s(0) … s(Preperiod + Period − 1): the pre-period, then
	// one period.
	Values []int `json:"values"`
}

// At is s(n) as the period gives it.
func (p *Period) At(n int) int {
	if n >= p.Preperiod {
		n = p.Preperiod + (n-p.Preperiod)%p.Period
	}
	return p.Values[n]
}

// FindPeriod finds, among the periods p ≤ bound, the smallest that fits
// s — s(n + p) = s(n) for every a ≤ n < len(s) − p, the periodic part
// holding at least two periods and at least half the values (len(s) − a
// ≥ max(2p, len(s)/2): any sequence "ends periodically" over its last
// two values, which says nothing) — and for it the smallest pre-period
// a. It reports false when no period up to bound fits: the data are then
// not periodic, or their period or pre-period is longer than they show. Fitting says nothing beyond the
// data: a subtraction game's periodicity is proved by checking one
// period past the pre-period plus its largest move (the periodicity
// lemma), which the caller's box may or may not cover.
func FindPeriod(s []int, bound int) (Period, bool) {
	for p := 1; p <= bound && 2*p <= len(s); p++ {
		a := 0
		for n := len(s) - p - 1; n >= 0; n-- {
			if s[n] != s[n+p] {
				a = n + 1
				break
			}
		}
		if len(s)-a >= max(2*p, (len(s)+1)/2) {
			return Period{Preperiod: a, Period: p, Values: append([]int(nil), s[:a+p]...)}, true
		}
	}
	return Period{}, false
}
