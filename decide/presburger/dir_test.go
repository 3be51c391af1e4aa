package presburger

import (
	"flag"
	"os"
	"path/filepath"
	"testing"
	"time"
)

var smtDir = flag.String("smtdir", "", "decide every .smt2 file of this directory (a `prove --emit` directory) and print the answers")

func TestDir(t *testing.T) {
	if *smtDir == "" {
		t.Skip("no -smtdir")
	}
	files, _ := filepath.Glob(filepath.Join(*smtDir, "*.smt2"))
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		start := time.Now()
		res, err := Decide(string(src), nil, &Budget{CPU: 10 * time.Second, MaxStates: 1_000_000})
		verdict := "unsat"
		if err != nil {
			verdict = "unknown: " + err.Error()
		} else if res.Sat {
			verdict = "sat"
		}
		t.Logf("%s\t%s\t%.3f\t%d", filepath.Base(f), verdict, time.Since(start).Seconds(), res.States)
	}
}
