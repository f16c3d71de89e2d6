"""A format that declares fast ways, as the equivalence suite sees it (:class:`Case`), where
its texts come from, and the record shapes every format writes (:data:`SHAPES`)."""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from attrs import frozen

from benchmarks import realistic
from kifu_lark.errors import KifuError
from kifu_lark.formats import engine
from kifu_lark.formats.base import ReadOptions
from kifu_lark.model.game import Game
from kifu_lark.rules.fouls import tolerance
from kifu_lark.textio import decode
from tests.conftest import FIXTURES, corpus_dir

#: Strict reading: no foul tolerated.
OPTIONS = ReadOptions(tolerance(()), {})

#: Where the texts of a format come from: the repository's fixtures, and the corpus of
#: third-party records beside it (``../shared/corpus``), which may be absent.
SOURCES = ("fixtures", "corpus")


@frozen
class Parts:
    """The pieces of a small usual record of a format, for :data:`SHAPES`."""

    head: str
    moves: str
    next_moves: str  # more moves: a line may come between these and ``moves``
    end: str
    comment: str  # a comment line
    info: str  # game information after the end (an end time)
    more: str  # what follows a record's moves in a longer text (a record, a variation)


@frozen
class Long:
    """A long record of a format, and how to spoil one of its late move lines."""

    move_line: re.Pattern[str]  # a line holding a move
    illegal: Callable[[str], str]  # that line made an illegal move
    odd: str  # a line the scan takes but no line of the run (a move line's place)
    longer_than: int = 0  # the text's length at least (KIF: the walk's chunks, several)


@frozen
class Case:
    """A format with fast ways, and what the suite needs to read and compare with it."""

    name: str
    declaration: engine.Declaration
    read: Callable[[str, ReadOptions, bool], list[Game]]
    build: Callable[[str, Any, bool], Any]
    suffixes: tuple[str, ...]
    #: What a parse (or ``declaration.whole``) gives, as located tokens (runs of the head cut).
    located: Callable[[Any], list[Any]]
    #: Whether the whole-record pattern takes the run of moves with the scan (the tokens are
    #: then those of ``declaration.scanner()``) or with the run's own lines (``parser()``).
    whole_scans: bool
    #: Real-shaped records (``benchmarks.realistic``) the whole-record pattern must take,
    #: and how one that starts from a board diagram shows it.
    real: Callable[[], list[str]]
    diagram_mark: str
    parts: Parts
    #: The :data:`SHAPES` the whole-record pattern leaves to lark's parser.
    not_whole: frozenset[str]
    #: ``(text, taken whole, what it is)``: the format's own literal cases.
    whole_cases: tuple[tuple[str, bool, str], ...]
    #: Lines that damage a text (inserted whole, or joined to the next line without a break).
    odd_lines: tuple[str, ...]
    #: Lines the scan takes into a run of moves that no line of the run is: the fast ways must
    #: give such a text back to the grammar as written.
    scan_only_lines: tuple[str, ...]
    #: The share of the texts reading without error that the fast ways must read.
    scanned_share: float
    #: The run terminals of the head, and the pattern cutting them into their lines.
    head_runs: tuple[str, ...]
    head_pieces: Callable[[], re.Pattern[str]]
    #: The line terminals the run of moves (``declaration.run``) is made of.
    run_lines: tuple[str, ...]
    #: The reader's own cut of a run of moves into its lines (``None``: it walks moves), and
    #: of a board row into its cells (``None``: no such row).
    reader_cut: Callable[[str], list[str]] | None
    row_cut: Callable[[str], list[str]] | None
    #: Terminals with possessive or atomic marks: as the parser's lexer has them (named
    #: groups made non-capturing), and those the reader matches with their groups.
    marked: tuple[str, ...]
    marked_groups: tuple[str, ...]
    #: Where a terminal can start (after a character of these), besides the text's start.
    starts: str
    #: Formats whose records this one's patterns are matched on too (a dialect, its parent).
    kin: tuple[str, ...]
    #: Lines where a possessive mark could change a match, and pieces to draw more from.
    tricky: tuple[str, ...]
    pieces: tuple[str, ...]
    #: The memo tables a read fills (emptied for a cold read).
    memos: Callable[[], list[dict[Any, Any]]]
    long: Long | None


# --- texts ----------------------------------------------------------------------------------


@functools.cache
def _named_texts(root: Path, suffixes: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
    """``(name, text)`` of every file under ``root`` with one of ``suffixes`` that decodes."""
    found = []
    for path in sorted(root.rglob("*")):
        if path.is_file() and path.suffix.lower() in suffixes:
            try:
                found.append((path.relative_to(root).as_posix(), decode(path.read_bytes())[0]))
            except KifuError:  # the fuzz tests' business
                continue
    return tuple(found)


def source_texts(case: Case, source: str) -> tuple[tuple[str, str], ...]:
    """``(name, text)`` of the records of ``case``'s format in ``source``; skips the calling
    test, saying why, when the corpus is absent or holds none."""
    if source == "fixtures":
        return _named_texts(FIXTURES, case.suffixes)
    root = corpus_dir()
    if root is None:
        pytest.skip("../shared/corpus is absent: third-party records are not in the repo")
    texts = _named_texts(root, case.suffixes)
    if not texts:
        pytest.skip(f"the corpus holds no {case.name} record ({', '.join(case.suffixes)})")
    return texts


def all_texts(case: Case) -> list[str]:
    """The texts of every fixture and corpus record of ``case``'s format (those present)."""
    roots = [FIXTURES, *(r for r in [corpus_dir()] if r is not None)]
    return [text for root in roots for _, text in _named_texts(root, case.suffixes)]


def plans(*specs: tuple[int, int, int | None]) -> list[realistic.Plan]:
    """The real-shaped games of each ``(count, seed, plies)`` (``benchmarks.realistic``)."""
    return [p for count, seed, plies in specs for p in realistic.plans(count, seed, plies)]


# --- record shapes every format writes -----------------------------------------------------


def _usual(p: Parts) -> str:
    return p.head + p.moves + p.next_moves + p.end


#: A shape: what it is → the record of that shape built from a format's parts.
SHAPES: dict[str, Callable[[Parts], str]] = {
    "usual": _usual,
    "no end": lambda p: p.head + p.moves + p.next_moves,
    "no head": lambda p: p.moves + p.next_moves + p.end,
    "the head alone": lambda p: p.head,
    "no moves": lambda p: p.head + p.end,
    "comment lines before the head": lambda p: p.comment * 2 + _usual(p),
    "a comment between moves": lambda p: p.head + p.moves + p.comment + p.next_moves + p.end,
    "a comment after the end": lambda p: _usual(p) + p.comment,
    "a blank line first": lambda p: "\n" + _usual(p),
    "blank lines between the parts": lambda p: f"{p.head}\n{p.moves}{p.next_moves}\n{p.end}\n",
    "a BOM": lambda p: "\ufeff" + _usual(p),
    "CR LF line ends": lambda p: _usual(p).replace("\n", "\r\n"),
    "no final line break": lambda p: _usual(p)[:-1],
    "game information after the end": lambda p: _usual(p) + p.info,
    "a second record or a variation": lambda p: _usual(p) + p.more,
}
