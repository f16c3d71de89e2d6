"""Writing MSF: the record, the position after every ply, and the variations (``mit``)."""

from __future__ import annotations

import json
from typing import Any

from kifu_lark.errors import UnsupportedFeatureError
from kifu_lark.formats.base import WriteOptions
from kifu_lark.shelt.checker import apply
from kifu_lark.shelt.model import Ply, PlyKind, Result, SheltRecord, Square, State, Variation

NAME = "msf"


def state_to_msf(state: State) -> dict[str, Any]:
    """The MSF ``State`` object of ``state``."""
    return {
        "sast": state.side.msf,
        "arxe": {"txifol": list(state.pools[0]), "evol": state.placed[0]},
        "sorn": {"txifol": list(state.pools[1]), "evol": state.placed[1]},
        "ele": [list(row) for row in state.board],
        "korol": list(state.turned),
    }


def _pos(square: Square | None) -> dict[str, int]:
    assert square is not None
    return {"alsia": square.file - 1, "soom": square.rank}


def _ov(ply: Ply, number: int) -> dict[str, Any]:
    if ply.kind is PlyKind.MOVE:
        return {"pit": "leim", "luul": [{"i": _pos(ply.from_), "a": _pos(ply.to)}]}
    if ply.kind is PlyKind.OKKE:
        return {
            "pit": "okke",
            "luul": [
                {"i": _pos(ply.from_), "a": _pos(ply.to)},
                {"i": _pos(ply.partner_from), "a": _pos(ply.partner_to)},
            ],
        }
    if ply.kind is PlyKind.TURN:
        return {"pit": "kor", "ka": _pos(ply.to)}
    if ply.kind is PlyKind.PLACE:
        return {"pit": "ev", "evol": ply.placed}
    if ply.kind is PlyKind.TAKE_BACK:
        return {"pit": "sed"}
    raise UnsupportedFeatureError(
        f"MSF has no move for replacing the piece on teems (move {number})",
        format=NAME,
        hint="write it in shelt-normal, shelt-strict or shelt-kanji",
    )


def _optional(obj: dict[str, Any], **values: Any) -> dict[str, Any]:
    obj.update({k: v for k, v in values.items() if v is not None})
    return obj


def _fixt(result: Result) -> dict[str, Any]:
    fixt: dict[str, Any] = {"pit": result.kind}
    if result.winner is not None:
        fixt["vastan"] = result.winner.msf
    return _optional(fixt, ito=result.points, im=result.time, oprens=result.comment)


def _line(
    start: State, fala: int, plies: tuple[Ply, ...], variations: tuple[Variation, ...]
) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The nodes of a line from ``start``, and the variations of its first ply (which MSF
    keeps in the list holding the line itself)."""
    states = [start]
    for ply in plies:
        states.append(apply(states[-1], ply))
    mits: list[list[dict[str, Any]]] = [[] for _ in range(len(plies) + 1)]
    for variation in variations:
        if not 0 <= variation.at <= len(plies):
            raise UnsupportedFeatureError(
                f"a variation after ply {variation.at} of a line of {len(plies)}",
                format=NAME,
                hint="a variation branches from a ply of its line, 0 to its length",
            )
        nodes, first = _line(
            states[variation.at], fala + variation.at, variation.plies, variation.variations
        )
        mits[variation.at].append({"fixt": _fixt(variation.result), "seslax": nodes})
        mits[variation.at].extend(first)
    out = []
    for i, ply in enumerate(plies):
        node = {"ov": _ov(ply, fala + i + 1), "slax": state_to_msf(states[i + 1])}
        out.append(_optional(node, im=ply.time, oprens=ply.comment) | {"mit": mits[i + 1]})
    return out, mits[0]


def write_msf(record: SheltRecord, options: WriteOptions) -> str:
    """Write ``record`` as MSF JSON, with the position after every ply and the variations."""
    del options
    keys = [key for key, _ in record.tags]
    if len(set(keys)) != len(keys):
        raise UnsupportedFeatureError(
            "MSF tags (aptex) are a JSON object: a tag cannot repeat",
            format=NAME,
            hint="keep one value per tag, or write a text notation (@ lines may repeat)",
        )
    nodes, first = _line(record.start, record.fala, record.plies, record.variations)
    kit = _optional(
        {"slax": state_to_msf(record.start), "fala": record.fala, "mit": first},
        im=record.start_time,
        oprens=record.start_comment,
    )
    data = {"aptex": dict(record.tags), "fixt": _fixt(record.result), "kit": kit, "seslax": nodes}
    return _dump(data, 0) + "\n"


def _dump(value: Any, depth: int) -> str:
    """JSON with short arrays and objects on one line (board rows stay readable)."""
    flat = json.dumps(value, ensure_ascii=False)
    nested = isinstance(value, list) and any(isinstance(x, list) for x in value)
    if (len(flat) <= 72 and not nested) or not isinstance(value, dict | list) or not value:
        return flat
    pad = "    " * (depth + 1)
    if isinstance(value, list):
        inner = [pad + _dump(x, depth + 1) for x in value]
        return "[\n" + ",\n".join(inner) + "\n" + "    " * depth + "]"
    inner = [
        f"{pad}{json.dumps(k, ensure_ascii=False)}: {_dump(v, depth + 1)}" for k, v in value.items()
    ]
    return "{\n" + ",\n".join(inner) + "\n" + "    " * depth + "}"
