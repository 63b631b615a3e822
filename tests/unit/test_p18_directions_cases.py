"""Speeds with a direction in words bound as vectors on installed tutorials, read back component by
component: the liquid injected by setFields' face region (eulerianInjection), inlets (the direction
the words give, down along gravity), Lagrangian injectors (U0, a cone's direction), and up or down
refused where the case has no vertical."""

from __future__ import annotations

import pytest

from tasks.foam import dictionary as fd
from tasks.plan.bind import bind_all
from tasks.plan.foam_values import VECTOR
from tasks.plan.stated import read_stated
from tests.conftest import TUTORIALS

needs_tutorials = pytest.mark.skipif(not TUTORIALS.is_dir(), reason="OpenFOAM tutorials not installed")

EULERIAN = "multiphase/interFoam/laminar/vofToLagrangian/eulerianInjection"


def _bind(case: str, solver: str, text: str):
    return bind_all(TUTORIALS / case, solver, text, read_stated(text))


def _vector(raw: str) -> list[float]:
    m = VECTOR.search(raw)
    assert m is not None, raw
    return [float(x) for x in m.groups()]


def _edit(binder, rel: str, entry: list[str]) -> str:
    return next(str(e.value) for e in reversed(binder.edits) if e.file == rel and e.entry == entry)


@needs_tutorials
@pytest.mark.parametrize(
    "text,want",
    [
        ("interFoam eulerianInjection jet, injection velocity 10 m/s downward, endTime 0.01 s", [0, -10, 0]),
        ("Hello, I need please the liquid jet case which is extracting eulerian particles (interFoam, "
         "vofToLagrangian eulerianInjection). The jet is coming down with 10 m/s. I simulate only 0.01 s.",
         [0, -10, 0]),
        ("VOF liquid jet (interFoam) through the plate with the round hole, droplets collected as Eulerian "
         "particles (eulerianInjection): water injected downward at 36 km/h; 10 ms of flow.", [0, -10, 0]),
        ("eulerianInjection with interFoam, liquid jet 12 m/s in -y, endTime 0.005 s", [0, -12, 0]),
        ("eulerianInjection interFoam, the jet at 5 m/s, 0.01 s", [0, -5, 0]),  # no direction: the base's
    ],
)
def test_the_injected_liquids_velocity_is_the_setfields_injectors(text: str, want: list[float]) -> None:
    binder = _bind(EULERIAN, "interFoam", text)
    regions = _edit(binder, "system/setFieldsDict", ["regions"])
    injected = regions[regions.index("volVectorFieldValue U"):]
    assert _vector(injected) == [float(c) for c in want]
    assert not any(e.file.endswith("/U") and "top" in e.entry for e in binder.edits)  # the top patch is no inlet
    assert not binder.not_applied


@needs_tutorials
@pytest.mark.parametrize(
    "text,want",
    [
        ("DPMFoam Goldschmidt, particles injected downward at 0.5 m/s, end 2 ms", [0, 0, -0.5]),
        ("Goldschmidt fluidised bed with DPMFoam; I want the particles to be injected falling with 50 cm/s, "
         "please simulate 0.002 s", [0, 0, -0.5]),
        ("Goldschmidt DPMFoam, particle injection speed 1.64 ft/s in -z, 2 ms", [0, 0, -0.5]),
        ("MPPICFoam injectionChannel, particles injected along +x at 2 m/s, endTime 0.05 s", [2, 0, 0]),
    ],
)
def test_a_particle_injection_direction_goes_to_u0(text: str, want: list[float]) -> None:
    case = "lagrangian/DPMFoam/Goldschmidt" if "Goldschmidt" in text else "lagrangian/MPPICFoam/injectionChannel"
    solver = "DPMFoam" if "DPMFoam" in text else "MPPICFoam"
    binder = _bind(case, solver, text)
    u0 = [e for e in binder.edits if e.entry[-1] == "U0"]
    assert u0, binder.not_applied
    for e in u0:
        assert _vector(str(e.value)) == pytest.approx([float(c) for c in want], rel=1e-3, abs=1e-9)


@needs_tutorials
@pytest.mark.parametrize(
    "case,solver,text,patch,want",
    [
        ("lagrangian/reactingParcelFoam/verticalChannel", "reactingParcelFoam",
         "reactingParcelFoam verticalChannel, inlet velocity 5 m/s upward, end time 0.1 s", "inletCentral", [0, 5, 0]),
        ("incompressible/simpleFoam/pitzDaily", "simpleFoam",
         "pitzDaily with simpleFoam, the air enters from the left at 36 km/h, 100 iterations", "inlet", [10, 0, 0]),
        ("incompressible/simpleFoam/pitzDaily", "simpleFoam",
         "simpleFoam pitzDaily, inlet 10 m/s in +x, 200 iterations", "inlet", [10, 0, 0]),
    ],
)
def test_an_inlet_speed_takes_the_direction_its_words_give(case: str, solver: str, text: str, patch: str,
                                                          want: list[float]) -> None:
    binder = _bind(case, solver, text)
    value = next(str(e.value["value"] if isinstance(e.value, dict) else e.value) for e in binder.edits
                 if e.entry in (["boundaryField", patch, "value"], ["boundaryField", patch]))
    assert _vector(value) == pytest.approx([float(c) for c in want])


@needs_tutorials
def test_down_without_gravity_or_a_2d_plane_is_not_applied_asking_for_the_axis() -> None:
    text = "reactingParcelFoam parcelInBox, parcels injected downward at 2 m/s, end time 0.1 s"
    binder = _bind("lagrangian/reactingParcelFoam/parcelInBox", "reactingParcelFoam", text)
    refused = {n.text: n.reason for n in binder.not_applied}
    assert "2 m/s" in refused and "axis" in refused["2 m/s"]
    assert not any(e.entry[-1] == "U0" for e in binder.edits)


@needs_tutorials
@pytest.mark.parametrize("text", ["reactingParcelFoam hotBoxes, spray injected at 3 m/s along -x, 1 s",
                                  "the hotBoxes case (reactingParcelFoam) with the particles injected in the negative "
                                  "x direction at 300 cm/s, simulate 1 s",
                                  "hotBoxes reactingParcelFoam: parcels 9.84 ft/s towards -x; 1 s"])
def test_a_cone_injections_axes_follow_the_stated_direction(text: str) -> None:
    binder = _bind("lagrangian/reactingParcelFoam/hotBoxes", "reactingParcelFoam", text)
    axes = _edit(binder, "constant/reactingCloud1Properties", ["subModels", "injectionModels", "model1", "positionAxis"])
    pairs = fd.strip_comments(axes).replace("(", " ").replace(")", " ").split()
    assert [float(x) for x in pairs] == [0.3, 0.35, 1.45, -1, 0, 0, 0.6, 0.35, 1.45, -1, 0, 0]
    umag = _edit(binder, "constant/reactingCloud1Properties", ["subModels", "injectionModels", "model1", "Umag"])
    assert float(umag.split()[-1]) == pytest.approx(3, rel=1e-3)


ANNULAR = "compressible/rhoPimpleFoam/RAS/annularThermalMixer"


@needs_tutorials
@pytest.mark.parametrize(
    "text",
    [
        "rhoPimpleFoam annularThermalMixer, inner inlet 0.3 m/s at 253.15 K, outer inlet 0.15 m/s at 303.15 K, "
        "endTime 0.01 s",
        "Mixing a cold and a warm air stream in the annular mixer (rhoPimpleFoam annularThermalMixer): inner stream "
        "-20 degC at 30 cm/s, outer stream +30 degC at 15 cm/s (both axial, +z); simulate 10 ms.",
        "annularThermalMixer with rhoPimpleFoam: axial velocity 0.3 m/s at the inner inlet and 0.15 m/s at the "
        "outer inlet, 0.01 s",
    ],
)
def test_an_annular_inlet_keeps_the_axis_its_case_settings_give(text: str) -> None:
    """The inlets read `uniform $:innerInlet.U` from <constant>/caseSettings ((0 0 0.2)): the
    stated speeds are set there, axial (+z), not along x."""
    binder = _bind(ANNULAR, "rhoPimpleFoam", text)
    for patch, speed in (("innerInlet", 0.3), ("outerInlet", 0.15)):
        value = _edit(binder, "constant/caseSettings", [patch, "U"])
        assert _vector(value) == pytest.approx([0.0, 0.0, speed])
