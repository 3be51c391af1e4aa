package lang

import (
	"fmt"
	"strings"
)

// A File is a parsed rule text: its syntax tree, every node with the
// place it was read from. Parse builds it; Format prints it back.
type File struct {
	Origin   string // what Parse was told the text is called (errors name it)
	Name     string // from "ruleset NAME"
	NamePos  Pos
	Source   string // "source" line: the paper and section
	About    string // "about" line: the rule in one line of prose
	Params   []*ParamDecl
	Piles    *Count // "piles" line: how many piles a position has
	PilesPos Pos
	Roles    []*Role
	Moves    []*Move
	Examples []*Example
	PilesAny bool   // "piles any": positions are multisets of piles of any count (split.go)
	Edges    *Edges // "edges" line: the hypergraph of hypergraph NIM (edges.go)
	// Terminals are the "terminal where COND" lines (terminal.go).
	Terminals []*Terminal
}

// An Example is "example [NAME = VALUE, …]": parameter values the
// family is tested and shown with (the defaults for the rest). Examples
// are prose for the moves: they decide none.
type Example struct {
	Pos    Pos
	Values []ExampleValue
}

// An ExampleValue is one NAME = VALUE of an example.
type ExampleValue struct {
	Name  string
	Value int
}

// Args gives the example as "k=2,s=1", the form a ruleset spec takes
// after its colon ("" for the defaults).
func (e *Example) Args() string {
	var parts []string
	for _, v := range e.Values {
		parts = append(parts, fmt.Sprintf("%s=%d", v.Name, v.Value))
	}
	return strings.Join(parts, ",")
}

// A ParamDecl is "param NAME = DEFAULT [in LO..[HI]] [DOC]".
type ParamDecl struct {
	Pos     Pos
	Name    string
	Default int
	Min     int  // 0 unless HasMin
	HasMin  bool // "in LO.."
	Max     int
	HasMax  bool // "in LO..HI"
	Doc     string
}

// A Role is "role NAME = pile INDEX": a pile the moves name (exco-nim's
// x0). Index is 1-based, as the papers count piles.
type Role struct {
	Pos   Pos
	Name  string
	Index int
}

// CountKind is how a count is written.
type CountKind int

const (
	CountExact   CountKind = iota // e, or "exactly e"
	CountRange                    // lo..hi, or lo.. when Hi is nil
	CountAtLeast                  // "at least e"
	CountAtMost                   // "at most e"
)

// A Count is a number of piles: exact, a range, at least or at most.
type Count struct {
	Pos     Pos
	Kind    CountKind
	Exactly bool // spelled "exactly e"
	Lo, Hi  Expr // Lo for exact, at least and at most; Hi nil: no bound
}

// A Move is one "move" line: either "take PART and PART …, where COND" or
// "subtract [any arrangement of] VECTOR, VECTOR …".
type Move struct {
	Pos     Pos
	Take    []*Part
	Where   Expr // a condition, or nil
	Vectors [][]Expr
	Arrange bool // "any arrangement of": every permutation of each vector
	// Take-and-break (split.go): what remains of the pile a take move
	// takes from ("leaving COUNT piles"), a split without taking ("split
	// one pile into COUNT piles"), and a game code ("octal 0.137").
	Leave   *Count
	Unequal bool // "unequal": a split into 2 piles leaves them different
	Split   *Count
	Code    string
	Hex     bool // "hexadecimal CODE"
	CodePos Pos
	// PStar is "subtract any P-position of RULESET" (pstar.go), or nil.
	PStar *PStar
	// SplitRest is "splitting the rest" (splitrest.go): the tokens left
	// in the piles the move takes from are dealt again among them.
	SplitRest    bool
	SplitRestPos Pos
}

// A Part is "AMOUNT [as NAME] from PILES": which piles lose tokens, and
// how many each loses.
type Part struct {
	Pos    Pos
	Amount *Amount
	Name   string // the amount's name for the condition, or ""
	From   *Select
}

// AmountKind is a restriction on the tokens one pile loses.
type AmountKind int

const (
	AmountAny      AmountKind = iota // any: any positive amount
	AmountOdd                        // odd
	AmountEven                       // even: positive even amounts
	AmountExact                      // e
	AmountRange                      // lo..hi or lo..
	AmountMultiple                   // multiple of e (positive)
	AmountResidue                    // r mod m: positive amounts ≡ r (mod m)
	AmountSquare                     // square: 1, 4, 9, … (whole.go)
	AmountPower                      // power of e: 1, e, e², … (whole.go)
)

// An Amount is how many tokens each pile of a part loses.
type Amount struct {
	Pos  Pos
	Kind AmountKind
	A, B Expr // exact: A; range: A..B (B nil: unbounded); multiple: A; residue: A mod B
}

// SelectKind is how a part names its piles.
type SelectKind int

const (
	SelectOne   SelectKind = iota // "one [largest] [other] pile [NAME]", "the other pile [NAME]"
	SelectEach                    // "each of COUNT [largest] [other] piles"
	SelectIndex                   // "pile INDEX [NAME]"
	SelectRole                    // a role's name
	SelectEdge                    // "each pile of one edge" (edges.go)
)

// A Select says which piles a part takes from.
type Select struct {
	Pos     Pos
	Kind    SelectKind
	Count   *Count // SelectEach
	Largest bool   // the chosen piles are at least as large as every other
	Other   bool   // spelled "other": reads better, means nothing more (parts never share a pile)
	The     bool   // spelled "the other pile"
	Index   int    // SelectIndex, 1-based
	Role    string // SelectRole
	Name    string // the pile's size before the move, for the condition, or ""
	// Consecutive: "each of COUNT consecutive piles", adjacent in index
	// order; Circle: "… in a circle", the last pile next to the first
	// (whole.go).
	Consecutive, Circle bool
}

// An Expr is an integer term or a condition; the checker tells which.
type Expr interface{ exprPos() Pos }

// Num is an integer literal.
type Num struct {
	Pos Pos
	Val int64
}

// Ident is a name: a parameter, a role, a named amount or pile, or one of
// the built-in names piles (how many piles the position has) and total
// (tokens the move removes in all).
type Ident struct {
	Pos  Pos
	Name string
}

// Unary is -X or "not X".
type Unary struct {
	Pos Pos
	Op  string // "-" or "not"
	X   Expr
}

// Binary is X op Y for op one of + - * mod div and or.
type Binary struct {
	Pos  Pos
	Op   string
	X, Y Expr
}

// Compare is a chain a op b op c … of comparisons = != < <= > >=, read as
// the conjunction of its links (1 <= k <= l).
type Compare struct {
	Pos  Pos
	Ops  []string
	Args []Expr
}

// Call is min(…) or max(…).
type Call struct {
	Pos  Pos
	Fn   string
	Args []Expr
}

func (e *Num) exprPos() Pos     { return e.Pos }
func (e *Ident) exprPos() Pos   { return e.Pos }
func (e *Unary) exprPos() Pos   { return e.Pos }
func (e *Binary) exprPos() Pos  { return e.Pos }
func (e *Compare) exprPos() Pos { return e.Pos }
func (e *Call) exprPos() Pos    { return e.Pos }
