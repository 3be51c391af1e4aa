package presburger

import (
	"errors"
	"math"
)

// A linear form Σ coef·var + c, its terms in increasing variable order
// with no zero coefficient.
type linear struct {
	terms []term
	c     int64
}

type term struct {
	v int
	a int64
}

// errOverflow: a coefficient or constant left 64 bits; the problem is
// then undecided rather than mis-decided.
var errOverflow = errors.New("a coefficient past 64 bits")

func addChecked(a, b int64) (int64, error) {
	s := a + b
	if (b > 0 && s < a) || (b < 0 && s > a) {
		return 0, errOverflow
	}
	return s, nil
}

func mulChecked(a, b int64) (int64, error) {
	if a == 0 || b == 0 {
		return 0, nil
	}
	p := a * b
	if p/b != a || (a == -1 && b == math.MinInt64) || (b == -1 && a == math.MinInt64) {
		return 0, errOverflow
	}
	return p, nil
}

func constLin(c int64) linear { return linear{c: c} }
func varLin(v int) linear     { return linear{terms: []term{{v, 1}}} }

// plus is l + k·m.
func (l linear) plus(k int64, m linear) (linear, error) {
	out := linear{}
	mc, err := mulChecked(k, m.c)
	if err != nil {
		return out, err
	}
	if out.c, err = addChecked(l.c, mc); err != nil {
		return out, err
	}
	i, j := 0, 0
	for i < len(l.terms) || j < len(m.terms) {
		switch {
		case j == len(m.terms) || (i < len(l.terms) && l.terms[i].v < m.terms[j].v):
			out.terms = append(out.terms, l.terms[i])
			i++
		case i == len(l.terms) || m.terms[j].v < l.terms[i].v:
			a, err := mulChecked(k, m.terms[j].a)
			if err != nil {
				return out, err
			}
			if a != 0 {
				out.terms = append(out.terms, term{m.terms[j].v, a})
			}
			j++
		default:
			a, err := mulChecked(k, m.terms[j].a)
			if err != nil {
				return out, err
			}
			if a, err = addChecked(l.terms[i].a, a); err != nil {
				return out, err
			}
			if a != 0 {
				out.terms = append(out.terms, term{l.terms[i].v, a})
			}
			i++
			j++
		}
	}
	return out, nil
}

func (l linear) scale(k int64) (linear, error) { return linear{}.plus(k, l) }

// atomKind is the relation of a linear form to 0.
type atomKind int

const (
	atomLe   atomKind = iota // Σ + c ≤ 0
	atomEq                   // Σ + c = 0
	atomCong                 // Σ + c ≡ 0 (mod m)
)

// atom builds the automaton of l ⋈ 0. Its state after whole rounds is
// the value v of Σ a_i x_i read so far; a round maps v to 2v + Σ a_i b_i
// (the first, sign round to −Σ a_i s_i). Past |c| + Σ|a_i| the sign of
// the final value is fixed, so v is bounded (a sink beyond).
func atom(kind atomKind, l linear, m int64, bg *Budget) (*automaton, error) {
	if kind == atomCong && m <= 0 {
		return nil, errors.New("congruence modulo a non-positive number")
	}
	if len(l.terms) == 0 {
		switch kind {
		case atomLe:
			return constant(l.c <= 0), nil
		case atomEq:
			return constant(l.c == 0), nil
		}
		return constant(((l.c%m)+m)%m == 0), nil
	}
	vars := make([]int, len(l.terms))
	coef := make([]int64, len(l.terms))
	var sum int64
	var err error
	for i, t := range l.terms {
		vars[i], coef[i] = t.v, t.a
		if t.a == math.MinInt64 {
			return nil, errOverflow
		}
		if sum, err = addChecked(sum, abs(t.a)); err != nil {
			return nil, err
		}
	}
	if l.c == math.MinInt64 {
		return nil, errOverflow
	}
	target := -l.c
	bound, err := addChecked(abs(target), sum)
	if err != nil || bound > math.MaxInt64/4 {
		return nil, errOverflow
	}
	k := len(vars)
	const (
		start = iota
		sign
		ord
		end
		yes
		no
	)
	type st struct {
		l    int
		mode int
		w    int64
	}
	mod := func(w int64) int64 {
		if kind == atomCong {
			return ((w % m) + m) % m
		}
		return w
	}
	// settle makes the value after a whole round a state.
	settle := func(v int64) st {
		switch {
		case kind == atomCong:
			return st{0, end, mod(v)}
		case v > bound:
			return st{0, no, 0}
		case v < -bound && kind == atomLe:
			return st{0, yes, 0}
		case v < -bound:
			return st{0, no, 0}
		}
		return st{0, end, v}
	}
	accept := func(s st) bool {
		switch s.mode {
		case yes:
			return true
		case end:
			switch kind {
			case atomLe:
				return s.w <= target
			case atomEq:
				return s.w == target
			}
			return mod(s.w-target) == 0
		}
		return false
	}
	bd := newBuilder(vars, bg)
	index := map[st]int32{}
	var queue []st
	get := func(s st) (int32, error) {
		if q, ok := index[s]; ok {
			return q, nil
		}
		q, err := bd.add(s.l, s.l == 0 && accept(s))
		if err != nil {
			return 0, err
		}
		index[s] = q
		queue = append(queue, s)
		return q, nil
	}
	if _, err := get(st{0, start, 0}); err != nil {
		return nil, err
	}
	for len(queue) > 0 {
		s := queue[0]
		queue = queue[1:]
		q := index[s]
		for b := range int64(2) {
			var n st
			switch s.mode {
			case yes, no:
				n = st{(s.l + 1) % k, s.mode, 0}
			case start:
				n = st{1, sign, mod(-coef[0] * b)}
			case end:
				n = st{1, ord, mod(2*s.w + coef[0]*b)}
			case sign:
				n = st{s.l + 1, sign, mod(s.w - coef[s.l]*b)}
			case ord:
				n = st{s.l + 1, ord, mod(s.w + coef[s.l]*b)}
			}
			if n.l == k {
				n = settle(n.w)
			}
			r, err := get(n)
			if err != nil {
				return nil, err
			}
			bd.a.next[2*q+int32(b)] = r
		}
	}
	return bd.a.minimize(bg)
}

func abs(a int64) int64 {
	if a < 0 {
		return -a
	}
	return a
}
