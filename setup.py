"""The compiled modules: setuptools reads everything else from pyproject.toml.

With a C compiler and mypy available (and ``KIFU_LARK_PURE`` unset), the modules listed in
``kifu_lark/_build.py`` (``COMPILED``) are compiled with mypyc from the same ``.py`` files;
otherwise, or when compiling fails, the package installs as pure Python.
``kifu_lark.compiled`` says which build is running.
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


def _remove_built_in_place() -> None:
    """Delete extension modules an earlier editable build left beside the sources: Python
    would load them before the ``.py`` files of a pure-Python editable install. Only for an
    editable install: a wheel built from this tree leaves the tree's own install alone."""
    from importlib.machinery import EXTENSION_SUFFIXES

    if "editable_wheel" not in sys.argv:
        return

    for source in [*map(Path, _compiled_modules()), Path("kifu_lark__mypyc.py")]:
        for suffix in EXTENSION_SUFFIXES:
            (HERE / source).with_suffix(suffix).unlink(missing_ok=True)


class _BuildExtOrPure(build_ext):
    """``build_ext`` that leaves the package pure Python when the C build fails (all of it:
    the compiled modules need each other, so none is kept when one fails)."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as err:  # a missing header or a broken compiler: pure Python works
            warnings.warn(
                f"kifu-lark: compiled build failed ({err}); installing pure Python", stacklevel=1
            )
            for output in self.get_outputs():
                Path(output).unlink(missing_ok=True)
            _remove_built_in_place()


def _ext_modules() -> list[Any]:
    if not compile_wanted():
        _remove_built_in_place()
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        _remove_built_in_place()
        return []
    return list(mypycify(_compiled_modules(), opt_level="3", group_name="kifu_lark"))


setup(ext_modules=_ext_modules(), cmdclass={"build_ext": _BuildExtOrPure})
