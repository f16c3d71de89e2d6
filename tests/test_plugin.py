"""Third-party formats join through the ``kifu_lark.formats`` entry point.

``make test`` installs the worked example ``examples/western-notation``; these tests check it
shows up in the registry, the API and the CLI with no change to kifu-lark.
"""

from __future__ import annotations

import ast
import os
from pathlib import Path

import pytest

import kifu_lark
from kifu_lark.cli import main
from tests.conftest import ROOT

EXAMPLE = ROOT / "examples" / "western-notation" / "fixtures" / "opening.wst"

if "western" not in kifu_lark.formats():
    if os.environ.get("KIFU_LARK_REQUIRE_PLUGIN"):
        raise RuntimeError("the example plugin is not installed: `make test` installs it")
    pytest.skip(
        "examples/western-notation is not installed (make test installs it)",
        allow_module_level=True,
    )


def test_plugin_format_is_registered() -> None:
    """The entry-point format is listed after the built-ins."""
    names = kifu_lark.formats()
    assert "western" == names[-1]
    assert {"sfen", "usi"} <= set(names)


def test_plugin_reads_through_the_rules_engine() -> None:
    """The plugin's reader goes through GameBuilder: moves are validated and resolved."""
    game = kifu_lark.load(EXAMPLE)
    assert "western" == game.format
    usi = kifu_lark.dumps(game, "usi")
    assert "position startpos moves 7g7f 3c3d 8h2b+ 3a2b B*4e 5c5d 4e3d 4a3b\n" == usi


def test_plugin_errors_are_kifu_errors() -> None:
    """An illegal move in the plugin's notation is located like any other."""
    with pytest.raises(kifu_lark.IllegalMoveError) as info:
        kifu_lark.loads("1. P7g-7e", "western")
    assert (1, 4) == (info.value.line, info.value.column)


def test_plugin_appears_in_the_cli(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """`formats` lists it and `convert` writes it, with no CLI change."""
    assert 0 == main(["formats", "--names"])
    assert "western" in capsys.readouterr().out.split()
    out = tmp_path / "game.wst"
    assert 0 == main(["convert", str(EXAMPLE), "-o", str(out)])
    assert EXAMPLE.read_text() == out.read_text()


PUBLIC_MODULES = {"kifu_lark", "kifu_lark.formats", "kifu_lark.errors", "kifu_lark.model"}


def test_plugin_uses_public_names_only() -> None:
    """The worked plugin imports from the documented plugin API alone (no private module or
    name, no rules or engine internals), so what it shows a third party keeps working."""
    source = EXAMPLE.parents[1] / "kifu_lark_western" / "__init__.py"
    imported = [
        (node.module, alias.name)
        for node in ast.walk(ast.parse(source.read_text()))
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("kifu_lark")
        for alias in node.names
    ]
    assert imported, "the plugin imports nothing from kifu_lark"
    for module, name in imported:
        assert module in PUBLIC_MODULES, f"{module}.{name}"
        assert not name.startswith("_"), f"{module}.{name}"
