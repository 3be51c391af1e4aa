package prover

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"strings"
	"time"

	"github.com/grundy/grundy/internal/atomicfile"
	"github.com/grundy/grundy/internal/plural"
	"github.com/grundy/grundy/internal/readfile"
	"github.com/grundy/grundy/proof/smt"
	"github.com/grundy/grundy/theory"
)

// A Run is a `grundy prove` over claims: each on every instance (game and
// pile count) of its checks or of Range, with a ledger of what was proved.
type Run struct {
	Claims   []*theory.Claim
	Registry *theory.Registry // the claims' registry, whose ledger holds earlier proofs
	Range    smt.Range        // nil: each claim's checks
	// All skips a claim whose instances cannot be listed, saying why,
	// instead of refusing the run.
	All bool
	// Options tune each proof; Options.Slots, when nil, bounds the
	// solver processes of the whole run to the number of CPUs.
	Options smt.Options
	Workers int           // jobs proved at once
	Budget  time.Duration // solver CPU time per claim and game; 0: none
	// Record, if set, is the ledger file this run's proofs are merged
	// into, as they come, under the heading Note.
	Record, Note string
	// Stage, if set, hears of each pass as it starts and gives the pass's
	// progress callback and what to call when it ends.
	Stage func(what string) (report func(done, total uint64), finish func())
}

// A Summary is what a run did: the results handed over, their verdicts,
// and the claims not attempted with the reason.
type Summary struct {
	Ran     int
	Counts  map[smt.Status]int
	Skipped []string
}

// A Failure is an error of the run itself rather than of what it was
// asked (a ledger that cannot be written, an interrupted run, an output
// that fails); the front end words it as such.
type Failure struct{ Err error }

func (f *Failure) Error() string { return f.Err.Error() }
func (f *Failure) Unwrap() error { return f.Err }

// ProveClaims proves run.Claims, handing each result to emit as it is
// settled. A claim whose domain moves may leave waits for a second pass,
// where it is derived from the claims proved directly (in this run or in
// the registry's ledger); those it could rest on that are not proved yet
// are proved first. An interrupted run still hands over and records every
// result it finished.
func ProveClaims(ctx context.Context, run Run, emit func(smt.Result) error) (Summary, error) {
	sum := Summary{Counts: map[smt.Status]int{}}
	type job = ProveJob
	var jobs []job
	for _, c := range run.Claims {
		if c.Formula == nil {
			sum.Skipped = append(sum.Skipped, fmt.Sprintf("%s: not expressible — its closed form is Go code, not a Presburger formula", c.ID))
			continue
		}
		ins, err := smt.Instances(c, run.Range)
		if err != nil {
			if run.All {
				sum.Skipped = append(sum.Skipped, fmt.Sprintf("%s: %v", c.ID, err))
				continue
			}
			return sum, err
		}
		if len(ins) == 0 {
			sum.Skipped = append(sum.Skipped, fmt.Sprintf("%s: no instance (the claim speaks of none of the ranged parameters)", c.ID))
		}
		for _, in := range ins {
			if _, err := smt.Encode(in.Ruleset, in.Piles); err != nil {
				sum.Skipped = append(sum.Skipped, fmt.Sprintf("%s on %s: not expressible — %v", c.ID, in.Ruleset.Name(), err))
				continue
			}
			var np *smt.NotPresburgerError
			if err := smt.Presburger(c, in); errors.As(err, &np) {
				sum.Skipped = append(sum.Skipped, fmt.Sprintf("%s on %s: not Presburger: %s (the nim-sum; automata decide it)", c.ID, in.Ruleset.Name(), np.Construct))
				continue
			}
			jobs = append(jobs, job{Claim: c, Instance: in})
		}
	}
	stage := run.Stage
	if stage == nil {
		stage = func(string) (func(done, total uint64), func()) { return nil, func() {} }
	}
	reg := run.Registry
	date := time.Now().UTC().Format("2006-01-02")
	var recs []theory.Record
	var ranKeys []string // each result's ledger identity
	emitResult := func(j job, res smt.Result) error {
		sum.Ran++
		ranKeys = append(ranKeys, ledgerKey(j.Claim.LedgerKey(), res.Game, res.Piles))
		sum.Counts[res.Status]++
		if res.Status == smt.Proved {
			rec, err := smt.NewRecord(j.Claim, j.Instance, res, date)
			if err != nil {
				return err
			}
			recs = append(recs, rec)
		}
		if run.Record != "" {
			// Merged as results come: an interrupted run keeps what it
			// proved.
			if err := writeLedger(run.Record, run.Note, ranKeys, recs); err != nil {
				return err
			}
		}
		return emit(res)
	}
	if run.Options.Slots == nil {
		// Never more solver processes than cores, whatever the jobs and
		// the portfolio: more would share the cores and only delay
		// every answer.
		run.Options.Slots = smt.NewSlots(runtime.NumCPU())
	}
	if run.Options.Cache == nil {
		// One cache for every pass: the second sends problems the first
		// has solved (a closure shared by claims on one game).
		run.Options.Cache = smt.NewCache()
	}
	opts := func(report func(done, total uint64)) ProveOptions {
		return ProveOptions{Prove: run.Options, Workers: run.Workers, Budget: run.Budget, Progress: report}
	}
	// First the direct proofs; a claim whose domain moves can leave waits
	// for the second pass.
	direct := map[string]bool{}
	// attempted holds every claim and instance the first pass proved
	// directly, whatever the verdict: the second pass never proves one
	// again (it would be printed and counted twice).
	attempted := map[string]bool{}
	key := func(id string, in smt.Instance) string {
		return fmt.Sprintf("%s|%s|%d", id, in.Ruleset.Name(), in.Piles)
	}
	type pending struct {
		j   job
		res smt.Result
	}
	var waiting []pending
	// An interrupted run still writes every result it finished: those the
	// first pass held for the second are written as they stand.
	held := map[string]bool{}
	flushHeld := func(err error) error {
		for _, w := range waiting {
			if k := key(w.j.Claim.ID, w.j.Instance); held[k] {
				held[k] = false
				if err := emitResult(w.j, w.res); err != nil {
					return &Failure{err}
				}
			}
		}
		return &Failure{err}
	}
	report, finish := stage(fmt.Sprintf("proving %s and games on %s", plural.Count(len(jobs), "claim"), plural.Count(run.Workers, "worker")))
	err := ProveJobs(ctx, jobs, opts(report), func(j job, res smt.Result) error {
		attempted[key(j.Claim.ID, j.Instance)] = true
		if res.Status == smt.Proved {
			direct[key(j.Claim.ID, j.Instance)] = true
		}
		if res.Status == smt.Unknown && len(res.Obligations) == 1 && res.Obligations[0].Name == "closure" {
			waiting = append(waiting, pending{j, res})
			held[key(j.Claim.ID, j.Instance)] = true
			return nil
		}
		return emitResult(j, res)
	})
	finish()
	if err != nil {
		return sum, flushHeld(err)
	}
	// Second pass, in parallel and within the budget like the first: the
	// claims the waiting ones could rest on that this run has not proved
	// for their game yet (their default checks differ) are proved
	// directly, and shown; then each waiting claim is derived from those
	// proved.
	var refJobs []job
	for _, w := range waiting {
		for _, ref := range candidateRefs(reg, w.j.Claim, w.j.Instance) {
			k := key(ref.ID, w.j.Instance)
			if _, recorded := reg.Proof(ref, w.j.Instance.Ruleset, w.j.Instance.Piles); attempted[k] || recorded {
				continue
			}
			attempted[k] = true
			refJobs = append(refJobs, job{Claim: ref, Instance: w.j.Instance})
		}
	}
	if len(refJobs) > 0 {
		report, finish := stage(fmt.Sprintf("proving %s other claims may rest on", plural.Count(len(refJobs), "claim")))
		err = ProveJobs(ctx, refJobs, opts(report), func(j job, res smt.Result) error {
			if res.Status == smt.Proved {
				direct[key(j.Claim.ID, j.Instance)] = true
			}
			return emitResult(j, res)
		})
		finish()
		if err != nil {
			return sum, flushHeld(err)
		}
	}
	var derive []job
	first := map[string]smt.Result{} // the first pass's result, by key
	for _, w := range waiting {
		if refs := provedRefs(reg, w.j.Claim, w.j.Instance, direct, key); len(refs) > 0 {
			derive = append(derive, job{Claim: w.j.Claim, Instance: w.j.Instance, Via: refs})
			first[key(w.j.Claim.ID, w.j.Instance)] = w.res
			continue
		}
		held[key(w.j.Claim.ID, w.j.Instance)] = false
		if err := emitResult(w.j, w.res); err != nil {
			return sum, &Failure{err}
		}
	}
	if len(derive) > 0 {
		report, finish := stage(fmt.Sprintf("deriving %s from proved ones", plural.Count(len(derive), "claim")))
		err = ProveJobs(ctx, derive, opts(report), func(j job, derived smt.Result) error {
			res := first[key(j.Claim.ID, j.Instance)]
			held[key(j.Claim.ID, j.Instance)] = false
			if derived.Status != smt.Unknown {
				res = derived
			} else {
				res.Reason += "; from " + strings.Join(derived.Via, ", ") + ": " + derived.Reason
			}
			return emitResult(job{Claim: j.Claim, Instance: j.Instance}, res)
		})
		finish()
		if err != nil {
			return sum, flushHeld(err)
		}
	}
	if run.Record != "" {
		if err := writeLedger(run.Record, run.Note, ranKeys, recs); err != nil {
			return sum, &Failure{err}
		}
	}
	return sum, nil
}

// ledgerKey names a result in a ledger: the claim's ledger identity, game
// and pile count.
func ledgerKey(id, game string, piles int) string { return fmt.Sprintf("%s|%s|%d", id, game, piles) }

// writeLedger merges this run into the ledger at path, headed by note:
// records of the games and pile counts proved now (ran, by ledgerKey)
// replace old ones, and a game this run failed to prove loses its old
// record.
func writeLedger(path, note string, ran []string, recs []theory.Record) error {
	var old theory.Ledger
	if b, err := readfile.Read(path, "ledger", theory.MaxLedger); err == nil {
		if err := json.Unmarshal(b, &old); err != nil {
			return fmt.Errorf("ledger %s: %w", path, err)
		}
	} else if !errors.Is(err, os.ErrNotExist) {
		return err
	}
	redone := map[string]bool{}
	for _, k := range ran {
		redone[k] = true
	}
	var merged []theory.Record
	for _, rec := range old.Records {
		if !redone[ledgerKey(rec.ID, rec.Game, rec.Piles)] {
			merged = append(merged, rec)
		}
	}
	// Two labels of a claim file may state one claim: one record each.
	seen := map[string]bool{}
	for _, rec := range recs {
		if k := ledgerKey(rec.ID, rec.Game, rec.Piles); !seen[k] {
			seen[k] = true
			merged = append(merged, rec)
		}
	}
	return atomicfile.Write(path, func(w io.Writer) error { return theory.WriteLedgerNote(w, note, merged) })
}

// provedRefs lists the claims c may rest on for in: same family, pile
// count and quantity, with a formula, proved directly for in — in this
// run or by a direct record of reg's ledger.
func provedRefs(reg *theory.Registry, c *theory.Claim, in smt.Instance, direct map[string]bool, key func(string, smt.Instance) string) []*theory.Claim {
	var refs []*theory.Claim
	for _, ref := range candidateRefs(reg, c, in) {
		rec, recorded := reg.Proof(ref, in.Ruleset, in.Piles)
		if direct[key(ref.ID, in)] || recorded && len(rec.Via) == 0 {
			refs = append(refs, ref)
		}
	}
	return refs
}

// candidateRefs lists the claims c could rest on for in: another claim
// with a formula, of the same quantity, speaking of in.
func candidateRefs(reg *theory.Registry, c *theory.Claim, in smt.Instance) []*theory.Claim {
	var out []*theory.Claim
	for _, ref := range reg.All() {
		if ref != c && ref.Quantity == c.Quantity && ref.Formula != nil && ref.Applies(in.Ruleset, in.Piles) && smt.Presburger(ref, in) == nil {
			out = append(out, ref)
		}
	}
	return out
}
