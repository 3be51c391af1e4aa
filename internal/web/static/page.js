// The page's one mutable object and commit, which makes a state the
// page's: the URL, the form and every derived view follow at once, and
// nothing derived from an old state survives (it is cleared or marked
// stale the moment the state changes).

import { $ } from "./api.js";
import { toURL, posKey, overlayKey, heatKey } from "./state.js";
import { syncForm } from "./form.js";
import { refresh, renderAnswer, renderHistory } from "./position.js";
import { loadOverlays, drawHeatmap, paint } from "./heatmap.js";

// page.state is what the user chose; page.answer the API's answer for its
// current position, or null; page.families the rulesets.
export const page = { state: null, answer: null, families: [] };

// commit makes st the state. With answer set, the computer answers a move
// of yours once it is shown.
export function commit(st, { push = true, force = false, answer: reply = false } = {}) {
  const old = page.state;
  const oldHeat = old && heatKey(old), oldOverlays = old && overlayKey(old), oldPos = old && posKey(old);
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
}
