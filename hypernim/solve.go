package hypernim

import (
	"context"
	"fmt"
	"math/bits"
)

// MaxSG is the largest SG value Solve represents: the SG value of x is at
// most the length of the longest play, at most the sum of the piles, as
// every move lowers that sum; Solve refuses a box whose sum could pass it.
const MaxSG = 63

// MaxPositions bounds the positions of a box Solve allocates for (each
// costs 8 bytes per edge and 1 byte).
const MaxPositions = 1 << 24

// A Table is the SG function of NIM_H on the box [0, Max]^N, positions
// indexed in base Max+1 with pile 0 the most significant digit.
type Table struct {
	H   Hypergraph
	Max int
	SG  []uint8
	// Top is, for each position, the largest SG value of a follower, or
	// −1 where there is none: Tetris (SG decreasing) is SG = Top + 1.
	Top []int8
}

// Index is the index of position x in the table.
func (t *Table) Index(x []int) int {
	i := 0
	for _, v := range x {
		i = i*(t.Max+1) + v
	}
	return i
}

// Position is the position at index i.
func (t *Table) Position(i int) []int {
	x := make([]int, t.H.N)
	for k := t.H.N - 1; k >= 0; k-- {
		x[k] = i % (t.Max + 1)
		i /= t.Max + 1
	}
	return x
}

// Estimate is the positions of the box and the bytes Solve allocates.
func Estimate(h Hypergraph, max int) (positions, bytes float64) {
	positions = 1
	for range h.N {
		positions *= float64(max + 1)
	}
	return positions, positions * float64(2+16*len(h.Edges))
}

// Solve computes the SG function of NIM_H on [0, max]^n. For each edge E
// it keeps, for every position x, the set of SG values on the closed box
// below x in the piles of E (other piles fixed), so the followers of x
// through E — the box below x − 1_E — are one bit-set read:
// SG(x) = mex ⋃_E Below_E(x − 1_E), over the edges whose piles are all
// positive. Work is positions × edges × |E|.
func Solve(ctx context.Context, h Hypergraph, max int) (*Table, error) {
	if max < 0 {
		return nil, fmt.Errorf("box 0..%d: the largest pile is at least 0", max)
	}
	if h.N*max > MaxSG {
		return nil, fmt.Errorf("box 0..%d on %d piles: SG values may reach %d, past the %d this solver represents", max, h.N, h.N*max, MaxSG)
	}
	pos, _ := Estimate(h, max)
	if pos > MaxPositions {
		return nil, fmt.Errorf("box 0..%d on %d piles: %.0f positions, over the limit of %d", max, h.N, pos, MaxPositions)
	}
	size := int(pos)
	t := &Table{H: h, Max: max, SG: make([]uint8, size), Top: make([]int8, size)}
	below := make([][]uint64, len(h.Edges)) // SG values in the closed box below x in E
	top := make([][]int8, len(h.Edges))     // their largest
	for j := range below {
		below[j] = make([]uint64, size)
		top[j] = make([]int8, size)
	}
	stride := make([]int, h.N) // index step of pile i
	s := 1
	for i := h.N - 1; i >= 0; i-- {
		stride[i] = s
		s *= max + 1
	}
	x := make([]int, h.N)
	for idx := range size {
		if idx&0xffff == 0 && ctx.Err() != nil {
			return nil, ctx.Err()
		}
		var seen uint64
		best := int8(-1)
		for j, e := range h.Edges {
			at, ok := idx, true
			for m := e; m != 0; m &= m - 1 {
				i := bits.TrailingZeros32(m)
				if x[i] == 0 {
					ok = false
					break
				}
				at -= stride[i]
			}
			if ok {
				seen |= below[j][at]
				best = max8(best, top[j][at])
			}
		}
		g := uint8(bits.TrailingZeros64(^seen))
		t.SG[idx], t.Top[idx] = g, best
		for j, e := range h.Edges {
			set, hi := uint64(1)<<g, int8(g)
			for m := e; m != 0; m &= m - 1 {
				i := bits.TrailingZeros32(m)
				if x[i] > 0 {
					set |= below[j][idx-stride[i]]
					hi = max8(hi, top[j][idx-stride[i]])
				}
			}
			below[j][idx], top[j][idx] = set, hi
		}
		for i := h.N - 1; i >= 0; i-- { // next position, base max+1
			if x[i] < max {
				x[i]++
				break
			}
			x[i] = 0
		}
	}
	return t, nil
}

func max8(a, b int8) int8 {
	if a > b {
		return a
	}
	return b
}
