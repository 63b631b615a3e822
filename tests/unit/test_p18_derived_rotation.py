"""A rotation rate the base reads from a variable (annularThermalMixer's dynamicMeshDict `omega
$:meshMotionProperties.omega;`, defined in the #include'd "<constant>/caseSettings") is written at
the variable's definition, in the base's unit (rad/s for omega, rpm for an rpm entry), for every
way of saying it."""

from __future__ import annotations

import math
import re
from pathlib import Path

import pytest

from tasks.plan.bind import bind_all
from tasks.plan.bind_include_scoped import included_rels
from tasks.plan.bind_motion_refs import reference_home
from tasks.plan.stated import read_stated

EXAMPLES = Path("/usr/share/doc/openfoam-examples/examples")
_needs_tutorials = pytest.mark.skipif(not EXAMPLES.is_dir(), reason="OpenFOAM tutorials not installed")
MIXER = "compressible/rhoPimpleFoam/RAS/annularThermalMixer"  # omega 25 rad/s in constant/caseSettings
MRF = "incompressible/simpleFoam/mixerVessel2D"  # MRF1 omega 104.72 rad/s, in place


@pytest.mark.parametrize("rel, text, rels", [
    ("constant/dynamicMeshDict", '#include "<constant>/caseSettings"\n', ["constant/caseSettings"]),
    ("system/controlDict", '#include "<system>/settings"\n', ["system/settings"]),
    ("0.orig/U", '#include "<case>/params"\n#include "include/initial"\n', ["params", "0.orig/include/initial"]),
    ("0/U", '#include "$FOAM_CASE/constant/vars"\n', ["constant/vars"]),
    ("0/U", '#include "$myDir/x"\n', []),
])
def test_include_rels(rel: str, text: str, rels: list[str]) -> None:
    assert included_rels(rel, text) == rels


@pytest.mark.parametrize("raw, home", [
    ("$:motion.omega", ("constant/settings", ["motion", "omega"], "25")),
    ("$omega0", ("constant/dynamicMeshDict", ["omega0"], "12")),
    ("$spin", ("constant/settings", ["motion", "omega"], "25")),  # a variable reading another
    ("constant $omega0", ("constant/dynamicMeshDict", ["omega0"], "12")),
    ("10", None),
    ("$missing", None),
])
def test_reference_home(raw: str, home: tuple[str, list[str], str] | None) -> None:
    texts = {"constant/dynamicMeshDict": '#include "<constant>/settings"\nomega0 12;\n',
             "constant/settings": "motion { omega 25; }\nspin $:motion.omega;\n"}
    assert reference_home(texts.get, "constant/dynamicMeshDict", raw) == home


def _rates(base: str, text: str) -> tuple[dict[str, float], list[str]]:
    binder = bind_all(EXAMPLES / base, "rhoPimpleFoam", text, read_stated(text))
    numbers = {f"{e.file}:{'/'.join(e.entry)}": float(re.findall(r"[-+]?\d+\.?\d*(?:[eE][-+]?\d+)?", e.value)[-1])
               for e in binder.edits if isinstance(e.value, str) and e.entry[-1] in ("omega", "rpm")}
    return numbers, [n.reason for n in binder.not_applied]


@_needs_tutorials
@pytest.mark.parametrize("text, rad_s", [
    ("annularThermalMixer with the rotor at 30 rad/s", 30.0),
    ("annularThermalMixer, rotor 286.5 rpm", 286.5 * math.pi / 30),
    ("Could you please set up the annular thermal mixer so that its rotor spins at 5 revolutions per second?",
     5 * 2 * math.pi),
    ("annularThermalMixer: turn the rotor at 4 Hz", 4 * 2 * math.pi),
    ("annularThermalMixer rotating speed 1800 deg/s", math.radians(1800)),
])
def test_annular_mixer_rotation_goes_to_case_settings(text: str, rad_s: float) -> None:
    rates, refused = _rates(MIXER, text)
    assert not refused
    assert rates == {"constant/caseSettings:meshMotionProperties/omega": pytest.approx(rad_s, rel=1e-4)}


@_needs_tutorials
def test_in_place_mrf_rate_still_written_in_place() -> None:
    binder = bind_all(EXAMPLES / MRF, "simpleFoam", "mixerVessel2D, rotor at 100 rpm",
                      read_stated("mixerVessel2D, rotor at 100 rpm"))
    edits = [(e.file, e.entry, e.value) for e in binder.edits if e.entry[-1] == "omega"]
    assert edits and edits[0][0] == "constant/MRFProperties"
    assert float(edits[0][2]) == pytest.approx(100 * math.pi / 30, rel=1e-6)


TWO = "lagrangian/icoUncoupledKinematicParcelDyMFoam/mixerVesselAMI2D"  # rotor +6.2832, stator -6.2832 rad/s


@_needs_tutorials
@pytest.mark.parametrize("text, refused", [
    ("set the rotation speed to 10 rad/s", True),
    ("spin at 60 rpm please", True),
    ("the rotor turns at 10 rad/s", False),
    ("stator at 2 rad/s", False),
])
def test_several_parts_need_a_name(text: str, refused: bool) -> None:
    binder = bind_all(EXAMPLES / TWO, "icoUncoupledKinematicParcelDyMFoam", text, read_stated(text))
    reasons = [n.reason for n in binder.not_applied]
    assert bool(reasons) is refused
    if refused:
        assert "several parts" in reasons[0] and "rotor" in reasons[0] and "stator" in reasons[0]
