"""The installed tutorials as bases: their case-base records (read once per installation and
cached), their cell counts, and why one cannot be a base here (no application or initial fields,
built by its Allrun from a case not copied with it, a coded boundary condition that needs a
compiler).
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from pathlib import Path

from tasks.core.cache import cached_json
from tasks.core.paths import data_dir
from tasks.foam.allrun_inputs import copies_from, resource_files
from tasks.foam.files import find_file, read_text
from tasks.foam.geometry import block_cell_counts
from tasks.knowledge.casebase import (
    RECORD_VERSION,
    CaseRecord,
    coded_setup_dicts,
    find_case_dirs,
    read_case_record,
    read_run_sequence,
)

def _cells(r: CaseRecord) -> int:
    path = Path(r.path) / "system"
    found = find_file(path, "blockMeshDict")
    if found is None:
        return 100_000
    return sum(a * b * c for a, b, c in block_cell_counts(read_text(found))) or 100_000


def _blocked(r: CaseRecord) -> str | None:
    """Why a tutorial cannot be a base here (it would not run as the request asks), or None."""
    root = Path(r.path)
    if not r.solver:
        return "no application"
    brought = resource_files(root)  # what its Allrun copies in (../common/0.orig, shared meshes, ...)
    if not any((root / d).is_dir() for d in ("0", "0.orig")) and \
            not any(rel.split("/")[0] in ("0", "0.orig") for rel in brought) and \
            not (root / "constant" / "initialConditions").is_file():  # chemFoam's single cell starts from it
        return "no initial fields"
    other = _other_case_used(root)
    if other and not copies_from(root, other):
        return f"its Allrun builds it from another case ({other}), which is not copied with it"
    setup_only = coded_setup_dicts(root, read_run_sequence(root, r.solver))  # a vortex written before the run
    for rel in ("0", "0.orig", "constant", "system"):
        folder = root / rel
        if folder.is_dir():
            for p in folder.rglob("*"):
                if p.relative_to(root).as_posix().removesuffix(".gz") in setup_only:
                    continue
                if p.is_file() and p.stat().st_size < 200_000 and re.search(
                        r"codedFixedValue|#codeStream|coded\b", read_text(p)):
                    return "needs a compiler (coded boundary condition or #codeStream)"
    return None


_OTHER_CASE = re.compile(r"(?:^|\s)(\.\./(?!\.\./)[\w.\-/]+)")


def _other_case_used(root: Path) -> str | None:
    """The sibling case or shared folder ('../common', '../aeroFoil_overset') the tutorial's own
    Allrun or Allrun.pre copies, merges or maps from, or None. Comments and links inside the case
    ('../../include') do not count."""
    for name in ("Allrun.pre", "Allrun"):
        script = find_file(root, name)
        if script is None:
            continue
        for line in read_text(script).splitlines():
            code = line.split("#", 1)[0]
            m = _OTHER_CASE.search(code)
            if m and re.search(r"\b(?:cp|mergeMeshes|mapFields|mapFieldsPar|ln|rsync)\b", code):
                return m.group(1)
    return None


@lru_cache(maxsize=1024)
def _blocked_cached(path: str) -> str | None:
    if path in _BLOCKED:
        return _BLOCKED[path]
    record = _records_by_path().get(path)
    return _blocked(record) if record else None


@lru_cache(maxsize=1024)
def _cells_cached(path: str) -> int:
    record = _records_by_path().get(path)
    return _cells(record) if record else 100_000


_RECORDS: dict[str, list[CaseRecord]] = {}
_BLOCKED: dict[str, str | None] = {}  # tutorial path -> why it cannot be a base (None: it can)
BLOCKED_VERSION = 4  # of _blocked's rules: a change of them makes the cached reasons stale


def _records_by_path() -> dict[str, CaseRecord]:
    return {r.path: r for recs in _RECORDS.values() for r in recs}


def tutorial_records(tutorials_dir: Path) -> list[CaseRecord]:
    """The case-base records of every installed tutorial, cached per installation."""
    key = str(tutorials_dir.resolve())
    if key in _RECORDS:
        return _RECORDS[key]
    stamp = f"{tutorials_dir.resolve()}:{tutorials_dir.stat().st_mtime_ns}:v{RECORD_VERSION}"
    cache = data_dir() / "cache" / "tutorial_records.json"
    records: list[CaseRecord] | None = None
    if cache.is_file():
        try:
            data = json.loads(cache.read_text())
            if data.get("stamp") == stamp:
                records = [CaseRecord.model_validate(r) for r in data["records"]]
        except (ValueError, KeyError):
            records = None
    if records is None:
        records = [read_case_record(d, tutorials_dir) for d in find_case_dirs(tutorials_dir)]
        cache.parent.mkdir(parents=True, exist_ok=True)
        tmp = cache.with_suffix(".tmp")
        tmp.write_text(json.dumps({"stamp": stamp, "records": [r.model_dump() for r in records]}))
        tmp.replace(cache)
    _RECORDS[key] = records
    _BLOCKED.update(cached_json("tutorials_blocked", f"{stamp}:b{BLOCKED_VERSION}",
                                lambda: {r.path: _blocked(r) for r in records}))
    return records
