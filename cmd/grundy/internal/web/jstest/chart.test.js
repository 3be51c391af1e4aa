// The value history's chart (static/chart.js).
import { test } from "node:test";
import assert from "node:assert/strict";
import { chartPoints } from "../static/chart.js";

test("remoteness along a play of nim 1,2 → 1,1 → 0,1 → 0,0", () => {
  const a = [{ R: "3" }, { R: "2" }, { R: "1" }, { R: "0" }];
  assert.deepEqual(chartPoints(a, false), { rem: [3, 2, 1, 0], top: 3, kind: ["value", "value", "value", "value"] });
  assert.deepEqual(chartPoints([{ R: null, Rm: "4" }], true), { rem: [4], top: 4, kind: ["value"] });
});

test("a huge or unknown remoteness is never drawn as 0", () => {
  const c = chartPoints([{ R: "5" }, { R: "123456789012345678901234567890" }, { R: null }], false);
  assert.deepEqual(c.kind, ["value", "huge", "unknown"]);
  assert.deepEqual(c.rem, [5, null, null]);
});
