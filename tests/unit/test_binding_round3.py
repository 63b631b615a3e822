"""Binding classes found by a third round of probes written as a non-expert writes values:
decimal commas, units in brackets before the number, bare numbers after a name that fixes the
unit, symbols with a subscript (p_out, T_w, U_inf) and far-field outlets. Each row is one
phrasing of a class; where a tutorial is needed, the entry the value must land in."""

from __future__ import annotations

from pathlib import Path

import pytest

from tasks.plan.bind import bind_all
from tasks.plan.stated import plain_forms, read_stated

TUTORIALS = Path("/usr/share/doc/openfoam-examples/examples")
needs_tutorials = pytest.mark.skipif(not TUTORIALS.is_dir(), reason="OpenFOAM tutorials not installed")


# --- decimal commas: read as a decimal only right before a unit and never as a thousands group --
@pytest.mark.parametrize(
    "text,values",
    [
        ("flow at 0,5 m/s inlet", [0.5]),
        ("inlet 2,75 m/s", [2.75]),
        ("walls at 300,5 K", [300.5]),
        ("0,125 m/s lid", [0.125]),
        ("lid 1.5 m/s, nu 0.01 m2/s", [1.5, 0.01]),  # a list comma with a space is no decimal comma
    ],
)
def test_a_decimal_comma_before_a_unit_is_a_decimal(text, values):
    assert [q.value for q in read_stated(text) if q.quantity != "parameter"] == pytest.approx(values)


@pytest.mark.parametrize("text", ["a 1,500 Pa rise", "cells 20,40 in x"])
def test_a_comma_that_may_not_be_decimal_stays(text):
    assert plain_forms(text) == text


@pytest.mark.parametrize("text,plain", [("Re 1,5 somewhere", "Re 1.5 somewhere"), ("Mach 0,3 flow", "Mach 0.3 flow")])
def test_a_decimal_comma_after_a_group_symbol_is_a_decimal(text, plain):
    assert plain_forms(text) == plain  # one digit after the comma is no thousands group


# --- units in brackets before the number ------------------------------------------------------
@pytest.mark.parametrize(
    "text,value,role",
    [
        ("inlet velocity [m/s]: 8", 8.0, "inlet_velocity"),
        ("inlet velocity [m/s] = 6, outlet pressure [Pa] = 0", 6.0, "inlet_velocity"),
        ("outlet pressure (Pa): 250", 250.0, "outlet_pressure"),
        ("hot wall temperature [K] 330", 330.0, "hot_wall_temperature"),
        ("lid speed (m/s) = 1.25", 1.25, "lid_velocity"),
    ],
)
def test_a_unit_in_brackets_before_its_number(text, value, role):
    got = read_stated(text)[0]
    assert (got.value, got.role) == (pytest.approx(value), role)


def test_brackets_holding_no_unit_stay():
    assert plain_forms("inlet (left side): 2 m/s") == "inlet (left side): 2 m/s"


# --- a bare number after a name that fixes its unit -------------------------------------------
@pytest.mark.parametrize(
    "text,value,unit,role",
    [
        ("kinematic viscosity 1.8e-5, steady", 1.8e-5, "m2/s", "nu"),
        ("kinematic viscosity = 3e-6", 3e-6, "m2/s", "nu"),
        ("dynamic viscosity 1.8e-5", 1.8e-5, "Pa s", "mu"),
        ("inlet velocity 8", 8.0, "m/s", "inlet_velocity"),
        ("lid speed of 2.5", 2.5, "m/s", "lid_velocity"),
        ("outlet pressure 0, 800 iterations", 0.0, "Pa", "outlet_pressure"),
        ("deltaT 0.001, lid 2 m/s", 0.001, "s", "delta_t"),
        ("time step = 2e-4", 2e-4, "s", "delta_t"),
    ],
)
def test_a_bare_number_after_a_name_that_fixes_the_unit(text, value, unit, role):
    got = [q for q in read_stated(text) if q.quantity != "parameter"][0]
    assert (got.value, got.unit, got.role) == (pytest.approx(value), unit, role)


@pytest.mark.parametrize("text", ["viscosity 1e-3", "outlet pressure 2", "DT = 2e-4"])  # "temperature 300": read in K, said (test_p14_values_*)
def test_a_bare_number_whose_unit_the_name_leaves_open_stays_unread(text):
    assert [q for q in read_stated(text) if q.quantity not in ("parameter", "control")] == []


# --- a zero before the pressure it names is 0 Pa; a zero gradient is no value -----------------
@pytest.mark.parametrize(
    "text,roles",
    [
        ("9 m/s inlet with zero outlet pressure", ["inlet_velocity", "outlet_pressure"]),
        ("0 back pressure", ["outlet_pressure"]),
        ("zero pressure gradient at the outlet", []),
        ("zero-gradient outlet pressure", []),
        ("zero pressure at the outlet", []),  # no role word before "pressure": left unread, not guessed
    ],
)
def test_a_zero_before_its_pressure(text, roles):
    assert [q.role for q in read_stated(text)] == roles


# --- symbols with a subscript say the role ----------------------------------------------------
@pytest.mark.parametrize(
    "text,roles",
    [
        ("U = 4 m/s, T_w = 350 K, p_out = 1 atm", ["inlet_velocity", "wall_temperature", "outlet_pressure"]),
        ("U_in: 12 m/s, p_out: 0 Pa", ["inlet_velocity", "outlet_pressure"]),
        ("U_inf = 35 m/s, p_in = 2 bar", ["inlet_velocity", "inlet_pressure"]),
        ("T_hot = 330 K and T_cold = 280 K", ["hot_wall_temperature", "cold_wall_temperature"]),
    ],
)
def test_a_symbols_subscript_says_the_role(text, roles):
    assert [q.role for q in read_stated(text)] == roles


# --- into the case ----------------------------------------------------------------------------
@needs_tutorials
@pytest.mark.parametrize(
    "tutorial,solver,text,stated,file,entry",
    [
        # a far-field outlet (freestreamPressure) holds the outlet pressure in freestreamValue
        ("incompressible/simpleFoam/airFoil2D", "simpleFoam", "airfoil in air at 40 m/s, outlet pressure 5 Pa", "5 Pa",
         "0/p", "boundaryField/outlet/freestreamValue"),
        # a symbol's subscript sends the value to the outlet, not the initial field
        ("incompressible/simpleFoam/pitzDaily", "simpleFoam", "water, U_in: 12 m/s, p_out: 3 Pa", "3 Pa", "0/p",
         "boundaryField/outlet/value"),
        # a unit in brackets before the number
        ("incompressible/simpleFoam/pitzDaily", "simpleFoam", "inlet velocity [m/s]: 8", "8 m/s", "0/U",
         "boundaryField/inlet/value"),
        # a decimal comma, read the same by the binder as by the stated list
        ("incompressible/icoFoam/cavity/cavity", "icoFoam", "lid 0,5 m/s", "0.5 m/s", "0/U",
         "boundaryField/movingWall/value"),
        # a bare number after "kinematic viscosity"
        ("incompressible/icoFoam/cavity/cavity", "icoFoam", "lid 2 m/s, kinematic viscosity 0.002", "0.002 m2/s",
         "constant/transportProperties", "nu"),
    ],
)
def test_each_form_lands_in_its_entry(tutorial, solver, text, stated, file, entry):
    binder = bind_all(TUTORIALS / tutorial, solver, text, read_stated(text))
    where = {b.stated: (b.file, "/".join(b.entry)) for b in binder.bindings}
    assert where.get(stated) == (file, entry), ({n.text: n.reason for n in binder.not_applied}, where)
