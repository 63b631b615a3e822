"""Reading stated values in the forms of session 14's "values" task: keyed cell counts, bare numbers
given to a named field, subscripted group symbols, a liquid's compressibility. Pure text, each
class probed with several phrasings (terse, verbose, other order / units / non-native)."""

from __future__ import annotations

import pytest

from tasks.plan.stated import read_stated
from tasks.plan.stated_bare import bare_field_values
from tasks.plan.values_cells import keyed_cell_counts
from tasks.plan.values_compressibility import psi_of, says_vapour
from tasks.plan.values_density import case_density
from tasks.plan.values_subscripts import group_subscripts


def _read(text: str) -> list[tuple[str, float]]:
    return [(q.role, q.value) for q in read_stated(text)]


# 4. cell counts after their key ----------------------------------------------------------------
@pytest.mark.parametrize("text, expected", [
    ("cavity with cells across the gap: 100", "cavity with 100 cells across the gap"),
    ("cavity, number of cells in x = 80", "cavity, 80 cells in x"),
    ("cavity resolution (x,y) = (120, 40)", "cavity 120 cells in x, 40 cells in y"),
    ("cavity nx=60 ny=30", "cavity 60 cells in x, 30 cells in y"),
    ("N_x: 60, N_y: 20", "60 cells in x, 20 cells in y"),
    ("nx 60 ny 30 nz 1", "60 cells in x, 30 cells in y, 1 cells in z"),
    ("cells (x, y, z) = (20 20 1)", "20 cells in x, 20 cells in y, 1 cells in z"),
    ("cell count along y is 40", "40 cells along y"),
    ("the number of cells in the wall-normal direction should be 64", "64 cells in the wall-normal direction"),
    ("cells in x: 80 and in y: 40", "80 cells in x and 40 cells in y"),
    ("divisions along the pipe: 200", "200 cells along the pipe"),
    ("mesh cells: 4000", "mesh cells: 4000"),
    # not counts after a key: a size, a product the count reader knows, a decimal
    ("cells are 5 mm", "cells are 5 mm"),
    ("cell size: 5 mm", "cell size: 5 mm"),
    ("cells: 100 x 100", "cells: 100 x 100"),
    ("cells: 100 by 50", "cells: 100 by 50"),
    ("Nx = 1.5", "Nx = 1.5"),
])
def test_keyed_cell_counts_put_the_count_first(text, expected):
    assert keyed_cell_counts(text) == expected
    assert keyed_cell_counts(expected) == expected  # idempotent


@pytest.mark.parametrize("text, counts", [
    ("cavity with cells across the gap: 100", [100]),
    ("Lid-driven cavity please; the number of cells in x = 80", [80]),
    ("cavity nx=60 ny=30", [60, 30]),
    ("cavity, resolution (x,y) = (120, 40)", [120, 40]),
    ("cavity: cells in x: 80 and in y: 40", [80, 40]),
])
def test_keyed_cell_counts_are_stated_per_direction(text, counts):
    assert [v for r, v in _read(text) if r == "mesh_cells_axis"] == counts


# 2. bare numbers given to a named field -------------------------------------------------------
@pytest.mark.parametrize("text, role, value", [
    ("hotRoom with the floor temperature 350", "wall_temperature", 350.0),
    ("For the room I would like that the temperature of the floor is 320", "wall_temperature", 320.0),
    ("T on the heater = 400", None, 400.0),
    ("pitzDaily: set U at the inlet to 2", "inlet_velocity", 2.0),
    ("pitzDaily inlet velocity 5", "inlet_velocity", 5.0),
    ("cavity, lid speed 2", "lid_velocity", 2.0),
])
def test_bare_number_of_a_named_field_is_read_in_its_unit(text, role, value):
    stated = [q for q in read_stated(text) if q.value == value]
    assert len(stated) == 1
    assert stated[0].note and "no unit" in stated[0].note
    assert role is None or stated[0].role == role


@pytest.mark.parametrize("text", ["hotRoom, wall temperature 20", "the temperature of the floor is 5000000",
                                  "set the inlet temperature to -40"])
def test_implausible_bare_number_is_reported_not_guessed(text):
    stated = read_stated(text)
    assert [q.role for q in stated] == ["bare_value"]
    assert "write its unit" in (stated[0].note or "")


@pytest.mark.parametrize("text", ["inlet velocity 5 m/s", "temperature 300 K", "speed of sound 1",
                                  "velocity 2 and 3 along x", "the temperature 290 to 310 K"])
def test_values_with_units_or_ranges_are_not_bare(text):
    assert bare_field_values(text)[1] == []


# 3. group symbols with subscripts -------------------------------------------------------------
@pytest.mark.parametrize("text, expected", [
    ("Re_tau = 180", "friction Re = 180"),
    ("Re_\\tau 395", "friction Re 395"),
    ("Re_{\\tau}=590", "friction Re=590"),
    ("Re_τ = 590", "friction Re = 590"),
    ("Retau 180", "friction Re 180"),
    ("Re_D 200", "Re 200"),
    ("Re_{D} = 40", "Re = 40"),
    ("Ra_H = 1e8", "Ra = 1e8"),
    ("Ma_inf = 0.8", "Ma = 0.8"),
    ("Pr_t 0.85", "Pr_t 0.85"),  # the turbulent Prandtl number stays
])
def test_group_subscripts(text, expected):
    assert group_subscripts(text) == expected


@pytest.mark.parametrize("text, role, value", [
    ("channel395 with Re_tau = 180", "friction_reynolds", 180.0),
    ("channel flow LES, Re_\\tau 395", "friction_reynolds", 395.0),
    ("I would like the turbulent channel at a friction Reynolds number of 590", "friction_reynolds", 590.0),
    ("cylinder, Re_D = 200", "reynolds", 200.0),
    ("natural convection, Ra_H = 1e6 and Pr 0.71", "rayleigh", 1e6),
])
def test_subscripted_groups_are_stated_with_their_role(text, role, value):
    assert (role, value) in _read(text)


# 5. a liquid's compressibility ----------------------------------------------------------------
@pytest.mark.parametrize("text, role, value", [
    ("sonicLiquidFoam decompressionTank with speed of sound 1400 m/s", "speed_of_sound", 1400.0),
    ("the sound speed in the water is 1480 m/s", "speed_of_sound", 1480.0),
    ("decompressionTank, water bulk modulus 2.2 GPa", "bulk_modulus", 2.2e9),
    ("a liquid with a modulus of compressibility of 1.5 GPa", "bulk_modulus", 1.5e9),
    ("cavitatingFoam throttle with liquid compressibility psi 5e-7 s2/m2", "compressibility", 5e-7),
    ("compressibility 4.5e-7 s^2/m^2", "compressibility", 4.5e-7),
])
def test_compressibility_is_never_a_velocity_or_a_pressure(text, role, value):
    assert _read(text) == [(role, value)]


@pytest.mark.parametrize("role, value, rho, psi", [
    ("speed_of_sound", 1000.0, None, 1e-6),
    ("bulk_modulus", 2e9, 1000.0, 5e-7),
    ("bulk_modulus", 2e9, None, None),
    ("compressibility", 4.5e-7, None, 4.5e-7),
    ("speed_of_sound", 0.0, None, None),
])
def test_psi_of(role, value, rho, psi):
    assert psi_of(role, value, rho) == (pytest.approx(psi) if psi is not None else None)


@pytest.mark.parametrize("words, vapour", [("the vapour speed of sound", True), ("liquid compressibility", False),
                                           ("speed of sound of the water vapour mixture in the liquid", False)])
def test_says_vapour(words, vapour):
    assert says_vapour(words) is vapour


# 1. the density of a kinematic pressure --------------------------------------------------------
@pytest.mark.parametrize("text, rho", [
    ("rho rho [1 -3 0 0 0 0 0] 1000;", 1000.0),
    ("rho [1 -3 0 0 0 0 0] 998.2;", 998.2),
    ("rho 1;", None),  # a normalised case's placeholder
    ("nu 1e-05;", None),
    ("", None),
])
def test_case_density(text, rho):
    assert case_density(text) == rho


# 1. gauge and absolute pressures: the reference said, the place kept ---------------------------
@pytest.mark.parametrize("text, role, value, reference", [
    ("outlet at 2 bar(g)", "outlet_pressure", 2e5, "gauge"),
    ("the exit is held at 200 kPa above atmospheric", "outlet_pressure", 2e5, "gauge"),
    ("outlet pressure: 0.3 MPag", "outlet_pressure", 3e5, "gauge"),
    ("gauge outlet pressure 50 kPa", "outlet_pressure", 5e4, "gauge"),
    ("outlet pressure 2 atm absolute", "outlet_pressure", 202650.0, "absolute"),
    ("outlet 1.5 bara", "outlet_pressure", 1.5e5, "absolute"),
])
def test_pressure_reference_is_read(text, role, value, reference):
    [q] = read_stated(text)
    assert (q.role, q.reference) == (role, reference)
    assert q.value == pytest.approx(value)


@pytest.mark.parametrize("text", ["non-dimensional gas with p = 1, T = 1, sound speed 1",
                                  "the gas is normalised so that the sound speed is 1", "period T = 2"])
def test_symbols_and_sound_speeds_are_no_bare_field_values(text):
    assert bare_field_values(text)[1] == []


@pytest.mark.parametrize("text", ["Periodic turbulent channel (Re_tau 395 tutorial), LES", "the Re 100 tutorial, but 2 m/s"])
def test_a_group_naming_the_tutorial_is_no_value(text):
    assert not any(q.role in ("reynolds", "friction_reynolds") for q in read_stated(text))
