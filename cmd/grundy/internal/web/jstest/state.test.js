// The page's state and its URL (static/state.js).
import { test } from "node:test";
import assert from "node:assert/strict";
import { defaultState, current, toURL, fromURL, fitSlice, undone, splitSpec, withGame, truncatePlay, withMisere } from "../static/state.js";

test("a state survives its URL", () => {
  const st = { ...defaultState(), game: "slow-exact:k=2", start: "2,2,3", misere: true, vs: false, sort: "remoteness",
    moves: [{ to: "1,2,3", by: "y" }, { to: "1,1,3", by: "c" }], hm: { max: "12", slice: "2,x,y", what: "rem", overlay: "" } };
  assert.deepEqual(fromURL(toURL(st)), st);
});

test("the URL of the default state names only what a reader needs", () => {
  assert.equal(toURL(defaultState()), "?game=wythoff&pos=3%2C5&max=20&slice=x%2Cy&what=sg");
});

test("current is the last move's position, or the start", () => {
  assert.equal(current(defaultState()), "3,5");
  assert.equal(current({ start: "3,5", moves: [{ to: "2,5", by: "y" }, { to: "2,1", by: "c" }] }), "2,1");
});

test("fitSlice keeps a slice of the right pile count and makes one otherwise", () => {
  for (const [slice, pos, want] of [["x,y", "1,2", "x,y"], ["x,y", "1,2,3", "x,y,0"], ["3,x,y", "1,2", "x,y"], ["x,y", "7", "x,y"]]) {
    assert.equal(fitSlice(slice, pos), want, `fitSlice(${slice}, ${pos})`);
  }
});

test("undo takes back your last move and the computer's answers to it", () => {
  const y = (to) => ({ to, by: "y" }), c = (to) => ({ to, by: "c" });
  assert.deepEqual(undone([y("1,1"), c("0,1")]), []);
  assert.deepEqual(undone([y("1,1"), c("0,1"), y("0,0")]), [y("1,1"), c("0,1")]);
  assert.equal(undone([c("1,1")]), null);
  assert.equal(undone([]), null);
});

test("splitSpec", () => {
  assert.deepEqual(splitSpec("nim"), ["nim", ""]);
  assert.deepEqual(splitSpec("fdg:d=1100,multiset"), ["fdg", "d=1100,multiset"]);
});

test("a new ruleset refits the heatmap's slice to the position's piles (D6)", () => {
  const st = { ...defaultState(), game: "slow-exact:k=2", start: "3,5", hm: { max: "20", slice: "x,y", what: "sg", overlay: "000/x" } };
  const k3 = withGame(st, "slow-exact:k=3", "3,5,7");
  assert.equal(k3.hm.slice, "x,y,0");
  assert.equal(k3.hm.overlay, "", "an overlay of another ruleset");
  assert.deepEqual(k3.moves, []);
  const same = withGame(st, "slow-exact:k=2", "1,2");
  assert.equal(same.hm.overlay, "000/x", "same ruleset and slice keep the overlay");
});

test("a shared play is cut at its first illegal move (D1)", () => {
  const st = { ...defaultState(), game: "nim", start: "3,5", moves: [{ to: "9,9", by: "y" }, { to: "1,1", by: "c" }] };
  assert.deepEqual(truncatePlay(st, 0, []).moves, []);
  const ok = { ...st, start: "1,2", moves: [{ to: "1,1", by: "y" }, { to: "1,0", by: "c" }] };
  assert.deepEqual(truncatePlay(ok, 2, ["1,1", "0,1"]).moves, [{ to: "1,1", by: "y" }, { to: "0,1", by: "c" }]);
});

test("misère drops an overlay of normal play, keeps one of its own", () => {
  const list = [{ id: "wythoff-pairs:s=1,t=1", misere: false }, { id: "002/thm-6.K1", misere: true }];
  const st = { ...defaultState(), hm: { ...defaultState().hm, overlay: "wythoff-pairs:s=1,t=1" } };
  const m = withMisere(st, true, list);
  assert.equal(m.misere, true);
  assert.equal(m.hm.overlay, "", "a normal-play overlay cannot be drawn on a misère map");
  assert.equal(withMisere(st, false, list).hm.overlay, "wythoff-pairs:s=1,t=1");
  const mm = { ...st, misere: true, hm: { ...st.hm, overlay: "002/thm-6.K1" } };
  assert.equal(withMisere(mm, true, list).hm.overlay, "002/thm-6.K1");
  assert.equal(withMisere(mm, false, list).hm.overlay, "");
  assert.equal(withMisere(st, true, []).hm.overlay, st.hm.overlay, "an overlay not (yet) listed stays: the server judges it");
});
