"""Numerics: what the solver's algorithm, schemes and matrix solvers need, invalid time
controls, unphysical initial fields, and block topology. Each check looks at the case as a
whole (not at one message), so it finds the cause of a divergence or crash wherever it is."""

from __future__ import annotations

import math
import re

from tasks.foam import dictionary as fd
from tasks.review.case import CaseView, block_geometry, estimate_delta_t, first_number
from tasks.review.edits import edit_field, patch
from tasks.review.models import Patch, Problem
from tasks.review.strategies.tutorials import body_lines, ranked

# v1912: solvers and preconditioners that only take symmetric matrices, and their
# asymmetric counterparts (`Valid asymmetric matrix solver types: GAMG PBiCG PBiCGStab smoothSolver`).
SYMMETRIC_ONLY = {"PCG": "PBiCGStab", "PPCG": "PBiCGStab", "PPCR": "PBiCGStab", "ICCG": "PBiCGStab",
                  "DIC": "DILU", "FDIC": "DILU"}
SYMMETRIC_FIELDS = re.compile(r"^(p|p_rgh|pcorr|pB|pa|Phi|rho|phi|D|T|e|ph|cellDisplacement|pd|alpha\S*)(Final)?$")
# field -> whether it must be strictly positive (else only not negative)
POSITIVE = {"epsilon": True, "omega": True, "k": False, "nut": False, "nuTilda": False, "alphat": False}
ALGORITHMS = ("SIMPLE", "PISO", "PIMPLE", "BPISO", "stressAnalysis", "potentialFlow", "relaxationFactors")
_NUM = r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?"


def _result(description: str, changes: dict[str, str], view: CaseView, source: str) -> Patch | None:
    found = patch(description, changes, view)
    return found.model_copy(update={"strategy": "numerics", "source": source}) if found else None


def algorithm_dicts(problem: Problem, view: CaseView) -> Patch | None:
    """fvSolution without an algorithm dictionary every tutorial of the solver has."""
    rel = "system/fvSolution"
    text = view.text(rel)
    tuts = ranked(view)
    if text is None or not tuts:
        return None
    for name in ALGORITHMS:
        if fd.find(text, [name]) is not None:
            continue
        having = [t for t in tuts if fd.find(t.text(rel) or "", [name]) is not None]
        if len(having) < max(1, 0.5 * len(tuts)):
            continue
        tut = having[0]
        theirs = tut.text(rel) or ""
        node = fd.find(theirs, [name])
        assert node is not None
        body = body_lines(theirs, node) if node.kind == "dict" else None
        if body is None:
            continue
        new = fd.insert_entry(text, [], name, body)
        return _result(f"added the {name} dictionary to {rel} ({len(having)} of {len(tuts)} {view.application} "
                       f"tutorials have it)", {rel: new}, view, f"tutorial {tut.rel} (system/fvSolution: {name})")
    return None


def relaxation_bounds(problem: Problem, view: CaseView) -> Patch | None:
    """Relaxation factors outside (0, 1]: the tutorial's factor for the same entry."""
    rel = "system/fvSolution"
    text = view.text(rel)
    if text is None or fd.find(text, ["relaxationFactors"]) is None:
        return None
    bad: list[list[str]] = []
    for section in ("fields", "equations", None):
        base = ["relaxationFactors"] + ([section] if section else [])
        for key in fd.keys(text, base):
            node = fd.find(text, base + [key])
            value = first_number(fd.get(text, base + [key])) if node is not None and node.kind == "value" else None
            if value is not None and not (0 < value <= 1):
                bad.append(base + [key])
    if not bad:
        return None
    tut = next(iter(ranked(view)), None)
    theirs = tut.text(rel) if tut else None
    new, notes = text, []
    for path in bad:
        want = first_number(fd.get(theirs or "", path, regex=True)) or 0.7
        new = fd.set_entry(new, path, f"{want:g}")
        notes.append(f"{'/'.join(path[1:])} -> {want:g}")
    return _result("relaxation factors into (0, 1]: " + ", ".join(notes), {rel: new}, view,
                   f"tutorial {tut.rel} (relaxationFactors)" if tut else "relaxation factors must lie in (0, 1]")


def time_controls(problem: Problem, view: CaseView) -> Patch | None:
    rel = "system/controlDict"
    text = view.text(rel)
    if text is None:
        return None
    new, notes = text, []
    dt = first_number(view.control("deltaT"))
    if dt is not None and dt <= 0:
        want = estimate_delta_t(view) or 1.0
        new = fd.set_entry(new, ["deltaT"], f"{want:g}")
        notes.append(f"deltaT {dt:g} -> {want:g} (Courant estimate)")
        dt = want
    start = first_number(view.control("startTime")) or 0.0
    times = sorted(float(d) for d in view.dirs if re.fullmatch(_NUM, d))
    if (view.control("startFrom") or "startTime").strip() == "startTime" and times and not any(
            math.isclose(start, t, abs_tol=1e-12) for t in times):
        new = fd.set_entry(new, ["startTime"], f"{times[0]:g}")
        notes.append(f"startTime {start:g} -> {times[0]:g} (the time directory the case has)")
        start = times[0]
    end = first_number(view.control("endTime"))
    interval = first_number(view.control("writeInterval"))
    if interval is not None and interval <= 0 and end is not None:
        per_step = (view.control("writeControl") or "timeStep").strip() == "timeStep"
        want = max(1, round((end - start) / dt)) if per_step and dt else end - start
        new = fd.set_entry(new, ["writeInterval"], f"{want:g}")
        notes.append(f"writeInterval {interval:g} -> {want:g} (write at endTime)")
    if not notes:
        return None
    return _result("time controls: " + "; ".join(notes), {rel: new}, view, "controlDict time controls (numerics)")


def _tutorial_internal(view: CaseView, field: str) -> tuple[str, str] | None:
    for tut in ranked(view):
        value = (fd.get(tut.text(f"0/{field}") or "", ["internalField"]) or "").strip()
        if value.startswith("uniform") and (n := first_number(value)) is not None and n > 0:
            return value, f"tutorial {tut.rel} (0/{field} internalField)"
    return None


def _inlet_value(view: CaseView, field: str) -> str | None:
    text = view.field_text(field) or ""
    for name in fd.keys(text, ["boundaryField"]):
        if (fd.get(text, ["boundaryField", name, "type"]) or "").strip() == "fixedValue":
            value = (fd.get(text, ["boundaryField", name, "value"]) or "").strip()
            n = first_number(value)
            if value.startswith("uniform") and n is not None and n > 0:
                return value
    return None


def _absolute(view: CaseView, field: str) -> bool:
    text = view.field_text(field) or ""
    dims = fd.get(text, ["dimensions"]) or ""
    return field in ("T",) or (field in ("p",) and re.sub(r"\s+", " ", dims).startswith("[1 -1 -2"))


def initial_fields(problem: Problem, view: CaseView) -> Patch | None:
    """Unphysical uniform initial values: a negative turbulence quantity or temperature (the
    sign is the mistake), a zero dissipation rate or absolute pressure (the inlet's value,
    else the tutorial's)."""
    for field in view.field_names():
        text = view.field_text(field) or ""
        value = (fd.get(text, ["internalField"]) or "").strip()
        if not value.startswith("uniform") or "(" in value:
            continue
        n = first_number(value)
        if n is None:
            continue
        strict = POSITIVE.get(field, True if _absolute(view, field) else None)
        if strict is None or (n > 0 if strict else n >= 0):
            continue
        if n < 0:
            want, source = f"uniform {abs(n):g}", f"|{n:g}|: a positive quantity (sign)"
        else:
            found = (_inlet_value(view, field), f"0/{field} inlet value") if _inlet_value(view, field) else \
                _tutorial_internal(view, field)
            if not found or not found[0]:
                continue
            want, source = found
        changes = edit_field(view, field, lambda t, w=want: fd.set_entry(t, ["internalField"], w))
        return _result(f"{field} internalField {value} -> {want} (unphysical)", changes, view, source)
    rel = "system/setFieldsDict"
    text = view.text(rel)
    if text:
        for m in re.finditer(rf"volScalarFieldValue\s+(\w+)\s+({_NUM})", text):
            field, n = m[1], float(m[2])
            if n < 0 and (field in ("k", "epsilon", "omega", "T") or _absolute(view, field)):
                new = text[:m.start(2)] + f"{abs(n):g}" + text[m.end(2):]
                return _result(f"setFieldsDict {field} {n:g} -> {abs(n):g} (a positive quantity)", {rel: new}, view,
                               "setFieldsDict: unphysical value (sign)")
    return None


def matrix_solvers(problem: Problem, view: CaseView) -> Patch | None:
    """A symmetric-only solver or preconditioner on an asymmetric matrix (U, k, epsilon, h, ...)."""
    rel = "system/fvSolution"
    text = view.text(rel)
    if text is None:
        return None
    new, notes = text, []
    for key in fd.keys(text, ["solvers"]):
        name = fd.unquote(key)
        fields = [f.replace(".*", "") for f in re.split(r"[|()]", name.replace('"', ""))]
        fields = [f for f in fields if f and f not in ("Final", ".*")]
        if not fields or all(SYMMETRIC_FIELDS.match(f) for f in fields):
            continue
        for entry in ("solver", "preconditioner"):
            value = (fd.get(new, ["solvers", key, entry]) or "").strip()
            if value in SYMMETRIC_ONLY:
                new = fd.set_entry(new, ["solvers", key, entry], SYMMETRIC_ONLY[value])
                notes.append(f"{name} {entry} {value} -> {SYMMETRIC_ONLY[value]}")
        if (fd.get(new, ["solvers", key, "solver"]) or "").strip() in ("PBiCG", "PBiCGStab") and \
                fd.find(new, ["solvers", key, "preconditioner"]) is None and fd.find(new, ["solvers", key]).kind == "dict":
            new = fd.set_entry(new, ["solvers", key, "preconditioner"], "DILU")
            notes.append(f"{name} preconditioner DILU")
    if not notes:
        return None
    return _result("asymmetric matrices get asymmetric solvers: " + "; ".join(notes), {rel: new}, view,
                   "v1912 lduMatrix: asymmetric solvers GAMG PBiCG PBiCGStab smoothSolver, preconditioners "
                   "DILU GAMG diagonal none")


def time_scheme(problem: Problem, view: CaseView) -> Patch | None:
    """A ddt scheme none of the solver's tutorials uses (steadyState for a transient solver)."""
    rel = "system/fvSchemes"
    text = view.text(rel)
    have = (fd.get(text or "", ["ddtSchemes", "default"]) or "").strip()
    tuts = ranked(view)
    if not text or not have or not tuts:
        return None
    used = {(fd.get(t.text(rel) or "", ["ddtSchemes", "default"]) or "").strip() for t in tuts}
    first = have.split()[0]
    if first != "steadyState" or any(u.split()[:1] == [first] for u in used if u):
        return None
    tut = next(t for t in tuts if (fd.get(t.text(rel) or "", ["ddtSchemes", "default"]) or "").strip())
    want = (fd.get(tut.text(rel) or "", ["ddtSchemes", "default"]) or "").strip()
    new = fd.set_entry(text, ["ddtSchemes", "default"], want)
    return _result(f"ddtSchemes default {have} -> {want} (no {view.application} tutorial uses {first})",
                   {rel: new}, view, f"tutorial {tut.rel} (system/fvSchemes: ddtSchemes)")


# --- blockMesh topology --------------------------------------------------------------

BMD = "system/blockMeshDict"
_HEX = re.compile(r"hex\s*\(([^)]*)\)(\s*(?:[A-Za-z_]\w*\s*)?)\(([^)]*)\)")


def _blocks_span(text: str) -> tuple[int, int] | None:
    node = fd.find(text, ["blocks"])
    return (node.value_start, node.value_end) if node is not None and node.kind == "value" else None


def block_topology(problem: Problem, view: CaseView) -> Patch | None:
    text = view.text(BMD)
    span = _blocks_span(text or "")
    if text is None or span is None:
        return None
    lo, hi = span
    seg = text[lo:hi]
    hexes = list(_HEX.finditer(seg))
    full = [[int(x) for x in m[1].split()] for m in hexes if len(m[1].split()) == 8]
    lift = {b[i]: b[i + 4] for b in full for i in range(4)}
    drop = {v: k for k, v in lift.items()}
    notes: list[str] = []
    out = seg
    for m in reversed(hexes):
        labels = [int(x) for x in m[1].split()]
        cells = [int(x) for x in re.findall(r"\d+", m[3])]
        new_labels, new_cells = labels, cells
        if len(labels) == 7:  # one label lost: rebuild it from the other blocks' extrusion
            bottom, top = labels[:4], labels[4:]
            offsets = {v - k for k, v in lift.items()}
            guess = [lift.get(b, b + next(iter(offsets)) if len(offsets) == 1 else None) for b in bottom]
            if all(g is not None for g in guess) and top == guess[:3]:
                new_labels = bottom + guess  # type: ignore[operator]
            elif all(drop.get(t) is not None for t in top) and len(top) == 3:
                new_labels = labels  # ambiguous
        if "inside-out" in problem.message and f"hex ({m[1].strip()})" in problem.message.replace("  ", " ") \
                and len(labels) == 8:
            a, b, c, d, e, f, g, h = labels
            new_labels = [a, d, c, b, e, h, g, f]
        if len(cells) == 3 and 0 in cells:
            new_cells = _fill_cells(view, text, labels, cells)
        if new_labels != labels or new_cells != cells:
            piece = f"hex ({' '.join(map(str, new_labels))}){m[2]}({' '.join(map(str, new_cells))})"
            out = out[:m.start()] + piece + out[m.end():]
            notes.append(f"hex ({m[1].strip()}) ({m[3].strip()}) -> {piece}")
    if notes:
        return _result("block topology: " + "; ".join(notes), {BMD: text[:lo] + out + text[hi:]}, view,
                       "blockMesh hex topology (vertex order, extrusion, cell counts)")
    return _boundary_faces(problem, view, text, full)


def _fill_cells(view: CaseView, text: str, labels: list[int], cells: list[int]) -> list[int]:
    geo = block_geometry(text)
    if geo is None or len(labels) != 8 or max(labels) >= len(geo.vertices):
        return [c or 1 for c in cells]
    v = [geo.vertices[i] for i in labels]
    edges = [math.dist(v[0], v[1]), math.dist(v[0], v[3]), math.dist(v[0], v[4])]
    sizes = [e / c for e, c in zip(edges, cells) if c > 1]
    dx = min(sizes) if sizes else None
    return [c if c > 0 else max(1, round(e / dx)) if dx else 1 for e, c in zip(edges, cells)]


def _boundary_faces(problem: Problem, view: CaseView, text: str, blocks: list[list[int]]) -> Patch | None:
    """A boundary face naming a vertex that does not exist: the block face that holds its
    other three vertices."""
    m = re.search(r"Point label (\d+) out of range \d+\.\.(\d+) on patch (\S+)", problem.message)
    if m is None:
        return None
    bad = int(m[1])
    faces = [[b[i] for i in f] for b in blocks for f in ((0, 3, 2, 1), (4, 5, 6, 7), (0, 1, 5, 4), (1, 2, 6, 5),
                                                         (2, 3, 7, 6), (3, 0, 4, 7))]
    node = fd.find(text, ["boundary"])
    if node is None:
        return None
    seg = text[node.value_start:node.value_end]
    for fm in re.finditer(r"\(\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\)", seg):
        labels = [int(x) for x in fm.groups()]
        if bad not in labels:
            continue
        rest = [x for x in labels if x != bad]
        for face in faces:
            if set(rest) <= set(face) and len(set(face)) == 4:
                missing = next(x for x in face if x not in rest)
                fixed = [missing if x == bad else x for x in labels]
                new_seg = seg[:fm.start()] + f"({' '.join(map(str, fixed))})" + seg[fm.end():]
                changes = {BMD: text[:node.value_start] + new_seg + text[node.value_end:]}
                return _result(f"boundary face ({' '.join(fm.groups())}) on {m[3]} -> ({' '.join(map(str, fixed))}) "
                               f"(vertex {bad} does not exist; the block face with the other three)", changes, view,
                               "blockMesh hex faces")
    return None


CHECKS = (algorithm_dicts, relaxation_bounds, time_controls, initial_fields, matrix_solvers, time_scheme,
          block_topology)
# a problem that names its cause only needs the checks that can cause it
BY_KIND = {
    "missing_file": (time_controls,),
    "unknown_type": (matrix_solvers,),
    "mesh_vertices": (block_topology,),
    "mesh_block_syntax": (block_topology,),
    "fatal": (matrix_solvers, time_controls, initial_fields, block_topology),
}


def numerics(problem: Problem, view: CaseView) -> Patch | None:
    for check in BY_KIND.get(problem.kind, CHECKS):
        found = check(problem, view)
        if found is not None:
            return found
    return None
