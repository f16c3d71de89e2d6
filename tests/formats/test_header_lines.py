"""KIF, KI2 and BOD header lines (``キー：値``) are split at their first colon, full-width or
ASCII: the key stripped of blanks on both sides, the value of trailing ones."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kifu_lark.formats.japanese_head import split_header_line


@pytest.mark.parametrize(
    ("line", "parts"),
    [
        ("棋戦：竜王戦\n", ("棋戦", "竜王戦")),
        ("開始日時：2024/05/06 02:29:00\n", ("開始日時", "2024/05/06 02:29:00")),
        ("場所:東京：将棋会館　\r\n", ("場所", "東京：将棋会館")),
        ("　先手 ：　羽生\t\n", ("先手", "　羽生")),
        ("備考\n", ("備考", "")),
        ("：\n", ("", "")),
    ],
)
def test_examples(line: str, parts: tuple[str, str]) -> None:
    """The first colon of either width splits; a line without one is all key."""
    assert parts == split_header_line(line)


@given(st.text(alphabet="ab棋：: \t　\r\n", max_size=24))
def test_any_line_splits_as_at_its_first_colon(line: str) -> None:
    """Whatever the line, the split is the one at the first character of ``[：:]``."""
    parts = re.split("[：:]", line.rstrip("\r\n"), maxsplit=1)
    value = parts[1].rstrip(" \t　") if len(parts) > 1 else ""
    assert (parts[0].strip(" \t　"), value) == split_header_line(line)
