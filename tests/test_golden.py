"""Golden fixtures: every ``fixtures/<format>/**/<case>.<ext>`` reads to the model dumped in
``<case>.<ext>.json``; every ``fixtures/<format>/errors/<case>.<ext>`` fails as its ``.err``
file says (``LINE:COL CODE``). Adding a case is adding files: no code change.

Run ``pytest tests/test_golden.py --update-goldens`` to rewrite the expected files, then
review the diff.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import kifu_lark
from kifu_lark.errors import KifuError
from kifu_lark.formats.base import Format
from kifu_lark.formats.registry import all_formats
from tests import canonical
from tests.conftest import FIXTURES

FORMATS = {f.name: f for f in all_formats()}


def _cases(errors: bool) -> list[tuple[Format, Path]]:
    cases: list[tuple[Format, Path]] = []
    for name, fmt in FORMATS.items():
        folder = FIXTURES / name
        if not folder.is_dir():
            continue
        for path in sorted(folder.rglob("*")):
            if not path.is_file() or path.suffix.lower() not in fmt.extensions:
                continue
            in_errors = "errors" in path.relative_to(folder).parts
            if in_errors == errors:
                cases.append((fmt, path))
    return cases


GOOD = _cases(errors=False)
BAD = _cases(errors=True)


def _id(case: tuple[Format, Path]) -> str:
    return f"{case[0].name}:{case[1].relative_to(FIXTURES / case[0].name)}"


@pytest.mark.parametrize("case", GOOD, ids=[_id(c) for c in GOOD])
def test_fixture_reads_to_its_golden_model(case: tuple[Format, Path], update_goldens: bool) -> None:
    """The fixture reads to exactly the model in its .json golden file."""
    fmt, path = case
    golden = path.with_name(path.name + ".json")
    actual = canonical.dumps(kifu_lark.load_all(path, fmt.name))
    if update_goldens or not golden.exists():
        golden.write_text(actual, encoding="utf-8")
        if not update_goldens:
            pytest.fail(f"{golden} was missing and has been written: review and commit it")
    assert golden.read_text(encoding="utf-8") == actual, (
        f"{path} no longer reads as {golden.name}; if the change is intended run "
        "pytest tests/test_golden.py --update-goldens and review the diff"
    )


@pytest.mark.parametrize("case", BAD, ids=[_id(c) for c in BAD])
def test_bad_fixture_fails_where_its_err_file_says(
    case: tuple[Format, Path], update_goldens: bool
) -> None:
    """The bad fixture raises a KifuError at the line, column and code of its .err file."""
    fmt, path = case
    expected_file = path.with_name(path.name + ".err")
    with pytest.raises(KifuError) as info:
        kifu_lark.load_all(path, fmt.name)
    err = info.value
    actual = f"{err.line}:{err.column} {err.code}\n"
    if update_goldens or not expected_file.exists():
        expected_file.write_text(actual, encoding="utf-8")
        if not update_goldens:
            pytest.fail(f"{expected_file} was missing and has been written: review it")
    assert expected_file.read_text(encoding="utf-8") == actual, str(err)
    assert err.format == fmt.name
    assert err.hint, f"{path.name}: {err.code} has no hint"
    assert err.line is not None
