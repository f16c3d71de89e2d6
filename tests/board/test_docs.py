"""The >>> examples of the public API's docstrings run and print what they show
(docs/api.md and the other pages: tests/test_doc_blocks.py)."""

from __future__ import annotations

import doctest
from types import ModuleType

import pytest

import kifu_lark.api
import kifu_lark.board
import kifu_lark.model.game
import kifu_lark.model.headers
import kifu_lark.model.move
import kifu_lark.move_text


@pytest.mark.parametrize(
    "module",
    [
        kifu_lark.api,
        kifu_lark.board,
        kifu_lark.move_text,
        kifu_lark.model.game,
        kifu_lark.model.headers,
        kifu_lark.model.move,
    ],
    ids=lambda m: m.__name__,
)
def test_docstring_examples_run(module: ModuleType) -> None:
    """The >>> examples in the module's docstrings pass."""
    failed, attempted = doctest.testmod(module)
    assert attempted > 0
    assert 0 == failed
