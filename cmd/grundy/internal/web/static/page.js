// The page's one mutable object and commit, which makes a state the
// page's: the URL and every view follow at once, and nothing derived from
// an old state survives (it is cleared or marked stale the moment the
// state changes).
//
// The views (form.js, position.js, heatmap.js, audit.js, compare.js)
// import this module to read the state and commit a new one; this module
// imports none of them. app.js hands commit the views' follow functions
// once, in the order they run (follow), so the modules form no import
// cycle (jstest/imports.test.js).

import { $ } from "./api.js";
import { toURL } from "./state.js";

// page.state is what the user chose; page.answer the API's answer for its
// current position, or null; page.families the rulesets; page.claims the
// claims of the state's ruleset and pile count, or null.
export const page = { state: null, answer: null, families: [], claims: null };

const followers = [];

// follow adds a view's follow(old, st, opts), which commit calls with the
// state before (null at first) and the new one: the view redraws what of
// it depends on the change.
export function follow(f) { followers.push(f); }

// commit makes st the state. With answer set, the computer answers a move
// of yours once it is shown; force recomputes the position's answer.
export function commit(st, { push = true, force = false, answer = false } = {}) {
  const old = page.state;
  page.state = st;
  const url = toURL(st);
  if (push) $("play-note").textContent = "";
  if (push && url !== location.search) history.pushState(null, "", url);
  else if (!push) history.replaceState(null, "", url);
  for (const f of followers) f(old, st, { force, answer });
  showView(st);
}

// showView shows the sections of the state's view.
function showView(st) {
  const play = st.view === "";
  for (const id of ["play", "heat", "audit"]) $(id).hidden = !play;
  $("findings-view").hidden = st.view !== "findings";
  $("compare-view").hidden = st.view !== "compare";
  for (const a of document.querySelectorAll("header nav a[data-view]")) {
    if (a.dataset.view === st.view) a.setAttribute("aria-current", "page"); else a.removeAttribute("aria-current");
    a.href = toURL({ ...st, view: a.dataset.view });
  }
}
