// grundy's page. One object, state, holds what the user chose: ruleset,
// position, play, misère, heatmap. It lives in the URL. Everything shown
// is derived from it through answers of the JSON API, and is cleared (or
// marked stale) the moment state changes, so no old number outlives its
// position. Values arrive as decimal strings and are never turned into
// floating point; comparisons use BigInt.
"use strict";

const $ = (id) => document.getElementById(id);
let families = [];

// ---- state and URL ----

// state.moves lists the moves played from state.start: {to, by} with by
// "y" (you) or "c" (the computer).
let state = null;

function defaultState() {
  return { game: "wythoff", start: "3,5", moves: [], misere: false, vs: true, sort: "order",
    hm: { max: "20", slice: "x,y", what: "sg", overlay: "" } };
}

function current(st = state) { return st.moves.length ? st.moves[st.moves.length - 1].to : st.start; }

function toURL(st) {
  const p = new URLSearchParams();
  p.set("game", st.game);
  p.set("pos", st.start);
  if (st.moves.length) p.set("play", st.moves.map((m) => (m.by === "c" ? "c" : "") + m.to).join(";"));
  if (st.misere) p.set("misere", "1");
  if (!st.vs) p.set("vs", "0");
  if (st.sort !== "order") p.set("sort", st.sort);
  p.set("max", st.hm.max);
  p.set("slice", st.hm.slice);
  p.set("what", st.hm.what);
  if (st.hm.overlay) p.set("overlay", st.hm.overlay);
  return "?" + p.toString();
}

function fromURL() {
  const st = defaultState();
  const p = new URLSearchParams(location.search);
  if (p.has("game")) st.game = p.get("game");
  if (p.has("pos")) st.start = p.get("pos");
  if (p.get("play")) {
    st.moves = p.get("play").split(";").map((s) => (s.startsWith("c") ? { to: s.slice(1), by: "c" } : { to: s, by: "y" }));
  }
  st.misere = p.get("misere") === "1";
  st.vs = p.get("vs") !== "0";
  if (["outcome", "remoteness"].includes(p.get("sort"))) st.sort = p.get("sort");
  for (const k of ["max", "slice", "what", "overlay"]) if (p.has(k)) st.hm[k] = p.get(k);
  return st;
}

// commit makes st the state: the URL, the form and every derived view
// follow at once.
// With answer set, the computer answers a move of yours once it is shown.
function commit(st, { push = true, force = false, answer: reply = false } = {}) {
  const oldHeat = state && heatKey(state), oldOverlays = state && overlayKey(state), oldPos = state && posKey(state);
  state = st;
  const url = toURL(st);
  if (push && url !== location.search) history.pushState(null, "", url);
  else if (!push) history.replaceState(null, "", url);
  syncForm();
  if (force || oldPos !== posKey(st) || !answer) refresh(reply);
  else { renderAnswer(); renderHistory(); }
  if (oldOverlays !== overlayKey(st)) loadOverlays();
  if (oldHeat !== heatKey(st)) drawHeatmap();
}

window.addEventListener("popstate", () => commit(knownGame(fromURL()), { push: false }));

// ---- API ----

async function api(path, params, signal) {
  const q = new URLSearchParams(params).toString();
  const res = await fetch("/api/" + path + "?" + q, { signal });
  const body = await res.json();
  if (!res.ok) throw new Error(body.error || res.statusText);
  return body;
}

// A task is one cancellable request with a spinner and elapsed time.
function task(prefix) {
  let ctrl = null, timer = null;
  const stop = () => {
    clearInterval(timer); timer = null;
    $(prefix + "busy").hidden = true;
    ctrl = null;
    document.body.dataset[prefix ? "hmBusy" : "busy"] = "false";
  };
  const t = {
    get busy() { return ctrl !== null; },
    cancel() { if (ctrl) { const c = ctrl; stop(); c.abort(); } },
    async run(what, fn) {
      t.cancel();
      const mine = new AbortController();
      ctrl = mine;
      const t0 = performance.now();
      const tick = () => { $(prefix + "busy-text").textContent = what + "… " + ((performance.now() - t0) / 1000).toFixed(1) + " s"; };
      tick();
      timer = setInterval(tick, 100);
      $(prefix + "busy").hidden = false;
      document.body.dataset[prefix ? "hmBusy" : "busy"] = "true";
      try {
        return await fn(mine.signal);
      } finally {
        if (ctrl === mine) stop();
      }
    },
  };
  return t;
}
const posTask = task(""), heatTask = task("hm-");

function isAbort(err) { return err && err.name === "AbortError"; }

// ---- the form ----

function family(name) { return families.find((f) => f.name === name); }

function splitSpec(spec) {
  const i = spec.indexOf(":");
  return i < 0 ? [spec, ""] : [spec.slice(0, i), spec.slice(i + 1)];
}

function renderParams(spec) {
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
function specFromForm() {
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

function syncForm() {
  const [name] = splitSpec(state.game);
  if ($("game").value !== name || specFromForm() !== state.game) {
    $("game").value = name;
    renderParams(state.game);
  }
  $("pos").value = current();
  $("misere").checked = state.misere;
  $("vs").checked = state.vs;
  $("sort").value = state.sort;
  $("hm-max").value = state.hm.max;
  $("hm-slice").value = state.hm.slice;
  $("hm-what").value = state.hm.what;
  $("hm-overlay").value = state.hm.overlay;
  setParamError("");
}

function setParamError(msg) {
  $("param-error").textContent = msg;
  for (const i of $("params").querySelectorAll("input")) {
    i.setCustomValidity(msg);
    if (msg) i.setAttribute("aria-invalid", "true"); else i.removeAttribute("aria-invalid");
  }
}

let checkSeq = 0;
// checkRuleset validates the form's ruleset on the server; it answers the
// server's word (name, default position) or null after showing why not.
async function checkRuleset(spec, pos) {
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
function markStale() {
  $("view").classList.add("stale");
  $("stale-note").hidden = false;
  disableMoves();
}

function disableMoves() {
  for (const b of document.querySelectorAll("#moves button, #computer, #undo")) b.disabled = true;
}

// ---- the position's answer ----

let answer = null; // the answer for state, or null
let refreshSeq = 0;

function clearDerived() {
  answer = null;
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
  disableMoves();
}

async function refresh(reply) {
  const st = state, seq = ++refreshSeq;
  clearDerived();
  renderHistory();
  let m;
  try {
    m = await posTask.run("Computing " + current(st), (signal) =>
      api("moves", { game: st.game, pos: current(st), misere: st.misere }, signal));
  } catch (err) {
    if (seq !== refreshSeq) return;
    $("error").textContent = isAbort(err) ? "Cancelled: nothing is known of " + current(st) + " — press Show to try again." : err.message;
    renderControls();
    return;
  }
  if (seq !== refreshSeq || st !== state) return;
  if (m.pos !== current(st)) {
    // Show the canonical form the server answered for.
    if (st.moves.length) st.moves[st.moves.length - 1].to = m.pos; else st.start = m.pos;
    history.replaceState(null, "", toURL(st));
    $("pos").value = m.pos;
    renderHistory();
  }
  answer = m;
  cache.set(cacheKey(st, current(st)), m);
  renderAnswer();
  renderChart();
  renderExplorer();
  if (reply && !m.terminal && st.vs) computerMove();
}

function played(v) { return v ?? "—"; }

function trustLabel(t) {
  const claims = t.claims || [];
  return t.kind + (claims.length ? " · " + claims.join(", ") : "");
}

// trustText shows the kind, the claims and the scope, worded as check and
// findings word it: "for every position of n piles of GAME" (a proof),
// "within the box …" (a check).
function trustText(t) {
  return trustLabel(t) + (t.scope ? " " + t.scope : "");
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
  const a = document.createElement("a");
  a.href = "#method-line";
  a.className = "num";
  const src = quantities.map((q) => m.sources && m.sources[q]).find((t) => t) || m.trust;
  a.title = "by " + m.method + ": " + trustLabel(src) + (src.detail ? " (" + src.detail + ")" : "");
  a.textContent = v;
  $(id).textContent = "";
  $(id).append(a);
}

function renderAnswer() {
  const m = answer;
  number("v-G", played(m.G), m, "G");
  number("v-Gm", played(m.Gm), m, "Gm");
  number("v-R", played(m.R), m, "R");
  number("v-Rm", played(m.Rm), m, "Rm");
  number("v-outcome", m.outcome || "unknown", m, "P", "G", "R");
  number("v-outcome-misere", m.outcome_misere || "unknown", m, "Pm", "Gm", "Rm");
  $("v-method").textContent = m.method + (m.searched ? " (" + m.searched + " positions)" : "");
  trustBadge($("v-trust"), m.trust);
  $("fallback").hidden = !m.fallback;
  $("fallback").textContent = m.fallback ? "Note: " + m.fallback + "." : "";
  renderMoves();
  $("status").textContent = statusText(m);
  renderControls();
}

function withCommas(s) { return s.replace(/\B(?=(\d{3})+(?!\d))/g, ","); }

// statusText is computed from the same answer as the move list.
function statusText(m) {
  const outcome = state.misere ? m.outcome_misere : m.outcome;
  if (m.terminal) {
    // The player to move cannot: loses in normal play, wins in misère.
    const moverWins = state.misere;
    if (!state.vs) return "Game over: the player to move " + (moverWins ? "wins" : "loses") + ".";
    const last = state.moves.length ? state.moves[state.moves.length - 1].by : "c";
    const youToMove = last === "c";
    return "Game over: " + (moverWins === youToMove ? "you win." : "the computer wins.");
  }
  if (state.vs && state.moves.length && state.moves[state.moves.length - 1].by === "y") {
    // The computer is to move: the outcome is its own.
    if (outcome === "N") return "The computer is to move and can win from here.";
    if (outcome === "P") return "The computer is to move and loses against your best play.";
  }
  if (outcome === "N") {
    const found = m.moves.some((mv) => mv.winning);
    return "You can win from here." + (found ? "" : " (No method here finds the winning move.)");
  }
  if (outcome === "P") {
    if (m.enumerated || m.moves.length) {
      return "Every move loses against best play." + (m.enumerated ? "" : " " + notEnumerated(m));
    }
    return "Every move loses against best play " + notEnumerated(m);
  }
  return "The outcome is unknown: no method answers it here.";
}

function notEnumerated(m) {
  if (m.options == null) return "(moves not enumerated: piles beyond 64 bits, options not counted)";
  return "(moves not enumerated: " + (m.options_capped ? "more than " : "") + withCommas(m.options) + " options)";
}

function remOf(mv) { return state.misere ? mv.Rm : mv.R; }

// moveOrder sorts winning moves first, then by remoteness: the fastest
// win, or the longest resistance. Unknown remoteness comes last.
function compareMoves(a, b, by) {
  if (by === "order") return 0;
  if (a.winning !== b.winning) return a.winning ? -1 : 1;
  if (by === "outcome") return 0;
  const ra = remOf(a), rb = remOf(b);
  if (ra == null || rb == null) return (ra == null) - (rb == null);
  const x = BigInt(ra), y = BigInt(rb);
  if (x === y) return 0;
  return (a.winning ? x < y : x > y) ? -1 : 1;
}

function renderMoves() {
  const list = $("moves");
  list.textContent = "";
  if (!answer) return;
  const moves = answer.moves.map((mv, i) => ({ mv, i }));
  moves.sort((a, b) => compareMoves(a.mv, b.mv, state.sort) || a.i - b.i);
  for (const { mv } of moves) {
    const b = document.createElement("button");
    const r = remOf(mv);
    b.type = "button";
    b.className = "move " + (mv.winning ? "win" : "lose") + (mv.optimal ? " optimal" : "");
    b.dataset.to = mv.to;
    b.textContent = (mv.optimal ? "★ " : "") + "→ " + mv.to + " · " + (mv.winning ? "win" : "lose") + (r == null ? "" : " in " + r);
    b.title = `G=${played(mv.G)} G⁻=${played(mv.Gm)} R=${played(mv.R)} R⁻=${played(mv.Rm)}` + (mv.optimal ? " (optimal)" : "") +
      " — by " + (mv.source ? trustText(mv.source) : answer.method);
    b.addEventListener("click", () => playerMove(mv.to));
    const li = document.createElement("li");
    li.append(b);
    list.append(li);
  }
}

function renderControls() {
  const busy = posTask.busy;
  const ok = answer !== null && !busy;
  for (const b of document.querySelectorAll("#moves button")) b.disabled = !ok;
  $("computer").disabled = !ok || answer.terminal;
  $("undo").disabled = busy || !state.moves.some((m) => m.by === "y");
}

function renderHistory() {
  const path = [state.start, ...state.moves.map((m) => m.to)];
  $("history").textContent = state.moves.length ? "history: " + path.join(" → ") : "";
}

// ---- play ----

function playerMove(to) {
  if (posTask.busy || !answer) return;
  commit({ ...state, moves: [...state.moves, { to, by: "y" }] }, { answer: true });
}

async function computerMove() {
  const st = state;
  disableMoves();
  let mv;
  try {
    mv = await posTask.run("The computer thinks", (signal) => api("computer", { game: st.game, pos: current(st), misere: st.misere }, signal));
  } catch (err) {
    if (st === state) { $("error").textContent = isAbort(err) ? "Cancelled: the computer did not move." : err.message; renderControls(); }
    return;
  }
  if (st !== state) return;
  commit({ ...st, moves: [...st.moves, { to: mv.to, by: "c" }] });
}

function undo() {
  if (posTask.busy) return;
  const moves = [...state.moves];
  while (moves.length && moves[moves.length - 1].by === "c") moves.pop();
  if (!moves.length) return;
  moves.pop();
  commit({ ...state, moves });
}

// ---- value history ----

const cache = new Map();
function cacheKey(st, pos) { return st.game + "|" + (st.misere ? "m" : "n") + "|" + pos; }

let chartSeq = 0;
async function renderChart() {
  const st = state, seq = ++chartSeq;
  const path = [st.start, ...st.moves.map((m) => m.to)];
  // Positions restored from a URL have not been answered yet.
  for (const pos of path) {
    if (cache.has(cacheKey(st, pos))) continue;
    try {
      cache.set(cacheKey(st, pos), await api("moves", { game: st.game, pos, misere: st.misere }));
    } catch (err) { return; }
    if (seq !== chartSeq) return;
  }
  if (seq !== chartSeq || st !== state) return;
  drawChart(path.map((pos) => cache.get(cacheKey(st, pos))));
}

const SAFE = 2n ** 53n;

function drawChart(answers) {
  const box = $("chart");
  const rem = answers.map((a) => { const r = state.misere ? a.Rm : a.R; return r != null && BigInt(r) < SAFE ? Number(r) : null; });
  const top = Math.max(1, ...rem.filter((r) => r !== null));
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
  el("text", { x: 2, y: pad - 8, "font-size": 10 }, (state.misere ? "R⁻" : "R") + " (remoteness)");
  el("text", { x: w - pad - 30, y: h - 6, "font-size": 10 }, "move →");
  el("text", { x: pad - 12, y: y(top) + 4, "font-size": 10 }, String(top));
  el("text", { x: pad - 12, y: h - pad + 4, "font-size": 10 }, "0");
  const pts = [];
  answers.forEach((a, i) => { if (rem[i] !== null) pts.push(`${x(i)},${y(rem[i])}`); });
  if (pts.length > 1) el("polyline", { points: pts.join(" "), fill: "none", stroke: "#667" });
  answers.forEach((a, i) => {
    const outcome = state.misere ? a.outcome_misere : a.outcome;
    const by = i === 0 ? "start" : state.moves[i - 1].by === "c" ? "after the computer's move" : "after your move";
    const c = el("circle", { cx: x(i), cy: rem[i] === null ? h - pad : y(rem[i]), r: 4,
      fill: outcome === "P" ? "#b42318" : outcome === "N" ? "#1a7f37" : "#999", class: "pt" });
    const t = document.createElementNS(ns, "title");
    t.textContent = `${a.pos} (${by}): ${outcome || "?"}, ${state.misere ? "R⁻" : "R"} = ${played(state.misere ? a.Rm : a.R)}, G = ${played(a.G)}`;
    c.append(t);
  });
  box.textContent = "";
  box.append(svg);
  box.setAttribute("aria-label", "value history: " + answers.map((a) => a.pos + " " + (state.misere ? a.outcome_misere : a.outcome) + " R=" + played(state.misere ? a.Rm : a.R)).join("; "));
}

// ---- explorer ----

function renderExplorer() {
  const root = $("explorer");
  root.textContent = "";
  root.append(explorerNode(current(), answer, true));
}

function nodeLabel(pos, q) {
  const outcome = state.misere ? q.outcome_misere : q.outcome;
  return `${pos}  ${outcome || "?"}  G=${played(q.G)} R=${played(state.misere ? q.Rm : q.R)}`;
}

// explorerNode is one position; expanding it asks for its options.
function explorerNode(pos, q, isRoot) {
  const li = document.createElement("li");
  const b = document.createElement("button");
  b.type = "button";
  b.className = "node";
  b.dataset.pos = pos;
  b.setAttribute("aria-expanded", "false");
  b.textContent = "▸ " + nodeLabel(pos, q);
  const st = state;
  b.addEventListener("click", async () => {
    const open = b.getAttribute("aria-expanded") === "true";
    const old = li.querySelector("ul");
    if (old) old.remove();
    if (open) { b.setAttribute("aria-expanded", "false"); b.textContent = "▸ " + nodeLabel(pos, q); return; }
    b.setAttribute("aria-expanded", "true");
    b.textContent = "▾ " + nodeLabel(pos, q);
    const ul = document.createElement("ul");
    li.append(ul);
    let m = isRoot ? answer : cache.get(cacheKey(st, pos));
    if (!m) {
      ul.textContent = "…";
      try { m = await api("moves", { game: st.game, pos, misere: st.misere }); } catch (err) { ul.textContent = err.message; return; }
      if (st !== state) return;
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

// ---- overlays and heatmap ----

function posKey(st) { return JSON.stringify([st.game, st.start, st.moves, st.misere]); }
function overlayKey(st) { return st.game + "|" + st.hm.slice; }
function heatKey(st) { return [st.game, st.misere, st.hm.max, st.hm.slice, st.hm.what, st.hm.overlay].join("|"); }

let overlaySeq = 0;
async function loadOverlays() {
  const sel = $("hm-overlay"), st = state, seq = ++overlaySeq;
  sel.length = 1;
  let list = [];
  try { list = await api("overlays", { game: st.game, slice: st.hm.slice }); } catch (err) { /* the heatmap says why */ }
  if (seq !== overlaySeq) return;
  for (const o of list) {
    const opt = document.createElement("option");
    opt.value = o.id; opt.textContent = o.id + (o.misere ? " [misère]" : "") + " (" + o.source + ")";
    sel.append(opt);
  }
  sel.value = state.hm.overlay;
}

let grid = null, cursor = null;
const margin = 34;
let heatSeq = 0;

function clearHeatmap() {
  grid = null;
  $("heat").classList.remove("stale");
  const c = $("hm");
  c.getContext("2d").clearRect(0, 0, c.width, c.height);
  $("hm-title").textContent = "";
  $("hm-legend").textContent = "";
  $("hm-error").textContent = "";
  $("hm-png").removeAttribute("href");
}

async function drawHeatmap() {
  const st = state, seq = ++heatSeq;
  clearHeatmap();
  const params = { game: st.game, max: st.hm.max, slice: st.hm.slice, what: st.hm.what, misere: st.misere };
  if (st.hm.overlay) params.overlay = st.hm.overlay;
  let g;
  try {
    g = await heatTask.run("Drawing", (signal) => api("heatmap", params, signal));
  } catch (err) {
    if (seq === heatSeq) $("hm-error").textContent = isAbort(err) ? "Cancelled." : err.message;
    return;
  }
  if (seq !== heatSeq) return;
  grid = g;
  $("hm-png").href = "/api/plot?" + new URLSearchParams(params).toString();
  $("hm-title").textContent = grid.title + " — method: " + grid.method +
    (grid.overlay ? ` — overlay ${grid.overlay}: ${grid.disagreements} disagreement(s)` : "");
  const side = grid.max + 1;
  cursor = cellOfPosition(current()) || { x: 0, y: 0 };
  if (cursor.x >= side || cursor.y >= side) cursor = { x: 0, y: 0 };
  paint();
  legend();
}

function cellSize() { return ($("hm").width - margin) / (grid.max + 1); }

function cellOrigin(x, y, cell) {
  const c = $("hm");
  return [margin + x * cell, c.height - margin - (y + 1) * cell];
}

// cellOfPosition finds the current position in the slice, if it is there.
function cellOfPosition(pos) {
  if (!grid) return null;
  const want = pos.split(","), sl = grid.slice.split(",");
  if (want.length !== sl.length) return null;
  let x = -1, y = -1;
  for (let i = 0; i < sl.length; i++) {
    if (sl[i] === "x") x = want[i];
    else if (sl[i] === "y") y = want[i];
    else if (sl[i] !== want[i]) return null;
  }
  if (x.length > 4 || y.length > 4) return null;
  x = Number(x); y = Number(y);
  return x <= grid.max && y <= grid.max ? { x, y } : null;
}

function paint() {
  const c = $("hm"), ctx = c.getContext("2d");
  const side = grid.max + 1, cell = cellSize();
  ctx.clearRect(0, 0, c.width, c.height);
  ctx.font = "11px sans-serif";
  ctx.fillStyle = "#222";
  const step = Math.max(1, Math.ceil(side / 10));
  for (let v = 0; v < side; v += step) {
    ctx.fillText(String(v), margin + v * cell + cell / 2 - 4, c.height - margin + 14);
    ctx.fillText(String(v), 4, c.height - margin - v * cell - cell / 2 + 4);
  }
  ctx.fillText("x →", c.width / 2, c.height - 6);
  ctx.save(); ctx.translate(12, c.height / 2); ctx.rotate(-Math.PI / 2); ctx.fillText("y →", -10, -2); ctx.restore();
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      const i = y * side + x;
      const [px, py] = cellOrigin(x, y, cell);
      ctx.fillStyle = grid.colors[grid.value[i]];
      ctx.fillRect(px, py, Math.ceil(cell), Math.ceil(cell));
      const cx = px + cell / 2, cy = py + cell / 2;
      if (grid.what === "rem" && grid.P[i]) dot(ctx, cx, cy, cell * 0.25, "#000");
      const mk = grid.marks ? grid.marks[i] : "";
      if (mk === "agreeP") ring(ctx, cx, cy, cell * 0.3, "#fff");
      if (mk === "wrongP" || mk === "wrongN") {
        ctx.strokeStyle = "#ff1010"; ctx.lineWidth = Math.max(1.5, cell / 8);
        ctx.strokeRect(px + 1, py + 1, cell - 2, cell - 2);
        ctx.beginPath(); ctx.moveTo(px + 2, py + 2); ctx.lineTo(px + cell - 2, py + cell - 2);
        ctx.moveTo(px + cell - 2, py + 2); ctx.lineTo(px + 2, py + cell - 2); ctx.stroke();
      }
    }
  }
  const here = cellOfPosition(current());
  if (here) {
    const [px, py] = cellOrigin(here.x, here.y, cell);
    ctx.strokeStyle = "#fff"; ctx.lineWidth = 2; ctx.strokeRect(px + 1, py + 1, cell - 2, cell - 2);
    ctx.strokeStyle = "#000"; ctx.lineWidth = 1; ctx.strokeRect(px + 2.5, py + 2.5, cell - 5, cell - 5);
  }
  if (cursor && document.activeElement === c) {
    // The keyboard cursor: thick orange, unlike any mark of the map.
    const [px, py] = cellOrigin(cursor.x, cursor.y, cell);
    ctx.strokeStyle = "#ff8c00"; ctx.lineWidth = 3; ctx.setLineDash([4, 2]);
    ctx.strokeRect(px + 1.5, py + 1.5, cell - 3, cell - 3);
    ctx.setLineDash([]);
  }
}

function dot(ctx, x, y, r, col) { ctx.fillStyle = col; ctx.beginPath(); ctx.arc(x, y, r, 0, 2 * Math.PI); ctx.fill(); }
function ring(ctx, x, y, r, col) { ctx.strokeStyle = col; ctx.lineWidth = 1.5; ctx.beginPath(); ctx.arc(x, y, r, 0, 2 * Math.PI); ctx.stroke(); }

function legend() {
  const box = $("hm-legend");
  box.textContent = "";
  const add = (color, label) => {
    const d = document.createElement("div");
    const s = document.createElement("span");
    s.className = "sw"; s.style.background = color;
    d.append(s, label);
    box.append(d);
  };
  const cols = grid.colors;
  if (grid.what === "outcome") {
    add(cols[0], "P-position");
    if (cols.length > 1) add(cols[1], "N-position");
  } else {
    const stride = Math.max(1, Math.ceil(cols.length / 16));
    for (let v = 0; v < cols.length; v += stride) {
      add(cols[v], grid.quantity + " = " + v + (grid.what === "sg" && v === 0 ? " (P)" : ""));
    }
  }
  if (grid.what === "rem") add("#fff", "● P-position (even)");
  if (grid.overlay) {
    add("#000", "○ " + grid.overlay + " predicts P");
    add("#ff1010", "✕ disagreement (" + grid.disagreements + ")");
  }
  add("#fff", "□ the current position");
}

function cellAt(ev) {
  if (!grid) return null;
  const c = $("hm"), rect = c.getBoundingClientRect();
  const side = grid.max + 1, cell = cellSize();
  const mx = (ev.clientX - rect.left) * c.width / rect.width;
  const my = (ev.clientY - rect.top) * c.height / rect.height;
  const x = Math.floor((mx - margin) / cell), y = Math.floor((c.height - margin - my) / cell);
  if (x < 0 || y < 0 || x >= side || y >= side) return null;
  return { x, y };
}

function posAt(x, y) {
  return grid.slice.split(",").map((f) => (f === "x" ? x : f === "y" ? y : f)).join(",");
}

function isMove(pos) {
  return answer && !posTask.busy && answer.moves.some((m) => m.to === pos);
}

function describe(h) {
  const i = h.y * (grid.max + 1) + h.x, pos = posAt(h.x, h.y);
  let s = `(${pos}): G=${grid.G[i]} G⁻=${grid.Gm[i]} R=${grid.R[i]} R⁻=${grid.Rm[i]} — ${grid.P[i] ? "P" : "N"} in ${grid.misere ? "misère" : "normal"} play`;
  if (grid.marks && grid.marks[i]) {
    const m = grid.marks[i];
    s += ` — ${grid.overlay}: predicts ${m === "agreeP" || m === "wrongP" ? "P" : "N"}` + (m.startsWith("wrong") ? " (DISAGREES)" : " (agrees)");
  }
  s += isMove(canonicalLike(pos)) ? " — Enter: play this move" : " — Enter: start a new game here";
  return s;
}

// canonicalLike matches the server's canonical form for the moves list:
// the answer lists canonical positions, and the cell is canonical when
// it appears there as is or sorted.
function canonicalLike(pos) {
  if (!answer) return pos;
  if (answer.moves.some((m) => m.to === pos)) return pos;
  const sorted = pos.split(",").sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : BigInt(a) > BigInt(b) ? 1 : 0)).join(",");
  return answer.moves.some((m) => m.to === sorted) ? sorted : pos;
}

function inspect(h) {
  cursor = h;
  $("hm-tip").textContent = describe(h);
  paint();
}

// goTo plays the cell's position when it is a move from here, else starts
// a new game there.
function goTo(h) {
  const pos = posAt(h.x, h.y), mv = canonicalLike(pos);
  if (isMove(mv)) { playerMove(mv); return; }
  if (posTask.busy) return;
  commit({ ...state, start: pos, moves: [] });
}

function onKey(ev) {
  if (!grid) return;
  const side = grid.max + 1;
  const d = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] }[ev.key];
  if (d) {
    ev.preventDefault();
    const c = cursor || { x: 0, y: 0 };
    inspect({ x: Math.min(side - 1, Math.max(0, c.x + d[0])), y: Math.min(side - 1, Math.max(0, c.y + d[1])) });
  } else if (ev.key === "Enter" || ev.key === " ") {
    ev.preventDefault();
    if (cursor) goTo(cursor);
  }
}

function onPointerUp(ev) {
  const h = cellAt(ev);
  if (!h) return;
  // On a touch screen the first tap inspects, a second on the same cell plays.
  if (ev.pointerType === "touch" && !(cursor && cursor.x === h.x && cursor.y === h.y && cursor.tapped)) {
    inspect(h);
    cursor.tapped = true;
    return;
  }
  goTo(h);
}

// ---- wiring ----

function newGameFromForm(pos) {
  commit({ ...state, game: specFromForm(), start: pos, moves: [], misere: $("misere").checked }, { force: true });
}

// fitSlice keeps a heatmap slice with as many piles as pos, or makes one.
function fitSlice(slice, pos) {
  const n = pos.split(",").length;
  if (slice.split(",").length === n || n < 2) return slice;
  return ["x", "y", ...Array(n - 2).fill("0")].join(",");
}

// knownGame replaces a URL's unknown family by the default one.
function knownGame(st) {
  if (!family(splitSpec(st.game)[0])) st.game = defaultState().game;
  return st;
}

async function init() {
  families = await api("games", {});
  for (const f of families) {
    const o = document.createElement("option");
    o.value = f.name; o.textContent = f.name;
    $("game").append(o);
  }
  $("game").addEventListener("change", async () => {
    // A new ruleset: its own parameters and a position that fits them.
    clearDerived(); clearHeatmap(); markStale();
    renderParams($("game").value);
    const spec = specFromForm();
    const r = await checkRuleset(spec);
    if (!r || specFromForm() !== spec) return;
    const start = r.default_pos || current();
    commit({ ...state, game: spec, start, moves: [], hm: { ...state.hm, slice: fitSlice(state.hm.slice, start), overlay: "" } });
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
    commit({ ...state, game: spec, start: r.pos_error ? r.default_pos : $("pos").value, moves: [] });
  });
  $("pos").addEventListener("input", markStale);
  $("form").addEventListener("submit", (e) => { e.preventDefault(); newGameFromForm($("pos").value.trim()); });
  $("misere").addEventListener("change", () => commit({ ...state, misere: $("misere").checked }));
  $("vs").addEventListener("change", () => commit({ ...state, vs: $("vs").checked }, { push: false }));
  $("sort").addEventListener("change", () => { state = { ...state, sort: $("sort").value }; history.replaceState(null, "", toURL(state)); renderMoves(); renderControls(); });
  // Links into the help open it.
  document.addEventListener("click", (ev) => {
    const a = ev.target.closest && ev.target.closest("a[href^='#']");
    if (a && /^#(help|h-|t-)/.test(a.getAttribute("href"))) $("help-panel").open = true;
  });
  $("undo").addEventListener("click", undo);
  $("computer").addEventListener("click", () => { if (!posTask.busy && answer && !answer.terminal) computerMove(); });
  $("cancel").addEventListener("click", () => posTask.cancel());
  $("hm-cancel").addEventListener("click", () => heatTask.cancel());
  $("hm-form").addEventListener("submit", (e) => {
    e.preventDefault();
    const st = { ...state, hm: { max: $("hm-max").value, slice: $("hm-slice").value.trim(), what: $("hm-what").value, overlay: $("hm-overlay").value } };
    const same = heatKey(st) === heatKey(state);
    commit(st);
    if (same) drawHeatmap();
  });
  $("hm-form").addEventListener("input", () => { if (grid) $("heat").classList.add("stale"); });
  $("hm-slice").addEventListener("change", () => { state = { ...state, hm: { ...state.hm, slice: $("hm-slice").value.trim(), overlay: "" } }; loadOverlays(); });
  const hm = $("hm");
  hm.addEventListener("mousemove", (ev) => { const h = cellAt(ev); if (h) $("hm-tip").textContent = describe(h); });
  hm.addEventListener("pointerup", onPointerUp);
  hm.addEventListener("keydown", onKey);
  hm.addEventListener("focus", () => { if (grid) inspect(cursor || { x: 0, y: 0 }); });
  hm.addEventListener("blur", () => { if (grid) paint(); });
  commit(knownGame(fromURL()), { push: false });
  document.body.dataset.ready = "true";
}

init().catch((err) => { $("error").textContent = String(err.message || err); });
