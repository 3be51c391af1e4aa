// The page's one mutable object and commit, which makes a state the
// page's: the URL, the form and every derived view follow at once, and
// nothing derived from an old state survives (it is cleared or marked
// stale the moment the state changes).

import { $ } from "./api.js";
import { toURL, posKey, overlayKey, heatKey } from "./state.js";
import { syncForm } from "./form.js";
import { refresh, renderAnswer, renderHistory } from "./position.js";
import { loadOverlays, drawHeatmap, paint } from "./heatmap.js";
import { loadClaims, claimsKey, loadFindings } from "./audit.js";
import { renderCompare } from "./compare.js";

// page.state is what the user chose; page.answer the API's answer for its
// current position, or null; page.families the rulesets; page.claims the
// claims of the state's ruleset and pile count, or null.
export const page = { state: null, answer: null, families: [], claims: null };

// commit makes st the state. With answer set, the computer answers a move
// of yours once it is shown.
export function commit(st, { push = true, force = false, answer: reply = false } = {}) {
  const old = page.state;
  const oldHeat = old && heatKey(old), oldOverlays = old && overlayKey(old), oldPos = old && posKey(old), oldClaims = old && claimsKey(old);
  page.state = st;
  const url = toURL(st);
  if (push) $("play-note").textContent = "";
  if (push && url !== location.search) history.pushState(null, "", url);
  else if (!push) history.replaceState(null, "", url);
  syncForm();
  if (force || oldPos !== posKey(st) || !page.answer) refresh(reply);
  else { renderAnswer(); renderHistory(); }
  if (oldOverlays !== overlayKey(st)) loadOverlays();
  if (oldHeat !== heatKey(st)) drawHeatmap();
  else if (oldPos !== posKey(st)) paint(); // the current square follows the game (D2)
  if (oldClaims !== claimsKey(st)) loadClaims();
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
  if (st.view === "findings") loadFindings();
  if (st.view === "compare") renderCompare();
}
