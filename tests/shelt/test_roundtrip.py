"""Round trips through every シェルト format, on records the checker accepts."""

from __future__ import annotations

import pytest
from attrs import evolve
from hypothesis import given
from hypothesis import strategies as st

import kifu_lark
from kifu_lark import shelt
from kifu_lark.shelt import replay, written_of
from kifu_lark.shelt.model import SheltRecord
from tests.shelt.strategies import records, records_with_variations

FULL = ["shelt-normal", "shelt-strict", "shelt-kanji"]
ALL = ["shelt-simple", *FULL, "msf"]


def _plain(record: SheltRecord) -> SheltRecord:
    """``record`` without what only some formats hold: annotations, times and comments."""
    plies = tuple(
        evolve(p, axis=False, checks=(), mates=(), magic=None, time=None, comment=None)
        for p in record.plies
    )
    result = evolve(record.result, time=None, comment=None)
    return evolve(record, plies=plies, result=result, start_time=None, start_comment=None)


@pytest.mark.parametrize("fmt", FULL)
@given(record=records())
def test_annotated_records_survive(fmt: str, record: SheltRecord) -> None:
    """read(write(r)) == r in the formats that hold check, mate, count and axis."""
    assert record == shelt.loads(shelt.dumps(record, fmt), fmt)


@pytest.mark.parametrize("fmt", ALL)
@given(record=records(annotated=False, replace=False))
def test_plain_records_survive(fmt: str, record: SheltRecord) -> None:
    """read(write(r)) == r in every format for records without annotations or replacing."""
    assert record == shelt.loads(shelt.dumps(record, fmt), fmt)


@given(record=records(annotated=False, replace=False, timed=True))
def test_msf_keeps_times_and_comments(record: SheltRecord) -> None:
    """MSF holds times and comments of the start, every ply and the result."""
    assert record == shelt.loads(shelt.dumps(record, "msf"), "msf")


@pytest.mark.parametrize("fmt", ["shelt-simple", "msf"])
@given(record=records(replace=False, timed=True))
def test_formats_without_annotations_project(fmt: str, record: SheltRecord) -> None:
    """Writing to a format leaves out what it cannot hold, and nothing else."""
    assert _plain(record) == _plain(shelt.loads(shelt.dumps(record, fmt), fmt))
    if fmt == "shelt-simple":
        assert _plain(record) == shelt.loads(shelt.dumps(record, fmt), fmt)


@given(record=records(annotated=False, replace=False), data=st.data())
def test_chains_of_conversions_keep_the_positions(record: SheltRecord, data: st.DataObject) -> None:
    """Any chain of conversions through the five formats keeps every position."""
    chain = data.draw(st.lists(st.sampled_from(ALL), min_size=2, max_size=4))
    current = record
    for fmt in chain:
        current = shelt.loads(shelt.dumps(current, fmt), fmt)
    assert record.positions() == current.positions()


@pytest.mark.parametrize("fmt", ALL)
@given(record=records(annotated=False, replace=False))
def test_writing_is_idempotent(fmt: str, record: SheltRecord) -> None:
    """write(read(write(r))) == write(r)."""
    text = shelt.dumps(record, fmt)
    assert text == shelt.dumps(shelt.loads(text, fmt), fmt)


@pytest.mark.parametrize("fmt", ["shelt-simple", "msf"])
@given(record=records(annotated=False, replace=True))
def test_replacing_is_refused_where_it_has_no_form(fmt: str, record: SheltRecord) -> None:
    """簡易式 and MSF refuse a record that replaces the piece on teems, and only then."""
    replaces = any(p.kind.value == "ft" for p in record.plies)
    try:
        shelt.dumps(record, fmt)
    except kifu_lark.KifuError as err:
        assert replaces and "UNSUPPORTED" == err.code
    else:
        assert not replaces


@given(record=records())
def test_replaying_written_forms_gives_the_same_plies(record: SheltRecord) -> None:
    """written_of(ply) resolves back to the same ply when replayed from the start."""
    again = replay(
        record.start, [written_of(p) for p in record.plies], format="test", fala=record.fala
    )
    assert list(record.plies) == again


@given(record=records_with_variations())
def test_msf_keeps_variations(record: SheltRecord) -> None:
    """MSF holds variations (mit) and their variations, each checked from where it branches."""
    assert record == shelt.loads(shelt.dumps(record, "msf"), "msf")


@pytest.mark.parametrize("fmt", ["shelt-simple", *FULL])
@given(record=records_with_variations())
def test_text_formats_refuse_variations_unless_mainline_only(fmt: str, record: SheltRecord) -> None:
    """The text notations hold one line: variations are refused, or dropped on request."""
    main = evolve(record, variations=())
    if record.variations:
        with pytest.raises(kifu_lark.KifuError):
            shelt.dumps(record, fmt)
    text = kifu_lark.dumps(record, fmt, mainline_only=True)  # type: ignore[arg-type]
    assert main == shelt.loads(text, fmt)
