"""Which build runs (compiled with mypyc or pure Python), and that both read alike.

``make test`` runs the suite twice: everything on the build installed (compiled where a C
compiler is), then the round-trip, golden and corpus tests with ``KIFU_LARK_PURE=1``; each
pass says in ``KIFU_LARK_EXPECT_BUILD`` which build it means to test, and
:func:`test_the_build_running_is_the_one_this_pass_tests` fails when another one runs (a
compile that silently fell back, or a ``.so`` shadowing the pure pass).
"""

from __future__ import annotations

import importlib
import importlib.util
import os
import shutil
import subprocess
import sys
import time
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path
from types import ModuleType

import pytest

import kifu_lark
from kifu_lark import _build
from kifu_lark.cli import main
from tests.conftest import ROOT


def _backend() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "_kifu_lark_backend", ROOT / "build_backend" / "kifu_lark_build.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _module_name(relative: str) -> str:
    return "kifu_lark." + relative.removesuffix(".py").replace("/", ".")


def test_the_build_running_is_the_one_this_pass_tests() -> None:
    """``kifu_lark.compiled`` is what the pass expects (``KIFU_LARK_EXPECT_BUILD``); run
    alone, what an install on this machine builds (compiled when a C compiler is found)."""
    expected = os.environ.get("KIFU_LARK_EXPECT_BUILD") or (
        "pure" if _build.pure_requested() or not _backend().compile_wanted() else "compiled"
    )
    assert expected in ("compiled", "pure")
    assert (expected == "compiled") == kifu_lark.compiled, (
        f"expected the {expected} build; rebuild with `pip install -e .` (or `make`)"
    )


def test_every_listed_module_is_of_the_build_running() -> None:
    """All the modules a compiled build compiles are loaded compiled, or none is."""
    for relative in _build.COMPILED:
        module = importlib.import_module(_module_name(relative))
        assert _build.is_compiled(module) == kifu_lark.compiled, relative


def test_version_says_which_build(capsys: pytest.CaptureFixture[str]) -> None:
    assert 0 == main(["--version"])
    expected = "(compiled)" if kifu_lark.compiled else "(pure Python)"
    assert capsys.readouterr().out.strip() == f"kifu-lark {kifu_lark.__version__} {expected}"


def test_pure_switch_loads_the_sources_whatever_is_built() -> None:
    """``KIFU_LARK_PURE=1`` at run time: every listed module comes from its ``.py``, and a
    record reads the same as in this process (compiled or not)."""
    text = "V2.2\nPI\n+\n+7776FU\nT1\n-3334FU\nT2.5\n%TORYO\n"
    names = [_module_name(r) for r in _build.COMPILED]
    script = (
        "import importlib, kifu_lark\n"
        "from kifu_lark import _build\n"
        f"files = [importlib.import_module(m).__file__ for m in {names!r}]\n"
        f"game = kifu_lark.loads({text!r}, 'csa')\n"
        "print(kifu_lark.compiled, all(f.endswith('.py') for f in files))\n"
        "print([repr(n.time) for n in game.mainline()])\n"
    )
    env = {**os.environ, "KIFU_LARK_PURE": "1"}
    done = subprocess.run(
        [sys.executable, "-c", script], env=env, capture_output=True, text=True, check=True
    )
    game = kifu_lark.loads(text, "csa")
    expected = f"False True\n{[repr(n.time) for n in game.mainline()]}\n"
    assert expected == done.stdout


def test_csa_times_keep_whole_seconds_whole() -> None:
    """``T1`` reads as the int 1 (a compiled build once made it 1.0, written back ``T1.0``)."""
    game = kifu_lark.loads("PI\n+\n+7776FU\nT1\n-3334FU\nT2.5\n", "csa")
    first, second = (node.time for node in game.mainline())
    assert first is not None and second is not None
    assert (1, int) == (first.spent, type(first.spent))
    assert 2.5 == second.spent
    assert "T1\n" in kifu_lark.dumps(game, "csa")


def test_a_source_edited_after_the_build_is_stale(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An edit to a compiled module's ``.py`` after its build is noticed (the package then
    runs pure Python rather than the old compiled code)."""
    relative = _build.COMPILED[0]
    source = tmp_path / relative
    source.parent.mkdir(parents=True)
    built = source.with_suffix(EXTENSION_SUFFIXES[0])
    source.write_text("")
    built.write_bytes(b"")
    monkeypatch.setattr(_build, "_HERE", tmp_path)
    now = time.time()
    os.utime(built, (now, now))
    os.utime(source, (now - 60, now - 60))
    assert [] == _build.stale()
    os.utime(source, (now + 60, now + 60))
    assert [relative] == _build.stale()


def _make_dry_run(venv: Path, *goals: str) -> str:
    """What ``make`` would run here for ``goals`` with ``venv`` as its virtualenv."""
    done = subprocess.run(
        ["make", "-n", "-C", str(ROOT), f"VENV={venv}", *goals],
        capture_output=True,
        text=True,
        check=True,
    )
    return done.stdout


@pytest.mark.skipif(shutil.which("make") is None, reason="make is not installed")
def test_make_alone_builds_again_after_an_edit(tmp_path: Path) -> None:
    """``make`` with no goal rebuilds the compiled modules once a source is newer than the
    last build (it once only checked that the virtualenv's python existed: "up to date"),
    and does nothing when the build is newer than every source."""
    venv = tmp_path / "venv"
    (venv / "bin").mkdir(parents=True)
    for name in ("bin/python", ".installed", ".built"):
        (venv / name).write_text("")
    rebuild = "pip install --quiet --no-deps -e ."
    assert rebuild not in _make_dry_run(venv)
    long_ago = time.time() - 10 * 365 * 86400
    os.utime(venv / ".built", (long_ago, long_ago))  # an edit since the last build
    assert rebuild in _make_dry_run(venv)
