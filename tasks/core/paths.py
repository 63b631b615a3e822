"""Where the project's own resources and the user's data live."""

from __future__ import annotations

import os
from pathlib import Path

# templates/, canonical/, sql/ and benchmarks/ sit beside tasks/ both in a checkout and
# in an installed wheel (they are shipped as package data at the top level).
PROJECT_ROOT = Path(__file__).resolve().parents[2]
TEMPLATES_DIR = PROJECT_ROOT / "templates"
CANONICAL_DIR = PROJECT_ROOT / "canonical"
SQL_DIR = PROJECT_ROOT / "sql"
BENCHMARKS_DIR = PROJECT_ROOT / "benchmarks"


def data_dir() -> Path:
    """The user's Casewright data directory (Prefect home, embedded Postgres, caches)."""
    base = os.environ.get("CASEWRIGHT_DATA_DIR")
    if base:
        return Path(base).expanduser()
    xdg = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(xdg) / "casewright"


def model_cache_dir() -> Path:
    """Where models derived from installed wheels are kept (the int8 ONNX query encoder): one per
    machine and user, shared by every data directory; CASEWRIGHT_MODEL_CACHE overrides it."""
    base = os.environ.get("CASEWRIGHT_MODEL_CACHE")
    if base:
        return Path(base).expanduser()
    xdg = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(xdg) / "casewright" / "models"
