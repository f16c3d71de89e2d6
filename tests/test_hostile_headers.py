"""Header keys are checked when written: every writer either writes a key so that it reads
back as that header, or refuses it (UnsupportedFeatureError) — never a file its reader takes
for something else (a comment, a hand, a variation, the moves header, another key). The one
key a writer may leave out is the file remark ``"#"``, in a format without remarks (JKF), and
then with a LossyWriteWarning."""

from __future__ import annotations

import warnings

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

import kifu_lark
from kifu_lark.errors import LossyWriteWarning, UnsupportedFeatureError
from kifu_lark.formats.csa_dialect import KEY_OF_NAME
from kifu_lark.formats.japanese_head import header_key
from kifu_lark.model import HeaderKey, Headers

HOSTILE = [
    "1abc",
    "▲x",
    "\u3000x",
    "*x",
    "#x",
    "&x",
    "a：b",
    "手数----指手",
    "手数--",
    "手数＝1",
    "先手の持駒",
    "変化",
]
WRITERS = ["kif", "ki2", "bod", "csa", "jkf"]


def _outcome(key: str, fmt: str) -> str:
    game = kifu_lark.loads("position startpos moves 7g7f", "usi")
    game.headers = Headers([(key, "v")])
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", LossyWriteWarning)
        try:
            text = kifu_lark.dumps(game, fmt)
        except UnsupportedFeatureError:
            return "refused"
    back = kifu_lark.loads(text, fmt)
    read = back.headers.entries
    if read == game.headers.entries:
        return "same"
    # left out, and said so: a file remark ("#") in JKF, which has none
    lossy = any(issubclass(w.category, LossyWriteWarning) for w in caught)
    return "left out, said" if lossy and read == [] else f"read as {read}"


@pytest.mark.parametrize("fmt", WRITERS)
@pytest.mark.parametrize("key", HOSTILE)
def test_hostile_keys_read_back_or_are_refused(key: str, fmt: str) -> None:
    """Keys starting with record syntax, holding ：, or naming other lines: same or refused."""
    assert _outcome(key, fmt) in ("same", "refused", "left out, said")


@pytest.mark.parametrize("key", HOSTILE)
def test_kif_refuses_the_keys_it_cannot_write(key: str) -> None:
    """KIF (and KI2, BOD, which share the header writer) refuse every one of them."""
    assert "refused" == _outcome(key, "kif")


@pytest.mark.parametrize(
    ("fmt", "outcome"),
    [("kif", "same"), ("ki2", "same"), ("bod", "same"), ("csa", "same"), ("jkf", "left out, said")],
)
def test_a_file_remark_reads_back_or_is_left_out_with_a_warning(fmt: str, outcome: str) -> None:
    """The key ``"#"`` is a file remark: the Japanese notations write a ``#`` line, CSA a
    ``'#`` line, each read back as the remark; JKF has none and says so (issue 37)."""
    assert outcome == _outcome("#", fmt)


@pytest.mark.parametrize("fmt", WRITERS)
@pytest.mark.parametrize("key", ["手数", "手数制限", "手数計"])
def test_keys_starting_with_tesuu_read_back(key: str, fmt: str) -> None:
    """手数：9 (a tsume problem's length) is no moves header and no 手数＝N: every writer
    writes it and reads it back (issue 37)."""
    assert "same" == _outcome(key, fmt)


def _standard(key: str) -> bool:
    """A name a format reads as a standard key (先手, 上手, EVENT …): it comes back as that
    HeaderKey, which is another test's business (the standard names)."""
    return isinstance(header_key(key), HeaderKey) or key.lstrip("$") in KEY_OF_NAME


@given(key=st.text(min_size=1, max_size=8))
def test_any_key_reads_back_or_is_refused(key: str) -> None:
    """Any key at all, in every writer with headers: read back as written, or refused."""
    assume(not _standard(key))
    for fmt in WRITERS:
        assert _outcome(key, fmt) in ("same", "refused", "left out, said"), (fmt, key)


@pytest.mark.parametrize("fmt", WRITERS)
def test_the_rotated_flag_with_a_value_is_a_header(fmt: str) -> None:
    """盤面回転 with no value is Kifu for Windows' display flag (its own line in KIF, KI2 and
    BOD); with a value it is an ordinary header, written and read back as one, not the flag
    with its value lost (hypothesis found the key)."""
    assert "same" == _outcome("盤面回転", fmt)
    game = kifu_lark.loads("position startpos moves 7g7f", "usi")
    game.headers = Headers([("盤面回転", "")])
    back = kifu_lark.loads(kifu_lark.dumps(game, fmt), fmt)
    assert [("盤面回転", "")] == back.headers.entries
