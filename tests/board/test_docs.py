"""The examples of docs/api.md and of the board API's docstrings run and print what they
show."""

from __future__ import annotations

import doctest
import re
from types import ModuleType

import pytest

import kifu_lark.api
import kifu_lark.board
import kifu_lark.model.game
import kifu_lark.model.headers
import kifu_lark.model.move
import kifu_lark.move_text
from tests.conftest import ROOT

_FENCE = re.compile(r"^```python\n(.*?)^```", flags=re.DOTALL | re.MULTILINE)


def test_every_python_block_of_api_md_runs() -> None:
    """Each python block of docs/api.md, run in order in one session, prints what it shows."""
    path = ROOT / "docs" / "api.md"
    text = path.read_text(encoding="utf-8")
    blocks = _FENCE.findall(text)
    assert blocks, "docs/api.md has no python block"
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    session: dict[str, object] = {}
    for n, block in enumerate(blocks, 1):
        test = parser.get_doctest(block, session, f"api.md block {n}", str(path), 0)
        assert test.examples, f"block {n} holds no >>> example"
        runner.run(test, clear_globs=False)
        session.update(test.globs)  # DocTest works on a copy: carry the names over
    assert 0 == runner.summarize(verbose=False).failed


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
