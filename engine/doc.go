// Package engine answers the questions grundy's interfaces ask — the values
// of a position, its moves, a box's table and counts — choosing how to
// compute each answer and saying which way it took (the method). The CLI
// and the web server both call it; it prints nothing.
package engine
