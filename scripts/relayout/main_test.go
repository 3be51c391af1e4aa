package main

import (
	"io"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"strings"
	"testing"

	"github.com/grundy/grundy/decide/numeration"
)

// The test tree below is written in the names before the moves: the
// script leaves this file's strings as written.
//
//relayout:keep

// TestRelayout runs the moves on a small module in the old layout and
// compares each file with what the moves must make of it, written by
// hand; a second run changes nothing.
func TestRelayout(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	root := t.TempDir()
	files := map[string]string{
		"go.mod": "module " + numeration.Module + "\n\ngo 1.26\n",
		// The package to be renamed, with its doc comment and a
		// relative path out of its folder.
		"rules/doc.go": "// Package rules reads rule files.\npackage rules\n",
		"rules/parse.go": `package rules

import "os"

// Parse reads the rule file; see rules/parse.go and go test ./rules.
func Parse() ([]byte, error) { return os.ReadFile("../docs/x.md") }
`,
		"rules/parse_test.go": "package rules_test\n",
		// A user: a qualifier renamed, imports re-sorted; a second user
		// with a local variable named like the new package keeps the
		// old qualifier by name.
		"cmd/a.go": `package cmd

import (
	"github.com/grundy/grundy/prove"
	"github.com/grundy/grundy/rules"
	"github.com/grundy/grundy/theory"
)

// run calls rules.Parse (package rules) and prove.Result; "rules" and
// rulesets/nim.rules are words and files, docs/rules/x.rules a doc.
func run() {
	_, _ = rules.Parse()
	_ = prove.Result
	_ = theory.X
	_ = "go test ./prove/... and ../rules/parse.go, not discover/GAME"
}
`,
		"web/b.go": `package web

import "github.com/grundy/grundy/rules"

func lang() { _, _ = rules.Parse() }
`,
		"engine/seam_test.go": `package engine

var library = []string{"solve", "prove", "certificate/recheck", "rules"}
`,
		"docs/x.md":           "Package `discover` reads `rules/parse.go`; run `go test ./automata`.\n",
		"docs/development.md": "# Dev\n\n| `rules` | the language |\n| `certificate/recheck` | its checker |\n\n### The layout to come (planned)\n\nold text\n\n## The seam\n\nkept\n",
	}
	for _, rn := range numeration.Renames {
		if _, ok := files[rn.Old+"/doc.go"]; !ok {
			files[rn.Old+"/doc.go"] = "package " + path.Base(rn.Old) + "\n"
		}
	}
	files["certificate/recheck/r.go"] = "package recheck\n"
	files["theory/t.go"] = "package theory\n\nvar X int\n"
	files["prove/p.go"] = "package prove\n\nvar Result int\n"
	files["rulesets/nim.rules"] = "ruleset nim\n"
	for name, text := range files {
		p := filepath.Join(root, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	git := func(args ...string) {
		t.Helper()
		cmd := exec.Command("git", args...)
		cmd.Dir = root
		cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@t", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@t")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	git("init", "-q")
	git("add", ".")
	git("commit", "-qm", "old layout")

	r, err := newRelayout(root)
	if err != nil {
		t.Fatal(err)
	}
	r.log = io.Discard
	if err := r.run(false); err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]string{
		"games/lang/doc.go": "// Package lang reads rule files.\npackage lang\n",
		"games/lang/parse.go": `package lang

import "os"

// Parse reads the rule file; see games/lang/parse.go and go test ./games/lang.
func Parse() ([]byte, error) { return os.ReadFile("../../docs/x.md") }
`,
		"games/lang/parse_test.go": "package lang_test\n",
		"cmd/a.go": `package cmd

import (
	"github.com/grundy/grundy/games/lang"
	"github.com/grundy/grundy/proof/smt"
	"github.com/grundy/grundy/theory"
)

// run calls lang.Parse (package lang) and smt.Result; "rules" and
// games/families/nim.rules are words and files, docs/rules/x.rules a doc.
func run() {
	_, _ = lang.Parse()
	_ = smt.Result
	_ = theory.X
	_ = "go test ./proof/smt/... and ../games/lang/parse.go, not discover/GAME"
}
`,
		"web/b.go": `package web

import rules "github.com/grundy/grundy/games/lang"

func lang() { _, _ = rules.Parse() }
`,
		"engine/seam_test.go": `package engine

var library = []string{"solve", "proof/smt", "proof/certificate/recheck", "games/lang"}
`,
		"docs/x.md":                      "Package `proof/search` reads `games/lang/parse.go`; run `go test ./decide/numeration`.\n",
		"proof/certificate/recheck/r.go": "package recheck\n",
		"games/families/nim.rules":       "ruleset nim\n",
	} {
		got, err := os.ReadFile(filepath.Join(root, name))
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if string(got) != want {
			t.Errorf("%s after the moves:\n%s\nwant:\n%s", name, got, want)
		}
	}
	dev, err := os.ReadFile(filepath.Join(root, "docs/development.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"| `games/lang` | the language |", "| `proof/certificate/recheck` | its checker |", "### The layers", "## The seam\n\nkept\n"} {
		if !strings.Contains(string(dev), want) {
			t.Errorf("docs/development.md after the moves lacks %q:\n%s", want, dev)
		}
	}
	if strings.Contains(string(dev), "old text") {
		t.Errorf("docs/development.md keeps the layout to come:\n%s", dev)
	}
	if _, err := os.Stat(filepath.Join(root, "rules")); !os.IsNotExist(err) {
		t.Errorf("rules/ is still there after the moves (%v)", err)
	}

	git("commit", "-qam", "moved")
	r, err = newRelayout(root)
	if err != nil {
		t.Fatal(err)
	}
	r.log = io.Discard
	if err := r.run(false); err != nil || len(r.moves) != 0 || r.changed != 0 {
		t.Errorf("second run: %d moves, %d files changed, %v; want none", len(r.moves), r.changed, err)
	}

	// A folder at both its old and new places is refused.
	if err := os.MkdirAll(filepath.Join(root, "automata"), 0o755); err != nil {
		t.Fatal(err)
	}
	if _, err := newRelayout(root); err == nil || !strings.Contains(err.Error(), "both automata and decide/numeration exist") {
		t.Errorf("with both automata and decide/numeration: %v, want a refusal naming both", err)
	}
}
