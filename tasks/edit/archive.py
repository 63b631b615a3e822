"""A case folder as bytes (gzip'd tar) and back: what a sweep variant takes to another machine
and what it brings back, so no file system is shared between the flow and its workers.

Only regular files and folders travel; links, devices and anything whose path would leave
the destination are refused on unpacking (tarfile's `data` filter).
"""

from __future__ import annotations

import io
import tarfile
from collections.abc import Callable
from pathlib import Path

from tasks.core.errors import CaseRunError

Keep = Callable[[Path], bool]  # a path relative to the root -> whether it goes in the archive

# gzip level 1 packs a variant's fields about 3x faster than level 6 for a fifth more bytes: on a
# worker the packing takes CPU from the other variants' solvers, the bytes cross a network once.
COMPRESS_LEVEL = 1


def pack_tree(root: Path, keep: Keep | None = None) -> bytes:
    """The files under root (relative names, sorted) as a .tar.gz in memory; `keep` prunes
    folders and files (a folder it refuses is not descended into)."""
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w:gz", compresslevel=COMPRESS_LEVEL) as tar:
        stack = [root]
        while stack:
            folder = stack.pop()
            for path in sorted(folder.iterdir(), reverse=True):
                rel = path.relative_to(root)
                if keep is not None and not keep(rel):
                    continue
                if path.is_symlink():
                    continue
                if path.is_dir():
                    stack.append(path)
                elif path.is_file():
                    tar.add(path, arcname=str(rel), recursive=False)
    return buf.getvalue()


def unpack_tree(data: bytes, dest: Path) -> list[str]:
    """Unpack an archive made by pack_tree into dest (created); returns the member names."""
    dest.mkdir(parents=True, exist_ok=True)
    try:
        with tarfile.open(fileobj=io.BytesIO(data), mode="r:gz") as tar:
            names = tar.getnames()
            tar.extractall(dest, filter="data")
    except (tarfile.TarError, OSError) as exc:
        raise CaseRunError(f"could not unpack a case archive into {dest}: {exc}") from exc
    return names
