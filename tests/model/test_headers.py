"""Headers read as a mapping keyed by the names users type, in any notation's spelling."""

from __future__ import annotations

import pytest

import kifu_lark
from kifu_lark.model.headers import SPELLINGS, HeaderKey, Headers

KIF = "先手：羽生善治\n後手：谷川浩司\n棋戦：竜王戦\n棋譜ID：124\n手数----指手--\n   1 ７六歩(77)\n"
CSA = "V2.2\nN+羽生善治\nN-谷川浩司\n$EVENT:竜王戦\n$棋譜ID:124\nPI\n+\n+7776FU\n"


@pytest.mark.parametrize(("text", "fmt"), [(KIF, "kif"), (CSA, "csa")])
def test_headers_read_by_kif_csa_and_enum_names(text: str, fmt: str) -> None:
    """headers["先手"], ["N+"], [HeaderKey.BLACK] and .get find the same value in any record."""
    headers = kifu_lark.loads(text, fmt).headers
    assert "羽生善治" == headers["先手"] == headers["N+"] == headers[HeaderKey.BLACK]
    assert "竜王戦" == headers.get("棋戦") == headers.get("$EVENT")
    assert "124" == headers["棋譜ID"]
    assert "棋戦" in headers and "$EVENT" in headers and HeaderKey.EVENT in headers
    assert "表題" not in headers
    assert headers.get("表題") is None and "-" == headers.get("表題", "-")
    with pytest.raises(KeyError):
        headers["表題"]


def test_keys_items_and_dict_use_kif_names() -> None:
    """keys(), items() and dict() give each key once, by its KIF name, first value first."""
    headers = Headers([(HeaderKey.BLACK, "甲"), ("#", "a"), ("#", "b"), ("下手", "乙")])
    assert ["先手", "#"] == list(headers.keys())
    assert [("先手", "甲"), ("#", "a")] == list(headers.items())
    assert {"先手": "甲", "#": "a"} == dict(headers)
    assert 2 == len(headers)
    assert ["甲", "乙"] == headers.get_all("N+")


def test_setting_by_name_stores_the_standard_key() -> None:
    """headers["$EVENT"] = … stores HeaderKey.EVENT, so every writer writes its own name."""
    game = kifu_lark.loads("position startpos moves 7g7f", "usi")
    game.headers["$EVENT"] = "竜王戦"
    game.headers["先手"] = "甲"
    game.headers["先手"] = "乙"  # replaces
    assert [(HeaderKey.EVENT, "竜王戦"), (HeaderKey.BLACK, "乙")] == game.headers.entries
    assert "$EVENT:竜王戦" in kifu_lark.dumps(game, "csa")
    assert "棋戦：竜王戦" in kifu_lark.dumps(game, "kif")
    del game.headers["棋戦"]
    assert [(HeaderKey.BLACK, "乙")] == game.headers.entries
    with pytest.raises(KeyError):
        del game.headers["棋戦"]


@pytest.mark.parametrize("spelling", sorted(SPELLINGS))
def test_every_spelling_is_how_a_reader_reads_that_key(spelling: str) -> None:
    """Each spelling the mapping accepts is one a reader maps to the same HeaderKey."""
    key = SPELLINGS[spelling]
    if spelling.startswith(("$", "N")):
        line = f"N{spelling[1]}x" if spelling.startswith("N") else f"{spelling}:x"
        text = f"V2.2\n{line}\nPI\n+\n"
        fmt = "csa"
    else:
        text = f"{spelling}：x\n手数----指手--\n"
        fmt = "kif"
    assert [(key, "x")] == kifu_lark.loads(text, fmt).headers.entries
