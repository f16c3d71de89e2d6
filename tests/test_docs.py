"""The documentation keeps up with the code: every error code and every format is listed."""

from __future__ import annotations

import re

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
