"""Players' ratings as numbers, from the headers records carry them in.

Floodgate writes each player's rating as a note, ``'black_rate:name+hash:3382.0``, which the
CSA reader keeps as the header ``black_rate`` (``white_rate`` for 後手); the rating is the
number after the last ``:``. A value that is a number alone (``black_rate：3382``, as a KIF
written from such a game may hold after editing) reads too.

Example:
    >>> import kifu_lark
    >>> game = kifu_lark.loads("'black_rate:alpha+0f:3382.0\\nPI\\n+\\n", "csa")
    >>> kifu_lark.ratings(game)
    (3382.0, None)
"""

from __future__ import annotations

import math

from kifu_lark.model.game import Game
from kifu_lark.model.headers import Headers

#: The header keys holding black's and white's rating.
RATING_KEYS = ("black_rate", "white_rate")


def rating_value(value: str) -> float | None:
    """The rating in a header value (``name+hash:3382.0`` → 3382.0), ``None`` when the
    value ends in no finite number."""
    try:
        number = float(value.rsplit(":", 1)[-1].strip())
    except ValueError:
        return None
    return number if math.isfinite(number) else None


def ratings(record: Game | Headers) -> tuple[float | None, float | None]:
    """(black's rating, white's rating) from a game's (or a ``Headers``') ``black_rate`` and
    ``white_rate`` headers; ``None`` for a side without one."""
    headers = record.headers if isinstance(record, Game) else record
    found: dict[str, float | None] = {}
    for key, value in headers.entries:
        if isinstance(key, str) and key in RATING_KEYS and key not in found:
            found[key] = rating_value(value)
    return found.get("black_rate"), found.get("white_rate")
