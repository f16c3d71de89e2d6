"""The build backend: setuptools', asking for mypyc only when the compiled build is wanted.

A compiled build needs mypy (which ships mypyc) and, so that mypy can check the modules it
compiles, the runtime dependencies. A pure-Python build needs none of them, so they are
asked for only when a C compiler is on the PATH and ``KIFU_LARK_PURE`` is not set: a machine
without a compiler then installs without fetching mypy (setup.py decides the same way).
"""

from __future__ import annotations

import os
import shlex
import shutil
import sysconfig
from typing import Any

from setuptools import build_meta as _setuptools
from setuptools.build_meta import *  # noqa: F403  (the hooks this backend does not change)

COMPILE_REQUIRES = ["mypy>=1.10", "lark>=1.2", "attrs>=23.1"]


def compile_wanted() -> bool:
    """True unless ``KIFU_LARK_PURE`` is set (to anything but ``0`` or empty), no C
    compiler is found, or Python's C headers are missing."""
    if os.environ.get("KIFU_LARK_PURE", "") not in ("", "0"):
        return False
    cc = os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc"
    words = shlex.split(cc)
    if not words or shutil.which(words[0]) is None:
        return False
    return os.path.isfile(os.path.join(sysconfig.get_paths()["include"], "Python.h"))


def get_requires_for_build_wheel(config_settings: dict[str, Any] | None = None) -> list[str]:
    extra = COMPILE_REQUIRES if compile_wanted() else []
    return [*_setuptools.get_requires_for_build_wheel(config_settings), *extra]


def get_requires_for_build_editable(config_settings: dict[str, Any] | None = None) -> list[str]:
    extra = COMPILE_REQUIRES if compile_wanted() else []
    return [*_setuptools.get_requires_for_build_editable(config_settings), *extra]


if __name__ == "__main__":  # the Makefile asks which build an install here makes
    print("compiled" if compile_wanted() else "pure")
