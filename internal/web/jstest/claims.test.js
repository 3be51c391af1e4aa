// The audit's presentation (static/claims.js), on answers shaped as the
// API gives them.
import { test } from "node:test";
import assert from "node:assert/strict";
import { groupClaims, whyLines, verdictText, roleText, hereLines } from "../static/claims.js";

const printed = { id: "000/cor-18.3", kind: "printed", quantity: "G", statement: "G = b + [i/2]", citation: "Gurvich, Ho, Corollary 18(3)", answers: false, trust: { kind: "refuted" }, refuted: "2,2,3", refuted_game: "slow-exact:k=2" };
const corrected = { id: "000/cor-18.3.corrected", kind: "correction", parent: "000/cor-18.3", change: "mod 2", statement: "G = (b + ⌊(a + i)/2⌋) mod 2", citation: "Gurvich, Ho, Corollary 18(3)", quantity: "G", answers: true, trust: { kind: "smt-proved" } };
const remote = { id: "003/x", kind: "printed", quantity: "R", answers: false, trust: { kind: "checked", detail: "box slow-exact:k=2, 3 piles ≤ 20" } };

test("corrections sit beside their printed claim", () => {
  const g = groupClaims([printed, corrected, remote]);
  assert.equal(g.length, 2);
  assert.deepEqual(g[0].family.map((c) => c.id), ["000/cor-18.3.corrected"]);
  assert.deepEqual(g[1].family, []);
});

test("a computed answer needs no theorem", () => {
  const l = whyLines({ trust: { kind: "computed", detail: "exhaustive search of every reachable position" }, searched: 5, G: "3" }, []);
  assert.equal(l.length, 1);
  assert.equal(l[0].text, "computed: exhaustive search of every reachable position, 5 positions solved; no theorem is needed.");
});

test("a theorem's answer names its claim; an unknown one the claims that would answer", () => {
  const m = { trust: { kind: "smt-proved" }, G: "1", Gm: null, R: null, Rm: null,
    sources: { G: { kind: "smt-proved", claims: ["000/cor-18.3.corrected"], detail: "z3, 2026-11-20" } } };
  const l = whyLines(m, [printed, corrected, remote]);
  assert.equal(l[0].label, "G");
  assert.equal(l[0].text, "smt-proved — 000/cor-18.3.corrected (Gurvich, Ho, Corollary 18(3)): “G = (b + ⌊(a + i)/2⌋) mod 2” [z3, 2026-11-20]");
  const r = l.find((x) => x.label === "R");
  assert.deepEqual(r.claims, ["003/x"]);
  assert.match(r.text, /^unknown — would be answered by 003\/x \(checked: box slow-exact:k=2, 3 piles ≤ 20\)/);
  assert.match(l.find((x) => x.label === "R⁻").text, /no registered claim speaks of R⁻/);
});

test("verdicts and roles", () => {
  assert.equal(verdictText(printed), "refuted: smallest counterexample (2,2,3) of slow-exact:k=2");
  assert.equal(verdictText(remote), "holds in grundy's box slow-exact:k=2, 3 piles ≤ 20; not proved beyond");
  assert.equal(roleText(corrected), "grundy's correction of 000/cor-18.3: mod 2");
});

test("what the claims say of this very position: (2,2,3) of slow-exact:k=2", () => {
  const h = hereLines([
    { id: "000/cor-18.3", kind: "printed", quantity: "G", claimed: "2", answer: "1", agrees: false },
    { id: "000/cor-18.3.corrected", kind: "correction", quantity: "G", claimed: "1", answer: "1", agrees: true },
    { id: "003/x", kind: "printed", quantity: "Rm", claimed: "5" },
  ]);
  assert.deepEqual(h.bad.map((x) => x.text), ["000/cor-18.3 (as printed) says G = 2; this answer gives 1"]);
  assert.deepEqual(h.good.map((x) => x.id), ["000/cor-18.3.corrected"]);
  assert.equal(h.open[0].text, "003/x (as printed) says R⁻ = 5, which this answer does not establish");
});
