// The JSON API and cancellable tasks with a spinner.

export const $ = (id) => document.getElementById(id);

export async function api(path, params, signal) {
  const q = new URLSearchParams(params).toString();
  const res = await fetch("/api/" + path + "?" + q, { signal });
  const body = await res.json();
  if (!res.ok) {
    const err = new Error(body.error || res.statusText);
    err.at = body.at || []; // a text's faults, each with line and column
    throw err;
  }
  return body;
}

export function isAbort(err) { return err && err.name === "AbortError"; }

// running holds the cancel functions of the long actions in flight: each
// shows a Cancel button, and Esc cancels them all (wireEscape). A
// cancelled action aborts its fetch, which cancels the server's request.
const running = new Set();

export function cancelAll() { for (const c of [...running]) c(); }

// wireEscape makes Esc cancel every long action in flight.
export function wireEscape() {
  document.addEventListener("keydown", (ev) => {
    if (ev.key !== "Escape" || !running.size || ev.defaultPrevented) return;
    ev.preventDefault();
    cancelAll();
  });
}

// inline runs fn(signal), a long action, with its elapsed time and a
// Cancel button shown in box (replacing what box held) until it ends. It
// returns fn's result, or throws an AbortError once cancelled.
export async function inline(box, what, fn) {
  const ctrl = new AbortController();
  const line = document.createElement("p");
  line.className = "busy-line";
  const spin = document.createElement("span");
  spin.className = "spinner";
  spin.setAttribute("aria-hidden", "true");
  const text = document.createElement("span");
  text.setAttribute("role", "status");
  const b = document.createElement("button");
  b.type = "button"; b.className = "cancel"; b.textContent = "Cancel";
  line.append(spin, text, b);
  box.textContent = "";
  box.append(line);
  const t0 = performance.now();
  const tick = () => { text.textContent = what + "… " + ((performance.now() - t0) / 1000).toFixed(1) + " s (Esc cancels)"; };
  tick();
  const timer = setInterval(tick, 100);
  const cancel = () => ctrl.abort();
  b.addEventListener("click", cancel);
  running.add(cancel);
  try {
    return await fn(ctrl.signal);
  } finally {
    clearInterval(timer);
    running.delete(cancel);
    line.remove();
  }
}

// A task is one cancellable request with a spinner and elapsed time.
export function task(prefix) {
  let ctrl = null, timer = null;
  const stop = () => {
    running.delete(cancel);
    clearInterval(timer); timer = null;
    $(prefix + "busy").hidden = true;
    ctrl = null;
    document.body.dataset[prefix ? "hmBusy" : "busy"] = "false";
  };
  const cancel = () => { if (ctrl) { const c = ctrl; stop(); c.abort(); } };
  const t = {
    get busy() { return ctrl !== null; },
    cancel,
    async run(what, fn) {
      t.cancel();
      const mine = new AbortController();
      ctrl = mine;
      const t0 = performance.now();
      const tick = () => { $(prefix + "busy-text").textContent = what + "… " + ((performance.now() - t0) / 1000).toFixed(1) + " s (Esc cancels)"; };
      tick();
      timer = setInterval(tick, 100);
      $(prefix + "busy").hidden = false;
      running.add(cancel);
      document.body.dataset[prefix ? "hmBusy" : "busy"] = "true";
      try {
        return await fn(mine.signal);
      } finally {
        if (ctrl === mine) stop();
      }
    },
  };
  return t;
}

export const posTask = task(""), heatTask = task("hm-");
