"""What a command's start-up imports: a run of ``export`` or ``validate`` loads neither
the pictures, the tactics, the computer players nor the other commands' modules (each is
imported where it is first used)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import FIXTURES, ROOT

_CHILD = """
import json, sys
from kifu_lark.cli import main
status = main(sys.argv[1:])
print(json.dumps([status, sorted(m for m in sys.modules if m.startswith("kifu_lark."))]))
"""

#: Packages and modules a run that draws nothing and names no tactic does not need.
_NOT_NEEDED = ("kifu_lark.render", "kifu_lark.tactics", "kifu_lark.players", "kifu_lark.cli.")


def _imported(argv: list[str]) -> tuple[int, list[str]]:
    done = subprocess.run(
        [sys.executable, "-c", _CHILD, *argv],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    )
    status, modules = json.loads(done.stdout.strip().splitlines()[-1])
    return status, modules


@pytest.mark.parametrize("command", ["export", "validate"])
def test_a_run_imports_no_pictures_tactics_or_other_commands(tmp_path: Path, command: str) -> None:
    record = str(FIXTURES / "evaluations" / "floodgate.csa")
    argv = [command, record] + (["-o", str(tmp_path / "out")] if command == "export" else [])
    status, modules = _imported(argv)
    assert 0 == status
    loaded = [
        m
        for m in modules
        if m.startswith(_NOT_NEEDED)
        and m not in ("kifu_lark.cli.common", f"kifu_lark.cli.{command}")
    ]
    assert [] == loaded


def test_asking_for_tactics_in_an_export_loads_them(tmp_path: Path) -> None:
    record = str(FIXTURES / "evaluations" / "floodgate.csa")
    status, modules = _imported(["export", record, "-o", str(tmp_path / "out"), "--tactics"])
    assert 0 == status
    assert "kifu_lark.tactics" in modules


_EXIT_CHILD = """
import gc, io, json, sys, contextlib
from kifu_lark.cli import console, main
with contextlib.redirect_stdout(io.StringIO()):
    by_main = main(["formats"])
    frozen_by_main = gc.get_freeze_count()
    sys.argv = ["kifu-lark", "formats"]
    by_console = console()
print(json.dumps([by_main, frozen_by_main, by_console, gc.get_freeze_count()]))
"""


def test_the_command_freezes_what_is_left_at_its_end_and_main_does_not() -> None:
    """``kifu-lark`` (``console``) leaves the interpreter's last collection nothing to go
    over; ``main``, which programs and tests call in their own process, freezes nothing."""
    done = subprocess.run(
        [sys.executable, "-c", _EXIT_CHILD], capture_output=True, text=True, check=True, cwd=ROOT
    )
    by_main, frozen_by_main, by_console, frozen = json.loads(done.stdout.strip().splitlines()[-1])
    assert (0, 0, 0) == (by_main, frozen_by_main, by_console)
    assert frozen > 0
