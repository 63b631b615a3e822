"""Dialect translation: files and keywords of other OpenFOAM releases (Foundation, OpenFOAM
2.x, newer ESI) into their v1912 form, from the table in canonical/dialects.yaml."""

from __future__ import annotations

from functools import lru_cache
from typing import Literal

import yaml
from pydantic import BaseModel, ConfigDict

from tasks.core.paths import CANONICAL_DIR
from tasks.foam import dictionary as fd
from tasks.review.case import CaseView
from tasks.review.edits import patch
from tasks.review.models import Patch, Problem

DIALECTS_FILE = CANONICAL_DIR / "dialects.yaml"


class FileRow(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True)

    from_: str
    to: str | None
    release: str
    when_has: str | None = None
    merge_into: Literal["RAS", "LES"] | None = None


class KeywordRow(BaseModel):
    model_config = ConfigDict(extra="forbid")

    file: str
    path: list[str]
    from_: str
    to: str
    release: str
    values: dict[str, str] = {}


class Dialects(BaseModel):
    model_config = ConfigDict(extra="forbid")

    files: list[FileRow]
    keywords: list[KeywordRow]
    values: list[KeywordRow]
    applications: dict[str, dict[str, dict[Literal["steady", "transient"], str]]]


def _rename_from(rows: list[dict]) -> list[dict]:
    return [{("from_" if k == "from" else k): v for k, v in r.items()} for r in rows]


@lru_cache(maxsize=1)
def dialects() -> Dialects:
    raw = yaml.safe_load(DIALECTS_FILE.read_text())
    return Dialects(files=_rename_from(raw["files"]), keywords=_rename_from(raw["keywords"]),
                    values=_rename_from(raw["values"]), applications=raw["applications"])


def _source(row: FileRow | KeywordRow) -> str:
    return f"canonical/dialects.yaml ({row.release}: {row.from_} -> {row.to})"


def _result(description: str, changes: dict[str, str], view: CaseView, source: str) -> Patch | None:
    found = patch(description, changes, view)
    return found.model_copy(update={"strategy": "dialect", "source": source}) if found else None


def translate_text(rel: str, text: str) -> tuple[str, list[str]]:
    """Keyword and value translations of one v1912 file; returns the text and what changed."""
    notes: list[str] = []
    d = dialects()
    for row in d.keywords:
        if row.file != rel or fd.find(text, row.path + [row.to]) is not None:
            continue
        if fd.find(text, row.path + [row.from_]) is None:
            continue
        value = (fd.get(text, row.path + [row.from_]) or "").strip()
        text = fd.rename_key(text, row.path + [row.from_], row.to)
        if value in row.values:
            text = fd.set_entry(text, row.path + [row.to], row.values[value])
        notes.append(f"{'/'.join(row.path + [row.from_])} -> {row.to}")
    for row in d.values:
        if row.file == rel and (fd.get(text, row.path) or "").strip() == row.from_:
            text = fd.set_entry(text, row.path, row.to)
            notes.append(f"{'/'.join(row.path)} {row.from_} -> {row.to}")
    return text, notes


def translate_files(problem: Problem, view: CaseView) -> Patch | None:
    """A v1912 file missing (or holding another release's form) while another release's
    file is there: write the v1912 file from it, keywords translated."""
    d = dialects()
    changes: dict[str, str] = {}
    sources: list[str] = []
    for row in d.files:
        if row.to is None or not view.has(row.from_):
            continue
        old = view.text(row.from_) or ""
        if row.when_has and fd.find(old, [row.when_has]) is None:
            continue
        if not row.when_has and any(r.from_ == row.from_ and r.when_has and fd.find(old, [r.when_has])
                                    for r in d.files if r is not row):
            continue
        target = changes.get(row.to, view.text(row.to))
        if row.merge_into:
            base = target or _header_only(row.to)
            body = {e.key: (old[e.value_start:e.value_end].strip()) for e in fd.entries(old, _after_header(old))
                    if e.kind == "value"}
            new = fd.set_entry(base, ["simulationType"], row.merge_into) if fd.find(base, ["simulationType"]) \
                else fd.insert_entry(base, [], "simulationType", row.merge_into)
            for key, value in body.items():
                new = fd.set_entry(new, [row.merge_into, key], value)
        elif target is None:
            new = old.replace(f"object      {row.from_.rsplit('/', 1)[-1]}", f"object      {row.to.rsplit('/', 1)[-1]}")
            new = fd.set_entry(new, ["FoamFile", "object"], row.to.rsplit("/", 1)[-1]) \
                if fd.find(new, ["FoamFile", "object"]) else new
        else:
            continue
        new, _ = translate_text(row.to, new)
        changes[row.to] = new
        sources.append(_source(row))
    if not changes:
        return None
    return _result(f"wrote {', '.join(changes)} (v1912 form) from another release's file", changes, view,
                   "; ".join(sources))


def translate_keywords(problem: Problem, view: CaseView) -> Patch | None:
    changes: dict[str, str] = {}
    notes: list[str] = []
    for rel in sorted({r.file for r in dialects().keywords + dialects().values}):
        text = view.text(rel)
        if text is None:
            continue
        new, found = translate_text(rel, text)
        if found:
            changes[rel] = new
            notes += found
    if not changes:
        return None
    return _result("translated keywords of another release: " + "; ".join(notes), changes, view,
                   "canonical/dialects.yaml (keywords, values)")


def translate_application(problem: Problem, view: CaseView) -> Patch | None:
    """`application foamRun; solver incompressibleFluid;` -> the v1912 solver."""
    app = view.application
    table = dialects().applications.get(app)
    text = view.text("system/controlDict")
    if table is None or text is None:
        return None
    module = (fd.get(text, ["solver"]) or "default").strip().strip('"')
    choice = table.get(module) or table.get("default")
    if choice is None:
        return None
    ddt = (fd.get(view.text("system/fvSchemes") or "", ["ddtSchemes", "default"]) or "").strip()
    solver = choice["steady" if ddt.startswith("steadyState") else "transient"]
    new = fd.set_entry(text, ["application"], solver)
    if fd.find(new, ["solver"]) is not None:
        new = fd.remove_entry(new, ["solver"])
    return _result(f"application {app} (solver {module}) -> {solver}", {"system/controlDict": new}, view,
                   f"canonical/dialects.yaml (applications: {app}/{module})")


def dialect_translation(problem: Problem, view: CaseView) -> Patch | None:
    for fn in (translate_application, translate_files, translate_keywords):
        found = fn(problem, view)
        if found is not None:
            return found
    return None


def _after_header(text: str) -> int:
    node = fd.find(text, ["FoamFile"])
    return node.end if node else 0


def _header_only(rel: str) -> str:
    folder, _, name = rel.rpartition("/")
    return (f"FoamFile\n{{\n    version     2.0;\n    format      ascii;\n    class       dictionary;\n"
            f"    location    \"{folder}\";\n    object      {name};\n}}\n\n")
