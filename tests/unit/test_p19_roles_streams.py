"""One value said for several inflows ("both streams at 600 degC", "fuel and air at 873 K", "both
preheated to 450 degC", "each inlet 2 m/s") goes to every inflow its words name, verified on each,
never to the fluid's start state or to one stream only."""

from __future__ import annotations

from pathlib import Path

import pytest

from tasks.plan.bind import bind_all
from tasks.plan.bind_streams import names_listed, shared_by_inflows
from tasks.plan.stated import read_stated

TUTORIALS = Path("/usr/share/doc/openfoam-examples/examples")
needs_tutorials = pytest.mark.skipif(not TUTORIALS.is_dir(), reason="OpenFOAM tutorials not installed")


@pytest.mark.parametrize(
    "clause,inlets",
    [
        ("both streams at 600 degc", ["fuel", "air"]),
        ("both preheated to 450 degc", ["fuel", "air"]),
        ("fuel and air at 873 k", ["fuel", "air"]),
        ("each inlet 2 m/s", ["fuel", "air"]),
        ("the two jets enter at 300 k", ["fuel", "air"]),
        ("both walls at 300 k", []),
        ("the air at 300 k", []),
        ("initial temperature 300 k", []),
    ],
)
def test_a_value_shared_by_the_inflows(clause, inlets):
    assert shared_by_inflows(clause, ["fuel", "air"]) == inlets


def test_names_joined_by_and_or_commas():
    assert names_listed("inlet1, inlet2 and inlet3 at 300 k", ["inlet1", "inlet2", "inlet3"]) == \
        ["inlet1", "inlet2", "inlet3"]
    assert names_listed("fuel at 300 k; the air is cold", ["fuel", "air"]) == []


@needs_tutorials
@pytest.mark.parametrize(
    "tutorial,solver,text,value",
    [
        ("lagrangian/reactingParcelFoam/counterFlowFlame2DLTS", "reactingParcelFoam",
         "Counter-flowing CH4 and air, LTS: fuel jet 12 cm/s, air jet 22 cm/s, both preheated to 450 degC.", "uniform 723.15"),
        ("lagrangian/reactingParcelFoam/counterFlowFlame2DLTS", "reactingParcelFoam",
         "counterFlowFlame2DLTS, methane inlet 0.1 m/s, air inlet 0.25 m/s, both inlets 700 K", "uniform 700"),
        ("combustion/reactingFoam/laminar/counterFlowFlame2D", "reactingFoam",
         "The fuel should come in from the left at 0.12 m/s and the air from the right at 0.18 m/s, and both streams "
         "enter at 500 degC.", "uniform 773.15"),
        ("combustion/reactingFoam/laminar/counterFlowFlame2D", "reactingFoam",
         "counterFlowFlame2D: fuel and air at 873 K, each inlet 0.3 m/s", "uniform 873"),
    ],
)
def test_both_streams_take_the_one_temperature(tutorial, solver, text, value):
    binder = bind_all(TUTORIALS / tutorial, solver, text, read_stated(text))
    got = {b.entry[1]: b.value for b in binder.bindings if b.file == "0/T" and b.entry[0] == "boundaryField"}
    assert (got.get("fuel"), got.get("air")) == (value, value)
    assert not any(b.file == "0/T" and b.entry == ["internalField"] for b in binder.bindings)
