"""The steps a case needs (mesh, fields, solver) and preparing its fields for a run.

`restore_initial_fields` is the one function here that writes, and it backs up whatever it
replaces.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path
import time

from tasks.core.errors import UsageError
from tasks.foam.casedir import CaseInfo
from tasks.foam.commands import FILE_EDIT, RESTORE_FIELDS, join_quoted, solver_help
from tasks.run.parallel import check_ranks, recorded_ranks
from tasks.run.runner import Step, StepResult


def plan_steps(info: CaseInfo, np: int | None = None) -> list[Step]:
    """The steps a case needs, in order: mesh, fields, solver (or the sequence recorded with
    the case, when its planner took one from a tutorial). On np > 1 MPI ranks the solver is
    `decomposePar -force`, `mpirun -np N solver -parallel`, `reconstructPar`; np None: the rank
    count the case was last run with. A solver that makes its own single cell (chemFoam) needs no
    mesh step and runs serial."""
    np = recorded_ranks(info.case_dir) if np is None else check_ranks(np)
    if makes_own_mesh(info.application):
        np = 1  # a single cell is not decomposed
    if info.declared_steps:
        # a tutorial's quoted argument (`-scale "(1 0 1)"`) was split on whitespace when recorded
        declared = [Step(command=s[0], args=join_quoted(s[1:])) for s in info.declared_steps]
        return [p for s in declared for p in (_parallel(s, np) if s.command == info.application else [s])]
    steps: list[Step] = []
    if info.block_mesh_dict is not None:
        steps.append(Step(command="blockMesh"))
    if info.snappy_dict is not None:
        if info.surface_features_dict is not None:
            steps.append(Step(command="surfaceFeatureExtract"))
        steps.append(Step(command="snappyHexMesh", args=["-overwrite"]))
    if info.block_mesh_dict is None and info.snappy_dict is None and not info.has_mesh \
            and not makes_own_mesh(info.application):
        raise UsageError(
            f"{info.case_dir}: no mesh and nothing to make one (no system/blockMeshDict, "
            f"no system/snappyHexMeshDict, no constant/polyMesh); add one or convert a mesh"
        )
    if info.set_fields_dict is not None:
        steps.append(Step(command="setFields"))
    return steps + _parallel(Step(command=info.application), np)


# a solver's own `-help` line saying it builds its mesh itself: chemFoam's "designed for use on
# single cell cases" (createSingleCellMesh), a zero-dimensional (0-D) reactor or ODE integrator
_OWN_MESH_WORDS = re.compile(r"single[- ]cell|zero[- ]dimensional|\b0-?D\b|\bODEs?\b")


def makes_own_mesh(solver: str) -> bool:
    """True when the solver needs no mesh from the case: its own `-help` line
    (canonical/solvers.yaml) says it runs single-cell (0-D) problems, whose one cell it makes."""
    return bool(_OWN_MESH_WORDS.search(solver_help().get(solver, "")))


def _parallel(solver: Step, np: int) -> list[Step]:
    """The solver step as it runs on np ranks (itself when np is 1)."""
    if np == 1:
        return [solver]
    return [Step(command="decomposePar", args=["-force"]),
            Step(command=solver.command, args=["-parallel", *solver.args], np=np),
            Step(command="reconstructPar")]


# the steps Casewright does itself rather than run: restoring 0.orig, finishing the mesh files
HOST_STEPS = frozenset({RESTORE_FIELDS, FILE_EDIT})
_RESTORE_LINE = "if [ -d 0.orig ]; then rm -rf 0 && cp -r 0.orig 0; fi"


def allrun_line(step: Step) -> str:
    """A step as the line of the case's Allrun a user runs: the command line, or for a step
    Casewright does itself (HOST_STEPS) the shell that does the same."""
    from tasks.foam.mesh_file_edits import shell_line

    if step.command == RESTORE_FIELDS:
        return _RESTORE_LINE
    if step.command == FILE_EDIT:
        return shell_line(step.args)
    return " ".join(step.argv())


def run_file_edit(case_dir: Path, step: Step, backend: str) -> StepResult:
    """A recorded edit of the mesh files (FILE_EDIT: the Allrun's `cat`, `sed`, `mv` lines) done in
    Python on the case, its outcome in a log like any step's (log.meshFileEdit.<operation>.<file>);
    no shell runs."""
    from tasks.foam.mesh_file_edits import apply_file_edit, edit_log_name

    started = time.monotonic()
    log = case_dir / edit_log_name(step.args)
    try:
        message, status = apply_file_edit(case_dir, step.args), "ok"
    except (UsageError, OSError, UnicodeDecodeError) as exc:
        message, status = f"FOAM FATAL ERROR: {exc}", "failed"
    log.write_text(f"{step.label()}\n{message}\n")
    return StepResult(command=step.command, args=step.args, backend=backend, status=status,
                      exit_code=0 if status == "ok" else 1, seconds=time.monotonic() - started, log_path=str(log))


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
    names = list(info.orig_field_files)
    if info.zero_orig_dir:  # 0.orig may itself keep X.orig copies (weirOverflow's alpha.water.orig)
        names += sorted(p.name for p in zero.glob("*.orig") if p.is_file() and p.name not in names)
    for name in names:
        target = zero / name[: -len(".orig")]
        if target.exists():
            backup.mkdir(parents=True, exist_ok=True)
            (backup / "0").mkdir(exist_ok=True)
            shutil.copy2(target, backup / "0" / target.name)
        shutil.copy2(zero / name, target)
        restored.append(f"0/{target.name}")
    return restored


CONVERTERS = frozenset({"gmshToFoam", "fluentMeshToFoam", "fluent3DMeshToFoam", "ideasUnvToFoam", "star4ToFoam"})


def apply_recorded_patch_types(case_dir: Path) -> list[str]:
    """After a mesh conversion: the patch types (empty, wall, wedge, ...) the converter cannot
    know, recorded with the case by its planner (.casewright/patch_types.json)."""
    import json

    from tasks.geometry.build import apply_post_step
    from tasks.geometry.models import SetPatchTypes

    path = case_dir / ".casewright" / "patch_types.json"
    if not path.is_file():
        return []
    types = json.loads(path.read_text())
    apply_post_step(case_dir, SetPatchTypes(types=types))
    return sorted(types)
