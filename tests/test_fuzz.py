"""Fuzzing every reader with mutations of its fixtures: cut, duplicated and swapped lines,
random bytes, wrong encodings. Nothing but ``KifuError`` may come out, quickly, and each
carries a hint (what to check or do)."""

from __future__ import annotations

import re
import time
from collections.abc import Sequence
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import kifu_lark
from kifu_lark.errors import KifuError
from kifu_lark.formats.base import Format
from kifu_lark.formats.registry import all_formats
from kifu_lark.textio import decode
from tests.conftest import FIXTURES

CASES: list[tuple[Format, Path]] = []
for _fmt in all_formats():
    _folder = FIXTURES / _fmt.name
    if _folder.is_dir():
        CASES += [
            (_fmt, p)
            for p in sorted(_folder.rglob("*"))
            if p.is_file() and p.suffix.lower() in _fmt.extensions
        ]


# Text that broke readers in the issue-13 campaign, put into lines of any format (an insert
# at a line start, or after a line's first characters): the classes stay found.
HOSTILE: list[bytes] = [
    s.encode("utf-8")
    for s in (
        "9" * 5000,  # an integer beyond Python's digit limit in JSON; a long digit line
        "P-00KI" * 45,  # more pieces of a kind than the set
        "先手の持駒：金百",
        "後手の持駒：金一〇 歩十九",
        "先手の持駒：" + " " * 3000 + "x",  # a long blank run, then a stray character
        "変化：2手 △８四歩",  # a keyword followed by text
        "手数----指手---------消費時間-- 1 ７六歩(77)",
        "まで2手で中断▲２六歩",
        "*comment\rwith a CR",
        "$NOTE:line\rbreak",
        "１先手：x",  # hostile header keys
        "▲key：v",
        "#：v",
        "[" * 3000,  # deep JSON nesting
        '{"moves":[' + '{"forks":[[' * 400,
        "  1 ７六歩(77)\n" * 3 + "変化：1手\n" * 3,  # wide, repeated variations
    )
]


def check_error(err: KifuError) -> None:
    """A caught error renders, and says what to check or do."""
    str(err)  # rendering the message must not fail either
    assert err.hint, f"{err.code} has no hint: {err}"


@st.composite
def mutations(draw: st.DrawFn, data: bytes) -> bytes:
    """``data`` changed by one to three random edits at line or byte level."""
    for _ in range(draw(st.integers(1, 3))):
        lines = data.split(b"\n")
        op = draw(
            st.sampled_from(
                ["cut", "dup", "swap", "drop", "bytes", "truncate", "recode", "hostile"]
            )
        )
        i = draw(st.integers(0, max(len(lines) - 1, 0)))
        j = draw(st.integers(0, max(len(lines) - 1, 0)))
        if op == "cut" and lines[i]:
            k = draw(st.integers(0, len(lines[i])))
            lines[i] = lines[i][:k]
        elif op == "dup":
            lines.insert(i, lines[j])
        elif op == "swap":
            lines[i], lines[j] = lines[j], lines[i]
        elif op == "drop" and len(lines) > 1:
            del lines[i]
        elif op == "bytes":
            k = draw(st.integers(0, len(lines[i])))
            lines[i] = lines[i][:k] + draw(st.binary(min_size=1, max_size=8)) + lines[i][k:]
        elif op == "hostile":
            k = draw(st.integers(0, min(len(lines[i]), 4)))
            lines[i] = lines[i][:k] + draw(st.sampled_from(HOSTILE)) + lines[i][k:]
        elif op == "truncate":
            data = data[: draw(st.integers(0, len(data)))]
            continue
        elif op == "recode":
            try:
                text, _ = decode(data)
            except KifuError:
                text = data.decode("latin-1")
            target = draw(st.sampled_from(["cp932", "euc-jp", "utf-16", "latin-1"]))
            data = text.encode(target, errors="replace")
            continue
        data = b"\n".join(lines)
    return data


@st.composite
def damaged(draw: st.DrawFn, text: str, odd_lines: Sequence[str]) -> str:
    """``text`` with :func:`mutations` made to its bytes, or one to three of ``odd_lines``
    (whole lines, each with its line break) inserted."""
    if draw(st.booleans()):
        return draw(mutations(text.encode())).decode("utf-8", "replace")
    lines = text.splitlines(keepends=True)
    for _ in range(draw(st.integers(1, 3))):
        at = draw(st.integers(0, len(lines)))
        lines.insert(at, draw(st.sampled_from(odd_lines)))
    return "".join(lines)


@pytest.mark.parametrize(
    ("fmt", "path"), CASES, ids=[f"{f.name}:{p.relative_to(FIXTURES)}" for f, p in CASES]
)
@settings(max_examples=25)
@given(data=st.data())
def test_mutated_fixture_raises_only_kifu_errors(
    fmt: Format, path: Path, data: st.DataObject
) -> None:
    """A mutated record reads or fails with a KifuError, in time proportional to its size."""
    mutated = data.draw(mutations(path.read_bytes()))
    started = time.perf_counter()
    try:
        text, _ = decode(mutated)
        kifu_lark.loads_all(text, fmt.name)
    except KifuError as err:
        check_error(err)
    elapsed = time.perf_counter() - started
    # Generous bound: a linear reader handles these small inputs in milliseconds; a hang or
    # a quadratic blow-up does not.
    assert elapsed < 2.0 + len(mutated) / 20_000


def test_every_reader_rejects_binary_noise() -> None:
    """Random bytes never escape as anything but KifuError for any reader."""
    noise = bytes(range(256)) * 3
    for fmt in all_formats():
        try:
            kifu_lark.loads_all(noise.decode("latin-1"), fmt.name)
        except KifuError as err:
            check_error(err)


@pytest.mark.parametrize(
    ("fmt", "path"), CASES, ids=[f"{f.name}:{p.relative_to(FIXTURES)}" for f, p in CASES]
)
def test_every_hostile_text_in_every_fixture_raises_only_kifu_errors(
    fmt: Format, path: Path
) -> None:
    """Each HOSTILE text, put at the start of the second line and at the end: the record
    reads or fails with a KifuError."""
    data = path.read_bytes()
    head, _, rest = data.partition(b"\n")
    for hostile in HOSTILE:
        for mutated in (head + b"\n" + hostile + b"\n" + rest, data + b"\n" + hostile):
            try:
                text, _ = decode(mutated)
                kifu_lark.loads_all(text, fmt.name)
            except KifuError as err:
                check_error(err)


_DIGIT_RUN_END = re.compile(rb"[0-9](?![0-9])")


@pytest.mark.parametrize(
    ("fmt", "path"), CASES, ids=[f"{f.name}:{p.relative_to(FIXTURES)}" for f, p in CASES]
)
def test_a_number_grown_past_every_limit_raises_only_kifu_errors(fmt: Format, path: Path) -> None:
    """Every number of the fixture (each run of digits) grown to 400 digits (past what a
    float holds) and to 5 000 (past what Python converts to int): a KifuError or a record,
    never an OverflowError or ValueError."""
    data = path.read_bytes()
    for end in _DIGIT_RUN_END.finditer(data):
        for digits in (b"9" * 400, b"9" * 5000):
            mutated = data[: end.end()] + digits + data[end.end() :]
            try:
                text, _ = decode(mutated)
                kifu_lark.loads_all(text, fmt.name)
            except KifuError as err:
                check_error(err)
