"""Fuzzing the evaluation grammar and what is built on it: mutated evaluation lines and
records (tests/test_fuzz.py's mutations). ``node.evaluation`` never raises; the strict
reading, PV resolution and the writers raise nothing but located ``KifuError``s with hints."""

from __future__ import annotations

import warnings
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import kifu_lark
from kifu_lark.errors import KifuError, LossyWriteWarning
from kifu_lark.formats.evaluation_fast import looks_like_evaluation
from kifu_lark.model import Node
from kifu_lark.textio import decode
from tests.conftest import ROOT
from tests.test_fuzz import HOSTILE, check_error, mutations

FIXTURES = sorted((ROOT / "fixtures" / "evaluations").iterdir())
_FORMATS = {".csa": "csa", ".kif": "kif", ".kifu": "kif", ".ki2": "ki2", ".jkf": "jkf"}
#: Every evaluation line of the fixtures, as comment texts (``* 50 -3334FU +7776FU`` …).
LINES = sorted(
    {
        line
        for path in FIXTURES
        for node in kifu_lark.load(path).root.walk()
        for line in node.comment_lines
        if looks_like_evaluation(line)
    }
)


def test_the_fixtures_hold_every_form() -> None:
    for start in ("* ", "#評価値=", "*評価値=", "#読み筋=", "*読み筋=", "*解析", "*対局"):
        assert any(line.startswith(start) for line in LINES), start


@settings(max_examples=200)
@given(data=st.data())
def test_a_mutated_evaluation_line_is_an_evaluation_or_a_comment(data: st.DataObject) -> None:
    line = data.draw(st.sampled_from(LINES))
    mutated = data.draw(mutations(line.encode("utf-8"))).decode("utf-8", "replace")
    node = Node(comments=mutated.split("\n"))
    found = node.evaluation  # never raises
    try:
        strict = kifu_lark.parse_evaluation(node.comment_lines)
    except KifuError as err:
        check_error(err)
        assert err.format == "evaluation"
    else:
        assert strict == found
    if found is not None:
        try:
            found.resolve(kifu_lark.Position.initial())
        except KifuError as err:
            check_error(err)


_ALPHABET = "*#評価値読み筋=詰先後手勝ち:解析対局深さノード数 -+0123456789%PASFUGIab▲△同歩(77)↑/"


@settings(max_examples=100)
@given(text=st.text(alphabet=_ALPHABET, max_size=40))
def test_random_text_in_the_grammar_s_alphabet(text: str) -> None:
    node = Node(comments=[text])
    node.evaluation  # noqa: B018 - never raises
    try:
        kifu_lark.parse_evaluation(text)
    except KifuError as err:
        check_error(err)


@pytest.mark.parametrize("path", FIXTURES, ids=[p.name for p in FIXTURES])
@settings(max_examples=15, deadline=None)
@given(data=st.data())
def test_a_mutated_record_reads_and_converts_or_raises_kifu_errors(
    path: Path, data: st.DataObject
) -> None:
    mutated = data.draw(mutations(path.read_bytes()))
    try:
        text, _ = decode(mutated)
        games = kifu_lark.loads_all(text, _FORMATS[path.suffix])
    except KifuError as err:
        check_error(err)
        return
    for game in games:
        try:
            list(game.evaluations(strict=False))
            list(game.evaluations())
        except KifuError as err:
            check_error(err)
        for target in ("csa", "kif", "ki2", "jkf"):
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", LossyWriteWarning)
                try:
                    kifu_lark.dumps(game, target, mainline_only=True)
                except KifuError as err:
                    check_error(err)


def test_hostile_text_in_an_evaluation_line() -> None:
    for hostile in HOSTILE:
        for line in LINES:
            text = line[:4] + hostile.decode("utf-8") + line[4:]
            Node(comments=text.split("\n")).evaluation  # noqa: B018 - never raises
            try:
                kifu_lark.parse_evaluation(text)
            except KifuError as err:
                check_error(err)
