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

try:  # setuptools >= 70.1 carries bdist_wheel; before, the wheel package does.
    from setuptools.command.bdist_wheel import bdist_wheel
except ImportError:
    try:
        from wheel.bdist_wheel import bdist_wheel
    except ImportError:
        bdist_wheel = None

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


cmdclass = {"build_py": BuildWithGo}

if bdist_wheel is not None:

    class PlatformWheel(bdist_wheel):
        """A wheel that carries the machine's grundy binary runs on that
        platform only, whatever Python: tag it py3-none-<platform>, not
        py3-none-any, so no index or cache hands it to another machine."""

        def finalize_options(self):
            super().finalize_options()
            self.root_is_pure = False

        def get_tag(self):
            _, _, plat = super().get_tag()
            return "py3", "none", plat

    cmdclass["bdist_wheel"] = PlatformWheel

setup(cmdclass=cmdclass)
