// The compare view: the current position under several rulesets, normal
// and misère play side by side.

import { $, api, inline, isAbort } from "./api.js";
import { current, withGame, gameParams } from "./state.js";
import { compared, withCompared, withoutCompared, playCells } from "./comparing.js";
import { trustText } from "./moves.js";
import { page, commit } from "./page.js";

let seq = 0, previous = null;

// followCompare redraws the compare view whenever it shows.
export function followCompare(old, st) { if (st.view === "compare") renderCompare(); }

function el(tag, text, attrs = {}) {
  const e = document.createElement(tag);
  if (text !== undefined) e.textContent = text;
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  return e;
}

export async function renderCompare() {
  const st = page.state, mine = ++seq, pos = current(st);
  const body = $("compare-body");
  body.textContent = "";
  const form = el("form", undefined, { id: "cmp-form", autocomplete: "off" });
  const input = el("input", undefined, { id: "cmp-add", list: "cmp-families", size: "18", placeholder: "e.g. slow-moore:k=2", "aria-label": "ruleset to add" });
  const dl = el("datalist", undefined, { id: "cmp-families" });
  for (const f of page.families) dl.append(el("option", undefined, { value: f.name }));
  form.append(el("span", `Position ${pos} under each ruleset, normal and misère play side by side. `), input, dl, el("button", "Add", { type: "submit", id: "cmp-add-button" }));
  form.addEventListener("submit", (ev) => { ev.preventDefault(); commit(withCompared(page.state, input.value)); });
  const note = el("div", "", { id: "cmp-error", class: "error", role: "alert" });
  const table = el("table", undefined, { class: "compare-table" });
  const head = el("thead");
  const h1 = el("tr"), h2 = el("tr");
  h1.append(el("th", "ruleset", { rowspan: "2" }), el("th", "normal play", { colspan: "3" }), el("th", "misère play", { colspan: "3" }), el("th", "method and trust", { rowspan: "2" }), el("th", "", { rowspan: "2" }));
  for (const h of ["G", "R", "outcome", "G⁻", "R⁻", "outcome"]) h2.append(el("th", h));
  head.append(h1, h2);
  const tb = el("tbody");
  table.append(head, tb);
  const wrap = el("div", undefined, { class: "compare-wrap" });
  wrap.append(table);
  const busy = el("div", undefined, { id: "cmp-busy" });
  body.append(form, note, busy, wrap);
  document.body.dataset.cmpBusy = "true";
  const rows = compared(st).map((game, i) => {
    // The first row is the page's own ruleset, which may be a rule's text.
    const params = i === 0 ? gameParams(st) : { game };
    const tr = el("tr", undefined, { "data-game": game });
    tr.append(el("th", game));
    // The labels head each cell where a phone shows a row as a card.
    for (const label of ["G", "R", "outcome", "G⁻", "R⁻", "misère outcome", "method"]) tr.append(el("td", "…", { "data-label": label }));
    const actions = el("td");
    const open = el("button", "play here", { type: "button" });
    open.addEventListener("click", () => commit(i === 0 ? { ...page.state, view: "" } : { ...withGame(page.state, game, pos), view: "" }));
    const rm = el("button", "remove", { type: "button", "aria-label": "remove " + game });
    rm.addEventListener("click", () => commit(withoutCompared(page.state, game)));
    actions.append(open, " ", rm);
    tr.append(actions);
    tb.append(tr);
    return { game, tr, open, params };
  });
  // One Cancel (or Esc) for every row's request; a new drawing of the
  // view cancels the requests of the one before.
  if (previous) previous.abort();
  const own = new AbortController();
  previous = own;
  await inline(busy, "Computing the rows", (cancel) => Promise.all(rows.map(async ({ tr, open, params }) => {
    const signal = AbortSignal.any([cancel, own.signal]);
    const cells = tr.querySelectorAll("td");
    let v;
    try {
      v = await api("value", { ...params, pos }, signal);
    } catch (err) {
      if (mine !== seq) return;
      cells[0].textContent = isAbort(err) ? "Cancelled." : err.message;
      cells[0].colSpan = 7;
      for (let i = 1; i < 7; i++) cells[i].remove();
      open.disabled = true;
      return;
    }
    if (mine !== seq) return;
    tr.querySelector("th").textContent = v.game;
    const vals = [...playCells(v, false), ...playCells(v, true)];
    vals.forEach((x, i) => { cells[i].textContent = x; });
    cells[6].textContent = v.method + (v.searched ? " (" + v.searched + " positions)" : "") + " · " + trustText(v.trust);
  })));
  if (mine === seq) document.body.dataset.cmpBusy = "false";
}
