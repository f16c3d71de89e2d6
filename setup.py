"""The compiled modules: setuptools reads everything else from pyproject.toml.

With a C compiler and mypy available (and ``KIFU_LARK_PURE`` unset), the modules below are
compiled with mypyc from the same ``.py`` files; otherwise, or when compiling fails, the
package installs as pure Python. ``kifu_lark.compiled`` says which build is running.
"""

from __future__ import annotations

import importlib.util
import sys
import warnings
from pathlib import Path
from typing import Any

from setuptools import setup
from setuptools.command.build_ext import build_ext

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE / "build_backend"))
from kifu_lark_build import compile_wanted  # noqa: E402


def _compiled_modules() -> list[str]:
    """The list in kifu_lark/_build.py (loaded alone: the package imports lark and attrs)."""
    spec = importlib.util.spec_from_file_location("_kifu_lark_build", HERE / "kifu_lark/_build.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return [f"kifu_lark/{relative}" for relative in module.COMPILED]


class _BuildExtOrPure(build_ext):
    """``build_ext`` that leaves the package pure Python when the C build fails."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as err:  # a missing header or a broken compiler: pure Python works
            warnings.warn(
                f"kifu-lark: compiled build failed ({err}); installing pure Python", stacklevel=1
            )

    def build_extension(self, ext: Any) -> None:
        try:
            super().build_extension(ext)
        except Exception as err:
            warnings.warn(f"kifu-lark: {ext.name} not compiled ({err})", stacklevel=1)


def _ext_modules() -> list[Any]:
    if not compile_wanted():
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        return []
    return list(mypycify(_compiled_modules(), opt_level="3", group_name="kifu_lark"))


setup(ext_modules=_ext_modules(), cmdclass={"build_ext": _BuildExtOrPure})
