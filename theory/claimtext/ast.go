package claimtext

import (
	"fmt"
	"math/big"
)

// A Pos is a place in claim text: 1-based line and column, the column
// counted in characters (so ≤ is one column, as an editor shows it).
type Pos struct{ Line, Col int }

func (p Pos) String() string { return fmt.Sprintf("%d:%d", p.Line, p.Col) }

// A Kind is the kind of an expression node.
type Kind int

const (
	KNum    Kind = iota // integer literal Num (never negative: -3 is KUnary of 3)
	KVar                // pile Var (0-based; written x1, x2, …)
	KName               // a let-bound Name
	KBool               // true or false (Bool)
	KUnary              // Op "-" or "!" of Args[0]
	KBinary             // Args[0] Op Args[1]: || && == != < <= > >= + - * / %
	KCall               // Op(Args…): min, max (one or more), even, odd (one)
	KIf                 // if Args[0] then Args[1] else Args[2]
	KLet                // let Name = Args[0] in Args[1]
	KTuple              // (Args[0], Args[1], …): only left of "in"
	KIn                 // Args[0] in {Set…}: a term or tuple in a finite set
)

// An Expr is a node of a claim's expression, with the place it was read
// from (zero for a tree built by FromFormula). Parse builds it; Print
// writes it back in normal form.
type Expr struct {
	Kind Kind
	Pos  Pos
	Op   string
	Num  *big.Int
	Var  int
	Name string
	Bool bool
	Args []*Expr
	// Set holds the elements of a KIn set, each a tuple of the arity of
	// Args[0] (1 for a term), sorted and without duplicates.
	Set [][]*big.Int
}

// Equal reports whether a and b are the same tree, places aside.
func Equal(a, b *Expr) bool {
	if a == nil || b == nil {
		return a == b
	}
	if a.Kind != b.Kind || a.Op != b.Op || a.Var != b.Var || a.Name != b.Name || a.Bool != b.Bool ||
		len(a.Args) != len(b.Args) || len(a.Set) != len(b.Set) || (a.Num == nil) != (b.Num == nil) {
		return false
	}
	if a.Num != nil && a.Num.Cmp(b.Num) != 0 {
		return false
	}
	for i := range a.Args {
		if !Equal(a.Args[i], b.Args[i]) {
			return false
		}
	}
	for i := range a.Set {
		if compareTuple(a.Set[i], b.Set[i]) != 0 {
			return false
		}
	}
	return true
}

func compareTuple(a, b []*big.Int) int {
	for i := 0; i < len(a) && i < len(b); i++ {
		if c := a[i].Cmp(b[i]); c != 0 {
			return c
		}
	}
	return len(a) - len(b)
}
