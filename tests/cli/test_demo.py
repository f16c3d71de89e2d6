"""`kifu-lark demo` (what `make demo` runs) converts the shipped record to every format."""

from __future__ import annotations

import pytest

from kifu_lark.cli import main
from kifu_lark.formats.registry import all_formats
from tests.conftest import FIXTURES


def test_demo_writes_every_shogi_format_and_the_final_board(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Every writable shogi format gets a section, and the final board ends the output."""
    assert 0 == main(["demo", str(FIXTURES / "demo" / "yagura.kifu")])
    out = capsys.readouterr().out
    assert out.startswith("# ") and " 30 moves, read as kif (utf-8)" in out.splitlines()[0]
    for fmt in all_formats():
        if fmt.game == "shogi" and fmt.writer is not None:
            assert f"\n## {fmt.name}\n" in out
    assert out.rstrip().endswith("手数＝30")
