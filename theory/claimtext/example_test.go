package claimtext_test

import (
	"fmt"

	"github.com/grundy/grundy/theory/claimtext"
)

// A claim file's lines in normal form, the identity a proof is recorded
// under, and a fault with its line and column.
func ExampleParse() {
	f, err := claimtext.Parse("my.claims", []byte(`
# Conjectures.
claim nim2: P[nim, 2 piles<=20] iff x1==x2
G[bounded-nim:k=2, 1 piles] = x1 % 3
P[slow-exact, 2 piles] iff x1 % 2 == 0 || (x1,x2) in {(1,1), (0,0)}
`))
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, c := range f.Claims {
		fmt.Println(c)
		fmt.Println("  key:", c.Key())
	}
	_, err = claimtext.Parse("bad.claims", []byte("P[nim, 3 piles] iff x7 == 0"))
	fmt.Println(err)
	// Output:
	// claim nim2: P[nim, 2 piles <= 20] iff x1 == x2
	//   key: P[nim, 2 piles] iff x1 == x2
	// G[bounded-nim:k=2, 1 pile] = x1 % 3
	//   key: G[bounded-nim:k=2, 1 pile] = x1 % 3
	// P[slow-exact:k=2, 2 piles] iff x1 % 2 == 0 || (x1, x2) in {(0, 0), (1, 1)}
	//   key: P[slow-exact:k=2, 2 piles] iff x1 % 2 == 0 || (x1, x2) in {(0, 0), (1, 1)}
	// bad.claims:1:21: x7 on a 3-pile claim: the piles are x1..x3
}
