"""A session: one `grundy pipe` process, its requests matched to answers by
id, progress lines handed to a callback, a dead process restarted by the
next request."""

import itertools
import json
import os
import subprocess
import sys
import threading

from ._binary import find_binary
from ._errors import Cancelled, ServerDied, from_response


class Call:
    """A request in flight: result() waits for its answer."""

    def __init__(self, session, id, progress):
        self._session, self.id, self._progress = session, id, progress
        self._done = threading.Event()
        self._response = None

    def _resolve(self, r):
        self._response = r
        self._done.set()

    def done(self):
        return self._done.is_set()

    def cancel(self):
        """Asks grundy to stop the request; result() then raises Cancelled."""
        if not self._done.is_set():
            self._session._send({"cancel": self.id})

    def response(self, timeout=None):
        """The raw response (a dict), waiting for it; Ctrl-C cancels the
        request in grundy and raises KeyboardInterrupt."""
        try:
            if not self._done.wait(timeout):
                raise TimeoutError(f"grundy: request {self.id} unanswered after {timeout}s")
        except KeyboardInterrupt:
            self.cancel()
            raise
        return self._response

    def result(self, timeout=None):
        """The response, or its error raised as a GrundyError."""
        r = self.response(timeout)
        if not r.get("ok"):
            raise from_response(r)
        return r


class Session:
    """One grundy pipe process. Requests may be sent from several threads;
    answers come back as they finish."""

    def __init__(self, binary=None, workers=None, progress=None, cwd=None):
        self.binary = binary or find_binary()
        self.cwd = cwd
        self.workers = workers
        self.progress = progress if progress is not None else default_progress
        self._lock = threading.Lock()
        self._ids = itertools.count(1)
        self._pending = {}
        self._proc = None

    def _start(self):
        args = [self.binary, "pipe"]
        if self.workers:
            args += ["--workers", str(self.workers)]
        proc = subprocess.Popen(args, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, bufsize=0, cwd=self.cwd)
        self._proc = proc
        threading.Thread(target=self._read, args=(proc,), daemon=True).start()

    @property
    def pid(self):
        return self._proc.pid if self._proc else None

    def _read(self, proc):
        for line in proc.stdout:
            try:
                r = json.loads(line)
            except ValueError:
                continue
            key = json.dumps(r.get("id"))
            with self._lock:
                call = self._pending.get(key)
                if call is not None and "progress" not in r:
                    del self._pending[key]
            if call is None:
                continue
            if "progress" in r:
                if call._progress:
                    call._progress(r["progress"])
                continue
            call._resolve(r)
        proc.wait()
        err = proc.stderr.read().decode(errors="replace").strip()
        msg = f"grundy: the pipe process {proc.pid} ended (exit status {proc.returncode})" + (f": {err}" if err else "")
        with self._lock:
            if self._proc is proc:
                self._proc = None
            dead = [c for c in self._pending.values() if c._proc is proc]
            for c in dead:
                del self._pending[json.dumps(c.id)]
        for c in dead:
            c._resolve({"ok": False, "error": msg, "kind": "server", "status": 1})

    def _send(self, obj):
        line = (json.dumps(obj, separators=(",", ":")) + "\n").encode()
        with self._lock:
            proc = self._proc
        if proc is None:
            return
        try:
            proc.stdin.write(line)
        except (BrokenPipeError, OSError):
            pass

    def submit(self, args, format=None, stdin=None, batch=None, progress=True):
        """Sends one request (args: a grundy command line as a list) or a
        batch (batch: a list of such lists) and returns its Call."""
        id = next(self._ids)
        req = {"id": id}
        if batch is not None:
            req["batch"] = [_item(a) for a in batch]
        else:
            req["args"] = [str(a) for a in args]
            if format:
                req["format"] = format
            if stdin is not None:
                req["stdin"] = stdin
        call = Call(self, id, self.progress if progress is True else (progress or None))
        line = (json.dumps(req, separators=(",", ":")) + "\n").encode()
        with self._lock:
            if self._proc is None or self._proc.poll() is not None:
                self._start()
            call._proc = self._proc
            self._pending[json.dumps(id)] = call
            proc = self._proc
        try:
            proc.stdin.write(line)
        except (BrokenPipeError, OSError) as e:
            with self._lock:
                self._pending.pop(json.dumps(id), None)
            call._resolve({"ok": False, "error": f"grundy: the pipe process {proc.pid}: {e}", "kind": "server", "status": 1})
        return call

    def run(self, args, format=None, stdin=None, progress=True):
        """Runs one command line and returns its response, raising its error."""
        return self.submit(args, format=format, stdin=stdin, progress=progress).result()

    def batch(self, commands, progress=True):
        """Runs the command lines as one batch; returns their responses in
        order (errors as responses with ok false: see raise_for)."""
        return self.submit(None, batch=commands, progress=progress).result()["results"]

    def close(self):
        """Ends the process: its stdin closes, requests in flight finish."""
        with self._lock:
            proc, self._proc = self._proc, None
        if proc is not None:
            try:
                proc.stdin.close()
            except OSError:
                pass
            try:
                proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


def _item(a):
    if isinstance(a, dict):
        return a
    return {"args": [str(x) for x in a]}


def raise_for(r):
    """Raises the error of a batch item's response, if it has one."""
    if not r.get("ok"):
        raise from_response(r)
    return r


def default_progress(p):
    """Progress of long work: a line on stderr, or an updated line in a
    notebook."""
    what = p.get("what", "working")
    done, total = p.get("done"), p.get("total")
    text = f"grundy: {what}"
    if total:
        text += f" {done} of {total} ({100 * done / total:.0f}%)"
    elif done:
        text += f" {done}"
    text += f", {p.get('elapsed', 0):.0f}s"
    try:
        from IPython import get_ipython
        if get_ipython() is not None:
            from IPython.display import display, update_display
            global _progress_shown
            if not _progress_shown:
                display({"text/plain": text}, raw=True, display_id="grundy-progress")
                _progress_shown = True
            else:
                update_display({"text/plain": text}, raw=True, display_id="grundy-progress")
            return
    except ImportError:
        pass
    print(text, file=sys.stderr)


_progress_shown = False
