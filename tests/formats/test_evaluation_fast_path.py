"""The evaluation reader's fast path (patterns built from the grammar's terminals) reads every
line as lark does: the fixtures' and the corpus's lines, and mutations of them."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

import kifu_lark
from kifu_lark.errors import KifuSyntaxError
from kifu_lark.formats.engine import parsing
from kifu_lark.formats.evaluation import _FIELDS, node_evaluation
from kifu_lark.formats.evaluation_fast import (
    GRAMMAR,
    fast_fields,
    fast_score,
    looks_like_evaluation,
)
from tests.conftest import ROOT, corpus_dir

_SUFFIXES = (".csa", ".kif", ".kifu", ".ki2", ".jkf")


def _lines() -> list[str]:
    paths = sorted((ROOT / "fixtures" / "evaluations").iterdir())
    corpus = corpus_dir()
    if corpus is not None:
        paths += sorted(p for p in corpus.rglob("*") if p.suffix in _SUFFIXES and p.is_file())
    found: set[str] = set()
    for path in paths:
        try:
            games = kifu_lark.load_all(path)
        except kifu_lark.KifuError:
            continue
        for game in games:
            for node in (game.root, *game.root.walk()):
                found.update(line for line in node.comment_lines if looks_like_evaluation(line))
    return sorted(found)


LINES = _lines()


def lark_fields(line: str) -> dict[str, object] | None:
    try:
        tree = parsing.parse(parsing.parser(GRAMMAR), line, "evaluation")
    except KifuSyntaxError:
        return None
    fields: dict[str, object] = parsing.transform(_FIELDS, tree, line, "evaluation")
    return fields


def agree(line: str) -> None:
    fast = fast_fields(line)
    if fast is not None:  # the fast path reads only what lark reads, and reads it alike
        assert fast == lark_fields(line), line
    scores_alike([line])


def scores_alike(lines: list[str]) -> None:
    """The score-only path gives node.evaluation's score wherever it answers."""
    known, score = fast_score(lines)
    if known:
        evaluation = node_evaluation(lines)
        assert score == (None if evaluation is None else evaluation.score), lines


def test_the_fast_path_reads_most_lines() -> None:
    taken = [line for line in LINES if fast_fields(line) is not None]
    assert len(taken) > len(LINES) // 2


def test_every_line_reads_alike() -> None:
    for line in LINES:
        agree(line)


def test_the_score_path_answers_for_floodgate_lines_and_agrees_on_mixed_nodes() -> None:
    floodgate = [line for line in LINES if re.fullmatch(r"\* -?\d+( [+-]\d{4}[A-Z]{2})+", line)]
    assert floodgate and all(fast_score([line])[0] for line in floodgate)
    for i, line in enumerate(LINES):
        scores_alike([line, LINES[i - 1], "plain comment"])


_EDITS = ["", " ", "\u3000", "+", "-", "#", "FU", "7g", "12", "▲", "同", "=", "*", "\t"]


@settings(max_examples=300)
@given(data=st.data())
def test_edited_lines_read_alike(data: st.DataObject) -> None:
    line = data.draw(st.sampled_from(LINES))
    for _ in range(data.draw(st.integers(1, 3))):
        at = data.draw(st.integers(0, len(line)))
        cut = data.draw(st.integers(0, 3))
        line = line[:at] + data.draw(st.sampled_from(_EDITS)) + line[at + cut :]
    agree(line)


# Words of a floodgate PV and what breaks one.
_PV_WORDS = ["+7776FU", "-3334FU", "+0055KA", "-0011FU", "%TORYO", "+PASS", "#12", "+7776fu"]
_PV_EDITS = [*_PV_WORDS, " ", "  ", "\t", "\u3000", "", "0", "+", "FU", "#"]


@settings(max_examples=300)
@given(data=st.data())
def test_edited_floodgate_lines_score_alike(data: st.DataObject) -> None:
    words = data.draw(st.lists(st.sampled_from(_PV_WORDS), max_size=6))
    score = data.draw(st.sampled_from(["0", "-35", "+12", "007"]))
    line = f"* {score}" + "".join(" " + word for word in words)
    for _ in range(data.draw(st.integers(0, 2))):
        at = data.draw(st.integers(0, len(line)))
        cut = data.draw(st.integers(0, 3))
        line = line[:at] + data.draw(st.sampled_from(_PV_EDITS)) + line[at + cut :]
    scores_alike([line])


def test_a_pv_is_a_floodgate_one_to_its_last_word() -> None:
    assert fast_score(["* 5 +7776FU"]) == (True, 5)
    assert fast_score(["* 5 +7776FU +7776XX"]) == (False, None)
    assert fast_score(["* 5 +7776FU #3 +7776FU"]) == (False, None)
    assert fast_score(["* 5 +7776FU  -3334FU"]) == (True, 5)
    assert fast_score(["* 5 +7776FU #3"]) == (True, 5)
