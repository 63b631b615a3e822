"""Binding the values of session 14's "values" task on installed tutorials: gauge and absolute
pressures, a liquid's compressibility, a friction Reynolds number, keyed cell counts. Each value
goes to the right entry with the right number, or lands in not_applied with why."""

from __future__ import annotations

from pathlib import Path

import pytest

from tasks.plan.bind import bind_all
from tasks.plan.stated import read_stated

TUTORIALS = Path("/usr/share/doc/openfoam-examples/examples")
pytestmark = pytest.mark.skipif(not TUTORIALS.is_dir(), reason="OpenFOAM tutorials not installed")

PITZ = ("incompressible/simpleFoam/pitzDaily", "simpleFoam")
SQUARE_BEND = ("compressible/rhoSimpleFoam/squareBend", "rhoSimpleFoam")
SONIC_LIQUID = ("compressible/sonicLiquidFoam/decompressionTank", "sonicLiquidFoam")
THROTTLE = ("multiphase/cavitatingFoam/RAS/throttle", "cavitatingFoam")
DEPTH_CHARGE = ("multiphase/compressibleInterFoam/laminar/depthCharge2D", "compressibleInterFoam")
DAM_BREAK = ("multiphase/interFoam/laminar/damBreak/damBreak", "interFoam")
CHANNEL = ("incompressible/pimpleFoam/LES/channel395", "pimpleFoam")
CAVITY = ("incompressible/icoFoam/cavity/cavity", "icoFoam")


def _bind(base: tuple[str, str], text: str):
    return bind_all(TUTORIALS / base[0], base[1], text, read_stated(text))


def _written(binder, file: str, entry: list[str]) -> str | None:
    return next((e.value for e in reversed(binder.edits) if e.file == file and e.entry == entry), None)


# 1. gauge and absolute pressures --------------------------------------------------------------
@pytest.mark.parametrize("text, value", [
    ("squareBend, outlet at 2 bar gauge", 301325.0),
    ("rhoSimpleFoam square bend; outlet pressure 0.5 barg", 151325.0),
    ("I want the gauge pressure of 20 kPa at the outlet of the bend", 121325.0),
    ("outlet 3 psig", 101325.0 + 3 * 6894.757293),
    ("square bend, outlet 1.5 bara", 150000.0),
    ("outlet: 150 kPa absolute", 150000.0),
])
def test_compressible_pressure_is_absolute_with_the_standard_atmosphere(text, value):
    binder = _bind(SQUARE_BEND, text)
    written = _written(binder, "0/p", ["boundaryField", "outlet", "value"])
    assert written is not None, binder.not_applied
    assert float(written.split()[-1]) == pytest.approx(value, rel=1e-6)


@pytest.mark.parametrize("text, value", [
    ("pitzDaily with water, outlet at 20 kPa gauge", 20000 / 998.2),
    ("backward-facing step, water, outlet pressure 0.2 barg", 20000 / 998.2),
    ("pitzDaily, outlet 2 kPa gauge, density 1000 kg/m3", 2.0),
    ("pitzDaily with water: the outlet is at 1.2 bar abs", (120000 - 101325) / 998.2),
    ("pitzDaily, outlet pressure 0 Pa", 0.0),
])
def test_incompressible_pressure_is_kinematic(text, value):
    binder = _bind(PITZ, text)
    written = _written(binder, "0/p", ["boundaryField", "outlet", "value"])
    assert written is not None, binder.not_applied
    assert float(written.split()[-1]) == pytest.approx(value, rel=1e-6, abs=1e-9)


@pytest.mark.parametrize("text", ["pitzDaily, outlet at 20 kPa gauge", "pitzDaily with the outlet at 3 psig",
                                  "simpleFoam backward step, exit pressure 1.5 bar absolute"])
def test_incompressible_pressure_without_a_density_is_not_applied(text):
    binder = _bind(PITZ, text)
    assert _written(binder, "0/p", ["boundaryField", "outlet", "value"]) is None
    assert any("density" in n.reason for n in binder.not_applied)


# 5. a liquid's compressibility ----------------------------------------------------------------
@pytest.mark.parametrize("base, text, file, entry, value", [
    (SONIC_LIQUID, "decompression tank, speed of sound 1000 m/s", "constant/thermodynamicProperties", ["psi"], 1e-6),
    (SONIC_LIQUID, "sonicLiquidFoam with a water bulk modulus of 2 GPa", "constant/thermodynamicProperties",
     ["psi"], 5e-7),
    (THROTTLE, "throttle, liquid compressibility 4e-7 s2/m2", "constant/thermodynamicProperties", ["psil"], 4e-7),
    (THROTTLE, "throttle with the vapour speed of sound at 20 m/s", "constant/thermodynamicProperties", ["psiv"],
     1 / 400),
    (DEPTH_CHARGE, "depth charge, water sound speed 1500 m/s", "constant/thermophysicalProperties.water",
     ["mixture", "equationOfState", "R"], 1 / (1500 ** -2 * 300)),
])
def test_compressibility_goes_to_the_case_entry(base, text, file, entry, value):
    binder = _bind(base, text)
    written = _written(binder, file, entry)
    assert written is not None, binder.not_applied
    assert float(written) == pytest.approx(value, rel=1e-6)
    assert not any(e.file.startswith("0/") for e in binder.edits)  # never a velocity or a pressure field


def test_compressibility_without_an_entry_is_not_applied():
    binder = _bind(DAM_BREAK, "damBreak with speed of sound 1480 m/s")
    assert not binder.edits
    assert [n.text for n in binder.not_applied] == ["1480 m/s"]


# 3. a friction Reynolds number ----------------------------------------------------------------
@pytest.mark.parametrize("text", ["channel395 with Re_tau = 180", "LES channel, Re_\\tau 180",
                                  "the channel at a friction Reynolds number of 180"])
def test_friction_reynolds_sets_the_bulk_velocity(text):
    binder = _bind(CHANNEL, text)
    ubar = _written(binder, "constant/fvOptions", ["momentumSource", "Ubar"])
    assert ubar is not None, binder.not_applied
    speed = float(ubar.strip("()").split()[0])
    bulk = speed * 2 * 1.0 / 2e-5  # Re_b on the full height 2 delta, nu 2e-5
    assert 0.09 * bulk ** 0.88 == pytest.approx(180, rel=1e-3)


def test_friction_reynolds_elsewhere_is_not_applied():
    binder = _bind(PITZ, "pitzDaily simpleFoam with Re_tau = 180")
    assert not binder.edits
    assert "friction Reynolds" in binder.not_applied[0].reason


# 4. keyed cell counts --------------------------------------------------------------------------
@pytest.mark.parametrize("text, counts", [
    ("cavity, number of cells in x = 80", "(80 20 1)"),
    ("cavity nx=60 ny=30", "(60 30 1)"),
    ("cavity resolution (x,y) = (120, 40)", "(120 40 1)"),
    ("cavity: cells in x: 50 and in y: 25", "(50 25 1)"),
])
def test_keyed_cell_counts_set_the_blocks(text, counts):
    binder = _bind(CAVITY, text)
    assert counts in (_written(binder, "system/blockMeshDict", ["blocks"]) or ""), binder.not_applied


@pytest.mark.parametrize("text", ["channel395, Re_tau 395 (the tutorial itself), LES",
                                  "channel395 at Re_tau 395", "the Re_τ = 395 channel please, LES"])
def test_friction_reynolds_of_the_tutorial_itself_is_no_change(text):
    binder = _bind(CHANNEL, text)
    assert not binder.not_applied
    assert any("tutorial's own friction Reynolds" in a for a in binder.assumptions)


FORWARD_STEP = ("compressible/rhoCentralFoam/forwardStep", "rhoCentralFoam")


@pytest.mark.parametrize("text", ["forward step, inflow Mach 2.5 (normalised gas with p = 1, T = 1, sound speed 1)",
                                  "forward step at Mach 2, the gas is normalised so that the sound speed is 1",
                                  "forward step, speed of sound 1 m/s, Mach 2"])
def test_a_gas_own_speed_of_sound_is_no_value_to_refuse(text):
    binder = _bind(FORWARD_STEP, text)
    assert not binder.not_applied
    assert not any(e.file.startswith("constant/thermo") for e in binder.edits)


def test_a_gas_speed_of_sound_other_than_its_own_is_not_applied():
    binder = _bind(FORWARD_STEP, "forward step, speed of sound 340 m/s")
    assert "temperature" in binder.not_applied[0].reason
    assert not binder.edits
