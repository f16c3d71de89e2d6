"""The format registry: lookup by name, alias and extension, detection, hints."""

from __future__ import annotations

import pytest

import kifu_lark
from kifu_lark.formats.registry import all_formats, detect_format, format_for_path, get_format
from kifu_lark.resources import grammar_names


def test_lookup_is_case_insensitive_and_knows_aliases() -> None:
    """Names, aliases and extensions all find the format."""
    assert "usi" == get_format("USI").name
    assert "usi" == get_format("position").name
    assert "sfen" == get_format(".sfen").name


def test_unknown_name_suggests_the_closest() -> None:
    """A misspelt name raises UnknownFormatError with a hint."""
    with pytest.raises(kifu_lark.UnknownFormatError) as info:
        get_format("sfne")
    assert "sfen" == info.value.closest
    assert info.value.hint is not None and "sfen" in info.value.hint


def test_extension_lookup_prefers_the_longest_match() -> None:
    """format_for_path uses the file's extension."""
    fmt = format_for_path("games/record.sfen")
    assert fmt is not None and "sfen" == fmt.name
    assert format_for_path("notes.txt") is None


def test_detection_refuses_unknown_text() -> None:
    """Text no format recognises is an UnknownFormatError, not a guess."""
    with pytest.raises(kifu_lark.UnknownFormatError):
        detect_format("hello world")


def test_every_format_declares_a_consistent_entry() -> None:
    """Each format has a lowercase name, extensions with a dot and a known grammar file."""
    grammars = set(grammar_names())
    for fmt in all_formats():
        assert fmt.name == fmt.name.lower()
        assert fmt.extensions and all(e.startswith(".") for e in fmt.extensions)
        assert fmt.grammar is None or fmt.grammar in grammars, fmt.name


def test_every_grammar_ships_in_the_package() -> None:
    """Every grammars/*.lark file is reachable as package data of kifu_lark.grammars."""
    from tests.conftest import ROOT

    on_disk = {p.name for p in (ROOT / "grammars").glob("*.lark")}
    assert on_disk == set(grammar_names())


def test_formats_lists_names_and_still_reaches_the_subpackage() -> None:
    """`kifu_lark.formats()` lists the formats; `import kifu_lark.formats.csa as m` works too."""
    import importlib

    import kifu_lark.formats.csa as csa_module

    assert [f.name for f in all_formats()] == kifu_lark.formats()
    assert importlib.import_module("kifu_lark.formats.csa") is csa_module
    assert kifu_lark.formats.registry.get_format is get_format
    with pytest.raises(AttributeError):
        _ = kifu_lark.formats.no_such_module
