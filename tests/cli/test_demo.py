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


def _section(out: str, name: str) -> str:
    return out.split(f"\n## {name}\n", 1)[1].split("\n## ", 1)[0]


def test_demo_keeps_the_variation_where_the_format_holds_it(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The shipped record has a 変化: KIF, KI2 and JKF sections keep it; formats without
    variations write the main line and say so."""
    assert 0 == main(["demo", str(FIXTURES / "demo" / "yagura.kifu")])
    out = capsys.readouterr().out
    assert "変化：" in _section(out, "kif") and "変化：" in _section(out, "ki2")
    assert '"forks"' in _section(out, "jkf")
    assert _section(out, "csa").startswith("(main line only: csa holds no variations)")
    assert "main line only" not in _section(out, "kif")
