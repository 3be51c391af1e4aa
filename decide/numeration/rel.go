package numeration

import (
	"fmt"
	"math/big"
	"slices"
	"sync"
)

// A Rel is a relation over named integer variables, in one system: its
// DFA's track i reads Vars[i] (sorted), and it accepts only tuples of
// valid representations (zero-closed, minimal).
type Rel struct {
	Vars []string
	A    *DFA
	// lay is A's language as a minimal layered automaton when a layered
	// construction built A (layOf): the next one starts from it instead
	// of converting A's table back.
	lay   *layered
	layOf *DFA
}

// layered is r's automaton read track by track.
func (r Rel) layered() *layered {
	if r.lay != nil && r.layOf == r.A {
		return r.lay
	}
	return layeredOf(r.A)
}

// layeredRel is the relation of m (minimal) over vars, its dense table
// kept beside it.
func layeredRel(vars []string, m *layered) Rel {
	a := m.Dense()
	return Rel{Vars: vars, A: a, lay: m, layOf: a}
}

// A Structure builds first-order formulas over the integers with addition
// and order in one numeration system, caching its basic automata. Its
// methods panic on a programmer error (repeated variable names, mismatched
// systems) and return ErrTooBig when an automaton outgrows MaxStates.
type Structure struct {
	Sys System

	once              sync.Once
	valid             *DFA
	tracksMu          sync.Mutex
	tracks            map[int]*DFA // ValidTracks by track count
	add, less, eq     *DFA
	adderErr, lessErr error
}

// NewStructure is the structure of sys; sys must pass Check.
func NewStructure(sys System) *Structure {
	if err := sys.Check(); err != nil {
		panic("automata: " + err.Error())
	}
	return &Structure{Sys: sys}
}

func (s *Structure) init() {
	s.once.Do(func() {
		// The system's own automata are small and cached for the
		// structure's life: no budget stops them half-built.
		defer func(spent func() bool) { Spent = spent }(Spent)
		Spent = nil
		s.valid = s.Sys.Valid()
		s.add, s.adderErr = s.Sys.Adder()
		s.less, s.lessErr = s.Sys.Less()
		if s.lessErr == nil {
			s.eq, s.lessErr = s.Sys.Equals()
		}
	})
}

// validTracks is Sys.ValidTracks(k), built once per k: Not asked for it
// afresh at every negation.
func (s *Structure) validTracks(k int) (*DFA, error) {
	s.tracksMu.Lock()
	defer s.tracksMu.Unlock()
	if v, ok := s.tracks[k]; ok {
		return v, nil
	}
	v, err := s.Sys.ValidTracks(k)
	if err != nil {
		return nil, err
	}
	if s.tracks == nil {
		s.tracks = map[int]*DFA{}
	}
	s.tracks[k] = v
	return v, nil
}

// SetAdder replaces the addition automaton (mutation tests only).
func (s *Structure) SetAdder(a *DFA) {
	s.init()
	s.add = a
}

// basic names the tracks of a DFA built for vars in that order.
func (s *Structure) basic(a *DFA, vars ...string) Rel {
	if len(vars) != a.Tracks {
		panic("automata: variable count")
	}
	// Repeated variables (x + x = y): intersect with equality of tracks.
	for i := range vars {
		for j := i + 1; j < len(vars); j++ {
			if vars[i] == vars[j] {
				panic(fmt.Sprintf("automata: variable %s repeated in an atom; use a fresh one and Eq", vars[i]))
			}
		}
	}
	perm := make([]int, len(vars))
	sorted := slices.Clone(vars)
	slices.Sort(sorted)
	for i, v := range vars {
		perm[i] = slices.Index(sorted, v)
	}
	return Rel{Vars: sorted, A: a.Permute(invert(perm)).Minimize()}
}

// Permute's perm maps result track i to source track perm[i]; basic has
// the source-to-result map, so it inverts it.
func invert(p []int) []int {
	q := make([]int, len(p))
	for i, v := range p {
		q[v] = i
	}
	return q
}

// Sum is x + y = z.
func (s *Structure) Sum(x, y, z string) (Rel, error) {
	s.init()
	if s.adderErr != nil {
		return Rel{}, s.adderErr
	}
	if x == y {
		// x + x = z: a fresh copy of x equal to it.
		t := x + "'"
		r := s.basic(s.add, x, t, z)
		e := s.Eq(x, t)
		r, err := s.And(r, e)
		if err != nil {
			return Rel{}, err
		}
		return s.Exists(r, t)
	}
	return s.basic(s.add, x, y, z), nil
}

// Less is x < y.
func (s *Structure) Less(x, y string) Rel {
	s.init()
	if s.lessErr != nil {
		panic(s.lessErr)
	}
	return s.basic(s.less, x, y)
}

// Eq is x = y.
func (s *Structure) Eq(x, y string) Rel {
	s.init()
	return s.basic(s.eq, x, y)
}

// Const is x = c.
func (s *Structure) Const(x string, c int64) Rel {
	return s.basic(s.Sys.Const(big.NewInt(c)), x)
}

// True is the relation of no variables that holds.
func (s *Structure) True() Rel {
	return Rel{A: &DFA{Tracks: 0, Digits: s.Sys.Digits(), Next: []int32{0}, Accept: []bool{true}}}
}

// Of wraps a DFA over the named tracks (in that order) as a relation,
// restricting it to valid tuples.
func (s *Structure) Of(a *DFA, vars ...string) (Rel, error) {
	r, err := s.Sys.restrict(a)
	if err != nil {
		return Rel{}, err
	}
	return s.basic(r, vars...), nil
}

// extend cylindrifies r to the sorted variable list vars ⊇ r.Vars,
// keeping the new tracks valid.
func (s *Structure) extend(r Rel, vars []string) (*DFA, error) { return s.cylinder(r, vars, true) }

// cylinder is extend, with the new tracks left unconstrained when valid
// is false: a conjunction's other operand makes them valid (a Rel reads
// only valid tuples), and the validity products were half of a
// conjunction's work over five tracks.
func (s *Structure) cylinder(r Rel, vars []string, valid bool) (*DFA, error) {
	a := r.A
	for i, v := range vars {
		if !slices.Contains(r.Vars, v) {
			a = a.Cylinder(i)
		}
	}
	if len(vars) == len(r.Vars) || !valid {
		return a, nil
	}
	s.init()
	v := s.valid
	for i, name := range vars {
		if slices.Contains(r.Vars, name) {
			continue
		}
		vi := v
		for j := 0; j < i; j++ {
			vi = vi.Cylinder(0)
		}
		for j := i + 1; j < len(vars); j++ {
			vi = vi.Cylinder(j)
		}
		var err error
		if a, err = Product(a, vi, func(x, y bool) bool { return x && y }); err != nil {
			return nil, err
		}
	}
	return a, nil
}

func union(a, b []string) []string {
	out := slices.Concat(a, b)
	slices.Sort(out)
	return slices.Compact(out)
}

func (s *Structure) combine(a, b Rel, op func(x, y bool) bool, and bool) (Rel, error) {
	vars := union(a.Vars, b.Vars)
	if useLayered(s.Sys.Digits(), len(vars)) && len(a.Vars) > 0 && len(b.Vars) > 0 {
		return s.combineLayered(a, b, vars, op, and)
	}
	da, err := s.cylinder(a, vars, !and)
	if err != nil {
		return Rel{}, err
	}
	db, err := s.cylinder(b, vars, !and)
	if err != nil {
		return Rel{}, err
	}
	p, err := Product(da, db, op)
	if err != nil {
		return Rel{}, err
	}
	return Rel{Vars: vars, A: p.Minimize()}, nil
}

// And is a ∧ b.
func (s *Structure) And(a, b Rel) (Rel, error) {
	return s.combine(a, b, func(x, y bool) bool { return x && y }, true)
}

// Or is a ∨ b.
func (s *Structure) Or(a, b Rel) (Rel, error) {
	return s.combine(a, b, func(x, y bool) bool { return x || y }, false)
}

// Not is ¬a, over valid tuples.
func (s *Structure) Not(a Rel) (Rel, error) {
	v, err := s.validTracks(len(a.Vars))
	if err != nil {
		return Rel{}, err
	}
	p, err := Product(a.A, v, func(x, y bool) bool { return !x && y })
	if err != nil {
		return Rel{}, err
	}
	return Rel{Vars: a.Vars, A: p.Minimize()}, nil
}

// Exists is ∃vars: a.
func (s *Structure) Exists(a Rel, vars ...string) (Rel, error) {
	if useLayered(s.Sys.Digits(), len(a.Vars)) {
		return s.existsLayered(a, vars)
	}
	for _, v := range vars {
		i := slices.Index(a.Vars, v)
		if i < 0 {
			continue
		}
		p, err := a.A.Project(i)
		if err != nil {
			return Rel{}, err
		}
		a = Rel{Vars: slices.Delete(slices.Clone(a.Vars), i, i+1), A: p.Minimize()}
	}
	return a, nil
}

// Forall is ∀vars: a, as ¬∃vars ¬a.
func (s *Structure) Forall(a Rel, vars ...string) (Rel, error) {
	n, err := s.Not(a)
	if err != nil {
		return Rel{}, err
	}
	e, err := s.Exists(n, vars...)
	if err != nil {
		return Rel{}, err
	}
	return s.Not(e)
}

// Rename renames variables (old → new); the new names must not clash.
func (s *Structure) Rename(a Rel, m map[string]string) Rel {
	names := make([]string, len(a.Vars))
	for i, v := range a.Vars {
		names[i] = v
		if n, ok := m[v]; ok {
			names[i] = n
		}
	}
	return s.basic(a.A, names...)
}

// Witness is a smallest-length tuple in a (by variable), and false when
// a is empty.
func (s *Structure) Witness(a Rel) (map[string]*big.Int, bool) {
	w, ok := a.A.Shortest()
	if !ok {
		return nil, false
	}
	vals := s.Sys.Decode(w, len(a.Vars))
	out := map[string]*big.Int{}
	for i, v := range a.Vars {
		out[v] = vals[i]
	}
	return out, true
}

// Holds evaluates a at an assignment of its variables.
func (s *Structure) Holds(a Rel, vals map[string]*big.Int) bool {
	xs := make([]*big.Int, len(a.Vars))
	for i, v := range a.Vars {
		xs[i] = vals[v]
		if xs[i] == nil {
			panic("automata: no value for " + v)
		}
	}
	return a.A.Accepts(s.Sys.Word(xs, 0))
}

// ImpliesExists decides ∀free: a → ∃vars: b without building ∃vars: b
// (IncludedInProjection), and otherwise gives an assignment of the free
// variables where a holds and ∃vars: b does not, of fewest digits.
func (s *Structure) ImpliesExists(a, b Rel, vars ...string) (bool, map[string]*big.Int, error) {
	var free []string
	for _, v := range b.Vars {
		if !slices.Contains(vars, v) {
			free = append(free, v)
		}
	}
	free = union(free, a.Vars)
	all := union(free, b.Vars)
	da, err := s.extend(a, free)
	if err != nil {
		return false, nil, err
	}
	db, err := s.extend(b, all)
	if err != nil {
		return false, nil, err
	}
	keep := make([]int, len(free))
	for i, v := range free {
		keep[i] = slices.Index(all, v)
	}
	ok, w, err := IncludedInProjection(da, db, keep)
	if err != nil || ok {
		return ok, nil, err
	}
	vals := s.Sys.Decode(w, len(free))
	out := map[string]*big.Int{}
	for i, v := range free {
		out[v] = vals[i]
	}
	return false, out, nil
}

// layeredLetters is the fewest letters from which Structure's
// conjunctions, disjunctions and projections are built on layered
// automata (track by track) rather than dense tables; below it a dense
// table is small and its constructions faster.
var layeredLetters = 256

// useLayered reports whether a relation of this many tracks is built
// layered.
func useLayered(digits, tracks int) bool {
	return layeredLetters > 0 && tracks >= 2 && pow(digits, tracks) >= layeredLetters
}

// layeredOver is r's layered automaton over the sorted vars ⊇ r.Vars
// (r has at least one variable), the new tracks unconstrained or, when
// valid, valid representations.
func (s *Structure) layeredOver(r Rel, vars []string, valid bool) (*layered, error) {
	a := r.layered()
	for i, v := range vars {
		if !slices.Contains(r.Vars, v) {
			a = a.cylinder(i)
		}
	}
	if !valid || len(vars) == len(r.Vars) {
		return a, nil
	}
	s.init()
	for i, name := range vars {
		if slices.Contains(r.Vars, name) {
			continue
		}
		vi := layeredOf(s.valid)
		for j := 0; j < i; j++ {
			vi = vi.cylinder(0)
		}
		for j := i + 1; j < len(vars); j++ {
			vi = vi.cylinder(j)
		}
		var err error
		if a, err = layeredProduct(a, vi, func(x, y bool) bool { return x && y }); err != nil {
			return nil, err
		}
	}
	return a, nil
}

// combineLayered is combine on layered automata: the operands' tables
// are converted once, the product and its minimization cost the
// structure's nodes, and only the minimal result is made dense.
func (s *Structure) combineLayered(a, b Rel, vars []string, op func(x, y bool) bool, and bool) (Rel, error) {
	la, err := s.layeredOver(a, vars, !and)
	if err != nil {
		return Rel{}, err
	}
	lb, err := s.layeredOver(b, vars, !and)
	if err != nil {
		return Rel{}, err
	}
	p, err := layeredProduct(la, lb, op)
	if err != nil {
		return Rel{}, err
	}
	return layeredRel(vars, p.minimize()), nil
}

// existsLayered is Exists on a layered automaton, minimized after each
// projection, made dense at the end (or once it has one track left).
func (s *Structure) existsLayered(a Rel, vars []string) (Rel, error) {
	la := a.layered()
	names := slices.Clone(a.Vars)
	for _, v := range vars {
		i := slices.Index(names, v)
		if i < 0 {
			continue
		}
		if len(names) == 1 {
			// No track would be left to read: the dense projection.
			p, err := la.Dense().Project(0)
			if err != nil {
				return Rel{}, err
			}
			return Rel{Vars: slices.Delete(names, i, i+1), A: p.Minimize()}, nil
		}
		p, err := la.project(i)
		if err != nil {
			return Rel{}, err
		}
		la = p.minimize()
		names = slices.Delete(names, i, i+1)
	}
	if len(names) == len(a.Vars) {
		return a, nil // no variable of vars is a's
	}
	return layeredRel(names, la), nil
}
