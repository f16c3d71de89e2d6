"""The documentation keeps up with the code: every error code and every format is listed."""

from __future__ import annotations

import json
import re

import pytest

from kifu_lark.cli import main
from kifu_lark.errors import KifuError
from kifu_lark.formats.registry import all_formats
from kifu_lark.rules.violations import Violation
from tests.conftest import FIXTURES, ROOT


def _subclasses(cls: type[KifuError]) -> list[type[KifuError]]:
    found = [cls]
    for sub in cls.__subclasses__():
        found += _subclasses(sub)
    return found


def _codes_of_error_fixtures(shelt: bool) -> set[str]:
    codes = set()
    for err in FIXTURES.rglob("*.err"):
        fmt = err.relative_to(FIXTURES).parts[0]
        if fmt.startswith(("shelt", "msf")) == shelt:
            codes.add(err.read_text(encoding="utf-8").split()[1])
    return codes


def test_every_shogi_error_code_is_documented() -> None:
    """docs/errors.md names every rule code, class code and code the fixtures produce."""
    text = (ROOT / "docs" / "errors.md").read_text(encoding="utf-8")
    codes = {v.value for v in Violation}
    codes |= {cls.default_code for cls in _subclasses(KifuError)}
    for path in (ROOT / "kifu_lark").rglob("*.py"):
        if "shelt" not in path.parts:
            codes |= set(re.findall(r'code="([A-Z_]+)"', path.read_text(encoding="utf-8")))
    codes |= _codes_of_error_fixtures(shelt=False)
    missing = sorted(c for c in codes if f"`{c}`" not in text)
    assert [] == missing


def test_every_shelt_error_code_is_documented() -> None:
    """docs/shelt.md names every code the シェルト error fixtures produce."""
    text = (ROOT / "docs" / "shelt.md").read_text(encoding="utf-8")
    text += (ROOT / "docs" / "errors.md").read_text(encoding="utf-8")  # the shared codes
    missing = sorted(c for c in _codes_of_error_fixtures(shelt=True) if c not in text)
    assert [] == missing


def test_readme_and_format_table_name_every_format() -> None:
    """docs/formats.md has a row per built-in format."""
    table = (ROOT / "docs" / "formats.md").read_text(encoding="utf-8")
    for fmt in all_formats():
        if fmt.name != "western":  # the example plugin documents itself
            assert f"`{fmt.name}`" in table, fmt.name


#: docs/formats.md's columns and the capabilities ``kifu-lark formats`` names for them.
_HOLDS_COLUMNS = {
    "variations": "branches",
    "comments": "comments",
    "times": "times",
    "start positions": "start_positions",
    "headers": "headers",
    "specials": "specials",
    "several games": "multiple_games",
}
#: How the table's variants column begins, for each declaration (variants, fewest ranks).
_VARIANT_WORDS = {
    "any size, 2 ranks": (["any"], 2),
    "any size": (["any"], 1),
    "9x9": (["standard"], 1),
    "5x5": (["minishogi"], 1),
    "シェルト": (["shelt"], 1),
}


def _format_table() -> dict[str, dict[str, str]]:
    lines = (ROOT / "docs" / "formats.md").read_text(encoding="utf-8").splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("| format |"))
    head = [cell.strip() for cell in lines[start].strip("|").split("|")]
    rows = {}
    for line in lines[start + 2 :]:
        if not line.startswith("|"):
            break
        cells = dict(zip(head, (c.strip() for c in line.strip("|").split("|")), strict=True))
        rows[cells["format"].strip("`")] = cells
    return rows


def test_the_format_table_agrees_with_kifu_lark_formats(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Each row of docs/formats.md says what ``kifu-lark formats --json`` says of the
    format: extensions, variants (and fewest ranks), and which capabilities it holds (a cell
    beginning ``no`` or ``—`` is one it lacks; ksbp's several games, sfen's ranks once
    disagreed)."""
    assert 0 == main(["formats", "--json"])
    listed = {row["name"]: row for row in json.loads(capsys.readouterr().out)}
    table = _format_table()
    assert sorted(table) == sorted(n for n in listed if n != "western")  # the plugin example
    for name, cells in table.items():
        row = listed[name]
        assert set(row["extensions"]) == set(re.findall(r"\.\w+", cells["extensions"])), name
        (words,) = [w for w in _VARIANT_WORDS if cells["variants"].startswith(w)][:1]
        assert _VARIANT_WORDS[words] == (row["variants"], row["min_ranks"]), name
        for column, capability in _HOLDS_COLUMNS.items():
            documented = not cells[column].startswith(("no", "—"))
            assert documented == (capability in row["holds"]), (name, column)


def test_the_readme_says_on_which_records_the_compiled_build_is_faster() -> None:
    """A speed claim names what was timed: each "as fast" of README.md stands in the same
    sentence as the records `make bench` times (it once said "twice as fast" alone)."""
    text = " ".join((ROOT / "README.md").read_text(encoding="utf-8").split())
    claims = [s for s in re.split(r"(?<=[.)])\s+(?=[A-Z])", text) if "as fast" in s]
    assert claims
    for claim in claims:
        assert "benchmarks/realistic.py" in claim and "bench_builds" in claim, claim
