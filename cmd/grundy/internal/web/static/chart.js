// The value history's chart: which remoteness is drawn where. Pure
// (jstest/chart.test.js); the page draws the SVG.

const SAFE = 2n ** 53n;

// chartPoints turns the answers along the play into the remoteness drawn
// at each step (null where unknown or beyond exact floating point), the
// top of the axis, and each step's kind: "value" on the axis, "huge" (a
// remoteness beyond 2^53, drawn above the axis, never at 0) or "unknown"
// (no method gave it, drawn apart, never at 0).
export function chartPoints(answers, misere) {
  const kind = answers.map((a) => { const r = misere ? a.Rm : a.R; return r == null ? "unknown" : BigInt(r) < SAFE ? "value" : "huge"; });
  const rem = answers.map((a, i) => (kind[i] === "value" ? Number(misere ? a.Rm : a.R) : null));
  const top = Math.max(1, ...rem.filter((r) => r !== null));
  return { rem, top, kind };
}
