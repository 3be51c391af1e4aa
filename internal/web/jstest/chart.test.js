// The value history's chart (static/chart.js).
import { test } from "node:test";
import assert from "node:assert/strict";
import { chartPoints } from "../static/chart.js";

test("remoteness along a play of nim 1,2 → 1,1 → 0,1 → 0,0", () => {
  const a = [{ R: "3" }, { R: "2" }, { R: "1" }, { R: "0" }];
  assert.deepEqual(chartPoints(a, false), { rem: [3, 2, 1, 0], top: 3 });
  assert.deepEqual(chartPoints([{ R: null, Rm: "4" }], true), { rem: [4], top: 4 });
});
