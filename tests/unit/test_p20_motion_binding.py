"""A moving mesh's motion stated in many ways lands in the motion the base imposes: amplitude as a
vector along the stated direction (else the base's), frequency / period / omega / rpm as the
oscillation's omega, rotation rates on the rotating zone, angle amplitudes on a rotating
oscillation; a value with no right home is not applied, never written to a wrong entry."""

from __future__ import annotations

import math
import shutil
from pathlib import Path

import pytest

from tasks.foam import dictionary as fd
from tasks.plan.bind import bind_all
from tasks.plan.stated import read_stated

EX = Path("/usr/share/doc/openfoam-examples/examples")
needs_tutorials = pytest.mark.skipif(not EX.is_dir(), reason="OpenFOAM tutorials not installed")

AMI = "incompressible/pimpleFoam/RAS/oscillatingInletPeriodicAMI2D"
ACMI = "incompressible/pimpleFoam/RAS/oscillatingInletACMI2D"
BOX = "heatTransfer/overBuoyantPimpleDyMFoam/movingBox"
MIXER = "incompressible/pimpleFoam/laminar/mixerVesselAMI2D"
PROPELLER = "incompressible/pimpleFoam/RAS/propeller"
SLOSH = "multiphase/interFoam/laminar/sloshingTank2D"
CONE = "incompressible/pimpleFoam/laminar/movingCone"
WINGS = "mesh/moveDynamicMesh/relativeMotion/box2D_moveDynamicMesh"
TWOPI = 2 * math.pi


def _bind(tutorial: str, solver: str, text: str):
    return bind_all(EX / tutorial, solver, text, read_stated(text))


def _last(binder, key: str) -> str | None:
    """The last value this plan writes to an entry called `key`."""
    got = [e.value for e in binder.edits if e.entry[-1] == key and isinstance(e.value, str)]
    return got[-1] if got else None


def _vector(raw: str) -> list[float]:
    return [float(x) for x in raw.strip("()").split()]


# (tutorial, solver, request, amplitude vector or None, omega rad/s or None) -- 3 phrasings a tutorial
OSCILLATIONS = [
    (AMI, "pimpleFoam", "inlet channel oscillating in y with amplitude 0.25 m at 1 Hz", [0, 0.25, 0], TWOPI),
    (AMI, "pimpleFoam", "Make the inlet section oscillate in y with 0.25 m amplitude at one cycle per second "
                        "(omega = 2 pi rad/s).", [0, 0.25, 0], TWOPI),
    (AMI, "pimpleFoam", "the inlet block moves sinusoidally along y by +/- 25 cm with a frequency of 1 Hz "
                        "(6.2832 rad/s)", [0, 0.25, 0], TWOPI),
    (AMI, "pimpleFoam", "the inlet block moves sinusoidally along x by +/- 25 cm at 1 Hz", [0.25, 0, 0], TWOPI),
    (AMI, "pimpleFoam", "the inlet section swings 30 cm at 120 rpm", [0, 0.3, 0], 4 * math.pi),
    (ACMI, "pimpleFoam", "ACMI inlet case, inlet channel oscillates +/- 0.1 m along y with a period of 2 s",
     [0, 0.1, 0], math.pi),
    (ACMI, "pimpleFoam", "I'd like the sliding inlet to move up and down by 10 cm amplitude, once every 2 seconds "
                         "please (so 0.5 Hz).", [0, 0.1, 0], math.pi),
    (ACMI, "pimpleFoam", "oscillatingInletACMI2D: omega 3.1416 rad/s, amplitude 100 mm in x direction",
     [0.1, 0, 0], 3.1416),
    (BOX, "overBuoyantPimpleDyMFoam", "moving box overset, box oscillates 5 cm along x at 0.5 Hz",
     [0.05, 0, 0], math.pi),
    (BOX, "overBuoyantPimpleDyMFoam", "Could the heated box move back and forth with an amplitude of 0.05 m and one "
                                      "full cycle every 2 s?", [0.05, 0, 0], math.pi),
    (BOX, "overBuoyantPimpleDyMFoam", "box oscillation: omega = pi rad/s, amplitude 50 mm", [0.05, 0, 0], math.pi),
]


@needs_tutorials
@pytest.mark.parametrize("tutorial, solver, text, amplitude, omega", OSCILLATIONS)
def test_an_oscillation_takes_amplitude_and_rate(tutorial, solver, text, amplitude, omega):
    binder = _bind(tutorial, solver, text)
    assert not binder.not_applied
    assert _vector(_last(binder, "amplitude")) == pytest.approx(amplitude)
    assert float(_last(binder, "omega")) == pytest.approx(omega, rel=1e-4)
    assert all(e.file == "constant/dynamicMeshDict" for e in binder.edits if e.entry[-1] in ("amplitude", "omega"))
    assert _last(binder, "writeInterval") is None  # "once every 2 s" is a period, no output interval


ROTATIONS = [
    (MIXER, "mixerVesselAMI2D, rotor at 60 rpm", TWOPI),
    (MIXER, "Please make the impeller spin at one revolution per second (omega = 2 pi rad/s).", TWOPI),
    (MIXER, "stirrer turning 2 rev/s", 2 * TWOPI),
    (PROPELLER, "propeller at 1500 rpm", 50 * math.pi),
    (PROPELLER, "Could you run the propeller case with the propeller rotating at 100 rad/s?", 100.0),
    (PROPELLER, "propeller speed 25 rev/s", 50 * math.pi),
]


@needs_tutorials
@pytest.mark.parametrize("tutorial, text, omega", ROTATIONS)
def test_a_rotation_rate_goes_to_the_rotating_zone(tutorial, text, omega):
    binder = _bind(tutorial, "pimpleFoam", text)
    assert not binder.not_applied
    assert abs(float(_last(binder, "omega"))) == pytest.approx(omega, rel=1e-6)


@needs_tutorials
@pytest.mark.parametrize("text, refused", [
    ("sloshing tank 2D, tank oscillates at 0.5 Hz", {"0.5 Hz"}),
    ("The tank should be shaken with a period of 3 s and an amplitude of 0.2 m.", {"3 s", "0.2 m"}),
    ("sloshingTank2D omega 2 rad/s", {"2 rad/s"}),
])
def test_an_sda_motion_takes_no_sine(text, refused):
    binder = _bind(SLOSH, "interFoam", text)
    assert {n.text for n in binder.not_applied} == refused
    assert all("SDA" in n.reason for n in binder.not_applied)
    assert not [e for e in binder.edits if e.file == "constant/dynamicMeshDict"]


@needs_tutorials
@pytest.mark.parametrize("text, speed", [
    ("the cone moves at 2 m/s", "constant 2"),
    ("cone speed 3 ft/s", "constant 0.9144"),
])
def test_a_moving_cone_takes_its_speed(text, speed):
    binder = _bind(CONE, "pimpleFoam", text)
    assert _last(binder, "uniformValue") == speed


@needs_tutorials
def test_a_moving_cone_does_not_oscillate():
    binder = _bind(CONE, "pimpleFoam", "moving cone: the cone oscillates with amplitude 1 mm at 10 Hz")
    assert {n.text for n in binder.not_applied} == {"1 mm", "10 Hz"}
    assert not binder.bindings


@needs_tutorials
@pytest.mark.parametrize("text, amplitude, omega", [
    ("wing2 sways 15 degrees about z at 0.5 Hz", "(0 0 15)", math.pi),
    ("wing2 oscillates with an amplitude of 20 deg, period 4 s", "(0 0 20)", math.pi / 2),
    ("the wing2 pitching amplitude is 5 degrees at omega 2 rad/s", "(0 0 5)", 2.0),
    ("wing2 rocks 8 deg about the x axis, 0.25 Hz", "(8 0 0)", math.pi / 2),
])
def test_a_rotating_oscillation_takes_an_angle(text, amplitude, omega):
    binder = _bind(WINGS, "moveDynamicMesh", text)
    got = {e.entry[-1]: e.value for e in binder.edits if e.file.endswith("pointDisplacement")}
    assert got["amplitude"] == amplitude
    assert float(got["omega"]) == pytest.approx(omega, rel=1e-6)


@needs_tutorials
@pytest.mark.parametrize("text", ["wing2 oscillates 5 cm", "wing2 oscillates with an amplitude of 5 cm"])
def test_a_length_is_never_a_rotation_amplitude(text):
    binder = _bind(WINGS, "moveDynamicMesh", text)
    assert [n.text for n in binder.not_applied] == ["5 cm"]
    assert not [e for e in binder.edits if e.entry[-1] == "amplitude"]


@needs_tutorials
@pytest.mark.parametrize("text, amplitude", [
    ("the inlet channel heaves 5 cm", [0, 0.05, 0]),
    ("inlet section: it slides up and down 8 cm", [0, 0.08, 0]),
])
def test_a_length_after_a_swing_verb_is_the_amplitude(text, amplitude):
    binder = _bind(AMI, "pimpleFoam", text)
    assert _vector(_last(binder, "amplitude")) == pytest.approx(amplitude)


@needs_tutorials
@pytest.mark.parametrize("text", ["the inlet block moves 2 m to the right", "the inlet slides over a 2 m long channel"])
def test_a_plain_travel_is_no_amplitude(text):
    binder = _bind(AMI, "pimpleFoam", text)
    assert _last(binder, "amplitude") is None


@needs_tutorials
def test_two_different_rates_clash():
    binder = _bind(AMI, "pimpleFoam", "the inlet oscillates 0.25 m at 1 Hz and 5 rad/s")
    assert [n.text for n in binder.not_applied] == ["5 rad/s"]
    assert float(_last(binder, "omega")) == pytest.approx(TWOPI)


def _two_oscillations(tmp_path: Path) -> Path:
    """The periodic-AMI inlet case with a second oscillating zone, the outlet block."""
    case = tmp_path / "two"
    shutil.copytree(EX / AMI, case)
    rel = case / "constant/dynamicMeshDict"
    text = rel.read_text()
    text = text.replace("solver          solidBody;", "solver          multiSolidBodyMotionSolver;")
    body = fd.get(text, ["solidBodyCoeffs"])
    second = body.replace("inletChannel", "outletBlock").replace("(0 0.5 0)", "(0.2 0 0)")
    zones = f"    inletChannel\n    {{{body}}}\n    outletBlock\n    {{{second}}}\n"
    text = text.split("solidBodyCoeffs")[0] + f"multiSolidBodyMotionSolverCoeffs\n{{\n{zones}}}\n"
    rel.write_text(text)
    return case


@needs_tutorials
def test_several_oscillations_need_a_name(tmp_path):
    case = _two_oscillations(tmp_path)
    unnamed = "the body oscillates with amplitude 0.1 m at 2 Hz"
    binder = bind_all(case, "pimpleFoam", unnamed, read_stated(unnamed))
    assert {n.text for n in binder.not_applied} == {"0.1 m", "2 Hz"}
    assert not binder.bindings
    named = "the outletBlock oscillates with amplitude 0.1 m at 2 Hz"
    binder = bind_all(case, "pimpleFoam", named, read_stated(named))
    assert not binder.not_applied
    assert {tuple(e.entry[:2]) for e in binder.edits if e.entry[-1] in ("amplitude", "omega")} == {
        ("multiSolidBodyMotionSolverCoeffs", "outletBlock")}
