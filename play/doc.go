// Package play plays a ruleset against a person: it reads the moves a
// player types, explains why an illegal one is illegal, and answers with
// the optimal move — the fastest win when the position is won, the
// longest resistance when it is lost, both by remoteness (Smith).
//
// Move syntax (see [Syntax]): the resulting position, such as 1,2; or
// removals "PILE-AMOUNT" separated by spaces, such as "2-3" (three tokens
// from pile 2) or "1-1 3-1".
package play
