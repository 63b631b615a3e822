"""Binding, session 8 (helper bind2): stated vectors, gauge and absolute pressures, dimensionless
groups from the base, ranges and relative changes, hot/cold walls by their patch names. Each
class is checked with paraphrases over several installed tutorials; the written value is read
back from the binder's bindings."""

from __future__ import annotations

from pathlib import Path

import pytest

from tasks.plan.bind import bind_all
from tasks.plan.bind_speeds import froude_speed, hartmann_field, peclet_diffusivity, relative_factor
from tasks.plan.bind_words import said_kind, thermal_kind
from tasks.plan.stated import read_stated

TUTORIALS = Path("/usr/share/doc/openfoam-examples/examples")
needs_tutorials = pytest.mark.skipif(not TUTORIALS.is_dir(), reason="OpenFOAM tutorials not installed")

PITZ = ("incompressible/simpleFoam/pitzDaily", "simpleFoam")
CAVITY = ("incompressible/icoFoam/cavity/cavity", "icoFoam")
AIRFOIL = ("incompressible/simpleFoam/airFoil2D", "simpleFoam")
DUCT = ("compressible/rhoPimpleFoam/RAS/angledDuct", "rhoPimpleFoam")
BEND = ("compressible/rhoSimpleFoam/squareBend", "rhoSimpleFoam")
HEATED = ("heatTransfer/buoyantSimpleFoam/buoyantCavity", "buoyantSimpleFoam")
HARTMANN = ("electromagnetics/mhdFoam/hartmann", "mhdFoam")
SCALAR = ("basic/scalarTransportFoam/pitzDaily", "scalarTransportFoam")
WEIR = ("multiphase/interFoam/RAS/weirOverflow", "interFoam")


def _bind(base: tuple[str, str], text: str):
    return bind_all(TUTORIALS / base[0], base[1], text, read_stated(text))


def _written(base: tuple[str, str], text: str) -> dict[tuple[str, str], str]:
    """(file, entry path) -> value written for a stated quantity (dict edits: their value)."""
    binder = _bind(base, text)
    out = {(b.file, "/".join(b.entry)): " ".join(b.value.split()) for b in binder.bindings}
    return out


def _number(raw: str) -> float:
    return float(raw.split()[-1])


# 1. a stated vector is written whole ---------------------------------------------------------
@needs_tutorials
@pytest.mark.parametrize("base, text, file, entry, want", [
    (PITZ, "pitzDaily, inlet (8 0.5 0) m/s", "0/U", "boundaryField/inlet/value", "uniform (8 0.5 0)"),
    (PITZ, "pitzDaily, the inflow has Ux = 8 m/s, Uy = 0.5 m/s", "0/U", "boundaryField/inlet/value",
     "uniform (8 0.5 0)"),
    (PITZ, "air enters at 8 m/s in x and 0.5 m/s in y", "0/U", "boundaryField/inlet/value", "uniform (8 0.5 0)"),
    (CAVITY, "cavity, lid velocity (2 0 0.5) m/s", "0/U", "boundaryField/movingWall/value", "uniform (2 0 0.5)"),
    (CAVITY, "the lid slides with Ux = 2 m/s and Uz = 0.5 m/s", "0/U", "boundaryField/movingWall/value",
     "uniform (2 0 0.5)"),
    (AIRFOIL, "airfoil, free stream [30, 4, 0] m/s", "0/U", "internalField", "uniform (30 4 0)"),
    (AIRFOIL, "the far field is Ux = 30 m/s, Uy = 4 m/s", "0/U", "internalField", "uniform (30 4 0)"),
])
def test_stated_vector_is_written(base, text, file, entry, want):
    assert _written(base, text)[(file, entry)] == want


# 2. gauge and absolute pressures on kinematic and absolute bases -------------------------------
@needs_tutorials
@pytest.mark.parametrize("base, text, file, entry, want", [
    # an absolute base: a gauge value adds the base's own ambient (angledDuct 1e5, squareBend 1.1e5)
    (DUCT, "angled duct, outlet 0.5 barg", "0/p", "boundaryField/outlet/value", 150000),
    (DUCT, "the exit is held at 50 kPa gauge", "0/p", "boundaryField/outlet/value", 150000),
    (BEND, "square bend, outlet pressure 20 kPa (gauge)", "0/p", "boundaryField/outlet/value", 121325),  # 101325 + gauge
    (DUCT, "angled duct, outlet at 1.5 bar absolute", "0/p", "boundaryField/outlet/value", 150000),
    # a kinematic base: (absolute - atmosphere) / rho, gauge / rho
    (PITZ, "water step, outlet 2 kPa gauge", "0/p", "boundaryField/outlet/value", 2000 / 998.2),
    (PITZ, "water, outlet pressure 1.2 bar absolute", "0/p", "boundaryField/outlet/value", 18675 / 998.2),
    (PITZ, "water flows through; the exit sits at 120 kPa abs", "0/p", "boundaryField/outlet/value", 18675 / 998.2),
])
def test_gauge_and_absolute_pressure(base, text, file, entry, want):
    assert _number(_written(base, text)[(file, entry)]) == pytest.approx(want, rel=0.01)


@needs_tutorials
def test_gauge_on_absolute_base_is_said():
    binder = _bind(DUCT, "angled duct, outlet 0.5 barg")
    assert any("gauge" in a and "101325" in a for a in binder.assumptions)  # the atmosphere it adds, said


# 3. dimensionless groups where the base defines them -------------------------------------------
@needs_tutorials
@pytest.mark.parametrize("text, want", [
    ("hartmann, mhdFoam, Ha 10", "uniform (0 10 0)"),
    ("Hartmann channel at a Hartmann number of 5", "uniform (0 5 0)"),
    ("MHD duct: Hartmann number = 40", "uniform (0 40 0)"),
])
def test_hartmann_sets_the_field(text, want):
    written = _written(HARTMANN, text)
    assert written[("0/B", "boundaryField/lowerWall/value")] == want
    assert written[("0/B", "internalField")] == want


@needs_tutorials
@pytest.mark.parametrize("text", ["scalar transport, Peclet number 500", "a Péclet number of 500 please",
                                  "Pe = 500 based on the inlet speed"])
def test_peclet_sets_the_diffusivity(text):
    dt = _number(_written(SCALAR, text)[("constant/transportProperties", "DT")])
    assert dt == pytest.approx(10 * 0.0508 / 500, rel=0.05)


@needs_tutorials
@pytest.mark.parametrize("text", ["weir overflow at a Froude number of 0.5", "Fr = 0.5", "froude 0.5 over the weir"])
def test_froude_sets_the_inflow_from_the_liquid_depth(text):
    binder = _bind(WEIR, text)
    edit = next(e for e in binder.edits if e.file == "0.orig/U" and e.entry[:2] == ["boundaryField", "inlet"])
    value = edit.value["value"] if isinstance(edit.value, dict) else edit.value
    assert float(value.split("(")[1].split()[0]) == pytest.approx(froude_speed(0.5, 9.81, 20), rel=0.01)


@needs_tutorials
@pytest.mark.parametrize("base, text, words", [
    (CAVITY, "cavity at Froude number 0.4", "no gravity"),
    (PITZ, "pitzDaily with Pe 100", "no DT"),
    (CAVITY, "cavity, Weber number 20", "surface tension"),
    (PITZ, "shedding at a Strouhal number of 0.2", "result of the flow"),
    (HEATED, "tall cavity, Grashof 1e8", "temperature"),
    (HEATED, "cavity at Ri = 2", "temperature"),
    (PITZ, "inlet velocity between 5 and 10 m/s", "range"),
    (CAVITY, "lid speed somewhere between 1 and 2 m/s", "range"),
    (HEATED, "hot wall between 300 and 320 K", "range"),
])
def test_groups_and_ranges_refused_with_what_is_missing(base, text, words):
    reasons = [n.reason for n in _bind(base, text).not_applied]
    assert reasons and words in reasons[0] and "cannot set" not in reasons[0], reasons


# relative changes -----------------------------------------------------------------------------
@needs_tutorials
@pytest.mark.parametrize("base, text, file, entry, want", [
    (CAVITY, "lid-driven cavity but make the fluid 40% more viscous", "constant/transportProperties", "nu", 0.014),
    (CAVITY, "cavity, viscosity 40 % higher than the tutorial", "constant/transportProperties", "nu", 0.014),
    (CAVITY, "reduce the viscosity by 25 %", "constant/transportProperties", "nu", 0.0075),
    (CAVITY, "the lid 20 % faster than the tutorial", "0/U", "boundaryField/movingWall/value", 1.2),
    (PITZ, "inlet speed 25 % lower than the tutorial", "0/U", "boundaryField/inlet/value", 7.5),
    (SCALAR, "make the diffusivity 50 % larger", "constant/transportProperties", "DT", 0.015),
])
def test_relative_change_of_the_named_value(base, text, file, entry, want):
    raw = _written(base, text)[(file, entry)]
    got = float(raw.split("(")[1].split()[0]) if "(" in raw else _number(raw)
    assert got == pytest.approx(want, rel=1e-6)


@needs_tutorials
@pytest.mark.parametrize("text", ["cavity, make it 10 % different", "a change of 30 % please"])
def test_relative_change_without_its_value_is_refused(text):
    binder = _bind(CAVITY, text)
    assert binder.not_applied and "cannot set" not in binder.not_applied[0].reason


# 4. hot and cold walls by the patch's own name -------------------------------------------------
@needs_tutorials
@pytest.mark.parametrize("text, hot, cold", [
    ("The cold side is held at 290 K and the warm one at 320 K", 320, 290),
    ("walls at 16.85 degC (cold) and 46.85 degC (hot)", 320, 290),
    ("the hotter plate 330 K, the colder plate 300 K", 330, 300),
    ("Cavity run: the cooled wall 26.85 degC; the heated wall sits at 56.85 degC.", 330, 300),
    ("45 degC on the warm side, the cool side at 15 degC", 318.15, 288.15),
    ("the chilled side stays at 288.15 K while the heated one is at 318.15 K", 318.15, 288.15),
])
def test_hot_and_cold_by_patch_name(text, hot, cold):
    written = _written(HEATED, text)
    assert _number(written[("0/T", "boundaryField/hot/value")]) == pytest.approx(hot)
    assert _number(written[("0/T", "boundaryField/cold/value")]) == pytest.approx(cold)


# pure helpers ----------------------------------------------------------------------------------
@pytest.mark.parametrize("name, want", [("hot", "hot"), ("heatedWall", "hot"), ("warmSide", "hot"),
                                        ("cold", "cold"), ("coolingPlate", "cold"), ("walls", None),
                                        ("hotCold", None)])
def test_thermal_kind(name, want):
    assert thermal_kind(name) == want


@pytest.mark.parametrize("words, want", [("the hotter plate", "hot"), ("the cold wall at 290 k and the warmer one",
                                                                           "hot"), ("the chilled side", "cold"),
                                         ("the left wall", None)])
def test_said_kind(words, want):
    assert said_kind(words) == want


@pytest.mark.parametrize("fraction, words, want", [(0.4, "40 % more viscous", 1.4), (0.2, "reduce by 20 %", 0.8),
                                                   (0.1, "10 % faster", 1.1), (0.3, "30 % different", None)])
def test_relative_factor(fraction, words, want):
    got = relative_factor(fraction, words)
    assert got == (pytest.approx(want) if want is not None else None)


def test_group_formulas():
    assert hartmann_field(20, 1, 1, 1, 1) == pytest.approx(20)
    assert peclet_diffusivity(500, 10, 0.05) == pytest.approx(0.001)
    assert froude_speed(1, 9.81, 1) == pytest.approx(9.81 ** 0.5)


@needs_tutorials
@pytest.mark.parametrize("text", ["dam break on the moon, gravity 1.62 m/s2", "g = 1.62 m/s^2 please",
                                  "lunar gravity of 1.62 m/s2 downwards"])
def test_gravity_role_still_sets_g_beside_the_froude_helper(text):
    written = _written(("multiphase/interFoam/laminar/damBreak/damBreak", "interFoam"), text)
    assert written[("constant/g", "value")] == "(0 -1.62 0)"
