"""Encoding detection from the bytes of a record (kifu_lark.textio.decode)."""

from __future__ import annotations

import pytest

from kifu_lark.errors import KifuEncodingError
from kifu_lark.textio import decode, decode_tolerant

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


# A KIF record of 17 move lines whose last line is cut inside its last character (歩 is 3
# bytes in UTF-8): CP932 stops on line 1, UTF-8 reads to the cut on line 18.
_KIF = "手合割：平手\n" + "".join(f"{n} ７六歩(77)\n" for n in range(1, 18))
_CUT = _KIF.encode("utf-8")[:-7]  # "17 ７六歩(77)\n" loses "(77)\n" and two bytes of 歩


def test_a_cut_record_is_located_where_the_furthest_encoding_stops() -> None:
    """The error names the encoding that read furthest and its line, column (in characters)
    and bytes, not where CP932 stopped."""
    with pytest.raises(KifuEncodingError) as caught:
        decode(_CUT)
    err = caught.value
    assert ("TRUNCATED", 18, 6, repr(b"\xe6")) == (err.code, err.line, err.column, err.text)
    assert "utf-8" in err.message and "17 ７六" == err.source_line


def test_bytes_wrong_before_the_end_name_the_encoding_that_read_furthest() -> None:
    """Bytes no candidate decodes, not at the end: the furthest reader's position."""
    data = "手合割：平手\n１ ７六歩\n".encode() + b"\x81\x00\xff\xfe\n2 x\n"
    with pytest.raises(KifuEncodingError) as caught:
        decode(data)
    err = caught.value
    assert ("ENCODING", 3, 1) == (err.code, err.line, err.column)
    assert "utf-8 reads furthest" in err.message


def test_tolerating_truncated_reads_the_complete_lines() -> None:
    """decode_tolerant gives the lines before the cut one, and the error it would raise."""
    text, used, cut = decode_tolerant(_CUT, truncated=True)
    assert (_KIF.rsplit("17 ", 1)[0], "utf-8") == (text, used)
    assert cut is not None and 18 == cut.line
    cp932 = _KIF.encode("cp932")[:-6]  # inside 歩 (2 bytes in CP932)
    assert (_KIF.rsplit("17 ", 1)[0], "cp932", 18) == (
        *decode_tolerant(cp932, truncated=True)[:2],
        decode_tolerant(cp932, truncated=True)[2].line,  # type: ignore[union-attr]
    )
    with pytest.raises(KifuEncodingError):  # not cut inside a character: refused still
        decode_tolerant(b"ok\n\x81\x00\xff\xfe", truncated=True)
