package main

import (
	"fmt"
	"io"
	"strings"
)

// bibtexFormat writes BibTeX: an entry for each paper a finding corrects
// and one for each finding, citing the paper (findings --format bibtex).
type bibtexFormat struct{}

func (bibtexFormat) name() string { return "bibtex" }

type bibtexer interface{ WriteBibTeX(io.Writer) error }

func (bibtexFormat) of(r any) func(io.Writer) error {
	if b, ok := r.(bibtexer); ok {
		return b.WriteBibTeX
	}
	return nil
}

// A paperRef is what a BibTeX entry of one of the papers says: only what
// ../shared/papers/README.md states of it (authors, title, venue, year).
type paperRef struct {
	key, kind, author, title, venue, year, note string
}

// papers are the five papers of ../shared/papers, as its README cites
// them; a finding of another paper (a claim file's) cites no paper entry.
var papers = map[string]paperRef{
	"000": {key: "gurvich-ho-2015-slow-k-nim", kind: "techreport", author: "Vladimir Gurvich and Nhan Bao Ho",
		title: "Slow k-Nim", venue: "RUTCOR Research Report", year: "2015"},
	"001": {key: "xu-zhu-2018-bounded-greedy-nim", kind: "article", author: "Rongxing Xu and Xuding Zhu",
		title: "Bounded Greedy Nim", note: "Elsevier", year: "2018"},
	"002": {key: "li-liu-fraenkel-liu-st-wythoff", kind: "unpublished", author: "Haiyan Li and Sanyang Liu and Aviezri S. Fraenkel and Wen An Liu",
		title: "Variants of $(s,t)$-Wythoff's game", note: "manuscript"},
	"003": {key: "gurvich-maximchuk-miheenkov-naumova-2024-remoteness", kind: "article",
		author: "Vladimir Gurvich and Vladislav Maximchuk and Georgy Miheenkov and Mariya Naumova",
		title:  "On remoteness functions of $k$-{NIM} with $k+1$ piles in normal and in mis{\\`e}re versions",
		venue:  "Games", year: "2024", note: "volume 15, article 37"},
	"004": {key: "chikin-gurvich-knop-paterson-vyalyi-2021-exact-slow-k-nim", kind: "article",
		author: "N. Chikin and Vladimir Gurvich and K. Knop and M. Paterson and M. Vyalyi",
		title:  "More about exact slow $k$-Nim", venue: "Integers", year: "2021", note: "volume 21, \\#G4"},
}

func (p paperRef) write(b *strings.Builder) {
	fmt.Fprintf(b, "@%s{%s,\n  author = {%s},\n  title = {{%s}},\n", p.kind, p.key, p.author, p.title)
	switch {
	case p.kind == "techreport" && p.venue != "":
		fmt.Fprintf(b, "  institution = {%s},\n", p.venue)
	case p.venue != "":
		fmt.Fprintf(b, "  journal = {%s},\n", p.venue)
	}
	if p.year != "" {
		fmt.Fprintf(b, "  year = {%s},\n", p.year)
	}
	if p.note != "" {
		fmt.Fprintf(b, "  note = {%s},\n", p.note)
	}
	b.WriteString("}\n\n")
}

// bibEscape escapes the characters BibTeX and LaTeX read as markup.
var bibEscape = strings.NewReplacer(`\`, `\textbackslash{}`, "{", `\{`, "}", `\}`, "&", `\&`, "%", `\%`,
	"$", `\$`, "#", `\#`, "_", `\_`, "~", `\textasciitilde{}`, "^", `\textasciicircum{}`)

// bibKey is a citation key made of id: letters, digits and - . : only.
func bibKey(id string) string {
	return strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '.' || r == ':' {
			return r
		}
		return '-'
	}, id)
}

// WriteBibTeX writes each paper the findings correct, then each finding
// as a @misc entry: the claim, its statement, the smallest
// counterexample, the verdict and the corrections with their status.
func (fs findingsResult) WriteBibTeX(w io.Writer) error {
	var b strings.Builder
	seen := map[string]bool{}
	for _, f := range fs {
		if p, ok := papers[f.Paper]; ok && !seen[f.Paper] {
			seen[f.Paper] = true
			p.write(&b)
		}
	}
	for _, f := range fs {
		p, cited := papers[f.Paper]
		fmt.Fprintf(&b, "@misc{grundy:%s,\n  author = {{grundy}},\n", bibKey(f.Claim))
		where := bibEscape.Replace(f.Ref)
		if cited {
			where += " of ``" + p.title + "''"
		}
		fmt.Fprintf(&b, "  title = {{A counterexample to %s}},\n", where)
		fmt.Fprintf(&b, "  howpublished = {grundy findings, claim \\texttt{%s}},\n", bibEscape.Replace(f.Claim))
		note := []string{"Statement: " + bibEscape.Replace(f.Statement)}
		if c := f.Smallest; c.Pos != "" {
			note = append(note, fmt.Sprintf("smallest counterexample (%s) of %s: claims %s, is %s",
				c.Pos, bibEscape.Replace(c.Game), bibEscape.Replace(c.Claimed), bibEscape.Replace(c.Computed)))
		}
		note = append(note, "verdict: "+bibEscape.Replace(f.Verdict))
		for _, c := range f.Corrections {
			note = append(note, fmt.Sprintf("correction %s (%s): %s", bibEscape.Replace(c.ID), c.Status, bibEscape.Replace(c.Change)))
		}
		fmt.Fprintf(&b, "  note = {%s},\n", strings.Join(note, "; "))
		if cited {
			fmt.Fprintf(&b, "  related = {%s},\n", p.key)
		}
		b.WriteString("}\n\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}
