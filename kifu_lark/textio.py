"""Decoding record files: BOMs, UTF-8, CP932 (Shift_JIS) and EUC-JP, detected from bytes."""

from __future__ import annotations

import codecs
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


#: What ``tolerate=`` takes beside the rule breaches: ``"truncated"`` reads the complete
#: lines of a record whose bytes end inside a character (a file cut short), with a warning.
TRUNCATED = "truncated"
READING_TOLERANCES = frozenset({TRUNCATED})
_CANDIDATES = ("utf-8", "cp932", "euc-jp")


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


class Decoded(NamedTuple):
    """What :func:`decode_tolerant` read.

    Attributes:
        text: the decoded text (without the cut line, when ``cut`` is set).
        encoding: the encoding the bytes were read in.
        misdeclared: the declaration the bytes contradict, if any.
        cut: the error the last line gave when it ends inside a character and
            ``truncated`` was asked for (``TRUNCATED``); ``None`` when nothing was cut.
    """

    text: str
    encoding: str
    misdeclared: Misdeclared | None
    cut: KifuEncodingError | None


class _Undecodable(Exception):
    """The encoding that read furthest, and where it stopped."""

    def __init__(self, name: str, err: UnicodeDecodeError | LookupError) -> None:
        super().__init__(name)
        self.name = name
        self.err = err


def decode(data: bytes, encoding: str | None = None) -> tuple[str, str]:
    """Decode record bytes; returns ``(text, encoding used)``.

    With ``encoding`` given it is used as is. Otherwise: a BOM wins; then an explicit
    ``#KIF … encoding=``, CSA V3.0 ``'CSA encoding=`` or CSA ``'charset=`` line; then UTF-8
    if the bytes are valid UTF-8; then CP932 or EUC-JP, whichever reads more like Japanese.
    :func:`decode_declared` also says when the declaration was wrong.

    Raises:
        KifuEncodingError: when the bytes fit none of them, located where the encoding that
            read furthest stopped (code ``TRUNCATED`` when that is on the last line, which
            ends inside a character: a file cut short).
    """
    found = decode_tolerant(data, encoding)
    return found.text, found.encoding


def decode_declared(
    data: bytes, encoding: str | None = None
) -> tuple[str, str, Misdeclared | None]:
    """As :func:`decode`, and the declaration the bytes contradict, if any (a ``#KIF …
    encoding=UTF-8`` file saved in CP932; a BOM of UTF-8 before a declaration of another
    encoding): readers report it as a warning on the game (``DECLARED_ENCODING``).

    Raises:
        KifuEncodingError: when the bytes fit no encoding.
    """
    found = decode_tolerant(data, encoding)
    return found.text, found.encoding, found.misdeclared


def decode_tolerant(
    data: bytes, encoding: str | None = None, truncated: bool = False
) -> Decoded:
    """:func:`decode_declared`, and with ``truncated`` the complete lines before a last line
    that ends inside a character, with the error that line gave as ``cut``.

    Raises:
        KifuEncodingError: as :func:`decode` does, for bytes that are not cut short (or with
            no complete line before the cut).
    """
    try:
        return Decoded(*_decode(data, encoding), None)
    except _Undecodable as failure:
        error = _decode_error(data, failure.name, failure.err)
        if (
            not truncated
            or error.code != "TRUNCATED"
            or not isinstance(failure.err, UnicodeDecodeError)
        ):
            raise error from None
        cut = data.rfind(b"\n", 0, failure.err.start) + 1
        if cut == 0:
            raise error from None
        try:
            return Decoded(*_decode(data[:cut], encoding), error)
        except _Undecodable as again:  # the lines before do not decode either
            raise _decode_error(data, again.name, again.err) from None


def _decode(data: bytes, encoding: str | None) -> tuple[str, str, Misdeclared | None]:
    """The text, the encoding used and the declaration the bytes contradict.

    Raises:
        _Undecodable: the bytes fit no encoding; where the one that read furthest stopped.
    """
    if encoding is not None:
        name = normalize_encoding(encoding)
        try:
            return data.decode(name), name, None
        except (UnicodeDecodeError, LookupError) as err:
            raise _Undecodable(name, err) from None
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
            # positions in the whole file, the BOM's bytes included
            moved = UnicodeDecodeError(err.encoding, data, err.start + 3, err.end + 3, err.reason)
            raise _Undecodable("utf-8-sig", moved) from None
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
    Japanese.

    Raises:
        _Undecodable: none of them reads the bytes.
    """
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
        raise _furthest(data)
    best = max(candidates, key=lambda c: (c[0], c[1] == "cp932"))
    return best[2], best[1]


def _furthest(data: bytes) -> _Undecodable:
    """The candidate encoding that decodes the longest start of ``data`` (UTF-8 first among
    equals): where it stops is where the bytes are wrong, whichever stopped first."""
    found: _Undecodable | None = None
    for name in _CANDIDATES:
        try:
            data.decode(name)
        except UnicodeDecodeError as err:
            if found is None or err.start > found.err.start:  # type: ignore[union-attr]
                found = _Undecodable(name, err)
    assert found is not None  # only called when no candidate decodes
    return found


def _ends_inside_a_character(data: bytes, name: str, start: int) -> bool:
    """True when the bytes from ``start`` on are the beginning of one ``name`` character
    that the data stops before finishing: a file cut inside a character."""
    tail = data[start:]
    if len(tail) > 4:  # longer than any character of the three encodings
        return False
    try:
        return codecs.getincrementaldecoder(name.replace("-sig", ""))().decode(tail) == ""
    except (UnicodeDecodeError, LookupError):
        return False


_READ_AS = Setting("encoding")
_WRITE_UTF8 = Setting("encoding", "utf-8", writing=True)
_TOLERATE_TRUNCATED = Setting("tolerate", (TRUNCATED,))


def _decode_error(data: bytes, name: str, err: Exception) -> KifuEncodingError:
    if not isinstance(err, UnicodeDecodeError):  # an unknown encoding name
        return KifuEncodingError(
            f"no such encoding: {name}",
            hint=f"pass {_READ_AS} (utf-8, cp932, euc-jp)",
            settings=(_READ_AS,),
        )
    line_start = data.rfind(b"\n", 0, err.start) + 1
    # the line's characters before the bad bytes (they decode: the codec got past them)
    before = data[line_start : err.start].decode(name.replace("-sig", ""), errors="replace")
    line = data.count(b"\n", 0, err.start) + 1
    bad = data[err.start : min(err.end, err.start + 4)]
    if _ends_inside_a_character(data, name, err.start):
        return KifuEncodingError(
            f"the record ends inside a {name} character: it looks cut short",
            code="TRUNCATED",
            line=line,
            column=len(before) + 1,
            text=repr(data[err.start :][:4]),
            hint=f"{_TOLERATE_TRUNCATED} reads the complete lines before it and warns; "
            f"or pass {_READ_AS} (utf-8, cp932, euc-jp)",
            source_line=before,
            settings=(_TOLERATE_TRUNCATED, _READ_AS),
        )
    return KifuEncodingError(
        f"the bytes are not valid {name}"
        if name not in _CANDIDATES
        else f"the bytes are not valid utf-8, cp932 or euc-jp: {name} reads furthest, to here",
        line=line,
        column=len(before) + 1,
        text=repr(bad),
        hint=f"pass {_READ_AS} (utf-8, cp932, euc-jp)",
        source_line=before,
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
