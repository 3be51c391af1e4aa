// Exports (static/exporting.js), on grids and answers shaped as the API
// gives them. Nim's box 0..2 by hand: G(x, y) = x xor y, P on the
// diagonal.
import { test } from "node:test";
import assert from "node:assert/strict";
import { csv, movesTable, playTable, gridTable, pposTable, asJSON } from "../static/exporting.js";
import { undoPlay, redoPlay, defaultState, toURL, fromURL } from "../static/state.js";

const side = 3, cells = [...Array(side * side).keys()];
const nim = { slice: "x,y", max: 2, G: cells.map((i) => (i % side) ^ Math.floor(i / side)), Gm: cells.map(() => 0), R: cells.map(() => 0), Rm: cells.map(() => 0) };
nim.P = nim.G.map((g) => g === 0);

test("the P-positions of nim's box are the diagonal", () => {
  assert.deepEqual(pposTable(nim, true).rows, [[0, 0, 0, "0,0"], [1, 1, 1, "1,1"], [2, 2, 2, "2,2"]]);
});

test("a box as CSV: one line per cell, a header", () => {
  const lines = csv(gridTable(nim).header, gridTable(nim).rows).trim().split("\n");
  assert.equal(lines.length, 10);
  assert.equal(lines[0], "x,y,position,G,Gm,R,Rm,P");
  assert.equal(lines[2], '1,0,"1,0",1,0,0,0,false');
});

test("moves and play as tables; JSON keyed by the header", () => {
  const m = { pos: "1,2", moves: [{ to: "1,1", winning: true, optimal: true, G: "0", Gm: "1", R: "2", Rm: "3", outcome: "P", outcome_misere: "N" }] };
  const t = movesTable(m, "nim", false);
  assert.deepEqual(JSON.parse(asJSON(t))[0], { game: "nim", from: "1,2", to: "1,1", winning: true, optimal: true, G: "0", Gm: "1", R: "2", Rm: "3", outcome: "P", outcome_misere: "N", misere: false });
  const st = { ...defaultState(), start: "1,2", moves: [{ to: "1,1", by: "y" }, { to: "0,1", by: "c" }] };
  assert.deepEqual(playTable(st).rows, [[0, "1,2", "start"], [1, "1,1", "you"], [2, "0,1", "computer"]]);
});

test("undo keeps what it takes back; redo replays your move with the answer", () => {
  const y = (to) => ({ to, by: "y" }), c = (to) => ({ to, by: "c" });
  const st = { ...defaultState(), game: "nim", start: "1,2", moves: [y("1,1"), c("0,1"), y("0,0")] };
  const u1 = undoPlay(st);
  assert.deepEqual(u1.moves, [y("1,1"), c("0,1")]);
  const u2 = undoPlay(u1);
  assert.deepEqual(u2.moves, []);
  assert.deepEqual(u2.redo, [y("1,1"), c("0,1"), y("0,0")]);
  assert.deepEqual(fromURL(toURL(u2)).redo, u2.redo, "redo lives in the URL");
  const r1 = redoPlay(u2);
  assert.deepEqual(r1.moves, [y("1,1"), c("0,1")]);
  assert.deepEqual(redoPlay(r1).moves, st.moves);
  assert.equal(redoPlay(redoPlay(r1)), null);
  assert.equal(undoPlay({ ...st, moves: [] }), null);
});
