"""What the installed OpenFOAM tutorials say, read once per process and cached: the cases
of each application, a tutorial file's text, the dimensions, initial fields and phase fractions a
solver's tutorials carry, whether their pressure is absolute, the utilities their Allrun runs."""

from __future__ import annotations

import os
import re
from functools import lru_cache
from pathlib import Path

from tasks.foam import dictionary as fd
from tasks.foam.files import find_file, read_text
from tasks.foam.physics_models import physics
from tasks.foam.physics_numbers import Dims, parse_dimensions

def tutorial_phase_fractions(solver: str) -> bool | None:
    """Whether the installed tutorials of `solver` carry phase fractions (0/alpha.<phase>) in
    most of their cases; None when no tutorial ships initial fields."""
    return _tutorial_phase_fractions(str(tutorial_root()), solver)


@lru_cache(maxsize=256)
def _tutorial_phase_fractions(root: str, solver: str) -> bool | None:
    votes = [any(n.startswith("alpha.") for n in names) for names in
             (initial_fields(t) for t in solver_tutorials(solver)) if names]
    return (2 * sum(votes) > len(votes)) if votes else None


DEFAULT_TUTORIALS = Path("/usr/share/doc/openfoam-examples/examples")
_APPLICATION = re.compile(r"^\s*application\s+\"?(\w+)\"?\s*;", re.M)


def tutorial_root() -> Path:
    """The installed tutorials (`CASEWRIGHT_TUTORIALS_DIR` points elsewhere: tests, other installs)."""
    return Path(os.environ.get("CASEWRIGHT_TUTORIALS_DIR", str(DEFAULT_TUTORIALS)))


def solver_tutorials(solver: str) -> tuple[Path, ...]:
    """The installed tutorial cases whose controlDict names `solver` (read once per root)."""
    return tutorial_index(str(tutorial_root())).get(solver, ())


@lru_cache(maxsize=4)
def tutorial_index(root: str) -> dict[str, tuple[Path, ...]]:
    """Application -> the tutorial cases under `root` whose controlDict names it (read once)."""
    by_app: dict[str, list[Path]] = {}
    base = Path(root)
    for control in sorted(base.rglob("controlDict*")) if base.is_dir() else []:
        if control.parent.name != "system" or control.name not in ("controlDict", "controlDict.gz"):
            continue
        m = _APPLICATION.search(read_text(control))
        if m:
            by_app.setdefault(m.group(1), []).append(control.parent.parent)
    return {app: tuple(cases) for app, cases in by_app.items()}


def tutorial_text(case: Path, rel: str) -> str | None:
    """A tutorial file's text, `.gz` or not; `0/X` is also found as 0.orig/X or 0/X.orig."""
    top, _, name = rel.partition("/")
    candidates = [f"0/{name}", f"0.orig/{name}", f"0/{name}.orig"] if top == "0" and "/" not in name else [rel]
    for cand in candidates:
        parent, _, leaf = cand.rpartition("/")
        found = find_file(case / parent, leaf)
        if found is not None:
            return read_text(found)
    return None


def tutorial_dimensions(solver: str, field: str) -> frozenset[Dims]:
    """The dimensions the installed tutorials of `solver` give 0/<field> (empty when none has
    the field): what OpenFOAM accepts for that solver, whatever its family (sprayFoam,
    XiFoam, cavitatingFoam, ... read an absolute p in Pa)."""
    return _tutorial_dimensions(str(tutorial_root()), solver, field)


@lru_cache(maxsize=1024)
def _tutorial_dimensions(root: str, solver: str, field: str) -> frozenset[Dims]:
    found: set[Dims] = set()
    for tut in solver_tutorials(solver):
        text = tutorial_text(tut, f"0/{field}")
        dims = parse_dimensions(fd.get(text, ["dimensions"]) or "") if text else None
        if dims is not None:
            found.add(dims)
    return frozenset(found)


def initial_fields(case: Path) -> set[str]:
    """The names of a case's initial fields (`.gz` and `.orig` dropped): the files of 0/,
    0.orig/ (restored by the run) and the start-time folder (kivaTest starts at -180); else
    of a 0.<variant>/ folder the Allrun copies (turbulentFlatPlate's 0.kOmegaSST)."""
    folders = [case / "0", case / "0.orig"]
    control = case / "system/controlDict"
    if control.is_file():
        m = _START_TIME.search(control.read_text(errors="replace"))
        if m:
            folders.append(case / m.group(1))
    found = [d for d in folders if d.is_dir()] or sorted(d for d in case.glob("0.*") if d.is_dir())
    return {f.name.removesuffix(".gz").removesuffix(".orig") for d in found for f in d.iterdir() if f.is_file()}


_START_TIME = re.compile(r"^\s*startTime\s+([-+\w.]+)\s*;", re.M)


def tutorial_field_names(solver: str) -> frozenset[str] | None:
    """The initial fields (by base name: `alpha` for alpha.water, `U` for U.air) every installed
    tutorial of `solver` that ships them has (those whose Allrun makes them with createBoxTurb,
    mapFields, createZeroDirectory, ... do not count); None when no tutorial tells. A field some
    runnable tutorial goes without is one the solver does not need (icoReactingMultiphaseInterFoam's
    p, the solid solvers' U)."""
    return _tutorial_field_names(str(tutorial_root()), solver)


@lru_cache(maxsize=256)
def _tutorial_field_names(root: str, solver: str) -> frozenset[str] | None:
    tutorials = solver_tutorials(solver)
    if not tutorials:
        return None
    common: set[str] | None = None
    for tut in tutorials:
        if makes_fields(tut):
            continue
        names = {n.split(".")[0] for n in initial_fields(tut)}  # alpha.water, alpha.sludge: alpha
        if names:
            common = names if common is None else common & names
    return frozenset(common or ())  # no tutorial ships its fields (chemFoam, dsmcFoam): none known to be needed


def makes_fields(case: Path) -> str | None:
    """The utility of canonical field_generators a case's Allrun (or the sequence Casewright
    recorded for it) runs to make initial fields, if any."""
    return _runs_one_of(case, physics().field_generators)


def changes_patches(case: Path) -> str | None:
    """The utility of canonical patch_changers (extrudeToRegionMesh, createPatch, ...) a case
    runs after blockMesh, if any: the blockMeshDict's patches are not the final mesh's."""
    return _runs_one_of(case, physics().patch_changers)


def _runs_one_of(case: Path, names: list[str]) -> str | None:
    scripts = [p for p in (*case.glob("Allrun*"), case / ".casewright/steps.json") if p.is_file()]
    text = " ".join(p.read_text(errors="replace") for p in scripts)
    return next((g for g in names if re.search(rf"\b{re.escape(g)}\b", text)), None)


def _turbulent(tut: Path) -> bool | None:
    """Whether a tutorial runs a turbulence model (its turbulenceProperties simulationType is RAS
    or LES; laminar and climbingRod's twoPhaseTransport are not); None when it has none."""
    props = tutorial_text(tut, "constant/turbulenceProperties")
    if props is None:
        return None
    return (fd.get(props, ["simulationType"]) or "laminar").strip() in ("RAS", "LES")


_PASCAL: Dims = (1, -1, -2, 0, 0, 0, 0)


def tutorial_absolute_pressure(solver: str) -> bool | None:
    """Whether most installed tutorials of `solver` that ship 0/p (else 0/p_rgh) give it in Pa
    and describe their fluid by a thermodynamic model (constant/thermophysicalProperties*): True
    for rhoPimpleFoam, XiFoam, sprayFoam, compressibleInterFoam, rhoCentralFoam's normalised gas
    (p 1 Pa); False for interFoam (p_rgh in Pa, transportProperties) and simpleFoam (m2/s2);
    None when no tutorial tells."""
    return _tutorial_absolute_pressure(str(tutorial_root()), solver)


@lru_cache(maxsize=256)
def _tutorial_absolute_pressure(root: str, solver: str) -> bool | None:
    votes: list[bool] = []
    for tut in solver_tutorials(solver):
        text = tutorial_text(tut, "0/p") or tutorial_text(tut, "0/p_rgh")
        dims = parse_dimensions(fd.get(text, ["dimensions"]) or "") if text else None
        if dims is None:
            continue
        thermo = any((tut / "constant").glob("thermophysicalProperties*")) or \
            any((tut / "constant").glob("*/thermophysicalProperties*"))  # a multi-region case: per region
        votes.append(dims == _PASCAL and thermo)
    return (2 * sum(votes) > len(votes)) if votes else None
