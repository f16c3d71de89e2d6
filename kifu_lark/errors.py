"""Every error a user can cause: one hierarchy rooted at :class:`KifuError`.

Each error carries the format, the 1-based line and column, the offending text and a hint as
attributes, so reports can be machine-readable; ``str(err)`` is one human line followed by the
source line with a caret under the column when the source is known.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Setting:
    """A setting a message asks for, named as the Python API takes it.

    A hint such as "pass mainline_only=True to drop them" names a keyword argument of this
    library's functions; the text holds :meth:`python`'s words for it. An interface that
    names its settings otherwise words them its own way with :meth:`KifuError.reword` (the
    command line says ``--mainline-only``), so that each layer speaks its own words.

    Attributes:
        keyword: the keyword argument (``mainline_only``, ``format``, ``encoding`` …).
        value: the value to give it; ``None`` when the user chooses it (written ``…``).
        writing: the setting is the writer's (``format`` and ``encoding`` name what is
            read, or what is written).
    """

    keyword: str
    value: bool | str | tuple[str, ...] | None = None
    writing: bool = False

    def python(self) -> str:
        """The keyword argument as Python code: ``mainline_only=True``, ``format=…``,
        ``tolerate={'two_pawns'}``."""
        if self.value is None:
            shown = "…"
        elif isinstance(self.value, tuple):
            shown = "{" + ", ".join(repr(v) for v in self.value) + "}"
        else:
            shown = repr(self.value)
        return f"{self.keyword}={shown}"

    def __str__(self) -> str:
        return self.python()

    def to_dict(self) -> dict[str, Any]:
        """The fields as a JSON-ready dict (``value`` a list for a tuple)."""
        value = list(self.value) if isinstance(self.value, tuple) else self.value
        return {"keyword": self.keyword, "value": value, "writing": self.writing}

    @classmethod
    def from_dict(cls, item: dict[str, Any]) -> Setting:
        """The setting :meth:`to_dict` gave."""
        value = item["value"]
        value = tuple(value) if isinstance(value, list) else value
        return cls(item["keyword"], value, item["writing"])


MAINLINE_ONLY = Setting("mainline_only", True)
"""Write the main line and drop the variations a format cannot hold (writers' hints)."""

Words = Callable[[Setting], str]
"""How an interface words a setting (the command line: ``--mainline-only``)."""


def reword(text: str, settings: Sequence[Setting], words: Words) -> str:
    """``text`` with each setting's Python words replaced by ``words``'."""
    for setting in settings:
        text = text.replace(setting.python(), words(setting))
    return text


def reword_report(item: dict[str, Any], words: Words) -> dict[str, Any]:
    """A :meth:`KifuError.to_dict` dict with its message and hint worded by ``words``
    (an error that crossed a process as a dict)."""
    settings = [Setting.from_dict(s) for s in item.get("settings") or ()]
    if not settings:
        return item
    found = dict(item)
    for key in ("message", "hint"):
        if found.get(key):
            found[key] = reword(found[key], settings, words)
    return found


class KifuError(Exception):
    """Root of every error kifu-lark raises on bad input or bad requests.

    Attributes:
        message: what is wrong, in one sentence.
        code: a stable upper-case code (``SYNTAX``, ``TWO_PAWNS`` …) for machine use.
        format: the format being read or written, when known.
        line: 1-based line of the problem, when known.
        column: 1-based column, when known.
        text: the offending text (a token, a move as written).
        hint: how to fix it, or what was expected.
        source_line: the whole source line, for the caret display.
        settings: the settings (:class:`Setting`) the message and hint name, in the
            Python API's words until an interface rewords them (:meth:`reword`).
    """

    default_code = "ERROR"

    def __init__(
        self,
        message: str,
        *,
        code: str | None = None,
        format: str | None = None,
        line: int | None = None,
        column: int | None = None,
        text: str | None = None,
        hint: str | None = None,
        source_line: str | None = None,
        settings: Sequence[Setting] = (),
    ) -> None:
        super().__init__(message)
        self.message = message
        self.code = code or self.default_code
        self.format = format
        self.line = line
        self.column = column
        self.text = text
        self.hint = hint
        self.source_line = source_line
        self.settings = tuple(settings)

    def reword(self, words: Words) -> KifuError:
        """Word the settings the message and hint name as an interface names them (the
        command line's ``--mainline-only`` for ``mainline_only=True``); returns ``self``."""
        self.message = reword(self.message, self.settings, words)
        self.args = (self.message, *self.args[1:])
        if self.hint:
            self.hint = reword(self.hint, self.settings, words)
        return self

    def location(self) -> str:
        """``format:line:col`` as far as known."""
        parts = [p for p in (self.format, self.line, self.column) if p is not None]
        return ":".join(str(p) for p in parts)

    def headline(self) -> str:
        """The one-line summary: location, message, code and hint."""
        where = self.location()
        text = f"{where}: {self.message}" if where else self.message
        text += f" [{self.code}]"
        if self.hint:
            text += f" ({self.hint})"
        return text

    def __str__(self) -> str:
        text = self.headline()
        if self.source_line is not None:
            shown = self.source_line.rstrip("\r\n")
            text += "\n    " + shown
            if self.column is not None:
                # Full-width characters take two cells in a terminal.
                prefix = shown[: max(self.column - 1, 0)]
                width = sum(2 if ord(ch) > 0x2E7F else 1 for ch in prefix)
                text += "\n    " + " " * width + "^"
        return text

    def to_dict(self) -> dict[str, Any]:
        """The fields as a JSON-ready dict (for ``validate --json``)."""
        return {
            "type": type(self).__name__,
            "code": self.code,
            "message": self.message,
            "format": self.format,
            "line": self.line,
            "column": self.column,
            "text": self.text,
            "hint": self.hint,
            "settings": [setting.to_dict() for setting in self.settings],
        }

    def locate(
        self,
        *,
        format: str | None = None,
        line: int | None = None,
        column: int | None = None,
        source_line: str | None = None,
    ) -> KifuError:
        """Fill in location fields that are still unknown; returns ``self``."""
        self.format = self.format or format
        if self.line is None:
            self.line, self.column = line, column
        if self.source_line is None:
            self.source_line = source_line
        return self


class KifuSyntaxError(KifuError):
    """The text does not follow the notation's grammar."""

    default_code = "SYNTAX"


class KifuEncodingError(KifuError):
    """The bytes cannot be decoded, or the text cannot be encoded as asked."""

    default_code = "ENCODING"


class InvalidRecordError(KifuError):
    """The text parses but does not make a record: a bad start position, a header out of
    range, a branch that starts nowhere …"""

    default_code = "INVALID"


class VerdictError(KifuError):
    """A record's declared ending that the rules contradict (``kifu_lark.verdict`` gives
    ``agrees=False``): how ``kifu-lark validate --verdicts`` reports it, located on the
    special's line, the hint naming the rule checked."""

    default_code = "VERDICT"


class IllegalMoveError(KifuError):
    """A move breaks a rule. ``code`` names the rule (``TWO_PAWNS``, ``PATH_BLOCKED`` …)."""

    default_code = "ILLEGAL_MOVE"

    def __init__(self, message: str, *, ply: int | None = None, **kwargs: Any) -> None:
        super().__init__(message, **kwargs)
        self.ply = ply

    def headline(self) -> str:
        head = super().headline()
        if self.ply is None:
            return head
        written = f" ({self.text})" if self.text else ""
        where = self.location()
        if not where:
            return f"move {self.ply}{written}: {head}"
        return head.replace(": ", f": move {self.ply}{written}: ", 1)

    def to_dict(self) -> dict[str, Any]:
        return {**super().to_dict(), "ply": self.ply}


class AmbiguousMoveError(IllegalMoveError):
    """A move as written fits more than one piece (e.g. KI2 lacking 右/左/直)."""

    default_code = "AMBIGUOUS"

    def __init__(self, message: str, *, candidates: Sequence[str] = (), **kwargs: Any) -> None:
        super().__init__(message, **kwargs)
        self.candidates = list(candidates)

    def to_dict(self) -> dict[str, Any]:
        return {**super().to_dict(), "candidates": self.candidates}


class PVError(KifuError):
    """A move of a principal variation cannot be read or is illegal where it stands.

    Attributes (beside :class:`KifuError`'s):
        index: the 0-based index of the offending token in the PV.
    """

    default_code = "BAD_PV"

    def __init__(self, message: str, *, index: int, **kwargs: Any) -> None:
        super().__init__(message, **kwargs)
        self.index = index


class UnsupportedFeatureError(KifuError):
    """A writer was asked to hold what its format cannot (branches in CSA, drops in ksbp …)."""

    default_code = "UNSUPPORTED"


class UnknownFormatError(KifuError):
    """No registered format has that name, extension, or matches the text."""

    default_code = "UNKNOWN_FORMAT"

    def __init__(self, message: str, *, closest: str | None = None, **kwargs: Any) -> None:
        if closest and not kwargs.get("hint"):
            kwargs["hint"] = f"did you mean {closest!r}?"
        super().__init__(message, **kwargs)
        self.closest = closest


class MissingExtraError(KifuError):
    """An optional library a feature needs is not installed; ``extra`` names the
    ``kifu-lark[...]`` extra that installs it."""

    default_code = "MISSING_EXTRA"

    def __init__(self, message: str, *, extra: str, **kwargs: Any) -> None:
        kwargs.setdefault("hint", f"pip install 'kifu-lark[{extra}]'")
        super().__init__(message, **kwargs)
        self.extra = extra


class KifuIOError(KifuError, OSError):
    """A file could not be read or written. Also an ``OSError`` (``errno``, ``strerror`` and
    ``filename`` set), so ``except OSError`` catches it as it catches ``open``'s errors."""

    default_code = "IO"


class KifuFileNotFoundError(KifuIOError, FileNotFoundError):
    """The file to read does not exist (also a ``FileNotFoundError``)."""


def io_error(err: OSError, action: str, path: str) -> KifuIOError:
    """``err`` (from the system) as a :class:`KifuIOError` naming ``path``."""
    cls = KifuFileNotFoundError if isinstance(err, FileNotFoundError) else KifuIOError
    hint = "check the path" if cls is KifuFileNotFoundError else f"check that you may {action} it"
    found = cls(f"cannot {action} {path}: {err.strerror or err}", hint=hint)
    found.errno, found.strerror, found.filename = err.errno, err.strerror, path
    return found


class KifuWarning(UserWarning):
    """Root of the warnings kifu-lark issues (``warnings.simplefilter("error",
    KifuWarning)`` turns them into exceptions)."""


class MultipleGamesWarning(KifuWarning):
    """``load`` or ``loads`` read a text that holds several games (a CSA file of games
    parted by ``/`` lines …) and returned the first; ``load_all`` and ``loads_all`` return
    every one.

    Attributes:
        count: how many games the text holds.
    """

    def __init__(self, message: str, *, count: int) -> None:
        super().__init__(message)
        self.count = count


class LossyWriteWarning(KifuWarning):
    """A writer wrote part of a game as something else, or left it out, as its format
    declares (``Capabilities.special_folds``, ``start_ply``): a special its format has no
    word for is written as the nearest one it has, a special it cannot hold at all is left
    out, a start position's move number is written as 1, a file remark (a KIF ``#`` line) is
    left out by a format without remarks.

    Attributes:
        format: the format written.
        kind: what the game holds (a ``SpecialKind`` name, ``START_PLY``, ``REMARK``,
            ``SUMMARY_LINE`` …).
        written: what was written instead (a ``SpecialKind`` name …), or ``None`` when left
            out.
    """

    def __init__(self, message: str, *, format: str, kind: str, written: str | None) -> None:
        super().__init__(message)
        self.format = format
        self.kind = kind
        self.written = written
