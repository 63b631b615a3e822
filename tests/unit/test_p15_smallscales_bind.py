"""Small lengths and part-of-run times bound to their entries in installed tutorials (read back
by the binder's edits), or not applied with what the base lacks; never the geometry's or endTime."""

from __future__ import annotations

from pathlib import Path

import pytest

from tasks.plan.bind import bind_all
from tasks.plan.bind_durations import stretch_profile, timed_sources
from tasks.plan.select_dimensions import describes_domain
from tasks.plan.stated import read_stated

TUTORIALS = Path("/usr/share/doc/openfoam-examples/examples")
needs_tutorials = pytest.mark.skipif(not TUTORIALS.is_dir(), reason="OpenFOAM tutorials not installed")


def _bound(tutorial: str, solver: str, text: str) -> tuple[dict[str, tuple[str, str, str]], dict[str, str]]:
    binder = bind_all(TUTORIALS / tutorial, solver, text, read_stated(text))
    bound: dict[str, tuple[str, str, str]] = {}
    for b in binder.bindings:  # the first place a value went
        bound.setdefault(b.stated, (b.file, "/".join(b.entry), b.value))
    return bound, {n.text: n.reason for n in binder.not_applied}


@needs_tutorials
@pytest.mark.parametrize("tutorial, solver, text, said, file, entry, value", [
    # a liquid film's thickness: finite-area h, surface film deltaf
    ("finiteArea/liquidFilmFoam/cylinder", "liquidFilmFoam", "liquidFilmFoam cylinder, initial film thickness 0.2 mm, "
     "run 2 s", "0.2 mm", "0/h", "internalField", "uniform 0.0002"),
    ("finiteArea/liquidFilmFoam/cylinder", "liquidFilmFoam", "I would like a thin liquid film over a cylinder; the "
     "film should start with a thickness of 0.5 millimetres everywhere.", "0.5 millimetres", "0/h", "internalField",
     "uniform 0.0005"),
    ("finiteArea/liquidFilmFoam/cylinder", "liquidFilmFoam", "film fed at the inlet 300 micron thick",
     "300 micron", "0/h", "boundaryField/inlet/value", "uniform 0.0003"),
    ("lagrangian/reactingParcelFoam/splashPanel", "reactingParcelFoam", "splashPanel with a surface film of 0.1 mm "
     "initial thickness, run 0.5 s", "0.1 mm", "0.orig/wallFilmRegion/deltaf", "internalField", "uniform 0.0001"),
    # a roughness on smooth k wall functions
    ("incompressible/simpleFoam/pitzDaily", "simpleFoam", "pitzDaily with rough walls, Ks = 0.5 mm", "0.5 mm",
     "0/nut", "boundaryField/upperWall/Ks", "uniform 0.0005"),
    # injection times: cloud duration and SOI, fvOptions source timing
    ("lagrangian/reactingParcelFoam/verticalChannel", "reactingParcelFoam", "particle diameter 50 microns, inject for "
     "0.01 s, end time 0.03 s", "0.01 s", "constant/reactingCloud1Properties",
     "subModels/injectionModels/model1/duration", "0.01"),
    ("lagrangian/sprayFoam/aachenBomb", "sprayFoam", "droplets of 20 um injected over 5 ms, starting at 1 ms, "
     "simulate 20 ms", "1 ms", "constant/sprayCloudProperties", "subModels/injectionModels/model1/SOI", "0.001"),
    ("multiphase/twoPhaseEulerFoam/laminar/injection", "twoPhaseEulerFoam", "inject air for 2 s starting at 0.5 s, "
     "end time 5 s", "2 s", "constant/fvOptions", "injector1/duration", "2"),
    ("multiphase/twoPhaseEulerFoam/laminar/injection", "twoPhaseEulerFoam", "Air is injected for 2 seconds; it starts "
     "at 0.5 s. End time 5 s.", "5 s", "system/controlDict", "endTime", "5"),
    ("incompressible/pisoFoam/LES/pitzDaily", "pisoFoam", "begin averaging at 0.05 s and stop at 0.1 s", "0.05 s",
     "system/controlDict", "functions/fieldAverage1/timeStart", "0.05"),
])
def test_bound(tutorial: str, solver: str, text: str, said: str, file: str, entry: str, value: str) -> None:
    bound, _ = _bound(tutorial, solver, text)
    assert bound.get(said) == (file, entry, value)


@needs_tutorials
@pytest.mark.parametrize("tutorial, solver, text, said, why", [
    ("multiphase/interFoam/laminar/damBreak/damBreak", "interFoam", "dam break, wall roughness height 0.2 mm",
     "0.2 mm", "laminar"),
    ("lagrangian/MPPICFoam/column", "MPPICFoam", "particles 0.3 mm, particles released over 0.2 s, run 1 s",
     "0.2 s", "manualInjection"),
    ("incompressible/porousSimpleFoam/angledDuct/explicit", "porousSimpleFoam", "porous layer 5 mm thick", "5 mm",
     "cellZone"),
    ("incompressible/icoFoam/cavity/cavity", "icoFoam", "cavity with a 0.1 mm oil film on the lid", "0.1 mm",
     "no film"),
    ("incompressible/pimpleFoam/RAS/TJunction", "pimpleFoam", "TJunction, start averaging at 0.1 s, run 1 s",
     "0.1 s", "fieldAverage"),
    ("lagrangian/coalChemistryFoam/simplifiedSiwek", "coalChemistryFoam", "limestone injection lasting 10 ms",
     "10 ms", "manualInjection"),
])
def test_not_applied_with_what_is_missing(tutorial: str, solver: str, text: str, said: str, why: str) -> None:
    bound, refused = _bound(tutorial, solver, text)
    assert said not in bound
    assert why in refused.get(said, "")


def test_stretch_profile_keeps_shape_and_sentinel() -> None:
    raw = "table ((0 0.1) (0.001 5) (0.00125 3) (0.001251 0) (1000 0))"
    assert stretch_profile(raw, 0.00125, 0.0025) == "table ((0 0.1) (0.002 5) (0.0025 3) (0.002502 0) (1000 0))"
    assert stretch_profile("constant 5", 1, 2) is None


def test_timed_sources_leave_constraints() -> None:
    text = ("inj { timeStart 0.1; duration 5; }\noptions { m { type scalarSemiImplicitSource; $inj; } }\n"
            "ign { type fixedTemperatureConstraint; timeStart 0.1; duration 0.4; }\n")
    assert timed_sources(text) == [["inj"]]


@pytest.mark.parametrize("text, said", [
    ("I would like to simulate a thin liquid film over a cylinder; the film should start with a thickness of "
     "0.5 millimetres everywhere.", "0.5 millimetres"),
    ("a 0.3 mm thick water film runs down the wall", "0.3 mm"),
    ("walls of 0.2 mm roughness height", "0.2 mm"),
    ("bubbles of 4 mm rise through the column", "4 mm"),
])
def test_small_lengths_do_not_describe_the_domain(text: str, said: str) -> None:
    q = next(q for q in read_stated(text) if q.text == said)
    assert not describes_domain(text, q)


@needs_tutorials
@pytest.mark.parametrize("text, walls", [
    ("steady simpleFoam pitzDaily, sand grain roughness of 0.3 millimetres on the lower wall", ["lowerWall"]),
    ("pitzDaily, Ks 0.3 mm", ["upperWall", "lowerWall"]),
    ("all walls rough: 300 micrometre equivalent roughness", ["upperWall", "lowerWall"]),
])
def test_rough_walls_named(text: str, walls: list[str]) -> None:
    binder = bind_all(TUTORIALS / "incompressible/simpleFoam/pitzDaily", "simpleFoam", text, read_stated(text))
    rough = [b.entry[1] for b in binder.bindings if b.entry[-1] == "Ks"]
    assert rough == walls
