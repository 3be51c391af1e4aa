// The rule and claim editors' state (static/state.js).
import { test } from "node:test";
import assert from "node:assert/strict";
import { defaultState, toURL, fromURL, gameParams, offsetOf, withRule, withGame, posKey } from "../static/state.js";

const rule = "ruleset take3\npiles at least 1\nmove take 1..3 from one pile\n";

test("a rule's text names the ruleset to the API and lives in the URL", () => {
  const st = withRule({ ...defaultState(), game: "nim" }, rule, "", "5,6");
  assert.deepEqual(gameParams(st), { rule });
  assert.deepEqual(gameParams({ ...st, args: "k=3" }), { rule, args: "k=3" });
  assert.deepEqual(gameParams(defaultState()), { game: "wythoff" });
  const back = fromURL(toURL({ ...st, claims: "P[nim, 2 piles] iff x1 == x2" }));
  assert.equal(back.rule, rule);
  assert.equal(back.claims, "P[nim, 2 piles] iff x1 == x2");
  assert.equal(back.start, "5,6");
  assert.notEqual(posKey(st), posKey({ ...st, rule: rule + "# edited\n" }), "another text, another ruleset");
  assert.equal(withGame(st, "nim", "1,2").rule, "", "a built-in ruleset drops the rule");
});

test("a fault's line and column select its place in the text", () => {
  assert.equal(offsetOf(rule, 1, 1), 0);
  assert.equal(rule.slice(offsetOf(rule, 3, 11)), "1..3 from one pile\n");
  assert.equal(offsetOf("x⁻y\nab", 1, 3), 2, "columns count code points");
  assert.equal(offsetOf("ab", 9, 9), 2, "past the end: the end");
});
