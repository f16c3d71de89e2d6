"""The built wheel ships every grammar, tactic file and the type marker, and building it
says nothing about forgotten packages."""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

from tests.conftest import ROOT


def test_wheel_contains_every_grammar(tmp_path: Path) -> None:
    """Building the wheel puts each grammars/*.lark under kifu_lark/grammars/, each
    tactics/*/*.tactic under kifu_lark/tactics_data/ and the viewer's assets in
    kifu_lark/render/.

    The pure-Python wheel (``KIFU_LARK_PURE=1``: no minute of compiling here); it holds no
    compiled module, even when the source tree holds those of an editable install."""
    built_here = sorted(ROOT.glob("kifu_lark/**/*.so"))
    done = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-v", "-w", str(tmp_path), str(ROOT)],
        check=True,
        capture_output=True,
        text=True,
        env={**os.environ, "KIFU_LARK_PURE": "1"},
    )
    # setuptools' "Package would be ignored" banner, once per tactic folder, is gone: each
    # folder is a package of its own in pyproject.toml.
    said = done.stdout + done.stderr
    assert "absent from the `packages`" not in said
    assert "would be ignored" not in said
    (wheel,) = tmp_path.glob("kifu_lark-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    expected = {f"kifu_lark/grammars/{p.name}" for p in (ROOT / "grammars").glob("*.lark")}
    assert expected <= names
    assert "kifu_lark/py.typed" in names
    assert [] == [name for name in names if name.endswith((".so", ".pyd"))]
    # ... and building it leaves the editable install's compiled modules where they were.
    assert built_here == sorted(ROOT.glob("kifu_lark/**/*.so"))
    # Every sub-package of the source tree is shipped (a missing one breaks the CLI).
    packages = {
        str(p.parent.relative_to(ROOT)) + "/__init__.py"
        for p in (ROOT / "kifu_lark").rglob("__init__.py")
    }
    assert packages <= names
    # The tactic files (tactics/<category>/<name>.tactic) are package data too.
    tactic_files = {
        "kifu_lark/tactics_data/" + str(p.relative_to(ROOT / "tactics"))
        for p in (ROOT / "tactics").rglob("*.tactic")
    }
    assert tactic_files and tactic_files <= names
    # The record viewer's style sheet and script, written into every page it makes.
    assert {"kifu_lark/render/viewer.css", "kifu_lark/render/viewer.js"} <= names


def test_every_tactic_folder_is_a_listed_package() -> None:
    """Each tactics/<category>/ is in pyproject's packages with its *.tactic as package data
    (a new category folder left out would ship without its files)."""
    setuptools = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"][
        "setuptools"
    ]
    folders = {p.name for p in (ROOT / "tactics").iterdir() if p.is_dir() and p.name[0] != "_"}
    assert folders
    for folder in sorted(folders):
        package = f"kifu_lark.tactics_data.{folder}"
        assert package in setuptools["packages"]
        assert ["*.tactic"] == setuptools["package-data"][package]
