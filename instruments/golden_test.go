package instruments

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"io"
	"os"
	"path/filepath"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// TestGolden pins the text, CSV, LaTeX and JSON forms of the instruments'
// answers. The values in them are checked against the papers by the other
// tests; these files catch changes of layout and field names. Regenerate
// with go test ./instruments -update and review the diff.
func TestGolden(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct {
		name, what string
		write      func(w io.Writer) error
	}{
		{"classify.txt", "grundy classify slow-exact:k=2 --piles 3 --max 8 --list 1,2", func(w io.Writer) error {
			c, err := Classify(ctx, table(t, "slow-exact:k=2", 3, 8), ClassifyOptions{List: [][2]int{{1, 2}}})
			if err != nil {
				return err
			}
			return c.WriteText(w)
		}},
		{"classify.json", "grundy classify slow-exact:k=2 --piles 3 --max 8 --json", func(w io.Writer) error {
			c, err := Classify(ctx, table(t, "slow-exact:k=2", 3, 8), ClassifyOptions{})
			if err != nil {
				return err
			}
			return writeJSON(w, c)
		}},
		{"parity.txt", "grundy parity slow-moore:k=2 --piles 3 --max 6", func(w io.Writer) error {
			r, err := Parity(ctx, table(t, "slow-moore:k=2", 3, 6), ParityOptions{})
			if err != nil {
				return err
			}
			return r.WriteText(w)
		}},
		{"parity-fails.json", "grundy parity slow-moore:k=2 --piles 6 --max 4 --what outcome --json", func(w io.Writer) error {
			r, err := Parity(ctx, table(t, "slow-moore:k=2", 6, 4), ParityOptions{What: "outcome"})
			if err != nil {
				return err
			}
			return writeJSON(w, r)
		}},
		{"shift.json", "grundy shift slow-exact:k=2 0,0,0,2,2 --max 8 --kind Pm --json", func(w io.Writer) error {
			v, err := CheckShift(ctx, table(t, "slow-exact:k=2", 5, 8), []int{0, 0, 0, 2, 2}, ShiftOptions{Kind: ShiftPm})
			if err != nil {
				return err
			}
			return writeJSON(w, v)
		}},
		{"shift-search.txt", "grundy shift slow-exact:k=2 --piles 4 --max 6 --search 2 --kind gpm", func(w io.Writer) error {
			s, err := SearchShifts(ctx, table(t, "slow-exact:k=2", 4, 6), 2, ShiftOptions{Kind: ShiftGpm})
			if err != nil {
				return err
			}
			return s.WriteText(w)
		}},
		{"exceptions.txt", "grundy exceptions --piles 4 --max 11", func(w io.Writer) error {
			r, err := Exceptions(ctx, 4, 11, nil, ExceptionsOptions{})
			if err != nil {
				return err
			}
			return r.WriteText(w)
		}},
		{"ppos.txt", "grundy ppos wythoff-oe:s=2,t=3 --max 40", func(w io.Writer) error {
			return ppos(t, "wythoff-oe:s=2,t=3", 40, false).WriteText(w)
		}},
		{"ppos.csv", "grundy ppos wythoff --max 20 --format csv", func(w io.Writer) error {
			return ppos(t, "wythoff", 20, false).WriteCSV(w)
		}},
		{"ppos.tex", "grundy ppos wythoff-ee --max 20 --format latex", func(w io.Writer) error {
			return ppos(t, "wythoff-ee", 20, false).WriteLaTeX(w)
		}},
	} {
		var b bytes.Buffer
		b.WriteString("# " + c.what + "\n")
		if err := c.write(&b); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		path := filepath.Join("testdata", c.name)
		if *update {
			if err := os.MkdirAll("testdata", 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(path)
		if err != nil {
			t.Fatalf("%v (run go test ./instruments -update)", err)
		}
		if !bytes.Equal(b.Bytes(), want) {
			t.Errorf("%s differs from %s:\n%s", c.what, path, b.String())
		}
	}
}

func writeJSON(w io.Writer, v any) error {
	e := json.NewEncoder(w)
	e.SetIndent("", "  ")
	return e.Encode(v)
}
