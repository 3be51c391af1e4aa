package engine

import (
	"math/big"

	"github.com/grundy/grundy"
)

// The one JSON shape of a value, which every front end writes (the CLI's
// --json, the web API; docs/json.md): the values are decimal strings,
// never JSON numbers, since a theorem may give a value beyond 2^53, which
// JavaScript's numbers (and many JSON readers) round; a value a method
// does not establish is null. A Value, Move or Moves is written through
// JSON(), never by encoding it directly (its *big.Int would be a number).

// QuantitiesJSON are Quantities as JSON.
type QuantitiesJSON struct {
	G             *string `json:"G"`
	Gm            *string `json:"Gm"`
	R             *string `json:"R"`
	Rm            *string `json:"Rm"`
	Outcome       string  `json:"outcome"`
	OutcomeMisere string  `json:"outcome_misere"`
}

// ValueJSON is a Value as JSON.
type ValueJSON struct {
	Game string `json:"game"`
	Pos  string `json:"pos"`
	QuantitiesJSON
	Method   grundy.Method                    `json:"method"`
	Trust    grundy.Trust                     `json:"trust"`
	Sources  map[grundy.Quantity]grundy.Trust `json:"sources,omitempty"`
	Searched int                              `json:"searched,omitempty"`
	Gaps     []Gap                            `json:"gaps,omitempty"`
}

// MoveJSON is a Move as JSON.
type MoveJSON struct {
	To string `json:"to"`
	QuantitiesJSON
	Winning bool          `json:"winning"`
	Optimal *bool         `json:"optimal"`
	Source  *grundy.Trust `json:"source,omitempty"`
}

// MovesJSON is Moves as JSON.
type MovesJSON struct {
	ValueJSON
	Misere bool       `json:"misere"`
	Moves  []MoveJSON `json:"moves"`
	Note   string     `json:"note,omitempty"`
}

func decimal(v *big.Int) *string {
	if v == nil {
		return nil
	}
	s := v.String()
	return &s
}

// JSON is q in the one JSON shape.
func (q Quantities) JSON() QuantitiesJSON {
	return QuantitiesJSON{G: decimal(q.G), Gm: decimal(q.Gm), R: decimal(q.R), Rm: decimal(q.Rm),
		Outcome: q.Outcome, OutcomeMisere: q.OutcomeMisere}
}

// JSON is v in the one JSON shape.
func (v Value) JSON() ValueJSON {
	return ValueJSON{Game: v.Game, Pos: v.Pos, QuantitiesJSON: v.Quantities.JSON(), Method: v.Method,
		Trust: v.Trust, Sources: v.Sources, Searched: v.Searched, Gaps: v.Gaps}
}

// JSON is m in the one JSON shape.
func (m Move) JSON() MoveJSON {
	return MoveJSON{To: m.To, QuantitiesJSON: m.Quantities.JSON(), Winning: m.Winning, Optimal: m.Optimal, Source: m.Source}
}

// JSON is m in the one JSON shape.
func (m Moves) JSON() MovesJSON {
	out := MovesJSON{ValueJSON: m.Value.JSON(), Misere: m.Misere, Moves: make([]MoveJSON, len(m.Moves)), Note: m.Note}
	for i, mv := range m.Moves {
		out.Moves[i] = mv.JSON()
	}
	return out
}
