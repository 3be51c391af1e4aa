// The heatmap: drawn on a canvas from the API's grid, inspected by
// pointer, touch or keyboard, played by click, second tap or Enter.

import { $, api, isAbort, heatTask, posTask } from "./api.js";
import { current, gameParams, heatKey, overlayKey, posKey, withMisere } from "./state.js";
import { posAt, cellOfPosition, canonicalLike, describe as describeCell, axisLabels, legendTicks } from "./heat.js";
import { playerMove } from "./position.js";
import { page, commit } from "./page.js";
import { gridTable, pposTable } from "./exporting.js";
import { setTable } from "./download.js";

let grid = null, cursor = null;
const margin = 34, fontPx = 10;
let heatSeq = 0, overlaySeq = 0;
// drawnKey is the heatKey of the map shown or being drawn, null when the
// map is cleared: a state whose key differs gets its map drawn, even one
// with the key of a map cleared since (the ruleset select's ↓ then ↑).
let drawnKey = null;

// followHeatmap lists the overlays of a new ruleset or slice, and draws
// the state's map unless it is the one shown; the current square follows
// the play (D2).
export function followHeatmap(old, st) {
  if (!old || overlayKey(old) !== overlayKey(st)) loadOverlays();
  else fitOverlays();
  if (heatKey(st) !== drawnKey) drawHeatmap();
  else if (!old || posKey(old) !== posKey(st)) paint();
}

export function hasGrid() { return grid !== null; }

// overlays is the API's list of the overlays of the state's ruleset and
// slice, [{id, misere, source}], for withMisere.
export let overlays = [];

export async function loadOverlays() {
  const sel = $("hm-overlay"), st = page.state, seq = ++overlaySeq;
  sel.length = 1;
  overlays = [];
  let list = [];
  try { list = await api("overlays", { ...gameParams(st), slice: st.hm.slice }); } catch (err) { /* the heatmap says why */ }
  if (seq !== overlaySeq) return;
  overlays = list;
  for (const o of list) {
    const opt = document.createElement("option");
    opt.value = o.id; opt.textContent = o.id + (o.misere ? " [misère]" : "") + " (" + o.source + ")";
    opt.dataset.misere = o.misere ? "1" : "";
    sel.append(opt);
  }
  fitOverlays();
  sel.value = page.state.hm.overlay;
  // A shared URL may pair misère with an overlay of normal play (or the
  // reverse): the overlay goes, and the map of the play is drawn.
  const st2 = withMisere(page.state, page.state.misere, list);
  if (st2.hm.overlay !== page.state.hm.overlay) commit(st2, { push: false });
}

// fitOverlays offers the overlays of the state's play only: the others
// predict a play the map does not show.
function fitOverlays() {
  for (const opt of $("hm-overlay").options) if (opt.value) opt.disabled = (opt.dataset.misere === "1") !== page.state.misere;
}

export function clearHeatmap() {
  grid = null;
  drawnKey = null;
  $("heat").classList.remove("stale");
  const c = $("hm");
  c.getContext("2d").clearRect(0, 0, c.width, c.height);
  $("hm-title").textContent = "";
  $("hm-legend").textContent = "";
  $("hm-error").textContent = "";
  $("hm-png").removeAttribute("href");
  $("hm-svg").removeAttribute("href");
  setTable("hm", null);
  setTable("ppos", null);
  $("ppos").textContent = "";
}

export async function drawHeatmap() {
  const st = page.state, seq = ++heatSeq;
  clearHeatmap();
  drawnKey = heatKey(st);
  const params = { ...gameParams(st), max: st.hm.max, slice: st.hm.slice, what: st.hm.what, misere: st.misere };
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
  $("hm-svg").href = "/api/plot?" + new URLSearchParams({ ...params, format: "svg" }).toString();
  setTable("hm", gridTable(grid));
  renderPpos();
  $("hm-title").textContent = grid.title + " — method: " + grid.method +
    (grid.overlay ? ` — overlay ${grid.overlay}: ${grid.disagreements} disagreement(s)` : "");
  const side = grid.max + 1;
  cursor = cellOfPosition(grid, current(page.state)) || { x: 0, y: 0 };
  if (cursor.x >= side || cursor.y >= side) cursor = { x: 0, y: 0 };
  paint();
  legend();
}

function cellSize() { return ($("hm").width - margin) / (grid.max + 1); }

function cellOrigin(x, y, cell) {
  const c = $("hm");
  return [margin + x * cell, c.height - margin - (y + 1) * cell];
}

export function paint() {
  if (!grid) return;
  const c = $("hm"), ctx = c.getContext("2d");
  const side = grid.max + 1, cell = cellSize();
  ctx.clearRect(0, 0, c.width, c.height);
  ctx.font = fontPx + "px sans-serif";
  ctx.fillStyle = "#222";
  ctx.textAlign = "left"; ctx.textBaseline = "top";
  for (const l of axisLabels(side, c.width, margin, (t) => ctx.measureText(t).width, fontPx)) {
    if (!l.rot) { ctx.fillText(l.text, l.x, l.y); continue; }
    ctx.save(); ctx.translate(l.x, l.y); ctx.rotate(-Math.PI / 2); ctx.fillText(l.text, 0, 0); ctx.restore();
  }
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
  const here = cellOfPosition(grid, current(page.state));
  // For tests and assistive tools: the square drawn as the current one.
  c.dataset.current = here ? here.x + "," + here.y : "";
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
  } else if (cols.length <= 16) {
    for (let v = 0; v < cols.length; v++) add(cols[v], grid.quantity + " = " + v + (grid.what === "sg" && v === 0 ? " (P)" : ""));
  } else {
    // More values than lines: a colour bar with a slice for every value,
    // none left out, labelled at a few.
    const n = cols.length;
    const bar = document.createElement("div");
    bar.className = "bar";
    bar.setAttribute("role", "img");
    bar.setAttribute("aria-label", `${grid.quantity} = 0 to ${n - 1}, one colour each`);
    cols.forEach((col, v) => {
      const s = document.createElement("span");
      s.style.background = col;
      s.title = grid.quantity + " = " + v;
      bar.append(s);
    });
    const scale = document.createElement("div");
    scale.className = "scale";
    for (const v of legendTicks(n)) {
      const t = document.createElement("span");
      t.textContent = String(v);
      t.style.left = ((v + 0.5) * 100 / n) + "%";
      scale.append(t);
    }
    const d = document.createElement("div");
    d.className = "colour-bar";
    d.append(grid.quantity + " = 0 … " + (n - 1) + (grid.what === "sg" ? " (0: P)" : ""), bar, scale);
    box.append(d);
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
  // The drawing fills the canvas inside its border (clientLeft, clientTop).
  const mx = (ev.clientX - rect.left - c.clientLeft) * c.width / c.clientWidth;
  const my = (ev.clientY - rect.top - c.clientTop) * c.height / c.clientHeight;
  const x = Math.floor((mx - margin) / cell), y = Math.floor((c.height - margin - my) / cell);
  if (x < 0 || y < 0 || x >= side || y >= side) return null;
  return { x, y };
}

function isMove(pos) {
  return page.answer && !posTask.busy && page.answer.moves.some((m) => m.to === pos);
}

function describe(h, how) {
  return describeCell(grid, h, isMove(canonicalLike(page.answer, posAt(grid.slice, h.x, h.y))), how);
}

function inspect(h, how = "Enter") {
  cursor = h;
  $("hm-tip").textContent = describe(h, how);
  paint();
}

// goTo plays the cell's position when it is a move from here, else starts
// a new game there.
function goTo(h) {
  const pos = posAt(grid.slice, h.x, h.y), mv = canonicalLike(page.answer, pos);
  if (isMove(mv)) { playerMove(mv); return; }
  if (posTask.busy) return;
  commit({ ...page.state, start: pos, moves: [] });
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
    inspect(h, "tap again");
    cursor.tapped = true;
    return;
  }
  goTo(h);
}

// wireHeatmap attaches the canvas's events.
export function wireHeatmap() {
  const hm = $("hm");
  // A mouse's hover reads the cell; a finger's tap does (onPointerUp),
  // and the mouse events a browser makes up after a tap are not a hover.
  hm.addEventListener("pointermove", (ev) => {
    if (ev.pointerType !== "mouse") return;
    const h = cellAt(ev);
    if (h) $("hm-tip").textContent = describe(h, "click");
  });
  hm.addEventListener("pointerup", onPointerUp);
  hm.addEventListener("keydown", onKey);
  // Focus by keyboard reads the cursor's cell; focus by a click or tap
  // leaves the readout to the pointer.
  hm.addEventListener("focus", () => { if (grid) { if (hm.matches(":focus-visible")) inspect(cursor || { x: 0, y: 0 }); else paint(); } });
  hm.addEventListener("blur", () => { if (grid) paint(); });
}

// symmetric reports whether the grid's values are the same at (x, y) and
// (y, x): then the P-positions are listed once, x ≤ y, as 002's tables.
function symmetric(g) {
  const side = g.max + 1;
  for (let y = 0; y < side; y++) for (let x = 0; x < y; x++) if (g.G[y * side + x] !== g.G[x * side + y] || g.P[y * side + x] !== g.P[x * side + y]) return false;
  return true;
}

function renderPpos() {
  const t = pposTable(grid, symmetric(grid));
  setTable("ppos", t);
  const table = $("ppos");
  table.textContent = "";
  const tr = document.createElement("tr");
  for (const h of t.header) { const th = document.createElement("th"); th.textContent = h; tr.append(th); }
  table.append(tr);
  for (const r of t.rows.slice(0, 500)) {
    const row = document.createElement("tr");
    for (const v of r) { const td = document.createElement("td"); td.textContent = v; row.append(td); }
    table.append(row);
  }
}
