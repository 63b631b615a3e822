"""Session 11 run-control classes: a run time's role said by its own words (controls_time_roles),
the write format and compression said in words (controls_write), purgeWrite said as what stays on
disk or as a cap (controls_run), and a speed stated for an oscillating body (bind_motion)."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from tasks.plan.bind import bind_all

from tasks.plan.controls_run import run_controls
from tasks.plan.controls_time_roles import run_time_role
from tasks.plan.controls_write import write_compression, write_format, write_settings
from tasks.plan.extract import normalise
from tasks.plan.stated import read_stated


def _split(text: str, value: str) -> tuple[str, str]:
    at = text.index(value)
    return text[:at].lower(), text[at + len(value):].lower()


@pytest.mark.parametrize("text, value, role", [
    # the words right after the value: a step, the whole run
    ("LES vortex shedding; 20 microseconds per step, fifty milliseconds in total", "20 microseconds", "delta_t"),
    ("rhoPimpleFoam cavity with 0.5 ms each time step for 0.2 s", "0.5 ms", "delta_t"),
    ("hotRoom: 3 s a step, 600 s of physical time in total", "3 s", "delta_t"),
    ("hotRoom: 3 s a step, 600 s of physical time in total", "600 s", "end_time"),
    ("the jet runs 0.4 s overall with dt 1 ms", "0.4 s", "end_time"),
    ("outputs 0.05 s between snapshots please", "0.05 s", "write_interval"),
    # "of simulated time": the role the words before it name, else the end time
    ("time step: 2.5 ms\nsave interval: 100 ms of simulated time\nstop time: 2 s", "100 ms", "write_interval"),
    ("pimpleFoam TJunction, write every 0.1 s of simulated time, end at 1 s", "0.1 s", "write_interval"),
    ("a snapshot each 0.005 s of flow time", "0.005 s", "write_interval"),
    ("please run 3 s of simulated time", "3 s", "end_time"),
    ("restart at 2 s of simulated time and run on", "2 s", "start_time"),
    ("the time step is 1e-4 s of physical time", "1e-4 s", "delta_t"),
    # a "key: value" line's key
    ("interFoam damBreak\nduration (simulated): 0.4 s\ndt: 0.5 ms", "0.5 ms", "delta_t"),
    ("- write interval = 20 ms - end 1 s", "20 ms", "write_interval"),
    ("t_end: 500 ms", "500 ms", "end_time"),
    ("restart time: 2 s", "2 s", "start_time"),
])
def test_run_time_role_from_own_words(text: str, value: str, role: str) -> None:
    before, after = _split(text, value)
    assert run_time_role(before, after) == role


@pytest.mark.parametrize("text, value", [
    ("the lid moves at 2 m/s for 1 s", "1 s"),  # nothing right after it decides: the role grammar reads it
    ("Reynolds: 100, 5 s", "5 s"),
    ("relaxation time 2 s", "2 s"),
])
def test_run_time_role_leaves_the_rest(text: str, value: str) -> None:
    before, after = _split(text, value)
    assert run_time_role(before, after) is None


@pytest.mark.parametrize("text, value", [
    ("pimpleFoam LES vortexShed, ascii output, write every 0.01 s", "ascii"),
    ("text (ascii) files, one output each 10 ms", "ascii"),
    ("icoFoam cavity, binary writeFormat, purgeWrite 2", "binary"),
    ("Write the results in binary and keep only the last two", "binary"),
    ("writeFormat: binary", "binary"),
    ("human-readable output please", "ascii"),
    ("use binary output to save disk", "binary"),
    ("fields saved as plain text", "ascii"),
])
def test_write_format_said_of_the_output(text: str, value: str) -> None:
    got = write_format(text)
    assert got is not None and got.key == "writeFormat" and got.value == value


@pytest.mark.parametrize("text", [
    "a binary mixture of water and air",
    "binary diffusion coefficient 1e-5 m2/s",
    "the text of the request",
    "compressible flow of air at 300 K",
])
def test_no_write_format_elsewhere(text: str) -> None:
    assert write_format(text) is None


@pytest.mark.parametrize("text, value", [
    ("gzip the output", "on"),
    ("the output should be compressed", "on"),
    ("write compressed binary files", "on"),
    ("no compression", "off"),
    ("writeCompression: off", "off"),
])
def test_write_compression(text: str, value: str) -> None:
    got = write_compression(text)
    assert got is not None and got.value == value


def test_no_compression_for_compressed_air() -> None:
    assert write_compression("compressed air at 6 bar enters the duct") is None
    assert [s.key for s in write_settings("write compressed binary files")] == ["writeFormat", "writeCompression"]


@pytest.mark.parametrize("text, n", [
    ("delete old output so that only the last 2 times remain on disk", 2),
    ("purge old times, all but last 3", 3),
    ("keep at most 4 time directories on disk", 4),
    ("no more than 5 outputs kept", 5),
    ("only the two newest time folders should stay", 2),
    ("max 2 time directories at any time", 2),
    ("while at most 2 time folders stay on disk", 2),
    ("only the last two saved times were kept on disk", 2),
    ("purge old time directories so only the last 2 are kept on scratch", 2),
])
def test_purge_said_as_what_stays(text: str, n: int) -> None:
    purge = [c for c in run_controls(normalise(text)) if c.key == "purgeWrite"]
    assert [c.value for c in purge] == [float(n)]


@pytest.mark.parametrize("text", [
    "save up to 20 snapshots",  # a count of writes, not a purge
    "run at most 3 times",
    "keep the last 10 s of data",
    "up to 3 cells across the gap",
])
def test_no_purge_for_other_caps(text: str) -> None:
    assert not [c for c in run_controls(normalise(text)) if c.key == "purgeWrite"]


EXAMPLES = Path("/usr/share/doc/openfoam-examples/examples")
_needs_tutorials = pytest.mark.skipif(not EXAMPLES.is_dir(), reason="OpenFOAM tutorials not installed")


def _bound(tutorial: str, solver: str, text: str) -> dict[str, str]:
    binder = bind_all(EXAMPLES / tutorial, solver, text, read_stated(text))
    assert not binder.not_applied, binder.not_applied
    return {"/".join(e.entry): e.value for e in binder.edits if isinstance(e.value, str)}


def _amplitude(edits: dict[str, str]) -> list[float]:
    raw = next(v for k, v in edits.items() if k.endswith("amplitude"))
    return [float(x) for x in raw.strip("() ").split()]


@_needs_tutorials
@pytest.mark.parametrize(("tutorial", "solver", "text", "want"), [
    # a sine velocity: the speed is its amplitude, in any unit, before or after its words
    ("multiphase/potentialFreeSurfaceFoam/oscillatingBox", "potentialFreeSurfaceFoam",
     "Heaving box under a free surface: 0.5 Hz heave, peak heave speed 4 cm/s", [0.04]),
    ("multiphase/potentialFreeSurfaceFoam/oscillatingBox", "potentialFreeSurfaceFoam",
     "0.1 ft/s is the velocity amplitude of the floating object", [0.03048]),
    # a displacement: V / (2 pi f), along the base's direction, at the stated frequency
    ("multiphase/potentialFreeSurfaceDyMFoam/oscillatingBox", "potentialFreeSurfaceDyMFoam",
     "box heave speed amplitude 5 cm/s at 0.5 Hz", [0.0, -0.05 / math.pi, 0.0]),
    # an inlet beside a moving channel: the speed the words give the motion is the motion's
    ("incompressible/pimpleFoam/RAS/oscillatingInletPeriodicAMI2D", "pimpleFoam",
     "inflow 2 m/s; the inlet channel oscillates at 1 Hz with a peak speed of 1.5 m/s", [0.0, 1.5 / (2 * math.pi), 0.0]),
])
def test_speed_of_an_oscillating_body(tutorial: str, solver: str, text: str, want: list[float]) -> None:
    assert _amplitude(_bound(tutorial, solver, text)) == pytest.approx(want, rel=1e-6, abs=1e-12)


@_needs_tutorials
def test_inlet_speed_stays_the_inlets() -> None:
    edits = _bound("incompressible/pimpleFoam/RAS/oscillatingInletPeriodicAMI2D", "pimpleFoam",
                   "inflow 2 m/s; the inlet channel oscillates at 1 Hz with a peak speed of 1.5 m/s")
    assert edits["boundaryField/inlet/value"] == "uniform (2 0 0)"


@_needs_tutorials
@pytest.mark.parametrize(("text", "want"), [
    ("pimpleFoam LES vortexShed; 20 microseconds per step, fifty milliseconds in total, one output each 10 ms",
     {"deltaT": "2e-05", "endTime": "0.05", "writeInterval": "0.01"}),
    ("vortexShed with pimpleFoam\ndt: 0.02 ms\nduration: 0.04 s\nsave interval: 10 ms of simulated time",
     {"deltaT": "2e-05", "endTime": "0.04", "writeInterval": "0.01"}),
])
def test_run_times_bound_by_their_own_words(text: str, want: dict[str, str]) -> None:
    edits = _bound("incompressible/pimpleFoam/LES/vortexShed", "pimpleFoam", text)
    assert {k: edits.get(k) for k in want} == want


@_needs_tutorials
def test_write_settings_bound_in_controldict() -> None:
    text = "vortexShed pimpleFoam, 0.05 s, write the fields as ASCII with no compression"
    binder = bind_all(EXAMPLES / "incompressible/pimpleFoam/LES/vortexShed", "pimpleFoam", text, read_stated(text))
    binder.bind_write_settings()
    edits = {"/".join(e.entry): e.value for e in binder.edits}
    assert edits["writeFormat"] == "ascii" and edits["writeCompression"] == "off"
