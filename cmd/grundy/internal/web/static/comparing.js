// Compare's state: the rulesets set beside the page's own (pure,
// jstest/comparing.test.js).

// compared is the rulesets of the compare view: the state's own first,
// then st.cmp without repeats.
export function compared(st) {
  const out = [st.game];
  for (const g of st.cmp) if (!out.includes(g)) out.push(g);
  return out;
}

// withCompared adds a ruleset (trimmed, once) to the comparison.
export function withCompared(st, game) {
  const g = game.trim();
  if (!g || compared(st).includes(g)) return st;
  return { ...st, cmp: [...st.cmp, g] };
}

// withoutCompared removes a ruleset from the comparison; removing the
// state's own makes the first other one the state's ruleset.
export function withoutCompared(st, game) {
  if (game !== st.game) return { ...st, cmp: st.cmp.filter((g) => g !== game) };
  if (!st.cmp.length) return st;
  return { ...st, game: st.cmp[0], moves: [], cmp: st.cmp.slice(1) };
}

// playCells are one play's columns of a row: value, remoteness, outcome.
export function playCells(v, misere) {
  const dash = (x) => x ?? "—";
  return misere ? [dash(v.Gm), dash(v.Rm), v.outcome_misere || "?"] : [dash(v.G), dash(v.R), v.outcome || "?"];
}
