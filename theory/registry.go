package theory

import (
	"fmt"
	"math/big"
	"reflect"
	"slices"
	"strings"
	"sync"

	"github.com/grundy/grundy"
)

// A Registry is the frozen list of claims grundy knows, with the proof
// ledger that says which of them grundy's prover established. Build it
// once with NewRegistry; it is safe for concurrent use and never changes.
type Registry struct {
	claims []*Claim // ordered by ID
	byID   map[string]*Claim
	ledger Ledger
	auto   AutoLedger
	cache  *answerCache
}

// NewRegistry validates and orders the claims of every part. It panics
// on a malformed or duplicate claim, or a reading or correction of a claim
// it does not hold: programmer errors caught by every test run.
func NewRegistry(ledger Ledger, parts ...[]*Claim) *Registry {
	reg := &Registry{byID: map[string]*Claim{}, ledger: ledger, cache: &answerCache{}}
	for _, part := range parts {
		for _, c := range part {
			if err := c.Validate(); err != nil {
				panic("theory: " + err.Error())
			}
			if reg.byID[c.ID] != nil {
				panic("theory: duplicate claim " + c.ID)
			}
			reg.byID[c.ID] = c
			reg.claims = append(reg.claims, c)
		}
	}
	for _, c := range reg.claims {
		if p := reg.byID[c.Parent()]; p == nil || !p.Printed() {
			panic(fmt.Sprintf("theory: %s reads or corrects %s, which is not a printed claim of the registry", c.ID, c.Parent()))
		}
	}
	slices.SortFunc(reg.claims, func(a, b *Claim) int { return CompareIDs(a.ID, b.ID) })
	return reg
}

// All lists every claim, ordered by ID. The slice is shared: do not modify.
func (reg *Registry) All() []*Claim { return reg.claims }

// Lookup finds a claim by ID.
func (reg *Registry) Lookup(id string) (*Claim, bool) {
	c, ok := reg.byID[id]
	return c, ok
}

// Match lists the claims a pattern selects, ordered by ID:
//   - a claim's ID: that claim with its readings, corrections and
//     weakenings ("000/bouton" is not "000/bouton.misere", a claim of
//     its own);
//   - a pattern with "*" (any run of characters) or "?" (one): the IDs
//     it matches whole ("004/thm-2*" is Theorem 2 with every part);
//   - anything else: the claims under it, whose ID starts with it
//     followed by "/", "." or "-", or with it when it ends in one ("002"
//     and "000/" are every claim of a paper, "000/prop-11" every part of
//     Prop. 11).
func (reg *Registry) Match(pattern string) []*Claim {
	var out []*Claim
	if _, ok := reg.byID[pattern]; ok {
		for _, c := range reg.claims {
			if c.ID == pattern || c.Parent() == pattern {
				out = append(out, c)
			}
		}
		return out
	}
	glob := strings.ContainsAny(pattern, "*?")
	under := pattern != "" && strings.ContainsAny(pattern[len(pattern)-1:], "/.-")
	for _, c := range reg.claims {
		switch {
		case glob:
			if globMatch(pattern, c.ID) {
				out = append(out, c)
			}
		case under:
			if strings.HasPrefix(c.ID, pattern) {
				out = append(out, c)
			}
		case strings.HasPrefix(c.ID, pattern) && len(c.ID) > len(pattern) && strings.ContainsAny(c.ID[len(pattern):len(pattern)+1], "/.-"):
			out = append(out, c)
		}
	}
	return out
}

// globMatch reports whether s matches pattern whole, "*" matching any
// run of characters (slashes too) and "?" any one.
func globMatch(pattern, s string) bool {
	p, t := []rune(pattern), []rune(s)
	i, j := 0, 0
	star, mark := -1, 0 // the last "*" seen, and where in s its run ends
	for j < len(t) {
		switch {
		case i < len(p) && (p[i] == '?' || p[i] == t[j]):
			i++
			j++
		case i < len(p) && p[i] == '*':
			star, mark = i, j
			i++
		case star >= 0:
			// The last "*" takes one more character.
			mark++
			i, j = star+1, mark
		default:
			return false
		}
	}
	for i < len(p) && p[i] == '*' {
		i++
	}
	return i == len(p)
}

// Family lists c's readings and corrections (not c itself), ordered by ID.
func (reg *Registry) Family(c *Claim) []*Claim {
	var out []*Claim
	for _, d := range reg.claims {
		if d != c && d.Parent() == c.ID {
			out = append(out, d)
		}
	}
	return out
}

// CompareIDs orders IDs by paper, then naturally (thm-2 before thm-10).
func CompareIDs(a, b string) int {
	as, bs := splitDigits(a), splitDigits(b)
	for i := 0; i < len(as) && i < len(bs); i++ {
		if as[i] == bs[i] {
			continue
		}
		ai, aok := parseUint(as[i])
		bi, bok := parseUint(bs[i])
		if aok && bok {
			return ai - bi
		}
		return strings.Compare(as[i], bs[i])
	}
	return len(as) - len(bs)
}

func splitDigits(s string) []string {
	var out []string
	start := 0
	for i := 1; i <= len(s); i++ {
		if i == len(s) || isDigit(s[i]) != isDigit(s[start]) {
			out = append(out, s[start:i])
			start = i
		}
	}
	return out
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

func parseUint(s string) (int, bool) {
	n := 0
	for i := 0; i < len(s); i++ {
		if !isDigit(s[i]) || n > 1e8 {
			return 0, false
		}
		n = n*10 + int(s[i]-'0')
	}
	return n, len(s) > 0
}

// A Fact is what one claim that may answer says of one position.
type Fact struct {
	Claim    *Claim
	Quantity grundy.Quantity
	Value    *big.Int
	Trust    grundy.Trust
}

// Answers reports whether c may answer for r with n piles: it is not
// refuted, and either the paper proves it (or it is classical) or grundy's
// ledger proved it for n piles of r. Reported claims, printed tables and
// corrections checked only in boxes never answer: they are not theorems.
func (reg *Registry) Answers(c *Claim, r grundy.Ruleset, n int) bool {
	if c.Refuted != "" || c.Quantity == grundy.QProperty || !c.Applies(r, n) {
		return false
	}
	if c.Support == PaperProof || c.Support == Classical {
		return true
	}
	if _, ok := reg.Proof(c, r, n); ok {
		return true
	}
	_, ok := reg.AutoProof(c, r, n)
	return ok
}

// Answer lists what the answering claims say of canonical position p of r.
func (reg *Registry) Answer(r grundy.Ruleset, p grundy.BigPosition) []Fact {
	var out []Fact
	for _, a := range reg.answering(r, len(p)) {
		v, ok := a.c.Eval(r, p)
		if !ok && a.dfa != nil {
			// The claim's own evaluation (a recursion) cannot reach p; its
			// proved automaton can.
			v, ok = BoolInt(a.dfa.accepts(p)), true
		}
		if ok {
			t := a.trust
			t.Claims = slices.Clone(t.Claims)
			out = append(out, Fact{Claim: a.c, Quantity: a.c.Quantity, Value: v, Trust: t})
		}
	}
	return out
}

// answerCache remembers, for a ruleset and a number of piles, the claims
// that answer and their trust. Answer runs once a position (for every
// follower of a position, at every position of a box in tests), and
// deciding both reads the ledger and builds each claim's statement.
type answerCache struct {
	mu sync.Mutex
	m  map[answerKey][]answering
}

// answerKey is a ruleset and a number of piles. Rulesets compare by value
// (builtin families: equal parameters, the same game) or by identity
// (rule files: each parsed once per use).
type answerKey struct {
	r grundy.Ruleset
	n int
}

type answering struct {
	c     *Claim
	trust grundy.Trust
	// dfa, when set, is the claim's proved automaton (AutoRecord.Automaton),
	// which answers where the claim's own evaluation cannot.
	dfa *autoDFA
}

// maxAnswerCache bounds the cache of a long-running server that sees
// many rule files: past it the cache starts again.
const maxAnswerCache = 1024

// answering lists the claims answering for n piles of r, in ID order,
// with their trust.
func (reg *Registry) answering(r grundy.Ruleset, n int) []answering {
	decide := func() []answering {
		var out []answering
		for _, c := range reg.claims {
			if reg.Answers(c, r, n) {
				a := answering{c: c, trust: reg.Trust(c, r, n)}
				a.dfa = reg.autoDFA(c, r, n)
				out = append(out, a)
			}
		}
		return out
	}
	if !reflect.ValueOf(r).Comparable() {
		return decide()
	}
	k := answerKey{r, n}
	reg.cache.mu.Lock()
	defer reg.cache.mu.Unlock()
	if list, ok := reg.cache.m[k]; ok {
		return list
	}
	if reg.cache.m == nil || len(reg.cache.m) >= maxAnswerCache {
		reg.cache.m = map[answerKey][]answering{}
	}
	list := decide()
	reg.cache.m[k] = list
	return list
}

// A Silence is a claim that speaks of a ruleset and pile count yet gives
// no answer at a position: it says nothing there (Why: where its
// evaluation stops, Claim.Reach), or it is not a theorem grundy answers
// from (Trust says how far it is established).
type Silence struct {
	Claim *Claim
	Trust grundy.Trust
	// Answers: the claim may answer for the ruleset and pile count, but
	// says nothing of this position; else it speaks of the position but
	// is neither proved nor a theorem of a paper.
	Answers bool
	Why     string
}

// Silent lists the claims of quantities qs that speak of r with len(p)
// piles but give no answer at canonical position p, in ID order: why an
// answer that cannot be given is not given.
func (reg *Registry) Silent(r grundy.Ruleset, p grundy.BigPosition, qs ...grundy.Quantity) []Silence {
	n := len(p)
	var out []Silence
	for _, c := range reg.claims {
		if !slices.Contains(qs, c.Quantity) || c.Refuted != "" || !c.Applies(r, n) {
			continue
		}
		_, speaks := c.Eval(r, p)
		answers := reg.Answers(c, r, n)
		switch {
		case answers && !speaks:
			why := "says nothing of this position"
			if c.Reach != "" {
				why = "answers only for " + c.Reach
			}
			out = append(out, Silence{Claim: c, Trust: reg.Trust(c, r, n), Answers: true, Why: why})
		case !answers && speaks:
			out = append(out, Silence{Claim: c, Trust: reg.Trust(c, r, n),
				Why: "speaks of this position, but is not proved for every position (grundy answers from proofs only)"})
		}
	}
	return out
}

// WinningMove finds, through an answering claim with a move finder, a
// move from p to a P-position of the chosen play: the claim of the
// strongest trust (TrustKinds) that finds one. It returns the claim used.
func (reg *Registry) WinningMove(r grundy.Ruleset, p grundy.BigPosition, misere bool) (grundy.BigPosition, *Claim, bool) {
	// A claim on G (G⁻) finds moves to G = 0 (G⁻ = 0): the P-positions of
	// normal (misère) play, like a claim on P (P⁻) membership.
	want, wantG := grundy.QP, grundy.QG
	if misere {
		want, wantG = grundy.QPm, grundy.QGm
	}
	ranked := slices.Clone(reg.answering(r, len(p)))
	slices.SortStableFunc(ranked, func(a, b answering) int { return a.trust.Kind.Rank() - b.trust.Kind.Rank() })
	for _, a := range ranked {
		c := a.c
		if c.Move == nil || c.Quantity != want && c.Quantity != wantG {
			continue
		}
		if q, ok := c.Move(r, p); ok {
			return q, c, true
		}
	}
	return nil, nil, false
}

// RegistryOf builds a registry of claims with the committed ledger: for a
// paper package's own tests, which cannot import package catalog. It
// panics on a malformed ledger, as a broken build.
func RegistryOf(claims []*Claim) *Registry {
	l, err := CommittedLedger()
	if err != nil {
		panic(err)
	}
	a, err := CommittedAutoLedger()
	if err != nil {
		panic(err)
	}
	return NewRegistry(l, claims).WithAuto(a)
}

// WithAuto is reg with the automata ledger a (a registry is built once:
// call it right after NewRegistry).
func (reg *Registry) WithAuto(a AutoLedger) *Registry {
	cp := *reg
	cp.auto = a
	cp.cache = &answerCache{} // the automata ledger answers too
	return &cp
}
