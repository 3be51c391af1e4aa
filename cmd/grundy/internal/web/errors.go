package web

import (
	"errors"
	"strings"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/games/lang"
	"github.com/grundy/grundy/theory/claimtext"
)

// word is err's message as the API gives it. The library's errors are
// typed and name no flag; here an option becomes the query parameter that
// sets it.
func word(err error) string {
	msg := err.Error()
	var oe *grundy.OptionError
	if errors.As(err, &oe) {
		msg = strings.Replace(msg, oe.Error(), oe.Word(func(o string) string { return "parameter " + o }), 1)
	}
	return msg
}

// A textError is one fault of a rule's or a claim text's, where it is.
type textError struct {
	Line int    `json:"line"`
	Col  int    `json:"col"`
	Msg  string `json:"msg"`
}

// textErrors lists the faults of a rule's text (lang.Error) or of a
// claim text (engine.ClaimTextErrors) with their lines and columns.
func textErrors(err error) []textError {
	var cl claimtext.ErrorList
	if errors.As(err, &cl) {
		out := []textError{}
		for _, e := range cl {
			out = append(out, textError{e.Pos.Line, e.Pos.Col, e.Msg})
		}
		return out
	}
	var re *lang.Error
	if errors.As(err, &re) && re.Line > 0 {
		msg := re.Error()
		if i := strings.Index(msg, ": "); i >= 0 {
			msg = msg[i+2:] // the place is in Line and Col
		}
		return []textError{{re.Line, re.Col, msg}}
	}
	return nil
}
