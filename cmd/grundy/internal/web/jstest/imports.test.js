// The page's modules import one another without a cycle (issue 34): a
// module is loaded before every module that imports it, so none reads a
// binding of a module that has not run yet.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";

const dir = new URL("../static/", import.meta.url);

function imports(name) {
  const text = readFileSync(new URL(name, dir), "utf8");
  return [...text.matchAll(/^\s*import\s[^;]*?from\s+"\.\/([\w.-]+\.js)"/gm)].map((m) => m[1]);
}

test("the modules' imports form no cycle", () => {
  const names = readdirSync(dir).filter((f) => f.endsWith(".js"));
  const graph = new Map(names.map((n) => [n, imports(n)]));
  assert.ok(graph.get("app.js").length > 5, "app.js's imports are read");
  // Depth-first search: a module met again while on the path closes a
  // cycle, which the failure names.
  const state = new Map();
  const visit = (n, path) => {
    if (state.get(n) === "done") return;
    if (state.get(n) === "open") assert.fail("import cycle: " + [...path.slice(path.indexOf(n)), n].join(" → "));
    state.set(n, "open");
    for (const m of graph.get(n) || []) visit(m, [...path, n]);
    state.set(n, "done");
  };
  for (const n of names) visit(n, []);
});
