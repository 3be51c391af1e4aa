package render

import (
	"fmt"
	"io"
	"strings"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/engine"
	"github.com/grundy/grundy/internal/plural"
	"github.com/grundy/grundy/theory"
)

// CheckResult writes one claim's verdict: the reading or correction it is,
// its statement, every box with its count, every kind of failure with its
// smallest counterexample, the verdict, and how far grundy established it.
func CheckResult(w io.Writer, a engine.Audited) error {
	ew := &errWriter{w: w}
	ew.printf("%s %s  (%s; %s, %s)\n", strings.ToUpper(string(a.Status)), a.ID, a.Role, a.Support, a.Ref)
	ew.printf("    statement: %s\n", a.Statement)
	if a.Note != "" {
		ew.printf("    note: %s\n", a.Note)
	}
	for _, in := range a.Instances {
		failed := ""
		if in.Failed > 0 {
			failed = fmt.Sprintf(", %d fail", in.Failed)
		}
		ew.printf("    box %s: %s checked%s\n", in.Box, plural.Count(in.Checked, "position"), failed)
	}
	if len(a.Failures) > 0 {
		ew.printf("    failures (%s):\n", plural.Count(len(a.Failures)+a.MoreKinds, "kind"))
		for _, f := range a.Failures {
			ew.printf("      %s: %s, smallest (%s) of %s\n", f.Kind, plural.Count(f.Count, "position"), f.Smallest.Pos, f.Smallest.Game)
		}
		if a.MoreKinds > 0 {
			ew.printf("      … and %d more %s\n", a.MoreKinds, plural.Noun(a.MoreKinds, "kind"))
		}
	}
	if a.Verdict != "" {
		ew.printf("    verdict: %s\n", a.Verdict)
	}
	seen := map[string]bool{}
	for _, t := range a.Trust {
		if line := t.String(); !seen[line] {
			seen[line] = true
			ew.printf("    trust: %s\n", line)
		}
	}
	return ew.err
}

// errWriter keeps the first write error, so a report of many lines checks
// it once.
type errWriter struct {
	w   io.Writer
	err error
}

func (e *errWriter) printf(format string, args ...any) {
	if e.err == nil {
		_, e.err = fmt.Fprintf(e.w, format, args...)
	}
}

// Findings writes the errors of the papers as text.
func Findings(w io.Writer, fs []theory.Finding) error {
	ew := &errWriter{w: w}
	if len(fs) == 0 {
		ew.printf("no findings: every printed claim holds in its boxes\n")
		return ew.err
	}
	for i, f := range fs {
		if i > 0 {
			ew.printf("\n")
		}
		where, stated := f.Ref, "stated:   " // a claim file's claim: its file and line
		if title := theory.PaperTitles[f.Paper]; title != "" {
			where, stated = title+", "+f.Ref, "printed:  "
		}
		ew.printf("%s  %s\n", f.Claim, where)
		ew.printf("  %s%s\n", stated, f.Statement)
		if f.Quote != "" {
			ew.printf("  quote:    %s\n", f.Quote)
		}
		ew.printf("  checked:  %s in %s\n", plural.Count(f.Checked, "position"), strings.Join(f.Box, "; "))
		for _, k := range f.Failures {
			ew.printf("  fails:    %s — %s, smallest (%s) of %s\n", k.Kind, plural.Count(k.Count, "position"), k.Smallest.Pos, k.Smallest.Game)
		}
		ew.printf("  verdict:  %s\n", f.Verdict)
		for _, o := range f.Readings {
			ew.printf("  reading   %s (%s): %s\n", o.ID, o.Change, outcomeText(o))
		}
		for _, o := range f.Weakenings {
			ew.printf("  weaker    %s: %s\n", o.ID, o.Statement)
			ew.printf("            gives up: %s\n", o.Change)
			ew.printf("            %s (the printed claim stays false)\n", outcomeText(o))
		}
		for _, o := range f.Corrections {
			ew.printf("  corrected %s: %s\n", o.ID, o.Statement)
			ew.printf("            changed: %s\n", o.Change)
			ew.printf("            %s\n", outcomeText(o))
		}
		if len(f.Corrections) == 0 && len(f.HoldsUnder) == 0 {
			ew.printf("  corrected: no correction registered\n")
		}
	}
	return ew.err
}

func outcomeText(o theory.Outcome) string {
	switch o.Status {
	case grundy.ClaimFail:
		return fmt.Sprintf("FAILS too, at (%s) of %s", o.Counterexample.Pos, o.Counterexample.Game)
	case grundy.ClaimEmpty:
		return "checked no position"
	}
	var ts []string
	for _, t := range o.Trust {
		ts = append(ts, t.Kind.String()+" ("+t.Detail+")")
	}
	return fmt.Sprintf("holds: %s checked; %s", plural.Count(o.Checked, "position"), strings.Join(ts, "; "))
}

// shortOutcome is outcomeText without the details a table cell repeats:
// each trust's kind and scope only, worded as check and value word them.
func shortOutcome(o theory.Outcome) string {
	if o.Status != grundy.ClaimPass {
		return outcomeText(o)
	}
	var ts []string
	for _, t := range o.Trust {
		s := string(t.Kind)
		if t.Scope != "" {
			s += " " + t.Scope
		}
		ts = append(ts, s)
	}
	return "holds (" + strings.Join(ts, "; ") + ")"
}

// FindingsMarkdown writes the errors of the papers as a Markdown table,
// the form README's "What the audit finds" shows.
func FindingsMarkdown(w io.Writer, fs []theory.Finding) error {
	ew := &errWriter{w: w}
	ew.printf("| claim | where | what is wrong | smallest counterexample | correction |\n|---|---|---|---|---|\n")
	for _, f := range fs {
		ce := smallest(f, "—")
		var fixes []string
		for _, o := range f.Readings {
			if o.Status == grundy.ClaimPass {
				fixes = append(fixes, fmt.Sprintf("holds under reading `%s` (%s)", o.ID, o.Change))
			}
		}
		for _, o := range f.Weakenings {
			fixes = append(fixes, fmt.Sprintf("only weaker: `%s`, a weakening (%s) — %s; the printed claim stays false",
				o.ID, o.Change, shortOutcome(o)))
		}
		for _, o := range f.Corrections {
			fixes = append(fixes, fmt.Sprintf("`%s`: %s — %s", o.ID, o.Change, shortOutcome(o)))
		}
		if len(fixes) == 0 {
			fixes = append(fixes, "none registered")
		}
		where := strings.TrimSpace(f.Paper + " " + f.Ref) // a claim file's claim has no paper
		ew.printf("| `%s` | %s | %s | %s | %s |\n", f.Claim, where, mdCell(f.Verdict), mdCell(ce), mdCell(strings.Join(fixes, "; ")))
	}
	return ew.err
}

func mdCell(s string) string { return strings.ReplaceAll(strings.ReplaceAll(s, "|", "\\|"), "\n", " ") }

// FindingsSummary writes the head of `grundy check --all`: how many claims
// pass and fail, then one line per finding — the printed claim that fails,
// where, its smallest counterexample and what grundy established instead.
// The full audit follows it.
func FindingsSummary(w io.Writer, fs []theory.Finding, total int, counts map[grundy.ClaimStatus]int) error {
	ew := &errWriter{w: w}
	ew.printf("%s checked: %d pass, %d fail. Findings: %d printed %s of the papers %s (the failures of readings and corrections are counted with their claim):\n",
		plural.Count(total, "claim"), counts[grundy.ClaimPass], counts[grundy.ClaimFail], len(fs), plural.Noun(len(fs), "claim"), plural.Pick(len(fs), "fails", "fail"))
	for _, f := range fs {
		ce := smallest(f, "no counterexample kept")
		var fixes []string
		for _, o := range f.Readings {
			if o.Status == grundy.ClaimPass {
				fixes = append(fixes, "holds under reading "+o.ID)
			}
		}
		for _, o := range f.Weakenings {
			if o.Status == grundy.ClaimPass {
				fixes = append(fixes, "only the weaker "+o.ID+" holds (a weakening)")
			} else {
				fixes = append(fixes, "the weaker "+o.ID+" fails too")
			}
		}
		for _, o := range f.Corrections {
			if o.Status == grundy.ClaimPass {
				fixes = append(fixes, o.ID+" holds")
			} else {
				fixes = append(fixes, o.ID+" fails too")
			}
		}
		if len(fixes) == 0 {
			fixes = append(fixes, "no correction registered")
		}
		ew.printf("  %s (%s %s): %s; %s\n", f.Claim, f.Paper, f.Ref, ce, strings.Join(fixes, ", "))
	}
	ew.printf("The full audit, claim by claim:\n\n")
	return ew.err
}

// smallest is a finding's smallest counterexample, or none when it kept
// none.
func smallest(f theory.Finding, none string) string {
	best := f.Smallest
	if best.Pos == "" {
		return none
	}
	return fmt.Sprintf("%s at (%s): claims %s, is %s", best.Game, best.Pos, best.Claimed, best.Computed)
}

// CheckSummary is the last line of `grundy check`'s text: how many claims
// were checked and how they fared.
func CheckSummary(w io.Writer, total int, counts map[grundy.ClaimStatus]int) error {
	summary := fmt.Sprintf("%s checked: %d pass, %d fail", plural.Count(total, "claim"), counts[grundy.ClaimPass], counts[grundy.ClaimFail])
	if n := counts[grundy.ClaimEmpty]; n > 0 {
		summary += fmt.Sprintf(", %d checked no position (box too small)", n)
	}
	_, err := fmt.Fprintln(w, summary)
	return err
}

// AuditReport writes a whole audit as `grundy check` prints it in text:
// with every claim, the findings first (FindingsSummary); then each
// claim (CheckResult) and the summary line (CheckSummary).
func AuditReport(w io.Writer, r *engine.AuditReport) error {
	counts := r.Counts()
	if r.All {
		if err := FindingsSummary(w, r.Findings, len(r.Claims), counts); err != nil {
			return err
		}
	}
	for _, a := range r.Claims {
		if err := CheckResult(w, a); err != nil {
			return err
		}
	}
	return CheckSummary(w, len(r.Claims), counts)
}

// AuditReportJSON writes a whole audit as `grundy check --json` prints
// it: one claim's result a line.
func AuditReportJSON(w io.Writer, r *engine.AuditReport) error {
	for _, a := range r.Claims {
		if err := JSON(w, a); err != nil {
			return err
		}
	}
	return nil
}
