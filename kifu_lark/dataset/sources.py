"""What an export reads: files, folders, globs, list files and archives, as one sorted list
of entries, and the bytes of each entry.

An entry is ``(source, member)``: a file (``member`` is ``None``) or one member of an archive
(``.zip``; ``.tar``, ``.tar.gz``/``.tgz``, ``.tar.bz2``, ``.tar.xz``; ``.7z`` with the
``7z`` extra). Archives are read in place: nothing is unpacked to disk.
"""

from __future__ import annotations

import fnmatch
import glob
import os
import tarfile
import zipfile
from collections.abc import Iterable, Iterator
from pathlib import Path, PurePosixPath
from typing import Any

from kifu_lark.dataset.extras import require
from kifu_lark.errors import KifuError
from kifu_lark.formats.registry import all_formats, get_format, record_extensions

Entry = tuple[str, str | None]

#: Archive suffixes, longest first, and the kind of archive each names.
ARCHIVES: tuple[tuple[str, str], ...] = (
    (".tar.gz", "tar"),
    (".tar.bz2", "tar"),
    (".tar.xz", "tar"),
    (".tgz", "tar"),
    (".tar", "tar"),
    (".zip", "zip"),
    (".7z", "7z"),
)
_GLOB_CHARS = frozenset("*?[")


def archive_kind(path: str) -> str | None:
    """``"zip"``, ``"tar"`` or ``"7z"`` for an archive's name, else ``None``."""
    lower = path.lower()
    for suffix, kind in ARCHIVES:
        if lower.endswith(suffix):
            return kind
    return None


class Selector:
    """Which files of a folder or members of an archive are records: those matching one of
    ``globs`` when given, else those with an extension of ``source_format`` (of any
    registered format without it), as ``kifu-lark validate`` and ``convert`` walk folders;
    with ``game`` (``"shogi"``), only the extensions of that game's formats."""

    def __init__(
        self, source_format: str | None = None, globs: Iterable[str] = (), game: str | None = None
    ) -> None:
        self.patterns = list(globs)
        fmt = get_format(source_format) if source_format else None
        if fmt is not None:
            self.extensions = set(fmt.extensions)
        elif game is not None:
            self.extensions = {e for f in all_formats() if f.game == game for e in f.extensions}
        else:
            self.extensions = record_extensions()

    def wants(self, relative: str) -> bool:
        """Whether the file at ``relative`` (a POSIX path below the folder) is a record."""
        if self.patterns:
            rel = PurePosixPath(relative)
            return any(rel.match(p) or fnmatch.fnmatch(relative, p) for p in self.patterns)
        return PurePosixPath(relative).suffix.lower() in self.extensions


def _usage(message: str, hint: str = "check the path") -> KifuError:
    return KifuError(message, code="USAGE", hint=hint)


def _list_file(name: str) -> list[str]:
    """The sources a list file names, one a line; blank lines and ``#`` comments skipped;
    relative paths are relative to the list file's folder."""
    path = Path(name)
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as err:
        raise _usage(f"@{name}: cannot read the list file: {err}") from None
    base = path.parent
    found: list[str] = []
    for line in lines:
        item = line.strip()
        if not item or item.startswith("#"):
            continue
        if item.startswith("@"):
            raise _usage(f"@{name}: a list file cannot name another ({item})", "list paths only")
        found.append(item if Path(item).is_absolute() else str(base / item))
    return found


def expand_sources(
    sources: Iterable[str],
    source_format: str | None = None,
    globs: Iterable[str] = (),
    game: str | None = None,
    skipped: list[str] | None = None,
) -> list[Entry]:
    """Every record entry the sources name, sorted by (source, member), each once.

    A source is a file (taken whatever its extension, unless it is an archive), a folder
    (walked recursively for records, see :class:`Selector`), a glob (``data/**/*.csa``), a
    list file ``@paths.txt`` naming sources one a line, or an archive (its members that are
    records). ``game`` (``"shogi"``) keeps the walks to that game's formats' extensions.
    The files a folder walk passes over are appended to ``skipped`` when it is given.

    Raises:
        KifuError: ``USAGE`` for a path that does not exist, a glob that matches nothing, or
            an unreadable list file or archive; ``MISSING_EXTRA`` for a ``.7z`` without
            py7zr.
    """
    selector = Selector(source_format, globs, game)
    entries: set[Entry] = set()
    pending = list(sources)
    while pending:
        name = pending.pop(0)
        if name.startswith("@"):
            pending.extend(_list_file(name[1:]))
            continue
        path = Path(name)
        if not path.exists() and _GLOB_CHARS & set(name):
            matched = sorted(glob.glob(name, recursive=True))
            if not matched:
                raise _usage(f"{name}: the pattern matches no file")
            pending.extend(matched)
            continue
        if path.is_dir():
            # archives in a folder are not opened: name them to read them
            for child, relative in files_under(path):
                if selector.wants(relative):
                    entries.add((child, None))
                elif skipped is not None:
                    skipped.append(child)
        elif path.is_file():
            if archive_kind(name) is not None:
                entries.update(_members(path.as_posix(), selector))
            else:
                entries.add((path.as_posix(), None))
        else:
            raise _usage(f"{name}: no such file or folder")
    return sorted(entries, key=lambda e: (e[0], e[1] or ""))


def files_under(folder: Path) -> Iterator[tuple[str, str]]:
    """Each file below ``folder``, as its path and its path from ``folder`` (``/`` between
    names), in the order of ``sorted(folder.rglob("*"))`` and with its files: a link to a
    folder is not followed, a link to a file is taken, a folder that may not be read is
    passed over. One ``scandir`` a folder, no ``Path`` made a file: an archive's walk
    lists thousands."""
    base = folder.as_posix()
    prefix = "" if base == "." else base if base.endswith("/") else base + "/"

    def walk(where: str, above: str) -> Iterator[tuple[str, str]]:
        try:
            with os.scandir(where) as found:
                children = sorted(found, key=lambda entry: entry.name)
        except PermissionError:
            return
        for entry in children:
            relative = above + entry.name
            if entry.is_dir(follow_symlinks=False):
                yield from walk(entry.path, relative + "/")
            elif entry.is_file():
                yield prefix + relative, relative

    return walk(base, "")


def _members(archive: str, selector: Selector) -> list[Entry]:
    try:
        names = list_members(archive)
    except KifuError:
        raise
    except Exception as err:  # each library has its own errors for a damaged archive
        raise _usage(f"{archive}: cannot read the archive: {err}", "check the file") from None
    return [(archive, n) for n in names if selector.wants(n)]


def list_members(archive: str) -> list[str]:
    """The names of the files in an archive (folders left out), sorted."""
    kind = archive_kind(archive)
    if kind == "zip":
        with zipfile.ZipFile(archive) as z:
            return sorted(i.filename for i in z.infolist() if not i.is_dir())
    if kind == "tar":
        with tarfile.open(archive, "r:*") as t:
            return sorted(m.name for m in t.getmembers() if m.isfile())
    if kind == "7z":
        py7zr: Any = require("py7zr", "7z", "reading .7z archives")
        with py7zr.SevenZipFile(archive, "r") as z:
            return sorted(i.filename for i in z.list() if not i.is_directory)
    raise ValueError(f"not an archive: {archive}")


def read_entries(entries: list[Entry], base: str) -> Iterator[tuple[Entry, bytes | OSError]]:
    """The bytes of each entry, in the order given (an ``OSError`` in place of the bytes of
    an entry that cannot be read). Relative sources are taken from the folder ``base``.
    Consecutive members of one archive are read with the archive opened once."""
    i = 0
    while i < len(entries):
        source, member = entries[i]
        if member is None:
            try:
                # os.path rather than pathlib: this runs once a file of the archive
                with open(os.path.join(base, source), "rb") as handle:
                    content = handle.read()
            except OSError as err:
                yield entries[i], err
            else:
                yield entries[i], content
            i += 1
            continue
        j = i
        while j < len(entries) and entries[j][0] == source and entries[j][1] is not None:
            j += 1
        group = entries[i:j]
        names = [m for _, m in group if m is not None]
        try:
            found: dict[str, bytes] = read_members(str(Path(base) / source), names)
        except OSError as err:
            found, failure = {}, err
        except Exception as err:  # a damaged archive: each library raises its own
            found, failure = {}, OSError(f"cannot read the archive: {err}")
        else:
            failure = OSError("no such member in the archive")
        for entry in group:
            data = found.get(entry[1] or "")
            yield entry, (data if data is not None else failure)
        i = j


def read_members(archive: str, names: list[str]) -> dict[str, bytes]:
    """The bytes of the members ``names`` of an archive (those it holds)."""
    kind = archive_kind(archive)
    wanted = set(names)
    if kind == "zip":
        with zipfile.ZipFile(archive) as z:
            held = set(z.namelist())
            return {n: z.read(n) for n in names if n in held}
    if kind == "tar":
        # A compressed tar cannot seek: one pass over the stream picks up the members.
        found: dict[str, bytes] = {}
        with tarfile.open(archive, "r:*") as t:
            for member in t:
                if member.name in wanted and member.isfile():
                    handle = t.extractfile(member)
                    if handle is not None:
                        found[member.name] = handle.read()
                    if len(found) == len(wanted):
                        break
        return found
    if kind == "7z":
        return _read_7z(archive, wanted)
    raise ValueError(f"not an archive: {archive}")


def _read_7z(archive: str, wanted: set[str]) -> dict[str, bytes]:
    require("py7zr", "7z", "reading .7z archives")
    from py7zr import SevenZipFile  # noqa: PLC0415 (an optional extra, checked above)
    from py7zr.io import BytesIOFactory  # noqa: PLC0415

    factory = BytesIOFactory(1 << 62)  # in memory, no size limit of its own
    with SevenZipFile(archive, "r") as z:
        z.extract(targets=sorted(wanted), factory=factory)
    found: dict[str, bytes] = {}
    for name, product in factory.products.items():
        if name in wanted:
            product.seek(0)
            found[name] = product.read()
    return found
