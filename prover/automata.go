package prover

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"math/big"
	"os"
	"runtime"
	"runtime/debug"
	"time"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/decide/numeration"
	"github.com/grundy/grundy/engine"
	"github.com/grundy/grundy/games"
	"github.com/grundy/grundy/internal/atomicfile"
	"github.com/grundy/grundy/internal/plural"
	"github.com/grundy/grundy/internal/readfile"
	"github.com/grundy/grundy/proof/automatic"
	"github.com/grundy/grundy/theory"
)

// AutomataTargets are the claims of the registry that have automata
// (package automatic).
func AutomataTargets() ([]*theory.Claim, error) {
	reg := engine.Registry()
	var out []*theory.Claim
	for _, t := range automatic.Targets() {
		c, ok := reg.Lookup(t.ID)
		if !ok {
			return nil, fmt.Errorf("automatic target %s is not a claim", t.ID)
		}
		out = append(out, c)
	}
	return out, nil
}

// HasAutomaton reports whether claim id has an automaton.
func HasAutomaton(id string) bool {
	_, ok := automatic.TargetOf(id)
	return ok
}

// HasFormulaAutomaton reports whether c, a claim with no target (a claim
// file's), may be proved by automata from its formula
// (automatic.ProveFormula): it has a formula and no where clause, and
// its ruleset's moves have an automaton.
func HasFormulaAutomaton(c *theory.Claim) bool {
	if c.Formula == nil || c.Domain != nil || len(c.Checks) == 0 {
		return false
	}
	r, err := games.Parse(c.Checks[0].Game)
	return err == nil && automatic.Supports(r)
}

// autoSystem is the numeration system c is proved in on r: its target's,
// or base 2 for a claim proved from its formula.
func autoSystem(c *theory.Claim, r grundy.Ruleset) numeration.System {
	if t, ok := automatic.TargetOf(c.ID); ok {
		return t.System(r)
	}
	return numeration.Base(2)
}

// An AutoRun is `grundy prove --automata` over claims that have automata.
type AutoRun struct {
	Claims []*theory.Claim
	// Game, if set, proves on this ruleset only (with the pile count of
	// the claim's first default game when none of them is it).
	Game string
	// Record, if set, is the automata ledger this run's proofs are merged
	// into as they come.
	Record string
	// MaxStates bounds every automaton built (0: the largest bound whose
	// estimate, automatic.EstimateBytes, fits in engine.AutomataMemory,
	// for each instance); a construction beyond it gives unknown.
	MaxStates int
	// Budget is the CPU time each claim × game instance may take (its
	// own thread's: the proof runs on one locked OS thread); past it
	// the instance is unknown with bound "time" and the next goes on.
	// 0: none.
	Budget time.Duration
	// RecordedBudget, when above Budget, is the budget of an instance
	// that has a record in the ledger (Record's, else the committed
	// one), whatever its construction digest: a result proved before is
	// given the room to prove again, a new one only Budget.
	RecordedBudget time.Duration
}

// An AutoSummary counts a run's results by verdict.
type AutoSummary struct {
	Ran    int
	Counts map[string]int
	// Skipped names the claims of a selection of several that do not
	// speak of AutoRun.Game (a family's member for another ruleset),
	// each with the reason; they were not attempted.
	Skipped []string
	// Bounds counts the unknown results by the bound that stopped them
	// (automatic.Result.Bound).
	Bounds map[string]int
}

// DefaultAutoBudget and DefaultRecordedBudget are AutoRun.Budget and
// AutoRun.RecordedBudget when none is given. Measured (2026-11-28): the
// 69 ledger instances of prove --automata --all re-prove in 61 s of CPU
// together, at most 6.8 s each, so 5 min leaves them room on any
// machine; about 67 of its 136 instances do not prove, and at 10 s (up
// to 17 s: a minimization has no checkpoint) they are 11–13 minutes of
// the run, which is about 14 minutes of CPU in all.
const (
	DefaultAutoBudget     = 10 * time.Second
	DefaultRecordedBudget = 5 * time.Minute
)

// ProveAutomata proves run.Claims with finite automata, each on its
// default games or on run.Game, handing each result to emit.
//
// It is refused with a *MemoryError, before anything is built, when the
// worst case of an instance under a given state bound
// (automatic.EstimateBytes) would not fit in engine.AutomataMemory; with
// no bound given, each instance gets the largest that fits, read from
// engine.AutomataMemory when it starts. Go's memory limit is set to that
// memory for the run, so the collector holds the heap near what is live.
func ProveAutomata(ctx context.Context, run AutoRun, emit func(automatic.Result) error) (AutoSummary, error) {
	sum := AutoSummary{Counts: map[string]int{}, Bounds: map[string]int{}}
	maxStates := run.MaxStates
	type job struct {
		c  *theory.Claim
		in automatic.Instance
		r  grundy.Ruleset
	}
	var jobs []job
	var worst *MemoryError
	for _, c := range run.Claims {
		t, ok := automatic.TargetOf(c.ID)
		if !ok {
			// A claim file's claim: its one instance.
			t = &automatic.Target{ID: c.ID, Instances: []automatic.Instance{{Game: c.Checks[0].Game, Piles: c.Checks[0].Piles}}}
		}
		ins := t.Instances
		if run.Game != "" {
			r, err := games.Parse(run.Game)
			if err != nil {
				return sum, err
			}
			ins = nil
			for _, in := range t.Instances {
				if in.Game == r.Name() {
					ins = append(ins, in)
				}
			}
			if len(ins) == 0 {
				piles := t.Instances[0].Piles
				if len(run.Claims) > 1 && !c.Applies(r, piles) {
					// One member of a selected family may be for
					// another ruleset: the others still run.
					sum.Skipped = append(sum.Skipped, fmt.Sprintf("%s: does not speak of %s of %s", c.ID, plural.Count(piles, "pile"), r.Name()))
					continue
				}
				ins = []automatic.Instance{{Game: r.Name(), Piles: piles}}
			}
		}
		for _, in := range ins {
			r, err := games.Parse(in.Game)
			if err != nil {
				return sum, err
			}
			jobs = append(jobs, job{c, in, r})
			if maxStates == 0 {
				continue
			}
			need := automatic.EstimateBytes(autoSystem(c, r), in.Piles, maxStates)
			if worst == nil || need.Cmp(worst.Need) > 0 {
				worst = &MemoryError{Claim: c.ID, Game: in.Game, Piles: in.Piles, MaxStates: maxStates, Need: need}
			}
		}
	}
	if have := engine.AutomataMemory(); worst != nil && worst.Need.Cmp(new(big.Int).SetUint64(have)) > 0 {
		worst.Have = have
		return sum, worst
	}
	saved, savedBytes := numeration.MaxStates, numeration.MaxBytes
	defer func() { numeration.MaxStates, numeration.MaxBytes = saved, savedBytes }()
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(int64(min(engine.AutomataMemory(), math.MaxInt64))))
	defer func(s func() bool) { numeration.Spent = s }(numeration.Spent)
	// One thread for the whole run, so each instance's CPU clock is its
	// own (the proofs are sequential).
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	recorded := map[string]bool{}
	if run.RecordedBudget > run.Budget && run.Budget > 0 {
		l, err := theory.CommittedAutoLedger()
		if run.Record != "" {
			l, err = readAutoLedger(run.Record)
		}
		if err != nil {
			return sum, err
		}
		for _, rec := range l.Records {
			recorded[autoKey(rec.ID, rec.Game, rec.Piles)] = true
		}
	}
	date := time.Now().UTC().Format("2006-01-02")
	var recs []theory.AutoRecord
	var ran []automatic.Result
	for _, j := range jobs {
		c, in, r := j.c, j.in, j.r
		numeration.MaxStates = maxStates
		if maxStates == 0 {
			mem := engine.AutomataMemory()
			numeration.MaxStates = max(automatic.StatesFor(autoSystem(c, r), in.Piles, mem), 1000)
			// The ∀∃ test's pairs hold sets of any size: bounded by
			// their bytes, half the memory (the rest to the automata
			// it reads and the collector).
			numeration.MaxBytes = int64(min(mem/2, math.MaxInt64))
		}
		numeration.Spent = nil
		cpu0 := threadCPU()
		if budget := run.Budget; budget > 0 {
			if recorded[autoKey(c.ID, r.Name(), in.Piles)] {
				budget = run.RecordedBudget
			}
			end := cpu0 + budget
			numeration.Spent = func() bool { return threadCPU() > end }
		}
		_, target := automatic.TargetOf(c.ID)
		var res automatic.Result
		var err error
		if target {
			res, err = automatic.Prove(ctx, c, r, in.Piles)
		} else {
			res, err = automatic.ProveFormula(ctx, c, r, in.Piles)
		}
		res.CPU = float64((threadCPU() - cpu0).Milliseconds()) / 1000
		if err != nil {
			return sum, err
		}
		ran = append(ran, res)
		sum.Ran++
		sum.Counts[res.Status]++
		if res.Status == automatic.Unknown {
			b := res.Bound
			if b == "" {
				b = "other"
			}
			sum.Bounds[b]++
		}
		// A proof from a claim file's formula is not recorded: the
		// automata ledger's records are rebuilt from the papers'
		// targets (theory.AutoRecord), which a file's claim has none of.
		if res.Status == automatic.Proved && target {
			rec, err := automatic.Record(c, res, date)
			if err != nil {
				return sum, err
			}
			recs = append(recs, rec)
		}
		if err := emit(res); err != nil {
			return sum, err
		}
		if run.Record != "" {
			if err := writeAutoLedger(run.Record, ran, recs); err != nil {
				return sum, &Failure{err}
			}
		}
	}
	return sum, nil
}

// A MemoryError is an automata run whose worst case would not fit: the
// instance with the largest estimate, the state bound it was made for,
// the estimate (automatic.EstimateBytes) and the memory it may take.
type MemoryError struct {
	Claim, Game string
	Piles       int
	MaxStates   int
	Need        *big.Int
	Have        uint64
}

func (e *MemoryError) Error() string {
	return fmt.Sprintf("automata proof of %s on %s of %s: automata of up to %d states need up to %s, more than the %s it may take",
		e.Claim, plural.Count(e.Piles, "pile"), e.Game, e.MaxStates, plural.Bytes(e.Need), plural.Bytes(new(big.Int).SetUint64(e.Have)))
}

func autoKey(id, game string, piles int) string { return fmt.Sprintf("%s|%s|%d", id, game, piles) }

// readAutoLedger reads the automata ledger at path (empty when there is
// none yet).
func readAutoLedger(path string) (theory.AutoLedger, error) {
	var old theory.AutoLedger
	if b, err := readfile.Read(path, "ledger", theory.MaxLedger); err == nil {
		if err := json.Unmarshal(b, &old); err != nil {
			return old, fmt.Errorf("ledger %s: %w", path, err)
		}
	} else if !errors.Is(err, os.ErrNotExist) {
		return old, err
	}
	return old, nil
}

// writeAutoLedger merges this run into the automata ledger at path, as
// writeLedger does for SMT proofs.
func writeAutoLedger(path string, ran []automatic.Result, recs []theory.AutoRecord) error {
	old, err := readAutoLedger(path)
	if err != nil {
		return err
	}
	key := autoKey
	redone := map[string]bool{}
	for _, r := range ran {
		redone[key(r.ID, r.Game, r.Piles)] = true
	}
	var merged []theory.AutoRecord
	for _, rec := range old.Records {
		if !redone[key(rec.ID, rec.Game, rec.Piles)] {
			merged = append(merged, rec)
		}
	}
	merged = append(merged, recs...)
	return atomicfile.Write(path, func(w io.Writer) error { return theory.WriteAutoLedger(w, merged) })
}
