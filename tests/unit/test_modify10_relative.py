"""`modify` classes found by the session-10 probes, each with paraphrases that are not in the
probes (other tutorials, solvers, units and word orders): a run-control entry or a rotation
speed named by its role and scaled by a symbol, a signed percentage, a fraction of its present
value or a word; a setFields heater changed by a difference; a change stated against the
present value ("hotter than it is now"); spelled amounts of a change; the new fluid named
without "to" and the Reynolds number kept through it; a temperature that qualifies a fluid;
a velocity on a turbulentInlet; an edit of a field the model switch removes."""

from __future__ import annotations

from pathlib import Path

import pytest

from tasks.edit.modify_fluid import fluid_condition, keeps_reynolds, target_fluid
from tasks.edit.modify_relative import clause_factors, factor_after
from tasks.edit.modify_stated import stated_changes
from tasks.edit.modify_words import normalise_request, present_sign
from tests.unit.modify_cases import entry_of, modify_case, tutorial_case

ICO_CAVITY = "incompressible/icoFoam/cavity/cavity"
SRF_MIXER = "incompressible/SRFSimpleFoam/mixer"
MRF_VESSEL = "incompressible/simpleFoam/mixerVessel2D"
HOTROOM = "heatTransfer/buoyantBoussinesqSimpleFoam/hotRoom"
BUOYANT_CAVITY = "heatTransfer/buoyantSimpleFoam/buoyantCavity"
LES_PITZ = "incompressible/pisoFoam/LES/pitzDaily"


_case, _modify, _get = tutorial_case, modify_case, entry_of


# --- a role word and a factor in one clause ---

@pytest.mark.parametrize("text, expected", [
    ("iterations x3", [("endTime", 3.0)]),
    ("write interval /2 please", [("writeInterval", 0.5)]),
    ("time step: a quarter of its present value", [("deltaT", 0.25)]),
    ("end time +20 %", [("endTime", 1.2)]),
    ("halve the dt", [("deltaT", 0.5)]),
    ("impeller speed x1.5", [("rotation", 1.5)]),
    ("spin rate -- doubled", [("rotation", 2.0)]),
    ("increase the rpm by 25 %", [("rotation", 1.25)]),
    ("Δt ÷ 4; rpm ×3", [("deltaT", 0.25), ("rotation", 3.0)]),
    ("rotation speed 1500 rpm", []),  # a value, no factor
    ("endTime 0.5 s, deltaT 1e-4 s", []),
    ("refine the mesh x2", []),  # no run-control or rotation role
])
def test_clause_factors(text: str, expected: list[tuple[str, float]]) -> None:
    got = [(k, round(f, 9)) for k, f, _ in clause_factors(text)]
    assert got == [(k, round(f, 9)) for k, f in expected]


@pytest.mark.parametrize("words, factor", [
    (" +50 %", 1.5), (" -20 percent", 0.8), (" x2", 2.0), (" / 3", 1 / 3), (" one third of what it is", 1 / 3),
    (": two thirds", 2 / 3), (" doubled", 2.0), (" 0.5 s", None), (" stays", None),
])
def test_factor_after(words: str, factor: float | None) -> None:
    got = factor_after(words)
    assert (got is None) if factor is None else got == pytest.approx(factor)


# --- spelled amounts and comparisons with the present value ---

@pytest.mark.parametrize("text, expected", [
    ("lower the outlet pressure by thirty percent", "the outlet pressure -30%"),  # then written target first
    ("the floor twenty-five kelvin warmer", "the floor 25 kelvin warmer"),
    ("cool the wall by five degrees", "cool the wall by 5 degrees"),
    ("one of the walls at 300 K", "one of the walls at 300 K"),  # no amount: left as written
])
def test_spelled_amounts(text: str, expected: str) -> None:
    assert normalise_request(text) == expected


@pytest.mark.parametrize("after, sign", [
    (" hotter than it is now", 1), (" slower than at present", -1), (" cooler than currently", -1),
    (" warmer than the current one", 1), (" hotter than the floor", None), (" warmer", None),
])
def test_present_sign(after: str, sign: int | None) -> None:
    assert present_sign(after) == sign


# --- the new fluid, the Reynolds number kept, a fluid's state ---

@pytest.mark.parametrize("text, patches, fluid", [
    ("use water rather than air from now on", (), "water"),
    ("swap the air for water please", (), "water"),
    ("could we make it oil?", (), "oil"),
    ("bump the air inlet to 3 m/s", (), None),
    ("air: 350 K, fuel: 400 K", ("air", "fuel"), None),
    ("raise the water level by 2 cm", (), None),
])
def test_target_fluid(text: str, patches: tuple[str, ...], fluid: str | None) -> None:
    assert target_fluid(text, patches) == fluid


@pytest.mark.parametrize("text, kept", [
    ("water, at the same Reynolds number", True),
    ("go to oil; Re unchanged", True),
    ("hold Re constant and use water", True),
    ("re-run it with water", False),
    ("water, Re = 600", False),
])
def test_keeps_reynolds(text: str, kept: bool) -> None:
    assert keeps_reynolds(text) == kept


@pytest.mark.parametrize("text, said, fluid", [
    ("switch to water at 40 degC", "40 degC", "water"),
    ("air @ 2 bar, please", "2 bar", "air"),
    ("air at 1 atm and 350 K", "350 K", "air"),
    ("the air inlet at 350 K", "350 K", None),
    ("oil, hot wall at 350 K", "350 K", None),
])
def test_fluid_condition(text: str, said: str, fluid: str | None) -> None:
    assert fluid_condition(text, said) == fluid


# --- on real tutorial copies ---

def test_run_control_symbols_on_a_transient_case(tmp_path: Path) -> None:
    case = _case(tmp_path, ICO_CAVITY)  # endTime 0.5, deltaT 0.005
    _modify(case, "end time x3\ndt: half of what it is")
    assert float(_get(case, "system/controlDict", "endTime")) == pytest.approx(1.5)
    assert float(_get(case, "system/controlDict", "deltaT")) == pytest.approx(0.0025)


@pytest.mark.parametrize("tutorial, text, rel, entry, expected", [
    (SRF_MIXER, "rpm +10 %", "constant/SRFProperties", ("rpmCoeffs", "rpm"), 1100.0),
    (SRF_MIXER, "Halve the rotation speed.", "constant/SRFProperties", ("rpmCoeffs", "rpm"), 500.0),
    (MRF_VESSEL, "rotor speed x2", "constant/MRFProperties", ("MRF1", "omega"), 209.44),
])
def test_rotation_scaled(tmp_path: Path, tutorial: str, text: str, rel: str, entry: tuple[str, ...],
                         expected: float) -> None:
    case = _case(tmp_path, tutorial)
    _modify(case, text)
    assert float(_get(case, rel, *entry).split()[-1]) == pytest.approx(expected, rel=1e-6)


@pytest.mark.parametrize("text, expected", [
    ("heater: +15 K", "615"),
    ("make the heat source twenty degrees warmer than it is now", "620"),
    ("cool the heater by 50 K", "550"),
])
def test_heater_region_difference(tmp_path: Path, text: str, expected: str) -> None:
    case = _case(tmp_path, HOTROOM)
    plan = _modify(case, text)
    regions = _get(case, "system/setFieldsDict", "regions")
    assert f"volScalarFieldValue T {expected}" in regions
    assert "volScalarFieldValue T 300" not in regions  # the default stays in defaultFieldValues
    _, missing = stated_changes(plan, case)
    assert not missing


def test_wall_warmer_than_now(tmp_path: Path) -> None:
    case = _case(tmp_path, BUOYANT_CAVITY)  # hot 307.75 K, cold 288.15 K
    _modify(case, "the hot wall 5 K hotter than it is now")
    assert float(_get(case, "0/T", "boundaryField", "hot", "value").split()[-1]) == pytest.approx(312.75)
    assert float(_get(case, "0/T", "boundaryField", "cold", "value").split()[-1]) == pytest.approx(288.15)


def test_fluid_with_reynolds_kept_scales_the_lid(tmp_path: Path) -> None:
    case = _case(tmp_path, ICO_CAVITY)  # lid 1 m/s, nu 0.01
    _modify(case, "Could it be water instead? Keep the Reynolds number.")
    assert float(_get(case, "constant/transportProperties", "nu").split()[-1]) == pytest.approx(1.004e-6)
    lid = _get(case, "0/U", "boundaryField", "movingWall", "value")
    assert float(lid.strip("uniform ()").split()[0]) == pytest.approx(1.004e-4)


def test_turbulent_inlet_and_a_field_the_switch_drops(tmp_path: Path) -> None:
    case = _case(tmp_path, LES_PITZ)  # turbulentInlet (10 0 0), dynamicKEqn with 0/k
    _modify(case, "WALE subgrid model; inflow 12 m/s")
    assert _get(case, "0/U", "boundaryField", "inlet", "referenceField") == "uniform (12 0 0)"
    assert _get(case, "0/U", "boundaryField", "inlet", "value") == "uniform (12 0 0)"
    assert _get(case, "constant/turbulenceProperties", "LES", "LESModel") == "WALE"
