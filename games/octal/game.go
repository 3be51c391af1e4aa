package octal

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
)

// Leave bits: what a code digit holds. Removing k tokens from a heap may
// leave no heap (the heap had exactly k), one nonempty heap, two or three
// nonempty heaps.
const (
	LeaveNone  = 1 << iota // 1: take the whole heap
	LeaveOne               // 2: take from a heap, leaving one heap
	LeaveTwo               // 4: take and split the rest into two heaps
	LeaveThree             // 8: take and split the rest into three heaps (hexadecimal)
)

// A Game is a take-and-break game on heaps. Digits[k] holds the Leave
// bits allowed when k tokens are removed (Digits[0]: removing none, where
// only splitting is a move); removals of k ≥ len(Digits) tokens are
// allowed with the bits of Tail (0 for a finite code). Unequal restricts
// a split into two heaps to unequal ones.
type Game struct {
	Name    string
	Digits  []uint8
	Tail    uint8
	Unequal bool
}

// MarshalJSON writes the game as its name and code: the digits as a
// code, not as bytes.
func (g Game) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct{ Name, Code string }{g.Name, g.Code()})
}

// Finite reports whether the game removes at most len(Digits)-1 tokens:
// a finite code, to which the periodicity theorem applies.
func (g Game) Finite() bool { return g.Tail == 0 }

// digit is the Leave bits for removing k tokens.
func (g Game) digit(k int) uint8 {
	if k < len(g.Digits) {
		return g.Digits[k]
	}
	return g.Tail
}

// MaxRemove is t, the most tokens one move removes, for a finite code
// (the index of the last nonzero digit); -1 for an infinite one.
func (g Game) MaxRemove() int {
	if !g.Finite() {
		return -1
	}
	t := 0
	for k, d := range g.Digits {
		if d != 0 {
			t = k
		}
	}
	return t
}

// MaxParts is the most heaps one move leaves (0 to 3).
func (g Game) MaxParts() int {
	var all uint8 = g.Tail
	for _, d := range g.Digits {
		all |= d
	}
	switch {
	case all&LeaveThree != 0:
		return 3
	case all&LeaveTwo != 0:
		return 2
	case all&LeaveOne != 0:
		return 1
	}
	return 0
}

// Code is the game's code, "0.137" (hexadecimal digits A–F where a digit
// leaves three heaps); a game with a Tail or Unequal has no finite code and
// gives its name.
func (g Game) Code() string {
	if !g.Finite() || g.Unequal {
		return g.Name
	}
	var b strings.Builder
	for k, d := range g.Digits {
		fmt.Fprintf(&b, "%X", d)
		if k == 0 {
			b.WriteByte('.')
		}
	}
	if len(g.Digits) == 1 {
		b.WriteByte('0')
	}
	return b.String()
}

// A CodeError is a code that does not parse: Code is the whole text, Pos
// the byte offset of the bad part and Reason what is wrong there.
type CodeError struct {
	Code   string
	Pos    int
	Reason string
}

func (e *CodeError) Error() string {
	return fmt.Sprintf("game code %q: %s", e.Code, e.Reason)
}

// ErrUnknownGame is wrapped by the error of a name that is neither a code
// nor a named game.
var ErrUnknownGame = errors.New("unknown take-and-break game")

// Named are the games known by name, each with its literature source.
var Named = map[string]Game{
	// Kayles: knock down one pin or two adjacent pins (Dudeney, Loyd;
	// Winning Ways ch. 4, 0.77).
	"kayles": {Name: "kayles", Digits: []uint8{0, 7, 7}},
	// Dawson's Kayles: knock down two adjacent pins (Winning Ways ch. 4, 0.07).
	"dawsons-kayles": {Name: "dawsons-kayles", Digits: []uint8{0, 0, 7}},
	// Dawson's Chess (Guy & Smith 1956; Winning Ways ch. 4, 0.137).
	"dawsons-chess": {Name: "dawsons-chess", Digits: []uint8{0, 1, 3, 7}},
	// Lasker's Nim: remove any number of tokens from a heap, or split a
	// heap into two nonempty heaps (Winning Ways ch. 4): the code 4.333…
	"laskers-nim": {Name: "laskers-nim", Digits: []uint8{LeaveTwo}, Tail: LeaveNone | LeaveOne},
	// Grundy's game: split a heap into two unequal heaps (Grundy 1939;
	// Winning Ways ch. 4).
	"grundys-game": {Name: "grundys-game", Digits: []uint8{LeaveTwo}, Unequal: true},
}

// maxDigits bounds a code's length: every digit is a removal size the
// solver loops over for each heap.
const maxDigits = 64

// Parse reads a game: a name of Named, or a code "d0.d1d2…dt" whose
// digit dk (0–7 octal, 0–F hexadecimal) holds the Leave bits for removing
// k tokens. Removing nothing, a move can only split, so d0 is 0, 4 (4.07:
// split into two without taking), 8 or C (into three). The leading "0"
// may be left out (".137"); trailing zeros mean nothing and are dropped.
// A code with no nonzero digit has no moves and is refused.
func Parse(s string) (Game, error) {
	if g, ok := Named[strings.ToLower(s)]; ok {
		g.Digits = append([]uint8(nil), g.Digits...)
		return g, nil
	}
	dot := strings.IndexByte(s, '.')
	if dot < 0 {
		if s == "" {
			return Game{}, &CodeError{Code: s, Reason: "empty (want a code such as 0.137 or a name such as kayles)"}
		}
		return Game{}, fmt.Errorf("%q: %w (want a code such as 0.137, 4.07 or 0.F6, or one of kayles, dawsons-kayles, dawsons-chess, laskers-nim, grundys-game)", s, ErrUnknownGame)
	}
	head, tail := s[:dot], s[dot+1:]
	var d0 uint8
	switch head {
	case "", "0":
	case "4":
		d0 = LeaveTwo
	case "8":
		d0 = LeaveThree
	case "C", "c":
		d0 = LeaveTwo | LeaveThree
	default:
		return Game{}, &CodeError{Code: s, Pos: 0, Reason: fmt.Sprintf("digit before the point %q: want 0, 4, 8 or C (removing nothing, a move can only split the heap)", head)}
	}
	if len(tail) > maxDigits {
		return Game{}, &CodeError{Code: s, Pos: dot + 1, Reason: fmt.Sprintf("%d digits after the point: at most %d", len(tail), maxDigits)}
	}
	digits := []uint8{d0}
	for i := 0; i < len(tail); i++ {
		c := tail[i]
		var d uint8
		switch {
		case c >= '0' && c <= '9':
			d = c - '0'
		case c >= 'A' && c <= 'F':
			d = c - 'A' + 10
		case c >= 'a' && c <= 'f':
			d = c - 'a' + 10
		default:
			return Game{}, &CodeError{Code: s, Pos: dot + 1 + i, Reason: fmt.Sprintf("digit %d after the point %q: want 0–9 or A–F", i+1, string(rune(c)))}
		}
		digits = append(digits, d)
	}
	for len(digits) > 1 && digits[len(digits)-1] == 0 {
		digits = digits[:len(digits)-1]
	}
	if len(digits) == 1 && d0 == 0 {
		return Game{}, &CodeError{Code: s, Pos: dot, Reason: "no nonzero digit: the game has no moves"}
	}
	g := Game{Digits: digits}
	g.Name = g.Code()
	return g, nil
}

// IsOctal reports whether every digit is octal (leaves at most two heaps).
func (g Game) IsOctal() bool { return g.MaxParts() <= 2 }
