"""The matcher's quick constructor of ``Found`` (kifu_lark/tactics/match.py ``found``) makes
what the class's own constructor makes."""

from __future__ import annotations

import attrs
import pytest

import kifu_lark
from kifu_lark.model.color import Color
from kifu_lark.model.square import Square
from kifu_lark.tactics.found import Found
from kifu_lark.tactics.match import found


def test_found_has_only_plain_slots() -> None:
    """Every field is a slot with no validator, converter or post-init hook to run, so
    setting the slots is all the constructor does."""
    assert "__slots__" in Found.__dict__
    assert not hasattr(Found, "__attrs_post_init__")
    for one in attrs.fields(Found):
        assert one.validator is None and one.converter is None and one.on_setattr is None


@pytest.mark.parametrize("given", [5, 9])
def test_found_matches_the_class_constructor(given: int) -> None:
    """All fields given, or the defaults: equal, with the same node and the same fields
    one by one (``node`` takes no part in equality)."""
    game = kifu_lark.loads("position startpos moves 7g7f 3c3d 2h6h", "usi")
    node = game.root.children[0].children[0]
    args: tuple[object, ...] = (Color.WHITE, "手筋", "垂れ歩", 2, node)
    if given == 9:
        args += (("歩",), (Square(3, 4),), (Square(3, 3), Square(2, 2)), ("moved: drop",))
    made, reference = found(*args), Found(*args)  # type: ignore[arg-type]
    assert made == reference and hash(made) == hash(reference)
    for one in attrs.fields(Found):
        assert getattr(made, one.name) is getattr(reference, one.name), one.name
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        made.ply = 3  # type: ignore[misc]
