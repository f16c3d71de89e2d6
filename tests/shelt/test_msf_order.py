"""MSF keeps the order in which a file lists captured (txifol) and turned (korol) pieces:
msf → msf is the identity on the data, although the order carries no rule."""

from __future__ import annotations

import json

from kifu_lark import shelt
from tests.conftest import FIXTURES, require_corpus


def _pools(data: dict[str, object]) -> list[list[object]]:
    nodes = data["seslax"]
    assert isinstance(nodes, list)
    return [[n["slax"][side]["txifol"] for side in ("arxe", "sorn")] for n in nodes]


def test_fixture_listing_captures_out_of_order_is_written_as_read() -> None:
    """Our fixture lists some captures newest first: they are written back in that order."""
    path = FIXTURES / "msf" / "listed_order.msf"
    data = json.loads(path.read_text(encoding="utf-8"))
    written = json.loads(shelt.dumps(shelt.load(path), "msf"))
    assert _pools(data) == _pools(written)
    assert data == written


def test_order_is_not_part_of_equality() -> None:
    """The record read equals the one of the text notation it was made from."""
    plain = shelt.load(FIXTURES / "shelt-simple" / "canonical" / "seren_tikno_2007.shsi")
    assert plain == shelt.load(FIXTURES / "msf" / "listed_order.msf")


def test_published_2007_record_round_trips_exactly() -> None:
    """The published 2007 game: load → dump gives the same JSON data (txifol included)."""
    path = require_corpus() / "mino-seslax-format" / "seren_tikno_2007.msf"
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data == json.loads(shelt.dumps(shelt.load(path), "msf"))
