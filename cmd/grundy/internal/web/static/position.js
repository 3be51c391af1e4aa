// The position's view: its values and trust, its moves, the play against
// the computer, the value history and the explorer.

import { $, api, isAbort, posTask, inline } from "./api.js";
import { current, toURL, undoPlay, redoPlay, gameParams, rulesetKey, posKey } from "./state.js";
import { movesTable, playTable } from "./exporting.js";
import { setTable } from "./download.js";
import { played, trustText, trustLabel, statusText, notEnumerated, remOf, sortedMoves, missingNote } from "./moves.js";
import { chartPoints } from "./chart.js";
import { disableMoves } from "./form.js";
import { page, commit } from "./page.js";
import { renderWhy } from "./audit.js";
import { ruleNamed } from "./editors.js";

let refreshSeq = 0;

// followPosition asks for the position's answer when the position (its
// ruleset, play or misère) changed, and otherwise redraws what shows it.
export function followPosition(old, st, { force, answer }) {
  if (force || !old || posKey(old) !== posKey(st) || !page.answer) refresh(answer);
  else { renderAnswer(); renderHistory(); }
}

export function clearDerived() {
  page.answer = null;
  for (const k of ["G", "Gm", "R", "Rm", "outcome", "outcome-misere", "method"]) $("v-" + k).textContent = "—";
  $("v-trust").textContent = "";
  $("v-trust").className = "trust";
  $("fallback").hidden = true;
  $("status").textContent = "";
  $("moves").textContent = "";
  $("explorer").textContent = "";
  $("view").classList.remove("stale");
  $("stale-note").hidden = true;
  $("error").textContent = "";
  $("v-notes").textContent = "";
  $("why").textContent = "";
  $("move-error").textContent = "";
  setTable("exp-moves", null);
  // The value history belongs to the old position too (D3).
  $("chart").textContent = "";
  $("chart").setAttribute("aria-label", "value history");
  disableMoves();
}

export async function refresh(reply) {
  const st = page.state, seq = ++refreshSeq;
  clearDerived();
  renderHistory();
  let m;
  try {
    m = await posTask.run("Computing " + current(st), (signal) =>
      api("moves", { ...gameParams(st), pos: current(st), misere: st.misere }, signal));
  } catch (err) {
    if (seq !== refreshSeq) return;
    $("error").textContent = isAbort(err) ? "Cancelled: nothing is known of " + current(st) + " — press Show to try again." : err.message;
    renderControls();
    return;
  }
  if (seq !== refreshSeq || st !== page.state) return;
  if (m.pos !== current(st)) {
    // Show the canonical form the server answered for.
    if (st.moves.length) st.moves[st.moves.length - 1].to = m.pos; else st.start = m.pos;
    history.replaceState(null, "", toURL(st));
    $("pos").value = m.pos;
    renderHistory();
  }
  page.answer = m;
  cache.set(cacheKey(st, current(st)), m);
  renderAnswer();
  renderChart();
  renderExplorer();
  if (reply && !m.terminal && st.vs) computerMove();
}

function trustBadge(el, t) {
  el.textContent = trustText(t);
  el.className = "trust " + t.kind;
  el.href = "#t-" + t.kind;
  el.title = t.detail || "";
}

// number shows a value as a link to the method that gave it: for a
// theorem's answer, the claim behind that very quantity.
function number(id, v, m, ...quantities) {
  $(id).textContent = "";
  if (v === "—") {
    // Not established: no method to link to (missingNote says why).
    $(id).textContent = v;
    return;
  }
  const a = document.createElement("a");
  a.href = "#method-line";
  a.className = "num";
  const src = quantities.map((q) => m.sources && m.sources[q]).find((t) => t) || m.trust;
  a.title = "by " + m.method + ": " + trustLabel(src) + (src.detail ? " (" + src.detail + ")" : "");
  a.textContent = v;
  $(id).append(a);
}

export function renderAnswer() {
  const m = page.answer, st = page.state;
  number("v-G", played(m.G), m, "G");
  number("v-Gm", played(m.Gm), m, "Gm");
  number("v-R", played(m.R), m, "R");
  number("v-Rm", played(m.Rm), m, "Rm");
  number("v-outcome", m.outcome || "unknown", m, "P", "G", "R");
  number("v-outcome-misere", m.outcome_misere || "unknown", m, "Pm", "Gm", "Rm");
  $("v-method").textContent = m.method + (m.searched ? " (" + m.searched + " positions)" : "");
  trustBadge($("v-trust"), m.trust);
  $("v-notes").textContent = missingNote(m);
  if (st.rule) ruleNamed(m.game);
  renderWhy();
  $("fallback").hidden = !m.fallback;
  $("fallback").textContent = m.fallback ? "Note: " + m.fallback + "." : "";
  renderMoves();
  setTable("exp-moves", movesTable(m, m.game, st.misere));
  $("status").textContent = statusText(m, st);
  renderControls();
}

// keepFocus is set when a move is played from the keyboard: the focus
// returns to the new move list, not to the top of the page (D7).
let keepFocus = false;

export function renderMoves() {
  const list = $("moves"), m = page.answer, st = page.state;
  const hadFocus = list.contains(document.activeElement);
  list.textContent = "";
  if (!m) return;
  for (const mv of sortedMoves(m, st.sort, st.misere)) {
    const b = document.createElement("button");
    const r = remOf(mv, st.misere);
    b.type = "button";
    b.className = "move " + (mv.winning ? "win" : "lose") + (mv.optimal ? " optimal" : "");
    b.dataset.to = mv.to;
    b.textContent = (mv.optimal ? "★ " : "") + "→ " + mv.to + " · " + (mv.winning ? "win" : "lose") + (r == null ? "" : " in " + r);
    b.title = `G=${played(mv.G)} G⁻=${played(mv.Gm)} R=${played(mv.R)} R⁻=${played(mv.Rm)}` + (mv.optimal ? " (optimal)" : "") +
      " — by " + (mv.source ? trustText(mv.source) : m.method);
    b.addEventListener("click", () => playerMove(mv.to));
    const li = document.createElement("li");
    li.append(b);
    list.append(li);
  }
  if (hadFocus || keepFocus) focusMoves();
}

function focusMoves() {
  const first = $("moves").querySelector("button");
  if (first) first.focus(); else $("status").focus();
}

// The focus stays with the moves until the user takes it elsewhere.
document.addEventListener("focusin", (ev) => {
  if (!$("moves").contains(ev.target) && ev.target !== $("status")) keepFocus = false;
});

export function renderControls() {
  const busy = posTask.busy, m = page.answer;
  const ok = m !== null && !busy;
  for (const b of document.querySelectorAll("#moves button")) b.disabled = !ok;
  $("computer").disabled = !ok || m.terminal;
  $("undo").disabled = busy || !page.state.moves.some((mv) => mv.by === "y");
  $("redo").disabled = busy || !(page.state.redo && page.state.redo.length);
  $("move-play").disabled = !ok || m.terminal;
}

export function renderHistory() {
  const st = page.state;
  const path = [st.start, ...st.moves.map((m) => m.to)];
  $("history").textContent = st.moves.length ? "history: " + path.join(" → ") : "";
  setTable("exp-play", playTable(st));
}

// ---- play ----

export function playerMove(to) {
  if (posTask.busy || !page.answer) return;
  keepFocus = $("moves").contains(document.activeElement);
  commit({ ...page.state, moves: [...page.state.moves, { to, by: "y" }], redo: [] }, { answer: true });
}

export async function computerMove() {
  const st = page.state;
  disableMoves();
  let mv;
  try {
    mv = await posTask.run("The computer thinks", (signal) => api("computer", { ...gameParams(st), pos: current(st), misere: st.misere }, signal));
  } catch (err) {
    if (st === page.state) { $("error").textContent = isAbort(err) ? "Cancelled: the computer did not move." : err.message; renderControls(); }
    return;
  }
  if (st !== page.state) return;
  commit({ ...st, moves: [...st.moves, { to: mv.to, by: "c" }] });
}

export function undo() {
  if (posTask.busy) return;
  const st = undoPlay(page.state);
  if (st) commit(st);
}

export function redo() {
  if (posTask.busy) return;
  const st = redoPlay(page.state);
  if (st) commit(st);
}

// typedMove plays a move typed as the position it leads to: the server
// checks it is a move from here (any order of interchangeable piles, and
// piles of any size).
export async function typedMove(text) {
  const st = page.state, to = text.replace(/\s+/g, "");
  $("move-error").textContent = "";
  if (!to || posTask.busy || !page.answer) return;
  let r;
  try { r = await api("play", { ...gameParams(st), pos: current(st), play: to }); } catch (err) {
    if (st === page.state) $("move-error").textContent = err.message;
    return;
  }
  if (st !== page.state) return;
  if (r.error || r.valid !== 1) { $("move-error").textContent = "Not played: " + (r.error || "not a move") + "."; return; }
  $("move-input").value = "";
  playerMove(r.positions[0]);
}

// ---- value history ----

export const cache = new Map();
export function cacheKey(st, pos) { return rulesetKey(st) + "|" + (st.misere ? "m" : "n") + "|" + pos; }

let chartSeq = 0, chartFetch = null;
async function renderChart() {
  const st = page.state, seq = ++chartSeq;
  // The answers of an old play are not wanted any more.
  if (chartFetch) chartFetch.abort();
  const mine = new AbortController();
  chartFetch = mine;
  const path = [st.start, ...st.moves.map((m) => m.to)];
  // Positions restored from a URL have not been answered yet.
  for (const pos of path) {
    if (cache.has(cacheKey(st, pos))) continue;
    try {
      cache.set(cacheKey(st, pos), await api("moves", { ...gameParams(st), pos, misere: st.misere }, mine.signal));
    } catch (err) { return; }
    if (seq !== chartSeq) return;
  }
  if (seq !== chartSeq || st !== page.state) return;
  drawChart(path.map((pos) => cache.get(cacheKey(st, pos))));
}

function drawChart(answers) {
  const box = $("chart"), st = page.state;
  const { rem, top, kind } = chartPoints(answers, st.misere);
  const w = 320, h = 140, pad = 26;
  const x = (i) => pad + (answers.length === 1 ? 0 : i * (w - 2 * pad) / (answers.length - 1));
  const y = (r) => h - pad - r * (h - 2 * pad) / top;
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("viewBox", `0 0 ${w} ${h}`);
  const el = (tag, attrs, text) => {
    const e = document.createElementNS(ns, tag);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
    if (text !== undefined) e.textContent = text;
    svg.append(e);
    return e;
  };
  el("line", { x1: pad, y1: h - pad, x2: w - pad, y2: h - pad, stroke: "#999" });
  el("line", { x1: pad, y1: pad, x2: pad, y2: h - pad, stroke: "#999" });
  el("text", { x: 2, y: pad - 8, "font-size": 10 }, (st.misere ? "R⁻" : "R") + " (remoteness)");
  el("text", { x: w - pad - 30, y: h - 6, "font-size": 10 }, "move →");
  el("text", { x: pad - 12, y: y(top) + 4, "font-size": 10 }, String(top));
  el("text", { x: pad - 12, y: h - pad + 4, "font-size": 10 }, "0");
  const pts = [];
  answers.forEach((a, i) => { if (rem[i] !== null) pts.push(`${x(i)},${y(rem[i])}`); });
  if (pts.length > 1) el("polyline", { points: pts.join(" "), fill: "none", stroke: "#667" });
  answers.forEach((a, i) => {
    const outcome = st.misere ? a.outcome_misere : a.outcome;
    const by = i === 0 ? "start" : st.moves[i - 1].by === "c" ? "after the computer's move" : "after your move";
    // A huge remoteness sits above the axis, an unknown one on a row of
    // its own: never at 0.
    const cy = kind[i] === "value" ? y(rem[i]) : kind[i] === "huge" ? pad - 14 : pad - 4;
    const fill = outcome === "P" ? "#b42318" : outcome === "N" ? "#1a7f37" : "#999";
    const c = el("circle", { cx: x(i), cy, r: 4, fill: kind[i] === "value" ? fill : "#fff", stroke: fill, "stroke-width": 2, class: "pt " + kind[i] });
    if (kind[i] !== "value") el("text", { x: x(i) + 6, y: cy + 3, "font-size": 9 }, kind[i] === "huge" ? "≥ 2⁵³" : "?");
    const t = document.createElementNS(ns, "title");
    t.textContent = `${a.pos} (${by}): ${outcome || "?"}, ${st.misere ? "R⁻" : "R"} = ${played(st.misere ? a.Rm : a.R)}, G = ${played(a.G)}`;
    c.append(t);
  });
  box.textContent = "";
  box.append(svg);
  box.setAttribute("aria-label", "value history: " + answers.map((a) => a.pos + " " + (st.misere ? a.outcome_misere : a.outcome) + " R=" + played(st.misere ? a.Rm : a.R)).join("; "));
}

// ---- explorer ----

function renderExplorer() {
  const ul = $("explorer");
  ul.textContent = "";
  ul.append(explorerNode(page.answer.pos, page.answer, true));
}

function nodeLabel(pos, q) {
  const outcome = page.state.misere ? q.outcome_misere : q.outcome;
  const g = page.state.misere ? q.Gm : q.G, r = page.state.misere ? q.Rm : q.R;
  return `${pos}  ${outcome || "?"}  G=${played(g)} R=${played(r)}`;
}

function explorerNode(pos, q, isRoot) {
  const li = document.createElement("li");
  const b = document.createElement("button");
  b.type = "button";
  b.className = "node";
  b.dataset.pos = pos;
  b.setAttribute("aria-expanded", "false");
  b.textContent = "▸ " + nodeLabel(pos, q);
  const st = page.state;
  b.addEventListener("click", async () => {
    const open = b.getAttribute("aria-expanded") === "true";
    const old = li.querySelector("ul");
    if (old) old.remove();
    if (open) { b.setAttribute("aria-expanded", "false"); b.textContent = "▸ " + nodeLabel(pos, q); return; }
    b.setAttribute("aria-expanded", "true");
    b.textContent = "▾ " + nodeLabel(pos, q);
    const ul = document.createElement("ul");
    li.append(ul);
    let m = isRoot ? page.answer : cache.get(cacheKey(st, pos));
    if (!m) {
      const wait = document.createElement("li");
      ul.append(wait);
      try { m = await inline(wait, "Computing " + pos, (signal) => api("moves", { ...gameParams(st), pos, misere: st.misere }, signal)); } catch (err) {
        ul.textContent = isAbort(err) ? "Cancelled." : err.message;
        return;
      }
      if (st !== page.state) return;
      cache.set(cacheKey(st, pos), m);
      ul.textContent = "";
    }
    const shown = m.moves.slice(0, 60);
    for (const mv of shown) ul.append(explorerNode(mv.to, mv, false));
    if (m.moves.length > shown.length) { const e = document.createElement("li"); e.textContent = `… and ${m.moves.length - shown.length} more`; ul.append(e); }
    if (!m.enumerated && !m.terminal) { const e = document.createElement("li"); e.textContent = notEnumerated(m); ul.append(e); }
    if (m.terminal) { const e = document.createElement("li"); e.textContent = "no move: the game is over"; ul.append(e); }
  });
  li.append(b);
  return li;
}
