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
// a move from the current one.
export function describe(grid, h, canPlay) {
  const i = h.y * (grid.max + 1) + h.x, pos = posAt(grid.slice, h.x, h.y);
  let s = `(${pos}): G=${grid.G[i]} G⁻=${grid.Gm[i]} R=${grid.R[i]} R⁻=${grid.Rm[i]} — ${grid.P[i] ? "P" : "N"} in ${grid.misere ? "misère" : "normal"} play`;
  if (grid.marks && grid.marks[i]) {
    const m = grid.marks[i];
    s += ` — ${grid.overlay}: predicts ${m === "agreeP" || m === "wrongP" ? "P" : "N"}` + (m.startsWith("wrong") ? " (DISAGREES)" : " (agrees)");
  }
  s += canPlay ? " — Enter: play this move" : " — Enter: start a new game here";
  return s;
}
