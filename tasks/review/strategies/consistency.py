"""Consistency: the fields against the mesh (patch names, constraint types) and the entries
each BC type requires (from the solver's tutorials' usage of that type).

Which side is wrong is decided by the majority: a patch name or constraint type that one
field disagrees on is the field's mistake; one that every field agrees on and only the
mesh dictionary contradicts is the mesh's (blockMeshDict is edited, so blockMesh runs again).
"""

from __future__ import annotations

import difflib
import re

from tasks.foam import dictionary as fd
from tasks.review.case import CONSTRAINT_TYPES, CaseView
from tasks.review.edits import edit_field, patch
from tasks.review.models import Patch, Problem
from tasks.review.strategies.tutorials import body_lines, ranked

_INCONSISTENT = re.compile(r"patch type (\w+) and patchField type (\w+)")
_ESSENTIAL = re.compile(r"Essential entry '(\w+)' missing on patch (\S+)")
_CONSTRAINT = re.compile(r"patch type '(\w+)' not constraint type '(\w+)'")
_CAST = re.compile(r"Attempt to cast type (\w+) to type (\w+)")
BMD = "system/blockMeshDict"


def _result(description: str, changes: dict[str, str], view: CaseView, source: str) -> Patch | None:
    found = patch(description, changes, view)
    return found.model_copy(update={"strategy": "consistency", "source": source}) if found else None


def _bf_keys(text: str) -> list[str]:
    return [fd.unquote(k) for k in fd.keys(text, ["boundaryField"])]


def _field_of(problem: Problem) -> str | None:
    if problem.field:
        return problem.field
    rel = problem.file or ""
    top, _, name = rel.partition("/")
    return name.removesuffix(".orig") if top in ("0", "0.orig") and name else None


def _fields(view: CaseView) -> dict[str, str]:
    return {n: t for n in view.field_names() if (t := view.field_text(n)) is not None and fd.find(t, ["boundaryField"])}


def _bmd_boundary(text: str) -> tuple[int, int] | None:
    node = fd.find(text, ["boundary"])
    return (node.value_start, node.value_end) if node is not None and node.kind == "value" else None


def _rename_mesh_patch(view: CaseView, old: str, new: str) -> dict[str, str]:
    text = view.text(BMD)
    span = _bmd_boundary(text or "")
    if text is None or span is None:
        return {}
    lo, hi = span
    seg, n = re.subn(rf"(?m)^(\s*){re.escape(old)}(\s*\n?\s*\{{)", rf"\g<1>{new}\2", text[lo:hi], count=1)
    return {BMD: text[:lo] + seg + text[hi:]} if n else {}


def _set_mesh_type(view: CaseView, name: str, ptype: str) -> dict[str, str]:
    text = view.text(BMD)
    span = _bmd_boundary(text or "")
    if text is None or span is None:
        return {}
    lo, hi = span
    seg, n = re.subn(rf"(?s)(^|\n)(\s*{re.escape(name)}\s*\{{\s*type\s+)\w+", rf"\1\g<2>{ptype}", text[lo:hi], count=1)
    return {BMD: text[:lo] + seg + text[hi:]} if n else {}


def patch_names(problem: Problem, view: CaseView) -> Patch | None:
    """A field lacks a mesh patch and names one the mesh does not have: rename the side the
    other fields disagree with."""
    if problem.kind != "missing_patch":
        return None
    wanted = problem.keyword or problem.patch
    mesh = view.patches()
    fields = _fields(view)
    if not wanted or not fields:
        return None
    orphans: dict[str, int] = {}
    for text in fields.values():
        for key in _bf_keys(text):
            if key not in mesh and not key.startswith(("(", ".*")) and '"' not in key:
                orphans[key] = orphans.get(key, 0) + 1
    if not orphans:
        return None
    lower = {o.lower(): o for o in orphans}
    best = lower.get(wanted.lower()) or next(iter(difflib.get_close_matches(wanted, list(orphans), n=1, cutoff=0.5)),
                                             None) or (next(iter(orphans)) if len(orphans) == 1 else None)
    if best is None:
        return None
    having_wanted = sum(1 for t in fields.values() if wanted in _bf_keys(t))
    if orphans[best] > having_wanted and view.has(BMD):
        changes = _rename_mesh_patch(view, wanted, best)
        if changes:
            return _result(f"renamed mesh patch `{wanted}` to `{best}` in {BMD}: {orphans[best]} field(s) name it "
                           f"`{best}`, {having_wanted} `{wanted}`", changes, view,
                           "case fields (majority) vs system/blockMeshDict")
    changes: dict[str, str] = {}
    for name, text in fields.items():
        keys = _bf_keys(text)
        if best in keys and wanted not in keys:
            changes.update(edit_field(view, name, lambda t: fd.rename_key(t, ["boundaryField", best], wanted)))
    return _result(f"renamed boundaryField entry `{best}` to mesh patch `{wanted}` in {', '.join(changes)}",
                   changes, view, "constant/polyMesh/boundary (mesh patch names)")


def _patch_and_field(problem: Problem) -> tuple[str | None, str | None]:
    patch_name = problem.patch
    if not patch_name and problem.dict_path[:1] == ["boundaryField"] and len(problem.dict_path) > 1:
        patch_name = problem.dict_path[1]
    return patch_name, _field_of(problem)


def constraint_types(problem: Problem, view: CaseView) -> Patch | None:
    """A field and the mesh disagree on a constraint type (empty, symmetryPlane, wedge, ...)."""
    msg = problem.message
    m = _INCONSISTENT.search(msg) or _CONSTRAINT.search(msg) or _CAST.search(msg)
    if m is None:
        return None
    mesh_type, field_type = m[1], m[2]
    patch_name, field = _patch_and_field(problem)
    fields = _fields(view)
    if not patch_name or not field or field not in fields:
        return None
    types = {n: (fd.get(t, ["boundaryField", patch_name, "type"]) or "").strip() for n, t in fields.items()}
    agree_field = sum(1 for t in types.values() if t == field_type)
    if field_type in CONSTRAINT_TYPES and agree_field > len(types) / 2 and view.has(BMD):
        changes = _set_mesh_type(view, patch_name, field_type)
        if changes:
            return _result(f"mesh patch `{patch_name}` type {mesh_type} -> {field_type} in {BMD}: {agree_field} of "
                           f"{len(types)} fields say {field_type}", changes, view,
                           "case fields (majority) vs system/blockMeshDict")
    if mesh_type in CONSTRAINT_TYPES:
        changes = edit_field(view, field, lambda t: fd.set_entry(t, ["boundaryField", patch_name], {"type": mesh_type}))
        return _result(f"{field} on `{patch_name}`: {field_type} -> {mesh_type} (the mesh patch is {mesh_type})",
                       changes, view, "constant/polyMesh/boundary (constraint type)")
    # the field claims a constraint the mesh patch does not have: the tutorials' BC for it
    for tut in ranked(view):
        ttext = tut.text(f"0/{field}")
        node = fd.find(ttext or "", ["boundaryField", patch_name])
        if node is None or node.kind != "dict":
            continue
        ttype = (fd.get(ttext or "", ["boundaryField", patch_name, "type"]) or "").strip()
        if ttype in CONSTRAINT_TYPES:
            continue
        body = body_lines(ttext or "", node)
        changes = edit_field(view, field, lambda t: fd.set_entry(t, ["boundaryField", patch_name], body))
        return _result(f"{field} on `{patch_name}`: {field_type} -> {ttype} (mesh patch is {mesh_type})", changes,
                       view, f"tutorial {tut.rel} (0/{field} {patch_name})")
    return None


def _zero(text: str) -> str:
    internal = (fd.get(text, ["internalField"]) or "").strip()
    if internal.startswith("uniform"):
        return internal
    cls = fd.get(text, ["FoamFile", "class"]) or ""
    return "uniform (0 0 0)" if "Vector" in cls else "uniform 0"


def _tutorial_entry(view: CaseView, field: str, bc_type: str, key: str, patch_name: str) -> tuple[str, str] | None:
    """(value, source) of `key` in a tutorial BC of the same type (same patch name first)."""
    for tut in ranked(view):
        ttext = tut.text(f"0/{field}")
        if not ttext:
            continue
        names = [patch_name] + [k for k in _bf_keys(ttext) if k != patch_name]
        for name in names:
            if (fd.get(ttext, ["boundaryField", name, "type"]) or "").strip() != bc_type:
                continue
            value = fd.get(ttext, ["boundaryField", name, key])
            if value and "$" not in value and "#" not in value:
                return value.strip(), f"tutorial {tut.rel} (0/{field} {name}/{key})"
    return None


def bc_entries(problem: Problem, view: CaseView) -> Patch | None:
    """A BC without an entry its type requires: the tutorials' usage of that type, else the
    patch's own value, else the internal field."""
    key = patch_name = None
    if m := _ESSENTIAL.search(problem.message):
        key, patch_name = m[1], m[2]
    elif problem.kind == "missing_keyword" and problem.dict_path[:1] == ["boundaryField"] and len(problem.dict_path) == 2:
        key, patch_name = problem.keyword, problem.dict_path[1]
    field = _field_of(problem)
    text = view.field_text(field) if field else None
    if not key or key == "type" or not patch_name or text is None:
        return None  # a BC without a type: the tutorial reference or the role's canonical BC
    bc_type = (fd.get(text, ["boundaryField", patch_name, "type"]) or "").strip()
    # every patch of the field with this type and without the entry (one mistake, many walls)
    targets = [p for p in _bf_keys(text) if (fd.get(text, ["boundaryField", p, "type"]) or "").strip() == bc_type
               and fd.find(text, ["boundaryField", p, key]) is None] or [patch_name]
    found = _tutorial_entry(view, field, bc_type, key, patch_name)
    own = fd.get(text, ["boundaryField", patch_name, "value"])
    if key == "value":
        value, source = _zero(text), "the field's internalField"
    elif found is not None:
        value, source = found
    elif own:
        value, source = own.strip(), f"{field} {patch_name}/value"
    else:
        value, source = _zero(text), "the field's internalField"
    if key != "value" and found is None and own is None:
        return None
    changes = edit_field(view, field, lambda t: _set_all(t, targets, key, value))
    return _result(f"added `{key} {value}` to {bc_type} on {', '.join(targets)} of {field}", changes, view, source)


def _set_all(text: str, patches: list[str], key: str, value: str) -> str:
    for p in patches:
        if fd.find(text, ["boundaryField", p]) is not None:
            text = fd.set_entry(text, ["boundaryField", p, key], value)
    return text


def consistency(problem: Problem, view: CaseView) -> Patch | None:
    for fn in (patch_names, constraint_types, bc_entries):
        found = fn(problem, view)
        if found is not None:
            return found
    return None
