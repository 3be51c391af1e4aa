// Package claimtext reads and writes claims as text: a researcher's
// conjectures, the output of `grundy discover --format claims`, and the
// papers' closed forms (`grundy check --list --format claims`), all in one
// line-oriented language that check, prove and findings treat exactly as
// a paper's registered claims.
//
// A claim file holds one claim a line; # starts a comment:
//
//	claim nim2: P[nim, 2 piles] iff x1 == x2
//	G[bounded-nim:k=2, 1 pile <= 50] = x1 % 3
//	Pm[wythoff-oo:s=1,t=1, 2 piles] iff (x1 == 0 && odd(x2)) || (x2 == 0 && odd(x1))
//	P[slow-exact:k=2, 5 piles] iff even(x1) where (x1 + x2 + x3 + x4 + x5) % 2 == 0
//
// Grammar (EBNF; spaces are free):
//
//	line     = [ "claim" LABEL [ "corrects" LABEL ] ":" ] claim .
//	claim    = QUANTITY "[" RULESET "," N ("pile" | "piles") [ "<=" MAX ] "]"
//	           ( "iff" expr | "=" expr ) [ "where" expr ] .
//	QUANTITY = "P" | "Pm" | "G" | "Gm" | "R" | "Rm" .
//	expr     = "let" NAME "=" expr "in" expr | "if" expr "then" expr "else" expr | or .
//	or       = and { ("||" | "or") and } .  and = cmp { ("&&" | "and") cmp } .
//	cmp      = "not" cmp | xor { CMP xor } | xor "in" set .
//	CMP      = "==" | "=" | "!=" | "<" | "<=" | ">" | ">=" .
//	xor      = sum { "^" sum } .
//	sum      = prod { ("+" | "-") prod } .  prod = unary { ("*" | "/" | "%" | "div" | "mod") unary } .
//	unary    = ("-" | "!") unary | atom .
//	atom     = INT | "x1" | "x2" | … | NAME | "true" | "false" | "(" expr ")"
//	         | ("min" | "max") "(" expr { "," expr } ")" | ("even" | "odd") "(" expr ")"
//	         | "(" expr "," expr { "," expr } ")"   (a tuple, only before "in")
//	set      = "{" [ elem { "," elem } ] "}" .  elem = ["-"] INT | "(" ["-"] INT { "," ["-"] INT } ")" .
//
// P and Pm state the P-positions of normal and misère play ("iff" a
// formula); G, Gm, R and Rm the Sprague–Grundy value and remoteness of
// either play ("=" a term). The RULESET is what games.Parse reads: a
// built-in name with parameters, or a rule file PATH.rules[:p=v] (a
// relative path is taken from the claim file's directory). x1 … xN are the
// piles of the canonical position: for a ruleset whose piles are
// interchangeable, sorted ascending (x1 ≤ x2 ≤ … ≤ xN). "<= MAX" sets
// the box check solves; without it the box is as large as keeps it
// within DefaultPositions positions. "where D" restricts the claim to the
// positions where D holds; it says nothing elsewhere.
//
// The language is formula's Presburger arithmetic: * needs a constant
// factor, / and % a positive constant divisor (both Euclidean, as in
// SMT-LIB: x = k·(x / k) + x % k with 0 ≤ x % k < k). let binds a name,
// even(t) and odd(t) are t % 2 == 0 and t % 2 == 1, "t in {1, 3}" and
// "(x1, x2) in {(0, 1), (1, 0)}" test membership of a finite set (finite
// exceptions), == and != between formulas mean "if and only if" and
// "exactly one of". Unicode ≤ ≥ ≠ ∧ ∨ ¬ − ⊕ read as their ASCII spellings.
//
// One expression language for rules and claims: the rule language's
// spelling (package lang) reads too — = for ==, and or not for && || !,
// mod div for % / — and prints in the claim spelling; "not" is as loose as
// a comparison (not x1 == x2 is !(x1 == x2)), "!" binds to its atom. A
// chain a < b <= c is a < b && b <= c and prints so. x ^ y is the
// nim-sum (bitwise xor; two's complement on negatives), looser than + and
// tighter than ==, as in Python: x1 ^ x2 == 0 is (x1 ^ x2) == 0. It is
// the one function outside Presburger arithmetic: prove refuses it, and
// base-2 automata decide it (automatic.ProveFormula).
// So every claim without ^ is one prove can encode, as far as the formula goes;
// whether the ruleset's moves have a symbolic encoding is prove's to say.
//
// [Claim.String] is a claim's normal form: ASCII operators, single
// spaces, parentheses only where precedence needs them (and around an &&
// inside an ||), sets sorted, the ruleset's canonical name. Parse of a
// normal form gives the same claim and prints the same text. [Claim.Key],
// the normal form without label and box, is the claim's identity in a
// proof ledger, so an edited claim is never trusted on an old proof.
//
// "claim slow2.fix corrects slow2: …" states a correction of the file's
// claim slow2 (its label extends slow2's): slow2 keeps failing as stated,
// and findings reports the correction beside it with how far it is
// established.
//
// Errors are an [ErrorList] of [Error]s, each with file, line and column.
package claimtext
