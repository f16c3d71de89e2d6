"""Record headers: an ordered list of key/value pairs, standard keys named by an enum."""

from __future__ import annotations

import enum
from collections.abc import Iterator

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


@define
class Headers:
    """Ordered headers. Keys are ``HeaderKey`` members or, for keys no format standardises,
    the key verbatim as written; values are kept as written. Repeated keys are allowed.
    """

    entries: list[tuple[Key, str]] = field(factory=list)

    def __iter__(self) -> Iterator[tuple[Key, str]]:
        return iter(self.entries)

    def __len__(self) -> int:
        return len(self.entries)

    def get(self, key: Key, default: str | None = None) -> str | None:
        """The first value for ``key``."""
        for k, v in self.entries:
            if k == key:
                return v
        return default

    def __getitem__(self, key: Key) -> str:
        value = self.get(key)
        if value is None:
            raise KeyError(key)
        return value

    def __contains__(self, key: object) -> bool:
        return any(k == key for k, _ in self.entries)

    def add(self, key: Key, value: str) -> None:
        """Append an entry (a repeated key is kept)."""
        self.entries.append((key, value))

    def set(self, key: Key, value: str) -> None:
        """Replace the first value of ``key`` or append it."""
        for i, (k, _) in enumerate(self.entries):
            if k == key:
                self.entries[i] = (key, value)
                return
        self.entries.append((key, value))

    def remove(self, key: Key) -> None:
        """Drop every entry of ``key``."""
        self.entries = [(k, v) for k, v in self.entries if k != key]

    @staticmethod
    def key_name(key: Key) -> str:
        """A printable name: the enum's KIF spelling or the verbatim key."""
        return key.value if isinstance(key, HeaderKey) else key
