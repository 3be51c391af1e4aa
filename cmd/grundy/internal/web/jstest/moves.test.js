// What the page says of an answer (static/moves.js). Nim 1,2 by hand:
// G = 1 xor 2 = 3; its options 0,2 (G 2, R 1... ), 1,1 (P) and 0,1.
import { test } from "node:test";
import assert from "node:assert/strict";
import { compareMoves, sortedMoves, statusText, notEnumerated, withCommas, missingNote } from "../static/moves.js";
import { defaultState } from "../static/state.js";

const mv = (to, winning, R) => ({ to, winning, R });

test("moves sorted by remoteness: fastest win, then longest resistance", () => {
  const m = { moves: [mv("0,1", false, "1"), mv("0,2", false, "2"), mv("1,1", true, "2")] };
  assert.deepEqual(sortedMoves(m, "remoteness", false).map((x) => x.to), ["1,1", "0,2", "0,1"]);
  assert.deepEqual(sortedMoves(m, "order", false).map((x) => x.to), ["0,1", "0,2", "1,1"]);
  assert.deepEqual(sortedMoves(m, "outcome", false).map((x) => x.to), ["1,1", "0,1", "0,2"]);
});

test("remoteness beyond 2^53 compares exactly", () => {
  const a = mv("a", true, "9007199254740993"), b = mv("b", true, "9007199254740992");
  assert.equal(compareMoves(a, b, "remoteness", false), 1);
  assert.equal(compareMoves(b, a, "remoteness", false), -1);
});

test("status", () => {
  const st = defaultState();
  assert.equal(statusText({ outcome: "N", moves: [mv("1,1", true)] }, st), "You can win from here.");
  assert.equal(statusText({ outcome: "P", moves: [], enumerated: false, options: "2000000", options_capped: true }, st),
    "Every move loses against best play (moves not enumerated: more than 2,000,000 options)");
  assert.equal(statusText({ terminal: true, moves: [] }, { ...st, moves: [{ to: "0,0", by: "y" }] }), "Game over: you win.");
  assert.equal(statusText({ terminal: true, moves: [] }, { ...st, misere: true, moves: [{ to: "0,0", by: "y" }] }), "Game over: the computer wins.");
  assert.equal(statusText({ outcome: "N", moves: [] }, { ...st, moves: [{ to: "1,2", by: "y" }] }), "The computer is to move and can win from here.");
});

test("numbers", () => {
  assert.equal(withCommas("1234567"), "1,234,567");
  assert.equal(notEnumerated({ options: null }), "(moves not enumerated: piles beyond 64 bits, options not counted)");
});

test("a value shown as — says why in place", () => {
  assert.equal(missingNote({ G: "3", Gm: "3", R: "3", Rm: "3", method: "search" }), "");
  const m = { G: "5", Gm: null, R: null, Rm: null, method: "theorem", sources: { G: { kind: "classical", claims: ["000/bouton"] } } };
  assert.equal(missingNote(m), "G⁻, R, R⁻ are unknown here (—): no exhaustive search fits the server's limits, and the theorems that answer (000/bouton) do not give them.");
});
