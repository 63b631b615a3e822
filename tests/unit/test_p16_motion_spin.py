"""A rotation speed goes to the rotating part its words name and turns the way they say: "the
other way" flips the base's sign, "counter-rotating" turns against the other part, clockwise is
signed where the view decides it; a wall's linear speed becomes omega = v / R."""

from __future__ import annotations

import math
import re
from pathlib import Path

import pytest

from tasks.plan.bind import bind_all
from tasks.plan.bind_motion_spin import wall_radius
from tasks.plan.bind_motion_zones import (absent_part, camel_words, counter_said, named_part, own_words, part_names,
                                          planar_sense, reversal_said, said_sign)
from tasks.plan.stated import read_stated

EXAMPLES = Path("/usr/share/doc/openfoam-examples/examples")
_needs_tutorials = pytest.mark.skipif(not EXAMPLES.is_dir(), reason="OpenFOAM tutorials not installed")
HEADER = "FoamFile { version 2.0; format ascii; class dictionary; object %s; }\n"
MIXER = "incompressible/simpleFoam/mixerVessel2D"  # MRF1 rotor +104.72 rad/s
AMI = "incompressible/pimpleFoam/laminar/mixerVesselAMI2D"  # solidBody rotor +6.2832
TWO = "lagrangian/icoUncoupledKinematicParcelDyMFoam/mixerVesselAMI2D"  # rotor +6.2832, stator -6.2832
PROP = "incompressible/pimpleFoam/RAS/propeller"  # 3-D, axis (0 1 0), omega 158
ROD = "multiphase/compressibleInterFoam/laminar/climbingRod"  # rotatingWallVelocity rod, 13.2 rad/s, R 6.35 mm
ROTOR = "multiSolidBodyMotionSolverCoeffs/rotor/rotatingMotionCoeffs/omega"
STATOR = "multiSolidBodyMotionSolverCoeffs/stator/rotatingMotionCoeffs/omega"


def _bound(base: Path, solver: str, text: str) -> tuple[dict[str, float], list[str]]:
    binder = bind_all(base, solver, text, read_stated(text))
    numbers = {f"{e.file}:{'/'.join(e.entry)}": float(re.findall(r"[-+]?\d+\.?\d*(?:[eE][-+]?\d+)?", e.value)[-1])
               for e in binder.edits if isinstance(e.value, str) and e.entry[-1] in ("omega", "rpm")}
    return numbers, [n.reason for n in binder.not_applied]


# --- pure: naming the parts and reading the sense --------------------------------------------------

@pytest.mark.parametrize("name, words", [
    ("innerCylinderSmall", {"inner", "cylinder", "small", "innercylinder", "innercylindersmall"}),
    ("rotor", {"rotor"}),
    ("AMI_rotor1", {"ami", "rotor", "amirotor"}),
])
def test_camel_words(name: str, words: set[str]) -> None:
    assert set(camel_words(name)) == words


@pytest.mark.parametrize("text, entry, has", [
    ("MRF1 { cellZone rotor; axis (0 0 1); omega 10; }", ["MRF1", "omega"], {"rotor"}),
    ("cellZone innerCylinderSmall; axis (0 1 0); omega 158;", ["omega"], {"inner", "innercylinder"}),
    ("c { stator { rotatingMotionCoeffs { axis (0 0 1); omega -6; } } }",
     ["c", "stator", "rotatingMotionCoeffs", "omega"], {"stator"}),
    ("c { impellerZone { rotatingMotionCoeffs { axis (0 0 1); omega 6; } } }",
     ["c", "impellerZone", "rotatingMotionCoeffs", "omega"], {"impeller", "rotor"}),
])
def test_part_names(text: str, entry: list[str], has: set[str]) -> None:
    assert has <= part_names(text, entry)


PARTS = [{"rotor"}, {"stator"}]


@pytest.mark.parametrize("before, after, index", [
    ("the stator turns at ", "", 1),
    ("rotor at ", " and the stator at ", 0),
    ("rotor 5 rad/s, ", " for the stator", 1),          # the words stop at the other value
    ("the impeller spins at ", "", 0),                  # an impeller is a rotor
    ("it spins at ", "", None),
])
def test_named_part(before: str, after: str, index: int | None) -> None:
    assert named_part(before, after, PARTS) == index


@pytest.mark.parametrize("words, reverse, counter", [
    ("turns the other way", True, False),
    ("in the opposite direction", True, False),
    ("reverse the rotation", True, False),
    ("spinning backwards", True, False),
    ("counter-rotating", False, True),
    ("contra rotating stator", False, True),
    ("the opposite wall turns", False, False),
    ("backward-facing step", False, False),
    ("clockwise", False, False),
])
def test_reversal_and_counter(words: str, reverse: bool, counter: bool) -> None:
    assert reversal_said(words) is reverse and counter_said(words) is counter


def test_own_words_stop_at_the_other_part() -> None:
    assert "other way" not in own_words("rotor at ", " and the stator at ", {"stator"})
    assert "other way" in own_words("the stator at ", " the other way", {"rotor"})


@pytest.mark.parametrize("before, missing", [
    ("the stator turns at ", "stator"),
    ("rotor at ", None),
    ("the outer cylinder spins at ", "outer"),
    ("stirred tank at ", None),           # a tank that is stirred: its rotor turns
    ("the drive shaft turns at ", None),
])
def test_absent_part(before: str, missing: str | None) -> None:
    assert absent_part(before, [{"rotor"}]) == missing


def test_wall_radius() -> None:
    bmd = ("scale 0.001; vertices ( (5 0 -1) (10 0 -1) (5 20 -1) (10 20 -1) (5 0 0) (10 0 0) (5 20 0) (10 20 0) );\n"
           "boundary ( inner { type wall; faces ( (0 2 6 4) ); } outer { type wall; faces ( (1 3 7 5) ); } );")
    assert wall_radius(bmd, "inner", [0.0, 0.0, 0.0], [0.0, 1.0, 0.0]) == pytest.approx(0.005)
    assert wall_radius(bmd, "outer", [0.0, 0.0, 0.0], [0.0, 1.0, 0.0]) == pytest.approx(0.01)
    assert wall_radius(bmd, "inner", [0.0, 0.0, 0.0], [1.0, 0.0, 0.0]) is None  # no cylinder about x


# --- bound on installed tutorials ------------------------------------------------------------------

RPM = math.pi / 30


@_needs_tutorials
@pytest.mark.parametrize("tutorial, solver, text, want", [
    # the other way: the base's sign flipped
    (MIXER, "simpleFoam", "rotor turns at 120 rpm the other way", {"constant/MRFProperties:MRF1/omega": -120 * RPM}),
    (MIXER, "simpleFoam", "Please spin the impeller at 2 rev/s but in the opposite direction to the tutorial",
     {"constant/MRFProperties:MRF1/omega": -4 * math.pi}),
    (MIXER, "simpleFoam", "rotor speed 50 rad/s, reversed", {"constant/MRFProperties:MRF1/omega": -50}),
    (AMI, "pimpleFoam", "rotor 60 rpm, rotating backwards", {"constant/dynamicMeshDict:omega": -60 * RPM}),
    (PROP, "pimpleFoam", "propeller at 1500 rpm, opposite direction", {"constant/dynamicMeshDict:omega": -1500 * RPM}),
    # the sense along the axis where the view decides it
    (MIXER, "simpleFoam", "rotor 50 rad/s clockwise seen from +z", {"constant/MRFProperties:MRF1/omega": -50}),
    (MIXER, "simpleFoam", "The impeller turns clockwise. Its speed is 500 rpm.",
     {"constant/MRFProperties:MRF1/omega": -500 * RPM}),
    (PROP, "pimpleFoam", "propeller: 1000 rpm, anticlockwise looking from +y",
     {"constant/dynamicMeshDict:omega": 1000 * RPM}),
    # each zone its own speed and sense
    (TWO, "icoUncoupledKinematicParcelDyMFoam", "rotor at 120 rpm and the stator at 30 rpm the other way",
     {f"constant/dynamicMeshDict:{ROTOR}": 120 * RPM, f"constant/dynamicMeshDict:{STATOR}": 30 * RPM}),
    (TWO, "icoUncoupledKinematicParcelDyMFoam", "rotor 5 rad/s, 2 rad/s for the stator",
     {f"constant/dynamicMeshDict:{ROTOR}": 5, f"constant/dynamicMeshDict:{STATOR}": -2}),
    (TWO, "icoUncoupledKinematicParcelDyMFoam", "Rotor speed 60 rpm. Stator speed 20 rpm, co-rotating.",
     {f"constant/dynamicMeshDict:{ROTOR}": 60 * RPM, f"constant/dynamicMeshDict:{STATOR}": 20 * RPM}),
    (TWO, "icoUncoupledKinematicParcelDyMFoam", "the stator spins at 1 rev/s counter-rotating relative to the rotor",
     {f"constant/dynamicMeshDict:{STATOR}": -2 * math.pi}),
    (TWO, "icoUncoupledKinematicParcelDyMFoam", "stator rotates 3 rad/s, rotor rotates 6 rad/s counter-rotating",
     {f"constant/dynamicMeshDict:{STATOR}": -3, f"constant/dynamicMeshDict:{ROTOR}": 6}),
    # a wall's rotation
    (ROD, "compressibleInterFoam", "the rod spins at 3 rev/s the other way",
     {"0.orig/U:boundaryField/rod/omega": -6 * math.pi}),
    (ROD, "compressibleInterFoam", "spin the inner cylinder at 2 rev/s", {"0.orig/U:boundaryField/rod/omega": 4 * math.pi}),
])
def test_rotation_bound(tutorial: str, solver: str, text: str, want: dict[str, float]) -> None:
    numbers, refused = _bound(EXAMPLES / tutorial, solver, text)
    assert not refused, refused
    for key, value in want.items():
        assert numbers.get(key) == pytest.approx(value, rel=1e-6), (key, numbers)


@_needs_tutorials
@pytest.mark.parametrize("tutorial, solver, text, want", [
    (MIXER, "simpleFoam", "reverse the rotation of the rotor", {"constant/MRFProperties:MRF1/omega": -104.72}),
    (MIXER, "simpleFoam", "mixer vessel with the impeller turning the other way round", 
     {"constant/MRFProperties:MRF1/omega": -104.72}),
    (ROD, "compressibleInterFoam", "same climbing rod, but the rod rotates in reverse",
     {"0.orig/U:boundaryField/rod/omega": -13.2}),
    (TWO, "icoUncoupledKinematicParcelDyMFoam", "make the stator turn the other way",
     {f"constant/dynamicMeshDict:{STATOR}": 6.2832}),
])
def test_a_sense_without_a_speed_turns_the_base_speed(tutorial: str, solver: str, text: str,
                                                       want: dict[str, float]) -> None:
    numbers, _ = _bound(EXAMPLES / tutorial, solver, text)
    assert numbers == pytest.approx(want)


@_needs_tutorials
@pytest.mark.parametrize("tutorial, solver, text", [
    (PROP, "pimpleFoam", "propeller spinning clockwise at 1500 rpm"),       # 3-D, no viewpoint
    (MIXER, "simpleFoam", "stator turns at 120 rpm the other way"),         # no stator turns in this base
])
def test_undecidable_or_absent_is_not_applied(tutorial: str, solver: str, text: str) -> None:
    numbers, refused = _bound(EXAMPLES / tutorial, solver, text)
    assert refused and not numbers


@_needs_tutorials
@pytest.mark.parametrize("text, omega", [
    ("the rod surface moves at 10 cm/s", 0.1 / 0.00635),
    ("rod wall speed 0.05 m/s the other way", -0.05 / 0.00635),
    ("The rotating rod (radius 6.35 mm) has a surface velocity of 0.1 m/s", 0.1 / 0.00635),
    ("tangential velocity of the rod wall: 20 mm/s", 0.02 / 0.00635),
])
def test_a_wall_speed_is_omega_times_r(text: str, omega: float) -> None:
    numbers, _ = _bound(EXAMPLES / ROD, "compressibleInterFoam", text)
    assert numbers["0.orig/U:boundaryField/rod/omega"] == pytest.approx(omega, rel=1e-6)


def _couette(tmp_path: Path) -> Path:
    for d in ("0", "constant", "system"):
        (tmp_path / d).mkdir()
    (tmp_path / "0/U").write_text(HEADER % "U" + "dimensions [0 1 -1 0 0 0 0]; internalField uniform (0 0 0);\n"
                                  "boundaryField {\n innerWall { type rotatingWallVelocity; origin (0 0 0); axis (0 0 1);"
                                  " omega 1; value uniform (0 0 0); }\n outerWall { type rotatingWallVelocity; "
                                  "origin (0 0 0); axis (0 0 1); omega 0; value uniform (0 0 0); }\n"
                                  " frontAndBack { type empty; } }\n")
    (tmp_path / "0/p").write_text(HEADER % "p" + "dimensions [0 2 -2 0 0 0 0]; internalField uniform 0;\n"
                                  "boundaryField { innerWall { type zeroGradient; } outerWall { type zeroGradient; }"
                                  " frontAndBack { type empty; } }\n")
    (tmp_path / "system/blockMeshDict").write_text(
        HEADER % "blockMeshDict" + "scale 0.01; vertices ( (3 0 0) (5 0 0) (0 5 0) (0 3 0) (3 0 1) (5 0 1) (0 5 1) "
        "(0 3 1) );\nblocks ( hex (0 1 2 3 4 5 6 7) (10 20 1) simpleGrading (1 1 1) );\n"
        "boundary ( innerWall { type wall; faces ( (0 4 7 3) ); } outerWall { type wall; faces ( (1 2 6 5) ); }\n"
        "frontAndBack { type empty; faces ( (0 3 2 1) (4 5 6 7) ); } );\n")
    (tmp_path / "system/controlDict").write_text(HEADER % "controlDict" + "application pimpleFoam; endTime 1;\n")
    return tmp_path


@pytest.mark.parametrize("text, want", [
    ("inner cylinder 2 rad/s, outer cylinder 1 rad/s the other way",
     {"0/U:boundaryField/innerWall/omega": 2, "0/U:boundaryField/outerWall/omega": -1}),
    ("outer wall moving at 10 cm/s", {"0/U:boundaryField/outerWall/omega": 0.1 / 0.05}),
    ("the inner wall turns clockwise at 3 rad/s", {"0/U:boundaryField/innerWall/omega": -3}),
    ("Outer cylinder: 60 rpm counter-rotating; inner cylinder: 30 rpm",
     {"0/U:boundaryField/outerWall/omega": -60 * RPM, "0/U:boundaryField/innerWall/omega": 30 * RPM}),
])
def test_inner_and_outer_walls(tmp_path: Path, text: str, want: dict[str, float]) -> None:
    numbers, refused = _bound(_couette(tmp_path), "pimpleFoam", text)
    assert not refused, refused
    assert numbers == pytest.approx(want)


# --- the sign one rotating part takes, and a family recipe's 2-D rotor -----------------------------

Z = [0.0, 0.0, 1.0]


@pytest.mark.parametrize("words, old, axis, planar, sign", [
    ("turning the other way", 10.0, Z, True, -1.0),
    ("reversed", -10.0, Z, False, 1.0),                       # reversed from a negative base: positive
    ("counter-rotating", 10.0, [0.0, 1.0, 0.0], False, -1.0),  # one part: against the base
    ("clockwise", 10.0, Z, True, -1.0),                       # 2-D about z: seen from +z
    ("anticlockwise seen from -z", 10.0, Z, False, -1.0),
    ("at 100 rpm", -10.0, Z, True, None),                     # no sense said: None (the base's sign stays)
])
def test_said_sign(words: str, old: float, axis: list[float], planar: bool, sign: float | None) -> None:
    got = said_sign(words, old, axis, None, planar)
    assert (got[0] if isinstance(got, tuple) else got) == sign


@pytest.mark.parametrize("words, axis", [
    ("clockwise", [0.0, 1.0, 0.0]),                 # 3-D, nobody says where from
    ("clockwise seen from +x", [0.0, 1.0, 0.0]),    # seen side-on
])
def test_said_sign_undecidable(words: str, axis: list[float]) -> None:
    assert isinstance(said_sign(words, 10.0, axis, None, planar=False), str)


@pytest.mark.parametrize("text, rate, want", [
    ("Mixer vessel 2D, rotor at 300 rpm turning the other way", 31.4, -31.4),
    ("stirred tank, reverse the rotation of the impeller", 104.72, -104.72),
    ("MRF mixer, impeller spinning clockwise at 5 rev/s", 31.4, -31.4),
    ("MRF mixer with the impeller counter-clockwise, 5 rev/s", 31.4, 31.4),
    ("mixer at 500 rpm; reversed inlet flow is not expected", 52.4, 52.4),  # "reversed" not said of the rotation
])
def test_planar_sense(text: str, rate: float, want: float) -> None:
    notes: list[str] = []
    assert planar_sense(text, rate, 104.72, notes) == pytest.approx(want)
