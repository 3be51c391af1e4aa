package recheck

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// An Automaton as a Walnut file states it: a number system per track,
// states numbered from 0 (the initial state), an accepting flag each, and
// transitions on tuples of digits; a missing transition rejects.
type Automaton struct {
	Systems []string
	Radix   []int
	Accept  []bool
	Next    [][]int32 // Next[q][letter], −1 for none
}

// letters is the number of digit tuples.
func (a *Automaton) letters() int {
	n := 1
	for _, r := range a.Radix {
		n *= r
	}
	return n
}

// letter packs a tuple of digits, track 0 least significant.
func letter(radix, ds []int) int {
	l, m := 0, 1
	for i, d := range ds {
		l += d * m
		m *= radix[i]
	}
	return l
}

// maxEntries bounds the transition table read (256 MB of int32).
const maxEntries = 1 << 26

// ReadWalnut reads an automaton in Walnut's format: a first line of
// number systems (msd_2, msd_fib, msd_NAME) or digit sets ({0,1}), then
// per state a line "q accepting" followed by lines "d1 d2 … -> q'".
// digits gives the digit count of a number system.
func ReadWalnut(r io.Reader, digits func(system string) (int, error)) (*Automaton, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 1<<26)
	a := &Automaton{}
	line := 0
	cur := -1
	header := false
	for sc.Scan() {
		line++
		text := strings.TrimSpace(sc.Text())
		if i := strings.IndexByte(text, '#'); i >= 0 {
			text = strings.TrimSpace(text[:i])
		}
		if text == "" {
			continue
		}
		bad := func(format string, args ...any) error {
			return fmt.Errorf("line %d: %s", line, fmt.Sprintf(format, args...))
		}
		if !header {
			header = true
			for _, f := range splitSystems(text) {
				if strings.HasPrefix(f, "{") {
					n := len(strings.Split(strings.Trim(f, "{}"), ","))
					a.Systems, a.Radix = append(a.Systems, f), append(a.Radix, n)
					continue
				}
				d, err := digits(f)
				if err != nil {
					return nil, bad("number system %s: %v", f, err)
				}
				a.Systems, a.Radix = append(a.Systems, f), append(a.Radix, d)
			}
			if len(a.Radix) == 0 || a.letters() > 1<<20 {
				return nil, bad("no tracks, or too many letters")
			}
			continue
		}
		if left, right, ok := strings.Cut(text, "->"); ok {
			if cur < 0 {
				return nil, bad("a transition before any state")
			}
			fs := strings.Fields(left)
			if len(fs) != len(a.Radix) {
				return nil, bad("%d digits for %d tracks", len(fs), len(a.Radix))
			}
			ds := make([]int, len(fs))
			for i, f := range fs {
				d, err := strconv.Atoi(f)
				if err != nil || d < 0 || d >= a.Radix[i] {
					return nil, bad("digit %q out of range", f)
				}
				ds[i] = d
			}
			to := strings.Fields(right)
			if len(to) != 1 {
				return nil, bad("a deterministic automaton has one target, got %q", right)
			}
			q, err := strconv.Atoi(to[0])
			if err != nil || q < 0 || q > 1<<24 {
				return nil, bad("target %q", to[0])
			}
			l := letter(a.Radix, ds)
			if a.Next[cur][l] >= 0 && a.Next[cur][l] != int32(q) {
				return nil, bad("two targets for one letter")
			}
			a.Next[cur][l] = int32(q)
			continue
		}
		fs := strings.Fields(text)
		if len(fs) != 2 {
			return nil, bad("expected \"state accepting\", got %q", text)
		}
		q, err1 := strconv.Atoi(fs[0])
		acc, err2 := strconv.Atoi(fs[1])
		if err1 != nil || err2 != nil || q != len(a.Accept) || (acc != 0 && acc != 1) {
			return nil, bad("expected state %d and 0 or 1, got %q", len(a.Accept), text)
		}
		if (len(a.Accept)+1)*a.letters() > maxEntries {
			return nil, bad("more than %d transitions (states × letters): too large to re-check here", maxEntries)
		}
		a.Accept = append(a.Accept, acc == 1)
		row := make([]int32, a.letters())
		for i := range row {
			row[i] = -1
		}
		a.Next = append(a.Next, row)
		cur = q
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if len(a.Accept) == 0 {
		return nil, fmt.Errorf("no state")
	}
	for q, row := range a.Next {
		for _, t := range row {
			if int(t) >= len(a.Accept) {
				return nil, fmt.Errorf("state %d: transition to state %d, which is not defined", q, t)
			}
		}
	}
	return a, nil
}

// splitSystems splits a header line into fields, keeping "{0, 1}" whole.
func splitSystems(s string) []string {
	var out []string
	for s = strings.TrimSpace(s); s != ""; s = strings.TrimSpace(s) {
		if s[0] == '{' {
			end := strings.IndexByte(s, '}')
			if end < 0 {
				end = len(s) - 1
			}
			out = append(out, strings.ReplaceAll(s[:end+1], " ", ""))
			s = s[end+1:]
			continue
		}
		f := strings.Fields(s)[0]
		out = append(out, f)
		s = s[len(f):]
	}
	return out
}
