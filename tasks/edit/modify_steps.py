"""The run sequence of a modified case whose mesh is not built yet: a copied tutorial that only
has its Allrun (an m4 blockMeshDict, makeFaMesh for a finite-area case, a mesh made by topoSet,
extrudeMesh or a converter). The steps are read from the case's own Allrun exactly as `new`
reads a tutorial's (tasks/knowledge/casebase.read_case_record, tasks/plan/generic.tutorial_steps)
and recorded in .casewright/steps.json, which the runner follows (tasks/run/steps.plan_steps).
A case with a mesh, or with a sequence already recorded, is left as it is. A tutorial copied as
installed keeps some dictionaries gzipped: they are decompressed first (unpack_dictionaries)."""

from __future__ import annotations

import json
from pathlib import Path

from pydantic import BaseModel, ConfigDict

from tasks.foam.allrun_inputs import made_files, resource_files
from tasks.foam.commands import MESH_CONVERTERS
from tasks.foam.files import GZ, find_file, plain_name, read_bytes

STEPS_FILE = ".casewright/steps.json"
# the commands that make a mesh: a sequence without one leaves the mesh to the default steps
MESH_MAKERS = frozenset({"blockMesh", "snappyHexMesh", "extrudeMesh", "PDRblockMesh", "zeroDimensionalMesh",
                         "extrudeToRegionMesh", "mergeMeshes"}) | MESH_CONVERTERS


class PreparedSteps(BaseModel):
    """What was done so that a case without a mesh can run: the steps recorded (empty when none
    were needed) and the files the Allrun would have made or copied first."""

    model_config = ConfigDict(extra="forbid")

    steps: list[list[str]] = []
    files: list[str] = []
    note: str = ""


def unpack_dictionaries(case_dir: Path) -> list[str]:
    """Decompress the gzipped dictionaries `modify` reads and edits (0/, 0.orig/, system/,
    constant/ but the mesh: a tutorial copied as installed keeps some as X.gz), each X.gz
    replaced by X; returns the files written, relative to the case. OpenFOAM reads both forms."""
    written: list[str] = []
    if not (case_dir / "system").is_dir():
        return written  # not a case: reading it says so
    for gz in sorted(case_dir.rglob(f"*{GZ}")):
        rel = gz.relative_to(case_dir)
        if not gz.is_file() or rel.parts[0] not in ("0", "0.orig", "system", "constant") or "polyMesh" in rel.parts:
            continue
        target = gz.with_name(plain_name(gz.name))
        if target.exists():
            continue  # both forms: OpenFOAM reads the plain one
        target.write_bytes(read_bytes(gz))
        gz.unlink()
        written.append(str(target.relative_to(case_dir)))
    return written


def needs_tutorial_steps(case_dir: Path) -> bool:
    """True when the case has no built mesh, no recorded sequence and an Allrun to take one from."""
    built = any((case_dir / "constant/polyMesh" / n).is_file() for n in ("owner", "owner.gz"))
    return not built and not (case_dir / STEPS_FILE).is_file() and find_file(case_dir, "Allrun") is not None


def allrun_steps(case_dir: Path, solver: str) -> list[list[str]] | None:
    """The case's own Allrun as whitelisted serial steps ending with `solver`: [] when the script
    runs no OpenFOAM step through the tutorials' RunFunctions (Casewright's own Allrun, which the
    default steps repeat), None when it has a step this installation cannot run (tutorial_steps
    says which are allowed)."""
    from tasks.knowledge.casebase import read_case_record
    from tasks.plan.generic import tutorial_steps
    from tasks.plan.select import Candidate

    record = read_case_record(case_dir, case_dir.parent)
    if not record.run_sequence:
        return []
    return tutorial_steps(Candidate(record=record, score=0.0, why=[]), solver)


def prepare_steps(case_dir: Path, solver: str) -> PreparedSteps:
    """Record the Allrun's steps for a case whose mesh is not built (needs_tutorial_steps), after
    writing the files the Allrun makes from templates or copies from the tutorials' tree when the
    case lacks them. Nothing is written for a case that does not need it."""
    if not needs_tutorial_steps(case_dir):
        return PreparedSteps()
    written: list[str] = []
    for rel, text in made_files(case_dir).items():
        if not (case_dir / rel).exists():
            (case_dir / rel).write_text(text)
            written.append(rel)
    for rel, source in resource_files(case_dir).items():
        target = case_dir / rel.removesuffix(".gz")
        if not target.exists():
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(read_bytes(source))
            written.append(rel)
    steps = allrun_steps(case_dir, solver)
    if steps is not None and not any(s[0] in MESH_MAKERS for s in steps):
        return PreparedSteps(files=written)  # a mesh made by a script the Allrun calls: the default steps make it
    if steps is None:
        return PreparedSteps(files=written, note="the case has no mesh and its Allrun has a step this installation "
                             "cannot run: build the mesh by hand (constant/polyMesh), then run the modify again")
    path = case_dir / STEPS_FILE
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(steps) + "\n")
    made = f"; first written as the Allrun makes them: {', '.join(written)}" if written else ""
    return PreparedSteps(steps=steps, files=written,
                         note=f"no mesh built yet: the run follows the case's Allrun ({' -> '.join(s[0] for s in steps)}), "
                              f"recorded in {STEPS_FILE}{made}")
