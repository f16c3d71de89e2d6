"""CSA and MSK (CSA on a 5x5 board) for the equivalence suite: one reader, two grammars."""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from typing import Any

from benchmarks import realistic
from kifu_lark.formats import csa
from kifu_lark.formats.csa_dialect import CSA, Dialect
from kifu_lark.formats.csa_start import cell_pattern
from kifu_lark.formats.engine.tokens import cut
from kifu_lark.formats.msk import MSK
from tests.formats.equivalence import reader_internals
from tests.formats.equivalence.case import OPTIONS, Case, Long, Parts, plans
from tests.formats.equivalence.checks import located

# Every seed the per-reader tests drew from, so that each real-shaped record they read is read.
_PLANS = ((8, 654, 40), (8, 321, 40), (12, 77, 40), (10, 500, 8), (10, 700, None), (5, 0, 4))


@functools.cache
def _real() -> list[str]:
    texts = []
    for plan in [*plans(*_PLANS), *realistic.plans(5)]:
        for moved in (plan, plan.cut(0)):  # cut(0): a game ended before its first move
            texts += [realistic.csa_text(moved), realistic.csa_text(moved, floodgate=True)]
    return list(dict.fromkeys(texts))


_ODD = (
    "+\n",
    "-\n",
    "T12\n",
    "'a comment\n",
    "'** 100 +7776FU -3334FU\n",
    "+7776FU,%TORYO\n",
    "+7776XX\n",
    "+0055KA\n",
    "-3334FU,T3,'c\n",
    " , \n",
    "\n",
    "%TORYO\n",
    "$END_TIME:2024/01/01 00:00:00\n",
    "T\n",
    "+9999OU\n",
    "/\n",
    "%TORYO,T3\n",
    # joined to the line after them
    *("'", "',x", "T12345678901", "T1.1234567890", "+7776FU,T", " , ,", "'** 1 +7776FU"),
)

_ENDS = (
    ("PI\n+\n+7776FU\n%TORYO\nT3\n'end\n'**more\n", True, "the end, its time, comments"),
    ("PI\n+\n+7776FU,T1,'c\n-3334FU\n", True, "no end"),
    ("V2.2\nPI\n-\n-3334FU\n%CHUDAN , \n  ,\n", True, "blanks and commas after the end"),
    ("PI\n+\n+7776FU,%TORYO\n", True, "the end after a comma: the run stops at it"),
    ("PI\n+\n+7776FU,'100%\n-3334FU\n%TORYO\n", True, "a % inside a comment"),
    ("PI\n+\n+7776FU\n%TORYO\n$END_TIME:2024/01/01\n", False, "game information after"),
    ("PI\n+\n+7776FU\n/\nPI\n+\n+7776FU\n", True, "two records"),
    ("PI\n+\n+7776FU\n%TORYO\n/\nPI\n+\n+7776FU\n%TORYO\n", True, "two, ended"),
    ("PI\n+\n+7776FU\n'c\n/ \n,\n  V2.2\nPI\n-\n", True, "two, a blank separator line"),
    ("PI\n+\n+7776FU\n  /\nPI\n+\n-3334FU\n", True, "a separator after blanks"),
    ("PI\n+\n/\nPI\n+\n/\nPI\n-\n%TORYO\n", True, "three records, no moves"),
    ("PI\n+\n+7776FU,/\nPI\n+\n", True, "a separator after a comma"),
    ("PI\n+\n+7776FU\n ,%TORYO\n/\nPI\n+\n-3334FU\n", True, "blanks, a comma, the end"),
    ("PI\n+\n+7776FU\n'%/\n/\nPI\n+\n", True, "a comment holding both marks"),
    ("PI\n+\n+7776FU\n'1/2\n/\n'CSA encoding=UTF-8\nPI\n+\n", True, "a comment first"),
    ("PI\n+\n+7776FU\n/\n", False, "a separator last: an empty record"),
    ("PI\n+\n+7776FU\n/\n+7776FU\n", False, "a record without its head"),
    ("PI\n+\n+7776FU\n/\nPI\n+\n%TORYO\n$END_TIME:1\n", False, "information after"),
    ("PI\n+\n+7776FU\n/\n/\nPI\n+\n", False, "two separators"),
    ("\nPI\n+\n+7776FU\n", False, "a blank line first"),
    ("PI\n+\n+7776FU\n+77XXFU\n-3334FU\n", False, "a line no MOVE_LINE reads"),
    ("PI\n+\n%TORYO\n", True, "no moves: the head, then the end"),
    ("V2.2\nPI\n-\n%CHUDAN\nT0\n'aborted\n", True, "no moves, the end's time, a comment"),
    ("PI\n+\n", True, "the head alone"),
    ("PI\n+\nT3\n+7776FU\n", False, "a time before any move"),
)

# V3.0's encoding line and comment lines before the version line (floodgate's summary block,
# placed first) keep a record on the whole-record path.
_HEADS = (
    ("'CSA encoding=UTF-8\n", "V3.0's first line, as our writer and ShogiHome write it"),
    ("'summary:toryo:a win:b lose\n'black_rate:a:1500.0\n'white_rate:b:1400.0\n", "floodgate"),
    ("'CSA encoding=UTF-8\n'a note on the file\n", "the encoding, a comment"),
    ("'CSA encoding=UTF-8\n'CSA encoding=UTF-8\n", "the second is a comment there"),
)
_BEFORE_VERSION = tuple(
    (head + version + "N+a\nN-b\nPI\n+\n+7776FU\n-3334FU\n%TORYO\n", True, f"{why} {version!r}")
    for head, why in _HEADS
    for version in ("V2.2\n", "V3.0\n", "")
)

_TRICKY = (
    "+7776FU,T1.\n",  # a time's decimals may be none
    "+7776FU,T007,'*x,y\n'T3 ,x\n",
    "+7776FU\n'** 12 +7776FU\n' a'b \n",
    "+7776FU , , \n\n ,T12 ,\n",
    "PI82HI22KA\nP2 * -HI *  *  *  *  * -KA * \n+\n",
    # a name or `$` line runs to its line's end, commas and signs included
    "N+,+\n",
    "N-,-\n",
    "$A:,+\n",
)

_PIECES = (
    *("+", "-", "77", "76", "00", "FU", "TO", "T", "12", "1.", ".5", ",", " ", "\t", "\n"),
    *("'", "'*", "'**", "%TORYO", "PI", "P1", "N+", "$X:", "V2.2", "*"),
)


def _located(grammar: str) -> Callable[[Any], list[Any]]:
    """The records a CSA parse gives (tagged statements) as located tokens, runs cut."""

    def found(records: list[list[tuple[Any, ...]]]) -> list[Any]:
        runs = csa.run_pattern(grammar)
        return [
            [
                t
                for item in items
                for t in located(cut(item[1], runs) if item[0] == "run" else [item[1]])
            ]
            for items in records
        ]

    return found


#: The shapes the whole-record pattern leaves to lark's parser.
_NOT_WHOLE = frozenset(
    {
        "no head",  # no side-to-move line: no head run
        "a blank line first",
        "game information after the end",
    }
)


def _case(
    dialect: Dialect,
    parts: Parts,
    real: Callable[[], list[str]],
    whole_cases: tuple[tuple[str, bool, str], ...],
    kin: str,
    long: Long | None,
) -> Case:
    grammar = dialect.grammar
    return Case(
        name=dialect.name,
        declaration=csa.declaration(dialect),
        read=csa.reader(dialect),
        build=csa.builder(dialect, OPTIONS),
        suffixes=(f".{dialect.name}",),
        located=_located(grammar),
        whole_scans=False,
        real=real,
        diagram_mark="\nP1",
        parts=parts,
        not_whole=_NOT_WHOLE,
        whole_cases=whole_cases,
        odd_lines=_ODD,
        scan_only_lines=("+7776XX\n", "+77\n", "-\n", "T\n", "+7776FU,T\n"),
        scanned_share=0.75,
        head_runs=("INFO_RUN", "POSITION_RUN", "HEAD_RUN"),
        head_pieces=lambda: csa.run_pattern(grammar),
        run_lines=("MOVE_LINE",),
        reader_cut=reader_internals.csa_move_lines(grammar),
        row_cut=cell_pattern(grammar),
        marked=(
            *("_EOS", "COMMENT", "TIME", "MOVE_LINE"),
            *("MOVE_RUN", "HEAD_RUN", "INFO_RUN", "POSITION_RUN"),
        ),
        marked_groups=(),
        starts=" \t\n,",
        kin=(kin,),
        tricky=_TRICKY,
        pieces=_PIECES,
        memos=reader_internals.csa_memos,
        long=long,
    )


CSA_CASE = _case(
    CSA,
    Parts(
        head="V2.2\nN+a\nN-b\nPI\n+\n",
        moves="+7776FU\nT1\n-3334FU\nT2\n",
        next_moves="+2726FU\nT3\n",
        end="%TORYO\n",
        comment="'a note\n",
        info="$END_TIME:2024/01/01 00:00:00\n",
        more="/\nPI\n+\n+2726FU\n",
    ),
    _real,
    _ENDS + _BEFORE_VERSION,
    "msk",
    Long(re.compile(r"[+-]\d{4}[A-Z]{2}"), lambda line: line[:1] + "5955OU" + line[7:], "+7776XX"),
)

MSK_CASE = _case(
    MSK,
    Parts(
        head="V2.1-55\nPI\n+\n",
        moves="+3534GI\nT5\n-3122GI\nT6\n",
        next_moves="+2514KA\nT3\n",
        end="%TORYO\n",
        comment="'a note\n",
        info="$END_TIME:2024/01/01 00:00:00\n",
        more="/\nPI\n+\n+3534GI\n",
    ),
    list,  # benchmarks.realistic writes no MSK
    (),
    "csa",
    None,  # tests.test_deep_and_hostile's long game is 9x9
)
