"""Where the grundy binary is: GRUNDY_BIN, the one built into the package at
install, grundy on PATH, or one built now with `go build` from the checkout
the package was installed from (cached in ~/.cache/grundy/python)."""

import hashlib
import os
import shutil
import subprocess

from ._errors import GrundyError

_HERE = os.path.dirname(os.path.abspath(__file__))


def _source():
    """The checkout the package was installed from, or the one it sits in."""
    try:
        with open(os.path.join(_HERE, "_source.txt")) as f:
            root = f.read().strip()
    except OSError:
        root = ""
    if not root:
        root = os.path.dirname(os.path.dirname(_HERE))  # python/grundy in a checkout
    return root if os.path.isfile(os.path.join(root, "go.mod")) else ""


def _go():
    return shutil.which("go") or ("/usr/local/go/bin/go" if os.access("/usr/local/go/bin/go", os.X_OK) else None)


def find_binary():
    """The path of the grundy binary to run, building it if need be."""
    env = os.environ.get("GRUNDY_BIN")
    if env:
        if not os.access(env, os.X_OK):
            raise GrundyError(f"grundy: GRUNDY_BIN={env}: not an executable file", "failure", 1)
        return env
    packaged = os.path.join(_HERE, "bin", "grundy")
    if os.access(packaged, os.X_OK):
        return packaged
    root = _source()
    if root:
        # A checkout: build from it rather than trust a grundy on PATH of
        # another version (one without `pipe`, say).
        return build(root)
    onpath = shutil.which("grundy")
    if onpath:
        return onpath
    raise GrundyError(
        "grundy: no grundy binary: set GRUNDY_BIN, put grundy on PATH, or install the package from a checkout with Go",
        "failure", 1)


def build(root):
    """Builds cmd/grundy of the checkout root into the cache, once per
    state of its sources, and returns the binary's path."""
    go = _go()
    if go is None:
        onpath = shutil.which("grundy")
        if onpath:
            return onpath
        raise GrundyError(f"grundy: no Go to build {root}/cmd/grundy and no grundy on PATH", "failure", 1)
    h = hashlib.sha256()
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = sorted(d for d in dirnames if not d.startswith(".") and d not in ("python", "node_modules", "testdata"))
        for name in sorted(filenames):
            if name.endswith(".go") or name in ("go.mod", "go.sum") or name.endswith(".rules"):
                p = os.path.join(dirpath, name)
                st = os.stat(p)
                h.update(f"{p}\0{st.st_size}\0{st.st_mtime_ns}\0".encode())
    cache = os.path.join(os.environ.get("XDG_CACHE_HOME", os.path.expanduser("~/.cache")), "grundy", "python")
    os.makedirs(cache, exist_ok=True)
    out = os.path.join(cache, "grundy-" + h.hexdigest()[:16])
    if not os.access(out, os.X_OK):
        tmp = f"{out}.tmp-{os.getpid()}"
        r = subprocess.run([go, "build", "-o", tmp, "./cmd/grundy"], cwd=root, capture_output=True, text=True)
        if r.returncode != 0:
            raise GrundyError(f"grundy: go build ./cmd/grundy in {root}: {r.stderr.strip()}", "failure", 1)
        os.replace(tmp, out)
    return out
