"""A boundary value brought up over a stated time becomes a table Function1 from its start to the
stated value, held after the ramp; the ramp time is never the run's end time; a ramp that finds no
patch value to carry is not applied with why."""

from __future__ import annotations

import pytest


from pathlib import Path
from tasks.plan.bind import bind_all
from tasks.plan.bind_ramps import bare_level, ramp_table, scaled
from tasks.plan.controls_time_roles import part_time_role
from tasks.plan.stated import read_stated

TUTORIALS = Path("/usr/share/doc/openfoam-examples/examples")

ROLES = [
    ("the inlet velocity ramps linearly from 0 to 10 m/s over ", " s, run to", "ramp_time"),
    ("ramp the inflow to 8 m/s in ", " ms. simulate", "ramp_time"),
    ("ramped up over the first ", " s; end", "ramp_time"),
    ("inlet temperature raised linearly to 350 k over ", " s", "ramp_time"),
    ("the rotor is spun up gradually within ", " s", "ramp_time"),
    ("ramp time ", " s", "ramp_time"),
    ("flow over a 10 degree ramp for ", " s", None),
    ("simulate the ramp for ", " s", None),
    ("increase the inlet velocity to 10 m/s and run for ", " s", None),
]


@pytest.mark.parametrize("before, after, role", ROLES)
def test_a_ramp_time_is_read_as_such(before, after, role):
    assert part_time_role(before, after) == role


# (base, solver, request, {stated text: (patch, entry, written table)})
PROBES = [
    ("incompressible/pimpleFoam/RAS/pitzDaily", "pimpleFoam",
     "inlet velocity ramps linearly from 0 to 10 m/s over 0.1 s, run to 0.3 s",
     {"10 m/s": ("inlet", "uniformValue", "table ((0 (0 0 0)) (0.1 (10 0 0)))"),
      "0.1 s": ("inlet", "uniformValue", "table ((0 (0 0 0)) (0.1 (10 0 0)))")}),
    ("incompressible/pimpleFoam/RAS/pitzDaily", "pimpleFoam",
     "Ramp the inflow from 2 m/s to 8 m/s in 20 ms. Simulate 0.1 s.",
     {"8 m/s": ("inlet", "uniformValue", "table ((0 (2 0 0)) (0.02 (8 0 0)))"),
      "2 m/s": ("inlet", "uniformValue", "table ((0 (2 0 0)) (0.02 (8 0 0)))")}),
    ("incompressible/pimpleFoam/RAS/pitzDaily", "pimpleFoam",
     "The inlet speed is 36 km/h, ramped up from rest over the first 50 ms; end time 0.2 s",
     {"36 km/h": ("inlet", "uniformValue", "table ((0 (0 0 0)) (0.05 (10 0 0)))")}),
    ("compressible/rhoPimpleFoam/RAS/angledDuct", "rhoPimpleFoam",
     "the inlet temperature is raised linearly from 20 degC to 350 K over 2 s; run 5 s",
     {"350 K": ("inlet", "uniformValue", "table ((0 293.15) (2 350))")}),
    ("incompressible/pimpleFoam/RAS/pitzDaily", "pimpleFoam",
     "the inlet volumetric flow rate ramps from 0 to 2 l/s over 0.05 s, end 0.1 s",
     {"2 l/s": ("inlet", "volumetricFlowRate", "table ((0 0) (0.05 0.002))")}),
    ("compressible/rhoPimpleFoam/RAS/angledDuct", "rhoPimpleFoam",
     "inlet temperature ramped to 350 K in 2 s, end 5 s",
     {"350 K": ("inlet", "uniformValue", "table ((0 293) (2 350))")}),
]


@pytest.mark.parametrize("base, solver, text, expected", PROBES)
def test_a_ramped_boundary_value_is_a_table_in_time(base, solver, text, expected):
    stated = read_stated(text)
    binder = bind_all(TUTORIALS / base, solver, text, stated)
    got = {b.stated: (b.entry[1], b.entry[-1], b.value) for b in binder.bindings if b.entry[0] == "boundaryField"}
    for said, where in expected.items():
        assert got.get(said) == where, (said, got, binder.not_applied)
    assert not binder.not_applied
    assert not [b for b in binder.bindings if b.entry == ["endTime"] and b.stated in expected]


def test_a_ramp_with_no_patch_value_is_not_applied_and_no_end_time():
    text = "pitzDaily with pimpleFoam: ramp over 0.05 s, then run to 0.2 s"
    binder = bind_all(TUTORIALS / "incompressible/pimpleFoam/RAS/pitzDaily", "pimpleFoam", text, read_stated(text))
    reasons = {n.text: n.reason for n in binder.not_applied}
    assert "ramps" in reasons["0.05 s"]
    assert not [b for b in binder.bindings if b.stated == "0.05 s"]


def test_table_helpers():
    assert ramp_table("0", "5", 0.5) == "table ((0 0) (0.5 5))"
    assert scaled("(0 -3 0)", 2.0) == "(0 -2 0)"
    assert bare_level("uniform  (1 0 0)") == "(1 0 0)"
