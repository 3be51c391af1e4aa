// Download links for exports: each link's href is a blob of the data.

import { $ } from "./api.js";
import { csv, asJSON } from "./exporting.js";

const urls = new Map();

// setLink points link id at text (a blob URL), or disables it when text
// is null.
export function setLink(id, text, type) {
  const a = $(id);
  if (urls.has(id)) { URL.revokeObjectURL(urls.get(id)); urls.delete(id); }
  if (text == null) { a.removeAttribute("href"); return; }
  const url = URL.createObjectURL(new Blob([text], { type }));
  urls.set(id, url);
  a.href = url;
}

// setTable points a CSV and a JSON link at a table, or disables them.
export function setTable(prefix, t) {
  setLink(prefix + "-csv", t ? csv(t.header, t.rows) : null, "text/csv");
  setLink(prefix + "-json", t ? asJSON(t) : null, "application/json");
}
