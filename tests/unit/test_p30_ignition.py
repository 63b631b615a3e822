"""Session-30 ignition-site class: the spark of a premixed-combustion case (XiFoam, XiDyMFoam,
XiEngineFoam, PDRFoam) stated in words, as a triple or per axis, in any length and time unit, goes
to constant/combustionProperties `ignitionSites ( { location; diameter; start; duration; strength } )`;
no ignition size or coordinate counts as a size of the domain, and the run's end time stays the
end time. Each bound value is read back from the base's file with the edits written; a location
outside the mesh, an engine start in seconds and values for a base without a site are refused
with why."""

from __future__ import annotations

from pathlib import Path

import pytest

from tasks.foam import dictionary as fd
from tasks.plan.bind import bind_all
from tasks.plan.bind_base import Base
from tasks.plan.stated import read_stated
from tests.conftest import TUTORIALS

needs_tutorials = pytest.mark.skipif(not Path(TUTORIALS).is_dir(), reason="OpenFOAM tutorials not installed")

HOME = "constant/combustionProperties"
SITE = ["ignitionSites", "[0]"]
MORI = ("combustion/XiFoam/RAS/moriyoshiHomogeneous", "XiFoam")
LATTICE = ("combustion/PDRFoam/pipeLattice", "PDRFoam")
OBSTACLES = ("combustion/PDRFoam/flamePropagationWithObstacles", "PDRFoam")
KIVA = ("combustion/XiEngineFoam/kivaTest", "XiEngineFoam")
ANNULAR = ("combustion/XiDyMFoam/annularCombustorTurbine", "XiDyMFoam")
CYLINDER = ("combustion/XiDyMFoam/oscillatingCylinder", "XiDyMFoam")
CAGE = ("preProcessing/PDRsetFields/simplePipeCage", "PDRFoam")
PITZ = ("incompressible/simpleFoam/pitzDaily", "simpleFoam")


def _roles(text: str) -> dict[str, str]:
    return {q.text: q.role for q in read_stated(text)}


@pytest.mark.parametrize("text, expected", [
    ("ignition at (1.5 1.5 0.25) m, kernel diameter 0.2 m, ignition duration 0.02 s; endTime 0.005 s",
     {"(1.5 1.5 0.25) m": "ignition_at_xyz", "0.2 m": "ignition_diameter", "0.02 s": "ignition_duration",
      "0.005 s": "end_time"}),
    ("spark centred 25 cm above the ground (z) at x = y = 150 cm, 20 cm ignition sphere, spark on for 20 ms; "
     "simulate the first five milliseconds.",
     {"25 cm": "ignition_at_z", "150 cm": "ignition_at_xy", "20 cm": "ignition_diameter", "20 ms": "ignition_duration",
      "5 milliseconds": "end_time"}),
    ("Please move the igniter to x = 2 ft, y = 3 ft, z = 1 ft. The spark starts at t = 0.5 ms and lasts 2 ms.",
     {"2 ft": "ignition_at_x", "3 ft": "ignition_at_y", "1 ft": "ignition_at_z",
      "0.5 ms": "ignition_start", "2 ms": "ignition_duration"}),
    ("ignite at 1 ms for 3 ms with a 4 mm kernel; run for 10 ms after ignition",
     {"1 ms": "ignition_start", "3 ms": "ignition_duration", "4 mm": "ignition_diameter", "10 ms": "end_time"}),
    ("the ignition radius is 5 mm and the spark fires at -15 deg for 20 degrees",
     {"5 mm": "ignition_radius", "-15 deg": "ignition_start", "20 degrees": "ignition_duration"}),
    ("a channel 0.2 m high with an inlet at 5 m/s, end time 2 s",
     {"0.2 m": "geometry", "2 s": "end_time"}),
])
def test_ignition_values_get_their_roles(text, expected):
    roles = _roles(text)
    assert {k: roles.get(k) for k in expected} == expected


@pytest.mark.parametrize("text, vector", [
    ("ignition source at (150, 150, 25) cm", [1.5, 1.5, 0.25]),
    ("put the spark at (1 2 0.5)", [1.0, 2.0, 0.5]),
    ("Ignition kernel located (0.03 0 0.091) m", [0.03, 0.0, 0.091]),
])
def test_a_triple_is_one_location_not_three_lengths(text, vector):
    stated = read_stated(text)
    assert [q.role for q in stated] == ["ignition_at_xyz"]
    assert stated[0].vector == pytest.approx(vector)


@pytest.mark.parametrize("text, strength", [
    ("ignition strength 3", 3.0), ("spark with a strength of 12.5", 12.5), ("the igniter: strength = 60", 60.0)])
def test_strength_is_read(text, strength):
    found = [q for q in read_stated(text) if q.role == "ignition_strength"]
    assert [q.value for q in found] == [strength]


def test_no_ignition_delay_is_a_spark():
    assert _roles("chemFoam reactor: ignition delay time 2 ms, end time 0.01 s").get("2 ms") != "ignition_start"


def _bind(case: tuple[str, str], text: str):
    base_dir = Path(TUTORIALS) / case[0]
    binder = bind_all(base_dir, case[1], text, read_stated(text))
    return binder


def _written(binder, case: tuple[str, str], rel: str = HOME) -> str:
    text = Base(Path(TUTORIALS) / case[0]).text(rel) or ""
    for e in binder.edits:
        if e.file == rel:
            text = fd.set_entry(text, e.entry, e.value)
    return text


@needs_tutorials
@pytest.mark.parametrize("case, text, expected", [
    (OBSTACLES, "ignition at (1.5 1.5 0.25) m, kernel diameter 0.2 m, ignition duration 0.02 s; endTime 0.005 s",
     {"location": "(1.5 1.5 0.25)", "diameter": "0.2", "duration": "0.02"}),
    (OBSTACLES, "move the ignition source closer to the ground, to x = 1.5 m, y = 1.5 m, z = 0.25 m. The "
                "ignition kernel has a diameter of 0.2 m and the spark lasts 0.02 s.",
     {"location": "(1.5 1.5 0.25)", "diameter": "0.2", "duration": "0.02"}),
    (MORI, "spark at t = 1 ms, ignition radius 5 mm, ignition strength 3",
     {"start": "0.001", "diameter": "0.01", "strength": "3"}),
    (MORI, "the kernel is 4 mm across and sits at x = 1 mm", {"location": "(0.001 0 0.0005)", "diameter": "0.004"}),
    (LATTICE, "put the ignition point at x = 2 m, y = 2 m, z = 0.5 m with a 5 cm kernel, spark lasting 0.1 s",
     {"location": "(2 2 0.5)", "diameter": "0.05", "duration": "0.1"}),
    (CAGE, "ignition at (1, 1, 0.3) m, kernel diameter 0.15 m", {"location": "(1 1 0.3)", "diameter": "0.15"}),
    (CYLINDER, "igniter at (0.005, 0, 0.0005) m, spark from t = 0.01 s for 0.03 s, strength 8",
     {"location": "(0.005 0 0.0005)", "start": "0.01", "duration": "0.03", "strength": "8"}),
    (ANNULAR, "ignition location (-0.3 0.5 0), ignition diameter 0.02 m, strength 10",
     {"location": "(-0.3 0.5 0)", "diameter": "0.02", "strength": "10"}),
    (KIVA, "spark fires at -10 deg and lasts 25 degrees, ignition kernel diameter 3 mm",
     {"start": "-10", "duration": "25", "diameter": "0.003"}),
    (KIVA, "the spark lasts 2 ms", {"duration": "18"}),  # 1500 rpm: 9000 crank-angle degrees a second
])
def test_each_tutorial_of_the_class_binds_its_site(case, text, expected):
    binder = _bind(case, text)
    assert binder.not_applied == []
    written = _written(binder, case)
    assert {k: fd.get(written, [*SITE, k]) for k in expected} == expected
    bound = {b.stated for b in binder.bindings if b.file == HOME}
    assert bound == {q.text for q in binder._stated if q.role.startswith("ignition_")}


@needs_tutorials
@pytest.mark.parametrize("case, text, words", [
    (OBSTACLES, "ignition at (15 1.5 0.25) m", ["outside the mesh", "x -4.74341649 to 7.74341649 m"]),
    (CYLINDER, "spark at x = 0.2 m", ["outside the mesh", "y -0.006 to 0.006 m"]),
    (KIVA, "ignition starts at 1 ms", ["crank-angle degrees", "in degrees"]),
    (MORI, "spark centred 2 mm above the ground", ["no gravity"]),
    (MORI, "ignition 3 mm", ["not which of its values"]),
    (MORI, "the spark at 5 deg", ["no engine case"]),
    (PITZ, "spark at t = 1 ms, kernel diameter 2 mm", ["has none", "ignitionSites"]),
])
def test_what_cannot_be_bound_is_refused_with_why(case, text, words):
    binder = _bind(case, text)
    reasons = " ".join(n.reason for n in binder.not_applied)
    assert binder.not_applied and all(w in reasons for w in words), reasons
    assert not any(e.file == HOME and "ignitionSites" in e.entry for e in binder.edits)


@needs_tutorials
def test_the_end_time_stays_the_end_time():
    from tasks.plan.architect import plan

    m = plan("PDRFoam flamePropagationWithObstacles: ignition at (1.5 1.5 0.25) m, kernel diameter 0.2 m, "
             "spark on for 20 ms; simulate the first five milliseconds", Path(TUTORIALS))
    ends = [e.value for e in m.edits if e.file == "system/controlDict" and e.entry == ["endTime"]]
    assert ends == ["0.005"] and m.not_applied == [] and not m.substituted
    assert {q.role for q in m.stated} >= {"ignition_at_xyz", "ignition_diameter", "ignition_duration", "end_time"}


@pytest.mark.parametrize("path, value", [
    (["ignitionSites", "[0]", "location"], "(1 2 3)"),
    (["ignitionSites", "[1]", "strength"], "7"),
    (["ignitionSites", "[1]", "diameter"], "0.5"),  # not in the item: inserted
])
def test_unkeyed_list_items_are_read_and_set(path, value):
    text = ("ignitionSites\n(\n    {\n        location (0 0 0);\n        strength 1;\n    }\n"
            "    {\n        location (1 1 1);\n        strength 2;\n    }\n);\nother 1;\n")
    assert fd.items(text, ["ignitionSites"]) == 2
    edited = fd.set_entry(text, path, value)
    assert fd.get(edited, path) == value
    assert fd.get(edited, ["other"]) == "1" and fd.parse_error(edited) is None
    untouched = "[1]" if path[1] == "[0]" else "[0]"
    assert fd.get(edited, ["ignitionSites", untouched, "location"]) == fd.get(text, ["ignitionSites", untouched, "location"])


@needs_tutorials
@pytest.mark.parametrize("text, off", [
    ("ignition location (-0.3 0.5 0), ignition diameter 0.02 m", True),
    ("ignition diameter 0.02 m, spark lasting 0.5 s, strength 20", False),
])
def test_a_site_a_macro_keeps_off_is_said(text, off):
    binder = _bind(ANNULAR, text)
    said = [a for a in binder.assumptions if "does not ignite" in a and "$noIgnitionProperties" in a]
    assert bool(said) == off
    written = _written(binder, ANNULAR)
    assert fd.get(written, [*SITE, "diameter"]) == "0.02" and "$noIgnitionProperties" in fd.block(written, SITE)
