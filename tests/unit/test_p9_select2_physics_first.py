"""Session-9 select2 classes: the physics a request describes outweighs the words it happens to
share with a tutorial's name ('vertical channel', 'cylinder', 'water channel', 'tank'), and physics
said indirectly (a diaphragm that bursts, a gas pressure ratio, 'no heaters', grains, splashing, a
ship's hull, a liquid let out to a low-pressure region) sets the physics flags. The paraphrases here
are not the session's probes."""

from pathlib import Path

import pytest

from tasks.knowledge.casebase import CaseRecord, FieldInfo
from tasks.plan.select import rank, request_features, tutorial_records
from tasks.plan.select_features import pressure_vaporises
from tasks.plan.select_gasdynamics import barrier_gives_way, compressible_said_indirectly, stated_pressures
from tasks.plan.select_names import without_ruled_out
from tasks.plan.select_openings import has_opening, says_inflow
from tasks.plan.select_words import normal_text

TUTORIALS = Path("/usr/share/doc/openfoam-examples/examples")
needs_tutorials = pytest.mark.skipif(not TUTORIALS.is_dir(), reason="OpenFOAM tutorials not installed")


@pytest.mark.parametrize("text, compressible", [
    ("helium at 5 bar and nitrogen at 1 bar, separated by a thin foil that ruptures", True),
    ("the diaphragm bursts and the gas expands down the pipe", True),
    ("a burst membrane between the driver and the driven section", True),
    ("air at 300 kPa expands into a chamber held at 100 kPa", True),
    ("a reservoir of nitrogen at 90 psi discharging to 14.7 psi", True),
    ("water at 3 bar flows to an outlet at 1 bar", False),  # a liquid: no gas expansion
    ("air at 1.2 bar flows to an outlet at 1 bar", True),  # no choking, but 0.2 bar drives air near Mach 0.5
    ("air at 1.02 bar flows to an outlet at 1 bar", False),  # 2 % of the pressure: the density barely changes
    ("the classic dam-burst experiment with water and air", False),
    ("a pipe with a valve", False),
])
def test_compressible_said_indirectly(text: str, compressible: bool) -> None:
    assert compressible_said_indirectly(text) is compressible


def test_stated_pressures_read_units_and_spelled_numbers() -> None:
    assert stated_pressures("ten bar, 60 psi and 100 kPa") == pytest.approx([1e6, 60 * 6894.76, 1e5])
    assert barrier_gives_way("the partition is removed at t = 0")


@pytest.mark.parametrize("text", [
    "a diaphragm separates two sections of a long tube filled with argon, one ten times the pressure of the other",
    "blast from a small explosion inside a box of air",
    "an under-expanded nitrogen jet leaving a nozzle",
])
def test_compressible_flag_from_indirect_words(text: str) -> None:
    assert request_features(text, None, None).flags.get("compressible") is True


@pytest.mark.parametrize("text", [
    "air flowing through an office, no heaters anywhere, steady",
    "a duct with no heating, turbulent water, steady",
    "an unheated stairwell with a door open, air, steady",
    "everything is at the same temperature; wind blowing around a block of flats",
])
def test_heat_ruled_out_without_the_word_isothermal(text: str) -> None:
    assert request_features(text, None, None).flags.get("energy") is False


@pytest.mark.parametrize("text, flag", [
    ("glass beads conveyed by air along a pipe", "lagrangian"),
    ("sediment settling out of river water in a basin", "lagrangian"),
    ("soot carried in the exhaust of a stove", "lagrangian"),
    ("waves splashing against a harbour wall", "multiphase"),
    ("a boat moving at 3 m/s through calm water", "multiphase"),
])
def test_dispersed_and_free_surface_said_indirectly(text: str, flag: str) -> None:
    assert request_features(text, None, None).flags.get(flag) is True


@pytest.mark.parametrize("text, vaporises", [
    ("a bottle of oil is opened to a low-pressure region", False),
    ("the water vents into a low pressure zone", False),
    ("vapour forms in the low pressure zones on the suction side", True),
    ("the pressure drops below the vapour pressure near the throat", True),
])
def test_low_pressure_destination_is_no_vaporisation(text: str, vaporises: bool) -> None:
    assert pressure_vaporises(normal_text(text)) is vaporises


@pytest.mark.parametrize("text, gone, kept", [
    ("a pipe running full, no free surface, inlet 2 m/s", "surface", "pipe"),
    ("only air, nothing injected, in a vertical channel", "injected", "channel"),
    ("without particles at all in the tank", "particles", "tank"),
    ("a non-reacting jet", None, "jet"),
])
def test_ruled_out_words_name_no_tutorial(text: str, gone: str | None, kept: str) -> None:
    out = without_ruled_out(text)
    assert kept in out
    if gone:
        assert gone not in out


@pytest.mark.parametrize("text, inflow", [
    ("air enters through a grille at 1 m/s", True), ("inlet velocity 3 m/s", True),
    ("U_in = 0.2 m/s", True), ("a closed box heated from below", False), ("a lid-driven cavity", False),
])
def test_says_inflow(text: str, inflow: bool) -> None:
    assert says_inflow(text) is inflow


def _record(patches: dict[str, str]) -> CaseRecord:
    return CaseRecord(case="x/y/z", fields=[FieldInfo(name="U", patches=patches)])


@pytest.mark.parametrize("patches, opening", [
    ({"walls": "noSlip", "frontAndBack": "empty"}, False),
    ({"sides1_half0": "cyclic", "lowerWall": "noSlip"}, False),
    ({"movingWall": "fixedValue", "fixedWalls": "noSlip"}, False),
    ({"inlet": "fixedValue", "outlet": "zeroGradient", "walls": "noSlip"}, True),
    ({"atmosphere": "pressureInletOutletVelocity", "walls": "noSlip"}, True),
    ({}, True),  # unknown: not held against the tutorial
])
def test_has_opening(patches: dict[str, str], opening: bool) -> None:
    assert has_opening(_record(patches)) is opening


@pytest.fixture(scope="module")
def records() -> list[CaseRecord]:
    return tutorial_records(TUTORIALS)


def _top(text: str, records: list[CaseRecord]) -> CaseRecord:
    return rank(request_features(text, None, None), records, limit=1)[0].record


@needs_tutorials
@pytest.mark.parametrize("text, ok", [
    # a name's words shared with a tutorial of other physics (particles, a film, phases) decide nothing
    ("steady natural convection between two vertical plates forming a channel, one plate at 70 C and the "
     "other at 15 C, only air, 800 iterations", lambda r: (r.solver or "").startswith("buoyant")),
    ("transient laminar oil flow around a cylinder with vortex shedding, 8 s",
     lambda r: not r.case.startswith("finiteArea/") and r.solver in ("pimpleFoam", "icoFoam", "pisoFoam")),
    ("a thin foil separating nitrogen at 8 bar from nitrogen at 1 bar ruptures; one dimensional, 3 ms",
     lambda r: r.solver in ("rhoCentralFoam", "sonicFoam", "rhoPimpleFoam")),
    ("a pressurised vessel of water is vented into a low-pressure chamber; pressure waves in the liquid, "
     "compressible liquid, 20 ms", lambda r: r.solver == "sonicLiquidFoam"),
    ("dense stream of glass beads conveyed by air along a channel, 0.5 s",
     lambda r: r.case.startswith("lagrangian/")),
])
def test_physics_outweighs_name_words(text: str, ok, records: list[CaseRecord]) -> None:
    top = _top(text, records)
    assert ok(top), top.case


@pytest.mark.parametrize("text, flags", [
    ("Benard convection cells in a layer of glycerol", {"energy", "buoyancy"}),
    ("a closed cube of nitrogen cooled at the top and warmed from the bottom", {"energy", "buoyancy"}),
    ("convection rolls under a lid, heated at its base by 5 K", {"energy", "buoyancy"}),
    ("a raindrop hitting a puddle", {"multiphase"}),
    ("the mould fills up with molten wax", {"multiphase"}),
    ("a sink draining through its plug hole", {"multiphase"}),
    ("a revolving drum in a housing of air", {"mrf"}),
])
def test_physics_flags_from_everyday_words(text: str, flags: set[str]) -> None:
    got = request_features(text, None, None).flags
    assert all(got.get(f) is True for f in flags), got
