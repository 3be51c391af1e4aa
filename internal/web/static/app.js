// grundy's page: every number shown comes from the JSON API; the page
// only keeps the game's history for undo.
"use strict";

const $ = (id) => document.getElementById(id);
let families = [];
// history holds, for each of the player's moves, the position before it
// and the length of the trail (every position played through) then.
const state = { history: [], trail: [], over: false, turn: "you" };

function resetGame() { state.history = []; state.trail = []; state.turn = "you"; }

async function api(path, params) {
  const q = new URLSearchParams(params).toString();
  const res = await fetch("/api/" + path + "?" + q);
  const body = await res.json();
  if (!res.ok) throw new Error(body.error || res.statusText);
  return body;
}

function gameSpec() {
  const f = families.find((f) => f.name === $("game").value);
  if (!f || f.params.length === 0) return $("game").value;
  const ps = f.params.map((p) => p.name + "=" + $("param-" + p.name).value);
  return f.name + ":" + ps.join(",");
}

function renderParams() {
  const f = families.find((f) => f.name === $("game").value);
  const box = $("params");
  box.textContent = "";
  for (const p of f.params) {
    const l = document.createElement("label");
    l.title = p.doc;
    l.append(p.name + " ");
    const i = document.createElement("input");
    i.type = "number"; i.id = "param-" + p.name; i.value = p.default; i.min = p.min;
    l.append(i);
    box.append(l);
  }
  $("rule").textContent = f.rule + " (" + f.source + "; piles: " + f.piles + ")";
}

function misere() { return $("misere").checked; }

function setError(id, err) { $(id).textContent = err ? String(err.message || err) : ""; }

// Answers may arrive out of order; only the latest request's is shown.
let showSeq = 0, heatSeq = 0;

async function show() {
  setError("error", null);
  const seq = ++showSeq;
  let m;
  try {
    m = await api("moves", { game: gameSpec(), pos: $("pos").value, misere: misere() });
  } catch (err) {
    if (seq === showSeq) setError("error", err);
    return null;
  }
  if (seq !== showSeq) return null;
  $("pos").value = m.pos;
  // Values a theorem does not give are null: shown as —.
  for (const k of ["G", "Gm", "R", "Rm"]) $("v-" + k).textContent = m[k] ?? "—";
  $("v-outcome").textContent = m.outcome;
  $("v-outcome-misere").textContent = m.outcome_misere;
  $("v-method").textContent = m.method;
  const list = $("moves");
  list.textContent = "";
  for (const mv of m.moves) {
    const b = document.createElement("button");
    const r = misere() ? mv.Rm : mv.R;
    b.className = "move " + (mv.winning ? "win" : "lose") + (mv.optimal ? " optimal" : "");
    b.dataset.to = mv.to;
    b.textContent = "→ " + mv.to + " · " + (mv.winning ? "win" : "lose") + (r == null ? "" : " in " + r);
    const q = (v) => v ?? "—";
    b.title = `G=${q(mv.G)} G⁻=${q(mv.Gm)} R=${q(mv.R)} R⁻=${q(mv.Rm)}` + (mv.optimal ? " (optimal)" : "");
    b.addEventListener("click", () => playerMove(mv.to));
    const li = document.createElement("li");
    li.append(b);
    list.append(li);
  }
  state.over = m.moves.length === 0;
  status(m);
  $("history").textContent = state.trail.length ? "history: " + state.trail.join(" → ") + " → " + m.pos : "";
  return m;
}

function status(m) {
  if (!state.over) {
    const yours = (misere() ? m.outcome_misere : m.outcome) === "N";
    $("status").textContent = yours ? "You can win from here." : "Every move loses against best play.";
    return;
  }
  // The player to move cannot: loses in normal play, wins in misère.
  const moverWins = misere();
  if (!$("vs").checked) {
    $("status").textContent = "Game over: the player to move " + (moverWins ? "wins" : "loses") + ".";
  } else {
    const youWin = moverWins === (state.turn === "you");
    $("status").textContent = "Game over: " + (youWin ? "you win." : "the computer wins.");
  }
}

async function playerMove(to) {
  state.history.push({ pos: $("pos").value, trail: state.trail.length });
  state.trail.push($("pos").value);
  $("pos").value = to;
  state.turn = "computer";
  const m = await show();
  if (m && !state.over && $("vs").checked) await computerMove();
}

async function computerMove() {
  state.turn = "computer";
  try {
    const mv = await api("computer", { game: gameSpec(), pos: $("pos").value, misere: misere() });
    state.trail.push($("pos").value);
    $("pos").value = mv.to;
  } catch (err) {
    setError("error", err);
    return;
  }
  state.turn = "you";
  await show();
}

async function undo() {
  if (state.history.length === 0) return;
  const h = state.history.pop();
  $("pos").value = h.pos;
  state.trail.length = h.trail;
  state.turn = "you";
  await show();
}

async function loadOverlays() {
  const sel = $("hm-overlay");
  sel.length = 1;
  try {
    for (const o of await api("overlays", { game: gameSpec(), slice: $("hm-slice").value })) {
      const opt = document.createElement("option");
      opt.value = o.id; opt.textContent = o.id + (o.misere ? " [misère]" : "") + " (" + o.source + ")";
      sel.append(opt);
    }
  } catch (err) { /* the parameters may be mid-edit */ }
}

// ---- heatmap ----
let grid = null;
const margin = 34;

function heatParams() {
  const p = { game: gameSpec(), max: $("hm-max").value, slice: $("hm-slice").value, what: $("hm-what").value, misere: misere() };
  if ($("hm-overlay").value) p.overlay = $("hm-overlay").value;
  return p;
}

async function drawHeatmap() {
  setError("hm-error", null);
  const params = heatParams();
  const seq = ++heatSeq;
  let g;
  try {
    g = await api("heatmap", params);
  } catch (err) {
    if (seq === heatSeq) setError("hm-error", err);
    return;
  }
  if (seq !== heatSeq) return;
  grid = g;
  $("hm-png").href = "/api/plot?" + new URLSearchParams(params).toString();
  $("hm-title").textContent = grid.title + " — method: " + grid.method +
    (grid.overlay ? ` — overlay ${grid.overlay}: ${grid.disagreements} disagreement(s)` : "");
  const c = $("hm"), ctx = c.getContext("2d");
  const side = grid.max + 1;
  const cell = (c.width - margin) / side;
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
  legend();
}

function cellOrigin(x, y, cell) {
  const c = $("hm");
  return [margin + x * cell, c.height - margin - (y + 1) * cell];
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
}

function cellAt(ev) {
  if (!grid) return null;
  const c = $("hm"), rect = c.getBoundingClientRect();
  const side = grid.max + 1, cell = (c.width - margin) / side;
  const mx = (ev.clientX - rect.left) * c.width / rect.width;
  const my = (ev.clientY - rect.top) * c.height / rect.height;
  const x = Math.floor((mx - margin) / cell), y = Math.floor((c.height - margin - my) / cell);
  if (x < 0 || y < 0 || x >= side || y >= side) return null;
  return { x, y, i: y * side + x };
}

function posAt(x, y) {
  return grid.slice.split(",").map((f) => (f === "x" ? x : f === "y" ? y : f)).join(",");
}

function hover(ev) {
  const h = cellAt(ev);
  if (!h) return;
  const i = h.i;
  let s = `(${posAt(h.x, h.y)}): G=${grid.G[i]} G⁻=${grid.Gm[i]} R=${grid.R[i]} R⁻=${grid.Rm[i]} — ${grid.P[i] ? "P" : "N"} in ${grid.misere ? "misère" : "normal"} play`;
  if (grid.marks && grid.marks[i]) {
    const m = grid.marks[i];
    s += ` — ${grid.overlay}: predicts ${m === "agreeP" || m === "wrongP" ? "P" : "N"}` + (m.startsWith("wrong") ? " (DISAGREES)" : " (agrees)");
  }
  $("hm-tip").textContent = s;
}

async function init() {
  families = await api("games", {});
  for (const f of families) {
    const o = document.createElement("option");
    o.value = f.name; o.textContent = f.name;
    $("game").append(o);
  }
  $("game").value = "wythoff";
  renderParams();
  $("game").addEventListener("change", async () => { renderParams(); resetGame(); await loadOverlays(); drawHeatmap(); });
  $("params").addEventListener("change", loadOverlays);
  $("hm-slice").addEventListener("change", loadOverlays);
  $("form").addEventListener("submit", (e) => { e.preventDefault(); resetGame(); show(); });
  $("misere").addEventListener("change", () => { show(); if (grid) drawHeatmap(); });
  $("undo").addEventListener("click", undo);
  $("computer").addEventListener("click", computerMove);
  $("hm-form").addEventListener("submit", (e) => { e.preventDefault(); drawHeatmap(); });
  $("hm").addEventListener("mousemove", hover);
  $("hm").addEventListener("click", (ev) => {
    const h = cellAt(ev);
    if (h) { $("pos").value = posAt(h.x, h.y); resetGame(); show(); }
  });
  await loadOverlays();
  await show();
  await drawHeatmap();
  document.body.dataset.ready = "true";
}

init().catch((err) => setError("error", err));
