package games

import (
	"crypto/sha256"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/games/lang"
	"github.com/grundy/grundy/internal/readfile"
)

// RulesExt is how a rule file's name ends: a ruleset spec PATH.rules or
// PATH.rules:p=v,… is read from that file.
const RulesExt = ".rules"

// rulesPath splits a spec into a rule file's path, the digest it names
// (PATH.rules@HASH, a ruleset's canonical Name; "" when none) and its
// parameters, when the spec names a rule file.
func rulesPath(spec string) (path, digest, args string, ok bool) {
	i := strings.Index(spec, RulesExt)
	for i >= 0 {
		end := i + len(RulesExt)
		rest := spec[end:]
		if at, ok := strings.CutPrefix(rest, "@"); ok {
			digest, args, _ = strings.Cut(at, ":")
			if isDigest(digest) {
				return spec[:end], digest, args, true
			}
		}
		if end == len(spec) {
			return spec, "", "", true
		}
		if spec[end] == ':' {
			return spec[:end], "", spec[end+1:], true
		}
		j := strings.Index(spec[end:], RulesExt)
		if j < 0 {
			break
		}
		i = end + j
	}
	return "", "", "", false
}

// digestLen is the length of a rule's digest in its name: 4 bytes of
// SHA-256 in hex, enough to tell the versions of one rule apart.
const digestLen = 8

func isDigest(s string) bool {
	if len(s) != digestLen {
		return false
	}
	for _, c := range s {
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f') {
			return false
		}
	}
	return true
}

// ruleDigest identifies a rule by what decides its moves (comments and
// prose aside): the HASH of its Name.
func ruleDigest(f *lang.File) string {
	sum := sha256.Sum256([]byte(semantic(f)))
	return fmt.Sprintf("%x", sum[:digestLen/2])
}

// IsRulesPath reports whether spec names a rule file, which Parse would
// read from the file system (a server refuses such specs from requests
// and takes rule text through RuleText instead).
func IsRulesPath(spec string) bool {
	_, _, _, ok := rulesPath(strings.TrimSpace(spec))
	return ok
}

// LoadRules reads the rule file path (at most lang.MaxText bytes, a
// regular file) and builds its ruleset with the parameters args
// ("k=2,s=1"; defaults for the rest). See RuleText for what it returns.
// The web server must never call it with a path from a request: it
// reads the file system.
func LoadRules(path, args string) (grundy.Ruleset, error) {
	return loadRules(path, "", args)
}

// StaleRulesError is a spec PATH.rules@HASH whose file's moves have
// changed since the name was given (a stored table's or a claim's).
type StaleRulesError struct {
	Path       string
	Want, Have string // the digest named, the file's digest now
}

func (e *StaleRulesError) Error() string {
	return fmt.Sprintf("rule file %s has changed: its moves digest to %s, not %s", e.Path, e.Have, e.Want)
}

// loadRules is LoadRules, refusing a file whose digest is not digest
// (when given).
func loadRules(path, digest, args string) (grundy.Ruleset, error) {
	text, err := readRuleFile(path)
	if err != nil {
		return nil, err
	}
	return ruleset(text, path, digest, args, path)
}

// readRuleFile reads a rule file: a regular file of at most lang.MaxText
// bytes.
func readRuleFile(path string) (string, error) {
	// Opened without blocking and checked on the open file: a FIFO put
	// in the file's place between a check and the open would wait.
	b, err := readfile.Regular(path, "rule file", lang.MaxText)
	if err != nil {
		return "", err
	}
	return string(b), nil
}

// RuleText builds the ruleset of a rule given as text (the web's rule
// editor, the JSON API), with the parameters args. It reads no file.
//
// A rule that is one of the built-in families (the same piles, roles,
// parameters and moves as its file in rulesets/, whatever the comments,
// source and about lines say) gives that family's hand-written ruleset,
// so every theorem of the papers still answers for it. Any other rule is
// a user ruleset: SpecOf gives it the zero Spec, so no paper's theorem
// is applied to it; only exhaustive computation is. A user rule may not
// take a built-in family's name. Its Name is NAME@HASH:p=v,… where HASH
// identifies the rule's moves (two different rules never share a name in
// a cache or a stored table); a rule file's is PATH@HASH:p=v,…, which
// Parse reads back, refusing the file once its moves have changed.
func RuleText(text, args string) (grundy.Ruleset, error) {
	return ruleset(text, "", "", args, "")
}

// RulesError is a rule text's error with the spec it came from.
type RulesError struct {
	Spec string
	Err  *lang.Error
}

func (e *RulesError) Error() string {
	if e.Err.File != "" || e.Spec == "" {
		return e.Err.Error()
	}
	return fmt.Sprintf("rule %s: %v", e.Spec, e.Err)
}

func (e *RulesError) Unwrap() error { return e.Err }

func ruleset(text, file, digest, args, path string) (grundy.Ruleset, error) {
	params, err := ruleArgs(args)
	if err != nil {
		return nil, fmt.Errorf("rule %s: %w", nameOr(file, "text"), err)
	}
	f, err := lang.Parse(file, text)
	if err == nil {
		err = f.Check()
	}
	var rerr *lang.Error
	if errors.As(err, &rerr) {
		return nil, &RulesError{Spec: file, Err: rerr}
	} else if err != nil {
		return nil, err
	}
	if fam, ok := Lookup(f.Name); ok {
		if semantic(fam.File) != semantic(f) {
			return nil, fmt.Errorf("rule %s is named %s, a built-in family, but its moves differ from rulesets/%s%s; give it another name",
				nameOr(file, "text"), f.Name, fam.Name, RulesExt)
		}
		spec := fam.Name
		if args != "" {
			spec += ":" + args
		}
		return Parse(spec)
	}
	sum := ruleDigest(f)
	if digest != "" && digest != sum {
		return nil, &StaleRulesError{Path: path, Want: digest, Have: sum}
	}
	r, err := f.Bind(params)
	if errors.As(err, &rerr) {
		return nil, &RulesError{Spec: nameOr(file, f.Name), Err: rerr}
	} else if err != nil {
		return nil, err
	}
	name := nameOr(path, f.Name) + "@" + sum
	var vals []string
	for i, p := range f.Params {
		vals = append(vals, fmt.Sprintf("%s=%d", p.Name, r.Values[i]))
	}
	if len(vals) > 0 {
		name += ":" + strings.Join(vals, ",")
	}
	return lang.Compile(r, name), nil
}

func nameOr(s, alt string) string {
	if s == "" {
		return alt
	}
	return s
}

// semantic prints a rule without its prose (source, about, parameter
// documentation): what decides its moves.
func semantic(f *lang.File) string {
	g := *f
	g.Source, g.About = "", ""
	g.Examples = nil
	g.Params = nil
	for _, p := range f.Params {
		q := *p
		q.Doc = ""
		g.Params = append(g.Params, &q)
	}
	return g.Format()
}

// ruleArgs reads "k=2,s=1".
func ruleArgs(args string) (map[string]int, error) {
	out := map[string]int{}
	if strings.TrimSpace(args) == "" {
		return out, nil
	}
	for _, kv := range strings.Split(args, ",") {
		k, v, ok := strings.Cut(strings.TrimSpace(kv), "=")
		if !ok {
			return nil, fmt.Errorf("parameter %q is not of the form name=value", kv)
		}
		k = strings.TrimSpace(k)
		if _, dup := out[k]; dup {
			return nil, fmt.Errorf("parameter %s given twice", k)
		}
		n, err := strconv.Atoi(strings.TrimSpace(v))
		if err != nil || n > lang.MaxValue || n < -lang.MaxValue {
			return nil, fmt.Errorf("parameter %s=%q is not an integer within ±%d", k, v, lang.MaxValue)
		}
		out[k] = n
	}
	return out, nil
}

// RulesOf returns the rule text of a family, as its file holds it
// (`grundy games --rules NAME`).
func RulesOf(family string) (string, bool) {
	f, ok := Lookup(family)
	return f.Text, ok
}
