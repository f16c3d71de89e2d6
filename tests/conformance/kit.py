"""The conformance kit of ../shared/conformance, installed in ``.conformance/`` by ``make
conformance-kit``: tsshogi's writers make records (``gen.mjs``), tsshogi's and
json-kifu-format's readers read files (``readback.mjs``). Tests skip, saying why, where node
or the kit is missing."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from kifu_lark.model import SpecialKind
from tests.conftest import ROOT

KIT = ROOT / ".conformance"

#: tsshogi's special move names (manifest) → ours.
THEIR_SPECIALS = {
    "resign": SpecialKind.RESIGN,
    "interrupt": SpecialKind.INTERRUPT,
    "mate": SpecialKind.MATE,
    "timeout": SpecialKind.TIME_UP,
    "draw": SpecialKind.DRAW_DECLARATION,
    "impass": SpecialKind.IMPASSE,
    "maxMoves": SpecialKind.MAX_MOVES,
    "foulLose": SpecialKind.ILLEGAL_LOSS,
    "foulWin": SpecialKind.ILLEGAL_WIN,
    "enteringOfKing": SpecialKind.ENTERING_KING_WIN,
    "repetitionDraw": SpecialKind.REPETITION,
}


def require_kit() -> Path:
    """The installed kit folder; skips the calling test when node or the kit is missing."""
    if shutil.which("node") is None:
        pytest.skip("node is not installed: the conformance kit runs on node")
    if not (KIT / ".installed").is_file():
        pytest.skip("the conformance kit is not installed (make conformance-kit)")
    return KIT


def generate(out: Path, seed: int, games: int, *flags: str) -> list[Path]:
    """Write ``games`` records of ``seed`` with tsshogi's writers; the game folders."""
    kit = require_kit()
    command = ["node", str(kit / "gen.mjs"), str(out), "--games", str(games), "--seed", str(seed)]
    subprocess.run([*command, *flags], check=True, capture_output=True, timeout=600)
    return sorted(p for p in out.iterdir() if p.is_dir())


def manifest(folder: Path) -> dict[str, Any]:
    """The true moves and tree of a generated game."""
    data: dict[str, Any] = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
    return data


def read_back(paths: list[Path], work: Path) -> dict[str, dict[str, Any]]:
    """What tsshogi and json-kifu-format read from each file, by path."""
    kit = require_kit()
    listing = work / "readback-list.txt"
    listing.write_text("".join(f"{p}\n" for p in paths), encoding="utf-8")
    done = subprocess.run(
        ["node", str(kit / "readback.mjs"), str(listing)],
        check=True,
        capture_output=True,
        text=True,
        timeout=600,
    )
    results = [json.loads(line) for line in done.stdout.splitlines() if line.strip()]
    return {r["file"]: r for r in results}
