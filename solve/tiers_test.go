package solve

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/games"
)

// TestSolveTiersMatchesSolveBox streams every small box tier by tier and
// compares each tier with the in-memory table, and the checksums.
func TestSolveTiersMatchesSolveBox(t *testing.T) {
	for _, c := range smallBoxes {
		r, err := games.Parse(c.game)
		if err != nil {
			t.Fatal(err)
		}
		for _, kinds := range []grundy.Kinds{grundy.AllKinds, grundy.KindG | grundy.KindGm} {
			name := fmt.Sprintf("%s/%d≤%d/%s", c.game, c.piles, c.max, kinds)
			spec := BoxSpec{Piles: c.piles, Max: c.max, Kinds: kinds}
			tab, err := SolveBox(context.Background(), r, spec)
			if err != nil {
				t.Fatalf("%s: SolveBox: %v", name, err)
			}
			sum := NewChecksum(r, c.piles, c.max, kinds)
			next := 0
			err = SolveTiers(context.Background(), r, TierSpec{BoxSpec: spec}, func(tier *Tier) error {
				if tier.Sum != next {
					return fmt.Errorf("tier %d emitted, want %d", tier.Sum, next)
				}
				next++
				want := tab.Tier(tier.Sum)
				for i := range tier.Len() {
					if got, want := tier.At(i), want.At(i); got != want {
						return fmt.Errorf("tier %d rank %d: %+v, table has %+v", tier.Sum, i, got, want)
					}
				}
				var n uint64
				var bad error
				tier.Each(func(p grundy.Position, v grundy.Values) bool {
					n++
					if want, ok := tab.Lookup(p); !ok || v != want || p.Sum() != tier.Sum {
						bad = fmt.Errorf("tier %d: Each gave %v with %+v, table has %+v", tier.Sum, p, v, want)
						return false
					}
					return true
				})
				if bad == nil && n != tier.Len() {
					bad = fmt.Errorf("tier %d: Each visited %d positions of %d", tier.Sum, n, tier.Len())
				}
				if bad != nil {
					return bad
				}
				return sum.Add(tier)
			})
			if err != nil {
				t.Fatalf("%s: SolveTiers: %v", name, err)
			}
			if next != tab.Index.Tiers() {
				t.Errorf("%s: %d tiers emitted, want %d", name, next, tab.Index.Tiers())
			}
			if got, want := sum.Sum(), tab.Checksum(); got != want {
				t.Errorf("%s: streamed checksum %s, table %s", name, got, want)
			}
		}
	}
}

// TestSolveTiersResume starts a solve halfway with earlier tiers loaded
// from a finished table and expects the same later tiers.
func TestSolveTiersResume(t *testing.T) {
	for _, c := range []struct {
		game       string
		piles, max int
	}{{"slow-exact:k=2", 5, 4}, {"slow-moore:k=3", 5, 3}, {"nim", 3, 5}, {"wythoff-oa:s=2,t=1", 2, 12}} {
		r, _ := games.Parse(c.game)
		spec := BoxSpec{Piles: c.piles, Max: c.max, Kinds: grundy.AllKinds}
		tab, err := SolveBox(context.Background(), r, spec)
		if err != nil {
			t.Fatal(err)
		}
		first := tab.Index.Tiers() / 2
		var loaded []int
		err = SolveTiers(context.Background(), r, TierSpec{BoxSpec: spec, First: first, Load: func(tier *Tier) error {
			loaded = append(loaded, tier.Sum)
			return tier.SetBytes(tab.Tier(tier.Sum).Bytes())
		}}, func(tier *Tier) error {
			if tier.Sum < first {
				return fmt.Errorf("tier %d emitted, below first %d", tier.Sum, first)
			}
			if got, want := tier.Digest(), tab.Tier(tier.Sum).Digest(); got != want {
				return fmt.Errorf("tier %d differs after resume", tier.Sum)
			}
			return nil
		})
		if err != nil {
			t.Errorf("%s: resume at %d: %v", c.game, first, err)
		}
		var want []int
		lo := 0
		if k := NeededTiers(r, c.piles); k >= 0 {
			lo = first - k
		}
		for s := lo; s < first; s++ {
			want = append(want, s)
		}
		if !slices.Equal(loaded, want) {
			t.Errorf("%s: resume at %d loaded tiers %v, want %v", c.game, first, loaded, want)
		}
	}
}

// TestChecksumAlgorithm recomputes the documented checksum from the
// naive solver and a brute-force enumeration of the tiers.
func TestChecksumAlgorithm(t *testing.T) {
	for _, c := range []struct {
		game       string
		piles, max int
		kinds      grundy.Kinds
	}{
		{"slow-exact:k=2", 4, 4, grundy.KindG | grundy.KindGm},
		{"exco-nim", 3, 3, grundy.AllKinds},
		{"wythoff-oe:s=2,t=3", 2, 7, grundy.KindGm | grundy.KindR},
	} {
		r, _ := games.Parse(c.game)
		nv := newNaive(r)
		outer := sha256.New()
		fmt.Fprintf(outer, "grundy-table v1 game=%s piles=%d max=%d kinds=%s width=2\n", c.game, c.piles, c.max, c.kinds)
		for _, tier := range bruteTiers(c.piles, grundy.SymmetricFrom(r, c.piles), c.max) {
			var b []byte
			for _, p := range tier {
				v := nv.values(p)
				for i, x := range []int{v.G, v.Gm, v.R, v.Rm} {
					if c.kinds&(1<<i) != 0 {
						b = binary.LittleEndian.AppendUint16(b, uint16(x))
					}
				}
			}
			d := sha256.Sum256(b)
			outer.Write(d[:])
		}
		want := hex.EncodeToString(outer.Sum(nil))
		tab, err := SolveBox(context.Background(), r, BoxSpec{Piles: c.piles, Max: c.max, Kinds: c.kinds})
		if err != nil {
			t.Fatal(err)
		}
		if got := tab.Checksum(); got != want {
			t.Errorf("Checksum(%s, %d≤%d, %s) = %s, want %s", c.game, c.piles, c.max, c.kinds, got, want)
		}
	}
}

// TestWideValues takes a box whose remoteness exceeds two bytes: one pile
// of slow-exact:k=1 up to 70000 tokens. By hand, a pile of x tokens has
// G = x mod 2, G⁻ = 1 − G, R = x and R⁻ = x + 1 (the game is a countdown).
func TestWideValues(t *testing.T) {
	r, _ := games.Parse("slow-exact:k=1")
	const max = 70000
	spec := BoxSpec{Piles: 1, Max: max}
	want := func(x int) grundy.Values { return grundy.Values{G: x % 2, Gm: 1 - x%2, R: x, Rm: x + 1} }
	tab, err := SolveBox(context.Background(), r, spec)
	if err != nil {
		t.Fatal(err)
	}
	for _, x := range []int{0, 1, 2, 65534, 65535, 65536, max} {
		if got, _ := tab.Lookup(grundy.Position{x}); got != want(x) {
			t.Errorf("SolveBox: %d tokens: %+v, want %+v", x, got, want(x))
		}
	}
	err = SolveTiers(context.Background(), r, TierSpec{BoxSpec: spec}, func(tier *Tier) error {
		if !tier.Wide() {
			return fmt.Errorf("tier %d not wide", tier.Sum)
		}
		if got := tier.At(0); got != want(tier.Sum) {
			return fmt.Errorf("SolveTiers: %d tokens: %+v, want %+v", tier.Sum, got, want(tier.Sum))
		}
		return nil
	})
	if err != nil {
		t.Error(err)
	}
	if got := HeaderLine(r.Name(), 1, max, grundy.AllKinds); got != "grundy-table v1 game=slow-exact:k=1 piles=1 max=70000 kinds=G,Gm,R,Rm width=4" {
		t.Errorf("HeaderLine = %q", got)
	}
}

// TestExactPathAgreesWithUnitPath runs slow exact 2-Nim's fast path
// (stretches along which follower ranks shift by one) and the general
// unit-decrement path on the same tiers below, filled with arbitrary
// values (some too large for the fast path's bit sets), in chunks of
// random lengths that start and end inside stretches, and expects the same
// records.
func TestExactPathAgreesWithUnitPath(t *testing.T) {
	r := mustParse(t, "slow-exact:k=2")
	rng := rand.New(rand.NewPCG(1, 2))
	for _, box := range []struct{ piles, max int }{{3, 40}, {4, 25}, {6, 9}, {7, 5}} {
		ix, err := NewTierIndex(box.piles, 0, box.max)
		if err != nil {
			t.Fatal(err)
		}
		for s := 2; s < ix.Tiers(); s++ {
			// Tier s−2 either has values too large for the bit sets
			// here and there, or has none and is known to (small: the
			// fast path's variant without an overflow check).
			small := s%2 == 0
			below := make([]uint16, 2*ix.TierSize(s-2))
			for i := range below {
				below[i] = uint16(rng.IntN(12))
				if !small && rng.IntN(40) == 0 {
					below[i] = 60 + uint16(rng.IntN(10))
				}
			}
			solve := func(exact bool, cut func() uint64) []uint16 {
				e := newTierRun[uint16](r, ix, grundy.KindG|grundy.KindGm, 1, nil)
				e.exact = exact
				e.tiers[s-2] = below
				e.small[s-2] = small
				out := make([]uint16, 2*ix.TierSize(s))
				w := newTierWorker(e)
				for lo := uint64(0); lo < ix.TierSize(s); {
					hi := min(lo+cut(), ix.TierSize(s))
					w.chunk(s, lo, hi, out[2*lo:2*hi])
					lo = hi
				}
				return out
			}
			want := solve(false, func() uint64 { return ix.TierSize(s) })
			got := solve(true, func() uint64 { return 1 + uint64(rng.IntN(7)) })
			if i := slices.Compare(got, want); i != 0 {
				for j := range got {
					if got[j] != want[j] {
						p := make(grundy.Position, box.piles)
						ix.UnrankInTier(s, uint64(j/2), p)
						t.Fatalf("%d piles ≤ %d, tier %d, %v: fast path %d, unit path %d (kind %d)", box.piles, box.max, s, p, got[j], want[j], j%2)
					}
				}
			}
		}
	}
}

// TestExactTiersKnownSmall solves a box tier by tier as SolveTiers does
// and expects every tier noted as holding only values below 64 (so the
// tiers above take the fast path's variant without an overflow check),
// and tiers whose values were not all computed here not so noted.
func TestExactTiersKnownSmall(t *testing.T) {
	r := mustParse(t, "slow-exact:k=2")
	ix, err := NewTierIndex(5, 0, 8)
	if err != nil {
		t.Fatal(err)
	}
	e := newTierRun[uint16](r, ix, grundy.KindG|grundy.KindGm, 2, nil)
	if !e.exact {
		t.Fatal("slow-exact:k=2 on 5 piles does not take the exact path")
	}
	for s := range ix.Tiers() {
		e.tiers[s] = make([]uint16, 2*ix.TierSize(s))
		if err := e.solveTier(context.Background(), s); err != nil {
			t.Fatal(err)
		}
		if !e.small[s] {
			t.Errorf("tier %d not noted as small", s)
		}
	}
	// A tier noted in part (the rest computed elsewhere) is not small,
	// nor one with a value of 64 or more; one wholly noted is.
	for _, c := range []struct {
		vals  []uint16
		noted int
		want  bool
	}{
		{[]uint16{3, 1, 0, 63, 5, 7, 2, 2, 9, 1}, 10, true},
		{[]uint16{3, 1, 0, 63, 5, 7, 2, 2, 9, 1}, 8, false},
		{[]uint16{0, 0, 0, 64, 0, 0, 0, 0, 0, 0}, 10, false},
		{[]uint16{3, 1, 0, 1, 5, 7, 2, 2, 9, 300}, 10, false},
		{[]uint16{3, 1, 0, 1, 5, 7, 2, 2, 9, 300}, 9, false},
	} {
		f := newTierRun[uint16](r, ix, grundy.KindG|grundy.KindGm, 2, nil)
		f.tiers[3] = c.vals
		f.note(3, c.vals[:c.noted])
		if f.settle(3); f.small[3] != c.want {
			t.Errorf("tier %v, %d values noted: small %v, want %v", c.vals, c.noted, f.small[3], c.want)
		}
	}
}
