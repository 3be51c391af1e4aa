"""Builds grundy's binary into the package at install (`pip install ./python`).

The binary is built with the machine's Go from the checkout this directory
lives in; without Go (or outside a checkout) the package installs without
it and finds grundy on PATH at first use, or builds it then (see
grundy/_binary.py).
"""

import os
import shutil
import subprocess

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


class BuildWithGo(build_py):
    def run(self):
        super().run()
        target = os.path.abspath(os.path.join(self.build_lib, "grundy"))
        with open(os.path.join(target, "_source.txt"), "w") as f:
            f.write(ROOT if os.path.isfile(os.path.join(ROOT, "go.mod")) else "")
        go = shutil.which("go") or ("/usr/local/go/bin/go" if os.path.exists("/usr/local/go/bin/go") else None)
        if go is None or not os.path.isdir(os.path.join(ROOT, "cmd", "grundy")):
            return
        os.makedirs(os.path.join(target, "bin"), exist_ok=True)
        out = os.path.join(target, "bin", "grundy")
        subprocess.run([go, "build", "-o", out, "./cmd/grundy"], cwd=ROOT, check=True)


setup(cmdclass={"build_py": BuildWithGo})
