"""Session 13 run classes: a rotation rate in any unit and sense landing in whatever the rotating
base uses (MRF omega, solidBody omega, SRF / rotorDisk rpm), an angle of rotation as a run control
("5 revolutions", "a time step of 1 degree"), a tip speed with its radius, a cell count on a 1-D
mesh of several blocks, and a Reynolds number on a base driven by a bulk velocity (Ubar)."""

from __future__ import annotations

import math
import re
from pathlib import Path

import pytest

from tasks.plan.bind import bind_all
from tasks.plan.bind_motion_turns import (angle_role, rate_of, rotation_entries, signed_rate, stated_sense,
                                          tip_radius, viewpoint)
from tasks.plan.bind_run_lengths import named_reference
from tasks.plan.controls_mesh import only_resolved
from tasks.plan.stated import read_stated

EXAMPLES = Path("/usr/share/doc/openfoam-examples/examples")
_needs_tutorials = pytest.mark.skipif(not EXAMPLES.is_dir(), reason="OpenFOAM tutorials not installed")
Z = [0.0, 0.0, 1.0]


# --- the sense of rotation ---------------------------------------------------------------------

@pytest.mark.parametrize("words, sense", [
    ("the rotor spins clockwise", -1),
    ("turning counter-clockwise at 300 rpm", 1),
    ("anticlockwise, 20 rad/s", 1),
    ("impeller (CW) at 1450 rpm", -1),
    ("spins ccw", 1),
    ("the fan at 3000 rpm", None),
    ("one rotor clockwise, the other counter-clockwise", None),
])
def test_stated_sense(words: str, sense: int | None) -> None:
    assert stated_sense(words) == sense


@pytest.mark.parametrize("words, up, view", [
    ("clockwise seen from above", Z, Z),
    ("clockwise as you look down on it", Z, Z),
    ("clockwise viewed from below", [0.0, 1.0, 0.0], [0.0, -1.0, 0.0]),
    ("counter-clockwise seen from the positive x side", None, [1.0, 0.0, 0.0]),
    ("clockwise when looking along +z", None, [0.0, 0.0, -1.0]),
    ("clockwise from -y", None, [0.0, -1.0, 0.0]),
    ("clockwise", Z, None),
])
def test_viewpoint(words: str, up: list[float] | None, view: list[float] | None) -> None:
    assert viewpoint(words, up) == view


@pytest.mark.parametrize("words, axis, up, omega", [
    ("clockwise seen from above", Z, Z, -10.0),          # a ceiling fan about +z, z up
    ("clockwise seen from above", [0.0, 0.0, -1.0], Z, 10.0),   # the axis points down
    ("counter-clockwise", [0.0, 1.0, 0.0], None, 10.0),  # unseen: from the axis' + side
    ("clockwise", [0.0, 1.0, 0.0], None, -10.0),
    ("clockwise looking along -x", [1.0, 0.0, 0.0], None, -10.0),  # seen from +x
    ("clockwise looking along +x", [1.0, 0.0, 0.0], None, 10.0),
])
def test_signed_rate(words: str, axis: list[float], up: list[float] | None, omega: float) -> None:
    signed = signed_rate(10.0, words, axis, up)
    assert signed is not None and signed[0] == pytest.approx(omega)


def test_no_sense_no_sign() -> None:
    assert signed_rate(10.0, "the fan turns at 95 rpm", Z, Z) is None


# --- the rotation entries of a base -------------------------------------------------------------

@pytest.mark.parametrize("text, found", [
    ("MRF1 { cellZone rotor; origin (0 0 0); axis (0 0 1); omega constant 1047.2; }", [(["MRF1", "omega"], 1047.2)]),
    ("motionSolver solidBody; axis (0 1 0); omega 158; // rad/s", [(["omega"], 158.0)]),
    ("SRFModel rpm; axis (0 0 1); rpmCoeffs { rpm 60; }", [(["rpmCoeffs", "rpm"], 2 * math.pi)]),
    ("disk { type rotorDisk; axis (0 1 0); rpm 1000; }", [(["disk", "rpm"], 1000 * math.pi / 30)]),
    ("relaxationFactors { equations { U 0.7; omega 0.7; } }", []),   # a relaxation factor has no axis
])
def test_rotation_entries(text: str, found: list[tuple[list[str], float]]) -> None:
    got = [(entry, rate_of(entry, raw)) for entry, raw, _ in rotation_entries(text)]
    assert [e for e, _ in got] == [e for e, _ in found]
    assert [r for _, r in got] == pytest.approx([r for _, r in found])


# --- an angle of rotation as a run control ------------------------------------------------------

@pytest.mark.parametrize("words, unit, role", [
    ("simulate", "12 revolutions", "end_time"),
    ("the run covers", "20 turns", "end_time"),
    ("ten revs of the wheel", "10 revs", "end_time"),
    ("time step of", "0.5 degree", None),                      # no rotation said
    ("time step of 0.5 degree of rotation", "0.5 degree", "delta_t"),
    ("dt = 2 deg of impeller travel", "2 deg", "delta_t"),
    ("write every 30 degrees of shaft rotation", "30 degrees", "write_interval"),
    ("a 15 degree wedge", "15 degree", None),
])
def test_angle_role(words: str, unit: str, role: str | None) -> None:
    assert angle_role(words, unit) == role


@pytest.mark.parametrize("text, radius", [
    ("blade tip speed 20 m/s at r = 100 mm", 0.1),
    ("a 0.6 m diameter fan with tips at 25 m/s", 0.3),
    ("tip speed: 12 m/s; rotor diameter: 40 cm", 0.2),
    ("rim velocity 8 m/s, impeller radius 2 in", 0.0508),
    ("tank 0.3 m wide, tip speed 3 m/s", None),
])
def test_tip_radius(text: str, radius: float | None) -> None:
    said = tip_radius(text)
    assert (said[0] if said else None) == (pytest.approx(radius) if radius else None)


# --- bound on installed rotating tutorials --------------------------------------------------------

def _bound(tutorial: str, solver: str, text: str) -> dict[str, str]:
    binder = bind_all(EXAMPLES / tutorial, solver, text, read_stated(text))
    assert not binder.not_applied, binder.not_applied
    return {e.file + ":" + "/".join(e.entry): e.value for e in binder.edits if isinstance(e.value, str)}


def _number(raw: str) -> float:
    return float(re.findall(r"[-+]?\d+\.?\d*(?:[eE][-+]?\d+)?", raw)[-1])


@_needs_tutorials
@pytest.mark.parametrize("tutorial, solver, text, want", [
    ("multiphase/multiphaseInterFoam/laminar/mixerVessel2D", "multiphaseInterFoam",
     "the impeller turns clockwise at 2 rev/s", {"constant/MRFProperties:MRF1/omega": -4 * math.pi}),
    ("incompressible/pimpleFoam/laminar/mixerVesselAMI2D", "pimpleFoam",
     "rotor 120 rpm; simulate 4 revolutions", {"constant/dynamicMeshDict:omega": 4 * math.pi,
                                               "system/controlDict:endTime": 2.0}),
    ("incompressible/pimpleFoam/RAS/propeller", "pimpleFoam",
     "a time step of 2 degrees of rotation", {"system/controlDict:deltaT": math.radians(2) / 158}),
    ("incompressible/SRFPimpleFoam/rotor2D", "SRFPimpleFoam",
     "spin the frame counter-clockwise at 10 rad/s", {"constant/SRFProperties:rpmCoeffs/rpm": 300 / math.pi}),
    ("incompressible/simpleFoam/rotorDisk", "simpleFoam",
     "rotor of 1.2 m diameter, tip speed 60 m/s", {"system/fvOptions:disk/rpm": 100 * 30 / math.pi}),
])
def test_rotation_bound(tutorial: str, solver: str, text: str, want: dict[str, float]) -> None:
    edits = _bound(tutorial, solver, text)
    for key, value in want.items():
        assert _number(edits[key]) == pytest.approx(value, rel=1e-4), (key, edits)


# --- a cell count on a 1-D mesh of several blocks -------------------------------------------------

@pytest.mark.parametrize("counts, axis", [
    ([(1, 40, 1), (1, 40, 1)], 1),
    ([(100, 1, 1)], 0),
    ([(40, 25, 30), (40, 25, 30)], None),
    ([(1, 1, 75)], 2),
])
def test_only_resolved(counts: list[tuple[int, int, int]], axis: int | None) -> None:
    blocks = "\n".join(f"    hex (0 1 2 3 4 5 6 7) ({a} {b} {c}) simpleGrading (1 1 1)" for a, b, c in counts)
    bmd = ("vertices ((0 0 0) (1 0 0) (1 1 0) (0 1 0) (0 0 1) (1 0 1) (1 1 1) (0 1 1));\n"
           f"blocks\n(\n{blocks}\n);\n")
    assert only_resolved(bmd) == axis


# --- a Reynolds number on a base driven by a bulk velocity ----------------------------------------

@pytest.mark.parametrize("text, name", [
    ("Re 5000 based on the half-height", "half"),
    ("Re = 2e4 on the channel half width", "half"),
    ("Re_b 4000 (based on delta)", "half"),
    ("Re 5000 based on the channel height", "height"),
])
def test_half_height_named(text: str, name: str) -> None:
    at = text.find(re.findall(r"\d[\de.]*", text)[0]) + len(re.findall(r"\d[\de.]*", text)[0])
    assert named_reference(text.lower(), at) == name


@_needs_tutorials
@pytest.mark.parametrize("tutorial, text, key, ubar", [
    ("incompressible/boundaryFoam/boundaryWallFunctions", "a Reynolds number of 20000 based on the channel height",
     "constant/transportProperties:Ubar", 20000 * 1e-5 / 0.1),
    ("incompressible/pimpleFoam/LES/channel395", "Reynolds number 8000 based on the half-height",
     "constant/fvOptions:momentumSource/Ubar", 8000 * 2e-5 / 1.0),
    ("incompressible/pimpleFoam/LES/channel395", "a friction Reynolds number of 590",
     "constant/fvOptions:momentumSource/Ubar", (590 / 0.09) ** (1 / 0.88) * 2e-5 / 2),
])
def test_reynolds_sets_the_bulk_velocity(tutorial: str, text: str, key: str, ubar: float) -> None:
    solver = "boundaryFoam" if "boundaryFoam" in tutorial else "pimpleFoam"
    edits = _bound(tutorial, solver, text)
    assert float(edits[key].strip("()").split()[0]) == pytest.approx(ubar, rel=1e-3)


# --- a switch's name as an adjective ----------------------------------------------------------------

@pytest.mark.parametrize("text, switched", [
    ("a ceiling fan room with a rotating fan on a sliding mesh", []),
    ("pimpleFoam with the rotating zone at 300 rpm", []),
    ("the rotating cylinder wall spins at 5 rad/s", []),
    ("shallowWaterFoam with rotating off", [("rotating", False)]),
    ("rotating: false", [("rotating", False)]),
    ("no rotating, please", [("rotating", False)]),
])
def test_switch_name_as_adjective(text: str, switched: list[tuple[str, bool]]) -> None:
    from tasks.plan.controls import stated_switches

    assert [(n, on) for n, on, _, _ in stated_switches(text, frozenset({"rotating"}))] == switched
