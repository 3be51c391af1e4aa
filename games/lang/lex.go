package lang

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

type tokKind int

const (
	tEOF tokKind = iota
	tNewline
	tInt
	tIdent
	tString
	tPunct // ( ) , .. + - * = != < <= > >=, and the claims' == && || ! % /
	tCode  // a game code after octal or hexadecimal (split.go)
)

type token struct {
	kind tokKind
	text string // for tPunct the canonical ASCII spelling
	pos  Pos
	end  Pos // just after the token, to see whether two tokens touch
}

func (t token) String() string {
	switch t.kind {
	case tEOF:
		return "end of text"
	case tNewline:
		return "end of line"
	case tString:
		return "string " + t.text
	}
	return fmt.Sprintf("%q", t.text)
}

// lex splits src into tokens. A line that starts with a space or a tab
// continues the item above it, so a long move may be folded over several
// lines; every other line break ends an item. '#' starts a comment.
func lex(src string) ([]token, *Error) {
	if len(src) > MaxText {
		return nil, &Error{Kind: Limit, Msg: fmt.Sprintf("rule text is %d bytes, more than the %d allowed", len(src), MaxText)}
	}
	if !utf8.ValidString(src) {
		return nil, &Error{Kind: Syntax, Msg: "rule text is not valid UTF-8"}
	}
	var toks []token
	line, col := 1, 1
	i := 0
	pos := func() Pos { return Pos{line, col} }
	advance := func(n int) { // n bytes on the current line
		col += utf8.RuneCountInString(src[i : i+n])
		i += n
	}
	for i < len(src) {
		c := src[i]
		switch {
		case c == '\n':
			p := pos()
			i++
			line, col = line+1, 1
			// A continuation line (indented, or blank, or only a comment)
			// does not end the item.
			if i < len(src) && (src[i] == ' ' || src[i] == '\t') {
				continue
			}
			if len(toks) > 0 && toks[len(toks)-1].kind != tNewline {
				toks = append(toks, token{kind: tNewline, pos: p, end: p})
			}
			continue
		case c == ' ' || c == '\t' || c == '\r':
			advance(1)
			continue
		case c == '#':
			j := strings.IndexByte(src[i:], '\n')
			if j < 0 {
				j = len(src) - i
			}
			advance(j)
			continue
		}
		start := pos()
		if n := codeAfter(toks, src[i:]); n > 0 {
			text := src[i : i+n]
			advance(n)
			toks = append(toks, token{tCode, text, start, pos()})
			continue
		}
		r, size := utf8.DecodeRuneInString(src[i:])
		switch {
		case c >= '0' && c <= '9':
			j := i
			for j < len(src) && src[j] >= '0' && src[j] <= '9' {
				j++
			}
			if j-i > 12 {
				return nil, start.errorf(Limit, "number %s has more than 12 digits", src[i:j])
			}
			text := src[i:j]
			advance(j - i)
			toks = append(toks, token{tInt, text, start, pos()})
		case unicode.IsLetter(r) || c == '_':
			j := i
			for j < len(src) {
				r2, s2 := utf8.DecodeRuneInString(src[j:])
				if !unicode.IsLetter(r2) && !unicode.IsDigit(r2) && r2 != '_' {
					break
				}
				j += s2
			}
			if j-i > 64 {
				return nil, start.errorf(Limit, "name %.20s… is longer than 64 bytes", src[i:j])
			}
			text := src[i:j]
			advance(j - i)
			toks = append(toks, token{tIdent, text, start, pos()})
		case c == '"':
			j := i + 1
			for j < len(src) && src[j] != '"' && src[j] != '\n' {
				j++
			}
			if j == len(src) || src[j] != '"' {
				return nil, &Error{Line: start.Line, Col: start.Col, Kind: Syntax, Expected: `a closing " on the same line`, Found: "end of line"}
			}
			text := src[i+1 : j]
			advance(j + 1 - i)
			toks = append(toks, token{tString, text, start, pos()})
		default:
			text, n := punct(src[i:])
			if n == 0 {
				e := &Error{Line: start.Line, Col: start.Col, Kind: Syntax,
					Expected: "a number, a name, or one of ( ) { } , .. + - * / % = == != < <= > >= && || !", Found: fmt.Sprintf("%q", r)}
				e.Msg = misspelled(src[i:])
				return nil, e
			}
			_ = size
			advance(n)
			toks = append(toks, token{tPunct, text, start, pos()})
		}
	}
	if len(toks) > 0 && toks[len(toks)-1].kind != tNewline {
		p := pos()
		toks = append(toks, token{kind: tNewline, pos: p, end: p})
	}
	p := pos()
	return append(toks, token{kind: tEOF, pos: p, end: p}), nil
}

// punct reads one punctuation token, accepting the mathematical glyphs
// the papers print (≤ ≥ ≠ −) as their ASCII spellings.
//
// The claims' spellings == && || ! % / are tokens too: expr reads them as
// = and or not mod div, so one expression reads alike in a rule and in a
// claim (Format prints the rule spelling).
func punct(s string) (string, int) {
	for _, p := range []struct{ in, out string }{
		{"..", ".."}, {"!=", "!="}, {"<=", "<="}, {">=", ">="},
		{"==", "=="}, {"&&", "&&"}, {"||", "||"}, {"!", "!"}, {"%", "%"}, {"/", "/"},
		{"∧", "&&"}, {"∨", "||"}, {"¬", "!"},
		{"≤", "<="}, {"≥", ">="}, {"≠", "!="}, {"−", "-"}, {"·", "*"},
		{"(", "("}, {")", ")"}, {"{", "{"}, {"}", "}"}, {",", ","}, {"+", "+"}, {"-", "-"}, {"*", "*"},
		{"=", "="}, {"<", "<"}, {">", ">"},
	} {
		if strings.HasPrefix(s, p.in) {
			return p.out, len(p.in)
		}
	}
	return "", 0
}

// misspelled words the error for a character no token starts with, when
// it is another language's spelling of an operator the rules have.
func misspelled(s string) string {
	for _, m := range []struct{ in, msg string }{
		{"&", `"&": write "and" (or "&&")`},
		{"|", `"|": write "or" (or "||")`},
		{"^", `"^" (nim-sum) is a claim operator: a rule has no xor; write the condition with + - * mod div`},
	} {
		if strings.HasPrefix(s, m.in) {
			return m.msg
		}
	}
	return ""
}
