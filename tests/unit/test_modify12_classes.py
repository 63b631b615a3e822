"""Session 12 classes of `modify`: a role set back to the base tutorial's value, a fluid's
properties at a stated temperature, factors of the present value said in words, and the initial
temperature changed by a difference. Each planned on real tutorial copies; the sentences are
paraphrases in other solvers, units and orders than the probes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tasks.edit.modify_canon_factors import spelled_factors
from tasks.edit.modify_fluid_temp import air_mu, air_rho, properties_at, water_mu, water_rho
from tasks.edit.modify_revert import revert_clauses
from tasks.foam.physics import fluid_table
from tests.unit.modify_cases import entry_of, modify_case, tutorial_case


def _based_on(case: Path, tutorial: str) -> Path:
    (case / ".casewright").mkdir(exist_ok=True)
    (case / ".casewright/manifest.json").write_text(json.dumps({"base_tutorial": tutorial}))
    return case


@pytest.mark.parametrize("said, rest, roles", [
    ("lid back to default; nu x2", "; nu x2", ["lid"]),
    ("Reset the inflow velocity to the original tutorial value, and run 500 iterations", ", and run 500 iterations",
     ["inflow velocity"]),
    ("viscosity: stock value", "", ["viscosity"]),
    ("Inlet speed? Same as in the shipped example.", "", ["Inlet speed"]),
    ("use the default kEpsilon model with inlet 5 m/s", "use the default kEpsilon model with inlet 5 m/s", []),
    ("set up the pitzDaily tutorial with inlet 5 m/s", "set up the pitzDaily tutorial with inlet 5 m/s", []),
])
def test_revert_clauses_leave_the_request(said: str, rest: str, roles: list[str]) -> None:
    got_rest, got_roles = revert_clauses(said)
    assert got_roles == roles
    assert got_rest.strip(" .,;") == rest.strip(" .,;")


@pytest.mark.parametrize("tutorial, setup, asked, rel, entry, expected", [
    ("incompressible/icoFoam/cavity/cavity", "lid 3 m/s, nu 0.02 m2/s", "put the lid speed back to the tutorial value",
     "0/U", ("boundaryField", "movingWall", "value"), "uniform (1 0 0)"),
    ("incompressible/icoFoam/cavity/cavity", "lid 3 m/s, nu 0.02 m2/s", "Could the viscosity return to its original value?",
     "constant/transportProperties", ("nu",), "0.01"),
    ("incompressible/simpleFoam/pitzDaily", "inlet 25 m/s", "inflow velocity: default again, and 500 iterations",
     "0/U", ("boundaryField", "inlet", "value"), "uniform (10 0 0)"),
    ("incompressible/pisoFoam/RAS/cavity", "lid 4 m/s, deltaT 0.001 s", "restore the stock moving wall speed",
     "0/U", ("boundaryField", "movingWall", "value"), "uniform (1 0 0)"),
])
def test_a_role_goes_back_to_the_tutorial_value(tmp_path: Path, tutorial: str, setup: str, asked: str, rel: str,
                                                entry: tuple[str, ...], expected: str) -> None:
    case = _based_on(tutorial_case(tmp_path, tutorial), tutorial)
    modify_case(case, setup)
    assert entry_of(case, rel, *entry) != expected
    plan = modify_case(case, asked)
    assert entry_of(case, rel, *entry) == expected
    assert not [w for w in plan.warnings if w.startswith("not applied")]


def test_the_mesh_goes_back_to_the_tutorial_blocks(tmp_path: Path) -> None:
    tutorial = "incompressible/icoFoam/cavity/cavity"
    case = _based_on(tutorial_case(tmp_path, tutorial), tutorial)
    modify_case(case, "mesh 40x40x1 cells")
    modify_case(case, "grid back to the tutorial's resolution")
    assert "(20 20 1)" in entry_of(case, "system/blockMeshDict", "blocks")


def test_a_comma_makes_no_fluid_state_of_a_speed(tmp_path: Path) -> None:
    case = tutorial_case(tmp_path, "incompressible/icoFoam/cavity/cavity")
    modify_case(case, "switch to water, 2 m/s lid")
    assert entry_of(case, "0/U", "boundaryField", "movingWall", "value") == "uniform (2 0 0)"
    assert float(entry_of(case, "constant/transportProperties", "nu")) == pytest.approx(1.004e-6, rel=0.01)


def test_a_case_without_a_tutorial_says_the_revert_was_not_applied(tmp_path: Path) -> None:
    case = tutorial_case(tmp_path, "incompressible/icoFoam/cavity/cavity")
    plan = modify_case(case, "lid back to the tutorial value, endTime 1 s")
    assert any("records no base tutorial" in w for w in plan.warnings)
    assert entry_of(case, "system/controlDict", "endTime") == "1"


@pytest.mark.parametrize("fluid, t_k, nu", [("water", 293.15, 1.004e-6), ("water", 308.15, 7.23e-7),
                                            ("water", 323.15, 5.53e-7), ("air", 300.0, 1.568e-5),
                                            ("air", 295.15, 1.524e-5), ("air", 373.15, 2.31e-5)])
def test_property_laws_match_the_tables(fluid: str, t_k: float, nu: float) -> None:
    entry = properties_at(fluid, fluid_table()[fluid], t_k)
    assert entry is not None and entry.nu == pytest.approx(nu, rel=0.02)


def test_property_laws_refuse_out_of_range() -> None:
    assert properties_at("water", fluid_table()["water"], 400.0) is None
    assert properties_at("oil", fluid_table()["oil"], 300.0) is None
    assert water_mu(293.15) == pytest.approx(1.002e-3, rel=0.01) and water_rho(293.15) == pytest.approx(998.2, rel=1e-3)
    assert air_mu(300.0) == pytest.approx(1.846e-5, rel=0.01) and air_rho(300.0) == pytest.approx(1.177, rel=0.01)


@pytest.mark.parametrize("tutorial, asked, nu", [
    ("incompressible/simpleFoam/pitzDaily", "switch to water at 50 degC", 5.53e-7),
    ("incompressible/icoFoam/cavity/cavity", "make it water at 77 degF", 8.93e-7),
    ("incompressible/pisoFoam/RAS/cavity", "At 40 °C the fluid is air; lid 2 m/s", 1.70e-5),
    ("incompressible/simpleFoam/pitzDaily", "use water; the water was at 283 K in the rig", 1.31e-6),
    ("incompressible/icoFoam/cavity/cavity", "Water, 95 °F, please (use its viscosity)", 7.23e-7),
    ("incompressible/pisoFoam/RAS/cavity", "what if the working fluid were water at 15 degC?", 1.137e-6),
    ("incompressible/simpleFoam/pitzDaily", "the air in the tunnel was at 30 °C", 1.60e-5),
])
def test_a_fluid_takes_its_viscosity_at_the_stated_temperature(tmp_path: Path, tutorial: str, asked: str,
                                                               nu: float) -> None:
    case = tutorial_case(tmp_path, tutorial)
    plan = modify_case(case, asked)
    assert float(entry_of(case, "constant/transportProperties", "nu")) == pytest.approx(nu, rel=0.03)
    assert not [w for w in plan.warnings if w.startswith("not applied")]


@pytest.mark.parametrize("said, canonical", [
    ("run one and a half times as long", "endTime x1.5"),
    ("simulate 2.5 times longer", "endTime x2.5"),
    ("iterations: 1.2 times what is set now", "iterations: x1.2"),
    ("outlet pressure 0.8 times the present value", "outlet pressure x0.8"),
    ("rotor at 75 % of its current speed", "rotor x0.75"),
    ("the inflow a fifth slower", "the inflow -20%"),
    ("lid a quarter faster", "lid +25%"),
    ("raise the wall temperature by a tenth", "raise the wall temperature by 10%"),
    ("run 2x as long", "run 2x as long"),
])
def test_spelled_factors_become_symbols(said: str, canonical: str) -> None:
    assert spelled_factors(said) == canonical


@pytest.mark.parametrize("asked, expected", [
    ("initial temperature 5 K higher", "uniform 355"),
    ("T0 -20 K", "uniform 330"),
    ("start the gas 9 degF cooler than now", "uniform 345"),
    ("internal field temperature: +2.5 K", "uniform 352.5"),
])
def test_the_initial_temperature_changes_by_a_difference(tmp_path: Path, asked: str, expected: str) -> None:
    case = tutorial_case(tmp_path, "compressible/rhoPimpleFoam/RAS/cavity")
    modify_case(case, "initial temperature 350 K")
    modify_case(case, asked)
    assert entry_of(case, "0/T", "internalField") == expected


@pytest.mark.parametrize("asked, expected", [
    ("inlet 2.5", "uniform 2.5"),
    ("inlet: 4", "uniform 4"),
    ("Could the inlet be 0.75?", "uniform 0.75"),
])
def test_a_bare_value_goes_to_the_one_solved_field_of_the_patch(tmp_path: Path, asked: str, expected: str) -> None:
    case = tutorial_case(tmp_path, "basic/scalarTransportFoam/pitzDaily")
    plan = modify_case(case, asked)
    assert entry_of(case, "0/T", "boundaryField", "inlet", "value") == expected
    assert entry_of(case, "0/U", "boundaryField", "inlet", "value") == "uniform (10 0 0)"
    assert not [w for w in plan.warnings if w.startswith("not applied")]


@pytest.mark.parametrize("said, nominal", [
    ("inlet 12.0 ± 0.2 m/s, air at 22 °C", "inlet 12.0 m/s, air at 22 °C"),
    ("bulk speed 80 ± 1 cm/s", "bulk speed 80 cm/s"),
    ("T 300 K ± 0.5 K and lid 2 m/s", "T 300 K and lid 2 m/s"),
    ("heater 350 K plus or minus 2 K", "heater 350 K"),
    ("lid 3 m/s +- 0.1 m/s", "lid 3 m/s"),
    ("nu 1.6e-5 +/- 2%", "nu 1.6e-5"),
])
def test_a_measured_value_keeps_its_nominal(said: str, nominal: str) -> None:
    from tasks.edit.modify_canon_factors import nominal_values

    assert nominal_values(said) == nominal


@pytest.mark.parametrize("tutorial, asked, rel, entry, expected", [
    ("incompressible/simpleFoam/pitzDaily", "inlet 12.0 ± 0.2 m/s", "0/U", ("boundaryField", "inlet", "value"),
     "uniform (12 0 0)"),
    ("incompressible/icoFoam/cavity/cavity", "lid: 7.2 ± 0.4 km/h", "0/U", ("boundaryField", "movingWall", "value"),
     "uniform (2 0 0)"),
    ("incompressible/boundaryFoam/boundaryWallFunctions", "Ubar 0.80 ± 0.01 m/s", "constant/transportProperties",
     ("Ubar",), "(0.8 0 0)"),
])
def test_a_measured_value_is_set_at_its_nominal(tmp_path: Path, tutorial: str, asked: str, rel: str,
                                                entry: tuple[str, ...], expected: str) -> None:
    case = tutorial_case(tmp_path, tutorial)
    plan = modify_case(case, asked)
    assert entry_of(case, rel, *entry) == expected
    assert not [w for w in plan.warnings if w.startswith("not applied")]
