package presburger

import (
	"context"
	"errors"
	"fmt"
	"time"
)

// BytesPerState is what one state of an automaton under construction
// costs at most: its transitions, level and acceptance (11 bytes), its
// entry in the construction's index (a map key of up to a subset's
// members, counted at 64 bytes) and the queue.
const BytesPerState = 96

// DefaultMaxStates bounds any one automaton: 4·10⁶ states, about
// 384 MB by BytesPerState.
const DefaultMaxStates = 4_000_000

// A Budget bounds a decision: the states any automaton may reach, the CPU
// time of the deciding thread, and a context. Its zero value bounds the
// states by DefaultMaxStates and nothing else.
type Budget struct {
	MaxStates int
	CPU       time.Duration // 0: no limit
	Ctx       context.Context

	cpu   func() time.Duration // the thread's CPU time so far
	start time.Duration
	ticks int
}

// ErrTooBig is wrapped by the error of a decision that would build an
// automaton past the budget's states.
var ErrTooBig = errors.New("automaton over its state bound")

// ErrCPU is wrapped by the error of a decision past its CPU time.
var ErrCPU = errors.New("CPU limit reached")

// maxStates is the bound in force: MaxStates, at most 2^24 (products
// pack two state numbers in a 64-bit key).
func (b *Budget) maxStates() int {
	if b.MaxStates > 0 {
		return min(b.MaxStates, 1<<24)
	}
	return DefaultMaxStates
}

// state is called as an automaton reaches n states.
func (b *Budget) state(n int) error {
	if n > b.maxStates() {
		return fmt.Errorf("%w: more than %d states (about %d MB)", ErrTooBig, b.maxStates(), b.maxStates()*BytesPerState>>20)
	}
	if n&1023 == 0 {
		return b.tick()
	}
	return nil
}

// tick checks the context and, every so often, the CPU time.
func (b *Budget) tick() error {
	b.ticks++
	if b.Ctx != nil {
		if err := b.Ctx.Err(); err != nil {
			return err
		}
	}
	if b.CPU > 0 && b.cpu != nil && b.ticks&63 == 0 {
		if used := b.cpu() - b.start; used > b.CPU {
			return fmt.Errorf("%w: %v of CPU", ErrCPU, b.CPU)
		}
	}
	return nil
}
