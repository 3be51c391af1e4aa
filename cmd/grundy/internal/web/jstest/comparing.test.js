// Compare's state (static/comparing.js).
import { test } from "node:test";
import assert from "node:assert/strict";
import { compared, withCompared, withoutCompared, playCells } from "../static/comparing.js";
import { defaultState, toURL, fromURL } from "../static/state.js";

test("rulesets compared, once each, the state's own first, kept in the URL", () => {
  let st = { ...defaultState(), game: "nim" };
  st = withCompared(st, " wythoff ");
  st = withCompared(st, "wythoff");
  st = withCompared(st, "nim");
  st = withCompared(st, "slow-moore:k=2");
  assert.deepEqual(compared(st), ["nim", "wythoff", "slow-moore:k=2"]);
  assert.deepEqual(fromURL(toURL(st)).cmp, ["wythoff", "slow-moore:k=2"]);
  assert.deepEqual(compared(withoutCompared(st, "wythoff")), ["nim", "slow-moore:k=2"]);
  const mine = withoutCompared(st, "nim");
  assert.equal(mine.game, "wythoff");
  assert.deepEqual(compared(mine), ["wythoff", "slow-moore:k=2"]);
});

test("both plays' cells: nim 1,2 has G = 3 (Bouton) in both", () => {
  const v = { G: "3", R: "3", outcome: "N", Gm: "3", Rm: null, outcome_misere: "N" };
  assert.deepEqual(playCells(v, false), ["3", "3", "N"]);
  assert.deepEqual(playCells(v, true), ["3", "—", "N"]);
});
