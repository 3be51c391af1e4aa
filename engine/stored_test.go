package engine

import (
	"context"
	"reflect"
	"testing"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/games"
	"github.com/grundy/grundy/store"
)

// TestStoredAgreesWithComputed reads counts, tables and values back from
// stored tables holding G and G⁻ only or every kind, and compares them
// with the same box computed afresh.
func TestStoredAgreesWithComputed(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct {
		game       string
		piles, max int
	}{{"slow-exact:k=2", 5, 5}, {"exco-nim", 3, 4}} {
		r, _ := games.Parse(c.game)
		want, err := CountBox(ctx, r, c.piles, c.max, Options{})
		if err != nil {
			t.Fatal(err)
		}
		full, err := SolveBox(ctx, r, c.piles, c.max, grundy.AllKinds, Options{})
		if err != nil {
			t.Fatal(err)
		}
		for _, kinds := range []grundy.Kinds{grundy.KindG | grundy.KindGm, grundy.AllKinds} {
			dir := t.TempDir()
			if _, err := store.Solve(ctx, r, c.piles, c.max, dir, store.SolveOptions{Kinds: kinds}); err != nil {
				t.Fatal(err)
			}
			got, err := StoredCount(ctx, dir, r, c.piles, c.max, Options{})
			if err != nil {
				t.Fatalf("StoredCount(%s, %s): %v", c.game, kinds, err)
			}
			if got.Method != grundy.MethodTable {
				t.Errorf("StoredCount(%s, %s).Method = %q", c.game, kinds, got.Method)
			}
			got.Method = want.Method
			want := want
			if kinds == grundy.AllKinds {
				// The table's own checksum, that of the box solved in
				// memory with every kind.
				want.TableChecksum, want.TableKinds = full.Checksum(), "G,Gm,R,Rm"
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("StoredCount(%s, %s) = %+v, want %+v", c.game, kinds, got, want)
			}
			full.Each(func(p grundy.Position, v grundy.Values) bool {
				got, err := StoredValue(dir, r, p.Big())
				if err != nil || got.G.Int64() != int64(v.G) || got.Gm.Int64() != int64(v.Gm) || (kinds == grundy.AllKinds) != (got.R != nil) {
					t.Errorf("StoredValue(%s, %v) = %+v, %v, want %+v", c.game, p, got, err, v)
					return false
				}
				if got.Outcome != v.Outcome().String() || got.OutcomeMisere != v.OutcomeMisere().String() {
					t.Errorf("StoredValue(%s, %v) outcomes %s/%s, want %s/%s", c.game, p, got.Outcome, got.OutcomeMisere, v.Outcome(), v.OutcomeMisere())
					return false
				}
				return true
			})
			if kinds == grundy.AllKinds {
				tab, err := StoredTable(ctx, dir, r, c.piles, c.max)
				if err != nil {
					t.Fatal(err)
				}
				if tab.Checksum() != full.Checksum() {
					t.Errorf("StoredTable(%s): checksum %s, want %s", c.game, tab.Checksum(), full.Checksum())
				}
			}
		}
	}
}
