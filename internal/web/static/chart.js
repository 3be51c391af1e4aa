// The value history's chart: which remoteness is drawn where. Pure
// (jstest/chart.test.js); the page draws the SVG.

const SAFE = 2n ** 53n;

// chartPoints turns the answers along the play into the remoteness drawn
// at each step (null where unknown or beyond exact floating point) and the
// top of the axis.
export function chartPoints(answers, misere) {
  const rem = answers.map((a) => { const r = misere ? a.Rm : a.R; return r != null && BigInt(r) < SAFE ? Number(r) : null; });
  const top = Math.max(1, ...rem.filter((r) => r !== null));
  return { rem, top };
}
