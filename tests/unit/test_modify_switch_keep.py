"""A solver switch that names no model keeps the case's turbulence model and its fields as they
are (regex patch keys, group keys, the case's own choice of wall function); "make it
time-resolved" words as an adjective of the run ask for the transient counterpart."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tasks.edit.caseops_fields import _both_wall_functions, patch_condition_type
from tasks.edit.modify import apply_changes, plan_changes, read_state
from tasks.edit.modify_switch import time_counterpart
from tasks.foam import dictionary as fd
from tasks.foam.files import decompress_tree

TUTORIALS = Path("/usr/share/doc/openfoam-examples/examples")
installed = pytest.mark.skipif(not (TUTORIALS / "incompressible/simpleFoam/backwardFacingStep2D").is_dir(),
                               reason="openfoam-examples not installed")

_FIELD = """boundaryField
{
    inlet { type fixedValue; value uniform 1; }
    "(upperWall|lowerWall)" { type omegaWallFunction; value uniform 1; }
    ".*Blade" { type nutUSpaldingWallFunction; value uniform 0; }
    wall { type kqRWallFunction; value uniform 0; }
}
"""


@pytest.mark.parametrize("patch, mesh_type, found", [
    ("inlet", "patch", "fixedValue"),  # its own entry
    ("lowerWall", "wall", "omegaWallFunction"),  # an alternation key
    ("rotorBlade", "wall", "nutUSpaldingWallFunction"),  # a wildcard key
    ("hub", "wall", "kqRWallFunction"),  # the mesh-type group
    ("outlet", "patch", None),
])
def test_patch_condition_type_resolves_as_openfoam(patch: str, mesh_type: str, found: str | None) -> None:
    assert patch_condition_type(_FIELD, patch, mesh_type) == found


@pytest.mark.parametrize("have, want, fits", [
    ("nutUSpaldingWallFunction", "nutkWallFunction", True),
    ("kLowReWallFunction", "kqRWallFunction", True),
    ("compressible::alphatJayatillekeWallFunction", "compressible::alphatWallFunction", True),
    ("nutkWallFunction", "nutLowReWallFunction", False),  # a low-Re model's own wall treatment
    ("zeroGradient", "epsilonWallFunction", False),  # a laminar leftover is not a wall function
    (None, "omegaWallFunction", False),
])
def test_a_case_chosen_wall_function_is_kept(have: str | None, want: str, fits: bool) -> None:
    assert _both_wall_functions(have, want) is fits


@pytest.mark.parametrize("solver, text, counterpart", [
    ("simpleFoam", "could we have a time-resolved version of this run?", "pimpleFoam"),
    ("buoyantSimpleFoam", "an unsteady simulation is what the report needs", "buoyantPimpleFoam"),
    ("rhoSimpleFoam", "please set up a transient calculation with dt 1e-6", "rhoPimpleFoam"),
    ("pimpleFoam", "a steady-state solution would be enough for us", "simpleFoam"),
    ("simpleFoam", "keep the steady inlet at 10 m/s", None),  # steady of the inlet, the case already steady
    ("pimpleFoam", "the transient inlet profile stays", None),
    ("simpleFoam", "run it time-accurately, please", "pimpleFoam"),  # the adverb
    ("SRFSimpleFoam", "solve it with PIMPLE this time", "SRFPimpleFoam"),  # the algorithm named
    ("buoyantPimpleFoam", "converge it using SIMPLE", "buoyantSimpleFoam"),
    ("simpleFoam", "refine using simpleGrading 4", None),
])
def test_time_words_as_an_adjective_of_the_run(solver: str, text: str, counterpart: str | None) -> None:
    assert time_counterpart(solver, text.lower()) == counterpart


def _copy(rel: str, tmp_path: Path) -> Path:
    case = tmp_path / Path(rel).name
    shutil.copytree(TUTORIALS / rel, case)
    decompress_tree(case)
    return case


@installed
@pytest.mark.parametrize("rel, request_text, field, model", [
    ("incompressible/simpleFoam/backwardFacingStep2D", "make it transient with pimpleFoam, deltaT 1e-5", "omega",
     "kOmegaSST"),
    ("incompressible/simpleFoam/backwardFacingStep2D", "pisoFoam please (keep the time step near 1e-7 s)", "omega",
     "kOmegaSST"),
    ("incompressible/simpleFoam/pitzDaily", "Run it time-accurately with PIMPLE; same k-epsilon model.", "epsilon",
     "kEpsilon"),
    ("incompressible/SRFSimpleFoam/mixer", "- solver: SRFPimpleFoam\n- time step: 1e-4 s", "omega", "kOmegaSST"),
])
def test_a_switch_naming_no_model_leaves_the_model_fields(rel: str, request_text: str, field: str, model: str,
                                                          tmp_path: Path) -> None:
    case = _copy(rel, tmp_path)
    before = {p.name: p.read_text() for p in (case / "0").iterdir() if p.name in ("k", "nut", field)}
    state = read_state(case)
    plan = plan_changes(state, request_text)
    assert plan.solver is not None and plan.model in (None, model)
    apply_changes(state, plan)
    props = (case / "constant/turbulenceProperties").read_text()
    assert fd.get(props, ["RAS", "RASModel"]) == model
    for name, text in before.items():
        after = (case / "0" / name).read_text()
        assert fd.get(after, ["internalField"]) == fd.get(text, ["internalField"]), name
        assert fd.get(after, ["boundaryField"]) == fd.get(text, ["boundaryField"]), name
    solution = (case / "system/fvSolution").read_text()
    velocity = "Urel" if (case / "0/Urel").is_file() else "U"
    assert any(key.startswith(f"{velocity}Final") or velocity + "Final" in key or "Final" in key
               for key in fd.keys(solution, ["solvers"])), "transient solvers need Final entries"


@pytest.mark.parametrize("text, found", [
    ("make it transient with pimpleFoam, deltaT 1e-5", {"deltaT": 1e-5}),
    ("endTime 0.5 and writeInterval 0.01", {"endTime": 0.5, "writeInterval": 0.01}),
    ("switch to buoyantPimpleFoam; dt 2 ms; endTime 10", {"deltaT": 2e-3, "endTime": 10.0}),
    ("deltaT 5e-6 s. Nothing else.", {"deltaT": 5e-6}),
    ("raise the dt 3 m/s inlet", {}),  # a velocity after a stray dt is no time step
])
def test_foam_keyword_then_bare_value(text: str, found: dict) -> None:
    from tasks.edit.modify_words import key_value_controls
    assert key_value_controls(text) == pytest.approx(found)
