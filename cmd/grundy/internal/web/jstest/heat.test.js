// The heatmap's geometry (static/heat.js).
import { test } from "node:test";
import assert from "node:assert/strict";
import { posAt, cellOfPosition, canonicalLike, axisLabels, legendTicks, describe } from "../static/heat.js";

test("cells and positions", () => {
  const grid = { slice: "3,x,y", max: 5 };
  assert.equal(posAt(grid.slice, 1, 4), "3,1,4");
  assert.deepEqual(cellOfPosition(grid, "3,1,4"), { x: 1, y: 4 });
  assert.equal(cellOfPosition(grid, "2,1,4"), null, "another fixed pile");
  assert.equal(cellOfPosition(grid, "3,1,6"), null, "beyond max");
  assert.equal(cellOfPosition(grid, "3,1"), null, "another pile count");
  assert.equal(cellOfPosition(grid, "3,1,123456789012345678901234567890"), null, "huge");
});

test("a cell matches a move in its canonical form", () => {
  const answer = { moves: [{ to: "1,2" }] };
  assert.equal(canonicalLike(answer, "2,1"), "1,2");
  assert.equal(canonicalLike(answer, "2,2"), "2,2");
});

// A sans-serif digit is about 0.56 em wide; the arrow names a little
// wider: a generous width, so that a real font's labels fit as well.
const width = (px) => (t) => [...t].length * 0.62 * px;

test("axis labels neither meet nor leave the canvas", () => {
  for (const side of [1, 2, 5, 6, 11, 21, 41, 100, 101, 150, 201]) {
    const ls = axisLabels(side, 560, 34, width(10), 10);
    for (const l of ls) {
      const b = l.box;
      assert.ok(b.x0 >= 0 && b.y0 >= 0 && b.x1 <= 560 && b.y1 <= 560, `side ${side}: label ${l.text} at ${JSON.stringify(b)} leaves the canvas`);
    }
    for (let i = 0; i < ls.length; i++) {
      for (let j = i + 1; j < ls.length; j++) {
        const a = ls[i].box, b = ls[j].box;
        const meet = a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;
        assert.ok(!meet, `side ${side}: labels ${ls[i].text} ${JSON.stringify(a)} and ${ls[j].text} ${JSON.stringify(b)} overlap`);
      }
    }
    // Every tick below the map and left of it, none over a cell.
    for (const l of ls.filter((l) => /^\d+$/.test(l.text))) {
      assert.ok(l.box.y0 >= 560 - 34 || l.box.x1 <= 34, `side ${side}: tick ${l.text} over the map`);
    }
  }
});

test("the ticks of a 41-cell map: every fifth value", () => {
  const xs = axisLabels(41, 560, 34, width(10), 10).filter((l) => /^\d+$/.test(l.text) && l.box.y0 >= 526).map((l) => l.text);
  assert.deepEqual(xs, ["0", "5", "10", "15", "20", "25", "30", "35", "40"]);
});

test("a colour bar's ticks: first, last, evenly between", () => {
  assert.deepEqual(legendTicks(1), [0]);
  assert.deepEqual(legendTicks(17), [0, 2, 4, 6, 8, 10, 12, 14, 16]);
  assert.deepEqual(legendTicks(30), [0, 4, 8, 12, 16, 20, 24, 29]);
  assert.deepEqual(legendTicks(81), [0, 10, 20, 30, 40, 50, 60, 70, 80]);
});

test("the readout says what plays the cell, the pointer's way", () => {
  // Nim 0..1: G = x xor y (Bouton); (1,1) is P.
  const grid = { slice: "x,y", max: 1, misere: false, G: [0, 1, 1, 0], Gm: [1, 0, 0, 1], R: [0, 1, 1, 2], Rm: [1, 2, 2, 3], P: [true, false, false, true] };
  assert.equal(describe(grid, { x: 1, y: 1 }, true, "click"), "(1,1): G=0 G⁻=1 R=2 R⁻=3 — P in normal play — click: play this move");
  assert.equal(describe(grid, { x: 0, y: 1 }, false, "tap again"), "(0,1): G=1 G⁻=0 R=1 R⁻=2 — N in normal play — tap again: start a new game here");
  assert.match(describe(grid, { x: 0, y: 0 }, false), /— Enter: start a new game here$/);
});
