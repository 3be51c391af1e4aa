// The rule editor and the claim editor: texts in grundy's languages,
// checked by the server, each fault shown with its line and column and
// selectable in the text; both live in the URL.

import { $, api, isAbort, inline } from "./api.js";
import { reportNodes } from "./audit.js";
import { current, withRule, withGame, offsetOf, toURL } from "./state.js";
import { page, commit } from "./page.js";

function el(tag, text, attrs = {}) {
  const e = document.createElement(tag);
  if (text !== undefined) e.textContent = text;
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  return e;
}

// showFaults lists an error's faults under a text area; each selects its
// place in the text.
function showFaults(list, area, err) {
  list.textContent = "";
  const at = err.at && err.at.length ? err.at : null;
  if (!at) { list.append(el("li", err.message)); return; }
  for (const f of at) {
    const b = el("button", `line ${f.line}, column ${f.col}: ${f.msg}`, { type: "button", "data-line": f.line, "data-col": f.col });
    b.addEventListener("click", () => {
      const i = offsetOf(area.value, f.line, f.col);
      area.focus();
      area.setSelectionRange(i, Math.min(area.value.length, i + 1));
    });
    const li = el("li");
    li.append(b);
    list.append(li);
  }
}

// syncEditors shows the state's rule and claims in the editors.
export function syncEditors() {
  const st = page.state;
  if (st.rule && $("rule-text").value !== st.rule) { $("rule-text").value = st.rule; $("rule-args").value = st.args; }
  if (st.rule) $("rule-editor").open = true;
  $("rule-active").hidden = !st.rule;
  $("game").disabled = !!st.rule;
  $("params").hidden = !!st.rule;
  $("rule-off").disabled = !st.rule;
  if (st.claims && $("claims-text").value !== st.claims) { $("claims-text").value = st.claims; $("claim-editor").open = true; }
}

// ruleNamed says which rule the page plays, from the server's answer.
export function ruleNamed(name) {
  $("rule-active").textContent = "Playing your rule " + name + " (edit it below; every number is computed: no paper's theorem speaks of it).";
}

async function useRule() {
  const rule = $("rule-text").value, args = $("rule-args").value.trim();
  $("rule-errors").textContent = "";
  if (!rule.trim()) return;
  const here = current(page.state);
  let r;
  try { r = await api("ruleset", { rule, ...(args ? { args } : {}), pos: here }); } catch (err) {
    showFaults($("rule-errors"), $("rule-text"), err);
    return;
  }
  ruleNamed(r.name);
  commit(withRule(page.state, rule, args, r.pos_error ? r.default_pos : here));
}

async function startFrom(family) {
  if (!family) return;
  try {
    const r = await api("ruletext", { family });
    $("rule-text").value = r.rule;
    $("rule-errors").textContent = "";
  } catch (err) { showFaults($("rule-errors"), $("rule-text"), err); }
}

async function checkClaims() {
  const text = $("claims-text").value, box = $("claims-results");
  $("claims-errors").textContent = "";
  box.textContent = "";
  if (!text.trim()) return;
  // The text goes into the URL, to share.
  page.state = { ...page.state, claims: text };
  history.replaceState(null, "", toURL(page.state));
  document.body.dataset.claimsBusy = "true";
  $("claims-check").disabled = true;
  let r;
  try { r = await inline(box, "Checking your claims", (signal) => api("claimtext", { claims: text }, signal)); } catch (err) {
    if (isAbort(err)) box.textContent = "Cancelled: nothing was checked.";
    else showFaults($("claims-errors"), $("claims-text"), err);
    document.body.dataset.claimsBusy = "false";
    $("claims-check").disabled = false;
    return;
  } finally {
    $("claims-check").disabled = false;
  }
  box.textContent = "";
  for (const c of r.checks) {
    const ok = c.status === "pass";
    const card = el("div", undefined, { class: "claim printed" + (ok ? "" : " fails"), "data-id": c.id });
    card.append(el("p", undefined, { class: "statement" }));
    card.firstChild.append(el("code", c.id), " " + c.statement);
    card.append(...reportNodes(c));
    box.append(card);
  }
  document.body.dataset.claimsBusy = "false";
}

// wireEditors attaches the editors' controls.
export function wireEditors() {
  const sel = $("rule-family");
  for (const f of page.families) sel.append(el("option", f.name, { value: f.name }));
  sel.addEventListener("change", () => startFrom(sel.value));
  $("rule-use").addEventListener("click", useRule);
  $("rule-off").addEventListener("click", () => {
    const st = page.state;
    commit(withGame(st, st.game, current(st)));
  });
  $("claims-check").addEventListener("click", checkClaims);
}
