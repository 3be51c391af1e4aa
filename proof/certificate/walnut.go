package certificate

import (
	"bufio"
	"fmt"
	"io"
	"slices"

	"github.com/grundy/grundy/decide/numeration"
)

// SystemName is the Walnut name of a numeration system: msd_b for base
// b, msd_fib for Zeckendorf, msd_trib for Tribonacci, msd_uA_B for u_n = A·u_{n−1} + B·u_{n−2}
// (a custom base: its files go in Walnut's "Custom Bases").
func SystemName(sys numeration.System) string {
	switch {
	case !sys.Linear():
		return fmt.Sprintf("msd_%d", sys.A)
	case sys == numeration.Tribonacci():
		return "msd_trib"
	case sys.A == 1 && sys.B == 1:
		return "msd_fib"
	}
	return fmt.Sprintf("msd_u%d_%d", sys.A, sys.B)
}

// WriteWalnut writes a in Walnut's automaton format, every track in
// system name: a header line, then per state "q accepting" and its
// transitions "d1 … dk -> q'", track 1 first. Transitions into states
// from which nothing is accepted are left out (Walnut rejects on a
// missing transition); the initial state is 0, as in a.
func WriteWalnut(w io.Writer, a *numeration.DFA, systems []string, comment string) error {
	if len(systems) != a.Tracks {
		return fmt.Errorf("%d system names for %d tracks", len(systems), a.Tracks)
	}
	live := liveStates(a)
	bw := bufio.NewWriter(w)
	if comment != "" {
		fmt.Fprintf(bw, "# %s\n", comment)
	}
	for i, s := range systems {
		if i > 0 {
			bw.WriteByte(' ')
		}
		bw.WriteString(s)
	}
	bw.WriteByte('\n')
	L := a.Letters()
	for q := range a.States() {
		acc := 0
		if a.Accept[q] {
			acc = 1
		}
		fmt.Fprintf(bw, "\n%d %d\n", q, acc)
		for l := range L {
			t := a.Step(q, l)
			if !live[t] {
				continue
			}
			for _, d := range numeration.Unpack(l, a.Digits, a.Tracks) {
				fmt.Fprintf(bw, "%d ", d)
			}
			fmt.Fprintf(bw, "-> %d\n", t)
		}
	}
	return bw.Flush()
}

// liveStates marks the states from which some word is accepted.
func liveStates(a *numeration.DFA) []bool {
	n, L := a.States(), a.Letters()
	rev := make([][]int32, n)
	for q := range n {
		for l := range L {
			t := a.Step(q, l)
			rev[t] = append(rev[t], int32(q))
		}
	}
	live := make([]bool, n)
	var queue []int32
	for q := range n {
		if a.Accept[q] {
			live[q] = true
			queue = append(queue, int32(q))
		}
	}
	for len(queue) > 0 {
		q := queue[0]
		queue = queue[1:]
		for _, p := range slices.Compact(rev[q]) {
			if !live[p] {
				live[p] = true
				queue = append(queue, p)
			}
		}
	}
	return live
}

// ordered returns r's automaton with its tracks in the order of vars.
func ordered(r numeration.Rel, vars []string) (*numeration.DFA, error) {
	if len(vars) != len(r.Vars) {
		return nil, fmt.Errorf("automaton over %v, want %v", r.Vars, vars)
	}
	perm := make([]int, len(vars))
	for i, v := range vars {
		j := slices.Index(r.Vars, v)
		if j < 0 {
			return nil, fmt.Errorf("automaton over %v lacks %s", r.Vars, v)
		}
		perm[i] = j
	}
	return r.A.Permute(perm), nil
}
