package main

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite README.md's example outputs (and its findings section) from real runs")

// TestUpdateREADME, with -update, runs every `$ grundy ...` example of
// README.md that TestREADME runs and pastes its real output under it.
// Review the diff before committing: the README must say what grundy does.
func TestUpdateREADME(t *testing.T) {
	if !*update {
		t.Skip("rewrites README.md only with -update")
	}
	bin := filepath.Join(t.TempDir(), "grundy")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	const readme = "../../README.md"
	f, err := os.Open(readme)
	if err != nil {
		t.Fatal(err)
	}
	var lines []string
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		lines = append(lines, sc.Text())
	}
	f.Close()
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	work := t.TempDir()
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
			cmd := exec.Command(bin, strings.Fields(strings.TrimPrefix(line, "$ grundy "))...)
			cmd.Dir = work
			got, _ := cmd.Output() // exit status is README's to show, not ours
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
	cmd := exec.Command(bin, "findings", "--format", "md")
	cmd.Dir = work
	findings, err := cmd.Output()
	if err != nil {
		t.Fatalf("grundy findings: %v", err)
	}
	if err := os.WriteFile(findingsGolden, findings, 0o644); err != nil {
		t.Fatal(err)
	}
	text, err := replaceFindings(strings.Join(out, "\n")+"\n", string(findings))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(readme, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

// README's "What the audit finds" holds `grundy findings --format md`
// between these markers; testdata/findings.md keeps the same output.
const (
	findingsBegin  = "<!-- begin: grundy findings --format md -->"
	findingsEnd    = "<!-- end: grundy findings -->"
	findingsGolden = "testdata/findings.md"
)

func replaceFindings(readme, findings string) (string, error) {
	i, j := strings.Index(readme, findingsBegin), strings.Index(readme, findingsEnd)
	if i < 0 || j < i {
		return "", fmt.Errorf("README.md lacks the markers %q … %q", findingsBegin, findingsEnd)
	}
	return readme[:i+len(findingsBegin)] + "\n" + findings + readme[j:], nil
}

// TestREADMEFindings checks that README shows the findings golden file
// verbatim (cheap); TestFindingsGolden, behind -long, checks the golden
// file against a real `grundy findings` run (the whole audit).
func TestREADMEFindings(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	golden, err := os.ReadFile(findingsGolden)
	if err != nil {
		t.Fatal(err)
	}
	want, err := replaceFindings(string(readme), string(golden))
	if err != nil {
		t.Fatal(err)
	}
	if want != string(readme) {
		t.Errorf("README's findings section differs from %s: run go test ./cmd/grundy -run TestUpdateREADME -update", findingsGolden)
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
