package recheck

import (
	"context"
	"fmt"

	"github.com/grundy/grundy/internal/memlimit"
)

// Options bound a re-check.
type Options struct {
	// MaxBytes bounds the bytes the re-check holds: its automata and its
	// searches' states, each charged before it is stored. Zero means
	// three eighths of what this process may still take — the least of
	// MemAvailable, its memory cgroup's headroom and its RLIMIT_AS and
	// RLIMIT_DATA (package internal/memlimit): the three quarters the
	// engine gives a box, halved because Go's collector lets the heap
	// grow to twice what is live (GOGC=100; measured on (3,1)-Wythoff's
	// search: 2.2× the bytes charged in resident memory).
	MaxBytes uint64
	// ProjectMost bounds the states of each track's subset construction
	// when an ∃ is projected; past it the ∃ is followed on the fly. Zero
	// means 20,000; a negative value follows every ∃ on the fly (a test
	// compares the two ways).
	ProjectMost int
}

// A TooBigError is a re-check stopped at its memory bound: Step is what
// it was building, Limit the bytes it may take and Source where that
// limit comes from.
type TooBigError struct {
	Step   string
	Limit  uint64
	Source string
}

func (e *TooBigError) Error() string {
	return fmt.Sprintf("%s past %s, the re-checker's memory bound (%s)", e.Step, size(e.Limit), e.Source)
}

// size words a number of bytes.
func size(n uint64) string {
	switch {
	case n >= 10<<30:
		return fmt.Sprintf("%d GiB", n>>30)
	case n >= 10<<20:
		return fmt.Sprintf("%d MiB", n>>20)
	}
	return fmt.Sprintf("%d KiB", n>>10)
}

// A budget counts the bytes a re-check holds against its limit.
type budget struct {
	limit, used uint64
	source      string
	projectMost int // Options.ProjectMost, carried where the budget goes
	// ctx stops a re-check: every search and construction charges the
	// budget as it stores, so the charge is where a cancel is seen.
	ctx   context.Context
	takes uint
}

func (o Options) budget() *budget {
	if o.MaxBytes > 0 {
		return &budget{limit: o.MaxBytes, source: "as given", projectMost: o.ProjectMost}
	}
	bound := memlimit.Read().Binding()
	return &budget{limit: bound.Headroom / 8 * 3, source: fmt.Sprintf("three eighths of the %s left by %s", size(bound.Headroom), bound.Source),
		projectMost: o.ProjectMost}
}

// take charges n bytes, or refuses them past the limit.
func (b *budget) take(n uint64, step string) error {
	// A cancel is read every 1024 charges: the charges come a state at
	// a time, and ctx.Err takes a lock.
	if b.takes++; b.takes%1024 == 0 && b.ctx != nil {
		if err := b.ctx.Err(); err != nil {
			return err
		}
	}
	if b.used+n > b.limit {
		return &TooBigError{Step: step, Limit: b.limit, Source: b.source}
	}
	b.used += n
	return nil
}

// give returns n bytes taken.
func (b *budget) give(n uint64) { b.used -= min(n, b.used) }
