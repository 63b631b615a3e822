"""Every stated value, looked for in the written case: found (file, entry) or not applied.

The check reads the files, not the planner's intentions: a value counts as applied only when
a dictionary entry where that role lives holds it (a velocity as a vector of that magnitude
on a patch of 0/U, an end time as controlDict's endTime, a cell count in a blockMesh hex
block, ...). Values the planner derived from a stated one (a viscosity from a Reynolds
number, a setFields box from "the left third") are checked through the planner's binding:
the entry it names must hold the value it says it wrote.
"""

from __future__ import annotations

import json
import math
import re
from pathlib import Path

from tasks.foam import dictionary as fd
from tasks.foam.geometry import block_cell_counts
from tasks.foam.locked import same_value
from tasks.geometry.build import GEOMETRY_RECORD, recorded_lengths
from tasks.plan.bind import edge_angles_deg
from tasks.plan.stated import Binding, NotApplied, StatedQuantity

_NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
_VECTOR = re.compile(r"\(\s*([-+\d.eE]+)\s+([-+\d.eE]+)\s+([-+\d.eE]+)\s*\)")

_VELOCITY = ["0/U", "0/U.*", "0/Urel", "0.orig/U", "0.orig/U.*", "0.orig/Urel"]
_PRESSURE = ["0/p", "0/p_rgh", "0.orig/p", "0.orig/p_rgh"]
_TEMPERATURE = ["0/T", "0/T.*", "0.orig/T", "0.orig/T.*"]
_PROPERTIES = ["constant/transportProperties", "constant/thermophysicalProperties", "constant/thermophysicalProperties.*",
               "constant/*/transportProperties", "constant/*/thermophysicalProperties*", "constant/physicalProperties*"]
_CLOUD = ["constant/*CloudProperties", "constant/*cloudProperties", "constant/*Cloud*Properties"]

# role -> (file globs, entry names that may hold it (None: any), how values compare)
_WHERE: dict[str, tuple[list[str], tuple[str, ...] | None, str]] = {
    "lid_velocity": (_VELOCITY, None, "magnitude"),
    "initial_velocity": (_VELOCITY, ("internalField",), "magnitude"),
    "wall_velocity": (_VELOCITY, None, "magnitude"),
    "inlet_velocity": (_VELOCITY + _CLOUD + ["constant/transportProperties", "constant/fvOptions", "system/fvOptions"],
                       None, "magnitude"),
    "outlet_pressure": (_PRESSURE, None, "scalar"),
    "inlet_pressure": (_PRESSURE, None, "scalar"),
    "ambient_pressure": (_PRESSURE + _PROPERTIES, None, "scalar"),
    "reference_temperature": (_PROPERTIES + _TEMPERATURE, None, "scalar"),
    "inlet_temperature": (_TEMPERATURE, None, "scalar"),
    "hot_wall_temperature": (_TEMPERATURE, None, "scalar"),
    "cold_wall_temperature": (_TEMPERATURE, None, "scalar"),
    "wall_temperature": (_TEMPERATURE, None, "scalar"),
    "initial_temperature": (_TEMPERATURE + _PROPERTIES, None, "scalar"),
    "nu": (_PROPERTIES + ["constant/momentumTransport"], None, "scalar"),
    "mu": (_PROPERTIES, None, "scalar"),
    "density": (_PROPERTIES, None, "scalar"),
    "particle_density": (_CLOUD, None, "scalar"),
    "particle_diameter": (_CLOUD, None, "scalar"),
    "end_time": (["system/controlDict"], ("endTime",), "scalar"),
    "delta_t": (["system/controlDict"], ("deltaT",), "scalar"),
    "write_interval": (["system/controlDict"], ("writeInterval",), "scalar"),
    "max_co": (["system/controlDict"], ("maxCo", "maxAlphaCo"), "scalar"),
    "ranks": (["system/decomposeParDict"], ("numberOfSubdomains",), "scalar"),
    "gravity": (["constant/g"], ("value",), "magnitude"),
    "angular_velocity": (["constant/MRFProperties", "constant/SRFProperties", "constant/dynamicMeshDict"] + _VELOCITY,
                         None, "scalar"),
    "frequency": (_VELOCITY + _PRESSURE + _TEMPERATURE, ("frequency",), "scalar"),
    "prandtl": (_PROPERTIES, ("Pr",), "scalar"),
    "turbulence_intensity": (["0/k", "0.orig/k"], ("intensity",), "scalar"),
    "inlet_flow_rate": (_VELOCITY, ("volumetricFlowRate", "flowRate"), "scalar"),
    "inlet_mass_flow": (_VELOCITY, ("massFlowRate",), "scalar"),
    "wall_heat_flux": (_TEMPERATURE, ("q", "gradient"), "scalar"),
}


# roles a boundary carries: found on a patch of the field, never in its internal field
_ON_PATCHES = {"lid_velocity", "wall_velocity", "inlet_temperature", "hot_wall_temperature", "cold_wall_temperature",
               "wall_temperature", "outlet_pressure", "inlet_pressure"}


def _files(case: Path, globs: list[str]) -> list[Path]:
    seen: list[Path] = []
    for g in globs:
        for p in sorted(case.glob(g)):
            if p.is_file() and p not in seen and not p.name.endswith((".orig", ".gz")):
                seen.append(p)
    return seen


def _numbers(raw: str, how: str) -> list[float]:
    raw = fd.strip_comments(raw)
    if how == "magnitude":
        return [math.sqrt(sum(float(x) ** 2 for x in m.groups())) for m in _VECTOR.finditer(raw)] + \
               [abs(float(x)) for x in _NUMBER.findall(_VECTOR.sub(" ", raw))]
    raw = re.sub(r"\[[^\]]*\]", " ", raw)  # dimension sets are not values
    out: list[float] = []
    for x in _NUMBER.findall(raw):
        try:
            out.append(float(x))
        except ValueError:
            continue
    return out


def _close(a: float, b: float) -> bool:
    return abs(a - b) <= 1e-6 * max(abs(a), abs(b)) + 1e-9 * max(abs(b), 1e-3)


def _scale(text: str) -> float:
    value = fd.get(text, ["convertToMeters"]) or fd.get(text, ["scale"])
    try:
        return float(value) if value else 1.0
    except ValueError:
        return 1.0


def find_stated(case: Path, q: StatedQuantity) -> tuple[str, list[str]] | None:
    """(file, entry) of the case that holds the stated value for its role, or None."""
    if q.role in ("mesh_cells", "mesh_cells_axis"):
        return _find_cells(case, q)
    if q.role == "geometry":
        return _find_length(case, q)
    if q.role == "wall_angle":
        path = case / "system/blockMeshDict"
        if path.is_file() and any(abs(a - q.value) < 0.5 for a in edge_angles_deg(path.read_text(errors="replace"))):
            return "system/blockMeshDict", ["blocks"]
        return None
    where = _WHERE.get(q.role)
    if where is None:
        return None
    globs, names, how = where
    for path in _files(case, globs):
        text = path.read_text(errors="replace")
        for entry, raw in fd.leaves(text):
            if entry[0] == "FoamFile" or (names is not None and entry[-1] not in names):
                continue  # the header's version 2.0 is no velocity of 2 m/s
            if q.role in _ON_PATCHES and entry[0] != "boundaryField":
                continue
            want = q.value * 60 / (2 * math.pi) if q.role == "angular_velocity" and entry[-1] == "rpm" else q.value
            if any(_close(x, want) for x in _numbers(raw, how)):
                return path.relative_to(case).as_posix(), entry
    return None


def _find_cells(case: Path, q: StatedQuantity) -> tuple[str, list[str]] | None:
    path = case / "system/blockMeshDict"
    if not path.is_file():
        return None
    counts = block_cell_counts(fd.strip_comments(path.read_text()))
    if q.role == "mesh_cells" and q.dims:
        want = [d for d in q.dims if d > 1] if len(q.dims) == 3 else list(q.dims)
        for c in counts:
            have = [d for d in c if d > 1] if len(q.dims) == 3 else list(c[:len(q.dims)])
            if have == want or list(c[:len(q.dims)]) == list(q.dims):
                return "system/blockMeshDict", ["blocks"]
        totals = sum(math.prod(c) for c in counts)
        if counts and len(q.dims) in (2, 3) and totals == math.prod(q.dims) * (1 if len(q.dims) == 3 else counts[0][2]):
            return "system/blockMeshDict", ["blocks"]
        if _over_section(case, q.dims) and counts and all(list(c[1:]) == list(q.dims) for c in counts):
            return "system/blockMeshDict", ["blocks"]
        return None
    if any(int(q.value) in c for c in counts):
        return "system/blockMeshDict", ["blocks"]
    return None


def _over_section(case: Path, dims: list[int]) -> bool:
    """The shape library meshed the case with `dims` cells over its cross-section, as the request
    gave them (its geometry record says so)."""
    record = case / GEOMETRY_RECORD
    return record.is_file() and json.loads(record.read_text()).get("section_cells") == list(dims)


def _find_length(case: Path, q: StatedQuantity) -> tuple[str, list[str]] | None:
    """Where a stated length is: a vertex coordinate or an extent of the blockMeshDict, else an
    entry of the geometry record the shape library built the mesh from (.casewright/geometry.json:
    a Gmsh mesh has no blockMeshDict; an obstacle's size or centre is no vertex)."""
    path = case / "system/blockMeshDict"
    if path.is_file():
        text = path.read_text(errors="replace")
        scale = _scale(text)
        vertices = fd.get(text, ["vertices"]) or ""
        coords = [float(x) * scale for m in _VECTOR.finditer(fd.strip_comments(vertices)) for x in m.groups()]
        extents = {abs(a - b) for a in coords for b in coords}
        if any(_close(x, q.value) for x in set(coords) | extents):
            return "system/blockMeshDict", ["vertices"]
    record = case / GEOMETRY_RECORD
    if record.is_file():
        for entry, value in recorded_lengths(json.loads(record.read_text())):
            if _close(value, q.value):
                return GEOMETRY_RECORD, entry
    return None


def _json_value(path: Path, entry: list[str]) -> str | None:
    """A value recorded by the planner in the case's .casewright/*.json (shape dimensions)."""
    if not path.is_file():
        return None
    data = json.loads(path.read_text())
    for key in entry:
        if isinstance(data, list) and key.isdigit() and int(key) < len(data):
            data = data[int(key)]
        elif isinstance(data, dict) and key in data:
            data = data[key]
        else:
            return None
    return None if isinstance(data, (dict, list)) else f"{float(data):.9g}" if isinstance(data, (int, float)) else str(data)


def _holds(have: str, value: str) -> bool:
    """The entry's text holds `value` (a setFields region inside a list, say), spacing and
    number spelling aside."""
    words = lambda t: [f"{float(w):.9g}" if _NUMBER.fullmatch(w) else w  # noqa: E731
                       for w in re.findall(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?|[^\s()]+", t)]
    want, text = words(value), words(fd.strip_comments(have))
    return any(text[i:i + len(want)] == want for i in range(len(text) - len(want) + 1))


def verify_stated(case: Path, stated: list[StatedQuantity], bindings: list[Binding],
                  refused: list[NotApplied] = ()) -> tuple[
        list[StatedQuantity], list[NotApplied]]:
    """Each stated quantity with where it was found; the ones not found, with the reason."""
    out: list[StatedQuantity] = []
    missing: list[NotApplied] = []
    for q in stated:
        q = q.model_copy()
        bound = [b for b in bindings if b.stated == q.text]
        for b in bound:
            path = case / b.file
            if path.suffix == ".json":
                have = _json_value(path, b.entry)
            else:
                have = fd.get(path.read_text(errors="replace"), b.entry) if path.is_file() else None
            if same_value(b.value, have) or (have is not None and _holds(have, b.value)):
                q.file, q.entry, q.verified = b.file, b.entry, True
                break
        if not q.verified:
            found = find_stated(case, q)
            if found is not None:
                q.file, q.entry, q.verified = found[0], found[1], True
        planned = next((n.reason for n in refused if n.text == q.text), None)
        if not q.verified:
            reason = planned or (f"the planner wrote {bound[0].file} {'/'.join(bound[0].entry)} = {bound[0].value}, "
                      f"but the file does not hold it" if bound else
                      f"no entry of the case holds {q.value:g} {q.unit} for the {q.role.replace('_', ' ')}")
            missing.append(NotApplied(text=q.text, reason=reason))
        out.append(q)
    return out, missing
