"""A boundary made another kind of boundary by a change request (modify_patch_type), a relative
speed with a spelled multiplier, a run length said with a run verb, a model switch's field seed
counted as applied, and the time step kept stable after the change (modify_apply)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tasks.edit.modify import apply_changes, plan_changes, read_state, stated_changes
from tasks.edit.modify_patch_type import mesh_type, patch_condition
from tasks.edit.modify_words import all_scaled, spelled_comparatives
from tasks.foam import dictionary as fd
from tasks.foam.files import decompress_tree

TUTORIALS = Path("/usr/share/doc/openfoam-examples/examples")
pytestmark = pytest.mark.skipif(not TUTORIALS.is_dir(), reason="openfoam-examples not installed")


def _case(rel: str, tmp_path: Path) -> Path:
    case = tmp_path / Path(rel).name
    shutil.copytree(TUTORIALS / rel, case)
    decompress_tree(case)
    return case


def _get(case: Path, rel: str, *entry: str) -> str | None:
    return fd.get((case / rel).read_text(), list(entry))


@pytest.mark.parametrize("rel, request_text, patch, u_type, mesh", [
    # other tutorials and word orders than the probes
    ("compressible/rhoCentralFoam/forwardStep", "turn the bottom into a free-slip wall", "bottom", "slip", "patch"),
    ("incompressible/icoFoam/cavity/cavity", "fixedWalls: frictionless, please", "fixedWalls", "slip", "wall"),
    ("incompressible/pisoFoam/laminar/porousBlockage", "use a slip condition on the bottom, please", "bottom", "slip", "patch"),
    ("incompressible/nonNewtonianIcoFoam/offsetCylinder", "treat 'down' as a symmetry plane", "down", "symmetryPlane",
     "symmetryPlane"),
    ("compressible/sonicFoam/laminar/forwardStep", "I need the top boundary to be a no-slip wall now", "top", "noSlip",
     "wall"),
    ("incompressible/pisoFoam/RAS/cavity", "we'd like fixedWalls to slip", "fixedWalls", "slip", None),
])
def test_a_boundary_made_another_kind(rel, request_text, patch, u_type, mesh, tmp_path) -> None:
    case = _case(rel, tmp_path)
    state = read_state(case)
    if patch not in state.patches:
        pytest.skip(f"{rel} has no patch {patch}")
    plan = plan_changes(state, request_text)
    apply_changes(state, plan)
    assert _get(case, "0/U", "boundaryField", patch, "type") == u_type
    for field in state.fields:  # every field gets a condition of the new kind on the patch
        assert _get(case, f"0/{field}", "boundaryField", patch, "type") is not None
    bmd = (case / "system/blockMeshDict").read_text()
    if mesh is not None:
        assert fd.get(bmd[bmd.index("boundary"):], ["boundary"]) is not None
        assert f"{patch}\n    {{\n        type {mesh};" in bmd or f"type {mesh};" in bmd.split(patch, 1)[-1][:80]


@pytest.mark.parametrize("request_text", [
    "keep the top as a symmetry plane and double the inlet speed",  # no change of kind asked
    "the walls are no-slip already; run 2 s",
])
def test_words_that_change_no_kind(request_text, tmp_path) -> None:
    case = _case("compressible/sonicFoam/laminar/forwardStep", tmp_path)
    plan = plan_changes(read_state(case), request_text)
    assert not plan.patch_types
    assert not any(e.entry[:1] == ["boundaryField"] and isinstance(e.value, dict) and e.value.get("type") == "slip"
                   for e in plan.edits)


@pytest.mark.parametrize("kind, field, present, want_type, want_mesh", [
    ("slip", "U", "symmetryPlane", "slip", "patch"),
    ("slip", "k", "wall", "zeroGradient", None),
    ("slip", "nut", "patch", "calculated", None),
    ("slip", "p", "patch", "zeroGradient", None),
    ("noSlip", "U", "patch", "noSlip", "wall"),
    ("symmetryPlane", "p", "patch", "symmetryPlane", "symmetryPlane"),
])
def test_patch_condition_and_mesh_type_table(kind, field, present, want_type, want_mesh) -> None:
    values = {"k": "0.1", "epsilon": "0.01", "omega": "1", "nuTilda": "0", "R": "(0 0 0 0 0 0)"}
    assert patch_condition(kind, field, "kEpsilon", "pisoFoam", values)["type"] == want_type
    assert mesh_type(kind, present) == want_mesh


@pytest.mark.parametrize("text, kind, factor", [
    ("increase nu by 50 %", "viscosity", 1.5),
    ("raise rho by 10 %", "density", 1.1),
    ("halve nu", "viscosity", 0.5),
    ("make mu 25% lower", "viscosity", 0.75),
])
def test_a_property_scaled_by_its_symbol(text, kind, factor) -> None:
    found = [f for k, _, f in all_scaled(text) if k == kind]
    assert found == [pytest.approx(factor)]


@pytest.mark.parametrize("text, factor", [
    ("make the inflow five times slower", 0.2),
    ("The lid should move two times faster.", 2.0),
    ("inlet four x faster", 4.0),
])
def test_a_spelled_multiplier_of_a_speed(text, factor) -> None:
    assert "times" in spelled_comparatives("three times faster") and "3" in spelled_comparatives("three times faster")
    found = [f for kind, _, f in all_scaled(text) if kind == "velocity"]
    assert found == [pytest.approx(factor)]


@pytest.mark.parametrize("request_text, end", [
    ("go transient with pimpleFoam and simulate the next 0.05 s", 0.05),
    ("pisoFoam please; a 30 ms run is enough", 0.03),
    ("switch to pimpleFoam, keep going until t = 0.1 s", 0.1),
    ("transient (pisoFoam) over 0.04 s", 0.04),
])
def test_a_run_length_said_with_a_run_word_after_a_steady_base(request_text, end, tmp_path) -> None:
    case = _case("incompressible/simpleFoam/pitzDaily", tmp_path)
    plan = plan_changes(read_state(case), request_text)
    ends = [e.value for e in plan.edits if e.entry == ["endTime"]]
    assert ends and float(ends[0]) == pytest.approx(end)


@pytest.mark.parametrize("rel, request_text, field, value", [
    ("incompressible/pisoFoam/RAS/cavity", "go to k-omega SST, omega 5 1/s initially", "omega", "5"),
    ("incompressible/simpleFoam/pitzDaily", "Spalart-Allmaras please, with nuTilda = 2e-5 m2/s", "nuTilda", "2e-05"),
])
def test_a_model_switch_seed_is_applied_and_counted(rel, request_text, field, value, tmp_path) -> None:
    case = _case(rel, tmp_path)
    state = read_state(case)
    plan = plan_changes(state, request_text)
    apply_changes(state, plan)
    assert _get(case, f"0/{field}", "internalField") == f"uniform {value}"
    _, not_applied = stated_changes(plan, case)
    assert not not_applied


@pytest.mark.parametrize("rel, request_text", [
    ("incompressible/icoFoam/cavity/cavity", "twice the cells in x and y"),  # a finer mesh, same step
    ("incompressible/icoFoam/cavity/cavity", "make the lid 4 times faster"),  # a faster lid, same step
    ("incompressible/simpleFoam/backwardFacingStep2D", "switch to pisoFoam for 0.01 s"),  # graded, steady -> PISO
])
def test_the_time_step_after_a_change_keeps_the_courant_number_below_one(rel, request_text, tmp_path) -> None:
    from tasks.edit.checks import courant_estimate

    case = _case(rel, tmp_path)
    state = read_state(case)
    plan = plan_changes(state, request_text)
    apply_changes(state, plan)
    solver = _get(case, "system/controlDict", "application")
    estimate = courant_estimate(case, solver)
    assert estimate is not None and estimate[0] <= 1.0


def test_a_stated_time_step_is_kept_even_when_it_is_large(tmp_path) -> None:
    case = _case("incompressible/icoFoam/cavity/cavity", tmp_path)
    state = read_state(case)
    plan = plan_changes(state, "make the lid 4 times faster and keep deltaT 0.005 s")
    apply_changes(state, plan)
    assert _get(case, "system/controlDict", "deltaT") == "0.005"
