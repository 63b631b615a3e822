"""Session 19 "pairs": values of a phase or of a pair of phases, probed on installed tutorials in
several phrasings (terse engineer, verbose student, other units / word order / non-native):

1. an Euler-Euler phase's diameter-model entries and residuals ("cap the bubble size at 5 mm":
   IATECoeffs dMax; "smallest diameter 0.2 mm": dMin; "d0 4 mm at p0 1 bar": isothermalCoeffs;
   "residualAlpha of air 1e-5") go to constant/phaseProperties of the phase whose model reads
   them, in `modify` and in the planner's reader; a value no phase's model reads is refused;
2. a surface tension goes to the pair the words name in every layout (compressibleMultiphaseInterFoam's
   thermophysicalProperties `sigmas`, multiphaseInterFoam's transportProperties `sigmas`, the
   Euler solvers' `sigma` / `surfaceTension` lists, interFoam's plain `sigma`), and a pair with a
   fluid the case lacks ("water/glycerol", "oil and air" on water-air) is refused, not written to
   another pair."""

from __future__ import annotations

import re

import pytest

from tasks.foam import dictionary as fd
from tasks.plan.bind_phase_coeffs import phase_coefficients
from tasks.plan.bind_sigma import foreign_pair, said_pair
from tasks.plan.stated import read_stated
from tests.conftest import TUTORIALS
from tests.unit.modify_cases import modify_case, tutorial_case

foamlib = pytest.importorskip("foamlib")

IATE = "multiphase/reactingTwoPhaseEulerFoam/laminar/bubbleColumnIATE"
ISOTHERMAL = "multiphase/twoPhaseEulerFoam/laminar/bubbleColumn"
CMIF = "multiphase/compressibleMultiphaseInterFoam/laminar/damBreak4phase"
MIF = "multiphase/multiphaseInterFoam/laminar/damBreak4phase"
DAMBREAK = "multiphase/interFoam/laminar/damBreak/damBreak"
REACTING = "multiphase/reactingTwoPhaseEulerFoam/laminar/bubbleColumn"
EULER_4 = "multiphase/multiphaseEulerFoam/damBreak4phaseFine"


def _phase_text(tutorial: str) -> str:
    path = TUTORIALS / tutorial / "constant/phaseProperties"
    if not path.is_file():
        pytest.skip(f"OpenFOAM tutorials not installed at {TUTORIALS}")
    return path.read_text()


def _parsed(case, rel: str):
    return foamlib.FoamFile(case / rel)


# --- class 1: a phase's diameter-model entries ---------------------------------------------------

READS = [  # (tutorial, request, {entry path: value}) as the reader finds them
    (IATE, "IATE dMax 5 mm", {("air", "IATECoeffs", "dMax"): 0.005}),
    (IATE, "cap the bubble size at 5 mm", {("air", "IATECoeffs", "dMax"): 0.005}),
    (IATE, "Please change it so that the interfacial-area model may not grow bubbles above 5 mm diameter.",
     {("air", "IATECoeffs", "dMax"): 0.005}),
    (IATE, "maximum bubble diameter 0.005 m, minimum 0.2 mm",
     {("air", "IATECoeffs", "dMax"): 0.005, ("air", "IATECoeffs", "dMin"): 0.0002}),
    (IATE, "dMax = 0.008 m and dMin = 2e-4 m",
     {("air", "IATECoeffs", "dMax"): 0.008, ("air", "IATECoeffs", "dMin"): 0.0002}),
    (IATE, "the largest bubbles 7 mm, smallest bubble size 0.05 mm",
     {("air", "IATECoeffs", "dMax"): 0.007, ("air", "IATECoeffs", "dMin"): 5e-5}),
    (IATE, "residualAlpha of air 1e-5", {("air", "residualAlpha"): 1e-5}),
    (ISOTHERMAL, "isothermal bubble diameter d0 4 mm at p0 1 bar",
     {("air", "isothermalCoeffs", "d0"): 0.004, ("air", "isothermalCoeffs", "p0"): 1e5}),
    (ISOTHERMAL, "reference diameter 2 mm for air, reference pressure 1.2 bar",
     {("air", "isothermalCoeffs", "d0"): 0.002, ("air", "isothermalCoeffs", "p0"): 1.2e5}),
]


@pytest.mark.parametrize(("tutorial", "request_text", "expected"), READS)
def test_phase_coefficients_are_read_for_the_phase_whose_model_reads_them(tutorial, request_text, expected):
    found = phase_coefficients(request_text, read_stated(request_text), _phase_text(tutorial))
    got = {tuple(c.path): c.value for c in found if c.path}
    assert got == pytest.approx(expected)
    assert not [c for c in found if c.reason]


REFUSED = [  # (tutorial, request, words of the reason)
    (ISOTHERMAL, "cap the bubble size at 5 mm", "no dMax"),
    (IATE, "isothermal d0 4 mm", "no phase of the case reads d0"),
    (IATE, "water bubbles dMax 3 mm", "water has no dMax"),
]


@pytest.mark.parametrize(("tutorial", "request_text", "reason"), REFUSED)
def test_an_entry_no_phase_reads_is_refused_with_the_models(tutorial, request_text, reason):
    found = phase_coefficients(request_text, read_stated(request_text), _phase_text(tutorial))
    assert found and all(c.path is None and reason in c.reason for c in found)


def test_sizes_that_say_no_model_entry_are_left_alone():
    text = "air inlet 0.1 m/s, column 0.15 m wide, endTime 2 s"
    assert phase_coefficients(text, read_stated(text), _phase_text(IATE)) == []


MODIFY = [  # (tutorial, request, {entry path: value}) after `modify`
    (IATE, "Please change the IATE bubble column like this: air comes in through the bottom at 0.2 m/s (upward) "
           "instead of 0.1 m/s, and the interfacial-area model may not grow bubbles above 5 mm diameter. Only 1 s "
           "of simulation, the rest of the set-up (smallest diameter 0.1 mm, water at 350 K) stays.",
     {("air", "IATECoeffs", "dMax"): 0.005, ("air", "IATECoeffs", "dMin"): 1e-4}),
    (IATE, "IATE dMax 5 mm", {("air", "IATECoeffs", "dMax"): 0.005}),
    (IATE, "set maximum bubble diameter to 0.006 m and the minimum to 0.2 mm",
     {("air", "IATECoeffs", "dMax"): 0.006, ("air", "IATECoeffs", "dMin"): 2e-4}),
    (IATE, "residualAlpha 1e-5", {("air", "residualAlpha"): 1e-5, ("water", "residualAlpha"): 1e-5}),
    (ISOTHERMAL, "isothermal bubble diameter d0 4 mm at p0 1 bar",
     {("air", "isothermalCoeffs", "d0"): 0.004, ("air", "isothermalCoeffs", "p0"): 1e5}),
]


@pytest.mark.parametrize(("tutorial", "request_text", "expected"), MODIFY)
def test_modify_sets_the_phase_entries_and_the_file_parses_back(tmp_path, tutorial, request_text, expected):
    case = tutorial_case(tmp_path, tutorial)
    plan = modify_case(case, request_text)
    parsed = _parsed(case, "constant/phaseProperties")
    for path, value in expected.items():
        assert float(parsed[path]) == pytest.approx(value)
    assert not [w for w in plan.warnings if "residualAlpha" in w or "mm" in w]


def test_modify_refuses_an_iate_limit_on_a_case_without_iate(tmp_path):
    case = tutorial_case(tmp_path, ISOTHERMAL)
    before = (case / "constant/phaseProperties").read_text()
    with pytest.raises(Exception, match="no dMax"):
        modify_case(case, "cap the bubble size at 5 mm")
    assert (case / "constant/phaseProperties").read_text() == before


# --- class 2: surface tension per pair -----------------------------------------------------------

PAIR_WORDS = [
    ("water-oil surface tension 0.03 N/m", ("water", "oil")),
    ("the interfacial tension between the oil and the water to 30 mN/m", ("oil", "water")),
    ("sigma water/glycerol 0.02 N/m", ("water", "glycerol")),
    ("surface tension 0.07 N/m", None),
]


@pytest.mark.parametrize(("words", "pair"), PAIR_WORDS)
def test_the_pair_the_words_name(words, pair):
    assert said_pair(words) == pair


@pytest.mark.parametrize(("words", "phases", "foreign"), [
    ("sigma water/glycerol 0.02 N/m", ["water", "oil", "mercury", "air"], ("water", "glycerol")),
    ("sigma between oil and air 0.03 N/m", ["water", "air"], ("oil", "air")),
    ("water-oil surface tension 0.03 N/m", ["water", "oil", "mercury", "air"], None),
    ("gas-liquid surface tension 0.06 N/m", ["gas", "liquid"], None),
    ("liquid-gas surface tension 0.06 N/m", ["water", "air"], None),
    ("rho 1.2 kg/m3, sigma 0.07 N/m", ["water", "air"], None),
])
def test_a_pair_with_a_fluid_the_case_lacks(words, phases, foreign):
    assert foreign_pair(words, phases) == foreign


def _sigma_pairs(raw) -> dict[frozenset, float]:
    """{frozenset(pair): value} of a parsed `sigmas` / `sigma` list (foamlib gives a flat list of
    names and numbers, or (names, {sigma ...}) tuples)."""
    items = [tuple(i) for i in raw] if raw and isinstance(raw[0], tuple) else list(zip(raw[::2], raw[1::2]))
    return {frozenset(n for n in names if n != "and"): float(v["sigma"] if isinstance(v, dict) else v)
            for names, v in items}


TENSIONS = [  # (tutorial, request, file, key, pair, value, other pairs keep 0.07)
    (CMIF, "water-oil surface tension 0.03 N/m", "constant/thermophysicalProperties", "sigmas", {"water", "oil"}, 0.03),
    (CMIF, "Please lower the interfacial tension between the oil and the water to 30 mN/m; every other pair keeps "
           "0.07.", "constant/thermophysicalProperties", "sigmas", {"water", "oil"}, 0.03),
    (CMIF, "sigma mercury air = 450 dyn/cm", "constant/thermophysicalProperties", "sigmas", {"mercury", "air"}, 0.45),
    (MIF, "surface tension oil-air 0.025 N/m", "constant/transportProperties", "sigmas", {"oil", "air"}, 0.025),
    (REACTING, "surface tension between air and water 0.065 N/m", "constant/phaseProperties", "surfaceTension",
     {"air", "water"}, 0.065),
    (ISOTHERMAL, "sigma 60 mN/m", "constant/phaseProperties", "sigma", {"air", "water"}, 0.06),
]


@pytest.mark.parametrize(("tutorial", "request_text", "rel", "key", "pair", "value"), TENSIONS)
def test_modify_sets_the_named_pair_only(tmp_path, tutorial, request_text, rel, key, pair, value):
    case = tutorial_case(tmp_path, tutorial)
    modify_case(case, request_text)
    pairs = _sigma_pairs(_parsed(case, rel)[key])
    assert pairs[frozenset(pair)] == pytest.approx(value)
    assert all(v == pytest.approx(0.07) for p, v in pairs.items() if p != frozenset(pair))


@pytest.mark.parametrize(("tutorial", "request_text", "rel"), [
    (CMIF, "sigma water/glycerol 0.02 N/m", "constant/thermophysicalProperties"),
    (DAMBREAK, "set sigma between oil and air to 0.03 N/m", "constant/transportProperties"),
    (EULER_4, "water-oil surface tension 0.03 N/m", "constant/transportProperties"),
])
def test_modify_refuses_a_pair_the_case_lacks(tmp_path, tutorial, request_text, rel):
    case = tutorial_case(tmp_path, tutorial)
    before = fd.strip_comments((case / rel).read_text())
    with pytest.raises(Exception, match=r"no \w+-\w+ interface|keeps no surface tension|name the two phases"):
        modify_case(case, request_text)
    assert re.sub(r"\s+", " ", fd.strip_comments((case / rel).read_text())) == re.sub(r"\s+", " ", before)


# --- a phase layer's height in `modify`: the box of that phase, or said -------------------------

@pytest.mark.parametrize("request_text", [
    "a 5 cm mercury layer beneath the water column",
    "mercury layer 0.05 m high",
    "the mercury layer should be 5 cm thick, water-oil sigma 0.03 N/m",
])
def test_modify_resizes_the_box_of_the_phase_layer(tmp_path, request_text):
    case = tutorial_case(tmp_path, CMIF)
    plan = modify_case(case, request_text)
    sfd = (case / "system/setFieldsDict").read_text()
    assert re.search(r"box\s*\(0 0 -1\)\s*\(0.1461 0.05 1\);\s*fieldValues\s*\(\s*volScalarFieldValue alpha.water 0\s+"
                     r"volScalarFieldValue alpha.oil 0\s+volScalarFieldValue alpha.mercury 1", sfd)
    assert not plan.warnings


def test_modify_says_a_layer_height_no_box_takes(tmp_path):
    case = tutorial_case(tmp_path, CMIF)
    plan = modify_case(case, "the air layer should be 5 cm thick, endTime 0.2 s")
    assert any("5 cm" in w and "air region" in w for w in plan.warnings)


@pytest.mark.parametrize(("tutorial", "request_text"), [
    (IATE, "a column larger than 2 m, endTime 2 s"),
    (IATE, "reference pressure 1 bar"),
    (ISOTHERMAL, "inlet 0.1 m/s, outlet at the top, 1 s"),
])
def test_lengths_and_pressures_that_name_no_phase_entry_are_not_read(tutorial, request_text):
    assert phase_coefficients(request_text, read_stated(request_text), _phase_text(tutorial)) == []


def test_modify_keeps_the_other_pairs_said_kept(tmp_path):
    case = tutorial_case(tmp_path, CMIF)
    plan = modify_case(case, "lower the interfacial tension between water and oil to 0.03 N/m (all other pairs keep "
                             "0.07 N/m)")
    pairs = _sigma_pairs(_parsed(case, "constant/thermophysicalProperties")["sigmas"])
    assert pairs[frozenset({"water", "oil"})] == pytest.approx(0.03)
    assert all(v == pytest.approx(0.07) for p, v in pairs.items() if p != frozenset({"water", "oil"}))
    assert not plan.warnings


def test_a_fluid_the_request_names_again_is_no_foreign_pair():
    text = "dam break with ethanol instead of water, ethanol-air surface tension 0.022 N/m"
    assert foreign_pair("ethanol-air surface tension 0.022 n/m", ["water", "air"], text) is None
    assert foreign_pair("glycerol-air surface tension 0.06 n/m", ["water", "air"], "glycerol-air 0.06") == \
        ("glycerol", "air")
