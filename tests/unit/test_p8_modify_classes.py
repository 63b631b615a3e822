"""`modify` classes found by the session-8 probes, each with paraphrases that are not in the
probes (other tutorials, units and word orders): a request written as lines or bullets; a
spelled sign; factors written as symbols or after what they scale, with the patch words later
in the clause; a model named as a list item without a verb; values on the fields of the model
switched to; run control as "key: value", in the time of the solver switched to; and patches
the fields name that the blockMeshDict does not (made by createPatch, extrudeMesh, snappy)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tasks.edit.modify import apply_changes, plan_changes, read_state
from tasks.edit.modify_mesh import refinement
from tasks.edit.modify_switch import named_alone
from tasks.edit.modify_words import all_scaled, key_value_controls, normalise_request
from tasks.foam import dictionary as fd
from tests.conftest import TUTORIALS, copy_tutorial

PITZ = "incompressible/simpleFoam/pitzDaily"
CAVITY = "incompressible/icoFoam/cavity/cavity"
PISO_CAVITY = "incompressible/pisoFoam/RAS/cavity"
CHANNEL = "incompressible/pimpleFoam/LES/channel395"
TJUNCTION = "incompressible/pimpleFoam/RAS/TJunction"
FLAME = "combustion/reactingFoam/laminar/counterFlowFlame2D"
POOL_FIRE = "combustion/fireFoam/LES/smallPoolFire2D"
DAMBREAK = "multiphase/interFoam/laminar/damBreak/damBreak"
OBSTACLE = "multiphase/interIsoFoam/damBreakWithObstacle"
DTC = "multiphase/interFoam/RAS/DTCHull"
HOTROOM = "heatTransfer/buoyantBoussinesqSimpleFoam/hotRoom"


def _modify(case: Path, text: str) -> None:
    state = read_state(case)
    apply_changes(state, plan_changes(state, text))


def _get(case: Path, rel: str, *entry: str) -> str:
    copies = (rel, rel.replace("0/", "0.orig/", 1), f"{rel}.orig")  # the copy the case keeps
    found = next((case / r for r in copies if (case / r).is_file()), case / rel)
    return " ".join((fd.get(found.read_text(), list(entry)) or "").split())


# --- the layout of a request: lines and bullets are clauses, a spelled sign is a sign ---

@pytest.mark.parametrize("text, expected", [
    ("* inlet: 3 m/s\n* outlet pressure: 0", "inlet: 3 m/s; outlet pressure: 0"),
    ("1. endTime 2 s\n2. write every 0.1 s", "endTime 2 s; write every 0.1 s"),
    ("Please:\n  - lid 2 m/s,\n  - 40x40 cells", "Please:; lid 2 m/s; 40x40 cells"),
    ("floor at minus 5 degC", "floor at -5 degC"),
    ("the outlet at negative 2 Pa", "the outlet at -2 Pa"),
    ("a single line stays as it is", "a single line stays as it is"),
    ("Please set the inlet velocity\nto 5 m/s and stop at 2 s.", "Please set the inlet velocity to 5 m/s and stop at 2 s."),
    ("lid speed: 2 m/s\nend time: 3 s", "lid speed: 2 m/s; end time: 3 s"),
])
def test_lines_bullets_and_spelled_signs(text: str, expected: str) -> None:
    assert normalise_request(text) == expected


# --- run control written as "key: value" ---

@pytest.mark.parametrize("text, expected", [
    ("iteration count: 750", {"endTime": 750.0}),
    ("final time = 12 s; time step = 2 ms", {"endTime": 12.0, "deltaT": 0.002}),
    ("stop time: 3 min, output interval: 30 s", {"endTime": 180.0, "writeInterval": 30.0}),
    ("δt = 50 µs", {"deltaT": 5e-05}),
    ("end: 0.5 m/s", {}),  # a velocity, not a time
])
def test_key_value_run_control(text: str, expected: dict[str, float]) -> None:
    got = key_value_controls(text)
    assert got.keys() == expected.keys()
    assert all(abs(got[k] - v) <= 1e-12 + 1e-9 * abs(v) for k, v in expected.items())


# --- factors as symbols or after what they scale, with the patch words of their clause ---

@pytest.mark.parametrize("text, expected", [
    ("lid speed ×3", [("velocity", "lid speed", 3.0)]),
    ("outlet pressure /2", [("pressure", "outlet pressure", 0.5)]),
    ("the viscosity: 4-fold", [("viscosity", "the viscosity", 4.0)]),
    ("the fuel inflow halved, the air unchanged", [("flow_rate", "the fuel inflow", 0.5)]),
    ("raise the speed of the left jet x1.5", [("velocity", "raise the speed of the left jet", 1.5)]),
    ("triple the flow rate at the side inlet, keeping the main one", [("flow_rate", "the flow rate at the side inlet", 3.0)]),
    ("the inlet velocity doubled and the wall temperature halved",
     [("velocity", "the inlet velocity", 2.0), ("temperature", "the wall temperature", 0.5)]),
    ("mesh 40x40 cells, inlet 2 m/s", []),
])
def test_scaled_values_in_any_word_order(text: str, expected: list[tuple[str, str, float]]) -> None:
    assert [(k, w.strip(), f) for k, w, f in all_scaled(text)] == expected


@pytest.mark.parametrize("text, two_d, expected", [
    ("refine the grid 3x", True, [3.0, 3.0, 1.0]),
    ("coarsen ×2", False, [0.5, 0.5, 0.5]),
    ("cell spacing /2 everywhere", True, [2.0, 2.0, 1.0]),
    ("number of cells x1.5", True, [1.5, 1.5, 1.0]),
    ("2x refinement of the mesh", True, [2.0, 2.0, 1.0]),
    ("use 40x40 cells", True, None),
])
def test_refinement_factor_symbols(text: str, two_d: bool, expected: list[float] | None) -> None:
    assert refinement(text.lower(), two_d=two_d) == expected


@pytest.mark.parametrize("tutorial, text, file, entry, expected", [
    (PITZ, "inlet velocity ×1.5", "0/U", ["boundaryField", "inlet", "value"], "uniform (15 0 0)"),
    (CAVITY, "lid speed doubled", "0/U", ["boundaryField", "movingWall", "value"], "uniform (2 0 0)"),
    (FLAME, "double the speed of the fuel jet, keep the air as it is", "0/U", ["boundaryField", "fuel", "value"],
     "uniform (0.2 0 0)"),
    (FLAME, "double the speed of the fuel jet, keep the air as it is", "0/U", ["boundaryField", "air", "value"],
     "uniform (-0.1 0 0)"),
    (TJUNCTION, "outlet1 pressure: x0.5", "0/p", ["boundaryField", "outlet1", "value"], "uniform 5"),
])
def test_scaled_boundary_values(tmp_path, tutorial, text, file, entry, expected):
    case = copy_tutorial(TUTORIALS / tutorial, tmp_path / "case")
    _modify(case, text)
    assert _get(case, file, *entry) == expected


@pytest.mark.parametrize("tutorial, text, expected", [
    (CAVITY, "refine mesh 2x", r"\(40 40 1\)"),
    (DAMBREAK, "grid: x2 coarser", None),
    (DAMBREAK, "coarsen the mesh ×2", r"\(12 4 1\)"),
])
def test_mesh_factor_symbols(tmp_path, tutorial, text, expected):
    case = copy_tutorial(TUTORIALS / tutorial, tmp_path / "case")
    before = _get(case, "system/blockMeshDict", "blocks")
    _modify(case, text)
    after = _get(case, "system/blockMeshDict", "blocks")
    if expected:
        assert re.search(expected, after), after
    else:
        assert after != before


# --- a model named as a list item, without a verb ---

@pytest.mark.parametrize("text, model, expected", [
    ("realizableKE; 800 iterations", "realizableKE", True),
    ("WALE | end 2 s", "WALE", True),
    ("RAS model = kOmegaSST", "kOmegaSST", True),
    ("same kEpsilon as before, inlet 12 m/s", "kEpsilon", False),
    ("compare the kOmegaSST results with the experiment and set the inlet to 12 m/s", "kOmegaSST", False),
])
def test_model_named_alone(text: str, model: str, expected: bool) -> None:
    assert named_alone(text, model) is expected


@pytest.mark.parametrize("tutorial, text, entry, expected", [
    (PITZ, "realizableKE; 800 iterations", ["RAS", "RASModel"], "realizableKE"),
    (CHANNEL, "WALE | end 2 s", ["LES", "LESModel"], "WALE"),
    (PISO_CAVITY, "turbulence model = kOmegaSST", ["RAS", "RASModel"], "kOmegaSST"),
    (PITZ, "same kEpsilon as before, inlet 12 m/s", ["RAS", "RASModel"], "kEpsilon"),
])
def test_verbless_model_switch(tmp_path, tutorial, text, entry, expected):
    case = copy_tutorial(TUTORIALS / tutorial, tmp_path / "case")
    _modify(case, text)
    assert _get(case, "constant/turbulenceProperties", *entry) == expected


# --- values on the fields of the model switched to ---

@pytest.mark.parametrize("tutorial, text, field, patch, expected", [
    (PITZ, "switch to kOmegaSST with an inlet omega of 200 1/s", "omega", "inlet", "uniform 200"),
    (PITZ, "Spalart-Allmaras please, nuTilda 1e-4 m2/s at the inflow", "nuTilda", "inlet", "uniform 0.0001"),
    (TJUNCTION, "use k-omega SST; inlet k 0.2 m2/s2", "k", "inlet", "uniform 0.2"),
])
def test_values_on_the_new_model_fields(tmp_path, tutorial, text, field, patch, expected):
    case = copy_tutorial(TUTORIALS / tutorial, tmp_path / "case")
    _modify(case, text)
    assert _get(case, f"0/{field}", "boundaryField", patch, "value") == expected


# --- run control in the time of the solver switched to, as "key: value" or a bare list item ---

@pytest.mark.parametrize("tutorial, text, expected", [
    (PITZ, "go transient, time step 0.0001 s, simulate 0.3 seconds",
     {"application": "pimpleFoam", "deltaT": "0.0001", "endTime": "0.3"}),
    (PITZ, "unsteady; dt = 5e-5 s; t_end = 0.1 s", {"application": "pimpleFoam", "deltaT": "5e-05", "endTime": "0.1"}),
    (PITZ, "time-accurate run, deltaT 2e-5 s, 0.05 s", {"application": "pimpleFoam", "deltaT": "2e-05", "endTime": "0.05"}),
    (PISO_CAVITY, "steady-state please\niterations: 400", {"application": "simpleFoam", "endTime": "400"}),
    (HOTROOM, "- heater: 80 degC\n- iterations: 3000", {"endTime": "3000"}),
])
def test_run_control_after_a_time_switch(tmp_path, tutorial, text, expected):
    case = copy_tutorial(TUTORIALS / tutorial, tmp_path / "case")
    _modify(case, text)
    for key, value in expected.items():
        got = _get(case, "system/controlDict", key)
        assert got == value or (re.fullmatch(r"[-+.\de]+", value) and float(got) == float(value)), (key, got)


# --- patches the fields name that the blockMeshDict does not ---

@pytest.mark.parametrize("tutorial, patch, role", [
    (POOL_FIRE, "inlet", "inlet"),
    (OBSTACLE, "obstacle", "wall"),
    (DTC, "hull", "wall"),
])
def test_patches_made_after_blockmesh_are_known(tmp_path, tutorial, patch, role):
    case = copy_tutorial(TUTORIALS / tutorial, tmp_path / "case")
    assert read_state(case).roles.get(patch) == role


def test_a_velocity_on_a_patch_made_after_blockmesh(tmp_path):
    case = copy_tutorial(TUTORIALS / POOL_FIRE, tmp_path / "case")
    _modify(case, "fuel inflow at the pool: 8 cm/s")
    assert _get(case, "0/U", "boundaryField", "inlet", "value") == "uniform (0 0.08 0)"


# --- a value scaled to a fraction of itself; percent refinement; turbulence switched off as a key ---

@pytest.mark.parametrize("text, expected", [
    ("bring the lid speed down to two thirds", [("velocity", 2 / 3)]),
    ("the outlet pressure up to 120 %", [("pressure", 1.2)]),
    ("cut the density to a quarter of its present value", [("density", 0.25)]),
    ("set the inlet velocity to 5 m/s", []),
    ("lower the floor temperature to 20 degC", []),
])
def test_values_scaled_to_a_fraction(text: str, expected: list[tuple[str, float]]) -> None:
    assert [(k, round(f, 6)) for k, _, f in all_scaled(text)] == [(k, round(f, 6)) for k, f in expected]


@pytest.mark.parametrize("text, expected", [
    ("refine by 50%", [1.5, 1.5, 1.0]),
    ("coarsen the grid by 25 percent", [0.75, 0.75, 1.0]),
    ("increase the resolution by 20 per cent", [1.2, 1.2, 1.0]),
    ("refine by 2", [2.0, 2.0, 1.0]),
])
def test_percent_refinement(text: str, expected: list[float]) -> None:
    assert refinement(text, two_d=True) == expected


def test_percent_refinement_is_not_a_region_fraction(tmp_path):
    case = copy_tutorial(TUTORIALS / CAVITY, tmp_path / "case")
    plan = plan_changes(read_state(case), "refine by 50 percent")
    assert plan.refine == [1.5, 1.5, 1.0] and plan.warnings == []


@pytest.mark.parametrize("text", ["turbulence: off; 500 iters", "RANS = none, 300 iterations", "turbulence model is disabled"])
def test_turbulence_off_as_a_key(tmp_path, text):
    case = copy_tutorial(TUTORIALS / PITZ, tmp_path / "case")
    assert plan_changes(read_state(case), text).model == "laminar"


# --- a pressure known by its unit, and a patch known by the key before its value ---

@pytest.mark.parametrize("tutorial, text, expected", [
    (TJUNCTION, "make the upper outlet 3 m2/s2", {"outlet2": "uniform 3", "outlet1": "uniform 10"}),
    (TJUNCTION, "lower outlet: 4 m2/s2, upper outlet: 1 m2/s2", {"outlet1": "uniform 4", "outlet2": "uniform 1"}),
    ("compressible/rhoSimpleFoam/squareBend", "outlet 1.1 bar", {"outlet": "uniform 110000"}),
])
def test_pressure_known_by_its_unit(tmp_path, tutorial, text, expected):
    case = copy_tutorial(TUTORIALS / tutorial, tmp_path / "case")
    _modify(case, text)
    for patch, value in expected.items():
        assert _get(case, "0/p", "boundaryField", patch, "value") == value


def test_k_in_m2s2_is_no_pressure(tmp_path):
    case = copy_tutorial(TUTORIALS / PITZ, tmp_path / "case")
    plan = plan_changes(read_state(case), "kOmegaSST with inlet k 0.05 m2/s2")
    assert not any(e.file == "0/p" for e in plan.edits)


@pytest.mark.parametrize("tutorial, text, patch, expected", [
    (HOTROOM, "floor: 290 K; ceiling: 300 K", "ceiling", "uniform 300"),
    (HOTROOM, "floor: 290 K; ceiling: 300 K", "floor", "uniform 290"),
    (FLAME, "fuel: 400 K, air: 350 K", "air", "uniform 350"),
])
def test_key_before_value_names_the_patch(tmp_path, tutorial, text, patch, expected):
    case = copy_tutorial(TUTORIALS / tutorial, tmp_path / "case")
    _modify(case, text)
    assert _get(case, "0/T", "boundaryField", patch, "value") == expected


# --- a velocity in a case with no inlet goes to the entry that holds it ---

@pytest.mark.parametrize("text", ["Ubar should be 0.3 m/s now; run 8 s", "bulk velocity 0.3 m/s", "mean velocity: 0.3 m/s"])
def test_velocity_without_inlet_reaches_the_binder(tmp_path, text):
    case = copy_tutorial(TUTORIALS / CHANNEL, tmp_path / "case")
    _modify(case, text)
    assert "0.3" in _get(case, "constant/fvOptions", "momentumSource", "Ubar") or \
        "0.3" in _get(case, "constant/transportProperties", "Ubar")


# --- the old value of a change is not the request's: arrows, "was", "instead of", "currently" ---

@pytest.mark.parametrize("text, expected", [
    ("outlet pressure 0 -> 5 Pa", "outlet pressure 5 Pa"),
    ("T 300 K → 320 K; end 0.5=>1 s", "T 320 K; end 1 s"),
    ("the lid at 4 m/s (currently 1 m/s)", "the lid at 4 m/s"),
    ("nu 1e-5 -> 2e-5 m2/s", "nu 2e-5 m2/s"),
    ("x -> y stays", "x -> y stays"),
])
def test_old_values_are_dropped(text: str, expected: str) -> None:
    assert normalise_request(text) == expected


@pytest.mark.parametrize("tutorial, text, file, entry, expected", [
    (PISO_CAVITY, "moving wall: 1 m/s → 2.5 m/s", "0/U", ["boundaryField", "movingWall", "value"], "uniform (2.5 0 0)"),
    (PITZ, "inflow was 10 m/s, make it 7 m/s", "0/U", ["boundaryField", "inlet", "value"], "uniform (7 0 0)"),
    (HOTROOM, "rather than 300 K the floor should sit at 290 K", "0/T", ["boundaryField", "floor", "value"], "uniform 290"),
])
def test_the_new_value_of_a_change_is_applied(tmp_path, tutorial, text, file, entry, expected):
    case = copy_tutorial(TUTORIALS / tutorial, tmp_path / "case")
    _modify(case, text)
    assert _get(case, file, *entry) == expected


@pytest.mark.parametrize("text, expected", [
    ("bump the iteration count from 2000 to 3500", {"endTime": 3500.0}),
    ("raise the time step to 2e-4 s", {"deltaT": 0.0002}),
    ("number of iterations up to 5000", {"endTime": 5000.0}),
    ("increase the time step to 50 %", {}),
])
def test_run_control_key_to_value(text: str, expected: dict[str, float]) -> None:
    assert key_value_controls(text) == expected


# --- direction words, a diffusivity in m2/s, time steps counted in a transient run ---

@pytest.mark.parametrize("text, expected", [
    ("can the lid move to the left at 1 m/s?", [-1.0, 0.0, 0.0]),
    ("the wall slides rightwards", [1.0, 0.0, 0.0]),
    ("jet going downwards", [0.0, -1.0, 0.0]),
    ("inlet 2 m/s", None),
])
def test_direction_words(text, expected):
    from tasks.edit.patch_words import stated_direction
    assert stated_direction(text) == expected


def test_a_diffusivity_is_not_the_viscosity(tmp_path):
    case = copy_tutorial(TUTORIALS / "multiphase/twoLiquidMixingFoam/lockExchange", tmp_path / "case")
    before = _get(case, "constant/transportProperties", "sludge", "nu")
    plan = plan_changes(read_state(case), "mass diffusivity 2e-9 m2/s")
    assert not any(e.entry[-1:] == ["nu"] for e in plan.edits)
    assert _get(case, "constant/transportProperties", "sludge", "nu") == before


@pytest.mark.parametrize("tutorial, text, expected", [
    (CAVITY, "time step 0.002 s, 500 steps", 1.0),
    (CAVITY, "run 300 time steps", 1.5),
    (PITZ, "run 300 iterations", 300.0),
])
def test_steps_of_a_transient_run(tmp_path, tutorial, text, expected):
    from tasks.edit.modify import stated_changes
    case = copy_tutorial(TUTORIALS / tutorial, tmp_path / "case")
    state = read_state(case)
    plan = plan_changes(state, text)
    apply_changes(state, plan)
    assert float(_get(case, "system/controlDict", "endTime")) == expected
    assert stated_changes(plan, case)[1] == []


@pytest.mark.parametrize("text", ["make it transient with a 1e-5 s step, end 0.01 s",
                                  "unsteady run: step 1e-5 s; end at 0.01 s",
                                  "go time-dependent, dt 1e-5 s and t_end 0.01 s"])
def test_steady_case_made_transient_keeps_the_stated_controls(tmp_path, text):
    case = copy_tutorial(TUTORIALS / "compressible/rhoSimpleFoam/squareBend", tmp_path / "case")
    plan = plan_changes(read_state(case), text)
    controls = {e.entry[0]: str(e.value) for e in plan.edits if e.file == "system/controlDict"}
    assert plan.solver == "rhoPimpleFoam"
    assert float(controls["deltaT"]) == 1e-5 and float(controls["endTime"]) == 0.01
    assert not [w for w in plan.warnings if "time step" in w or "end time" in w]


def test_a_value_in_a_case_that_keeps_only_0_orig_is_verified(tmp_path):
    from tasks.edit.modify import stated_changes
    case = copy_tutorial(TUTORIALS / "incompressible/pimpleFoam/RAS/ellipsekkLOmega", tmp_path / "case")
    state = read_state(case)
    plan = plan_changes(state, "inlet 4 m/s")
    apply_changes(state, plan)
    assert _get(case, "0/U", "boundaryField", "inlet", "value") == "uniform (4 0 0)"
    assert stated_changes(plan, case)[1] == []


# --- fractions as changes, flow rates behind a macro, species-named inlets, arrows between models ---

@pytest.mark.parametrize("text, expected", [
    ("increase the inflow by a third", [("flow_rate", 4 / 3)]),
    ("cut the viscosity by half", [("viscosity", 0.5)]),
    ("lower the lid speed by a quarter", [("velocity", 0.75)]),
])
def test_changed_by_a_fraction(text: str, expected: list[tuple[str, float]]) -> None:
    assert [(k, round(f, 6)) for k, _, f in all_scaled(text)] == [(k, round(f, 6)) for k, f in expected]


def test_a_flow_rate_behind_a_macro_is_scaled_where_it_is_defined(tmp_path):
    case = copy_tutorial(TUTORIALS / "multiphase/interFoam/RAS/weirOverflow", tmp_path / "case")
    include = next(p for p in (case / "0.orig/include/initialConditions", case / "0/include/initialConditions")
                   if p.is_file())
    before = float(fd.get(include.read_text(), ["inletFlowRate"]))
    _modify(case, "raise the flow rate by a quarter")
    assert float(fd.get(include.read_text(), ["inletFlowRate"])) == pytest.approx(before * 1.25)


@pytest.mark.parametrize("name, words", [
    ("inletCH4", ["inlet", "ch4"]), ("outletCO2", ["outlet", "co2"]), ("ACMI1_blockage", ["acmi", "1", "blockage"]),
    ("outlet2", ["outlet", "2"]),
])
def test_species_formulas_stay_whole_in_patch_names(name, words):
    from tasks.edit.patch_words import name_words
    assert name_words(name) == words


@pytest.mark.parametrize("text, patch", [
    ("fuel jet 50 m/s", "inletCH4"), ("the methane inlet at 45 m/s", "inletCH4"), ("co-flowing air 1.2 m/s", "inletAir"),
])
def test_inlets_named_by_what_flows_through_them(tmp_path, text, patch):
    case = copy_tutorial(TUTORIALS / "combustion/reactingFoam/RAS/SandiaD_LTS", tmp_path / "case")
    plan = plan_changes(read_state(case), text)
    assert {e.entry[1] for e in plan.edits if e.file.endswith("/U")} == {patch}


@pytest.mark.parametrize("text", ["kEpsilon -> realizableKE", "k-epsilon → realizable k-epsilon, 500 iterations",
                                  "turbulence: kEpsilon => realizableKE"])
def test_model_after_an_arrow(tmp_path, text):
    case = copy_tutorial(TUTORIALS / PITZ, tmp_path / "case")
    assert plan_changes(read_state(case), text).model == "realizableKE"
