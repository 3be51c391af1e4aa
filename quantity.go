package grundy

import (
	"fmt"
	"strings"
)

// A Quantity is what a claim, an answer or a heatmap speaks of: one of the
// four values of a position, P-membership in either play, or a structural
// property.
type Quantity string

const (
	QG  Quantity = "G"  // Sprague–Grundy value, normal play
	QGm Quantity = "Gm" // Sprague–Grundy value, misère play
	QR  Quantity = "R"  // remoteness, normal play
	QRm Quantity = "Rm" // remoteness, misère play
	QP  Quantity = "P"  // membership in the P-positions, normal play (1 in, 0 out)
	QPm Quantity = "Pm" // membership in the P-positions, misère play
	// QProperty marks a structural claim: an "if and only if", the
	// uniqueness of optimal moves, a prescribed winning move, the
	// completeness of a catalogue. It has a Property instead of an Eval.
	QProperty Quantity = "property"
)

// Kinds selects which of the four values a box holds.
type Kinds uint8

const (
	KindG  Kinds = 1 << iota // Sprague–Grundy, normal play
	KindGm                   // Sprague–Grundy, misère play
	KindR                    // remoteness, normal play
	KindRm                   // remoteness, misère play

	AllKinds = KindG | KindGm | KindR | KindRm
)

// kindOrder is the order of the kinds in a record of a box and of their
// names.
var kindOrder = [4]Kinds{KindG, KindGm, KindR, KindRm}

var kindNames = [4]string{"G", "Gm", "R", "Rm"}

// Count is the number of kinds selected.
func (k Kinds) Count() int {
	n := 0
	for b := k; b != 0; b &= b - 1 {
		n++
	}
	return n
}

// String lists the kinds as a table's checksum header does, e.g. "G,Gm".
func (k Kinds) String() string {
	var names []string
	for i, kind := range kindOrder {
		if k&kind != 0 {
			names = append(names, kindNames[i])
		}
	}
	return strings.Join(names, ",")
}

// ParseKinds is the inverse of Kinds.String.
func ParseKinds(s string) (Kinds, error) {
	var k Kinds
	for _, name := range strings.Split(s, ",") {
		i := map[string]int{"G": 0, "Gm": 1, "R": 2, "Rm": 3}
		j, ok := i[name]
		if !ok {
			return 0, fmt.Errorf("unknown value kind %q (want G, Gm, R, Rm)", name)
		}
		k |= kindOrder[j]
	}
	return k, nil
}
