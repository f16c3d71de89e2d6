"""The error hierarchy: one root, located messages, machine-readable fields."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from lark import Lark, Token, Transformer

import kifu_lark
from kifu_lark.errors import (
    AmbiguousMoveError,
    IllegalMoveError,
    InvalidRecordError,
    KifuEncodingError,
    KifuError,
    KifuFileNotFoundError,
    KifuSyntaxError,
    Setting,
    UnknownFormatError,
    UnsupportedFeatureError,
)
from kifu_lark.formats.engine import parsing
from kifu_lark.formats.engine.parsing import expected_words
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
    """Each rule code says what to check; the tolerable ones also say how to read anyway,
    naming the setting (the API's words; the command line says ``--tolerate NAME``)."""
    for violation in Violation:
        assert violation.hint, violation
    for name, violation in TOLERABLE.items():
        assert f"tolerate={{'{name}'}}" in violation.hint
        assert (Setting("tolerate", (name,)),) == violation.settings


def test_expected_terminals_are_named_in_words() -> None:
    """A syntax error's hint names what was expected as a reader says it: fixed texts
    quoted, named terminals in lower-case words, the end as "end of input"."""
    parser = Lark('start: "k-" SQUARE NL\nSQUARE: /[a-z][1-7]/\nNL: "\\n"\n', parser="lalr")
    assert ["end of input", "header line", "square"] == expected_words(
        {"$END", "HEADER_LINE", "common__SQUARE"}
    )
    with pytest.raises(KifuSyntaxError) as info:
        parsing.parse(parser, "k-z9\n", "test")
    assert info.value.hint == "expected square"
    with pytest.raises(KifuSyntaxError) as info:
        parsing.parse(parser, "b4\n", "test")
    assert info.value.hint == "expected 'k-'"


def test_a_file_that_is_missing_says_to_check_the_path(tmp_path: Path) -> None:
    """Reading a missing file is a KifuFileNotFoundError whose hint says what to check."""
    with pytest.raises(KifuFileNotFoundError) as info:
        kifu_lark.load(tmp_path / "nothing.kif")
    assert info.value.hint == "check the path"


def test_an_unknown_format_with_no_close_name_lists_the_known_ones() -> None:
    """No close match: the hint lists the format names instead of guessing."""
    with pytest.raises(UnknownFormatError) as info:
        kifu_lark.loads("x", "zzzzzzzz")
    assert info.value.hint is not None and info.value.hint.startswith("known: ")
    assert "csa" in info.value.hint.split(": ", 1)[1].split(", ")
    with pytest.raises(UnknownFormatError) as info:
        kifu_lark.loads("x", "csaa")
    assert info.value.hint == "did you mean 'csa'?"


def test_an_sfen_run_wider_than_any_board_is_a_located_error() -> None:
    """A run of empty squares past 9 (a number of any size) is refused before it is
    counted, with the SFEN layout as hint."""
    for run in ("99", "1" + "9" * 400):
        sfen = f"lnsgkgsnl/{run}r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"
        with pytest.raises(InvalidRecordError) as info:
            kifu_lark.loads(sfen, "sfen")
        assert (1, "BAD_POSITION") == (info.value.line, info.value.code)
        assert f"run of {run[:9]}" in info.value.message
        assert info.value.hint is not None and "SFEN" in info.value.hint


def test_a_readers_own_failure_inside_lark_is_located_with_a_hint() -> None:
    """A non-KifuError a transformer raises (a bug some text reaches) comes out as a
    KifuSyntaxError at the token it was reading, not as lark's bare message."""

    class Runs(Transformer[Token, Any]):
        def NUMBER(self, token: Token) -> list[None]:  # lark calls it for each NUMBER token
            return [None] * int(token)  # OverflowError past the index size: the bug

    grammar = 'start: NAME NUMBER NL\nNAME: /[a-z]+/\nNUMBER: /[0-9]+/\nNL: "\\n"\n%ignore " "'
    parser = Lark(grammar, parser="lalr")
    text = "abc " + "9" * 40 + "\n"
    with pytest.raises(KifuSyntaxError) as info:
        parsing.transform(Runs(), parsing.parse(parser, text, "test"), text, "test")
    err = info.value
    assert (1, 5, text.rstrip()) == (err.line, err.column, err.source_line)
    assert "cannot read this NUMBER" in err.message and err.hint
