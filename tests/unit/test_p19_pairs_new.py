"""Session 19 "pairs", the planner side (`bind_all` on installed tutorials, several phrasings):
surface tension per pair in every multiphase layout, a pair the case lacks refused, IATE /
isothermal diameter entries and residualAlpha of a phase, a phase layer's height ("a 5 cm mercury
layer") bound to the box of that phase, and a pair-model coefficient whose number another reader
took ("virtual mass coefficient 0.3") bound, not also refused."""

from __future__ import annotations

import re

import pytest

from tasks.plan.bind import bind_all
from tasks.plan.bind_phase_layers import setfields_phases, sizes_phase_region
from tasks.plan.stated import StatedQuantity, read_stated
from tests.conftest import TUTORIALS

CMIF = ("multiphase/compressibleMultiphaseInterFoam/laminar/damBreak4phase", "compressibleMultiphaseInterFoam")
MIF = ("multiphase/multiphaseInterFoam/laminar/damBreak4phase", "multiphaseInterFoam")
DAMBREAK = ("multiphase/interFoam/laminar/damBreak/damBreak", "interFoam")
TWO_PHASE = ("multiphase/twoPhaseEulerFoam/laminar/bubbleColumn", "twoPhaseEulerFoam")
REACTING = ("multiphase/reactingTwoPhaseEulerFoam/laminar/bubbleColumn", "reactingTwoPhaseEulerFoam")
IATE = ("multiphase/reactingTwoPhaseEulerFoam/laminar/bubbleColumnIATE", "reactingTwoPhaseEulerFoam")
EULER_4 = ("multiphase/multiphaseEulerFoam/damBreak4phaseFine", "multiphaseEulerFoam")


def _bind(case: tuple[str, str], text: str):
    if not (TUTORIALS / case[0]).is_dir():
        pytest.skip(f"OpenFOAM tutorials not installed at {TUTORIALS}")
    return bind_all(TUTORIALS / case[0], case[1], text, read_stated(text))


def _edit(binder, rel: str, entry: list[str]) -> str | None:
    return next((str(e.value) for e in reversed(binder.edits) if e.file == rel and e.entry == entry), None)


TENSIONS = [  # (case, request, file, key, the pair's entry as written after)
    (CMIF, "4-phase dam break, water-oil surface tension 0.03 N/m, endTime 0.5 s",
     "constant/thermophysicalProperties", "sigmas", r"\(water oil\)\s+0.03\b"),
    (CMIF, "Four-phase compressible dam break. Please lower the interfacial tension between the oil and the water "
           "to 30 mN/m; every other pair keeps 0.07.", "constant/thermophysicalProperties", "sigmas",
     r"\(water oil\)\s+0.03\b"),
    (CMIF, "Half a second of a four-phase dam break, 30 mN/m between water and oil.",
     "constant/thermophysicalProperties", "sigmas", r"\(water oil\)\s+0.03\b"),
    (MIF, "multiphaseInterFoam damBreak4phase, surface tension oil-air 0.025 N/m", "constant/transportProperties",
     "sigmas", r"\(air oil\)\s+0.025\b"),
    (MIF, "I want the surface tension of air and mercury to be 485 dyn/cm", "constant/transportProperties", "sigmas",
     r"\(air mercury\)\s+0.485\b"),
    (EULER_4, "sigma air/mercury 0.48 N/m", "constant/transportProperties", "sigmas", r"\(air mercury\)\s+0.48\b"),
    (TWO_PHASE, "air-water surface tension 0.06 N/m", "constant/phaseProperties", "sigma",
     r"\(air and water\)\s+0.06\b"),
    (REACTING, "the surface tension between air and water is 65 mN/m", "constant/phaseProperties", "surfaceTension",
     r"sigma\s+0.065\b"),
    (DAMBREAK, "interFoam dam break, water-air surface tension 0.05 N/m", "constant/transportProperties", "sigma",
     r"^0.05$"),
    (DAMBREAK, "surface tension coefficient 72 dyn/cm instead of the default", "constant/transportProperties", "sigma",
     r"^0.072$"),
    (CMIF, "the interfacial tension between water and oil is lowered to 0.03 N/m (all other pairs keep 0.07 N/m), "
           "and the whole tank starts at 303.15 K", "constant/thermophysicalProperties", "sigmas",
     r"\(water oil\)\s+0.03\b"),
    (MIF, "oil-water sigma 0.02 N/m, the remaining pairs stay at 0.07 N/m", "constant/transportProperties", "sigmas",
     r"\(water oil\)\s+0.02\b"),
]


@pytest.mark.parametrize(("case", "text", "rel", "key", "written"), TENSIONS)
def test_surface_tension_goes_to_the_pair_named(case, text, rel, key, written):
    binder = _bind(case, text)
    value = _edit(binder, rel, [key])
    assert value is not None and re.search(written, value.strip(), re.M)
    assert not [n for n in binder.not_applied if "N/m" in n.text or "dyn" in n.text]
    changed = [v for v in re.findall(r"\)\s+([\d.]+)", value) if float(v) != pytest.approx(0.07)]
    assert len(changed) <= 1  # the other pairs keep the base's 0.07


@pytest.mark.parametrize(("case", "text", "reason"), [
    (MIF, "multiphaseInterFoam 4-phase dam break, sigma water/glycerol 0.02 N/m", "no water-glycerol interface"),
    (DAMBREAK, "Dam break (interFoam) with sigma = 0.03 N/m between oil and air", "no oil-air interface"),
    (EULER_4, "water-oil surface tension 0.03 N/m", "its pairs: air-water, air-oil, air-mercury"),
    (CMIF, "sigma 0.05 N/m", "name the two phases"),
])
def test_a_pair_the_case_lacks_is_refused_and_nothing_written(case, text, reason):
    binder = _bind(case, text)
    assert any(reason in n.reason for n in binder.not_applied)
    assert not [e for e in binder.edits if e.entry and e.entry[0] in ("sigma", "sigmas", "surfaceTension")]


COEFFS = [  # (case, request, {(file entry path): value})
    (IATE, "reactingTwoPhaseEulerFoam bubble column with IATE, IATE dMax 5 mm, endTime 1 s",
     {("air", "IATECoeffs", "dMax"): 0.005}),
    (IATE, "Hello, I need the laminar IATE bubble column: bubbles should not grow above 6 mm and the smallest bubble "
           "diameter should be 0.2 mm. End time 2 seconds please.",
     {("air", "IATECoeffs", "dMax"): 0.006, ("air", "IATECoeffs", "dMin"): 0.0002}),
    (IATE, "bubbleColumnIATE, maximum bubble diameter 0.008 m, residualAlpha of air 1e-5, 1 s",
     {("air", "IATECoeffs", "dMax"): 0.008, ("air", "residualAlpha"): 1e-5}),
    (TWO_PHASE, "twoPhaseEulerFoam laminar bubble column, isothermal air bubbles d0 4 mm at p0 1 bar, endTime 5 s",
     {("air", "isothermalCoeffs", "d0"): 0.004, ("air", "isothermalCoeffs", "p0"): 1e5}),
]


@pytest.mark.parametrize(("case", "text", "expected"), COEFFS)
def test_phase_entries_are_bound(case, text, expected):
    binder = _bind(case, text)
    for path, value in expected.items():
        written = _edit(binder, "constant/phaseProperties", list(path))
        assert written is not None and float(written) == pytest.approx(value)
    assert not binder.not_applied


def test_an_iate_limit_on_an_isothermal_case_is_refused():
    binder = _bind(TWO_PHASE, "bubble column, cap the bubble size at 5 mm")
    assert any("no dMax" in n.reason for n in binder.not_applied)
    assert not [e for e in binder.edits if "dMax" in e.entry]


LAYERS = [  # (case, request, the mercury box's top y)
    (CMIF, "Half a second of a four-phase dam break (compressible VOF: water, oil, mercury, air), a 5 cm mercury "
           "layer beneath the water column.", 0.05),
    (CMIF, "4-phase dam break (compressibleMultiphaseInterFoam): the mercury layer is 5 cm thick", 0.05),
    (CMIF, "mercury layer under the water 0.05 m high", 0.05),
    (MIF, "multiphaseInterFoam damBreak4phase, a 3 cm thick layer of mercury under the water", 0.03),
]


@pytest.mark.parametrize(("case", "text", "top"), LAYERS)
def test_a_phase_layer_height_resizes_that_phase_box(case, text, top):
    binder = _bind(case, text)
    regions = _edit(binder, "system/setFieldsDict", ["regions"])
    assert regions is not None
    box = re.search(r"box\s*\(0 0 -1\)\s*\(0.1461 ([\d.e-]+) 1\);\s*fieldValues\s*\([^)]*alpha.water 0\s+"
                    r"volScalarFieldValue alpha.oil 0\s+volScalarFieldValue alpha.mercury 1", regions)
    assert box and float(box.group(1)) == pytest.approx(top)


@pytest.mark.parametrize(("text", "said", "sizes"), [
    ("a 5 cm mercury layer beneath the water column", "5 cm", True),
    ("the mercury layer should be 5 cm thick", "5 cm", True),
    ("water column 0.2 m wide", "0.2 m", True),
    ("the tank is 0.6 m wide", "0.6 m", False),
    ("mesh cells of 5 mm", "5 mm", False),
])
def test_lengths_that_size_a_phase_region(text, said, sizes):
    q = StatedQuantity(text=said, quantity="length", value=0.0, role="geometry")
    assert sizes_phase_region(text, q, ["water", "oil", "mercury", "air"]) is sizes


def test_setfields_phases():
    sfd = "defaultFieldValues ( volScalarFieldValue alpha.air 1 volScalarFieldValue alpha.water 0 );"
    assert setfields_phases(sfd) == ["air", "water"]


def test_a_pair_model_coefficient_read_as_another_quantity_is_bound_not_refused():
    binder = _bind(REACTING, "bubble column where the virtual mass coefficient is 0.3; simulate 1 s.")
    assert re.search(r"Cvm\s+0.3\b", _edit(binder, "constant/phaseProperties", ["virtualMass"]) or "")
    assert not [n for n in binder.not_applied if "0.3" in n.text]
