"""Pre-run checks of field conditions against the mesh type of their patch: OpenFOAM aborts at
start when a constraint patch (empty, wedge, symmetry, symmetryPlane, cyclic) carries another
condition or a constraint condition sits on a plain patch ("inconsistent patch and patchField
types"), and when a wall function sits on a patch whose mesh type is not a wall ("Patch type for
patch X must be wall"). Reads files only."""

from __future__ import annotations

import re
from pathlib import Path

from pydantic import BaseModel, ConfigDict

from tasks.foam import dictionary as fd
from tasks.foam.casedir import mesh_patches
from tasks.foam.coupled_patches import PatchForecast, solver_start_patches
from tasks.foam.physics import changes_patches

# mesh types whose fields must carry a condition of the same name (cyclic* may carry a jump
# condition of the cyclic family: fan, fixedJump, porousBafflePressure...)
_SAME_NAME = ("empty", "wedge", "symmetry", "symmetryPlane")
_CYCLIC = re.compile(r"cyclic\w*")
_CYCLIC_BC = re.compile(r"cyclic\w*|\w*[Jj]ump\w*|fan\w*|porousBaffle\w*|swirlFan\w*|\w*Baffle\w*")
_CONSTRAINT_BC = re.compile(r"empty|wedge|symmetry|symmetryPlane|cyclic|cyclicAMI|cyclicACMI|cyclicSlip")
_WALL_MESH = ("wall", "mappedWall")
# a patch retyped after blockMesh by one of these: the blockMeshDict's types are not final
_RETYPERS = ("changeDictionary", "createPatch", "foamDictionary")


class PatchTypeProblem(BaseModel):
    model_config = ConfigDict(extra="forbid")

    severity: str
    file: str
    message: str
    fix: str


def patch_type_problems(case: Path) -> list[PatchTypeProblem]:
    """Every literal boundaryField entry of the fields in 0/ checked against its patch's mesh type
    (constant/polyMesh/boundary when built, else the blockMeshDict with the patches createBaffles
    and createPatch make). Found before the mesh is built and a later step may retype patches:
    warnings; otherwise (and on a patch such a step makes with no fields in 0/) errors."""
    built = (case / "constant/polyMesh/boundary").is_file()
    if not built and not (case / "system/blockMeshDict").is_file():
        return []  # the field files are the only source of patch types: nothing to compare
    forecast = None if built else solver_start_patches(case)
    # the types createBaffles / createPatch give the patches they make before the fields are in 0/
    made = {k: v for k, v in forecast.made.items() if k not in forecast.filled} if forecast else {}
    patches = {**mesh_patches(case, fields=False), **(forecast.made if forecast else {})}
    later = None if built else (changes_patches(case) or _retyper(case))
    problems: list[PatchTypeProblem] = []
    zero = next((d for d in (case / "0", case / "0.orig") if d.is_dir()), None)  # what the run starts from
    for path in sorted(zero.iterdir()) if zero is not None else []:
        if not path.is_file() or path.name.endswith((".orig", ".gz")):
            continue
        text = path.read_text(errors="replace")
        if fd.find(text, ["boundaryField"]) is None or not _volume_field(text):
            continue
        for key in fd.keys(text, ["boundaryField"]):
            mesh_type = patches.get(key)
            bc = (fd.get(text, ["boundaryField", key, "type"]) or "").strip()
            if mesh_type is None or not bc:
                continue
            message = _mismatch(mesh_type, bc)
            if message:
                folder = zero.name
                unless = f" (unless {later} retypes it)" if later and key not in made else ""
                severity = "warning" if unless else "error"
                problems.append(PatchTypeProblem(
                    severity=severity, file=f"{folder}/{path.name}", message=f"patch {key}: {message}{unless}",
                    fix=_fix(key, mesh_type, bc)))
    return problems


def missing_entry(file: str, patch: str, mesh_type: str, forecast: PatchForecast, changer: str | None) -> PatchTypeProblem:
    """The problem of a field with no boundaryField entry for a patch the solver will find
    (OpenFOAM aborts at start: "Cannot find patchField entry for <patch>"): an error naming the
    patch, its type, the step that makes it and the file; a warning when a later step may
    replace the patch (`changer`: one the forecast does not model; for a blockMeshDict patch,
    also the createBaffles or createPatch that may take its faces)."""
    made = f" ({mesh_type}, made by {forecast.changer})" if patch in forecast.made else ""
    changer = changer or (None if made else forecast.changer)  # a blockMeshDict patch it may empty
    unless = f" (unless {changer} replaces it)" if changer else ""
    constraint = _CONSTRAINT_BC.fullmatch(mesh_type) or _CYCLIC.fullmatch(mesh_type)
    fix = (f"add boundaryField/{patch} {{ type {mesh_type}; }} (with a value for a cyclicAMI/ACMI), "
           f'or #includeEtc "caseDicts/setConstraintTypes" in boundaryField') if constraint else \
        f"add boundaryField/{patch} with a condition for a {mesh_type} patch"
    return PatchTypeProblem(severity="warning" if changer else "error", file=file,
                            message=f"no entry for patch {patch}{made}{unless}",
                            fix=f"{fix} (else the solver aborts: Cannot find patchField entry for {patch})")


def _mismatch(mesh_type: str, bc: str) -> str | None:
    """Why `bc` cannot sit on a patch of `mesh_type`, or None."""
    if mesh_type in _SAME_NAME and bc != mesh_type:
        return f"the mesh patch is {mesh_type} but the condition is {bc}"
    if _CYCLIC.fullmatch(mesh_type) and not _CYCLIC_BC.fullmatch(bc):
        return f"the mesh patch is {mesh_type} but the condition is {bc}"
    if mesh_type in ("patch", "wall", "mappedPatch", "mappedWall") and _CONSTRAINT_BC.fullmatch(bc):
        return f"the condition {bc} is a constraint type but the mesh patch is {mesh_type}"
    if bc.endswith("WallFunction") and mesh_type not in _WALL_MESH:
        return f"wall function {bc} on a patch of mesh type {mesh_type} (OpenFOAM aborts: it must be wall)"
    return None


def _fix(patch: str, mesh_type: str, bc: str) -> str:
    if mesh_type in _SAME_NAME or _CYCLIC.fullmatch(mesh_type):
        return f"set boundaryField/{patch}/type {mesh_type}" + (" (and a value)" if "AMI" in mesh_type else "")
    if bc.endswith("WallFunction") and mesh_type not in _WALL_MESH:
        return (f"if {patch} is a no-slip wall, set its type to wall in the blockMeshDict boundary (or "
                f"constant/polyMesh/boundary); otherwise give it the condition of an open boundary "
                f"(inletOutlet or zeroGradient; calculated for nut/alphat)")
    return f"give {patch} a condition for a {mesh_type} patch, or declare it {bc} in the mesh"


def _retyper(case: Path) -> str | None:
    """The step of the case's scripts that may retype patches after blockMesh (a utility, or a
    script line that rewrites constant/polyMesh/boundary), if any."""
    scripts = [p for p in (*case.glob("Allrun*"), case / ".casewright/steps.json") if p.is_file()]
    text = " ".join(p.read_text(errors="replace") for p in scripts)
    if re.search(r"polyMesh/boundary", text):
        return "a script line that rewrites constant/polyMesh/boundary"
    return next((t for t in _RETYPERS if re.search(rf"\b{t}\b", text)), None)


_CLASS = re.compile(r"^\s*class\s+(\w+)\s*;", re.M)


def _volume_field(text: str) -> bool:
    """A field on the finite-volume or point mesh (finite-area fields live on the faMesh's edges)."""
    m = _CLASS.search(text[:2000])
    return m is None or m.group(1).startswith(("vol", "point"))
