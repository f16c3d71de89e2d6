"""The terminals that take a whole run of move lines at once (KI2 ``MOVES_BLOCK``, CSA and
MSK ``MOVE_RUN``) repeat possessively, so the regex engine keeps no backtracking point per
line: on every fixture and corpus text, from each line on, they match exactly what the same
regex without the possessive marks matches. (KIF's block: tests/formats/test_kif_fast.py.)"""

from __future__ import annotations

import re

import pytest

from kifu_lark.formats.engine import parsing
from tests.conftest import record_texts

_POSSESSIVE = re.compile(r"(?<!\\)([*+?}])\+")

CASES = [
    ("ki2.lark", "MOVES_BLOCK", (".ki2", ".ki2u")),
    ("csa.lark", "MOVE_RUN", (".csa",)),
    ("msk.lark", "MOVE_RUN", (".msk",)),
]


def _texts(suffixes: tuple[str, ...]) -> list[str]:
    return [text.replace("\r\n", "\n") for text in record_texts(suffixes)]


@pytest.mark.parametrize(("grammar", "name", "suffixes"), CASES, ids=[c[0] for c in CASES])
def test_a_possessive_block_matches_as_a_plain_one(
    grammar: str, name: str, suffixes: tuple[str, ...]
) -> None:
    pattern = parsing.parser(grammar).get_terminal(name).pattern.to_regexp()
    fast, plain = re.compile(pattern), re.compile(_POSSESSIVE.sub(r"\1", pattern))
    assert "++" in pattern and plain.pattern != pattern, f"{name} lost its possessive mark"
    texts = _texts(suffixes)
    assert texts, f"no {suffixes} text to check"
    matched = 0
    for text in texts:
        for start in (0, *(m.end() for m in re.finditer("\n", text[:-1]))):
            a, b = fast.match(text, start), plain.match(text, start)
            assert (None if b is None else b.span()) == (None if a is None else a.span())
            matched += a is not None
    assert matched > 0
