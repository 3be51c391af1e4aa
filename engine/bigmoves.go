package engine

import (
	"errors"
	"fmt"
	"math/big"
	"slices"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/games"
)

// removalFamilies are the families whose moves are legal by the tokens
// they take alone: a move takes d_i tokens from pile i, and whether it is
// legal depends on d and on which piles d empties, never on how large the
// piles are beyond that. A move of a huge position is then a move of a
// small proxy of it, each pile cut down to a little more than the tokens
// taken (TestRemovalProxy checks this exhaustively on small boxes).
// Greedy games (a largest pile) and fdg (difference vectors, piles that
// may grow) are not among them.
var removalFamilies = map[string]bool{
	"nim": true, "moore": true, "exact": true, "exco-nim": true, "slow-moore": true, "slow-exact": true,
	"bounded-nim": true, "wythoff": true, "wythoff-mod": true, "wythoff-oa": true, "wythoff-oo": true,
	"wythoff-oe": true, "wythoff-eo": true, "wythoff-ee": true, "wythoff-mult": true, "wythoff-1mod": true,
	"wythoff-m1mod": true,
}

// proxyCap is the pile size huge piles are cut to when a move is sought:
// enough for the largest single amount the proxy offers.
const proxyCap = 64

// ErrUnknownMove says a move could not be checked: piles beyond 64 bits
// of a ruleset whose moves depend on the pile sizes.
var ErrUnknownMove = errors.New("a move between piles beyond 64 bits cannot be checked for this ruleset")

// IsMove reports whether to is an option of from (both in any order of
// interchangeable piles). Beyond 64 bits it reads the move as the tokens
// taken, for the rulesets where that decides (else ErrUnknownMove).
func IsMove(r grundy.Ruleset, from, to grundy.BigPosition) (bool, error) {
	if len(from) != len(to) {
		return false, nil
	}
	cf, ct := canonicalBig(r, from), canonicalBig(r, to)
	if small, ok := cf.Small(); ok {
		want, ok := ct.Small()
		if !ok {
			return false, nil // piles never grow beyond 64 bits in one move
		}
		return hasOption(r, small, grundy.Canonical(r, want)), nil
	}
	if !removalFamilies[games.SpecOf(r).Family] {
		return false, ErrUnknownMove
	}
	// The piles of to in every arrangement of the interchangeable ones.
	sym := grundy.SymmetricFrom(r, len(cf))
	if len(cf)-sym > 7 {
		return false, ErrUnknownMove
	}
	found := false
	permute(slices.Clone(ct), sym, func(t grundy.BigPosition) bool {
		found = removalMove(r, cf, t)
		return !found
	})
	return found, nil
}

// removalMove reports whether taking from−to from from is a move, through
// the proxy.
func removalMove(r grundy.Ruleset, from, to grundy.BigPosition) bool {
	d := make([]int, len(from))
	proxy := make(grundy.Position, len(from))
	for i := range from {
		x := new(big.Int).Sub(from[i], to[i])
		if x.Sign() < 0 || !x.IsInt64() || x.Int64() > 1<<40 {
			return false
		}
		d[i] = int(x.Int64())
	}
	for i := range from {
		// One token more than taken keeps a pile the move leaves
		// non-empty non-empty in the proxy.
		proxy[i] = d[i] + 1
		if from[i].IsInt64() && from[i].Int64() < int64(proxy[i]) {
			proxy[i] = int(from[i].Int64())
		}
	}
	want := make(grundy.Position, len(proxy))
	for i := range proxy {
		want[i] = proxy[i] - d[i]
	}
	if r.Validate(proxy) != nil {
		return false
	}
	return hasOption(r, proxy, grundy.Canonical(r, want))
}

func hasOption(r grundy.Ruleset, p, want grundy.Position) bool {
	found := false
	r.Options(p, func(q grundy.Position) bool {
		found = slices.Equal(grundy.Canonical(r, q), want)
		return !found
	})
	return found
}

// permute calls yield with p in every order of p[from:] (p is modified).
func permute(p grundy.BigPosition, from int, yield func(grundy.BigPosition) bool) bool {
	if from >= len(p)-1 {
		return yield(p)
	}
	for i := from; i < len(p); i++ {
		p[from], p[i] = p[i], p[from]
		if !permute(p, from+1, yield) {
			p[from], p[i] = p[i], p[from]
			return false
		}
		p[from], p[i] = p[i], p[from]
	}
	return true
}

// SomeMoves lists up to limit distinct options of a position with piles
// beyond 64 bits, canonical, for the rulesets whose moves are the tokens
// they take (see IsMove): the moves of a proxy, each huge pile cut to
// proxyCap tokens, made on the real piles. Elsewhere it returns
// ErrUnknownMove.
func SomeMoves(r grundy.Ruleset, p grundy.BigPosition, limit int) ([]grundy.BigPosition, error) {
	if !removalFamilies[games.SpecOf(r).Family] {
		return nil, fmt.Errorf("%s at %s: %w", shortName(r), short(p), ErrUnknownMove)
	}
	proxy := make(grundy.Position, len(p))
	for i, x := range p {
		proxy[i] = proxyCap
		if x.IsInt64() && x.Int64() < proxyCap {
			proxy[i] = int(x.Int64())
		}
	}
	if err := r.Validate(proxy); err != nil {
		return nil, err
	}
	var out []grundy.BigPosition
	seen := map[string]bool{}
	r.Options(proxy, func(q grundy.Position) bool {
		m := make(grundy.BigPosition, len(p))
		for i := range p {
			m[i] = new(big.Int).Sub(p[i], big.NewInt(int64(proxy[i]-q[i])))
		}
		m = canonicalBig(r, m)
		if key := m.String(); !seen[key] {
			seen[key] = true
			out = append(out, m)
		}
		return len(out) < limit
	})
	return out, nil
}

// Canonical is p with its interchangeable piles sorted, at any size.
func Canonical(r grundy.Ruleset, p grundy.BigPosition) grundy.BigPosition { return canonicalBig(r, p) }
