package lang

import "fmt"

// ErrorKind says which stage refused a rule.
type ErrorKind int

const (
	Syntax ErrorKind = iota // the text does not follow the grammar
	Check                   // well-formed but meaningless: an unknown name, a type error
	Param                   // a parameter value outside its domain, or unknown
	Limit                   // beyond a size limit
	Ending                  // grundy cannot show that play ends
)

func (k ErrorKind) String() string {
	return [...]string{"syntax error", "error", "parameter error", "limit exceeded", "play may not end"}[k]
}

// An Error is what is wrong with a rule text, and where. Line and Col are
// 1-based (Col counts runes); both are 0 when the error concerns the
// whole rule (a parameter given on the command line, say).
type Error struct {
	File      string // name the text was read from, if any
	Line, Col int
	Kind      ErrorKind
	Expected  string // for syntax errors: what the grammar allowed here
	Found     string // for syntax errors: what the text had
	Msg       string // everything else, in words
}

func (e *Error) Error() string {
	msg := e.Msg
	if e.Expected != "" {
		msg = fmt.Sprintf("expected %s, found %s", e.Expected, e.Found)
		if e.Msg != "" {
			msg += " (" + e.Msg + ")"
		}
	}
	where := e.File
	if e.Line > 0 {
		if where != "" {
			where += ":"
		}
		where += fmt.Sprintf("%d:%d", e.Line, e.Col)
	}
	if where == "" {
		return msg
	}
	return where + ": " + msg
}

// Pos is a place in a rule text.
type Pos struct{ Line, Col int }

func (p Pos) errorf(kind ErrorKind, format string, args ...any) *Error {
	return &Error{Line: p.Line, Col: p.Col, Kind: kind, Msg: fmt.Sprintf(format, args...)}
}
