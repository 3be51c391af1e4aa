package claimtext

import (
	"fmt"
	"math/big"
	"strings"
	"unicode"
)

type tokKind int

const (
	tEOF   tokKind = iota
	tInt           // decimal digits
	tIdent         // letters, digits, _ (x1, min, let, s2)
	tOp            // punctuation and operators, ASCII spelling
)

type token struct {
	kind tokKind
	text string // tOp: the ASCII spelling (≤ reads as <=)
	num  *big.Int
	pos  Pos
}

func (t token) String() string {
	switch t.kind {
	case tEOF:
		return "end of line"
	case tInt:
		return t.text
	}
	return fmt.Sprintf("%q", t.text)
}

// aliases are the Unicode spellings the lexer accepts; the printer writes
// the ASCII ones.
var aliases = map[rune]string{'≤': "<=", '≥': ">=", '≠': "!=", '∧': "&&", '∨': "||", '¬': "!", '−': "-", '·': "*", '⊕': "^"}

// maxDigits bounds integer literals: a claim about piles has no use for
// numbers of a thousand digits, and big ones would slow every evaluation.
const maxDigits = 200

// lex splits src, which starts at column col of line line, into tokens.
func lex(src []rune, line, col int) ([]token, error) {
	var out []token
	i := 0
	for i < len(src) {
		r := src[i]
		pos := Pos{line, col + i}
		switch {
		case unicode.IsSpace(r):
			i++
		case r >= '0' && r <= '9':
			j := i
			for j < len(src) && src[j] >= '0' && src[j] <= '9' {
				j++
			}
			if j < len(src) && (isLetter(src[j])) {
				return nil, &Error{Pos: Pos{line, col + j}, Msg: fmt.Sprintf("unexpected %q after the number %s", src[j], string(src[i:j]))}
			}
			if j-i > maxDigits {
				return nil, &Error{Pos: pos, Msg: fmt.Sprintf("a number of %d digits (at most %d)", j-i, maxDigits)}
			}
			n, _ := new(big.Int).SetString(string(src[i:j]), 10)
			out = append(out, token{kind: tInt, text: n.String(), num: n, pos: pos})
			i = j
		case isLetter(r):
			j := i
			for j < len(src) && (isLetter(src[j]) || src[j] >= '0' && src[j] <= '9') {
				j++
			}
			out = append(out, token{kind: tIdent, text: string(src[i:j]), pos: pos})
			i = j
		default:
			if a, ok := aliases[r]; ok {
				out = append(out, token{kind: tOp, text: a, pos: pos})
				i++
				continue
			}
			two := ""
			if i+1 < len(src) {
				two = string(src[i : i+2])
			}
			switch two {
			case "==", "!=", "<=", ">=", "&&", "||":
				out = append(out, token{kind: tOp, text: two, pos: pos})
				i += 2
				continue
			case "<>", "=<", "=>":
				return nil, &Error{Pos: pos, Msg: fmt.Sprintf("%q: write %s", two, map[string]string{"<>": "!=", "=<": "<=", "=>": ">="}[two])}
			}
			if strings.ContainsRune("()[]{},:+-*/%<>=!^", r) {
				out = append(out, token{kind: tOp, text: string(r), pos: pos})
				i++
				continue
			}
			if r == '&' || r == '|' {
				return nil, &Error{Pos: pos, Msg: fmt.Sprintf("%q: write %c%c (or %s)", r, r, r, map[rune]string{'&': "and", '|': "or"}[r])}
			}
			return nil, &Error{Pos: pos, Msg: fmt.Sprintf("unexpected character %q", r)}
		}
	}
	out = append(out, token{kind: tEOF, pos: Pos{line, col + len(src)}})
	return out, nil
}

func isLetter(r rune) bool { return r == '_' || r < 128 && unicode.IsLetter(r) }
