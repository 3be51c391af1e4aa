// The audit's presentation (static/claims.js), on answers shaped as the
// API gives them.
import { test } from "node:test";
import assert from "node:assert/strict";
import { groupClaims, whyLines, verdictText, roleText, hereLines, checkReport, outcomeText } from "../static/claims.js";

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

test("a check's report counts the failures and their kinds as grundy check does", () => {
  // 240 of 39,711 positions fail in two boxes; 116 kinds, 12 listed.
  const failures = Array.from({ length: 12 }, (_, i) => ({ kind: `claims G=0, is G=${i + 1}`, count: 20, smallest: { game: "nim", pos: `0,${i + 1}`, claimed: "G=0", computed: `G=${i + 1}` } }));
  const r = { status: "fail", checked: 39711, box: ["nim, 2 piles ≤ 197", "nim, 3 piles ≤ 20"],
    instances: [{ box: "nim, 2 piles ≤ 197", checked: 39204, failed: 200 }, { box: "nim, 2 piles ≤ 20", checked: 507, failed: 40 }],
    failures, more_kinds: 104 };
  const c = checkReport(r);
  assert.equal(c.head, "FAILS — 39,711 positions checked, 240 fail");
  assert.deepEqual(c.boxes, ["box nim, 2 piles ≤ 197: 39,204 positions checked, 200 fail", "box nim, 2 piles ≤ 20: 507 positions checked, 40 fail"]);
  assert.equal(c.kinds, "failures (116 kinds):");
  assert.equal(c.failures.length, 12);
  assert.equal(c.failures[0].text + "(" + c.failures[0].pos + ") of " + c.failures[0].game + c.failures[0].tail,
    "claims G=0, is G=1: 20 positions, smallest (0,1) of nim: claimed G=0, computed G=1");
  assert.equal(c.more, "… and 104 more kinds");
});

test("a check that holds, or checks nothing, says so with its count", () => {
  const pass = checkReport({ status: "pass", checked: 1, instances: [{ box: "nim, 1 pile ≤ 0", checked: 1, failed: 0 }], failures: [] });
  assert.equal(pass.head, "holds — 1 position checked, none fails; not proved beyond the box");
  assert.deepEqual(pass.boxes, ["box nim, 1 pile ≤ 0: 1 position checked"]);
  assert.equal(pass.kinds, "");
  assert.equal(pass.more, "");
  assert.match(checkReport({ status: "empty", checked: 0, instances: [], failures: [] }).head, /^nothing checked/);
  const one = checkReport({ status: "fail", checked: 5, instances: [{ box: "b", checked: 5, failed: 1 }], failures: [{ kind: "k", count: 1, smallest: { game: "g", pos: "1", claimed: "P", computed: "N" } }] });
  assert.equal(one.kinds, "failures (1 kind):");
  assert.equal(one.failures[0].text, "k: 1 position, smallest ");
});

test("a reading's or correction's outcome, as grundy findings words it", () => {
  assert.equal(outcomeText({ status: "pass", checked: 39711 }), "holds: 39,711 positions checked");
  assert.equal(outcomeText({ status: "fail", checked: 10, counterexample: { game: "nim", pos: "2,2,3" } }), "FAILS too,");
  assert.equal(outcomeText({ status: "empty", checked: 0 }), "checked no position");
});
