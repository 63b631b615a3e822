"""What `modify` reads of a case before changing it (CaseState): solver, turbulence model,
patches with their types and roles (from the mesh, the fields or the manifest), patch centres
and the vertical axis."""

from __future__ import annotations

import json
import re
from pathlib import Path

from tasks.edit import caseops
from tasks.edit.caseops import initial_field
from tasks.edit.modify_models import CaseState
from tasks.edit.modify_values import NUMBER
from tasks.foam import dictionary as fd
from tasks.foam.casedir import check_and_read, field_files, mesh_patches


def read_state(case_dir: Path) -> CaseState:
    info = check_and_read(case_dir)
    case = info.case_dir
    model = "laminar"
    tp = case / "constant/turbulenceProperties"
    if tp.is_file():
        text = tp.read_text()
        if fd.get(text, ["simulationType"]) not in (None, "laminar"):
            model = fd.get(text, ["RAS", "RASModel"]) or fd.get(text, ["LES", "LESModel"]) or "laminar"
    patches = _final_patches(case, mesh_patches(case, fields=False))
    roles = {}
    manifest = case / ".casewright/manifest.json"
    if manifest.is_file():
        roles = {p["name"]: p["role"] for p in json.loads(manifest.read_text()).get("patches", [])}
    roles = {name: caseops.role_of(name, ptype, roles) for name, ptype in patches.items()}
    if (u_file := initial_field(case, "U")) is not None:
        # a fixed non-zero velocity: a moving wall on a wall patch, an inlet on a plain patch
        # whose name says neither (counterFlowFlame2D's fuel and air)
        text = u_file.read_text()
        named_inlet = "inlet" in roles.values()
        for name, ptype in patches.items():
            bc = (fd.get(text, ["boundaryField", name, "type"]) or "").strip()
            if roles.get(name) == "wall" and bc in ("fixedValue", "uniformFixedValue"):
                value = fd.get(text, ["boundaryField", name, "value"]) or ""
                if re.search(r"[1-9]", value.replace("uniform", "")) or fd.get(text, ["boundaryField", name, "uniformValue"]):
                    roles[name] = "movingWall" if ptype == "wall" else "inlet"
            elif not named_inlet and roles.get(name) == "wall" and ptype != "wall" and bc in _INFLOW_CONDITIONS:
                roles[name] = "inlet"  # a far field or flow-rate boundary, in a case with no patch named inlet
    centres = {p: c for p, c in caseops.patch_centres(case).items() if patches.get(p) not in CONSTRAINTS}
    return CaseState(case_dir=case, solver=info.application, model=model, patches=patches, roles=roles,
                     fields=field_files(case), centres=centres, up=_up_axis(case))


# velocity conditions that bring flow in: a plain patch with one is an inlet whatever its name
_INFLOW_CONDITIONS = ("freestreamVelocity", "freestream", "supersonicFreestream", "flowRateInletVelocity",
                      "turbulentInlet", "timeVaryingMappedFixedValue", "mapped", "fixedMean")


def _final_patches(case: Path, meshed: dict[str, str]) -> dict[str, str]:
    """The patches of the mesh the case runs on. A case not meshed yet whose fields name patches
    its blockMeshDict does not (made later by createPatch, extrudeMesh, mirrorMesh, snappyHexMesh:
    ellipsekkLOmega's inlet, aerofoilNACA0012's freestream) runs on the fields' patches: those
    join, and a blockMeshDict patch no field key covers (renamed or merged away) leaves."""
    groups = set(meshed.values())  # a key named after a patch type ("wall") is a group: every patch of that type
    fields = {name: ptype for name, ptype in _field_patches(case).items() if ptype != "processor" and name not in groups}
    if not meshed or (case / "constant/polyMesh/boundary").is_file():
        return meshed or fields
    if not set(fields) - set(meshed):
        return meshed
    keys = _field_keys(case)
    kept = {name: ptype for name, ptype in meshed.items()  # constraint types: setConstraintTypes covers them
            if ptype in CONSTRAINTS or ptype in keys or any(_covers(key, name) for key in keys)}
    return {**kept, **{name: ptype for name, ptype in fields.items() if name not in kept}}


def _field_keys(case: Path) -> set[str]:
    """Every boundaryField key of the initial fields U, p, p_rgh and T (names and patterns),
    with the top-level keys of the files their boundaryField #includes (motorBike's
    include/frontBackUpperPatches)."""
    keys: set[str] = set()
    for path in (p for p in (initial_field(case, f) for f in ("U", "p", "p_rgh", "T")) if p is not None):
        text = path.read_text()
        keys |= set(fd.keys(text, ["boundaryField"]))
        span = fd.find(text, ["boundaryField"])
        scope = text[span.body_start:span.body_end] if span and span.body_start >= 0 else ""
        for name in re.findall(r'#include\s+"([^"]+)"', scope):
            if (path.parent / name).is_file():
                keys |= set(fd.keys((path.parent / name).read_text()))
    return keys


def _covers(key: str, name: str) -> bool:
    """True when a boundaryField key names the patch: by its name or as a regular expression."""
    pattern = key.strip('"')
    if pattern == name:
        return True
    try:
        return re.fullmatch(pattern, name) is not None
    except re.error:
        return False


def _field_patches(case: Path) -> dict[str, str]:
    """Patch name -> type from the fields' boundaryField, for a case whose mesh is not built yet
    and has no blockMeshDict (elbow's Fluent mesh, a snappyHexMesh case): the type a field gives
    (empty, symmetry, wedge, ...), else wall for a wall-like condition or name, else patch.
    Regular-expression and group keys are left out."""
    texts = [p.read_text() for p in (initial_field(case, f) for f in ("U", "p", "p_rgh", "T")) if p is not None]
    out: dict[str, str] = {}
    for text in texts:
        for name in fd.keys(text, ["boundaryField"]):
            if name in out or not re.fullmatch(r"[A-Za-z_][\w.:-]*", name):
                continue
            bc = (fd.get(text, ["boundaryField", name, "type"]) or "").strip()
            if bc in CONSTRAINTS:
                out[name] = bc
            elif bc in ("noSlip", "slip", "movingWallVelocity") or re.search(r"wall", name, re.I):
                out[name] = "wall"
            else:
                out[name] = "patch"
    return out


CONSTRAINTS = ("empty", "symmetry", "symmetryPlane", "wedge", "cyclic", "cyclicAMI", "processor")


def _up_axis(case: Path) -> int:
    """The axis against gravity (constant/g), y when the case has no gravity."""
    g = case / "constant/g"
    value = (fd.get(g.read_text(), ["value"]) or "") if g.is_file() else ""
    nums = [float(x) for x in re.findall(NUMBER, value)]
    return max(range(3), key=lambda i: abs(nums[i])) if len(nums) == 3 and any(nums) else 1
