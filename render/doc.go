// Package render writes grundy's answers for people: aligned text, and
// tables as CSV, JSON lines, Markdown or LaTeX.
package render
