// The JSON API and cancellable tasks with a spinner.

export const $ = (id) => document.getElementById(id);

export async function api(path, params, signal) {
  const q = new URLSearchParams(params).toString();
  const res = await fetch("/api/" + path + "?" + q, { signal });
  const body = await res.json();
  if (!res.ok) throw new Error(body.error || res.statusText);
  return body;
}

export function isAbort(err) { return err && err.name === "AbortError"; }

// A task is one cancellable request with a spinner and elapsed time.
export function task(prefix) {
  let ctrl = null, timer = null;
  const stop = () => {
    clearInterval(timer); timer = null;
    $(prefix + "busy").hidden = true;
    ctrl = null;
    document.body.dataset[prefix ? "hmBusy" : "busy"] = "false";
  };
  const t = {
    get busy() { return ctrl !== null; },
    cancel() { if (ctrl) { const c = ctrl; stop(); c.abort(); } },
    async run(what, fn) {
      t.cancel();
      const mine = new AbortController();
      ctrl = mine;
      const t0 = performance.now();
      const tick = () => { $(prefix + "busy-text").textContent = what + "… " + ((performance.now() - t0) / 1000).toFixed(1) + " s"; };
      tick();
      timer = setInterval(tick, 100);
      $(prefix + "busy").hidden = false;
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
