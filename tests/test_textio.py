"""Encoding detection from the bytes of a record (kifu_lark.textio.decode)."""

from __future__ import annotations

import pytest

from kifu_lark.textio import decode

# ASCII bytes decode as UTF-8 too: the encoding reported tells whether the declaration won.
_CSA = b"V2.2\nPI\n+\n+7776FU\n%TORYO\n"


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        (b"'CSA encoding=SHIFT_JIS\n" + _CSA, "cp932"),
        (b"'charset=Shift_JIS\n" + _CSA, "cp932"),
        (b"'CHARSET=EUC-JP\n" + _CSA, "euc-jp"),
        (b"' Charset=euc-jp\n" + _CSA, "euc-jp"),
        (b"N+a\n'charset=Shift_JIS\n" + _CSA, "cp932"),  # on a later line
        (b"#KIF version=2.0 encoding=Shift_JIS\n", "cp932"),
        (b"# comment\n#KIF version=2.0 encoding=EUC-JP\n", "euc-jp"),
        (b"x" * 5000 + b"\n'charset=Shift_JIS\n", "utf-8"),  # past the head: not read
        (b"'a charset=Shift_JIS\n" + _CSA, "utf-8"),  # not at a line's start
        (b"N+#KIF version=2.0 encoding=EUC-JP\n", "utf-8"),
        (_CSA, "utf-8"),
    ],
)
def test_declared_encoding(data: bytes, expected: str) -> None:
    assert decode(data)[1] == expected


def test_a_wrong_declaration_falls_back_to_detection() -> None:
    data = "'charset=EUC-JP\n'＊コメント\n".encode("cp932")
    assert decode(data) == (data.decode("cp932"), "cp932")
