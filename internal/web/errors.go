package web

import (
	"errors"
	"strings"

	"github.com/grundy/grundy"
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
