package claimtext

import "fmt"

// An Error is one fault of claim text, at a line and column of a file.
type Error struct {
	File string // "" for text not read from a file
	Pos  Pos
	Msg  string
	Err  error // the library error behind Msg, if any (games.ErrUnknown, …)
}

// Unwrap gives the library error behind e, so that errors.Is sees it.
func (e *Error) Unwrap() error { return e.Err }

// Unwrap gives every error of l to errors.Is and errors.As.
func (l ErrorList) Unwrap() []error {
	out := make([]error, len(l))
	for i, e := range l {
		out[i] = e
	}
	return out
}

func (e *Error) Error() string {
	if e.File == "" {
		return fmt.Sprintf("%s: %s", e.Pos, e.Msg)
	}
	return fmt.Sprintf("%s:%s: %s", e.File, e.Pos, e.Msg)
}

// An ErrorList is every fault of a file, in order. Its Error is the first
// one and a count of the rest, on one line, as go/scanner's is.
type ErrorList []*Error

func (l ErrorList) Error() string {
	switch len(l) {
	case 0:
		return "no errors"
	case 1:
		return l[0].Error()
	}
	return fmt.Sprintf("%s (and %d more errors)", l[0], len(l)-1)
}

// Err returns l as an error, or nil when l is empty.
func (l ErrorList) Err() error {
	if len(l) == 0 {
		return nil
	}
	return l
}

func errorf(pos Pos, format string, args ...any) *Error {
	return &Error{Pos: pos, Msg: fmt.Sprintf(format, args...)}
}
