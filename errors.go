package grundy

import "strings"

// An OptionError is an option of a library call with a value the call
// cannot take. The library names the option as its API does (a field of
// an options struct or a parameter, in lower case: "what", "class",
// "max"); each front end words it its own way through Word — the CLI as the
// flag that sets it, the web as the query parameter — so no library
// message names a flag.
type OptionError struct {
	Func   string // the call, as a prefix of the message ("parity"), or ""
	Option string // the option's name in the library's API
	Value  string // the value as the message shows it ("3", `"foo"`), or ""
	Reason string // what is wrong or wanted: "want sg or outcome"
	// Needs, if set, is another option that must be given with this one.
	Needs string
}

func (e *OptionError) Error() string { return e.Word(func(o string) string { return o }) }

// Word is the message with each option named by name.
func (e *OptionError) Word(name func(option string) string) string {
	var b strings.Builder
	if e.Func != "" {
		b.WriteString(e.Func + ": ")
	}
	b.WriteString(name(e.Option))
	if e.Value != "" {
		b.WriteString(" " + e.Value + ":")
	}
	b.WriteString(" " + e.Reason)
	if e.Needs != "" {
		b.WriteString("; give " + name(e.Needs))
	}
	return b.String()
}
