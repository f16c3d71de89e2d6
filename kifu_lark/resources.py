"""Access to the grammars shipped as package data (``kifu_lark.grammars``)."""

from __future__ import annotations

from importlib import resources


def grammar_names() -> list[str]:
    """The ``.lark`` files shipped in the installed package."""
    root = resources.files("kifu_lark.grammars")
    return sorted(p.name for p in root.iterdir() if p.name.endswith(".lark"))
