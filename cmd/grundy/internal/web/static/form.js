// The ruleset form: built from the registry's families, read back into a
// ruleset, validated by the server.

import { $, api } from "./api.js";
import { splitSpec, current } from "./state.js";
import { page } from "./page.js";
import { syncEditors } from "./editors.js";

export function family(name) { return page.families.find((f) => f.name === name); }

export function renderParams(spec) {
  const [name, args] = splitSpec(spec);
  const f = family(name);
  const box = $("params");
  box.textContent = "";
  if (!f) return;
  const given = {};
  for (const kv of args ? args.split(",") : []) {
    const j = kv.indexOf("=");
    given[j < 0 ? kv : kv.slice(0, j)] = j < 0 ? "true" : kv.slice(j + 1);
  }
  const field = (name, kind, value, doc, min) => {
    const l = document.createElement("label");
    l.title = doc;
    l.append((name || "arguments") + " ");
    const i = document.createElement("input");
    i.id = "param-" + (name || "args");
    i.dataset.name = name;
    i.setAttribute("aria-describedby", "param-error");
    if (kind === "bool") { i.type = "checkbox"; i.checked = value === "true" || value === "1"; }
    else if (kind === "int") { i.type = "number"; i.min = min; i.value = value; i.className = "int"; }
    else { i.type = "text"; i.value = value; i.size = 14; }
    l.append(i);
    box.append(l);
  };
  for (const p of f.params) field(p.name, "int", given[p.name] ?? String(p.default), p.doc, p.min);
  for (const a of f.args || []) {
    const v = a.name === "" ? args : (a.name in given ? given[a.name] : (args && a.kind === "bool" ? "false" : a.default));
    field(a.name, a.kind, v, a.doc);
  }
  $("rule").textContent = f.rule + " (" + f.source + "; piles: " + f.piles + ")";
}

// specFromForm reads the ruleset the form describes.
export function specFromForm() {
  const f = family($("game").value);
  if (!f) return $("game").value;
  const parts = [];
  for (const i of $("params").querySelectorAll("input")) {
    const n = i.dataset.name;
    if (i.type === "checkbox") { if (i.checked) parts.push(n); }
    else if (n === "") { if (i.value.trim()) parts.push(i.value.trim()); }
    else parts.push(n + "=" + i.value.trim());
  }
  return parts.length ? f.name + ":" + parts.join(",") : f.name;
}

// followForm shows a committed state in the form.
export function followForm() { syncForm(); }

export function syncForm() {
  const st = page.state;
  const [name] = splitSpec(st.game);
  if ($("game").value !== name || specFromForm() !== st.game) {
    $("game").value = name;
    renderParams(st.game);
  }
  $("pos").value = current(st);
  $("misere").checked = st.misere;
  $("vs").checked = st.vs;
  $("sort").value = st.sort;
  $("hm-max").value = st.hm.max;
  $("hm-slice").value = st.hm.slice;
  $("hm-what").value = st.hm.what;
  $("hm-overlay").value = st.hm.overlay;
  setParamError("");
  syncEditors();
}

export function setParamError(msg) {
  $("param-error").textContent = msg;
  for (const i of $("params").querySelectorAll("input")) {
    i.setCustomValidity(msg);
    if (msg) i.setAttribute("aria-invalid", "true"); else i.removeAttribute("aria-invalid");
  }
}

let checkSeq = 0;
// checkRuleset validates the form's ruleset on the server; it answers the
// server's word (name, default position) or null after showing why not.
export async function checkRuleset(spec, pos) {
  const seq = ++checkSeq;
  try {
    const r = await api("ruleset", pos ? { game: spec, pos } : { game: spec });
    if (seq === checkSeq) setParamError("");
    return r;
  } catch (err) {
    if (seq === checkSeq) setParamError(err.message);
    return null;
  }
}

// markStale says the shown values no longer match the form.
export function markStale() {
  $("view").classList.add("stale");
  $("stale-note").hidden = false;
  disableMoves();
}

export function disableMoves() {
  for (const b of document.querySelectorAll("#moves button, #computer, #undo, #redo, #move-play")) b.disabled = true;
}

// knownGame replaces a URL's unknown family by the default one.
export function knownGame(st, fallback) {
  if (!family(splitSpec(st.game)[0])) st.game = fallback;
  return st;
}
