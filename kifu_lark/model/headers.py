"""Record headers: an ordered list of key/value pairs, standard keys named by an enum, read
as a mapping keyed by the names users type (``headers["先手"]``, ``headers["$EVENT"]``)."""

from __future__ import annotations

import enum
from collections.abc import Iterator, MutableMapping

from attrs import define, field


class HeaderKey(enum.Enum):
    """Header keys every format can map to its own spelling (values are the KIF names)."""

    BLACK = "先手"
    WHITE = "後手"
    EVENT = "棋戦"
    SITE = "場所"
    START_TIME = "開始日時"
    END_TIME = "終了日時"
    TIME_LIMIT = "持ち時間"
    OPENING = "戦型"
    TITLE = "表題"
    BLACK_SHORT = "先手省略名"
    WHITE_SHORT = "後手省略名"
    NOTE = "備考"
    ROUND = "手合"
    MAX_MOVES = "最大手数"
    JISHOGI = "持将棋"


Key = HeaderKey | str

#: The key of a file remark: a ``#`` line of a KIF, KI2 or BOD header section (Kifu for
#: Windows' ``# ---- Kifu for Windows V7 … 棋譜ファイル ----``), which programs skip. Its value
#: is the text after ``#``. It is no header of the game: the Japanese notations write it back
#: as a ``#`` line, CSA as a remark line ``'#…`` (which its reader takes back), and formats
#: without remarks leave it out with a ``LossyWriteWarning``.
REMARK = "#"

#: The key of Kifu for Windows' display flag ``盤面回転`` (a diagram line: the board is shown
#: upside down); its value is ``""``. KIF, KI2 and BOD write it back as that line, before the
#: diagram; the other formats keep it as a header of that name.
ROTATED = "盤面回転"

#: How notations spell the standard keys: KIF/KI2/BOD/JKF names (先手, and 下手/上手 for
#: handicap games), CSA lines (``N+``/``N-`` for the players, ``$EVENT`` … for the rest: the
#: CSA names are the enum names).
SPELLINGS: dict[str, HeaderKey] = {
    **{key.value: key for key in HeaderKey},
    "下手": HeaderKey.BLACK,
    "上手": HeaderKey.WHITE,
    "下手省略名": HeaderKey.BLACK_SHORT,
    "上手省略名": HeaderKey.WHITE_SHORT,
    "N+": HeaderKey.BLACK,
    "N-": HeaderKey.WHITE,
    **{
        "$" + key.name: key
        for key in HeaderKey
        if key not in (HeaderKey.BLACK, HeaderKey.WHITE)
    },
}


def standard_key(key: Key) -> Key:
    """``key`` as the model keeps it: a ``HeaderKey`` for any notation's spelling of a
    standard key, any other name verbatim.

    >>> standard_key("$EVENT"), standard_key("N+"), standard_key("棋譜ID")
    (<HeaderKey.EVENT: '棋戦'>, <HeaderKey.BLACK: '先手'>, '棋譜ID')
    """
    return key if isinstance(key, HeaderKey) else SPELLINGS.get(key, key)


@define
class Headers(MutableMapping[Key, str]):
    """Ordered headers. Keys are ``HeaderKey`` members or, for keys no format standardises,
    the key verbatim as written; values are kept as written. Repeated keys are allowed.

    As a mapping, the keys are names (the KIF name of a standard key, ``"先手"``, else the
    key verbatim), and any notation's spelling of a standard key finds it: ``"先手"``,
    ``"下手"``, ``"N+"`` and ``HeaderKey.BLACK`` are the same key, as are ``"棋戦"`` and
    ``"$EVENT"``. A repeated key reads as its first value; ``entries`` holds every pair,
    ``get_all`` every value of a key.

    >>> headers = Headers([(HeaderKey.BLACK, "羽生善治"), ("棋譜ID", "124")])
    >>> headers["先手"], headers.get("N+"), "$EVENT" in headers
    ('羽生善治', '羽生善治', False)
    >>> headers["$EVENT"] = "竜王戦"
    >>> dict(headers)
    {'先手': '羽生善治', '棋譜ID': '124', '棋戦': '竜王戦'}
    >>> headers.entries[-1]
    (<HeaderKey.EVENT: '棋戦'>, '竜王戦')
    """

    entries: list[tuple[Key, str]] = field(factory=list)

    def __iter__(self) -> Iterator[Key]:
        """The names of the keys, each once, in the order they first appear."""
        seen: set[Key] = set()
        for key, _ in self.entries:
            key = standard_key(key)
            if key not in seen:
                seen.add(key)
                yield self.key_name(key)

    def __len__(self) -> int:
        return len({standard_key(k) for k, _ in self.entries})

    def __bool__(self) -> bool:
        # Without it, truth asked ``__len__``, which counts distinct keys: every record read
        # paid for it (``headers or Headers()``).
        return bool(self.entries)

    # One signature for Mapping.get's two overloads: a str default gives a str anyway.
    def get(self, key: Key, default: str | None = None) -> str | None:  # type: ignore[override]
        """The first value for ``key`` (any spelling of it), or ``default``."""
        wanted = standard_key(key)
        for k, v in self.entries:
            if k == wanted or standard_key(k) == wanted:
                return v
        return default

    def get_all(self, key: Key) -> list[str]:
        """Every value of ``key`` (any spelling of it), in order."""
        wanted = standard_key(key)
        return [v for k, v in self.entries if standard_key(k) == wanted]

    def __getitem__(self, key: Key) -> str:
        value = self.get(key)
        if value is None:
            raise KeyError(key)
        return value

    def __setitem__(self, key: Key, value: str) -> None:
        """Replace the first value of ``key`` (any spelling of it) or append it; a standard
        key is stored as its ``HeaderKey``."""
        self.set(standard_key(key), value)

    def __delitem__(self, key: Key) -> None:
        if key not in self:
            raise KeyError(key)
        self.remove(key)

    def __contains__(self, key: object) -> bool:
        if not isinstance(key, HeaderKey | str):
            return False
        wanted = standard_key(key)
        return any(standard_key(k) == wanted for k, _ in self.entries)

    def add(self, key: Key, value: str) -> None:
        """Append an entry (a repeated key is kept; ``key`` is stored as given)."""
        self.entries.append((key, value))

    def set(self, key: Key, value: str) -> None:
        """Replace the first value of ``key`` (any spelling of it) or append it as given."""
        wanted = standard_key(key)
        for i, (k, _) in enumerate(self.entries):
            if standard_key(k) == wanted:
                self.entries[i] = (k, value)
                return
        self.entries.append((key, value))

    def remove(self, key: Key) -> None:
        """Drop every entry of ``key`` (any spelling of it)."""
        wanted = standard_key(key)
        self.entries = [(k, v) for k, v in self.entries if standard_key(k) != wanted]

    @staticmethod
    def key_name(key: Key) -> str:
        """A printable name: the enum's KIF spelling or the verbatim key."""
        return key.value if isinstance(key, HeaderKey) else key


