// What the page says of a position's answer and its moves: pure functions
// of the API's answers (jstest/moves.test.js). Values are decimal strings
// compared as BigInt, never as floating point.

export function played(v) { return v ?? "—"; }

export function withCommas(s) { return s.replace(/\B(?=(\d{3})+(?!\d))/g, ","); }

export function notEnumerated(m) {
  if (m.options == null) return "(moves not enumerated: piles beyond 64 bits, options not counted)";
  return "(moves not enumerated: " + (m.options_capped ? "more than " : "") + withCommas(m.options) + " options)";
}

export function remOf(mv, misere) { return misere ? mv.Rm : mv.R; }

// compareMoves sorts winning moves first, then by remoteness: the fastest
// win, or the longest resistance. Unknown remoteness comes last.
export function compareMoves(a, b, by, misere) {
  if (by === "order") return 0;
  if (a.winning !== b.winning) return a.winning ? -1 : 1;
  if (by === "outcome") return 0;
  const ra = remOf(a, misere), rb = remOf(b, misere);
  if (ra == null || rb == null) return (ra == null) - (rb == null);
  const x = BigInt(ra), y = BigInt(rb);
  if (x === y) return 0;
  return (a.winning ? x < y : x > y) ? -1 : 1;
}

// sortedMoves is the answer's moves in the order st.sort asks for.
export function sortedMoves(m, sort, misere) {
  const moves = m.moves.map((mv, i) => ({ mv, i }));
  moves.sort((a, b) => compareMoves(a.mv, b.mv, sort, misere) || a.i - b.i);
  return moves.map((x) => x.mv);
}

// statusText is computed from the same answer as the move list.
export function statusText(m, st) {
  const outcome = st.misere ? m.outcome_misere : m.outcome;
  if (m.terminal) {
    // The player to move cannot: loses in normal play, wins in misère.
    const moverWins = st.misere;
    if (!st.vs) return "Game over: the player to move " + (moverWins ? "wins" : "loses") + ".";
    const last = st.moves.length ? st.moves[st.moves.length - 1].by : "c";
    const youToMove = last === "c";
    return "Game over: " + (moverWins === youToMove ? "you win." : "the computer wins.");
  }
  if (st.vs && st.moves.length && st.moves[st.moves.length - 1].by === "y") {
    // The computer is to move: the outcome is its own.
    if (outcome === "N") return "The computer is to move and can win from here.";
    if (outcome === "P") return "The computer is to move and loses against your best play.";
  }
  if (outcome === "N") {
    const found = m.moves.some((mv) => mv.winning);
    return "You can win from here." + (found ? "" : " (No method here finds the winning move.)");
  }
  if (outcome === "P") {
    if (m.enumerated || m.moves.length) {
      return "Every move loses against best play." + (m.enumerated ? "" : " " + notEnumerated(m));
    }
    return "Every move loses against best play " + notEnumerated(m);
  }
  return "The outcome is unknown: no method answers it here.";
}

export function trustLabel(t) {
  const claims = t.claims || [];
  return t.kind + (claims.length ? " · " + claims.join(", ") : "");
}

// trustText shows the kind, the claims and the scope, worded as check and
// findings word it: "for every position of n piles of GAME" (a proof),
// "within the box …" (a check).
export function trustText(t) {
  return trustLabel(t) + (t.scope ? " " + t.scope : "");
}

const names = { G: "G", Gm: "G⁻", R: "R", Rm: "R⁻" };

// missingNote says, in place, why some values of an answer are not shown
// ("—"): no method gave them. Empty when every value is known.
export function missingNote(m) {
  const missing = ["G", "Gm", "R", "Rm"].filter((q) => m[q] == null).map((q) => names[q]);
  if (!missing.length) return "";
  const claims = [...new Set(Object.values(m.sources || {}).flatMap((t) => t.claims || []))];
  return missing.join(", ") + (missing.length > 1 ? " are" : " is") + " unknown here (—): " +
    (m.method === "theorem"
      ? "no exhaustive search fits the server's limits, and the theorems that answer" + (claims.length ? " (" + claims.join(", ") + ")" : "") + " do not give " + (missing.length > 1 ? "them" : "it") + "."
      : "the " + m.method + " did not establish " + (missing.length > 1 ? "them" : "it") + ".");
}
