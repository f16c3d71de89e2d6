"""Built parsers kept on disk between runs, so that a process does not build the same LALR
tables and terminals again (a command reading one record would spend most of its time there).

The folder is ``$KIFU_LARK_CACHE`` when set (empty, ``0`` or ``off`` turns the cache off),
else ``$XDG_CACHE_HOME/kifu-lark`` (``~/.cache/kifu-lark``). A file holds pickled data, so
the folder is used only when it belongs to the user and no one else may write to it; it is
made private when missing. A file's name digests everything the built parser depends on: the
text of every shipped grammar, the build options, lark's and Python's versions and the code
that edits terminals (``parsing.py``); a changed grammar gets a new name, never a stale
parser. A file is written under a temporary name and renamed, so a reader of the folder
never sees half of one. Any failure (a read-only folder, a damaged file) only means the
parser is built as without a cache.
"""

from __future__ import annotations

import functools
import hashlib
import os
import pickle
import stat
import sys
import threading
from collections.abc import Callable
from importlib import resources
from pathlib import Path
from typing import IO, Any

import lark

#: The environment variable naming the cache folder (``off`` for none).
CACHE_ENV = "KIFU_LARK_CACHE"
_OFF = frozenset({"", "0", "off", "no", "false", "none"})


def folder() -> Path | None:
    """The cache folder, made when missing; ``None`` when the cache is off or the folder is
    not the user's own."""
    chosen = os.environ.get(CACHE_ENV)
    if chosen is not None and chosen.strip().lower() in _OFF:
        return None
    try:
        if chosen is not None:
            # a relative folder is the one the user named, from here
            where = Path(os.path.abspath(Path(chosen).expanduser()))
        else:
            base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
            where = Path(os.path.abspath(base)) / "kifu-lark"
    except RuntimeError:  # no home folder known: no cache, rather than one in "./~"
        return None
    try:
        where.mkdir(mode=0o700, parents=True, exist_ok=True)
        found = where.stat()
    except OSError:
        return None
    if not stat.S_ISDIR(found.st_mode) or found.st_mode & (stat.S_IWGRP | stat.S_IWOTH):
        return None
    getuid = getattr(os, "getuid", None)
    if getuid is not None and found.st_uid != getuid():
        return None
    return where


@functools.cache
def _inputs() -> str:
    """A digest of what every built parser depends on besides its own options."""
    digest = hashlib.sha256()
    digest.update(f"{lark.__version__} {sys.version} {sys.implementation.name}".encode())
    root = resources.files("kifu_lark.grammars")
    for entry in sorted(root.iterdir(), key=lambda e: e.name):
        if entry.name.endswith(".lark"):
            digest.update(entry.name.encode() + b"\0" + entry.read_bytes() + b"\0")
    digest.update(Path(__file__).with_name("parsing.py").read_bytes())
    return digest.hexdigest()


def path_for(kind: str, key: str) -> Path | None:
    """The file that holds the ``kind`` of data described by ``key`` (a text naming the
    grammar and the build options); ``None`` when the cache is off."""
    where = folder()
    if where is None:
        return None
    try:
        inputs = _inputs()
    except OSError:
        return None
    name = hashlib.sha256(f"{inputs}\0{kind}\0{key}".encode()).hexdigest()[:40]
    return where / f"{kind}-{name}.pickle"


def load(path: Path) -> Any:
    """The data pickled in ``path``; ``None`` when it is missing or cannot be read."""
    try:
        with open(path, "rb") as handle:
            return pickle.load(handle)
    except Exception:  # a missing, damaged or foreign file: built again
        return None


def save(path: Path, write: Callable[[IO[bytes]], None]) -> None:
    """Have ``write`` pickle its data to ``path``, through a name beside it that no other
    process or thread writes, renamed when complete; a failure leaves no file."""
    written = path.with_name(f".{path.name}.{os.getpid()}.{threading.get_ident()}.tmp")
    try:
        with open(written, "wb") as handle:
            write(handle)
        os.replace(written, path)
    except (OSError, pickle.PicklingError):
        written.unlink(missing_ok=True)


def save_data(path: Path, data: Any) -> None:
    """Pickle ``data`` to ``path`` as :func:`save` does."""
    save(path, lambda handle: pickle.dump(data, handle, protocol=pickle.HIGHEST_PROTOCOL))
