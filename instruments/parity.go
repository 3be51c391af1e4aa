package instruments

import (
	"context"
	"fmt"
	"slices"
	"strconv"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/solve"
)

// ParityOptions choose what Parity tests.
type ParityOptions struct {
	Options
	Misere bool
	// What is "sg" (the Sprague–Grundy value, the default) or "outcome"
	// (P or N).
	What string
}

// A ParityRow is one parity vector of the box with the values seen there.
type ParityRow struct {
	Parity   string   `json:"parity"` // e.g. "e,o,o"
	Values   []string `json:"values"` // distinct values, ascending
	Count    uint64   `json:"count"`
	Smallest string   `json:"smallest"`
}

// A ParityResult says whether a value is a function of the parity vector
// in a box (000 §2: the parity vector of the sorted position), and gives
// that function, or the smallest pair of positions with one parity vector
// and different values.
type ParityResult struct {
	Game     string        `json:"game"`
	Box      Box           `json:"box"`
	Play     string        `json:"play"` // normal or misère
	What     string        `json:"what"` // sg or outcome
	Verdict  Verdict       `json:"verdict"`
	Function []ParityRow   `json:"function"`
	Method   grundy.Method `json:"method"`
}

// Parity decides whether G (or G⁻, or the outcome) depends only on the
// parity vector of the canonical position, over a solved box; 000 Props
// 10–11 are instances. Rows come in the order of their smallest position.
func Parity(ctx context.Context, t *solve.Table, opt ParityOptions) (ParityResult, error) {
	kind := grundy.KindG
	if opt.Misere {
		kind = grundy.KindGm
	}
	if err := needKinds(t, kind, "parity"); err != nil {
		return ParityResult{}, err
	}
	what := opt.What
	if what == "" {
		what = "sg"
	}
	if what != "sg" && what != "outcome" {
		return ParityResult{}, &grundy.OptionError{Func: "parity", Option: "what", Value: strconv.Quote(what), Reason: "want sg or outcome"}
	}
	value := func(v grundy.Values) string {
		g := v.G
		if opt.Misere {
			g = v.Gm
		}
		if what == "outcome" {
			if g == 0 {
				return "P"
			}
			return "N"
		}
		return strconv.Itoa(g)
	}
	box := boxOf(t)
	res := ParityResult{Game: box.Game, Box: box, Play: "normal", What: what, Method: grundy.MethodBox}
	if opt.Misere {
		res.Play = "misère"
	}
	type row struct {
		ParityRow
		rep      smallest // smallest position of the class
		repValue string
		values   map[string]bool
	}
	rows := map[string]*row{}
	var n uint64
	// Pass 1: each class's smallest position and its value.
	err := scan(ctx, t, opt.Options, func(p grundy.Position, v grundy.Values) {
		pv := parityVector(p)
		r := rows[pv]
		if r == nil {
			r = &row{ParityRow: ParityRow{Parity: pv}, values: map[string]bool{}}
			rows[pv] = r
		}
		r.Count++
		val := value(v)
		r.values[val] = true
		if r.rep.pos == nil || Less(p, r.rep.pos) {
			r.rep.pos, r.repValue = slices.Clone(p), val
		}
		n++
	})
	if err != nil {
		return ParityResult{}, err
	}
	// Pass 2: within a class the pair whose larger member comes first is
	// (smallest member, first member whose value differs from it).
	var worst smallest
	var pair []string
	err = scan(ctx, t, Options{}, func(p grundy.Position, v grundy.Values) {
		r := rows[parityVector(p)]
		if len(r.values) < 2 || value(v) == r.repValue {
			return
		}
		if worst.pos == nil || Less(p, worst.pos) {
			worst.pos = slices.Clone(p)
			worst.detail = fmt.Sprintf("%s(%s) = %s but %s(%s) = %s, both of parity vector (%s)",
				label(opt.Misere, what), r.rep.pos, r.repValue, label(opt.Misere, what), p, value(v), r.Parity)
			pair = []string{r.rep.pos.String(), p.String()}
		}
	})
	if err != nil {
		return ParityResult{}, err
	}
	property := fmt.Sprintf("%s is a function of the parity vector", label(opt.Misere, what))
	res.Verdict = worst.verdict(property, "000 Props 10–11", box, n)
	res.Verdict.WitnessPair = pair
	list := make([]*row, 0, len(rows))
	for _, r := range rows {
		list = append(list, r)
	}
	slices.SortFunc(list, func(a, b *row) int {
		if Less(a.rep.pos, b.rep.pos) {
			return -1
		}
		return 1
	})
	for _, r := range list {
		r.Smallest = r.rep.pos.String()
		for v := range r.values {
			r.Values = append(r.Values, v)
		}
		slices.SortFunc(r.Values, compareValues)
		res.Function = append(res.Function, r.ParityRow)
	}
	return res, nil
}

// compareValues orders "2" before "10", and "N" before "P".
func compareValues(a, b string) int {
	x, errA := strconv.Atoi(a)
	y, errB := strconv.Atoi(b)
	if errA == nil && errB == nil {
		return x - y
	}
	if a < b {
		return -1
	}
	if a > b {
		return 1
	}
	return 0
}

func label(misere bool, what string) string {
	switch {
	case what == "outcome" && misere:
		return "misère outcome"
	case what == "outcome":
		return "outcome"
	case misere:
		return "G⁻"
	}
	return "G"
}
