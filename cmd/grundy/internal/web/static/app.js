// grundy's page, the entry module. One object, page.state, holds what the
// user chose: ruleset, position, play, misère, heatmap. It lives in the
// URL. Everything shown is derived from it through answers of the JSON
// API, and is cleared (or marked stale) the moment state changes, so no
// old number outlives its position. Values arrive as decimal strings and
// are never turned into floating point; comparisons use BigInt.
//
// The modules: state.js, moves.js, heat.js, claims.js and chart.js are
// pure (tested by node, jstest/); api.js talks to the server; page.js
// holds the state and commits it; form.js, position.js, heatmap.js,
// audit.js, editors.js and compare.js draw the views. Imports go one way,
// from this module down to page.js, api.js and the pure ones: page.js
// imports no view, and commit calls the views' follow functions this
// module hands it (jstest/imports.test.js checks there is no cycle).

import { $, api, posTask, heatTask, wireEscape } from "./api.js";
import { defaultState, fromURL, toURL, current, heatKey, withGame, truncatePlay, gameParams, withRule, withMisere } from "./state.js";
import { page, commit, follow } from "./page.js";
import { renderParams, specFromForm, checkRuleset, markStale, knownGame, followForm } from "./form.js";
import { clearDerived, renderMoves, renderControls, undo, redo, typedMove, computerMove, followPosition } from "./position.js";
import { wireEditors } from "./editors.js";
import { clearHeatmap, drawHeatmap, loadOverlays, hasGrid, wireHeatmap, followHeatmap, overlays } from "./heatmap.js";
import { followAudit } from "./audit.js";
import { followCompare } from "./compare.js";

// What a commit redraws, in this order: the form first, so that the views
// read the state from it as the user sees it.
for (const f of [followForm, followPosition, followHeatmap, followAudit, followCompare]) follow(f);

function fromLocation() { return knownGame(fromURL(location.search), defaultState().game); }

// validated checks a state's play (a shared URL's) with the server and
// keeps the moves up to the first illegal one, saying which (D1).
async function validated(st) {
  if (!st.moves.length) return st;
  const play = st.moves.map((m) => (m.by === "c" ? "c" : "") + m.to).join(";");
  let r;
  try { r = await api("play", { ...gameParams(st), pos: st.start, play }); } catch (err) { return { ...st, moves: [] }; }
  if (!r.error) return truncatePlay(st, r.valid, r.positions);
  $("play-note").textContent = "The shared play is cut short: " + r.error + ". It continues from the last legal position.";
  return truncatePlay(st, r.valid, r.positions);
}

async function load() {
  const st = await validated(fromLocation());
  const note = $("play-note").textContent;
  commit(st, { push: false });
  $("play-note").textContent = note;
}

window.addEventListener("popstate", load);

function newGameFromForm(pos) {
  const st = page.state;
  // A rule being played stays: only the position is new.
  const next = st.rule ? withRule(st, st.rule, st.args, pos) : withGame(st, specFromForm(), pos);
  commit({ ...next, misere: $("misere").checked }, { force: true });
}

async function init() {
  page.families = await api("games", {});
  for (const f of page.families) {
    const o = document.createElement("option");
    o.value = f.name; o.textContent = f.name;
    $("game").append(o);
  }
  $("game").addEventListener("change", async () => {
    // A new ruleset: its own parameters and a position that fits them.
    clearDerived(); clearHeatmap(); markStale();
    renderParams($("game").value);
    const spec = specFromForm();
    // The position stays when it is one of the new ruleset (D5).
    const here = current(page.state);
    const r = await checkRuleset(spec, here);
    if (!r || specFromForm() !== spec) return;
    const start = r.pos_error ? r.default_pos || here : here;
    commit(withGame(page.state, spec, start));
  });
  let paramTimer = null;
  $("params").addEventListener("input", () => {
    markStale();
    clearTimeout(paramTimer);
    paramTimer = setTimeout(() => checkRuleset(specFromForm(), $("pos").value), 250);
  });
  $("params").addEventListener("change", async () => {
    const spec = specFromForm();
    const r = await checkRuleset(spec, $("pos").value);
    if (!r || specFromForm() !== spec) return;
    // The slice is refitted to the position kept or proposed (D6).
    commit(withGame(page.state, spec, r.pos_error ? r.default_pos : $("pos").value));
  });
  $("pos").addEventListener("input", markStale);
  $("form").addEventListener("submit", (e) => { e.preventDefault(); newGameFromForm($("pos").value.trim()); });
  $("misere").addEventListener("change", () => commit(withMisere(page.state, $("misere").checked, overlays)));
  $("vs").addEventListener("change", () => commit({ ...page.state, vs: $("vs").checked }, { push: false }));
  $("sort").addEventListener("change", () => {
    page.state = { ...page.state, sort: $("sort").value };
    history.replaceState(null, "", toURL(page.state));
    renderMoves(); renderControls();
  });
  // Links into the help open it.
  document.addEventListener("click", (ev) => {
    const a = ev.target.closest && ev.target.closest("a[href^='#']");
    if (a && /^#(help|h-|t-)/.test(a.getAttribute("href"))) $("help-panel").open = true;
  });
  $("undo").addEventListener("click", undo);
  $("redo").addEventListener("click", redo);
  $("move-form").addEventListener("submit", (e) => { e.preventDefault(); typedMove($("move-input").value); });
  $("computer").addEventListener("click", () => { if (!posTask.busy && page.answer && !page.answer.terminal) computerMove(); });
  $("cancel").addEventListener("click", () => posTask.cancel());
  $("hm-cancel").addEventListener("click", () => heatTask.cancel());
  $("hm-form").addEventListener("submit", (e) => {
    e.preventDefault();
    const st = { ...page.state, hm: { max: $("hm-max").value, slice: $("hm-slice").value.trim(), what: $("hm-what").value, overlay: $("hm-overlay").value } };
    const same = heatKey(st) === heatKey(page.state);
    commit(st);
    if (same) drawHeatmap();
  });
  $("hm-form").addEventListener("input", () => { if (hasGrid()) $("heat").classList.add("stale"); });
  $("hm-slice").addEventListener("change", () => {
    page.state = { ...page.state, hm: { ...page.state.hm, slice: $("hm-slice").value.trim(), overlay: "" } };
    loadOverlays();
  });
  wireHeatmap();
  wireEditors();
  wireEscape();
  // The views are links that keep the state: followed here without a
  // reload.
  for (const a of document.querySelectorAll("header nav a[data-view]")) {
    a.addEventListener("click", (ev) => { ev.preventDefault(); commit({ ...page.state, view: a.dataset.view }); });
  }
  await load();
  document.body.dataset.ready = "true";
}

init().catch((err) => { $("error").textContent = String(err.message || err); });
