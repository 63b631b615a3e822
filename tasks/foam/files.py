"""Case files as OpenFOAM reads them, gzip-compressed or not.

The installed v1912 tutorials ship many files compressed (`0/U.gz`, `system/fvSolution.gz`,
`constant/polyMesh/points.gz`); OpenFOAM reads `X.gz` wherever it looks for `X`. Everything
that reads or copies a tutorial goes through these functions, so `.gz` is handled once.
"""

from __future__ import annotations

import gzip
from pathlib import Path

GZ = ".gz"


def read_bytes(path: Path) -> bytes:
    """A file's content, decompressed when it is a `.gz` file."""
    raw = Path(path).read_bytes()
    return gzip.decompress(raw) if Path(path).suffix == GZ else raw


def read_text(path: Path) -> str:
    """A text file's content, decompressed when it is a `.gz` file (undecodable bytes replaced)."""
    return read_bytes(path).decode("utf-8", errors="replace")


def find_file(directory: Path, name: str) -> Path | None:
    """`name` or `name.gz` inside `directory`, whichever exists (the plain file first)."""
    for candidate in (Path(directory) / name, Path(directory) / f"{name}{GZ}"):
        if candidate.is_file():
            return candidate
    return None


def plain_name(path: Path | str) -> str:
    """The name a file has once decompressed: `0/U.gz` -> `0/U`, `0/U` -> `0/U`."""
    return (path.as_posix() if isinstance(path, Path) else path).removesuffix(GZ)


def decompress_tree(root: Path) -> list[Path]:
    """Replace every `X.gz` under `root` by the decompressed `X` (a copied tutorial that tools
    other than OpenFOAM will read and edit); returns the files written."""
    written = []
    for gz in sorted(Path(root).rglob(f"*{GZ}")):
        if not gz.is_file():
            continue
        target = gz.with_name(plain_name(gz.name))
        target.write_bytes(read_bytes(gz))
        gz.unlink()
        written.append(target)
    return written
