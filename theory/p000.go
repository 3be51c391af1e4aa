package theory

import (
	"math/big"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/formula"
)

// Paper 000: Gurvich, Ho, "Slow k-Nim".

func init() {
	register(
		&Claim{
			ID: "000/bouton", Paper: "000", Ref: "§1.1 (Bouton 1901)",
			Statement: "In Nim, G(x) = x1 ⊕ x2 ⊕ … ⊕ xn (the Nim-sum)",
			Family:    "nim", Quantity: QG, Status: Proved,
			Applies: familyIs("nim", nil),
			Eval: func(_ grundy.Ruleset, p grundy.BigPosition) (*big.Int, bool) {
				s := new(big.Int)
				for _, x := range p {
					s.Xor(s, x)
				}
				return s, true
			},
			Checks: []Instance{{"nim", 3, 12}, {"nim", 4, 7}},
		},
		&Claim{
			ID: "000/prop-11.1", Paper: "000", Ref: "Proposition 11(1)",
			Statement: "In Slow Moore's NIM^1_{n,≤k} with n = k, x is a P-position iff every pile is even",
			Family:    "slow-moore", Quantity: QP, Status: Proved,
			Applies: familyIs("slow-moore", func(r grundy.Ruleset, n int) bool { return n == Param(r, "k") }),
			Formula: allEven,
			Eval:    FormulaEval(allEven),
			Checks:  []Instance{{"slow-moore:k=2", 2, 30}, {"slow-moore:k=3", 3, 14}, {"slow-moore:k=4", 4, 9}},
		},
	)
}

func allEven(_ grundy.Ruleset, n int) *formula.Expr {
	parts := make([]*formula.Expr, n)
	for i := range parts {
		parts[i] = formula.Even(formula.X(i))
	}
	return formula.And(parts...)
}
