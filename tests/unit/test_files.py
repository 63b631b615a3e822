"""Case files read the way OpenFOAM reads them: `X` or `X.gz`, on temp files and a real tutorial."""

from __future__ import annotations

import gzip
from pathlib import Path

import pytest

from tasks.foam.files import decompress_tree, find_file, plain_name, read_bytes, read_text

TUTORIALS = Path("/usr/share/doc/openfoam-examples/examples")


@pytest.fixture()
def case(tmp_path: Path) -> Path:
    (tmp_path / "system").mkdir()
    (tmp_path / "0").mkdir()
    (tmp_path / "system/controlDict").write_text("application icoFoam;\n")
    (tmp_path / "0/U.gz").write_bytes(gzip.compress(b"internalField uniform (0 0 0);\n"))
    return tmp_path


def test_read_text_is_transparent_for_gz(case: Path) -> None:
    assert read_text(case / "system/controlDict") == "application icoFoam;\n"
    assert read_text(case / "0/U.gz") == "internalField uniform (0 0 0);\n"
    assert read_bytes(case / "0/U.gz") == b"internalField uniform (0 0 0);\n"


@pytest.mark.parametrize(("directory", "name", "found"), [
    ("system", "controlDict", "system/controlDict"),
    ("0", "U", "0/U.gz"),
    ("0", "p", None),
])
def test_find_file_takes_name_or_name_gz(case: Path, directory: str, name: str, found: str | None) -> None:
    path = find_file(case / directory, name)
    assert (path.relative_to(case).as_posix() if path else None) == found


def test_find_file_prefers_the_plain_file(case: Path) -> None:
    (case / "0/U").write_text("plain\n")
    assert find_file(case / "0", "U") == case / "0/U"


@pytest.mark.parametrize(("name", "plain"), [("0/U.gz", "0/U"), ("0/U", "0/U"), (Path("a/b.gz"), "a/b")])
def test_plain_name(name: str | Path, plain: str) -> None:
    assert plain_name(name) == plain


def test_decompress_tree_replaces_every_gz(case: Path) -> None:
    written = decompress_tree(case)
    assert written == [case / "0/U"]
    assert not list(case.rglob("*.gz"))
    assert (case / "0/U").read_text() == "internalField uniform (0 0 0);\n"


@pytest.mark.skipif(not TUTORIALS.is_dir(), reason="OpenFOAM tutorials not installed")
def test_a_compressed_tutorial_file_reads_like_a_plain_one() -> None:
    gz = next(TUTORIALS.rglob("system/blockMeshDict.gz"))
    found = find_file(gz.parent, "blockMeshDict")
    assert found == gz and "FoamFile" in read_text(found)
