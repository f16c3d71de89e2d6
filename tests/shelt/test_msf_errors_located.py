"""Every refusal of an MSF record says where: line and column of the offending value,
whether the field has a wrong type, is missing, or sits deep in a variation."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

import kifu_lark
from kifu_lark.errors import KifuError
from tests.conftest import FIXTURES

SOURCE = FIXTURES / "msf" / "canonical" / "variations.msf"


def _record() -> Any:
    return json.loads(SOURCE.read_text(encoding="utf-8"))


def _first_variation(data: Any) -> Any:
    for i, node in enumerate(data["seslax"]):
        if node.get("mit"):
            return i, node["mit"][0]
    raise AssertionError("the fixture has a variation")


def _set(path: list[str | int], value: Any) -> Callable[[Any], str]:
    def mutate(data: Any) -> str:
        target = data
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value
        return json.dumps(path)

    return mutate


def _ov_of_variation(value: Any) -> Callable[[Any], str]:
    def mutate(data: Any) -> str:
        _, variation = _first_variation(data)
        variation["seslax"][0]["ov"] = value
        return "variation ov"

    return mutate


def _drop_ov(data: Any) -> str:
    del data["seslax"][1]["ov"]
    return "missing ov"


MUTATIONS = {
    "ov a number": _set(["seslax", 0, "ov"], 5),
    "ov a list": _set(["seslax", 1, "ov"], []),
    "ov missing": _drop_ov,
    "slax not an object": _set(["seslax", 0, "slax"], "x"),
    "seslax not a list": _set(["seslax"], {}),
    "entry not an object": _set(["seslax", 1], 7),
    "fala negative": _set(["kit", "fala"], -1),
    "kit.slax broken": _set(["kit", "slax"], []),
    "fixt unknown": _set(["fixt"], {"pit": "nope"}),
    "aptex value a number": _set(["aptex", "title"], 3),
    "mit not a list": _set(["kit", "mit"], 4),
    "variation ov a number": _ov_of_variation(9),
}


@pytest.mark.parametrize("name", sorted(MUTATIONS))
def test_a_broken_field_is_located(name: str) -> None:
    data = _record()
    MUTATIONS[name](data)
    text = json.dumps(data, ensure_ascii=False, indent=1)
    with pytest.raises(KifuError) as caught:
        kifu_lark.loads(text, "msf")
    err = caught.value
    assert err.line is not None and err.column is not None, str(err)
    lines = text.splitlines()
    assert 1 <= err.line <= len(lines)
    # every mutated value is below the record's opening brace: line 1 is no location
    assert err.line > 1, str(err)


def test_a_number_as_ov_points_at_that_node() -> None:
    """The error's line is the line that holds the bad ov value."""
    data = _record()
    data["seslax"][2]["ov"] = 12345
    text = json.dumps(data, ensure_ascii=False, indent=1)
    with pytest.raises(KifuError) as caught:
        kifu_lark.loads(text, "msf")
    err = caught.value
    assert err.line is not None and err.column is not None
    assert "12345" in text.splitlines()[err.line - 1][err.column - 1 :]
    assert "move 3" in str(err)
