// The heatmap's geometry (static/heat.js).
import { test } from "node:test";
import assert from "node:assert/strict";
import { posAt, cellOfPosition, canonicalLike } from "../static/heat.js";

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
