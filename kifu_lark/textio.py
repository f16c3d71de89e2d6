"""Decoding record files: BOMs, UTF-8, CP932 (Shift_JIS) and EUC-JP, detected from bytes."""

from __future__ import annotations

import re
from typing import NamedTuple

from kifu_lark.errors import KifuEncodingError, Setting

_DECLARED = re.compile(rb"^#KIF\s+version=[\d.]+\s+encoding=([\w-]+)", re.MULTILINE)
_CSA_CHARSET = re.compile(rb"^'(?:\s*)charset=([\w-]+)", re.MULTILINE | re.IGNORECASE)
# CSA V3.0's first line
_CSA_ENCODING = re.compile(rb"\A'CSA encoding=([\w-]+)")
_ALIASES = {
    "utf8": "utf-8",
    "utf-8": "utf-8",
    "shift_jis": "cp932",
    "shift-jis": "cp932",
    "sjis": "cp932",
    "cp932": "cp932",
    "windows-31j": "cp932",
    "euc-jp": "euc-jp",
    "eucjp": "euc-jp",
}


def normalize_encoding(name: str) -> str:
    """Our name for an encoding label (``Shift_JIS`` → ``cp932``)."""
    return _ALIASES.get(name.strip().lower(), name.strip().lower())


def _japanese_score(text: str) -> float:
    """How much ``text`` looks like Japanese shogi text rather than mojibake."""
    good = sum(
        1
        for ch in text
        if "\u3040" <= ch <= "\u30ff" or "\u4e00" <= ch <= "\u9fff" or "\uff10" <= ch <= "\uff19"
    )
    bad = sum(1 for ch in text if "\uff61" <= ch <= "\uff9f" or "\ue000" <= ch <= "\uf8ff")
    return good - 3 * bad


class Misdeclared(NamedTuple):
    """An encoding a text declares (``#KIF … encoding=``, ``'CSA encoding=``, ``'charset=``)
    that its bytes do not fit: the bytes were read in another one.

    Attributes:
        declared: the encoding as the text names it (``UTF-8``).
        used: the encoding the bytes were read in (``cp932``).
        line: the 1-based line of the declaration.
    """

    declared: str
    used: str
    line: int

    def message(self) -> str:
        """What a reader is told: the declaration is wrong, and what was done instead."""
        return (
            f"the text declares the encoding {self.declared}, which its bytes are not: "
            f"read as {self.used}"
        )


def decode(data: bytes, encoding: str | None = None) -> tuple[str, str]:
    """Decode record bytes; returns ``(text, encoding used)``.

    With ``encoding`` given it is used as is. Otherwise: a BOM wins; then an explicit
    ``#KIF … encoding=``, CSA V3.0 ``'CSA encoding=`` or CSA ``'charset=`` line; then UTF-8
    if the bytes are valid UTF-8; then CP932 or EUC-JP, whichever reads more like Japanese.
    :func:`decode_declared` also says when the declaration was wrong.

    Raises:
        KifuEncodingError: when the bytes fit none of them.
    """
    text, used, _ = decode_declared(data, encoding)
    return text, used


def decode_declared(
    data: bytes, encoding: str | None = None
) -> tuple[str, str, Misdeclared | None]:
    """As :func:`decode`, and the declaration the bytes contradict, if any (a ``#KIF …
    encoding=UTF-8`` file saved in CP932; a BOM of UTF-8 before a declaration of another
    encoding): readers report it as a warning on the game (``DECLARED_ENCODING``).

    Raises:
        KifuEncodingError: when the bytes fit no encoding.
    """
    if encoding is not None:
        name = normalize_encoding(encoding)
        try:
            return data.decode(name), name, None
        except (UnicodeDecodeError, LookupError) as err:
            raise _decode_error(data, name, err) from None
    bom = data.startswith(b"\xef\xbb\xbf")
    head = data[3:4099] if bom else data[:4096]
    # The line-start patterns would be tried at every byte of the head: only where their
    # fixed part is there at all.
    declared = (
        _CSA_ENCODING.match(head)
        or (_DECLARED.search(head) if b"#KIF" in head else None)
        or (_CSA_CHARSET.search(head) if b"charset=" in head.lower() else None)
    )
    if bom:
        try:
            text = data[3:].decode("utf-8")
        except UnicodeDecodeError as err:
            raise _decode_error(data, "utf-8-sig", err) from None
        return text, "utf-8-sig", _misdeclared(declared, head, "utf-8-sig")
    if declared:
        name = normalize_encoding(declared.group(1).decode("ascii"))
        try:
            return data.decode(name), name, None
        except (UnicodeDecodeError, LookupError):
            pass  # a wrong declaration: detect the encoding, and say so
    text, used = _detect(data)
    return text, used, _misdeclared(declared, head, used)


def _misdeclared(declared: re.Match[bytes] | None, head: bytes, used: str) -> Misdeclared | None:
    """The declaration ``declared`` found in ``head``, when it names another encoding than
    the one the bytes were read in (``used``)."""
    if declared is None:
        return None
    name = declared.group(1).decode("ascii")
    if normalize_encoding(name) == used.removesuffix("-sig"):
        return None
    return Misdeclared(name, used, head.count(b"\n", 0, declared.start()) + 1)


def _detect(data: bytes) -> tuple[str, str]:
    """UTF-8 if the bytes are valid UTF-8; then CP932 or EUC-JP, whichever reads more like
    Japanese."""
    try:
        return data.decode("utf-8"), "utf-8"
    except UnicodeDecodeError:
        pass
    candidates: list[tuple[float, str, str]] = []
    for name in ("cp932", "euc-jp"):
        try:
            text = data.decode(name)
        except UnicodeDecodeError:
            continue
        candidates.append((_japanese_score(text), name, text))
    if not candidates:
        try:
            data.decode("cp932")
        except UnicodeDecodeError as err:
            raise _decode_error(data, "utf-8, cp932 or euc-jp", err) from None
    best = max(candidates, key=lambda c: (c[0], c[1] == "cp932"))
    return best[2], best[1]


_READ_AS = Setting("encoding")
_WRITE_UTF8 = Setting("encoding", "utf-8", writing=True)


def _decode_error(data: bytes, name: str, err: Exception) -> KifuEncodingError:
    line = column = None
    if isinstance(err, UnicodeDecodeError):
        before = data[: err.start]
        line = before.count(b"\n") + 1
        column = err.start - (before.rfind(b"\n") + 1) + 1
    return KifuEncodingError(
        f"the bytes are not valid {name}",
        line=line,
        column=column,
        text=repr(data[getattr(err, "start", 0) : getattr(err, "start", 0) + 4]),
        hint=f"pass {_READ_AS} (utf-8, cp932, euc-jp)",
        settings=(_READ_AS,),
    )


def encode(text: str, encoding: str, format: str | None = None) -> bytes:
    """Encode for writing; characters the encoding cannot hold raise a clear error."""
    try:
        return text.encode(encoding)
    except UnicodeEncodeError as err:
        before = text[: err.start]
        line = before.count("\n") + 1
        column = err.start - (before.rfind("\n") + 1) + 1
        raise KifuEncodingError(
            f"{text[err.start : err.end]!r} cannot be written in {encoding}",
            format=format,
            line=line,
            column=column,
            text=text[err.start : err.end],
            hint=f"write UTF-8 instead ({_WRITE_UTF8} or a .kifu/.ki2u file)",
            settings=(_WRITE_UTF8,),
        ) from None
