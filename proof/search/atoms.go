package search

import (
	"fmt"
	"strings"

	"github.com/grundy/grundy/formula"
)

// An atom is one statement about a linear form L = Σ coef[i]·x[i]:
// L ≡ r (mod m), L > r or L = r.
type atom struct {
	coef []int
	kind byte // kindMod, kindGt or kindEq
	m, r int
	// family orders atoms of equal merit: simpler families first.
	family int
}

const (
	kindMod byte = 'm'
	kindGt  byte = 'g'
	kindEq  byte = 'e'
)

func (a *atom) linear(p []int) int {
	s := 0
	for i, c := range a.coef {
		if c != 0 {
			s += c * p[i]
		}
	}
	return s
}

// holds evaluates the atom at a position of machine integers.
func (a *atom) holds(p []int) bool { return a.test(a.linear(p)) }

// test evaluates the atom where its linear form is l.
func (a *atom) test(l int) bool {
	switch a.kind {
	case kindMod:
		v := l % a.m
		if v < 0 {
			v += a.m
		}
		return v == a.r
	case kindGt:
		return l > a.r
	}
	return l == a.r
}

func (a *atom) term() *formula.Expr {
	var ts []*formula.Expr
	for i, c := range a.coef {
		switch {
		case c == 0:
		case c == 1:
			ts = append(ts, formula.X(i))
		default:
			ts = append(ts, formula.Mul(int64(c), formula.X(i)))
		}
	}
	if len(ts) == 1 {
		return ts[0]
	}
	return formula.Add(ts...)
}

// expr is the atom as a formula.
func (a *atom) expr() *formula.Expr {
	l := a.term()
	switch a.kind {
	case kindMod:
		return formula.Eq(formula.Mod(l, int64(a.m)), formula.C(int64(a.r)))
	case kindGt:
		return formula.Gt(l, formula.C(int64(a.r)))
	}
	return formula.Eq(l, formula.C(int64(a.r)))
}

// linearText writes L with piles x1, x2, … ("x2 − x1", "2x2 − 5x1");
// tex selects LaTeX.
func (a *atom) linearText(tex bool) string {
	var b strings.Builder
	first := true
	// Positive terms first reads better: x2 − x1 rather than −x1 + x2.
	for pass := 0; pass < 2; pass++ {
		for i, c := range a.coef {
			if c == 0 || (pass == 0) != (c > 0) {
				continue
			}
			v := fmt.Sprintf("x%d", i+1)
			if tex {
				v = fmt.Sprintf("x_{%d}", i+1)
			}
			abs := c
			if c < 0 {
				abs = -c
			}
			switch {
			case first && c < 0:
				b.WriteString("−")
			case !first && c < 0:
				b.WriteString(" − ")
			case !first:
				b.WriteString(" + ")
			}
			if abs != 1 {
				fmt.Fprintf(&b, "%d", abs)
			}
			b.WriteString(v)
			first = false
		}
	}
	s := b.String()
	if tex {
		s = strings.ReplaceAll(s, "−", "-")
	}
	return s
}

// num writes a constant, with a true minus sign outside LaTeX.
func num(v int, tex bool) string {
	if v < 0 && !tex {
		return fmt.Sprintf("−%d", -v)
	}
	return fmt.Sprint(v)
}

// text is the atom in readable mathematics; tex selects LaTeX.
func (a *atom) text(tex bool) string {
	l := a.linearText(tex)
	switch a.kind {
	case kindMod:
		if a.m == 2 {
			word := map[int]string{0: "even", 1: "odd"}[a.r]
			if tex {
				return fmt.Sprintf("%s \\text{ %s}", l, word)
			}
			return l + " " + word
		}
		if tex {
			return fmt.Sprintf("%s \\equiv %d \\pmod{%d}", l, a.r, a.m)
		}
		return fmt.Sprintf("%s ≡ %d (mod %d)", l, a.r, a.m)
	case kindGt:
		return fmt.Sprintf("%s > %s", l, num(a.r, tex))
	}
	return fmt.Sprintf("%s = %s", l, num(a.r, tex))
}

// families builds the candidate atoms for n piles (see the package
// documentation). The line atoms of two-pile games come from the data, in
// lineAtoms.
func families(n, maxMod int) []*atom {
	var out []*atom
	unit := func(idx ...int) []int {
		c := make([]int, n)
		for k, i := range idx {
			if k%2 == 0 {
				c[i]++
			} else {
				c[i]--
			}
		}
		return c
	}
	// Family 0: parities of sums of piles.
	for s := 1; s < 1<<n; s++ {
		size := 0
		c := make([]int, n)
		for i := range n {
			if s>>i&1 == 1 {
				c[i] = 1
				size++
			}
		}
		if n > 7 && size > 3 {
			continue
		}
		out = append(out, &atom{coef: c, kind: kindMod, m: 2, r: 0, family: 0})
	}
	// Family 1: small values and coincidences.
	for i := range n {
		for c := 0; c <= 3; c++ {
			out = append(out, &atom{coef: unit(i), kind: kindEq, r: c, family: 1})
		}
		for j := i + 1; j < n; j++ {
			for c := 0; c <= 2; c++ {
				out = append(out, &atom{coef: unit(j, i), kind: kindEq, r: c, family: 1})
			}
		}
	}
	// Family 2: residues.
	total := make([]int, n)
	for i := range total {
		total[i] = 1
	}
	for m := 3; m <= maxMod; m++ {
		var forms [][]int
		forms = append(forms, total)
		for i := range n {
			forms = append(forms, unit(i))
			for j := i + 1; j < n; j++ {
				forms = append(forms, unit(j, i))
			}
		}
		for _, f := range forms {
			for r := range m {
				out = append(out, &atom{coef: f, kind: kindMod, m: m, r: r, family: 2})
			}
		}
	}
	// Family 3: signs of forms with coefficients in {−1, 0, 1}.
	if n >= 2 {
		c := make([]int, n)
		var rec func(i, nonzero int)
		rec = func(i, nonzero int) {
			if i == n {
				if nonzero >= 2 && (n <= 6 || nonzero <= 4) {
					cc := append([]int(nil), c...)
					out = append(out, &atom{coef: cc, kind: kindGt, r: 0, family: 3})
					if firstNonzero(cc) > 0 {
						out = append(out, &atom{coef: cc, kind: kindEq, r: 0, family: 3})
					}
				}
				return
			}
			for _, v := range []int{0, 1, -1} {
				c[i] = v
				nz := nonzero
				if v != 0 {
					nz++
				}
				rec(i+1, nz)
			}
			c[i] = 0
		}
		rec(0, 0)
	}
	return out
}

func firstNonzero(c []int) int {
	for _, v := range c {
		if v != 0 {
			return v
		}
	}
	return 0
}

// lineAtoms finds, for two piles, the lines p·x2 − q·x1 = c (and with the
// piles exchanged) with 1 ≤ p ≤ 3, 1 ≤ q ≤ 12, gcd(p, q) = 1, through at
// least minPoints of the positions given — the target positions of the
// box (002's P-sets are unions of rays on such lines).
func lineAtoms(pts [][]int, minPoints int) []*atom {
	type key struct{ p, q, c, dir int }
	count := map[key]int{}
	for _, pt := range pts {
		for p := 1; p <= 3; p++ {
			for q := 1; q <= 12; q++ {
				if gcd(p, q) != 1 || (p == 1 && q == 1) {
					continue
				}
				count[key{p, q, p*pt[1] - q*pt[0], 0}]++
				if p != q {
					count[key{p, q, p*pt[0] - q*pt[1], 1}]++
				}
			}
		}
	}
	var out []*atom
	for k, v := range count {
		if v < minPoints {
			continue
		}
		c := []int{-k.q, k.p}
		if k.dir == 1 {
			c = []int{k.p, -k.q}
		}
		out = append(out, &atom{coef: c, kind: kindEq, r: k.c, family: 4})
	}
	return out
}

func gcd(a, b int) int {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}
