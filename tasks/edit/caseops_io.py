"""Reading and writing a case's files with minimal diffs: whole files, single entries
(tasks/foam/dictionary.py), initial fields, the patches a field must list, the m4 mesh template
and the patch centres of a blockMeshDict. Each edit returns the relative path it changed."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

from tasks.core.errors import PlanError
from tasks.foam import dictionary as fd
from tasks.foam.casedir import block_mesh_default_patch, field_patches as initial_field_patches, mesh_patches
from tasks.foam.coupled_patches import solver_start_patches
from tasks.foam.generated_mesh import mesh_generator
from tasks.foam.physics import fmt

def read(case: Path, rel: str) -> str:
    return (case / rel).read_text()


def write(case: Path, rel: str, text: str) -> str:
    path = case / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return rel


def edit(case: Path, rel: str, path: list[str], value: str | dict) -> str:
    text = read(case, rel)
    new = fd.set_entry(text, path, value)
    if new != text:
        write(case, rel, new)
    return rel


def initial_field(case: Path, field: str) -> Path | None:
    """The file a field's initial and boundary values come from at run time: the pristine copy
    (0.orig/X or 0/X.orig) that the run copies over 0/X, as the tutorials' Allrun do, else 0/X."""
    return next((p for p in (case / "0.orig" / field, case / "0" / f"{field}.orig", case / "0" / field) if p.is_file()), None)


def field_writing_patches(case: Path) -> dict[str, str]:
    """Patch name -> type for a field to be written: the built mesh's patches when there is one;
    else the blockMeshDict's together with the patches the other fields name (in 0/ and 0.orig/,
    `.orig` copies too), since snappyHexMesh, fluentMeshToFoam, m4 or a restore0Dir case's own
    route make patches no blockMeshDict lists. An entry for a patch the final mesh lacks is
    ignored by OpenFOAM; a missing one is fatal. A mesh a generator makes (createBoxTurb) takes the
    fields' patches only."""
    if (case / "constant/polyMesh/boundary").is_file():
        return mesh_patches(case)
    if (generator := mesh_generator(case)) is not None and generator.patches:  # createBoxTurb's box: its own
        return dict(generator.patches)  # patches, never those of a blockMeshDict nothing reads
    return {**initial_field_patches(case, every_folder=True), **mesh_patches(case, fields=False),
            **default_patch(case), **solver_start_patches(case).made}  # with their types: ACMI1_couple cyclicACMI


def default_patch(case: Path) -> dict[str, str]:
    """The patch blockMesh makes of the faces no boundary entry lists, when system/blockMeshDict
    names it (casedir.block_mesh_default_patch); empty without a blockMeshDict."""
    bmd = case / "system/blockMeshDict"
    return block_mesh_default_patch(bmd.read_text(errors="replace")) if bmd.is_file() else {}


def field_patches(case: Path, field: str) -> list[str]:
    return fd.keys(read(case, f"0/{field}"), ["boundaryField"])


# --- generic entries ------------------------------------------------------------------


def set_control(case: Path, **entries: str | float) -> list[str]:
    for key, value in entries.items():
        edit(case, "system/controlDict", [key], value if isinstance(value, str) else fmt(value))
    return ["system/controlDict"] if entries else []


def set_patch_bc(case: Path, field: str, patch: str, bc: dict) -> str:
    return edit(case, f"0/{field}", ["boundaryField", patch], bc)


def set_patch_value(case: Path, field: str, patch: str, value: str) -> str:
    return edit(case, f"0/{field}", ["boundaryField", patch, "value"], value)


def set_internal(case: Path, field: str, value: str) -> str:
    return edit(case, f"0/{field}", ["internalField"], value)


def expand_m4(case: Path, rel: str = "system/blockMeshDict.m4") -> str:
    """Write system/blockMeshDict from the case's m4 mesh template, as the tutorials' makeMesh
    scripts do (`m4 system/blockMeshDict.m4 > system/blockMeshDict`); the template stays."""
    return write(case, "system/blockMeshDict", m4_output(case, rel))


def m4_output(case: Path, rel: str = "system/blockMeshDict.m4") -> str:
    """The blockMeshDict the case's m4 mesh template expands to (nothing written)."""
    src = case / rel
    if not src.is_file():
        raise PlanError(f"the mesh template {rel} is missing from {case}")
    if shutil.which("m4") is None:
        raise PlanError("this case's mesh needs m4 to expand its template: apt-get install m4")
    out = subprocess.run(["m4", str(src)], check=False, capture_output=True, text=True, cwd=case, timeout=60)
    if out.returncode != 0:
        raise PlanError(f"m4 failed on {rel} in {case}: {out.stderr.strip()[:300]}")
    return out.stdout


_COORD = r"\s*([-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)\s*"
_POINT = re.compile(rf"\({_COORD}{_COORD}{_COORD}\)")


def patch_centres(case: Path) -> dict[str, tuple[float, float, float]]:
    """Centre of each patch of the case's blockMeshDict (the mean of its face corners), for
    words that place a patch ("the upper outlet", "the left wall"). Empty when the vertices are
    not plain numbers ($x, #calc, m4 macros) or the patches use the old `patches` syntax."""
    bmd = case / "system/blockMeshDict"
    if not bmd.is_file():
        return {}
    text = fd.strip_comments(bmd.read_text())
    vertices = fd.get(text, ["vertices"]) or ""
    points = [[float(x) for x in m.groups()] for m in _POINT.finditer(vertices)]
    if not points or len(points) != vertices.count("(") - 1:
        return {}
    span = fd.find(text, ["boundary"])
    body = text[span.value_start:span.value_end].strip()[1:-1] if span else ""
    centres = {}
    for e in fd.entries(body):
        corners = [int(i) for face in re.findall(r"\(([\d\s]+)\)", fd.get(body, [e.key, "faces"]) or "")
                   for i in face.split()] if e.is_dict else []
        if corners and max(corners) < len(points):
            x, y, z = (sum(points[i][axis] for i in corners) / len(corners) for axis in range(3))
            centres[e.key] = (x, y, z)
    return centres
