// The heatmap's geometry: which position a cell is, which cell a position
// is. Pure functions of the API's heatmap answer (jstest/heat.test.js).

// posAt is the position of cell (x, y) of a slice such as "3,x,y".
export function posAt(slice, x, y) {
  return slice.split(",").map((f) => (f === "x" ? x : f === "y" ? y : f)).join(",");
}

// cellOfPosition finds pos in the grid's slice, or null.
export function cellOfPosition(grid, pos) {
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

function cmpBig(a, b) { const x = BigInt(a), y = BigInt(b); return x < y ? -1 : x > y ? 1 : 0; }

// canonicalLike matches the server's canonical form for the moves list:
// the answer lists canonical positions, and the cell is canonical when
// it appears there as is or sorted.
export function canonicalLike(answer, pos) {
  if (!answer) return pos;
  if (answer.moves.some((m) => m.to === pos)) return pos;
  const sorted = pos.split(",").sort(cmpBig).join(",");
  return answer.moves.some((m) => m.to === sorted) ? sorted : pos;
}

// describe is the readout of cell h; canPlay says whether its position is
// a move from the current one, how what plays it (the pointer's or the
// keyboard's way: "click", "tap again", "Enter").
export function describe(grid, h, canPlay, how = "Enter") {
  const i = h.y * (grid.max + 1) + h.x, pos = posAt(grid.slice, h.x, h.y);
  let s = `(${pos}): G=${grid.G[i]} G⁻=${grid.Gm[i]} R=${grid.R[i]} R⁻=${grid.Rm[i]} — ${grid.P[i] ? "P" : "N"} in ${grid.misere ? "misère" : "normal"} play`;
  if (grid.marks && grid.marks[i]) {
    const m = grid.marks[i];
    s += ` — ${grid.overlay}: predicts ${m === "agreeP" || m === "wrongP" ? "P" : "N"}` + (m.startsWith("wrong") ? " (DISAGREES)" : " (agrees)");
  }
  s += ` — ${how}: ` + (canPlay ? "play this move" : "start a new game here");
  return s;
}

// The axes' labels on a canvas of size × size pixels with margin pixels
// left of and below the map, which has side cells a side. width(text)
// measures a label's width at the font's size px (the tick's height).
// Each label comes with its box {x0, y0, x1, y1}: no two boxes meet and
// every one lies on the canvas (jstest/heat.test.js checks both), so no
// axis name covers a tick, and the last tick is not cut off.
export function axisLabels(side, size, margin, width, px) {
  const cell = (size - margin) / side, out = [];
  const step = Math.max(1, Math.ceil(side / 10));
  const gap = 3;
  // The axes' names: x centred under the ticks, y turned up along the
  // left edge; each in the margin beside the ticks.
  const xw = width("x →"), yw = width("y →");
  const xName = { text: "x →", x: margin + (size - margin) / 2 - xw / 2, y: size - 2 - px, rot: false };
  const yName = { text: "y →", x: 1, y: (size - margin) / 2 + yw / 2, rot: true };
  xName.box = { x0: xName.x, y0: xName.y, x1: xName.x + xw, y1: xName.y + px };
  yName.box = { x0: 1, y0: yName.y - yw, x1: 1 + px, y1: yName.y };
  out.push(xName, yName);
  for (let v = 0; v < side; v += step) {
    const t = String(v), w = width(t);
    // Under its column, kept on the canvas.
    const cx = Math.min(size - w / 2 - 1, margin + v * cell + cell / 2);
    const xt = { text: t, x: cx - w / 2, y: size - margin + gap, rot: false };
    xt.box = { x0: xt.x, y0: xt.y, x1: xt.x + w, y1: xt.y + px };
    // Left of its row, right-aligned against the map, kept on the canvas.
    const cy = Math.max(px / 2 + 1, size - margin - v * cell - cell / 2);
    const yt = { text: t, x: margin - gap - w, y: cy - px / 2, rot: false };
    yt.box = { x0: yt.x, y0: yt.y, x1: margin - gap, y1: yt.y + px };
    out.push(xt, yt);
  }
  return out;
}

// legendTicks are the values a colour bar of n colours labels: about
// eight, evenly spaced, always the first and the last.
export function legendTicks(n) {
  if (n <= 1) return [0];
  const step = Math.max(1, Math.ceil((n - 1) / 8)), out = [];
  for (let v = 0; v < n - 1; v += step) out.push(v);
  // The last value takes the place of a tick too close to it.
  if (out.length > 1 && n - 1 - out[out.length - 1] < step / 2) out.pop();
  out.push(n - 1);
  return out;
}
