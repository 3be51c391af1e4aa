package engine

import (
	"context"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/games"
	"github.com/grundy/grundy/solve"
	"github.com/grundy/grundy/theory"
	"github.com/grundy/grundy/theory/catalog"
)

// An Audited claim is one check result with the ledger records and the
// trust of each of its boxes, as `grundy check` reports it.
type Audited struct {
	theory.Result
	Support string          `json:"support"`
	Ref     string          `json:"ref"`
	Quote   string          `json:"quote,omitempty"`
	Proved  []theory.Record `json:"proved"`
	Trust   []grundy.Trust  `json:"trust"`
}

// AuditOptions tune Audit.
type AuditOptions struct {
	// Max is the largest pile of every box; 0 keeps each claim's own.
	Max int
	// Limits, where set, lower the audit's memory share and bound each
	// box's work, so that a box the caller cannot afford (--max 100 on
	// five piles) is refused by its estimate instead of run.
	Limits solve.Limits
	// Registry is the registry the claims are judged in, with its
	// ledger: nil for the papers' (catalog.Registry), a claim file's
	// otherwise.
	Registry *theory.Registry
	// Progress, if set, gives the progress callback of each claim's check
	// and a func called when the claim is done.
	Progress func(claim string) (report func(done, total uint64), finish func())
}

// Audit checks each claim in turn against exhaustive computation, within
// the audit's memory shares (AuditMemory, AuditCacheMemory), and hands its
// result, with its ledger records and per-box trust, to emit. Claims of
// one paper share boxes: solved ones are kept for the next claims. It
// stops at the first error of a check or of emit.
func Audit(ctx context.Context, claims []*theory.Claim, opt AuditOptions, emit func(Audited) error) error {
	reg := opt.Registry
	if reg == nil {
		reg = catalog.Registry()
	}
	tables := &theory.TableCache{Budget: AuditCacheMemory()}
	memory := AuditMemory()
	if opt.Limits.Memory > 0 && opt.Limits.Memory < memory {
		memory = opt.Limits.Memory
	}
	for _, c := range claims {
		report, finish := func(done, total uint64) {}, func() {}
		if opt.Progress != nil {
			report, finish = opt.Progress(c.ID)
		}
		res, err := theory.Check(ctx, c, theory.CheckOptions{
			Max: opt.Max, Progress: report, MemoryLimit: memory, WorkLimit: opt.Limits.Work, Tables: tables})
		finish()
		if err != nil {
			return err
		}
		a := Audited{Result: res, Support: string(c.Support), Ref: c.Ref, Quote: c.Quote,
			Proved: append([]theory.Record{}, reg.Proofs(c)...), Trust: []grundy.Trust{}}
		// With --max the boxes checked are not the claim's own: the trust
		// lines say which were.
		trusted := c.WithMax(opt.Max)
		if c.File != "" && res.Status == grundy.ClaimFail && len(res.Counterexamples) > 0 {
			// A claim file pins no refutation as a paper package does:
			// this check's smallest counterexample is it.
			refuted := *trusted
			refuted.Refuted = res.Counterexamples[0].Pos
			trusted = &refuted
		}
		for _, in := range trusted.Checks {
			if r, err := games.Parse(in.Game); err == nil {
				a.Trust = append(a.Trust, reg.Trust(trusted, r, in.Piles))
			}
		}
		if err := emit(a); err != nil {
			return err
		}
	}
	return nil
}

// Findings are the printed claims that fail among results, each with its
// readings and corrections (theory.Registry.Findings).
func Findings(results []theory.Result) []theory.Finding {
	return catalog.Registry().Findings(results)
}
