package literature

import (
	"bufio"
	"cmp"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/grundy/grundy/games"
	"github.com/grundy/grundy/theory"
	"github.com/grundy/grundy/theory/catalog"
	"github.com/grundy/grundy/theory/claimtext"
)

// files are the paper folders: every file one level down.
//
//go:embed */*
var files embed.FS

// A Paper is one folder: its claims and what it could not state.
type Paper struct {
	ID     string // the folder's name
	Title  string // README's first line
	Claims []*theory.Claim
	// Unstated are the results the folder records but cannot check.
	Unstated []Unstated
}

// An Unstated result is one the folder records without a claim: the
// language lacks a construct (Unstateable), or the paper's text could
// not be read, so nothing is stated (Unreached).
type Unstated struct {
	Label string // PAPER/LABEL
	Ref   string
	Quote string
	// Kind is "not stateable" or "not reached"; Why names the missing
	// construct or what could not be read.
	Kind, Why string
}

// Unstated kinds.
const (
	Unstateable = "not stateable"
	Unreached   = "not reached"
)

func init() {
	// The rule files become families before anything parses a ruleset:
	// claims and commands name them.
	if err := addFamilies(files); err != nil {
		panic("literature: " + err.Error()) // embedded: every test run reports it
	}
	catalog.Literature = Claims
}

func addFamilies(fsys fs.FS) error {
	rulesFiles, err := fs.Glob(fsys, "*/*"+games.RulesExt)
	if err != nil {
		return err
	}
	// A rule may name another folder's rule ("P-position of nim-star"):
	// each pass adds what binds, until one adds nothing.
	pending := rulesFiles
	for len(pending) > 0 {
		var left []string
		var first error
		for _, name := range pending {
			text, err := fs.ReadFile(fsys, name)
			if err != nil {
				return err
			}
			if err := games.AddFamily("literature/"+name, string(text)); err != nil {
				left = append(left, name)
				first = cmp.Or(first, err)
			}
		}
		if len(left) == len(pending) {
			return first
		}
		pending = left
	}
	dirs, err := fs.ReadDir(fsys, ".")
	if err != nil {
		return err
	}
	for _, d := range dirs {
		if !d.IsDir() {
			continue
		}
		title, err := readTitle(fsys, d.Name())
		if err != nil {
			return err
		}
		theory.PaperTitles[d.Name()] = title
	}
	return nil
}

func readTitle(fsys fs.FS, dir string) (string, error) {
	b, err := fs.ReadFile(fsys, path.Join(dir, "README.md"))
	if err != nil {
		return "", fmt.Errorf("paper %s has no README.md: %w", dir, err)
	}
	first, _, _ := strings.Cut(string(b), "\n")
	title, ok := strings.CutPrefix(first, "# ")
	if !ok || strings.TrimSpace(title) == "" {
		return "", fmt.Errorf("%s/README.md: the first line is not \"# TITLE\"", dir)
	}
	return strings.TrimSpace(title), nil
}

// Papers are the papers of the literature folder, by ID.
var Papers = sync.OnceValue(func() []*Paper {
	ps, err := load(files)
	if err != nil {
		panic("literature: " + err.Error()) // embedded: every test run reports it
	}
	return ps
})

// Claims are every paper's claims, for the registry.
func Claims() []*theory.Claim {
	var out []*theory.Claim
	for _, p := range Papers() {
		out = append(out, p.Claims...)
	}
	return out
}

func load(fsys fs.FS) ([]*Paper, error) {
	dirs, err := fs.ReadDir(fsys, ".")
	if err != nil {
		return nil, err
	}
	var out []*Paper
	for _, d := range dirs {
		if !d.IsDir() {
			continue
		}
		p, err := loadPaper(fsys, d.Name())
		if err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, nil
}

func loadPaper(fsys fs.FS, id string) (*Paper, error) {
	title, err := readTitle(fsys, id)
	if err != nil {
		return nil, err
	}
	p := &Paper{ID: id, Title: title}
	name := path.Join(id, "paper.claims")
	src, err := fs.ReadFile(fsys, name)
	if err == nil {
		if err := p.readClaims("literature/"+name, src); err != nil {
			return nil, err
		}
	} else if !errors.Is(err, fs.ErrNotExist) {
		return nil, err
	}
	for _, c := range goClaims(id) {
		c.Paper = id
		p.Claims = append(p.Claims, c)
	}
	return p, nil
}

// directives are one claim's "#: KEY VALUE" lines.
type directives map[string]string

var keys = []string{"ref", "quote", "support", "reading-of", "weakening-of", "change", "refuted", "note", "unstateable", "unreached"}

// readClaims reads a paper.claims: claimtext parses the claim lines (the
// directives are comments to it), and each claim takes the directives
// written above it.
func (p *Paper) readClaims(name string, src []byte) error {
	f, err := claimtext.Parse(name, src)
	if err != nil {
		return err
	}
	byLine := map[int]directives{}
	cur := directives{}
	sc := bufio.NewScanner(strings.NewReader(string(src)))
	sc.Buffer(nil, claimtext.MaxFile)
	for line := 1; sc.Scan(); line++ {
		t := strings.TrimSpace(sc.Text())
		switch {
		case strings.HasPrefix(t, "#:"):
			k, v, _ := strings.Cut(strings.TrimSpace(t[2:]), " ")
			if !slices.Contains(keys, k) {
				return fmt.Errorf("%s:%d: unknown directive %q (want one of %s)", name, line, k, strings.Join(keys, ", "))
			}
			if _, dup := cur[k]; dup {
				return fmt.Errorf("%s:%d: directive %s given twice for one claim", name, line, k)
			}
			cur[k] = strings.TrimSpace(v)
			if k == "unstateable" || k == "unreached" {
				u, err := p.unstated(name, line, cur)
				if err != nil {
					return err
				}
				p.Unstated = append(p.Unstated, u)
				cur = directives{}
			}
		case t == "" || strings.HasPrefix(t, "#"):
		default:
			byLine[line] = cur
			cur = directives{}
		}
	}
	if len(cur) > 0 {
		return fmt.Errorf("%s: directives at the end of the file belong to no claim", name)
	}
	tcs := f.Theory()
	for i, c := range f.Claims {
		if err := p.claim(name, tcs[i], c, byLine[c.Line]); err != nil {
			return err
		}
	}
	return nil
}

func (p *Paper) unstated(name string, line int, d directives) (Unstated, error) {
	kind, rest := Unstateable, d["unstateable"]
	if r, ok := d["unreached"]; ok {
		kind, rest = Unreached, r
	}
	label, why, ok := strings.Cut(rest, ":")
	if !ok || !claimtext.ValidLabel(strings.TrimSpace(label)) || strings.TrimSpace(why) == "" {
		return Unstated{}, fmt.Errorf(`%s:%d: want "#: %s LABEL: WHY"`, name, line, map[string]string{Unstateable: "unstateable", Unreached: "unreached"}[kind])
	}
	if d["ref"] == "" {
		return Unstated{}, fmt.Errorf("%s:%d: %s needs a #: ref", name, line, label)
	}
	return Unstated{Label: p.ID + "/" + strings.TrimSpace(label), Ref: d["ref"], Quote: unquote(d["quote"]), Kind: kind, Why: strings.TrimSpace(why)}, nil
}

var supports = map[string]theory.Support{"paper-proof": theory.PaperProof, "classical": theory.Classical, "reported": theory.Reported, "table": theory.Table}

// claim turns a claim file's claim into the paper's: cited by the
// paper, not the file, with the directives' reference, words and kind.
func (p *Paper) claim(name string, tc *theory.Claim, c *claimtext.Claim, d directives) error {
	where := fmt.Sprintf("%s:%d", name, c.Line)
	if d["ref"] == "" {
		return fmt.Errorf("%s: claim %s needs a \"#: ref\" line above it", where, tc.ID)
	}
	if strings.Contains(d["ref"], ",") {
		// A citation is "TITLE, REF": the web's audit cuts it at its
		// last comma to head a paper's claims.
		return fmt.Errorf("%s: claim %s: a ref without commas, please (%q)", where, tc.ID, d["ref"])
	}
	tc.ID = p.ID + "/" + tc.ID
	tc.Paper, tc.Ref, tc.File, tc.Quote = p.ID, d["ref"], "", unquote(d["quote"])
	tc.Note = strings.Trim(strings.Join([]string{tc.Note, d["note"]}, "; "), "; ")
	if c.Corrects != "" {
		if d["change"] == "" {
			return fmt.Errorf("%s: correction %s needs a \"#: change\" line", where, tc.ID)
		}
		tc.Corrects, tc.Change = p.ID+"/"+c.Corrects, d["change"]
	} else {
		s, ok := supports[d["support"]]
		if !ok {
			return fmt.Errorf("%s: claim %s needs \"#: support\" paper-proof, classical, reported or table, not %q", where, tc.ID, d["support"])
		}
		tc.Support = s
	}
	for _, k := range []string{"reading-of", "weakening-of"} {
		v, ok := d[k]
		if !ok {
			continue
		}
		label, how, ok := strings.Cut(v, ":")
		if !ok || strings.TrimSpace(how) == "" {
			return fmt.Errorf(`%s: want "#: %s LABEL: HOW"`, where, k)
		}
		parent := p.ID + "/" + strings.TrimSpace(label)
		if k == "reading-of" {
			tc.ReadingOf, tc.Reading = parent, strings.TrimSpace(how)
		} else {
			tc.WeakeningOf, tc.Weakening = parent, strings.TrimSpace(how)
		}
	}
	tc.Refuted = d["refuted"]
	p.Claims = append(p.Claims, tc)
	return nil
}

// unquote drops the quotation marks around a directive's quote.
func unquote(s string) string {
	if u, err := strconv.Unquote(s); err == nil {
		return u
	}
	return strings.Trim(s, `"“”`)
}
