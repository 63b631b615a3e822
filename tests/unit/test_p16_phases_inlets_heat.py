"""The inlet velocity of one phase and a wall heat flux on an Euler-Euler base (session 16): the
phase named next to the value, the entry its inlet condition reads (mapped average,
interstitialInletVelocity inletVelocity, fixedValue value), superficial and interstitial told
apart; the flux on the phase temperature the base heats (fixedMultiPhaseHeatFlux q), or a new
one on the liquid's with the other phases copying it. Probes on the probe-list tutorials."""

from __future__ import annotations

import gzip
from pathlib import Path

import pytest
from foamlib import FoamFile

from tasks.foam import dictionary as fd
from tasks.plan.bind import bind_all
from tasks.plan.bind_parts_phase_words import listed_phases, phase_kind, phase_named
from tasks.plan.bind_phase_heat import pick_phase_field
from tasks.plan.bind_phase_inlets import converted_speed, speed_kind_said
from tasks.plan.stated import read_stated

TUTORIALS = Path("/usr/share/doc/openfoam-examples/examples")
needs_tutorials = pytest.mark.skipif(not TUTORIALS.is_dir(), reason="OpenFOAM tutorials not installed")
BOIL_1D = ("multiphase/reactingTwoPhaseEulerFoam/RAS/wallBoiling1D", "reactingTwoPhaseEulerFoam")
BOIL_2D = ("multiphase/reactingTwoPhaseEulerFoam/RAS/wallBoiling", "reactingTwoPhaseEulerFoam")
BOIL_M = ("multiphase/reactingMultiphaseEulerFoam/RAS/wallBoiling1D_2phase", "reactingMultiphaseEulerFoam")
COLUMN_R = ("multiphase/reactingTwoPhaseEulerFoam/laminar/bubbleColumn", "reactingTwoPhaseEulerFoam")
COLUMN = ("multiphase/twoPhaseEulerFoam/laminar/bubbleColumn", "twoPhaseEulerFoam")
BED = ("multiphase/twoPhaseEulerFoam/laminar/fluidisedBed", "twoPhaseEulerFoam")


def _read(rel: Path) -> str:
    gz = rel.with_name(rel.name + ".gz")
    return gzip.open(gz, "rt").read() if gz.is_file() else rel.read_text()


def _written(binder, base: str, rel: str, tmp_path: Path) -> FoamFile:
    """The base's file with the binder's edits, written and parsed back by foamlib."""
    out = _read(TUTORIALS / base / rel)
    for e in binder.edits:
        if e.file == rel:
            out = fd.set_entry(out, e.entry, e.value)
    path = tmp_path / rel.replace("/", "_")
    path.write_text(out)
    return FoamFile(path)


def _bind(base: tuple[str, str], text: str):
    return bind_all(TUTORIALS / base[0], base[1], text, read_stated(text))


@pytest.mark.parametrize("raw,want", [
    ("(air water)", ["air", "water"]),
    ("(gas liquid)", ["gas", "liquid"]),
    ("( air { rho 1; constantCoeffs { d 3e-3; } } water { rho 1000; } )", ["air", "water"]),
])
def test_the_phases_a_base_lists(raw: str, want: list[str]) -> None:
    assert listed_phases(raw) == want


@pytest.mark.parametrize("words,phases,want", [
    ("water inflow 150 cm/s", ["gas", "liquid"], "liquid"),
    ("gas superficial velocity 0.1 m/s", ["gas", "gas2", "liquid"], "gas"),
    ("the bubbles rise", ["air", "water"], "air"),
    ("air is injected into the water at", ["air", "water"], "air"),
    ("particles", ["air", "particles"], "particles"),
    ("the gas", ["gas", "gas2", "liquid"], "gas"),
    ("vapour", ["gas", "gas2", "liquid"], None),  # two gas phases: which is not said
])
def test_the_phase_words_name(words: str, phases: list[str], want: str | None) -> None:
    assert phase_named(words, phases) == want


@pytest.mark.parametrize("phase,kind", [("air", "gas"), ("gas2", "gas"), ("particles", "solid"),
                                        ("water", "liquid"), ("liquid", "liquid"), ("steam", "gas")])
def test_a_phase_kind_by_its_name(phase: str, kind: str) -> None:
    assert phase_kind(phase) == kind


@pytest.mark.parametrize("speed,said,held,alpha,want", [
    (0.1, "superficial", "interstitial", 0.5, 0.2),
    (1.0, "interstitial", "superficial", 0.25, 0.25),
    (0.3, None, "superficial", None, 0.3),
    (0.3, "superficial", "superficial", None, 0.3),
    (0.1, "superficial", "interstitial", None, None),
])
def test_superficial_and_interstitial_speeds(speed, said, held, alpha, want) -> None:
    got = converted_speed(speed, said, held, alpha)
    assert got == (pytest.approx(want) if want is not None else None)


@pytest.mark.parametrize("words,want", [("superficial gas velocity", "superficial"),
                                        ("the interstitial speed", "interstitial"), ("enters at", None)])
def test_the_kind_of_speed_said(words: str, want: str | None) -> None:
    assert speed_kind_said(words) == want


@needs_tutorials
@pytest.mark.parametrize("base,text", [
    (BOIL_1D, "wallBoiling1D with reactingTwoPhaseEulerFoam: liquid enters at 1.5 m/s"),
    (BOIL_1D, "I want the subcooled water inflow to be 150 cm/s in the wall boiling pipe"),
    (BOIL_M, "reactingMultiphaseEulerFoam wall boiling, inlet velocity of the liquid phase = 1.5 m/s"),
])
def test_a_mapped_phase_inlet_takes_its_average(base, text: str, tmp_path: Path) -> None:
    binder = _bind(base, text)
    parsed = _written(binder, base[0], "0/U.liquid", tmp_path)
    inlet = parsed["boundaryField"]["inlet"]
    assert inlet["type"] == "mapped"
    assert list(inlet["average"]) == pytest.approx([0, 1.5, 0])
    assert not [n for n in binder.not_applied if "m/s" in n.text]


@needs_tutorials
@pytest.mark.parametrize("text,want", [
    ("twoPhaseEulerFoam bubble column, gas superficial velocity 0.1 m/s", 0.2),  # alpha.air 0.5 at the inlet
    ("bubble column: the air enters at 0.1 m/s", 0.1),
    ("Euler bubble column with an interstitial air velocity of 10 cm/s", 0.1),
])
def test_a_fixed_phase_velocity_is_the_interstitial_one(text: str, want: float, tmp_path: Path) -> None:
    binder = _bind(COLUMN, text)
    parsed = _written(binder, COLUMN[0], "0/U.air", tmp_path)
    assert list(parsed["boundaryField"]["inlet"]["value"]) == pytest.approx([0, want, 0])


@needs_tutorials
@pytest.mark.parametrize("text", [
    "fluidised bed twoPhaseEulerFoam, air enters at 0.5 m/s",
    "the fluidising gas has a superficial velocity of 50 cm/s in the twoPhaseEulerFoam fluidised bed",
    "fluidisedBed: air inflow 0.5 m/s through the bottom",
])
def test_an_interstitial_inlet_takes_the_superficial_speed(text: str, tmp_path: Path) -> None:
    binder = _bind(BED, text)
    parsed = _written(binder, BED[0], "0/U.air", tmp_path)
    inlet = parsed["boundaryField"]["inlet"]
    assert inlet["type"] == "interstitialInletVelocity"
    assert list(inlet["inletVelocity"]) == pytest.approx([0, 0.5, 0])


@pytest.mark.parametrize("words,heated,want", [
    ("300 kw/m2 on the heated wall", ["T.liquid"], ["T.liquid"]),
    ("heat flux into the gas", ["T.liquid"], ["T.gas"]),
    ("20 kw/m2 on the walls", [], ["T.liquid"]),
])
def test_the_phase_temperature_a_flux_goes_to(words: str, heated: list[str], want: list[str]) -> None:
    assert pick_phase_field(["T.gas", "T.liquid"], words, heated) == want


@needs_tutorials
@pytest.mark.parametrize("base,text,walls", [
    (BOIL_1D, "reactingTwoPhaseEulerFoam wall boiling case with 300 kW/m2 on the heated wall", ["wall1", "wall2"]),
    (BOIL_1D, "Boiling in a heated channel (wallBoiling1D); the walls receive a heat flux of 30 W/cm2",
     ["wall1", "wall2"]),
    (BOIL_M, "subcooled boiling with reactingMultiphaseEulerFoam, wall heat flux 0.3 MW/m^2", ["wall1", "wall2"]),
    (BOIL_2D, "wallBoiling 2D: heated wall flux 300 kW/m2", ["wall2"]),
    (BOIL_2D, "wall boiling, 300000 W/m2 into wall2", ["wall2"]),
])
def test_a_heat_flux_goes_to_the_heated_phase_walls(base, text: str, walls: list[str], tmp_path: Path) -> None:
    binder = _bind(base, text)
    parsed = _written(binder, base[0], "0/T.liquid", tmp_path)
    for wall in walls:
        assert parsed["boundaryField"][wall]["type"] == "fixedMultiPhaseHeatFlux"
        assert float(parsed["boundaryField"][wall]["q"]) == pytest.approx(3e5)
    assert not [n for n in binder.not_applied if "m2" in n.text or "cm2" in n.text or "m^2" in n.text]


@needs_tutorials
@pytest.mark.parametrize("text", [
    "reactingTwoPhaseEulerFoam bubble column, heat flux of 20 kW/m2 on the walls",
    "I need the bubble column walls heated by 2 W/cm2 (reactingTwoPhaseEulerFoam)",
    "bubbleColumn reacting two-phase Euler, walls: 20000 W/m2",
])
def test_a_new_flux_goes_on_the_liquid_and_the_gas_copies_it(text: str, tmp_path: Path) -> None:
    binder = _bind(COLUMN_R, text)
    water = _written(binder, COLUMN_R[0], "0/T.water", tmp_path)["boundaryField"]["walls"]
    air = _written(binder, COLUMN_R[0], "0/T.air", tmp_path)["boundaryField"]["walls"]
    assert water["type"] == "fixedMultiPhaseHeatFlux" and float(water["q"]) == pytest.approx(2e4)
    assert water["phase"] == "water"
    assert air["type"] == "copiedFixedValue" and air["sourceFieldName"] == "T.water"


@needs_tutorials
def test_a_flux_on_a_solver_without_the_condition_is_refused() -> None:
    binder = _bind(COLUMN, "twoPhaseEulerFoam bubble column with 20 kW/m2 on the walls")
    assert any("fixedMultiPhaseHeatFlux" in n.reason for n in binder.not_applied)
    assert not any(e.file.startswith("0/T.") for e in binder.edits)
