"""Session 11, phases, on the installed tutorials: the binder's steps for pair-wise surface
tensions, phase fractions, particle mass flows, the box of a named phase, unitless fill levels and
the sizes of a setAlphaFieldDict region (which are no dimension of the domain)."""

from __future__ import annotations

import re

import pytest

from tasks.plan.bind import bind_all
from tasks.plan.stated import read_stated
from tests.conftest import TUTORIALS

MULTI = TUTORIALS / "multiphase"
LAGRANGIAN = TUTORIALS / "lagrangian"
needs_tutorials = pytest.mark.skipif(not MULTI.is_dir(), reason="OpenFOAM tutorials not installed")
_NUMBER = r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?"


def _edit(binder, rel: str, entry: list[str]) -> str | None:
    return next((str(e.value) for e in reversed(binder.edits) if e.file == rel and e.entry == entry), None)


def _bind(path, solver: str, text: str):
    return bind_all(path, solver, text, read_stated(text))


@needs_tutorials
@pytest.mark.parametrize(
    "tutorial,solver,text,rel,key,pair,value",
    [
        ("twoPhaseEulerFoam/laminar/bubbleColumn", "twoPhaseEulerFoam", "bubble column, 65 mN/m surface tension",
         "constant/phaseProperties", "sigma", r"\(air and water\)\s+", 0.065),
        ("reactingTwoPhaseEulerFoam/laminar/bubbleColumn", "reactingTwoPhaseEulerFoam",
         "Surface tension between air and water: 0.06 N/m.", "constant/phaseProperties", "surfaceTension",
         r"\(air and water\)\s*\{[^}]*sigma\s+", 0.06),
        ("multiphaseInterFoam/laminar/damBreak4phase", "multiphaseInterFoam",
         "what if the water-oil interface had 30 dyn/cm?", "constant/transportProperties", "sigmas",
         r"\(water oil\)\s+", 0.03),
    ],
)
def test_surface_tension_into_the_named_pair(tutorial, solver, text, rel, key, pair, value):
    binder = _bind(MULTI / tutorial, solver, text)
    raw = _edit(binder, rel, [key]) or ""
    m = re.search(pair + f"({_NUMBER})", raw)
    assert m and float(m.group(1)) == pytest.approx(value)
    assert not binder.not_applied


@needs_tutorials
def test_surface_tension_of_no_named_pair_is_refused():
    text = "four-phase dam break, multiphaseInterFoam, surface tension 0.05 N/m"
    binder = _bind(MULTI / "multiphaseInterFoam/laminar/damBreak4phase", "multiphaseInterFoam", text)
    assert _edit(binder, "constant/transportProperties", ["sigmas"]) is None
    assert any("which pair" in n.reason for n in binder.not_applied)


@needs_tutorials
@pytest.mark.parametrize(
    "tutorial,solver,text,expect",
    [
        ("reactingTwoPhaseEulerFoam/laminar/mixerVessel2D", "reactingTwoPhaseEulerFoam",
         "The air volume fraction is 0.2 at the start, impeller at 100 rpm.", {"air": 0.2}),
        ("reactingTwoPhaseEulerFoam/laminar/mixerVessel2D", "reactingTwoPhaseEulerFoam",
         "stirred tank with a gas hold-up of 15 %", {"air": 0.15}),
        ("reactingMultiphaseEulerFoam/laminar/mixerVessel2D", "reactingMultiphaseEulerFoam",
         "Initial composition (vol-%): water 50, oil 25, mercury 15, gas hold-up 10.",
         {"water": 0.5, "oil": 0.25, "mercury": 0.15, "air": 0.1}),
    ],
)
def test_phase_fractions_into_alpha_fields(tutorial, solver, text, expect):
    binder = _bind(MULTI / tutorial, solver, text)
    for phase, value in expect.items():
        raw = _edit(binder, f"0/alpha.{phase}", ["internalField"])
        assert raw is not None and float(raw.split()[-1]) == pytest.approx(value), phase
    assert not binder.not_applied


@needs_tutorials
@pytest.mark.parametrize(
    "path,solver,text,rel,value",
    [
        (MULTI / "MPPICInterFoam/twoPhasePachuka", "MPPICInterFoam", "Pachuka tank, solids fed at 720 kg/h",
         "constant/kinematicCloudProperties", 0.2),
        (LAGRANGIAN / "MPPICFoam/injectionChannel", "MPPICFoam", "particles injected at 0.1 kg/s",
         "constant/kinematicCloudProperties", None),
    ],
)
def test_particle_mass_flow_into_the_cloud(path, solver, text, rel, value):
    binder = _bind(path, solver, text)
    found = [e for e in binder.edits if e.file == rel and e.entry[-1] in ("massTotal", "massFlowRate")]
    assert found
    if value is not None:
        assert float(str(found[0].value).split()[-1]) == pytest.approx(value)


@needs_tutorials
@pytest.mark.parametrize(
    "text,top",
    [
        ("multiphaseInterFoam four-phase dam break, mercury layer 0.05 m high", 0.05),
        ("the mercury fills the bottom of the water column to a height of 4 cm", 0.04),
        ("mercury: 6 cm deep", 0.06),
    ],
)
def test_box_of_the_named_phase(text, top):
    binder = _bind(MULTI / "multiphaseInterFoam/laminar/damBreak4phase", "multiphaseInterFoam", text)
    raw = _edit(binder, "system/setFieldsDict", ["regions"]) or ""
    boxes = re.findall(rf"box\s*\(([^)]*)\)\s*\(([^)]*)\)", raw)
    assert any(b[1].split()[:2] == ["0.1461", f"{top:g}"] for b in boxes), boxes
    assert binder.filled


@needs_tutorials
@pytest.mark.parametrize(
    "tutorial,text,axis,level",
    [
        ("interFoam/laminar/testTubeMixer", "test tube: liquid below z = 0", 2, 0.0),
        ("interFoam/laminar/damBreak/damBreak", "dam break, water up to y = 0.1 at the start", 1, 0.1),
        ("interFoam/laminar/capillaryRise", "the meniscus starts at y = 0.006", 1, 0.006),
    ],
)
def test_unitless_fill_level(tutorial, text, axis, level):
    binder = _bind(MULTI / tutorial, "interFoam", text)
    raw = _edit(binder, "system/setFieldsDict", ["regions"]) or ""
    box = [float(x) for x in re.findall(_NUMBER, re.search(r"box[^;]*", raw).group(0))]
    assert box[3 + axis] == pytest.approx(level)


@needs_tutorials
def test_alpha_region_size_counts_as_taken():
    text = "The water disc should have a radius of 0.2 m with its centre at (0.5, 0, 0.7)."
    binder = _bind(MULTI / "interIsoFoam/discInReversedVortexFlow", "interIsoFoam", text)
    assert [q.text for q in binder.filled] == ["0.2 m"]


@needs_tutorials
@pytest.mark.parametrize(
    "tutorial,solver,text,rel,entry,value",
    [
        # properties follow the fluid put in place of the base's phase, in each layout
        ("interFoam/laminar/testTubeMixer", "interFoam", "test tube mixer with oil instead of water",
         "constant/transportProperties", ["water", "nu"], 1e-4),
        ("twoPhaseEulerFoam/laminar/bubbleColumn", "twoPhaseEulerFoam",
         "bubble column; replace the water with a mineral oil", "constant/thermophysicalProperties.water",
         ["mixture", "transport", "mu"], 0.09),
        ("interFoam/laminar/capillaryRise", "interFoam", "capillary rise, the water phase replaced by oil, 0.9 g/cm3",
         "constant/transportProperties", ["water", "nu"], 1e-4),
    ],
)
def test_substituted_fluid_properties_follow(tutorial, solver, text, rel, entry, value):
    binder = _bind(MULTI / tutorial, solver, text)
    raw = _edit(binder, rel, entry)
    assert raw is not None and float(raw.split()[-1]) == pytest.approx(value)


@needs_tutorials
def test_substituted_fluid_without_data_is_reported():
    text = "test tube mixer with glycerol instead of water, 1.26 g/cm3"
    binder = _bind(MULTI / "interFoam/laminar/testTubeMixer", "interFoam", text)
    reasons = [n.reason for n in binder.not_applied]
    assert any("glycerol" in r and "viscosity" in r and "density" not in r.split("keeps")[1] for r in reasons)
