"""Encoding detection from the bytes of a record (kifu_lark.textio.decode)."""

from __future__ import annotations

from pathlib import Path

import pytest

import kifu_lark
from kifu_lark.cli import main
from kifu_lark.errors import KifuEncodingError
from kifu_lark.textio import Misdeclared, decode, decode_declared, decode_tolerant

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
    found = decode_tolerant(_CUT, truncated=True)
    assert (_KIF.rsplit("17 ", 1)[0], "utf-8", None) == found[:3]
    assert found.cut is not None and ("TRUNCATED", 18) == (found.cut.code, found.cut.line)
    cp932 = decode_tolerant(_KIF.encode("cp932")[:-6], truncated=True)  # inside 歩 (2 bytes)
    assert (_KIF.rsplit("17 ", 1)[0], "cp932") == (cp932.text, cp932.encoding)
    assert cp932.cut is not None and 18 == cp932.cut.line
    with pytest.raises(KifuEncodingError):  # not cut inside a character: refused still
        decode_tolerant(b"ok\n\x81\x00\xff\xfe", truncated=True)


KIF_UTF8 = "#KIF version=2.0 encoding=UTF-8\n手合割：平手\n手数----指手--\n   1 ７六歩(77)\n"


@pytest.mark.parametrize(
    ("data", "declared", "used", "line"),
    [
        (KIF_UTF8.encode("cp932"), "UTF-8", "cp932", 1),  # saved in CP932, declared UTF-8
        (("# a note\n" + KIF_UTF8).encode("euc-jp"), "UTF-8", "euc-jp", 2),
        ("'CSA encoding=SHIFT_JIS\n'＊コメント\n".encode(), "SHIFT_JIS", "utf-8", 1),
        ("'charset=EUC-JP\n'＊コメント\n".encode("cp932"), "EUC-JP", "cp932", 1),
        (b"\xef\xbb\xbf" + KIF_UTF8.replace("UTF-8", "Shift_JIS").encode(), "Shift_JIS",
         "utf-8-sig", 1),  # a UTF-8 BOM before a declaration of another encoding
    ],
)
def test_a_declaration_the_bytes_contradict_is_reported(
    data: bytes, declared: str, used: str, line: int
) -> None:
    """The bytes are read in the encoding they fit, and the wrong declaration is named."""
    text, found, misdeclared = decode_declared(data)
    assert (used, Misdeclared(declared, used, line)) == (found, misdeclared)
    assert "7776FU" in text or "７六歩" in text or "コメント" in text


@pytest.mark.parametrize(
    "data",
    [
        KIF_UTF8.encode(),
        KIF_UTF8.replace("UTF-8", "Shift_JIS").encode("cp932"),
        b"\xef\xbb\xbf" + KIF_UTF8.encode(),
        KIF_UTF8.replace("#KIF version=2.0 encoding=UTF-8\n", "").encode("cp932"),
    ],
)
def test_a_true_declaration_or_none_is_not_reported(data: bytes) -> None:
    assert decode_declared(data)[2] is None


def test_a_misdeclared_record_reads_with_a_warning(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``#KIF encoding=UTF-8`` over CP932 bytes: load, loads and ``validate`` warn
    (``DECLARED_ENCODING`` at the declaration's line), and the moves read."""
    path = tmp_path / "mis.kif"
    path.write_bytes(KIF_UTF8.encode("cp932"))
    for game in (kifu_lark.load(path), kifu_lark.loads(path.read_bytes())):
        assert "cp932" == game.encoding
        (issue,) = game.warnings
        assert ("DECLARED_ENCODING", 1) == (issue.code, issue.line)
        assert ["7g7f"] == [n.move.usi() for n in game.mainline() if n.move]
    assert 0 == main(["validate", str(path)])
    shown = capsys.readouterr().out
    assert f"{path}:1:1: warning: the text declares the encoding UTF-8" in shown
    assert "read as cp932 [DECLARED_ENCODING]" in shown
    assert [] == kifu_lark.load(path, encoding="cp932").warnings  # asked for: no surprise


def test_a_cut_record_that_misdeclares_its_encoding_is_told_of_both() -> None:
    """``#KIF encoding=EUC-JP`` over UTF-8 bytes cut inside a character: read as UTF-8 up
    to the cut line, with the wrong declaration and the cut both given; refused without
    ``truncated``, TRUNCATED where UTF-8 stops."""
    data = ("#KIF version=2.0 encoding=EUC-JP\n" + _KIF).encode()[:-7]
    found = decode_tolerant(data, truncated=True)
    assert ("utf-8", Misdeclared("EUC-JP", "utf-8", 1)) == (found.encoding, found.misdeclared)
    assert found.text.endswith("16 ７六歩(77)\n")
    assert found.cut is not None and ("TRUNCATED", 19) == (found.cut.code, found.cut.line)
    with pytest.raises(KifuEncodingError) as caught:
        decode_declared(data)
    assert ("TRUNCATED", 19, 6) == (caught.value.code, caught.value.line, caught.value.column)
