package main

import (
	"bufio"
	"bytes"
	"context"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

var (
	update     = flag.Bool("update", false, "rewrite the example outputs of README.md and docs/ (and the findings table) from real runs")
	updateOnly = flag.String("page", "", "with -update, rewrite only the pages whose file name matches this pattern (rules.md)")
)

// TestUpdateREADME, with -update, runs every `$ grundy ...` example of
// README.md and docs/ that TestREADME runs and pastes its real output
// under it; with -long too, it rewrites the findings table (docs/findings.md
// and its golden file) from a real `grundy findings` run, the whole audit;
// -page rules.md rewrites that page only. Examples run in a directory
// holding the repository's rule files (repoFiles). README's excerpt of the
// main job's output is TestREADMEExcerpt's to rewrite (-update -long).
// Review the diff before committing: the documentation must say what
// grundy does.
func TestUpdateREADME(t *testing.T) {
	if !*update {
		t.Skip("rewrites README.md and docs/ only with -update")
	}
	bin := filepath.Join(t.TempDir(), "grundy")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	findings, err := os.ReadFile(findingsGolden)
	if err != nil {
		t.Fatal(err)
	}
	if *long { // the whole audit, minutes
		cmd := exec.Command(bin, "findings", "--format", "md")
		cmd.Dir = t.TempDir()
		if findings, err = cmd.Output(); err != nil {
			t.Fatalf("grundy findings: %v", err)
		}
		if err := os.WriteFile(findingsGolden, findings, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	pages, err := docPages()
	if err != nil {
		t.Fatal(err)
	}
	for _, page := range pages {
		if *updateOnly != "" {
			ok, err := filepath.Match(*updateOnly, filepath.Base(page))
			if err != nil {
				t.Fatal(err)
			}
			if !ok {
				continue
			}
		}
		text, err := updatePage(bin, page)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(text, findingsBegin) {
			if text, err = replaceFindings(text, string(findings)); err != nil {
				t.Fatal(err)
			}
		}
		if err := os.WriteFile(page, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// updatePage is page with every example's output replaced by a real run's.
func updatePage(bin, page string) (string, error) {
	f, err := os.Open(page)
	if err != nil {
		return "", err
	}
	var lines []string
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		lines = append(lines, sc.Text())
	}
	f.Close()
	if err := sc.Err(); err != nil {
		return "", err
	}
	work, err := os.MkdirTemp("", "grundy-docs-")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(work)
	if err := copyRepoFiles(work); err != nil {
		return "", err
	}
	var out []string
	inBlock, shownOnly := false, false
	for i := 0; i < len(lines); i++ {
		line := lines[i]
		out = append(out, line)
		switch {
		case strings.HasPrefix(line, "```"):
			inBlock = !inBlock
			shownOnly = inBlock && strings.TrimPrefix(line, "```") == "text"
		case inBlock && !shownOnly && strings.HasPrefix(line, "$ grundy "):
			cmd := exec.Command(bin, shellFields(strings.TrimPrefix(line, "$ grundy "))...)
			cmd.Dir = work
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			got, err := cmd.Output()
			if err != nil && len(got) == 0 {
				got = stderr.Bytes() // a refusal: its error line is the output
			}
			out = append(out, strings.Split(strings.TrimRight(string(got), "\n"), "\n")...)
			// Skip the old output: up to the next "$ " line or the fence.
			blank := false
			for i+1 < len(lines) && !strings.HasPrefix(lines[i+1], "$ ") && !strings.HasPrefix(lines[i+1], "```") {
				i++
				blank = lines[i] == ""
			}
			if blank && i+1 < len(lines) && strings.HasPrefix(lines[i+1], "$ ") {
				out = append(out, "")
			}
		}
	}
	return strings.Join(out, "\n") + "\n", nil
}

// docs/findings.md holds `grundy findings --format md` between these
// markers; testdata/findings.md keeps the same output.
const (
	findingsBegin  = "<!-- begin: grundy findings --format md -->"
	findingsEnd    = "<!-- end: grundy findings -->"
	findingsGolden = "testdata/findings.md"
	findingsPage   = "../../docs/findings.md"
)

func replaceFindings(page, findings string) (string, error) {
	i, j := strings.Index(page, findingsBegin), strings.Index(page, findingsEnd)
	if i < 0 || j < i {
		return "", fmt.Errorf("the page lacks the markers %q … %q", findingsBegin, findingsEnd)
	}
	return page[:i+len(findingsBegin)] + "\n" + findings + page[j:], nil
}

// TestREADMEFindings checks that docs/findings.md shows the findings
// golden file verbatim (cheap); TestFindingsGolden, behind -long, checks
// the golden file against a real `grundy findings` run (the whole audit).
func TestREADMEFindings(t *testing.T) {
	page, err := os.ReadFile(findingsPage)
	if err != nil {
		t.Fatal(err)
	}
	golden, err := os.ReadFile(findingsGolden)
	if err != nil {
		t.Fatal(err)
	}
	want, err := replaceFindings(string(page), string(golden))
	if err != nil {
		t.Fatal(err)
	}
	if want != string(page) {
		t.Errorf("%s's findings table differs from %s: run go test ./cmd/grundy -run TestUpdateREADME -update", findingsPage, findingsGolden)
	}
}

var long = flag.Bool("long", false, "run the whole audit to check the findings golden file")

func TestFindingsGolden(t *testing.T) {
	if !*long {
		t.Skip("runs the whole audit; use -long")
	}
	golden, err := os.ReadFile(findingsGolden)
	if err != nil {
		t.Fatal(err)
	}
	var out, errOut strings.Builder
	if code := run(context.Background(), []string{"findings", "--format", "md"}, nil, &out, &errOut); code != 0 {
		t.Fatalf("grundy findings --format md: status %d, %s", code, errOut.String())
	}
	if out.String() != string(golden) {
		t.Errorf("grundy findings --format md differs from %s:\n%s", findingsGolden, out.String())
	}
}

// checkAllCmd heads README's excerpt of the main job's output, a ```text
// block (TestREADME does not run it: the whole audit takes a minute).
const checkAllCmd = "$ go run ./cmd/grundy check --all"

// checkAllExcerpt is the part of `grundy check --all`'s output README
// shows: the summary with the first findings, then two claims of the full
// audit (a pass and a finding) and the closing count, "…" marking each cut.
func checkAllExcerpt(out string) (string, error) {
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	const shownFindings = 6
	if len(lines) < 1+shownFindings {
		return "", fmt.Errorf("check --all printed %d lines", len(lines))
	}
	ex := append(lines[:1+shownFindings:1+shownFindings], "…")
	start := slices.Index(lines, "The full audit, claim by claim:")
	if start < 0 {
		return "", fmt.Errorf("check --all printed no full audit")
	}
	ex = append(ex, lines[start], "")
	for i, id := range []string{"000/bouton", "000/cor-18.3"} {
		block := claimBlock(lines, id)
		if block == nil {
			return "", fmt.Errorf("check --all printed no claim %s", id)
		}
		if i > 0 {
			ex = append(ex, "…")
		}
		ex = append(ex, block...)
	}
	ex = append(ex, "…", lines[len(lines)-1])
	return strings.Join(ex, "\n") + "\n", nil
}

// claimBlock is the lines of claim id's verdict in check's output.
func claimBlock(lines []string, id string) []string {
	isHead := func(l string) bool { return strings.HasPrefix(l, "PASS ") || strings.HasPrefix(l, "FAIL ") }
	for i, l := range lines {
		if isHead(l) && strings.HasPrefix(l[5:], id+" ") {
			j := i + 1
			for j < len(lines) && !isHead(lines[j]) && lines[j] != "" {
				j++
			}
			return lines[i:j]
		}
	}
	return nil
}

// replaceExcerpt puts excerpt in page's ```text block headed checkAllCmd.
func replaceExcerpt(page, excerpt string) (string, error) {
	head := "```text\n" + checkAllCmd + "\n"
	i := strings.Index(page, head)
	if i < 0 {
		return "", fmt.Errorf("no ```text block starting %q", checkAllCmd)
	}
	i += len(head)
	j := strings.Index(page[i:], "```")
	if j < 0 {
		return "", fmt.Errorf("the block of %q does not end", checkAllCmd)
	}
	return page[:i] + excerpt + page[i+j:], nil
}

// TestREADMEExcerpt, behind -long, runs `grundy check --all` and checks
// that README shows a true excerpt of it, so the counts README quotes
// cannot drift from what the audit prints; -update -long rewrites it.
func TestREADMEExcerpt(t *testing.T) {
	if !*long {
		t.Skip("runs the whole audit; use -long")
	}
	var out, errOut strings.Builder
	if code := run(context.Background(), []string{"check", "--all"}, nil, &out, &errOut); code != 0 {
		t.Fatalf("grundy check --all: status %d, %s", code, errOut.String())
	}
	excerpt, err := checkAllExcerpt(out.String())
	if err != nil {
		t.Fatal(err)
	}
	page, err := os.ReadFile(readmePage)
	if err != nil {
		t.Fatal(err)
	}
	want, err := replaceExcerpt(string(page), excerpt)
	if err != nil {
		t.Fatal(err)
	}
	if *update {
		if err := os.WriteFile(readmePage, []byte(want), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if want != string(page) {
		t.Errorf("README's excerpt of check --all is not the real output's; run go test ./cmd/grundy -run TestREADMEExcerpt -long -update. Real excerpt:\n%s", excerpt)
	}
}

func TestCheckAllExcerpt(t *testing.T) {
	out := strings.Join([]string{
		"3 claims checked: 2 pass, 1 fail. Findings: 7",
		"  f1", "  f2", "  f3", "  f4", "  f5", "  f6", "  f7",
		"The full audit, claim by claim:",
		"",
		"PASS 000/bouton  (as printed)",
		"    trust: classical",
		"PASS 000/bouton.misere  (as printed)",
		"    trust: classical",
		"FAIL 000/cor-18.3  (as printed)",
		"    verdict: no",
		"PASS 000/x",
		"3 claims checked: 2 pass, 1 fail",
	}, "\n") + "\n"
	want := strings.Join([]string{
		"3 claims checked: 2 pass, 1 fail. Findings: 7",
		"  f1", "  f2", "  f3", "  f4", "  f5", "  f6",
		"…",
		"The full audit, claim by claim:",
		"",
		"PASS 000/bouton  (as printed)",
		"    trust: classical",
		"…",
		"FAIL 000/cor-18.3  (as printed)",
		"    verdict: no",
		"…",
		"3 claims checked: 2 pass, 1 fail",
	}, "\n") + "\n"
	got, err := checkAllExcerpt(out)
	if err != nil || got != want {
		t.Errorf("checkAllExcerpt = %q, %v; want %q", got, err, want)
	}
	page := "x\n```text\n" + checkAllCmd + "\nold\n```\ny\n"
	if got, err := replaceExcerpt(page, "new\n"); err != nil || got != "x\n```text\n"+checkAllCmd+"\nnew\n```\ny\n" {
		t.Errorf("replaceExcerpt = %q, %v", got, err)
	}
}

// shellFields splits an example's arguments as the shell (and testscript)
// does for the quoting the examples use: fields apart by spaces, a
// single-quoted field taken as it is written ('004/thm-2*', a glob the
// shell must not expand).
func shellFields(s string) []string {
	var out []string
	var b strings.Builder
	quoted, in := false, false
	for _, r := range s {
		switch {
		case r == '\'':
			quoted, in = !quoted, true
		case r == ' ' && !quoted:
			if in {
				out = append(out, b.String())
				b.Reset()
			}
			in = false
		default:
			b.WriteRune(r)
			in = true
		}
	}
	if in {
		out = append(out, b.String())
	}
	return out
}
