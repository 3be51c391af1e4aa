// The page's state: what the user chose (ruleset, position, play,
// misère, heatmap), and its URL. Pure functions of plain objects, so
// that node tests them (jstest/state.test.js).

// A state's moves list the moves played from start: {to, by} with by "y"
// (you) or "c" (the computer).
export function defaultState() {
  return { game: "wythoff", start: "3,5", moves: [], misere: false, vs: true, sort: "order",
    hm: { max: "20", slice: "x,y", what: "sg", overlay: "" }, view: "", cmp: [], redo: [], rule: "", args: "", claims: "" };
}

// current is the position the play has reached.
export function current(st) { return st.moves.length ? st.moves[st.moves.length - 1].to : st.start; }

export function toURL(st) {
  const p = new URLSearchParams();
  p.set("game", st.game);
  p.set("pos", st.start);
  if (st.moves.length) p.set("play", playText(st.moves));
  if (st.misere) p.set("misere", "1");
  if (!st.vs) p.set("vs", "0");
  if (st.sort !== "order") p.set("sort", st.sort);
  p.set("max", st.hm.max);
  p.set("slice", st.hm.slice);
  p.set("what", st.hm.what);
  if (st.hm.overlay) p.set("overlay", st.hm.overlay);
  if (st.view) p.set("view", st.view);
  if (st.cmp.length) p.set("cmp", st.cmp.join(";"));
  if (st.redo && st.redo.length) p.set("redo", playText(st.redo));
  if (st.rule) p.set("rule", st.rule);
  if (st.rule && st.args) p.set("args", st.args);
  if (st.claims) p.set("claims", st.claims);
  return "?" + p.toString();
}

// playText writes moves as the URL keeps them: positions separated by
// ";", the computer's prefixed with c.
export function playText(moves) { return moves.map((m) => (m.by === "c" ? "c" : "") + m.to).join(";"); }

export function parsePlay(s) {
  return s.split(";").map((m) => (m.startsWith("c") ? { to: m.slice(1), by: "c" } : { to: m, by: "y" }));
}

// views are the page's views besides play ("").
export const views = ["compare", "findings"];

// fromURL reads a state from a query string (location.search).
export function fromURL(search) {
  const st = defaultState();
  const p = new URLSearchParams(search);
  if (p.has("game")) st.game = p.get("game");
  if (p.has("pos")) st.start = p.get("pos");
  if (p.get("play")) st.moves = parsePlay(p.get("play"));
  if (p.get("redo")) st.redo = parsePlay(p.get("redo"));
  for (const k of ["rule", "args", "claims"]) if (p.get(k)) st[k] = p.get(k);
  st.misere = p.get("misere") === "1";
  st.vs = p.get("vs") !== "0";
  if (["outcome", "remoteness"].includes(p.get("sort"))) st.sort = p.get("sort");
  for (const k of ["max", "slice", "what", "overlay"]) if (p.has(k)) st.hm[k] = p.get(k);
  if (views.includes(p.get("view"))) st.view = p.get("view");
  if (p.get("cmp")) st.cmp = p.get("cmp").split(";").filter((g) => g.trim() !== "");
  return st;
}

// gameParams names the state's ruleset to the API: a rule's text (the
// rule editor's) or a ruleset name.
export function gameParams(st) {
  return st.rule ? (st.args ? { rule: st.rule, args: st.args } : { rule: st.rule }) : { game: st.game };
}

// rulesetKey identifies the state's ruleset, whichever way it is named.
export function rulesetKey(st) { return st.rule ? "rule:" + st.args + ":" + st.rule : st.game; }

// offsetOf is the index in text of line and column (1-based, columns in
// code points as the server counts them), for the editor to select a
// fault's place.
export function offsetOf(text, line, col) {
  const lines = text.split("\n");
  let off = 0;
  for (let i = 0; i < line - 1 && i < lines.length; i++) off += lines[i].length + 1;
  const here = [...(lines[line - 1] || "")].slice(0, Math.max(0, col - 1)).join("");
  return Math.min(text.length, off + here.length);
}

// Keys of what a view depends on: a view is redrawn when its key changes.
export function posKey(st) { return JSON.stringify([rulesetKey(st), st.start, st.moves, st.misere]); }
export function overlayKey(st) { return rulesetKey(st) + "|" + st.hm.slice; }
export function heatKey(st) { return [rulesetKey(st), st.misere, st.hm.max, st.hm.slice, st.hm.what, st.hm.overlay].join("|"); }

// fitSlice keeps a heatmap slice with as many piles as pos, or makes one.
export function fitSlice(slice, pos) {
  const n = pos.split(",").length;
  if (slice.split(",").length === n || n < 2) return slice;
  return ["x", "y", ...Array(n - 2).fill("0")].join(",");
}

// undone is the play with your last move and the computer's answers to it
// taken back, or null when you have made no move.
export function undone(moves) {
  const out = [...moves];
  while (out.length && out[out.length - 1].by === "c") out.pop();
  if (!out.length) return null;
  out.pop();
  return out;
}

// splitSpec splits a ruleset into its family and its arguments.
export function splitSpec(spec) {
  const i = spec.indexOf(":");
  return i < 0 ? [spec, ""] : [spec.slice(0, i), spec.slice(i + 1)];
}

// withGame is st playing game (a ruleset name; no rule text) from start:
// a new game (no moves), its
// heatmap slice refitted to start's pile count, and the overlay dropped
// when the ruleset or the slice changes (an overlay speaks of one ruleset).
export function withGame(st, game, start) {
  const slice = fitSlice(st.hm.slice, start);
  const overlay = game === st.game && slice === st.hm.slice ? st.hm.overlay : "";
  return { ...st, game, start, moves: [], redo: [], rule: "", args: "", hm: { ...st.hm, slice, overlay } };
}

// truncatePlay keeps the first valid moves of st's play, with the
// canonical positions the server read them as.
export function truncatePlay(st, valid, positions) {
  const moves = st.moves.slice(0, valid).map((m, i) => ({ to: positions[i] ?? m.to, by: m.by }));
  return { ...st, moves };
}

// undoPlay takes back your last move and the computer's answers to it,
// keeping them to redo; null when you have made no move.
export function undoPlay(st) {
  const moves = undone(st.moves);
  if (!moves) return null;
  return { ...st, moves, redo: [...st.moves.slice(moves.length), ...(st.redo || [])] };
}

// redoPlay replays the next undone move of yours with the computer's
// answers that followed it; null when nothing is undone.
export function redoPlay(st) {
  const redo = st.redo || [];
  if (!redo.length) return null;
  let n = 1;
  while (n < redo.length && redo[n].by === "c") n++;
  return { ...st, moves: [...st.moves, ...redo.slice(0, n)], redo: redo.slice(n) };
}

// withMisere is st in misère play (or normal play): an overlay of
// overlays (the API's list, {id, misere}) that predicts the other play is
// dropped, for the map of this play cannot show it.
export function withMisere(st, misere, overlays) {
  const o = (overlays || []).find((x) => x.id === st.hm.overlay);
  const overlay = o && o.misere !== misere ? "" : st.hm.overlay;
  return { ...st, misere, hm: { ...st.hm, overlay } };
}

// withRule is st playing a rule's text from start: withGame's new game,
// the ruleset named by the text.
export function withRule(st, rule, args, start) {
  const g = withGame(st, st.game, start);
  return { ...g, rule, args, hm: { ...g.hm, overlay: "" } };
}
