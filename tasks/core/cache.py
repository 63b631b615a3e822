"""Facts read once from the installed tutorials, kept as JSON under the data dir.

A cache file holds a stamp (the tutorials folder, its modification time, and the reader's own
version) beside the value: a reinstalled tutorial tree or a changed reader makes it stale, and
the value is read again. A cache that cannot be read or written is only a slower start.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tasks.core.paths import data_dir

logger = logging.getLogger(__name__)


def tutorials_stamp(tutorials_dir: Path, version: str) -> str:
    root = tutorials_dir.resolve()
    try:
        mtime = root.stat().st_mtime_ns
    except OSError:
        mtime = 0
    return f"{root}:{mtime}:{version}"


def cached_json(name: str, stamp: str, build: Callable[[], Any]) -> Any:
    """The value under data_dir()/cache/<name>.json when its stamp is `stamp`, else `build()`,
    stored for the next process (written to a temporary file, then renamed: readers never see
    half a file)."""
    path = data_dir() / "cache" / f"{name}.json"
    try:
        data = json.loads(path.read_text())
        if data.get("stamp") == stamp:
            return data["value"]
    except (OSError, ValueError, KeyError, AttributeError):
        pass
    value = build()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(f".{id(value)}.tmp")
        tmp.write_text(json.dumps({"stamp": stamp, "value": value}))
        tmp.replace(path)
    except OSError as exc:
        logger.info("cache %s not written (%s): the next command reads the tutorials again", path, exc)
    return value
