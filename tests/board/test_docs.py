"""The >>> examples of the public API's docstrings run and print what they show
(docs/api.md and the other pages: tests/test_doc_blocks.py)."""

from __future__ import annotations

import ast
import doctest
import importlib
from pathlib import Path
from types import ModuleType

import pytest

import kifu_lark.api
import kifu_lark.board
import kifu_lark.formats.line_text
import kifu_lark.model.game
import kifu_lark.model.headers
import kifu_lark.model.move
import kifu_lark.record.verdicts
import kifu_lark.rules.movement


@pytest.mark.parametrize(
    "module",
    [
        kifu_lark.api,
        kifu_lark.board,
        kifu_lark.formats.line_text,
        kifu_lark.model.game,
        kifu_lark.model.headers,
        kifu_lark.model.move,
        kifu_lark.record.verdicts,
        kifu_lark.rules.movement,
    ],
    ids=lambda m: m.__name__,
)
def test_docstring_examples_run(module: ModuleType) -> None:
    """The >>> examples in the module's docstrings pass."""
    failed, attempted = doctest.testmod(module)
    assert attempted > 0
    assert 0 == failed


@pytest.mark.parametrize("name", ["times"])
def test_compiled_module_examples_run_from_their_source(name: str) -> None:
    """model/times.py is compiled in the compiled build, whose functions keep no docstrings:
    the examples of its source's docstrings run against the module loaded (either build)."""
    module = importlib.import_module(f"kifu_lark.model.{name}")
    source = Path(kifu_lark.model.__file__).parent / f"{name}.py"
    tree = ast.parse(source.read_text(encoding="utf-8"))
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner()
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.ClassDef | ast.Module):
            text = ast.get_docstring(node, clean=True)
            if text and ">>>" in text:
                name = getattr(node, "name", module.__name__)
                runner.run(parser.get_doctest(text, dict(vars(module)), name, str(source), 0))
    failed, attempted = runner.summarize(verbose=False)
    assert attempted > 0
    assert 0 == failed
