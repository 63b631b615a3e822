"""Read what a case directory says about how to run it, and prepare it for a run.

Reading is pure (text in, values out); `restore_initial_fields` is the one function here
that writes, and it backs up whatever it replaces.
"""

from __future__ import annotations

import re
import shutil
import time
from pathlib import Path

from pydantic import BaseModel, ConfigDict

from tasks.errors import UsageError
from tasks.runner import SOLVERS, Step

_COMMENTS = re.compile(r"//[^\n]*|/\*.*?\*/", re.S)
_DIRECTIVES = re.compile(r"^\s*#[^\n]*$", re.M)
_ENTRY = re.compile(r"([A-Za-z_][A-Za-z0-9_.:]*)\s+([^;{}]*?)\s*;")


def strip_comments(text: str) -> str:
    return _DIRECTIVES.sub(" ", _COMMENTS.sub(" ", text))


def top_level_entries(text: str) -> dict[str, str]:
    """The `key value;` entries at brace depth 0 of an OpenFOAM dictionary (FoamFile excluded)."""
    entries: dict[str, str] = {}
    depth0 = _remove_brace_blocks(strip_comments(text))
    for key, value in _ENTRY.findall(depth0):
        entries.setdefault(key, value.strip())
    return entries


def _remove_brace_blocks(text: str) -> str:
    out: list[str] = []
    depth = 0
    for ch in text:
        if ch == "{":
            if depth == 0:
                out.append(";")  # a sub-dictionary ends the entry before it
            depth += 1
        elif ch == "}":
            depth = max(depth - 1, 0)
        elif depth == 0:
            out.append(ch)
    return "".join(out)


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
    )


def closest_solvers(name: str, n: int = 3) -> list[str]:
    import difflib

    return difflib.get_close_matches(name, sorted(SOLVERS), n=n, cutoff=0.5)


def plan_steps(info: CaseInfo) -> list[Step]:
    """The steps a case needs, in order: mesh, fields, solver."""
    steps: list[Step] = []
    if info.block_mesh_dict is not None:
        steps.append(Step(command="blockMesh"))
    if info.snappy_dict is not None:
        if info.surface_features_dict is not None:
            steps.append(Step(command="surfaceFeatureExtract"))
        steps.append(Step(command="snappyHexMesh", args=["-overwrite"]))
    if info.block_mesh_dict is None and info.snappy_dict is None and not info.has_mesh:
        raise UsageError(
            f"{info.case_dir}: no mesh and nothing to make one (no system/blockMeshDict, "
            f"no system/snappyHexMeshDict, no constant/polyMesh); add one or convert a mesh"
        )
    if info.set_fields_dict is not None:
        steps.append(Step(command="setFields"))
    steps.append(Step(command=info.application))
    return steps


def restore_initial_fields(info: CaseInfo) -> list[str]:
    """Copy `0.orig` to `0` (and `0/X.orig` to `0/X`) as OpenFOAM's own Allrun scripts do.

    Only done where the case keeps pristine copies; what gets replaced is first backed up
    under `.casewright/backup/<timestamp>/`. Returns the paths restored.
    """
    case = info.case_dir
    zero = case / "0"
    restored: list[str] = []
    backup = case / ".casewright" / "backup" / time.strftime("%Y%m%dT%H%M%S")
    if info.zero_orig_dir:
        if zero.exists():
            backup.mkdir(parents=True, exist_ok=True)
            shutil.copytree(zero, backup / "0", dirs_exist_ok=True)
            shutil.rmtree(zero)
        shutil.copytree(case / "0.orig", zero)
        restored.append("0")
    for name in info.orig_field_files:
        target = zero / name[: -len(".orig")]
        if target.exists():
            backup.mkdir(parents=True, exist_ok=True)
            (backup / "0").mkdir(exist_ok=True)
            shutil.copy2(target, backup / "0" / target.name)
        shutil.copy2(zero / name, target)
        restored.append(f"0/{target.name}")
    return restored


def check_and_read(case_dir: Path) -> CaseInfo:
    """Validate the case directory and read it."""
    from tasks.runner import check_case_dir

    return read_case(check_case_dir(case_dir))
