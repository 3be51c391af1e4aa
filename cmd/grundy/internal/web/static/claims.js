// The audit as the page shows it: pure functions of the API's claims
// (GET /api/claims, /api/findings) and answers (jstest/claims.test.js).

export const quantityNames = { G: "G", Gm: "G⁻", R: "R", Rm: "R⁻", P: "outcome (P-positions)", Pm: "misère outcome (P⁻-positions)", property: "property" };

// groupClaims puts each reading and correction beside its printed claim:
// [{claim, family: [claims…]}], in the order given.
export function groupClaims(claims) {
  const groups = [], byId = new Map();
  for (const c of claims) {
    if (c.kind !== "printed" && byId.has(c.parent)) { byId.get(c.parent).family.push(c); continue; }
    const g = { claim: c, family: [] };
    groups.push(g);
    byId.set(c.id, g);
  }
  return groups;
}

// whyLines explains, in place, where each number of an answer comes from:
// one line per quantity, naming the claims it rests on; for a quantity no
// method gave, the claims of the ruleset that speak of it but may not
// answer (checked in a box only, unchecked, refuted), or that none does.
// Each line: {label, kind, text, claims: [ids]}.
export function whyLines(m, claims) {
  const byId = new Map((claims || []).map((c) => [c.id, c]));
  const lines = [];
  if (m.trust && m.trust.kind === "computed") {
    lines.push({ label: "G, G⁻, R, R⁻", kind: "computed", claims: [],
      text: "computed: " + (m.trust.detail || "exhaustive computation") + (m.searched ? ", " + m.searched + " positions solved" : "") + "; no theorem is needed." });
    return lines;
  }
  const src = m.sources || {};
  for (const q of ["G", "Gm", "R", "Rm", "P", "Pm"]) {
    const t = src[q];
    if (!t) continue;
    const ids = t.claims || [];
    const said = ids.map((id) => { const c = byId.get(id); return c ? `${id} (${c.citation}): “${c.statement}”` : id; }).join("; ");
    lines.push({ label: quantityNames[q], kind: t.kind, claims: ids,
      text: t.kind + " — " + said + (t.detail ? " [" + t.detail + "]" : "") });
  }
  for (const q of ["G", "Gm", "R", "Rm"]) {
    if (m[q] != null || src[q]) continue;
    const would = (claims || []).filter((c) => c.quantity === q && !c.answers);
    lines.push({ label: quantityNames[q], kind: "unknown", claims: would.map((c) => c.id),
      text: would.length
        ? "unknown — would be answered by " + would.map((c) => c.id + " (" + (c.trust ? c.trust.kind : "?") + (c.trust && c.trust.detail ? ": " + c.trust.detail : "") + ")").join("; ") + ", were it proved"
        : "unknown — no registered claim speaks of " + quantityNames[q] + " for this ruleset and pile count" });
  }
  return lines;
}

// verdictText is what the registry alone says of a claim's truth.
export function verdictText(c) {
  if (c.refuted) return "refuted: smallest counterexample (" + c.refuted + ")" + (c.refuted_game ? " of " + c.refuted_game : "");
  if (c.trust) {
    switch (c.trust.kind) {
      case "smt-proved": return "proved by grundy's SMT ledger " + (c.trust.scope || "for this pile count");
      case "decided": return "decided: " + (c.trust.scope || "checked at every position it speaks of");
      case "paper-proof": return "proved in the paper (a theorem grundy answers with)";
      case "classical": return "a classical theorem (grundy answers with it)";
      case "checked": return "holds " + (c.trust.scope || "in grundy's " + (c.trust.detail || "box")) + "; not proved beyond";
      case "refuted": return "refuted";
      case "unchecked": return "neither proved nor checked by grundy for these parameters";
    }
  }
  return "";
}

// roleText names what a claim is.
export function roleText(c) {
  if (c.kind === "reading") return "reading of " + c.parent + ": " + c.change;
  if (c.kind === "correction") return "grundy's correction of " + c.parent + ": " + c.change;
  return "as printed";
}

// hereLines sorts what the claims say of this very position: those that
// disagree with the answer (a counterexample, when the answer is
// exhaustive), those that agree, and those the answer cannot judge.
export function hereLines(here) {
  const out = { bad: [], good: [], open: [] };
  for (const c of here || []) {
    const what = (quantityNames[c.quantity] || c.quantity) + (c.quantity === "P" || c.quantity === "Pm" ? " " : " = ") + c.claimed;
    const who = c.id + (c.kind === "printed" ? " (as printed)" : c.kind === "correction" ? " (grundy's correction)" : " (a reading)");
    if (c.agrees === false) out.bad.push({ id: c.id, text: `${who} says ${what}; this answer gives ${c.answer}` });
    else if (c.agrees === true) out.good.push({ id: c.id, text: `${who} says ${what}` });
    else out.open.push({ id: c.id, text: `${who} says ${what}, which this answer does not establish` });
  }
  return out;
}

function commas(n) { return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ","); }
function plural(n, one, many) { return commas(n) + " " + (n === 1 ? one : many); }

// outcomeText words how a reading or correction of a failed claim fared,
// as `grundy findings` does: "holds: N positions checked", "FAILS too"
// (the page adds the counterexample's button), "checked no position".
export function outcomeText(o) {
  if (o.status === "pass") return `holds: ${plural(o.checked, "position", "positions")} checked`;
  if (o.status === "fail") return "FAILS too" + (o.counterexample ? "," : "");
  return "checked no position";
}

// checkReport words a check's result (GET /api/check, /api/claimtext) as
// `grundy check` prints it: how many positions were checked and how many
// fail, box by box; each kind of failure with its count and smallest
// counterexample; and how many more kinds there are than the API lists.
// {status, head, boxes: [text], kinds: text or "", failures: [{text, game,
// pos, tail}], more: text or ""}.
export function checkReport(r) {
  const boxes = r.instances || [];
  const failed = boxes.length ? boxes.reduce((s, b) => s + b.failed, 0) : (r.failures || []).reduce((s, f) => s + f.count, 0);
  const status = r.status === "pass" ? "holds" : r.status === "fail" ? "FAILS" : "nothing checked";
  const counted = plural(r.checked, "position", "positions") + " checked";
  const head = r.status === "fail" ? `FAILS — ${counted}, ${commas(failed)} fail`
    : r.status === "pass" ? `holds — ${counted}, none fails; not proved beyond the box`
    : "nothing checked — no position of the box is one the claim speaks of";
  const out = { status, head, boxes: [], kinds: "", failures: [], more: "" };
  for (const b of boxes) out.boxes.push(`box ${b.box}: ${plural(b.checked, "position", "positions")} checked` + (b.failed ? `, ${commas(b.failed)} fail` : ""));
  const fs = r.failures || [], more = r.more_kinds || 0;
  if (fs.length) {
    out.kinds = `failures (${plural(fs.length + more, "kind", "kinds")}):`;
    for (const f of fs) {
      out.failures.push({ text: `${f.kind}: ${plural(f.count, "position", "positions")}, smallest `, game: f.smallest.game, pos: f.smallest.pos,
        tail: `: claimed ${f.smallest.claimed}, computed ${f.smallest.computed}` });
    }
    if (more) out.more = `… and ${plural(more, "more kind", "more kinds")}`;
  }
  return out;
}
