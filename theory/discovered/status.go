package discovered

import (
	"math/big"

	"github.com/grundy/grundy/formula"
)

// A Status is how far a discovered formula is established.
type Status string

const (
	StatusProved  Status = "proved"  // proved for every position of the part
	StatusChecked Status = "checked" // holds in the fitting and validation boxes; not proved
	StatusRefuted Status = "refuted" // a position of the validation box or a confirmed SMT counterexample disagrees
	StatusNone    Status = "none"    // no formula within the size bound fits the box
)

// EvalBig evaluates a stored formula at a position of any size: 1/0 for a
// set, the value for a term.
func EvalBig(f *formula.Expr, p []*big.Int) *big.Int {
	if f.IsBool() {
		if f.Bool(p) {
			return big.NewInt(1)
		}
		return big.NewInt(0)
	}
	return f.Int(p)
}
