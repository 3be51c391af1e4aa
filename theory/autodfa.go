package theory

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"math/big"
	"reflect"
	"strconv"
	"strings"

	"github.com/grundy/grundy"
)

// An AutoDFA is a recorded minimal automaton over tracks x0…x{n−1}, in the
// numeration system of package numeration with parameters A and B (base A
// when B = 0; else u_0 = 1, u_1 = A + 1, u_n = A·u_{n−1} + B·u_{n−2} with
// greedy representations): Next lists the transitions (state·Digits^Tracks
// + letter, a letter being Σ digit_i·Digits^i over the tracks) separated
// by spaces, Accept the accepting states as 0s and 1s, state 0 the start.
// It is read here, not with package numeration, which value queries do not
// link: reading the digits and running the automaton is all they need.
type AutoDFA struct {
	A int `json:"a"`
	B int `json:"b"`
	// C is the third coefficient, u_n = A·u_{n−1} + B·u_{n−2} +
	// C·u_{n−3}: 1 for Tribonacci (A = B = 1; u_0 = 1, u_1 = 2, u_2 = 4),
	// the only such system, else 0.
	C      int    `json:"c,omitempty"`
	Tracks int    `json:"tracks"`
	Digits int    `json:"digits"`
	Next   string `json:"next"`
	Accept string `json:"accept"`
}

// NewAutoDFA records automaton a (a *numeration.DFA) over system sys (an
// numeration.System). They are taken as any, their fields read by
// reflection, because value queries, which read records, may not link
// package numeration (engine's seam test); NewAutoDFAOf takes the fields.
// It panics when sys or a is not of those types.
func NewAutoDFA(sys, a any) *AutoDFA {
	s, d := reflect.ValueOf(sys), reflect.Indirect(reflect.ValueOf(a))
	rec := NewAutoDFAOf(int(s.FieldByName("A").Int()), int(s.FieldByName("B").Int()),
		int(d.FieldByName("Tracks").Int()), int(d.FieldByName("Digits").Int()),
		d.FieldByName("Next").Interface().([]int32), d.FieldByName("Accept").Interface().([]bool))
	if c := s.FieldByName("C"); c.IsValid() {
		rec.C = int(c.Int())
	}
	return rec
}

// NewAutoDFAOf records an automaton given as package numeration's DFA fields.
func NewAutoDFAOf(a, b, tracks, digits int, next []int32, accept []bool) *AutoDFA {
	ns := make([]string, len(next))
	for i, v := range next {
		ns[i] = strconv.Itoa(int(v))
	}
	acc := make([]byte, len(accept))
	for i, v := range accept {
		acc[i] = '0'
		if v {
			acc[i] = '1'
		}
	}
	return &AutoDFA{A: a, B: b, Tracks: tracks, Digits: digits, Next: strings.Join(ns, " "), Accept: string(acc)}
}

// Parse reads the transitions and accepting states back (as package
// automata's DFA.Next and DFA.Accept), checking their shape.
func (d *AutoDFA) Parse() (next []int32, accept []bool, err error) {
	a, err := d.parse()
	if err != nil {
		return nil, nil, err
	}
	return a.next, a.accept, nil
}

// autoDFA is an AutoDFA read.
type autoDFA struct {
	a, b, c, tracks, digits, letters int
	next                             []int32
	accept                           []bool
}

func (d *AutoDFA) parse() (*autoDFA, error) {
	digits := d.A
	if d.B > 0 {
		digits = d.A + 1
	}
	if d.A < 1 || d.B < 0 || d.B > d.A || d.B == 0 && d.A < 2 || d.Digits != digits || d.Tracks < 1 || d.Tracks > 8 ||
		d.C != 0 && (d.C != 1 || d.A != 1 || d.B != 1) {
		return nil, fmt.Errorf("automaton of %d tracks over %d digits in system (%d, %d)", d.Tracks, d.Digits, d.A, d.B)
	}
	letters := 1
	for range d.Tracks {
		letters *= digits
	}
	a := &autoDFA{a: d.A, b: d.B, c: d.C, tracks: d.Tracks, digits: digits, letters: letters, accept: make([]bool, len(d.Accept))}
	for i, c := range d.Accept {
		a.accept[i] = c == '1'
	}
	fields := strings.Fields(d.Next)
	if len(a.accept) == 0 || len(fields) != len(a.accept)*letters {
		return nil, fmt.Errorf("automaton with %d states and %d transitions", len(a.accept), len(fields))
	}
	a.next = make([]int32, len(fields))
	for i, f := range fields {
		v, err := strconv.Atoi(f)
		if err != nil || v < 0 || v >= len(a.accept) {
			return nil, fmt.Errorf("transition %d: %q is no state", i, f)
		}
		a.next[i] = int32(v)
	}
	return a, nil
}

// canonical is the SHA-256 of the automaton as package numeration's
// DFA.Canonical hashes a minimal form: equal to the record's canonical
// form exactly when this is the recorded minimal automaton.
func (a *autoDFA) canonical() string {
	h := sha256.New()
	var buf [4]byte
	for _, v := range []int{a.tracks, a.digits, len(a.accept)} {
		binary.LittleEndian.PutUint32(buf[:], uint32(v))
		h.Write(buf[:])
	}
	for _, v := range a.next {
		binary.LittleEndian.PutUint32(buf[:], uint32(v))
		h.Write(buf[:])
	}
	for _, v := range a.accept {
		if v {
			h.Write([]byte{1})
		} else {
			h.Write([]byte{0})
		}
	}
	return hex.EncodeToString(h.Sum(nil))
}

// repr is x's greedy representation, most significant digit first.
func (a *autoDFA) repr(x *big.Int) []int {
	us := []*big.Int{big.NewInt(1)}
	for us[len(us)-1].Cmp(x) <= 0 {
		i := len(us)
		v := new(big.Int).Mul(us[i-1], big.NewInt(int64(a.a)))
		switch {
		case a.b == 0:
		case i == 1:
			v = big.NewInt(int64(a.a + 1))
		case a.c > 0 && i == 2:
			v = big.NewInt(4) // Tribonacci: 2 + 1 + 1
		default:
			v.Add(v, new(big.Int).Mul(us[i-2], big.NewInt(int64(a.b))))
			if a.c > 0 {
				v.Add(v, new(big.Int).Mul(us[i-3], big.NewInt(int64(a.c))))
			}
		}
		us = append(us, v)
	}
	r := new(big.Int).Set(x)
	var ds []int
	q := new(big.Int)
	for i := len(us) - 2; i >= 0; i-- {
		q.QuoRem(r, us[i], r)
		ds = append(ds, int(q.Int64()))
	}
	return ds
}

// accepts runs the automaton on the position's piles, track i pile i.
func (a *autoDFA) accepts(p grundy.BigPosition) bool {
	reps := make([][]int, len(p))
	n := 0
	for i, x := range p {
		reps[i] = a.repr(x)
		n = max(n, len(reps[i]))
	}
	q := int32(0)
	for j := range n {
		l, place := 0, 1
		for _, r := range reps {
			if k := j - (n - len(r)); k >= 0 {
				l += r[k] * place
			}
			place *= a.digits
		}
		q = a.next[int(q)*a.letters+l]
	}
	return a.accept[q]
}
