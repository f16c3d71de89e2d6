"""The error hierarchy: one root, located messages, machine-readable fields."""

from __future__ import annotations

import pytest

import kifu_lark
from kifu_lark.errors import (
    AmbiguousMoveError,
    IllegalMoveError,
    KifuEncodingError,
    KifuError,
    KifuSyntaxError,
    UnknownFormatError,
    UnsupportedFeatureError,
)
from kifu_lark.rules.violations import TOLERABLE, Violation
from kifu_lark.textio import decode, encode


@pytest.mark.parametrize(
    "cls",
    [
        KifuSyntaxError,
        IllegalMoveError,
        AmbiguousMoveError,
        KifuEncodingError,
        UnsupportedFeatureError,
        UnknownFormatError,
    ],
)
def test_every_error_is_a_kifu_error(cls: type[KifuError]) -> None:
    """All user-facing errors share the KifuError root."""
    assert issubclass(cls, KifuError)


def test_str_shows_the_line_with_a_caret_under_the_column() -> None:
    """str(err) is a headline, the source line, and a caret (full-width aware)."""
    err = KifuSyntaxError("unexpected", format="kif", line=3, column=3, source_line="１２x")
    lines = str(err).splitlines()
    assert "kif:3:3: unexpected [SYNTAX]" == lines[0]
    assert "    １２x" == lines[1]
    assert "        ^" == lines[2]


def test_to_dict_has_every_field() -> None:
    """to_dict is JSON-ready with the location, code and hint."""
    err = IllegalMoveError(
        "bad", code="TWO_PAWNS", format="csa", line=5, column=1, text="+0055FU", ply=7
    )
    data = err.to_dict()
    assert {
        "code": "TWO_PAWNS",
        "line": 5,
        "column": 1,
        "ply": 7,
        "text": "+0055FU",
    }.items() <= data.items()


def test_tolerate_rejects_unknown_breach_names() -> None:
    """An unknown tolerate name is a KifuError listing the accepted ones."""
    with pytest.raises(KifuError) as info:
        kifu_lark.loads("position startpos", "usi", tolerate=["everything"])
    assert info.value.hint is not None and "two_pawns" in info.value.hint


def test_decoding_detects_encodings() -> None:
    """UTF-8 (with or without BOM), CP932 and EUC-JP are told apart."""
    text = "先手：羽生善治\n▲７六歩"
    assert (text, "utf-8") == decode(text.encode("utf-8"))
    assert (text, "utf-8-sig") == decode(b"\xef\xbb\xbf" + text.encode("utf-8"))
    assert (text, "cp932") == decode(text.encode("cp932"))
    assert (text, "euc-jp") == decode(text.encode("euc-jp"))


def test_undecodable_bytes_are_an_encoding_error() -> None:
    """Bytes no candidate decodes raise KifuEncodingError with a position."""
    with pytest.raises(KifuEncodingError) as info:
        decode(b"ok\n\x81\x00\xff\xfe")
    assert 2 == info.value.line


def test_encoding_refuses_characters_the_target_lacks() -> None:
    """Writing CP932 refuses characters it cannot hold, naming them."""
    with pytest.raises(KifuEncodingError) as info:
        encode("先手\n😀", "cp932", "kif")
    assert (2, 1, "😀") == (info.value.line, info.value.column, info.value.text)


def test_every_rule_breach_has_a_hint() -> None:
    """Each rule code says what to check; the tolerable ones also say how to read anyway."""
    for violation in Violation:
        assert violation.hint, violation
    for name, violation in TOLERABLE.items():
        assert f"--tolerate {name}" in violation.hint
