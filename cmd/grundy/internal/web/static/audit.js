// The audit on the page: the claims of the ruleset beside the values,
// "why these numbers" in place, the findings view, re-checks on demand.

import { $, api, isAbort, inline } from "./api.js";
import { current, withGame, gameParams, rulesetKey } from "./state.js";
import { groupClaims, whyLines, verdictText, roleText, quantityNames, hereLines, checkReport, outcomeText } from "./claims.js";
import { page, commit } from "./page.js";

let claimsSeq = 0;


function el(tag, attrs = {}, ...kids) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") e.className = v; else if (k === "text") e.textContent = v; else e.setAttribute(k, v);
  }
  e.append(...kids.filter((k) => k !== null && k !== undefined && k !== ""));
  return e;
}

export function claimsKey(st) { return rulesetKey(st) + "|" + current(st).split(",").length; }

// followAudit loads the claims of a new ruleset or pile count, and the
// findings when their view shows.
export function followAudit(old, st) {
  if (!old || claimsKey(old) !== claimsKey(st)) loadClaims();
  if (st.view === "findings") loadFindings();
}

// loadClaims fetches the claims of the state's ruleset and pile count.
export async function loadClaims() {
  const st = page.state, seq = ++claimsSeq;
  page.claims = null;
  $("claims-list").textContent = "Loading the claims…";
  let r;
  try { r = await api("claims", { ...gameParams(st), pos: current(st) }); } catch (err) {
    if (seq === claimsSeq) $("claims-list").textContent = err.message;
    return;
  }
  if (seq !== claimsSeq) return;
  page.claims = r.claims;
  $("audit-h").textContent = `What the papers claim about ${r.game} with ${r.piles} pile${r.piles === 1 ? "" : "s"}`;
  renderClaims($("claims-list"), r.claims, "No claim of the papers speaks of this ruleset with this many piles: every number shown for it is computed.");
  renderWhy();
}

// renderWhy explains the shown answer's numbers in place.
export function renderWhy() {
  const dl = $("why");
  dl.textContent = "";
  const m = page.answer;
  if (!m) return;
  for (const line of whyLines(m, page.claims)) {
    const dd = el("dd", {}, line.text);
    if (line.claims.length) {
      const links = el("span", { class: "why-links" }, " ");
      for (const id of line.claims) {
        const b = el("button", { type: "button", class: "claim-link", "data-claim": id, text: "show " + id });
        b.addEventListener("click", () => showClaim(id));
        links.append(b, " ");
      }
      dd.append(links);
    }
    dl.append(el("dt", {}, el("span", { class: "trust " + line.kind, text: line.kind }), " ", line.label), dd);
  }
  // What the papers say of this very position: a counterexample shows.
  const here = hereLines(m.claims_here);
  const groups = [["bad", "Claims this answer contradicts", "here-bad"], ["good", "Claims that agree", "here-good"], ["open", "Claims this answer cannot judge", "here-open"]];
  for (const [key, title, cls] of groups) {
    if (!here[key].length) continue;
    const dd = el("dd", { class: cls });
    const ul = el("ul");
    for (const x of here[key]) {
      const b = el("button", { type: "button", class: "claim-link", "data-claim": x.id, text: "show" });
      b.addEventListener("click", () => showClaim(x.id));
      ul.append(el("li", {}, x.text, " ", b));
    }
    if (key === "bad") {
      dd.append(ul);
      dl.append(el("dt", { text: title + (m.trust.kind === "computed" ? " — this position is a counterexample" : "") }), dd);
    } else {
      // Agreement is the rule: listed on demand, in place.
      const d = el("details", {}, el("summary", { text: `${title}: ${here[key].length}` }), ul);
      dd.append(d);
      dl.append(dd);
    }
  }
}

// showClaim scrolls to a claim's card and focuses it.
function showClaim(id) {
  const card = document.getElementById("claim-" + id);
  if (!card) return;
  card.scrollIntoView({ block: "center" });
  card.focus();
}

export function renderClaims(box, claims, empty) {
  box.textContent = "";
  if (!claims.length) { box.append(el("p", { class: "hint", text: empty })); return; }
  for (const g of groupClaims(claims)) {
    const group = el("div", { class: "claim-group" }, claimCard(g.claim));
    if (g.family.length) group.append(el("div", { class: "family" }, ...g.family.map(claimCard)));
    box.append(group);
  }
}

function claimCard(c) {
  const fails = c.refuted || (c.trust && c.trust.kind === "refuted");
  const card = el("article", { class: "claim " + c.kind + (fails ? " fails" : ""), id: "claim-" + c.id, tabindex: "-1", "data-id": c.id });
  const head = el("header", {}, el("code", { text: c.id }), el("span", { class: "role", text: roleText(c) }));
  if (c.trust) head.append(el("a", { class: "trust " + c.trust.kind, href: "#t-" + c.trust.kind, text: c.trust.kind }));
  head.append(el("span", { class: "role", text: quantityNames[c.quantity] || c.quantity }));
  card.append(head, el("p", { class: "statement", text: c.statement }));
  if (c.quote) card.append(el("blockquote", { text: c.quote }));
  card.append(el("p", { class: "cite", text: c.citation + " · support: " + c.support }));
  if (c.trust && c.trust.detail) card.append(el("p", { class: "detail", text: "trust: " + c.trust.detail }));
  if (c.note) card.append(el("p", { class: "detail", text: c.note }));
  const v = verdictText(c);
  if (v) {
    const p = el("p", { class: "verdict " + (fails ? "bad" : c.answers ? "good" : "") });
    if (c.refuted && c.refuted_game) p.append("refuted: smallest counterexample ", ceButton(c.refuted_game, c.refuted));
    else p.append(v);
    card.append(p);
  }
  const result = el("div", { class: "check-result", "aria-live": "polite" });
  const b = el("button", { type: "button", class: "check", text: "Check against exhaustive search" });
  b.title = "default boxes: " + c.boxes.join("; ");
  b.run = () => runCheck(c.id, b, result);
  b.addEventListener("click", b.run);
  card.append(b, result);
  return card;
}

// ceButton opens a counterexample's position in the play view.
export function ceButton(game, pos) {
  const b = el("button", { type: "button", class: "ce", "data-game": game, "data-pos": pos, text: "(" + pos + ") of " + game });
  b.title = "open this position";
  b.addEventListener("click", () => {
    commit({ ...withGame(page.state, game, pos), view: "" });
    window.scrollTo(0, 0);
    $("pos").focus();
  });
  return b;
}

// reportNodes shows a check's result as `grundy check` words it: the
// positions checked and failed, box by box, each kind of failure with its
// smallest counterexample (a button that opens it), how many more kinds.
export function reportNodes(r) {
  const c = checkReport(r), out = [];
  out.push(el("p", { class: "verdict " + (r.status === "pass" ? "good" : r.status === "fail" ? "bad" : ""), text: c.head }));
  if (c.boxes.length) out.push(el("ul", { class: "boxes" }, ...c.boxes.map((t) => el("li", { text: t }))));
  if (r.reduced && r.reduced.length) out.push(el("p", { class: "detail", text: "boxes cut to the server's limit: " + r.reduced.join("; ") }));
  if (r.verdict) out.push(el("p", { text: r.verdict }));
  if (c.failures.length) {
    const ul = el("ul", { class: "kinds" });
    for (const f of c.failures) ul.append(el("li", {}, f.text, ceButton(f.game, f.pos), f.tail));
    if (c.more) ul.append(el("li", { class: "more", text: c.more }));
    out.push(el("p", { class: "detail", text: c.kinds }), ul);
  }
  return out;
}

// runCheck re-checks a claim on the server, with Cancel (and Esc); it
// answers whether the check ran to its end.
async function runCheck(id, button, box) {
  button.disabled = true;
  let r;
  try { r = await inline(box, "Checking " + id, (signal) => api("check", { claim: id }, signal)); } catch (err) {
    box.textContent = isAbort(err) ? "Cancelled." : err.message;
    button.disabled = false;
    return !isAbort(err);
  }
  box.textContent = "";
  box.append(...reportNodes(r));
  if (r.finding) {
    for (const o of [...r.finding.readings, ...r.finding.corrections]) {
      const li = el("p", { class: "detail" }, o.id + ": " + outcomeText(o));
      if (o.status === "fail" && o.counterexample) li.append(" at ", ceButton(o.counterexample.game, o.counterexample.pos));
      box.append(li);
    }
  }
  button.disabled = false;
  return true;
}

// ---- the findings view ----

let findingsLoaded = false;
export async function loadFindings() {
  if (findingsLoaded) return;
  const box = $("findings-list");
  box.textContent = "Loading the findings…";
  let fs;
  try { fs = await api("findings", {}); } catch (err) { box.textContent = err.message; return; }
  findingsLoaded = true;
  const papers = new Map();
  for (const c of fs) {
    if (!papers.has(c.paper)) papers.set(c.paper, []);
    papers.get(c.paper).push(c);
  }
  box.textContent = "";
  // Check all: one claim after another, so the server's other requests
  // keep their turn.
  const all = el("button", { type: "button", id: "check-all", text: "Check every finding (one after another)" });
  all.addEventListener("click", async () => {
    all.disabled = true;
    // A check cancelled (its Cancel, or Esc) ends the run.
    for (const b of box.querySelectorAll(".claim.printed > button.check")) {
      if (!b.disabled && !(await b.run())) break;
    }
    all.disabled = false;
  });
  box.append(all);
  for (const [paper, cs] of papers) {
    const sec = el("section", { class: "paper", "aria-label": "paper " + paper });
    sec.append(el("h3", { text: cs[0].citation.replace(/,[^,]*$/, "") + " — " + cs.filter((c) => c.kind === "printed").length + " finding(s)" }));
    const list = el("div");
    renderClaims(list, cs, "");
    sec.append(list);
    box.append(sec);
  }
}
