"""Any solver's installed tutorial put on a shape of the geometry library.

The shape library has templates for the incompressible, Boussinesq, buoyant, compressible and
free-surface families (tasks/edit/parametric*.py). Another solver (scalarTransportFoam's tracer,
potentialFoam, laplacianFoam, mhdFoam ...) is carried: its tutorial's system/ and constant/
dictionaries are kept, its fields re-mapped onto the shape's patches by role
(tasks.geometry.solver_fields), and a tutorial that needs what a shape has no equivalent of
(regions, cell zones or sets, a moving mesh, inflow data mapped on its patches) is refused by name.

`carry_refusal`, `carried_dictionaries` and `field_files` read a tutorial directory; `copy_carried`
writes the scratch case.
"""

from __future__ import annotations

import re
from pathlib import Path

from tasks.foam import dictionary as fd
from tasks.foam.files import find_file, plain_name, read_bytes, read_text
from tasks.geometry.solver_fields import CarryError, inflow_value, is_mesh_sized

# Solvers a request may name on a shape and that are carried from their tutorial (the shape
# library's own families are not: tasks/plan/generic.py SHAPE_LIBRARY_SOLVERS).
CARRIED_SOLVERS = frozenset({"scalarTransportFoam", "potentialFoam", "laplacianFoam", "mhdFoam",
                             "nonNewtonianIcoFoam", "electrostaticFoam"})

# What a tutorial file needs that a generated shape does not have: (relative path, what it needs).
_NEEDS: tuple[tuple[str, str], ...] = (
    ("constant/regionProperties", "several mesh regions (constant/regionProperties)"),
    ("constant/dynamicMeshDict", "a moving mesh (constant/dynamicMeshDict)"),
    ("constant/boundaryData", "inflow data mapped onto its own patches (constant/boundaryData)"),
    ("system/topoSetDict", "cell sets and zones cut from its own geometry (system/topoSetDict)"),
    ("system/createBafflesDict", "baffles on faces of its own mesh (system/createBafflesDict)"),
    ("system/setFieldsDict", "initial regions placed in its own geometry (system/setFieldsDict)"),
    ("constant/porosityProperties", "a porous cell zone (constant/porosityProperties)"),
)
_ZONED = re.compile(r"\b(?:cellZone|cellSet|faceZone|selectionMode\s+(?:cellZone|cellSet))\b")
_ACTIVE_MRF = re.compile(r"\bactive\s+(?:true|yes|on)\b")
# Dictionaries of the tutorial's own geometry, rebuilt for the shape.
_MESH_FILES = frozenset({"blockMeshDict", "snappyHexMeshDict", "surfaceFeatureExtractDict", "extrudeMeshDict",
                         "decomposeParDict", "sample", "sampleDict", "mirrorMeshDict", "refineMeshDict",
                         "createPatchDict", "changeDictionaryDict"})


def carry_refusal(case_dir: Path, solver: str) -> str | None:
    """Why the tutorial at `case_dir` cannot be put on a generated shape, naming what it needs
    that the shape has no equivalent of; None when it can."""
    for rel, needs in _NEEDS:
        path = case_dir / rel
        if path.is_dir() or find_file(path.parent, path.name) is not None:
            return f"{solver} (tutorial {case_dir.name}) needs {needs}, which a generated shape does not have"
    for rel in ("constant/fvOptions", "system/fvOptions", "constant/MRFProperties"):
        path = find_file((case_dir / rel).parent, Path(rel).name)
        text = fd.strip_comments(read_text(path)) if path is not None else ""
        if _ZONED.search(text) and (not rel.endswith("MRFProperties") or _ACTIVE_MRF.search(text)):
            return (f"{solver} (tutorial {case_dir.name}) needs a cell zone ({rel}), which a generated shape does "
                    "not have")
    if not field_files(case_dir):
        return f"{solver} (tutorial {case_dir.name}) has no initial fields (0/ or 0.orig/) to carry"
    return None


def field_dir(case_dir: Path) -> Path | None:
    """The tutorial's initial-field directory: 0/, else 0.orig/."""
    return next((d for d in (case_dir / "0", case_dir / "0.orig") if d.is_dir()), None)


def field_files(case_dir: Path) -> dict[str, str]:
    """Field name -> text of the tutorial's initial fields (compressed ones read plain)."""
    folder = field_dir(case_dir)
    if folder is None:
        return {}
    out: dict[str, str] = {}
    for path in sorted(folder.iterdir()):
        if path.is_file() and not path.name.startswith(".") and path.name not in ("README",):
            text = read_text(path)
            if "boundaryField" in text:
                out[plain_name(path.name)] = text
    return out


def carried_dictionaries(case_dir: Path) -> list[str]:
    """The tutorial's system/ and constant/ files a carried case keeps (relative, plain names): all
    but its mesh and what was made for its geometry (_MESH_FILES)."""
    out: list[str] = []
    for sub in ("system", "constant"):
        folder = case_dir / sub
        if not folder.is_dir():
            continue
        for path in sorted(folder.iterdir()):
            name = plain_name(path.name)
            if path.is_file() and name not in _MESH_FILES and not name.endswith((".m4", ".orig")):
                out.append(f"{sub}/{name}")
    return out


def copy_carried(case_dir: Path, scratch: Path) -> list[str]:
    """The tutorial's kept dictionaries copied (decompressed) into the scratch case; the files written."""
    written = []
    for rel in carried_dictionaries(case_dir):
        src = find_file((case_dir / rel).parent, Path(rel).name)
        if src is None:
            raise CarryError(f"{rel} of {case_dir} vanished while it was copied")
        (scratch / rel).parent.mkdir(parents=True, exist_ok=True)
        data = read_bytes(src)
        (scratch / rel).write_bytes(data)
        written.append(rel)
    return written


FLOW_THROUGHS = 2.0  # how many times a carried tracer's run lets the flow pass through the shape


def flow_length(bounds: list[tuple[float, float]] | None, direction: tuple[float, float, float]) -> float | None:
    """The extent of the mesh along the flow direction (m), None without bounds."""
    if not bounds:
        return None
    return sum(abs(d) * (hi - lo) for d, (lo, hi) in zip(direction, bounds)) or None


def through_time(length: float, speed: float, passes: float = FLOW_THROUGHS) -> float:
    """The time the flow at `speed` takes to pass `passes` times through `length`."""
    if length <= 0 or speed <= 0:
        raise ValueError(f"a flow-through time needs a positive length and speed (got {length}, {speed})")
    return passes * length / speed


def remeshed_fields(case_dir: Path) -> tuple[dict[str, str], list[str]]:
    """For a tutorial whose mesh a plan changes: {0/<field>: uniform value} for each initial field
    whose internal values are a list of its own mesh (they cannot follow the new mesh), the value
    its inflow has; and the fields with no inflow value to stand in (the plan refuses those)."""
    uniform: dict[str, str] = {}
    lacking: list[str] = []
    folder = field_dir(case_dir)
    for name, text in field_files(case_dir).items():
        if not is_mesh_sized(text):
            continue
        value = inflow_value(text)
        rel = f"{folder.name if folder else '0'}/{name}"
        if value is None:
            lacking.append(rel)
        else:
            uniform[rel] = f"uniform {value}"
    return uniform, lacking
