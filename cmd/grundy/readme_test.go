package main

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
)

// TestREADME runs every `$ grundy ...` example of README.md and of every
// page of docs/ and compares its output with the text pasted there, so the
// documentation cannot rot. Each fenced block is a script of its own, run
// in parallel with the others, except that a block using a file an
// earlier block of the page wrote (`-o DIR`) joins that block's script.
func TestREADME(t *testing.T) {
	pages, err := docPages()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	var files []string
	for _, page := range pages {
		scripts, n, err := readmeScripts(page)
		if err != nil {
			t.Fatal(err)
		}
		if n == 0 && page == readmePage {
			t.Fatal("README.md has no `$ grundy` examples")
		}
		for i, script := range scripts {
			name := strings.TrimSuffix(filepath.Base(page), ".md")
			path := filepath.Join(dir, fmt.Sprintf("%s%02d.txtar", name, i))
			if err := os.WriteFile(path, []byte(script), 0o644); err != nil {
				t.Fatal(err)
			}
			files = append(files, path)
		}
	}
	testscript.Run(t, testscript.Params{Files: files, Setup: func(env *testscript.Env) error {
		return copyRepoFiles(env.WorkDir)
	}})
}

// repoFiles are the repository's files the examples may name by their
// paths from its root (docs/rules/slow-or-greedy.rules): each example
// runs in a directory holding a copy of them, as if in the repository.
var repoFiles = []string{"docs/rules/*.rules", "games/families/*.rules"}

// copyRepoFiles copies repoFiles into dir, at the same paths.
func copyRepoFiles(dir string) error {
	for _, pattern := range repoFiles {
		paths, err := filepath.Glob(filepath.Join("../..", pattern))
		if err != nil {
			return err
		}
		for _, p := range paths {
			b, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			rel, err := filepath.Rel("../..", p)
			if err != nil {
				return err
			}
			dst := filepath.Join(dir, rel)
			if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
				return err
			}
			if err := os.WriteFile(dst, b, 0o644); err != nil {
				return err
			}
		}
	}
	return nil
}

// readmePage is README.md, and docPages it and every page of docs/.
const readmePage = "../../README.md"

func docPages() ([]string, error) {
	docs, err := filepath.Glob("../../docs/*.md")
	return append([]string{readmePage}, docs...), err
}

// readmeScripts turns README's examples into testscripts: each example is
// a line "$ grundy ARGS" in a fenced block, followed by its output up to
// the next "$ " line or the end of the block. Blocks fenced as "```text"
// are shown, not run: their output holds timings or solver races.
func readmeScripts(readme string) ([]string, int, error) {
	f, err := os.Open(readme)
	if err != nil {
		return nil, 0, err
	}
	defer f.Close()
	type example struct {
		args   string
		out    []string
		script int
	}
	var examples []example
	inBlock, shownOnly := false, false
	scripts := 0
	written := map[string]int{} // file or directory name → script writing it
	blockScript := -1
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "```"):
			inBlock = !inBlock
			shownOnly = inBlock && strings.TrimPrefix(line, "```") == "text"
			if inBlock {
				blockScript = -1
				// A new block's lines belong to no earlier example (a
				// ```go block after a ```-fenced run, say).
				examples = append(examples, example{})
			}
		case shownOnly:
		case inBlock && strings.HasPrefix(line, "$ grundy "):
			args := strings.TrimPrefix(line, "$ grundy ")
			fields := strings.Fields(args)
			for _, a := range fields {
				if s, ok := written[a]; ok && blockScript < 0 {
					blockScript = s
				}
			}
			if blockScript < 0 {
				blockScript = scripts
				scripts++
			}
			for i, a := range fields {
				if (a == "-o" || a == "--out") && i+1 < len(fields) {
					written[fields[i+1]] = blockScript
				}
			}
			examples = append(examples, example{args: args, script: blockScript})
		case inBlock && strings.HasPrefix(line, "$ "):
			examples = append(examples, example{}) // another command: not ours
		case inBlock && len(examples) > 0:
			e := &examples[len(examples)-1]
			e.out = append(e.out, line)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, 0, err
	}
	cmds, files := make([]strings.Builder, scripts), make([]strings.Builder, scripts)
	n := 0
	for _, e := range examples {
		if e.args == "" {
			continue
		}
		for len(e.out) > 0 && e.out[len(e.out)-1] == "" {
			e.out = e.out[:len(e.out)-1]
		}
		n++
		// An example whose output is grundy's error line shows a refusal:
		// it must fail, with that line on stderr.
		if len(e.out) > 0 && strings.HasPrefix(e.out[0], "grundy: ") {
			fmt.Fprintf(&cmds[e.script], "! exec grundy %s\ncmp stderr want%d\n", e.args, n)
		} else {
			fmt.Fprintf(&cmds[e.script], "exec grundy %s\ncmp stdout want%d\n", e.args, n)
		}
		fmt.Fprintf(&files[e.script], "-- want%d --\n%s\n", n, strings.Join(e.out, "\n"))
	}
	out := make([]string, scripts)
	for i := range out {
		out[i] = cmds[i].String() + files[i].String()
	}
	return out, n, nil
}
