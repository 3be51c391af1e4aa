package games

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/internal/readfile"
)

// FDG is a multidimensional subtraction game with a fixed difference set
// (004 §4, class FDG): a move from x to y is legal when x − y is one of the
// difference vectors. Slow Exact k-Nim on n piles is the FDG whose vectors
// are the 0/1 n-vectors with exactly k ones (004 §4).
//
// With Multiset the piles are interchangeable: a move subtracts any
// arrangement of a difference vector, so each vector stands for all its
// permutations and is stored sorted descending.
//
// 004 §4 asks only that each vector's coordinates sum to a positive number,
// so moves there may add tokens to some piles (a negative coordinate, in
// the dotted form: d=2.-1.0). Play still ends, as every move lowers the
// token sum, and the single-position search solves such games; but no box
// is closed under their moves, so the box solvers refuse them
// (PilesMayGrow).
type FDG struct {
	vectors  [][]int // canonical: deduplicated, sorted descending
	multiset bool
	moves    [][]int // every difference a move may subtract
}

// maxArrangements bounds the permutations a multiset FDG expands to.
const maxArrangements = 1 << 16

// NewFDG checks a difference set and builds its game.
func NewFDG(vectors [][]int, multiset bool) (*FDG, error) {
	if len(vectors) == 0 {
		return nil, errors.New("fdg: give at least one difference vector")
	}
	d := len(vectors[0])
	var vs [][]int
	for i, v := range vectors {
		if len(v) == 0 {
			return nil, fmt.Errorf("fdg: vector %d is empty", i+1)
		}
		if len(v) != d {
			return nil, fmt.Errorf("fdg: vector %d %s has %d coordinates, vector 1 has %d; all must have one per pile",
				i+1, vecString(v), len(v), d)
		}
		sum := 0
		for _, a := range v {
			if a > maxParam || a < -maxParam {
				return nil, fmt.Errorf("fdg: vector %d %s has a coordinate beyond ±%d", i+1, vecString(v), maxParam)
			}
			sum += a
		}
		if sum <= 0 {
			return nil, fmt.Errorf("fdg: vector %d %s: coordinates must sum to a positive number (004 §4)", i+1, vecString(v))
		}
		w := slices.Clone(v)
		if multiset {
			slices.SortFunc(w, func(a, b int) int { return b - a })
		}
		vs = append(vs, w)
	}
	slices.SortFunc(vs, func(a, b []int) int { return -slices.Compare(a, b) })
	vs = slices.CompactFunc(vs, slices.Equal)
	g := &FDG{vectors: vs, multiset: multiset, moves: vs}
	if multiset {
		g.moves = nil
		for _, v := range vs {
			var ok bool
			if g.moves, ok = appendArrangements(g.moves, v, maxArrangements); !ok {
				return nil, fmt.Errorf("fdg: the multiset difference set has more than %d arrangements; list ordered vectors instead", maxArrangements)
			}
		}
	}
	return g, nil
}

// appendArrangements appends every distinct permutation of v (sorted
// descending), in lexicographically decreasing order, and reports false
// when out would grow beyond limit.
func appendArrangements(out [][]int, v []int, limit int) ([][]int, bool) {
	p := slices.Clone(v)
	for {
		if len(out) >= limit {
			return out, false
		}
		out = append(out, slices.Clone(p))
		// Previous permutation in lexicographic order.
		i := len(p) - 2
		for i >= 0 && p[i] <= p[i+1] {
			i--
		}
		if i < 0 {
			return out, true
		}
		j := len(p) - 1
		for p[j] >= p[i] {
			j--
		}
		p[i], p[j] = p[j], p[i]
		slices.Reverse(p[i+1:])
	}
}

// Vectors returns the canonical difference vectors (for a multiset game,
// one sorted representative of each).
func (g *FDG) Vectors() [][]int {
	out := make([][]int, len(g.vectors))
	for i, v := range g.vectors {
		out[i] = slices.Clone(v)
	}
	return out
}

// Multiset reports whether the piles are interchangeable.
func (g *FDG) Multiset() bool { return g.multiset }

// PilesMayGrow reports whether a difference vector has a negative
// coordinate.
func (g *FDG) PilesMayGrow() bool {
	for _, v := range g.vectors {
		if slices.Min(v) < 0 {
			return true
		}
	}
	return false
}

// Name is the inline form Parse reads back, e.g. "fdg:d=110/011,multiset".
func (g *FDG) Name() string {
	compact := true
	for _, v := range g.vectors {
		for _, a := range v {
			compact = compact && a >= 0 && a <= 9
		}
	}
	parts := make([]string, len(g.vectors))
	for i, v := range g.vectors {
		s := make([]string, len(v))
		for j, a := range v {
			s[j] = strconv.Itoa(a)
		}
		switch {
		case compact:
			parts[i] = strings.Join(s, "")
		case len(v) == 1:
			parts[i] = s[0] + "." // "12" alone would read as (1,2)
		default:
			parts[i] = strings.Join(s, ".")
		}
	}
	name := "fdg:d=" + strings.Join(parts, "/")
	if g.multiset {
		name += ",multiset"
	}
	return name
}

// SymmetricFrom is 0 for a multiset game and n (no symmetry) otherwise.
func (g *FDG) SymmetricFrom(n int) int {
	if g.multiset {
		return 0
	}
	return n
}

func (g *FDG) Validate(p grundy.Position) error {
	if d := len(g.vectors[0]); len(p) != d {
		return fmt.Errorf("fdg: the difference vectors have %d coordinates, so positions need %d piles, got %d", d, d, len(p))
	}
	return nil
}

func (g *FDG) Options(p grundy.Position, yield func(grundy.Position) bool) {
	q := make(grundy.Position, len(p))
next:
	for _, v := range g.moves {
		for i, a := range v {
			if p[i] < a {
				continue next
			}
			q[i] = p[i] - a
		}
		if !yield(q) {
			return
		}
	}
}

// DefaultFDG is what bare "fdg" means: Slow Exact 2-Nim on 4 piles, the
// example of 004 §4.
const DefaultFDG = "d=1100,multiset"

// fdgFile is the JSON form of a difference set: fdg:file=PATH.
type fdgFile struct {
	Vectors  [][]int `json:"vectors"`
	Multiset bool    `json:"multiset"`
}

// ParseFDG reads the arguments of an fdg ruleset, the part after "fdg:":
//
//	d=1100/1010/0110           vectors separated by '/'; each either one
//	                           digit per coordinate, or dotted: 1.0.12
//	                           (a lone coordinate of 10 or more: 12.)
//	d=110,multiset             piles interchangeable (multiset=1 also works)
//	file=set.json              {"vectors": [[1,1,0],[0,1,1]], "multiset": true}
func ParseFDG(args string) (grundy.Ruleset, error) {
	var vectors [][]int
	var file string
	multiset, haveD := false, false
	if strings.TrimSpace(args) == "" {
		// Like every family, bare "fdg" names a game: 004 §4's example,
		// Slow Exact 2-Nim on 4 piles.
		args = DefaultFDG
	}
	for _, kv := range strings.Split(args, ",") {
		k, v, hasV := strings.Cut(strings.TrimSpace(kv), "=")
		switch k {
		case "d":
			if haveD {
				return nil, errors.New("fdg: d given twice")
			}
			haveD = true
			var err error
			if vectors, err = parseVectors(v); err != nil {
				return nil, err
			}
		case "file":
			if v == "" {
				return nil, errors.New("fdg: file= needs a path")
			}
			file = v
		case "multiset":
			switch {
			case !hasV || v == "1" || v == "true":
				multiset = true
			case v == "0" || v == "false":
				multiset = false
			default:
				return nil, fmt.Errorf("fdg: multiset=%q: want 1 or 0", v)
			}
		default:
			return nil, fmt.Errorf("fdg: unknown parameter %q (fdg takes d, file, multiset)", kv)
		}
	}
	switch {
	case haveD && file != "":
		return nil, errors.New("fdg: give d= or file=, not both")
	case file != "":
		b, err := readfile.Read(file, "fdg vector file", 1<<20)
		if err != nil {
			return nil, fmt.Errorf("fdg: %w", err)
		}
		var f fdgFile
		dec := json.NewDecoder(strings.NewReader(string(b)))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&f); err != nil {
			return nil, fmt.Errorf("fdg: %s: %w (want {\"vectors\": [[1,1,0],[0,1,1]], \"multiset\": false})", file, err)
		}
		vectors, multiset = f.Vectors, multiset || f.Multiset
	case !haveD:
		return nil, errors.New("fdg: give the difference vectors with d= or file=")
	}
	return NewFDG(vectors, multiset)
}

func parseVectors(s string) ([][]int, error) {
	if strings.TrimSpace(s) == "" {
		return nil, errors.New("fdg: d= is empty; give vectors such as d=1100/0011")
	}
	var out [][]int
	for i, f := range strings.Split(s, "/") {
		f = strings.TrimSpace(f)
		var coords []string
		if strings.Count(f, ".") == 1 && strings.HasSuffix(f, ".") {
			coords = []string{strings.TrimSuffix(f, ".")} // "12." is the one-coordinate vector (12)
		} else if strings.Contains(f, ".") {
			coords = strings.Split(f, ".")
		} else {
			coords = strings.Split(f, "")
		}
		if f == "" {
			return nil, fmt.Errorf("fdg: vector %d is empty", i+1)
		}
		v := make([]int, len(coords))
		for j, c := range coords {
			a, err := strconv.Atoi(c)
			if errors.Is(err, strconv.ErrRange) {
				return nil, fmt.Errorf("fdg: vector %d: coordinate %d %s is too large", i+1, j+1, c)
			}
			if err != nil || c == "" || c[0] == '+' {
				return nil, fmt.Errorf("fdg: vector %d %q: coordinate %d %q is not an integer", i+1, f, j+1, c)
			}
			v[j] = a
		}
		out = append(out, v)
	}
	return out, nil
}

func vecString(v []int) string {
	s := make([]string, len(v))
	for i, a := range v {
		s[i] = strconv.Itoa(a)
	}
	return "(" + strings.Join(s, ",") + ")"
}
