"""Read what a case directory says about how to run it (pure: text in, values out)."""

from __future__ import annotations

import re
from pathlib import Path

from pydantic import BaseModel, ConfigDict

from tasks.core.errors import UsageError
from tasks.foam import dictionary as fd
from tasks.foam.commands import SOLVERS, closest_solvers
from tasks.foam.geometry import block_mesh_patches


def top_level_entries(text: str) -> dict[str, str]:
    """The `key value;` entries at the top level of an OpenFOAM dictionary (the last of each, as OpenFOAM reads them)."""
    return fd.top_level_values(text)


def _float_or_none(value: str | None) -> float | None:
    if value is None:
        return None
    try:
        return float(value)
    except ValueError:
        return None


class CaseInfo(BaseModel):
    """What the runner needs to know about a case."""

    model_config = ConfigDict(extra="forbid")

    case_dir: Path
    application: str
    start_time: float | None
    end_time: float | None
    delta_t: float | None
    block_mesh_dict: Path | None
    snappy_dict: Path | None
    surface_features_dict: Path | None
    set_fields_dict: Path | None
    has_mesh: bool
    zero_orig_dir: bool
    orig_field_files: list[str]
    declared_steps: list[list[str]] | None = None  # the command sequence a planner wrote (.casewright/steps.json)


def read_case(case_dir: Path) -> CaseInfo:
    control = case_dir / "system" / "controlDict"
    entries = top_level_entries(control.read_text(errors="replace"))
    application = entries.get("application", "").strip('"')
    if not application:
        raise UsageError(f"{control}: no `application` entry; name the solver, e.g. `application icoFoam;`")
    if application not in SOLVERS:
        raise UsageError(
            f"{control}: application {application!r} is not an OpenFOAM v1912 solver; "
            f"closest: {', '.join(closest_solvers(application)) or 'none'}"
        )

    def found(*names: str) -> Path | None:
        return next((case_dir / n for n in names if (case_dir / n).is_file()), None)

    zero = case_dir / "0"
    return CaseInfo(
        case_dir=case_dir,
        application=application,
        start_time=_float_or_none(entries.get("startTime")),
        end_time=_float_or_none(entries.get("endTime")),
        delta_t=_float_or_none(entries.get("deltaT")),
        block_mesh_dict=found("system/blockMeshDict", "constant/polyMesh/blockMeshDict"),
        snappy_dict=found("system/snappyHexMeshDict"),
        surface_features_dict=found("system/surfaceFeatureExtractDict"),
        set_fields_dict=found("system/setFieldsDict"),
        has_mesh=(case_dir / "constant" / "polyMesh" / "owner").is_file()
        or (case_dir / "constant" / "polyMesh" / "owner.gz").is_file(),
        zero_orig_dir=(case_dir / "0.orig").is_dir(),
        orig_field_files=sorted(p.name for p in zero.glob("*.orig")) if zero.is_dir() else [],
        declared_steps=_declared_steps(case_dir),
    )


def _declared_steps(case_dir: Path) -> list[list[str]] | None:
    """The command sequence recorded with the case ([command, *args] each), when a planner
    took it from a tutorial's Allrun (topoSet, extrudeMesh, ... in the tutorial's order)."""
    import json

    path = case_dir / ".casewright" / "steps.json"
    if not path.is_file():
        return None
    try:
        data = json.loads(path.read_text())
    except ValueError:
        return None
    return [list(map(str, s)) for s in data if isinstance(s, list) and s] or None


def check_case_dir(case_dir: Path) -> Path:
    """The case directory must exist and look like an OpenFOAM case."""
    path = Path(case_dir).expanduser()
    if not path.is_dir():
        raise UsageError(f"case directory {path} does not exist; pass the folder holding system/")
    if not (path / "system" / "controlDict").is_file():
        raise UsageError(
            f"{path} is not an OpenFOAM case: system/controlDict is missing"
        )
    return path.resolve()


def check_and_read(case_dir: Path) -> CaseInfo:
    """Validate the case directory and read it."""
    return read_case(check_case_dir(case_dir))


def block_mesh_default_patch(text: str) -> dict[str, str]:
    """The patch blockMesh makes of the faces no boundary entry lists, when the blockMeshDict
    text names it (`defaultPatch { name walls; type wall; }`: squareBend's walls): name -> type
    (OpenFOAM's defaults defaultFaces and empty for what it leaves out); empty without a
    defaultPatch entry, whose unnamed leftover faces (if any) are an empty patch no field lists."""
    clean = fd.strip_comments(text)
    if fd.find(clean, ["defaultPatch"]) is None:
        return {}
    name = (fd.get(clean, ["defaultPatch", "name"]) or "defaultFaces").strip()
    return {name: (fd.get(clean, ["defaultPatch", "type"]) or "empty").strip()}


def mesh_patches(case: Path, fields: bool = True) -> dict[str, str]:
    """Patch name -> type, from constant/polyMesh/boundary when present, else blockMeshDict
    or the m4 template it is expanded from (mixerVessel2D, angledDuct) with its named
    defaultPatch (squareBend's walls), else (with `fields`) the boundaryField names of the
    initial fields (elbow: a Fluent mesh not converted yet)."""
    boundary = case / "constant/polyMesh/boundary"
    if boundary.is_file():
        text = boundary.read_text(errors="replace")  # a binary-format boundary keeps its patch list in ASCII
        body = text[text.find("(") + 1: text.rfind(")")]
        return {e.key: (fd.get(body, [e.key, "type"]) or "patch") for e in fd.entries(body) if e.is_dict}
    bmd = next((p for p in (case / "system/blockMeshDict", case / "system/blockMeshDict.m4") if p.is_file()), None)
    if bmd:
        text = bmd.read_text(errors="replace")
        return {**block_mesh_patches(text), **block_mesh_default_patch(text)}
    return field_patches(case) if fields else {}


# boundary conditions that are patch types of their own (constraint types): the mesh patch has that
# type; any other condition (fixedValue, noSlip, zeroGradient...) says nothing about it
_CONSTRAINT_BC = re.compile(r"empty|wedge|symmetry\w*|cyclic\w*")
_PATCH_NAME = re.compile(r"[A-Za-z_][\w.:-]*")


def field_patches(case: Path, every_folder: bool = False) -> dict[str, str]:
    """Patch name -> type read off the boundaryField of the files in 0/ (else 0.orig/; both, and
    `X.orig` copies too, with `every_folder`): the condition's type when it is a constraint type
    (empty, wedge, symmetry*, cyclic*), else "patch". Regular-expression and group keys
    ("(inlet|outlet)", ".*") and #include lines are left out. Empty when the case has no such fields."""
    folders = [d for d in (case / "0", case / "0.orig") if d.is_dir()]
    skip = (".gz",) if every_folder else (".gz", ".orig")
    out: dict[str, str] = {}
    for zero in folders if every_folder else folders[:1]:
        for path in sorted(p for p in zero.iterdir() if p.is_file() and not p.name.endswith(skip)):
            text = path.read_text(errors="replace")
            if fd.find(text, ["boundaryField"]) is None:
                continue
            for name in fd.keys(text, ["boundaryField"]):
                if not _PATCH_NAME.fullmatch(name):
                    continue
                bc = (fd.get(text, ["boundaryField", name, "type"]) or "").strip()
                if _CONSTRAINT_BC.fullmatch(bc):
                    out[name] = bc
                else:
                    out.setdefault(name, "patch")
    return out


def field_files(case: Path) -> list[str]:
    zero = case / "0"
    if not zero.is_dir():
        return []
    return sorted(p.name for p in zero.iterdir() if p.is_file() and not p.name.endswith(".orig"))


