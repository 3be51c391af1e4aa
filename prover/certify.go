package prover

import (
	"context"
	"slices"
	"time"

	"github.com/grundy/grundy/decide/numeration"
	"github.com/grundy/grundy/engine"
	"github.com/grundy/grundy/games"
	"github.com/grundy/grundy/proof/automatic"
	"github.com/grundy/grundy/proof/certificate"
	"github.com/grundy/grundy/proof/certificate/recheck"
	prove "github.com/grundy/grundy/proof/smt"
	"github.com/grundy/grundy/theory"
	"github.com/grundy/grundy/theory/catalog"
)

// A Certified is one certificate written (or not) by Certify.
type Certified struct {
	ID    string
	Game  string
	Piles int
	SMT   bool   // SMT-LIB problems, not Walnut files
	Dir   string // where it was written
	// Held lists the conditions the separate re-checker found to hold
	// (automata certificates).
	Held    []string
	Solvers string // who answered unsat (SMT certificates)
	Err     error  // why it was not written, or failed its re-check
}

// Recheck re-verifies the automata certificate in dir on the re-checker's
// own code path (package proof/certificate/recheck).
func Recheck(dir string) ([]recheck.Verdict, error) { return recheck.Recheck(dir) }

// Certify writes, under dir, the certificate of every automata record of
// the claims ids (or all), each re-checked at once, and with smt the
// SMT-LIB problems of every SMT record too (proved again by solvers
// within timeout a problem); emit hears of each.
func Certify(ctx context.Context, ids []string, all bool, dir string, smt bool, solvers prove.Portfolio, timeout time.Duration, emit func(Certified) error) error {
	reg := catalog.Registry()
	want := func(id string) bool { return all || slices.Contains(ids, id) }
	autos, err := theory.CommittedAutoLedger()
	if err != nil {
		return err
	}
	saved := numeration.MaxStates
	defer func() { numeration.MaxStates = saved }()
	for _, rec := range autos.Records {
		if !want(rec.ID) {
			continue
		}
		if err := ctx.Err(); err != nil {
			return err
		}
		out := Certified{ID: rec.ID, Game: rec.Game, Piles: rec.Piles}
		c, _ := reg.Lookup(rec.ID)
		// The automata are rebuilt under the state bound the proof had
		// (ProveAutomata's, from memory): a move relation compiled from
		// a rule (Splythoff's dealing) needs more than the default.
		numeration.MaxStates = saved
		if r, err := games.Parse(rec.Game); err == nil {
			numeration.MaxStates = max(automatic.StatesFor(autoSystem(c, r), rec.Piles, engine.AutomataMemory()), 1000)
		}
		out.Dir, out.Err = certificate.Automata(dir, c, rec)
		if out.Err == nil {
			var vs []recheck.Verdict
			vs, out.Err = recheck.Options{}.RecheckContext(ctx, out.Dir)
			if ctx.Err() != nil {
				return ctx.Err()
			}
			for _, v := range vs {
				if v.OK {
					out.Held = append(out.Held, v.Name)
				} else if out.Err == nil {
					out.Err = &failedCondition{v}
				}
			}
		}
		if err := emit(out); err != nil {
			return err
		}
	}
	if !smt {
		return nil
	}
	proofs, err := theory.CommittedLedger()
	if err != nil {
		return err
	}
	for _, rec := range proofs.Records {
		if !want(rec.ID) {
			continue
		}
		c, ok := reg.Lookup(rec.ID)
		if !ok {
			continue
		}
		var refs []*theory.Claim
		for _, id := range rec.Via {
			ref, _ := reg.Lookup(id)
			refs = append(refs, ref)
		}
		out := Certified{ID: rec.ID, Game: rec.Game, Piles: rec.Piles, SMT: true, Solvers: solvers.String()}
		out.Dir, out.Err = certificate.SMT(ctx, dir, c, refs, rec, solvers, timeout)
		if err := ctx.Err(); err != nil {
			return err
		}
		if err := emit(out); err != nil {
			return err
		}
	}
	return nil
}

// failedCondition is a re-check that found a condition false.
type failedCondition struct{ v recheck.Verdict }

func (f *failedCondition) Error() string {
	return "re-check: " + f.v.Name + " fails at " + f.v.Witness
}
