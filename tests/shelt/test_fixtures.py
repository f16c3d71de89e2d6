"""The シェルト fixtures: canonical ones are what the writers write; all formats agree."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest

from kifu_lark import shelt
from kifu_lark.formats.registry import get_format
from tests.conftest import FIXTURES

FORMATS = ["shelt-simple", "shelt-normal", "shelt-strict", "shelt-kanji", "msf"]
CANONICAL = sorted(
    (fmt, path)
    for fmt in FORMATS
    for path in (FIXTURES / fmt / "canonical").glob("*")
    if path.suffix in get_format(fmt).extensions
)


# The MSF renderings of the two published games would be near-copies of the corpus files
# (../shared/corpus/mino-seslax-format), which must not be committed: they are written at
# test time from the 厳密式 fixtures, and test_corpus.py checks them against the corpus.
DERIVED_MSF = ("seren_tikno_2007", "mate_in_5")
_GENERATED = Path(tempfile.mkdtemp(prefix="kifu-lark-msf-"))


def fixture_path(fmt: str, case: str) -> Path:
    """The canonical fixture ``case`` of ``fmt`` (MSF of the published games: generated)."""
    if fmt == "msf" and case in DERIVED_MSF:
        path = _GENERATED / f"{case}.msf"
        if not path.exists():
            record = shelt.load(fixture_path("shelt-strict", case), "shelt-strict")
            path.write_text(shelt.dumps(record, "msf"), encoding="utf-8")
        return path
    return FIXTURES / fmt / "canonical" / (case + get_format(fmt).extensions[0])


def fixture_text(fmt: str, case: str) -> str:
    """The text of the canonical fixture ``case`` of ``fmt``."""
    return fixture_path(fmt, case).read_text(encoding="utf-8")


@pytest.mark.parametrize(("fmt", "path"), CANONICAL, ids=[f"{f}:{p.name}" for f, p in CANONICAL])
def test_canonical_fixture_is_what_the_writer_writes(fmt: str, path: Path) -> None:
    """write(read(s)) == s for every canonical シェルト fixture."""
    text = path.read_text(encoding="utf-8")
    assert text == shelt.dumps(shelt.loads(text, fmt), fmt)


@pytest.mark.parametrize("case", ["seren_tikno_2007", "mate_in_5"])
@pytest.mark.parametrize("fmt", FORMATS)
def test_every_format_holds_the_same_record(case: str, fmt: str) -> None:
    """The canonical fixtures of one game are one record in all five formats."""
    expected = shelt.load(fixture_path("msf", case), "msf")
    assert expected == shelt.load(fixture_path(fmt, case), fmt)


@pytest.mark.parametrize("case", ["seren_tikno_2007", "mate_in_5"])
@pytest.mark.parametrize("source", FORMATS)
@pytest.mark.parametrize("target", FORMATS)
def test_conversion_gives_the_target_fixture(case: str, source: str, target: str) -> None:
    """Converting a game's fixture from any format to any other gives that format's fixture."""
    record = shelt.load(fixture_path(source, case), source)
    assert fixture_text(target, case) == shelt.dumps(record, target)


@pytest.mark.parametrize("fmt", ["shelt-simple", "shelt-strict", "shelt-kanji"])
def test_spec_renderings_reach_the_same_positions(fmt: str) -> None:
    """The spec-style renderings (no k-, leader-first 随伴) reach the canonical positions."""
    ext = get_format(fmt).extensions[0]
    spec = shelt.load(FIXTURES / fmt / f"seren_tikno_2007_spec{ext}", fmt)
    canonical = shelt.load(fixture_path("msf", "seren_tikno_2007"), "msf")
    assert canonical.positions() == spec.positions()
