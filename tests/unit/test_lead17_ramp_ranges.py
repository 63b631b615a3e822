"""A value change written as a range with the time it takes ("from 0 to 1.5e5 Pa by t = 1 s",
"10 -> 40 m2/s2 linearly in 0.5 s", "100 kPa to 130 kPa over 0.5 s") is a ramp: its end is the value,
its start the table's first row, its time the ramp's (never the run's end); a range with no time stays
a range. A patch's number after its kind word ("outlet 2") names the patch, it is no value."""

from __future__ import annotations

from pathlib import Path

import pytest

from tasks.plan.bind import bind_all
from tasks.plan.stated import read_stated

TUTORIALS = Path("/usr/share/doc/openfoam-examples/examples")

# (request, {stated text: role}) — several phrasings of one class each
ROLES = [
    ("inlet total pressure ramps from 100 kPa to 150 kPa by t = 1 s; simulate 0.05 s",
     {"150 kPa": "inlet_pressure", "1 s": "ramp_time", "0.05 s": "end_time"}),
    ("the inlet total pressure goes from 0 to 1.5e5 Pa over the first 1 s, run 0.05 s",
     {"1.5e5 Pa": "inlet_pressure", "1 s": "ramp_time", "0.05 s": "end_time"}),
    ("Inlet p0 10 -> 40 m2/s2 linearly in 0.5 s. endTime 0.2 s",
     {"40 m2/s2": "inlet_pressure", "0.5 s": "ramp_time", "0.2 s": "end_time"}),
    ("inlet temperature from 300 K to 350 K until t = 3 s, run until t = 5 s",
     {"350 K": "inlet_temperature", "3 s": "ramp_time", "5 s": "end_time"}),
    ("the inlet total pressure: 0 to 1.5e5 Pa over 1 s, then constant",
     {"1.5e5 Pa": "inlet_pressure", "1 s": "ramp_time"}),
    ("inlet 100 kPa to 150 kPa linearly in 1 s", {"150 kPa": "inlet_pressure", "1 s": "ramp_time"}),
    ("inlet 100 kPa → 150 kPa within 1 s", {"150 kPa": "inlet_pressure", "1 s": "ramp_time"}),
    # no time the change takes: a range, a run from 0, a step size
    ("wall temperature between 300 and 320 K", {"between 300 and 320 K": "range"}),
    ("inlet speed 2 to 3 m/s", {"2 to 3 m/s": "range"}),
    ("simulate from 0 to 2 s", {"2 s": "end_time"}),
    ("inlet temperature 300 K to 350 K in 2 s steps", {"300 K to 350 K": "range"}),
]


@pytest.mark.parametrize("text, roles", ROLES)
def test_a_change_with_its_time_is_a_ramp(text, roles):
    got = {q.text: q.role for q in read_stated(text)}
    assert {t: got.get(t) for t in roles} == roles, got
    assert not [t for t in got if t in ("100 kPa", "10", "0")]  # the start is the ramp's, no value of its own


TJ = "incompressible/pimpleFoam/RAS/TJunction"
RTJ = "compressible/rhoPimpleFoam/RAS/TJunction"
PROBES = [  # (base, solver, request, patch, written p0, end time)
    (TJ, "pimpleFoam", "T junction, the inlet total pressure goes from 0 to 40 m2/s2 by t = 0.5 s; simulate 0.2 s",
     "table ((0 0) (0.5 40))", "0.2"),
    (TJ, "pimpleFoam", "TJunction. Inlet p0 10 -> 40 m2/s2 linearly in 0.5 s. endTime 0.2 s",
     "table ((0 10) (0.5 40))", "0.2"),
    (RTJ, "rhoPimpleFoam", "T-junction: inlet total pressure rising linearly from 100 kPa to 130 kPa until t = 0.5 s, "
     "then held; simulate 0.2 s", "table ((0 100000) (0.5 130000))", "0.2"),
    (RTJ, "rhoPimpleFoam", "T-junction, inlet total pressure 1 bar to 1.3 bar over 0.5 s, run 0.2 s",
     "table ((0 100000) (0.5 130000))", "0.2"),
]


@pytest.mark.parametrize("base, solver, text, table, end", PROBES)
def test_a_ramp_over_an_existing_table_replaces_it(base, solver, text, table, end):
    binder = bind_all(TUTORIALS / base, solver, text, read_stated(text))
    p0 = [b.value for b in binder.bindings if b.entry == ["boundaryField", "inlet", "p0"]]
    assert p0 and set(p0) == {table}, (p0, binder.not_applied)
    assert [b.value for b in binder.bindings if b.entry == ["endTime"]] == [end]
    assert not binder.not_applied


NUMBERED = [  # a patch's number is no value: the value goes to that patch
    ("T-junction, the temperature at outlet 2 = 310 K", "0/T", "outlet2", "310"),
    ("T-junction: the air leaving outlet 1 is at 300 K", "0/T", "outlet1", "300"),
    ("T-junction, pressure outlet 2 is 0.9 bar", "0/p", "outlet2", "90000"),
    ("T-junction: outlet 1 held at 1 bar", "0/p", "outlet1", "100000"),
]


@pytest.mark.parametrize("text, rel, patch, value", NUMBERED)
def test_a_numbered_patch_takes_its_value(text, rel, patch, value):
    binder = bind_all(TUTORIALS / RTJ, "rhoPimpleFoam", text, read_stated(text))
    got = [(b.file, b.entry[1], b.value) for b in binder.bindings if b.entry[0] == "boundaryField"]
    assert any(f == rel and p == patch and value in v for f, p, v in got), (got, binder.not_applied)
    assert not binder.not_applied
