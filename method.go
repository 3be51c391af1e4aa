package grundy

// A Method names how an answer was obtained, in every result that says so
// (values, moves, boxes, the instruments' verdicts); the trust vocabulary
// says why it can be believed.
type Method string

const (
	MethodSearch  Method = "search"  // exhaustive search of every reachable position
	MethodBox     Method = "box"     // exhaustive box solver
	MethodTable   Method = "table"   // a table the box solver stored with `grundy solve`
	MethodTheorem Method = "theorem" // closed forms of registered claims
)
