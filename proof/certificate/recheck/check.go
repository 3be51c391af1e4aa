package recheck

import (
	"context"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// A comp is one conjunct of a search: a deterministic automaton read
// letter by letter over the search's tracks, its states as strings.
type comp interface {
	start() string
	step(s string, ds []int) string
	accept(s string) bool
	dead(s string) bool // no word from s is accepted (never for a complement)
}

// encoded holds the strings of small states, so stepping allocates none.
var encoded = func() []string {
	out := make([]string, 1<<12)
	for i := range out {
		var b [4]byte
		binary.LittleEndian.PutUint32(b[:], uint32(int32(i-1)))
		out[i] = string(b[:])
	}
	return out
}()

func enc(q int32) string {
	if q >= -1 && int(q) < len(encoded)-1 {
		return encoded[q+1]
	}
	var b [4]byte
	binary.LittleEndian.PutUint32(b[:], uint32(q))
	return string(b[:])
}

func dec(s string) int32 { return int32(binary.LittleEndian.Uint32([]byte(s))) }

// dfaComp reads automaton a's track i on the search's track tracks[i].
type dfaComp struct {
	a      *Automaton
	tracks []int
	buf    []int
}

func (c *dfaComp) start() string { return enc(0) }
func (c *dfaComp) step(s string, ds []int) string {
	q := dec(s)
	if q < 0 {
		return s
	}
	if c.buf == nil {
		c.buf = make([]int, len(c.tracks))
	}
	for i, t := range c.tracks {
		c.buf[i] = ds[t]
	}
	return enc(c.a.Next[q][letter(c.a.Radix, c.buf)])
}
func (c *dfaComp) accept(s string) bool { q := dec(s); return q >= 0 && c.a.Accept[q] }
func (c *dfaComp) dead(s string) bool   { return dec(s) < 0 }

// validComp: track t is a valid (greedy) representation.
type validComp struct {
	sys system
	t   int
}

func (c validComp) start() string                  { return enc(0) }
func (c validComp) step(s string, ds []int) string { return enc(c.sys.validStep(dec(s), ds[c.t])) }
func (c validComp) accept(s string) bool           { return dec(s) >= 0 }
func (c validComp) dead(s string) bool             { return dec(s) < 0 }

// cmpComp compares tracks a and b digit by digit, most significant
// first (the order of greedy representations): state 0 equal so far, 1
// a below b, 2 a above b. want lists the accepted outcomes.
type cmpComp struct {
	a, b int
	want []int32
}

func (c cmpComp) start() string { return enc(0) }
func (c cmpComp) step(s string, ds []int) string {
	q := dec(s)
	if q == 0 && ds[c.a] < ds[c.b] {
		q = 1
	} else if q == 0 && ds[c.a] > ds[c.b] {
		q = 2
	}
	return enc(q)
}
func (c cmpComp) accept(s string) bool { return slices.Contains(c.want, dec(s)) }
func (c cmpComp) dead(s string) bool   { q := dec(s); return q != 0 && !slices.Contains(c.want, q) }

// oneComp: track t is the number 1 (the word 0…01 in every system here).
type oneComp struct{ t int }

func (c oneComp) start() string { return enc(0) }
func (c oneComp) step(s string, ds []int) string {
	switch q := dec(s); {
	case q == 0 && ds[c.t] == 0:
		return enc(0)
	case q == 0 && ds[c.t] == 1:
		return enc(1)
	}
	return enc(-1)
}
func (c oneComp) accept(s string) bool { return dec(s) == 1 }
func (c oneComp) dead(s string) bool   { return dec(s) < 0 }

// notComp is the complement of a deterministic comp.
type notComp struct{ c comp }

func (n notComp) start() string                  { return n.c.start() }
func (n notComp) step(s string, ds []int) string { return n.c.step(s, ds) }
func (n notComp) accept(s string) bool           { return !n.c.accept(s) }
func (n notComp) dead(string) bool               { return false }

func allLetters(tracks, radix int) [][]int {
	out := [][]int{{}}
	for range tracks {
		var next [][]int
		for _, p := range out {
			for d := range radix {
				next = append(next, append(slices.Clone(p), d))
			}
		}
		out = next
	}
	return out
}

// search looks for a word, over tracks of radix digits, that every comp
// accepts (breadth first: a shortest one); it returns the word's digits
// per track.
func search(comps []comp, tracks, radix int, b *budget) ([][]int, bool, error) {
	// A node is its tuple of states as one key (tupleKey4: seen's key
	// and the node share its bytes; the states are read back from it),
	// the node it was reached from and the letter read.
	type node struct {
		key    string
		parent int32
		letter int32
	}
	letters := allLetters(tracks, radix)
	startStates := make([]string, len(comps))
	for i, c := range comps {
		startStates[i] = c.start()
	}
	k0 := tupleKey4(startStates)
	nodes := []node{{key: k0, parent: -1}}
	seen := map[string]struct{}{k0: {}}
	// A node costs its key, its struct (twice: the slice grows by
	// doubling) and seen's entry (a string header and the map's share of
	// a bucket); what the search took is given back when it ends.
	var took uint64
	defer func() { b.give(took) }()
	// A comp that grows tables of its own (an ∃) may meet the budget in a
	// step; the search stops there.
	var growing []interface{ failed() error }
	for _, c := range comps {
		if n, ok := c.(notComp); ok {
			c = n.c
		}
		if g, ok := c.(interface{ failed() error }); ok {
			growing = append(growing, g)
		}
	}
	states := make([]string, len(comps))
	next := make([]string, len(comps))
	var kb []byte
	for i := 0; i < len(nodes); i++ {
		for _, g := range growing {
			if err := g.failed(); err != nil {
				return nil, false, err
			}
		}
		untuple(nodes[i].key, states)
		all := true
		for j, c := range comps {
			all = all && c.accept(states[j])
		}
		if all {
			var word [][]int
			for k := i; k > 0; k = int(nodes[k].parent) {
				word = append(word, letters[nodes[k].letter])
			}
			slices.Reverse(word)
			out := make([][]int, tracks)
			for _, ds := range word {
				for t := range tracks {
					out[t] = append(out[t], ds[t])
				}
			}
			return out, true, nil
		}
		for li, ds := range letters {
			alive := true
			for j, c := range comps {
				next[j] = c.step(states[j], ds)
				if c.dead(next[j]) {
					alive = false
					break
				}
			}
			if !alive {
				continue
			}
			kb = appendTuple(kb[:0], next)
			if _, ok := seen[string(kb)]; ok { // no allocation for a lookup
				continue
			}
			k := string(kb)
			cost := uint64(len(k)) + 2*24 + 56
			if err := b.take(cost, "the search"); err != nil {
				return nil, false, err
			}
			took += cost
			seen[k] = struct{}{}
			nodes = append(nodes, node{key: k, parent: int32(i), letter: int32(li)})
		}
	}
	return nil, false, nil
}

// tupleKey4 is a tuple of states as one string: each state's length and
// bytes.
func tupleKey4(ss []string) string { return string(appendTuple(nil, ss)) }

// appendTuple appends the tupleKey4 of ss to b.
func appendTuple(b []byte, ss []string) []byte {
	for _, s := range ss {
		b = binary.LittleEndian.AppendUint32(b, uint32(len(s)))
		b = append(b, s...)
	}
	return b
}

// untuple reads a tupleKey4 back into ss, each state a substring of k.
func untuple(k string, ss []string) {
	for i := range ss {
		n := int(binary.LittleEndian.Uint32([]byte(k[:4])))
		ss[i], k = k[4:4+n], k[4+n:]
	}
}

// A Manifest describes a certificate (certificate.json).
type Manifest struct {
	ID        string `json:"id"`
	Game      string `json:"game"`
	Piles     int    `json:"piles"`
	Quantity  string `json:"quantity"` // P, Pm, G or Gm
	Statement string `json:"statement"`
	System    string `json:"system"` // msd_2, msd_fib, msd_uA_B
	Set       string `json:"set"`    // the set's (or value relation's) automaton file
	Move      string `json:"move"`   // the move relation's
	// Canonical is the ledger's hash of the set automaton
	// (theory/automatic.json), for the reader who checks which record
	// this is.
	Canonical string   `json:"canonical"`
	Walnut    string   `json:"walnut"`              // the Walnut command file
	Unchecked []string `json:"unchecked,omitempty"` // obligations of the record this certificate does not carry
}

// A Verdict is one condition re-checked.
type Verdict struct {
	Name string
	OK   bool
	// Witness is a position (and follower or value) violating it.
	Witness string
}

// Recheck re-verifies the certificate in dir within the default memory
// bound.
func Recheck(dir string) ([]Verdict, error) { return Options{}.Recheck(dir) }

// Recheck re-verifies the certificate in dir within o's bound; past it,
// the error is a *TooBigError.
func (o Options) Recheck(dir string) ([]Verdict, error) {
	return o.RecheckContext(context.Background(), dir)
}

// RecheckContext is Recheck stopped, with ctx's error, when ctx is done:
// a re-check of a large certificate runs for minutes.
func (o Options) RecheckContext(ctx context.Context, dir string) ([]Verdict, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	raw, err := os.ReadFile(filepath.Join(dir, "certificate.json"))
	if err != nil {
		return nil, err
	}
	var m Manifest
	if err := json.Unmarshal(raw, &m); err != nil {
		return nil, fmt.Errorf("certificate.json: %w", err)
	}
	sys, err := parseSystem(m.System)
	if err != nil {
		return nil, err
	}
	if m.Piles < 1 || m.Piles > 8 {
		return nil, fmt.Errorf("certificate.json: %d piles", m.Piles)
	}
	digits := func(name string) (int, error) {
		if name != m.System {
			return 0, fmt.Errorf("a track in %s, the certificate's system is %s", name, m.System)
		}
		return sys.digits(), nil
	}
	read := func(name string) (*Automaton, error) {
		f, err := os.Open(filepath.Join(dir, filepath.FromSlash(name)))
		if err != nil {
			return nil, err
		}
		defer f.Close()
		a, err := ReadWalnut(f, digits)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		return a, nil
	}
	if strings.HasPrefix(m.System, "msd_u") {
		base := filepath.Join("Custom Bases", m.System+".txt")
		f, err := os.Open(filepath.Join(dir, base))
		if err != nil {
			return nil, err
		}
		valid, err := ReadWalnut(f, func(s string) (int, error) { return 0, fmt.Errorf("unexpected system %s", s) })
		f.Close()
		if err != nil {
			return nil, fmt.Errorf("%s: %w", base, err)
		}
		if err := sameAsValid(valid, sys); err != nil {
			return nil, fmt.Errorf("%s: %w", base, err)
		}
	}
	set, err := read(m.Set)
	if err != nil {
		return nil, err
	}
	move, err := read(m.Move)
	if err != nil {
		return nil, err
	}
	n := m.Piles
	value := m.Quantity == "G" || m.Quantity == "Gm"
	setTracks := n
	if value {
		setTracks = n + 1
	}
	if len(set.Radix) != setTracks || len(move.Radix) != 2*n {
		return nil, fmt.Errorf("the set has %d tracks and the moves %d, want %d and %d", len(set.Radix), len(move.Radix), setTracks, 2*n)
	}
	for _, a := range []*Automaton{set, move} {
		if err := zeroClosed(a); err != nil {
			return nil, err
		}
	}
	misere := m.Quantity == "Pm" || m.Quantity == "Gm"
	b := o.budget()
	b.ctx = ctx
	var obs []obligation
	switch m.Quantity {
	case "P", "Pm":
		obs, err = setObligations(sys, set, move, n, misere, b)
	case "G", "Gm":
		obs, err = valueObligations(sys, set, move, n, misere, b)
	default:
		return nil, fmt.Errorf("certificate.json: quantity %q", m.Quantity)
	}
	if err != nil {
		return nil, err
	}
	var out []Verdict
	for _, ob := range obs {
		w, found, err := search(ob.comps, ob.tracks, sys.digits(), b)
		if err != nil {
			return out, fmt.Errorf("%s: %w", ob.name, err)
		}
		v := Verdict{Name: ob.name, OK: !found}
		if found {
			var parts []string
			for i, ds := range w {
				parts = append(parts, fmt.Sprintf("%s=%s", ob.names[i], sys.value(ds)))
			}
			v.Witness = strings.Join(parts, " ")
		}
		out = append(out, v)
	}
	return out, nil
}

type obligation struct {
	name   string
	comps  []comp
	tracks int
	names  []string
}

func span(from, n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = from + i
	}
	return out
}

func valid(sys system, tracks []int) []comp {
	var out []comp
	for _, t := range tracks {
		out = append(out, validComp{sys, t})
	}
	return out
}

func names(prefix string, n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = fmt.Sprintf("%s%d", prefix, i+1)
	}
	return out
}

// existsFirstErr builds the ∃ of the obligations, keeping the first
// error: an ∃ that could not be built stands as the empty language, and
// the error refuses the certificate.
type existsFirstErr struct {
	b     *budget
	first error
}

func (e *existsFirstErr) exists(inner []comp, outer, extra, radix int) comp {
	c, err := exists(inner, outer, extra, radix, e.b)
	if err != nil {
		if e.first == nil {
			e.first = err
		}
		return notComp{oneComp{0}}
	}
	return c
}

// setObligations: tracks x = 0..n−1, y = n..2n−1.
func setObligations(sys system, set, move *Automaton, n int, misere bool, b *budget) ([]obligation, error) {
	ex := existsFirstErr{b: b}
	newExists := ex.exists
	x, y := span(0, n), span(n, n)
	in := func(tr []int) comp { return &dfaComp{a: set, tracks: tr} }
	mv := func() comp { return &dfaComp{a: move, tracks: append(slices.Clone(x), y...)} }
	into := func() comp {
		return newExists(append(valid(sys, y), mv(), in(y)), n, n, sys.digits())
	}
	hasMove := func() comp { return newExists(append(valid(sys, y), mv()), n, n, sys.digits()) }
	xy := append(names("x", n), names("y", n)...)
	obs := []obligation{
		{"stability", append(valid(sys, span(0, 2*n)), in(x), mv(), in(y)), 2 * n, xy},
	}
	absorb := append(valid(sys, x), notComp{in(x)}, notComp{into()})
	if misere {
		absorb = append(absorb, hasMove())
	}
	obs = append(obs, obligation{"absorption", absorb, n, names("x", n)})
	if misere {
		obs = append(obs, obligation{"terminal", append(valid(sys, x), in(x), notComp{hasMove()}), n, names("x", n)})
	}
	return obs, ex.first
}

// valueObligations: V reads (x, g). Tracks of each search are listed
// with it.
func valueObligations(sys system, val, move *Automaton, n int, misere bool, b *budget) ([]obligation, error) {
	ex := existsFirstErr{b: b}
	newExists := ex.exists
	d := sys.digits()
	vOf := func(pos []int, g int) comp { return &dfaComp{a: val, tracks: append(slices.Clone(pos), g)} }
	x := span(0, n)
	var obs []obligation
	// total: tracks x; ∃g V(x, g).
	obs = append(obs, obligation{"total", append(valid(sys, x),
		notComp{newExists([]comp{validComp{sys, n}, vOf(x, n)}, n, 1, d)}), n, names("x", n)})
	// function: tracks x, g, h.
	obs = append(obs, obligation{"function", append(valid(sys, span(0, n+2)), vOf(x, n), vOf(x, n+1),
		cmpComp{n, n + 1, []int32{1, 2}}), n + 2, append(names("x", n), "g", "h")})
	// stability: tracks x, y, g.
	y := span(n, n)
	mv := func(from, to []int) comp { return &dfaComp{a: move, tracks: append(slices.Clone(from), to...)} }
	obs = append(obs, obligation{"no move keeps the value", append(valid(sys, span(0, 2*n+1)), mv(x, y),
		vOf(x, 2*n), vOf(y, 2*n)), 2*n + 1, append(append(names("x", n), names("y", n)...), "g")})
	// mex: tracks x, g = n, v = n+1; ∃y at n+2…: M(x, y) ∧ V(y, v).
	ys := span(n+2, n)
	reach := newExists(append(valid(sys, ys), mv(x, ys), vOf(ys, n+1)), n+2, n, d)
	hasMove := func(outer int) comp {
		return newExists(append(valid(sys, span(outer, n)), mv(x, span(outer, n))), outer, n, d)
	}
	mex := append(valid(sys, span(0, n+2)), vOf(x, n), cmpComp{n + 1, n, []int32{1}}, notComp{reach})
	if misere {
		mex = append(mex, hasMove(n+2))
	}
	obs = append(obs, obligation{"every smaller value is reached", mex, n + 2, append(names("x", n), "g", "v")})
	if misere {
		obs = append(obs, obligation{"terminal positions have value 1", append(valid(sys, span(0, n+1)), vOf(x, n),
			notComp{hasMove(n + 1)}, notComp{oneComp{n}}), n + 1, append(names("x", n), "g")})
	}
	return obs, ex.first
}

// zeroClosed checks that a accepts a word iff it accepts it with a
// leading zero letter: the initial state and its zero successor have the
// same future.
func zeroClosed(a *Automaton) error {
	zero := make([]int, len(a.Radix))
	z := a.Next[0][letter(a.Radix, zero)]
	if z < 0 {
		if !equivalentDead(a, 0) {
			return fmt.Errorf("a leading zero changes the language: no zero transition from the initial state")
		}
		return nil
	}
	type pair struct{ p, q int32 }
	seen := map[pair]bool{{0, z}: true}
	queue := []pair{{0, z}}
	L := a.letters()
	acc := func(q int32) bool { return q >= 0 && a.Accept[q] }
	for len(queue) > 0 {
		pq := queue[0]
		queue = queue[1:]
		if acc(pq.p) != acc(pq.q) {
			return fmt.Errorf("a leading zero changes the language of the automaton")
		}
		for l := range L {
			np, nq := int32(-1), int32(-1)
			if pq.p >= 0 {
				np = a.Next[pq.p][l]
			}
			if pq.q >= 0 {
				nq = a.Next[pq.q][l]
			}
			if !seen[pair{np, nq}] {
				seen[pair{np, nq}] = true
				queue = append(queue, pair{np, nq})
			}
		}
	}
	return nil
}

// equivalentDead: no word is accepted from q.
func equivalentDead(a *Automaton, q int32) bool {
	seen := map[int32]bool{q: true}
	queue := []int32{q}
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		if a.Accept[p] {
			return false
		}
		for _, r := range a.Next[p] {
			if r >= 0 && !seen[r] {
				seen[r] = true
				queue = append(queue, r)
			}
		}
	}
	return true
}

// sameAsValid checks that a one-track automaton accepts exactly the valid
// words of sys.
func sameAsValid(a *Automaton, sys system) error {
	if len(a.Radix) != 1 || a.Radix[0] != sys.digits() {
		return fmt.Errorf("want one track of %d digits", sys.digits())
	}
	type pair struct{ p, q int32 }
	seen := map[pair]bool{{0, 0}: true}
	queue := []pair{{0, 0}}
	for len(queue) > 0 {
		pq := queue[0]
		queue = queue[1:]
		if (pq.p >= 0 && a.Accept[pq.p]) != (pq.q >= 0) {
			return fmt.Errorf("does not accept exactly the greedy representations of %s", sys.name)
		}
		for d := range sys.digits() {
			np := int32(-1)
			if pq.p >= 0 {
				np = a.Next[pq.p][d]
			}
			nq := sys.validStep(pq.q, d)
			if !seen[pair{np, nq}] {
				seen[pair{np, nq}] = true
				queue = append(queue, pair{np, nq})
			}
		}
	}
	return nil
}
