"""Session 12, phases: a fill fraction of a named extent ("60 % of the vessel height"), fills of
bases meshed from an m4 template (their origin), a half-height / bracketed-coordinate fill, a single
density in a base where phases keep their own equation of state (the phase of that order of
magnitude; the thermophysicalProperties.<phase> before a leftover transportProperties), and a mass
whose clause names nothing going to the particle cloud."""

from __future__ import annotations

import re

import pytest

from tasks.plan.bind import bind_all
from tasks.plan.bind_cloud import _mass_of_cloud
from tasks.plan.bind_parts import phase_by_magnitude
from tasks.plan.bind_parts_layouts import phase_entries
from tasks.plan.bind_setfields_extent import fraction_side
from tasks.plan.bind_setfields_fill import fill_statements
from tasks.plan.stated import read_stated
from tests.conftest import TUTORIALS

MULTI = TUTORIALS / "multiphase"
needs_tutorials = pytest.mark.skipif(not MULTI.is_dir(), reason="OpenFOAM tutorials not installed")
_NUMBER = r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?"


@pytest.mark.parametrize(
    "before,after,side",
    [
        ("liquid phase to ", " of vessel height, 0.95 g/cm3", "bottom"),
        ("seawater to ", " of its height, air above", "bottom"),
        ("fill ratio: ", ". ullage: air", "bottom"),
        ("the brine reaches ", " of the tank depth", "bottom"),
        ("water covers ", " of the channel length", "left"),
        ("filling degree ", ", 2 s", "bottom"),
        ("inlet velocity ", " higher", None),
        ("a porosity of ", " in the bed region", None),
    ],
)
def test_fraction_side_from_the_extent_named(before, after, side):
    assert fraction_side(before, after) == side


@pytest.mark.parametrize(
    "value,densities,phase",
    [
        (950, {"liquid": 890, "air": 1}, "liquid"),
        (1.3, {"liquid": 890, "air": 1}, "air"),
        (13600, {"water": 1027, "oil": 684, "mercury": 13529}, "mercury"),
        (850, {"water": 1027, "oil": 684, "mercury": 13529}, None),  # two liquids of that order: not told
        (200, {"liquid": 890, "air": 1}, None),  # neither within a factor 3
        (1000, {}, None),
    ],
)
def test_phase_by_magnitude(value, densities, phase):
    assert phase_by_magnitude(value, densities) == phase


@pytest.mark.parametrize(
    "head,tail,sentence,meant",
    [
        ("", " charged in total", "liquid level 0.45 m; solids 1.8 g/cm3, 300 g charged in total", True),
        ("", "", "ore particles: density 2500 kg/m3, 2 kg", True),
        ("", " of catalyst", "reactor with 5 kg of catalyst", True),
        ("air ", "", "particles in air, air 3 kg", False),
        ("", "", "the tank holds water, 20 kg", False),
    ],
)
def test_a_mass_whose_clause_names_nothing(head, tail, sentence, meant):
    assert _mass_of_cloud("mass", head, tail, sentence) is meant
    assert _mass_of_cloud("mass_flow", head, tail, sentence) is False


@pytest.mark.parametrize(
    "text,value",
    [
        ("Test tube: liquid to mid-height (z = 0); 0.3 s", 0.0),
        ("water filled up to the middle, i.e. z = 0.001", 0.001),
        ("the oil fills the vessel up to - y = 0.25", 0.25),
    ],
)
def test_bracketed_coordinate_is_the_level(text, value):
    levels = [f for f in fill_statements(text, []) if f.kind == "level"]
    assert levels and levels[0].value == pytest.approx(value)


@pytest.mark.parametrize(
    "text,fill",
    [("glycerol up to mid-height", True), ("the water stands at half depth", True),
     ("a probe at mid-height of the wall, 3 s", False)],
)
def test_half_height_words(text, fill):
    found = [f for f in fill_statements(text, [], ("glycerol",)) if f.kind == "fraction" and f.value == 0.5]
    assert bool(found) is fill


def _reader(files: dict[str, str]):
    return lambda rel: files.get(rel)


def test_thermo_phases_before_a_leftover_transport_properties():
    files = {
        "constant/transportProperties": "phases (water air);\nwater { nu 1e-06; rho 998.2; }\nair { nu 1.48e-05; rho 1; }\n",
        "constant/thermophysicalProperties": "phases (water air);\nsigma 0;\n",
        "constant/thermophysicalProperties.water": "mixture { equationOfState { R 3000; rho0 1027; } }\n",
        "constant/thermophysicalProperties.air": "mixture { equationOfState { } }\n",
    }
    found = phase_entries(_reader(files), "rho")
    assert [(e.phase, e.file, e.form) for e in found] == [("water", "constant/thermophysicalProperties.water", "thermo")]
    del files["constant/thermophysicalProperties"]  # interFoam: transportProperties is read
    assert [e.form for e in phase_entries(_reader(files), "rho")] == ["entry", "entry"]


def _edit(binder, rel: str, entry: list[str]) -> str | None:
    return next((str(e.value) for e in reversed(binder.edits) if e.file == rel and e.entry == entry), None)


def _box(binder) -> list[float]:
    raw = _edit(binder, "system/setFieldsDict", ["regions"]) or ""
    m = re.search(r"box\s*\(([^)]*)\)\s*\(([^)]*)\)", raw)
    assert m, raw
    return [float(x) for x in m.group(1).split()] + [float(x) for x in m.group(2).split()]


@needs_tutorials
@pytest.mark.parametrize(
    "tutorial,solver,text,index,level",
    [
        ("compressibleInterFoam/laminar/climbingRod", "compressibleInterFoam",
         "Rod climbing: liquid phase to 60 % of vessel height, 1 s", 4, 0.066),
        ("interFoam/laminar/sloshingTank2D", "interFoam", "the tank is half full of liquid, 5 s", 5, 5.0),
        ("compressibleInterDyMFoam/laminar/sloshingTank2D", "compressibleInterDyMFoam",
         "water filled to 35 % of the tank height", 5, 0.5),
        ("interFoam/laminar/sloshingTank3D", "interFoam", "Fill ratio: 25 %. End time 2 s.", 5, -2.5),
        ("interIsoFoam/damBreak", "interIsoFoam", "60 % of its height: that is how high the water column stands.",
         4, 0.3504),
        ("interFoam/laminar/testTubeMixer", "interFoam", "liquid to mid-height (z = 0); 0.3 s", 5, 0.0),
        # "0" read as a start time as well: the fill still applies
        ("interFoam/laminar/testTubeMixer", "interFoam", "glycerol in place of water, filled up to z = 0; 300 ms.",
         5, 0.0),
    ],
)
def test_fill_fraction_of_a_named_extent(tutorial, solver, text, index, level):
    binder = bind_all(MULTI / tutorial, solver, text, read_stated(text))
    assert _box(binder)[index] == pytest.approx(level, abs=1e-6)


@needs_tutorials
@pytest.mark.parametrize(
    "tutorial,solver,text,rel,value",
    [
        ("compressibleInterFoam/laminar/climbingRod", "compressibleInterFoam",
         "Rod climbing, 0.95 g/cm3, 1200 cP; 2 s", "constant/thermophysicalProperties.liquid", 950),
        ("compressibleInterDyMFoam/laminar/sloshingTank2D", "compressibleInterDyMFoam",
         "compressible sloshing tank, density 1030 kg/m3, 1 s", "constant/thermophysicalProperties.water", 1030),
        ("compressibleMultiphaseInterFoam/laminar/damBreak4phase", "compressibleMultiphaseInterFoam",
         "four-phase dam break where the heavy phase is at 13.6 g/cm3", "constant/thermophysicalProperties.mercury",
         13600),
        ("reactingMultiphaseEulerFoam/laminar/bubbleColumn", "reactingMultiphaseEulerFoam",
         "what if the density is 62.4 lb/ft3?", "constant/thermophysicalProperties.water", 999.5),
    ],
)
def test_one_density_goes_to_the_phase_of_its_magnitude(tutorial, solver, text, rel, value):
    binder = bind_all(MULTI / tutorial, solver, text, read_stated(text))
    edited = [e for e in binder.edits if e.file == rel and e.entry[-1] in ("rho", "rho0")]
    assert edited and float(str(edited[-1].value)) == pytest.approx(value, rel=1e-3)
    assert not [n for n in binder.not_applied if "density" in n.reason or "single-phase" in n.reason]


@pytest.mark.parametrize(
    "text,expected",
    [
        ("reactingMultiphaseEulerFoam mixer vessel 2D: 35 vol-% water, 35 vol-% oil, 20 vol-% mercury, rest air (10 %)",
         {"water": 0.35, "oil": 0.35, "mercury": 0.2, "air": 0.1}),
        ("Could the 2D mixer start with half water, a quarter oil, a tenth mercury and 15 % air?",
         {"water": 0.5, "oil": 0.25, "mercury": 0.1, "air": 0.15}),
        ("3D tank, composition by volume: two thirds water, one third oil",
         {"water": 2 / 3, "oil": 1 / 3}),
        ("the lower half water, the rest air", {}),  # a side of the domain: a fill, not a fraction
    ],
)
def test_phase_fractions_in_words_and_no_name_numbers(text, expected):
    from tasks.plan.bind_parts_fractions import phase_fractions

    got = {f.phase: f.value for f in phase_fractions(text, ["air", "mercury", "oil", "water"])}
    assert got == pytest.approx(expected)
