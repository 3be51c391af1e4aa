// Exports: CSV and JSON of what the page shows (pure,
// jstest/exporting.test.js). Values stay decimal strings: a spreadsheet
// or a script reads them exactly.

function csvField(v) {
  const s = v == null ? "" : String(v);
  return /[",\n]/.test(s) ? '"' + s.replace(/"/g, '""') + '"' : s;
}

export function csv(header, rows) {
  return [header, ...rows].map((r) => r.map(csvField).join(",")).join("\n") + "\n";
}

// movesTable is the moves of an answer, one row each.
export function movesTable(m, game, misere) {
  const header = ["game", "from", "to", "winning", "optimal", "G", "Gm", "R", "Rm", "outcome", "outcome_misere", "misere"];
  const rows = m.moves.map((mv) => [game, m.pos, mv.to, mv.winning, mv.optimal ?? "", mv.G, mv.Gm, mv.R, mv.Rm, mv.outcome, mv.outcome_misere, misere]);
  return { header, rows };
}

// playTable is the play so far: each position reached, who moved there.
export function playTable(st) {
  const header = ["step", "position", "by"];
  const rows = [[0, st.start, "start"], ...st.moves.map((m, i) => [i + 1, m.to, m.by === "c" ? "computer" : "you"])];
  return { header, rows };
}

// gridTable is every cell of a heatmap's box: x, y, the position and its
// values.
export function gridTable(grid) {
  const header = ["x", "y", "position", "G", "Gm", "R", "Rm", "P"];
  const side = grid.max + 1, rows = [];
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      const i = y * side + x;
      const pos = grid.slice.split(",").map((f) => (f === "x" ? x : f === "y" ? y : f)).join(",");
      rows.push([x, y, pos, grid.G[i], grid.Gm[i], grid.R[i], grid.Rm[i], grid.P[i]]);
    }
  }
  return { header, rows };
}

// pposTable lists the P-positions of a heatmap's box (of its play),
// numbered in order of x then y; for a symmetric two-pile slice only
// x ≤ y, as 002's tables list (a_n, b_n).
export function pposTable(grid, symmetric) {
  const side = grid.max + 1, rows = [];
  for (let x = 0; x < side; x++) {
    for (let y = 0; y < side; y++) {
      if (symmetric && x > y) continue;
      const i = y * side + x;
      if (!grid.P[i]) continue;
      const pos = grid.slice.split(",").map((f) => (f === "x" ? x : f === "y" ? y : f)).join(",");
      rows.push([rows.length, x, y, pos]);
    }
  }
  return { header: ["n", "a_n (x)", "b_n (y)", "position"], rows };
}

// asJSON turns a table into objects keyed by its header.
export function asJSON(t) {
  return JSON.stringify(t.rows.map((r) => Object.fromEntries(t.header.map((h, i) => [h, r[i]]))), null, 1) + "\n";
}
