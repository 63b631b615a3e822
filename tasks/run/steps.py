"""The steps a case needs (mesh, fields, solver) and preparing its fields for a run.

`restore_initial_fields` is the one function here that writes, and it backs up whatever it
replaces.
"""

from __future__ import annotations

import shutil
import time

from tasks.core.errors import UsageError
from tasks.foam.casedir import CaseInfo
from tasks.run.parallel import check_ranks, recorded_ranks
from tasks.run.runner import Step


def plan_steps(info: CaseInfo) -> list[Step]:
    """The steps a case needs, in order: mesh, fields, solver (or the sequence recorded with
    the case, when its planner took one from a tutorial)."""
    if info.declared_steps:
        return [Step(command=s[0], args=s[1:]) for s in info.declared_steps]
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
    if np == 1:
        steps.append(Step(command=info.application))
        return steps
    return steps + [Step(command="decomposePar", args=["-force"]),
                    Step(command=info.application, args=["-parallel"], np=np),
                    Step(command="reconstructPar")]


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
