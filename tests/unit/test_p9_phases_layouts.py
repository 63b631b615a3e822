"""Per-phase properties in every layout the installed multiphase tutorials use: a phase's own
dictionary in transportProperties (interFoam, driftFluxFoam), its block of the `phases ( name
{ ... } )` list (multiphaseInterFoam, multiphaseEulerFoam, with nested dictionaries), and its
thermophysicalProperties.<phase> equation of state, rho or rho0 (compressibleInterFoam, the
Euler-Euler solvers). Values stated in several word orders and units."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tasks.plan.bind import bind_all
from tasks.plan.bind_base import case_text
from tasks.plan.bind_parts import phase_blocks, set_in_phase_block
from tasks.plan.bind_parts_layouts import phase_block_spans, phase_entries, phase_names
from tasks.plan.stated import read_stated

MULTI = Path("/usr/share/doc/openfoam-examples/examples/multiphase")
needs_tutorials = pytest.mark.skipif(not MULTI.is_dir(), reason="OpenFOAM tutorials not installed")

DAM4 = ("multiphaseInterFoam/laminar/damBreak4phase", "multiphaseInterFoam")
EULER4 = ("multiphaseEulerFoam/damBreak4phase", "multiphaseEulerFoam")
DEPTH = ("compressibleInterFoam/laminar/depthCharge2D", "compressibleInterFoam")
ROD = ("compressibleInterFoam/laminar/climbingRod", "compressibleInterFoam")
MIXER_EULER = ("reactingMultiphaseEulerFoam/laminar/mixerVessel2D", "reactingMultiphaseEulerFoam")
COLUMN = ("reactingTwoPhaseEulerFoam/laminar/bubbleColumn", "reactingTwoPhaseEulerFoam")
DAHL = ("driftFluxFoam/RAS/dahl", "driftFluxFoam")
DAM = ("interFoam/laminar/damBreak/damBreak", "interFoam")


def _reader(tutorial: str):
    return lambda rel: case_text(MULTI / tutorial, rel)


@needs_tutorials
@pytest.mark.parametrize(
    "tutorial,key,expect",
    [
        (DAM[0], "rho", {"water": ("entry", "rho"), "air": ("entry", "rho")}),
        (DAHL[0], "rho", {"sludge": ("entry", "rho"), "water": ("entry", "rho")}),
        (DAHL[0], "nu", {"water": ("entry", "nu")}),  # sludge is BinghamPlastic: no nu of its own
        (DAM4[0], "rho", {p: ("list", "rho") for p in ("water", "oil", "mercury", "air")}),
        (EULER4[0], "nu", {p: ("list", "nu") for p in ("water", "oil", "mercury", "air")}),
        (DEPTH[0], "rho", {"water": ("thermo", "rho0")}),  # air is a perfect gas
        (ROD[0], "rho", {"liquid": ("thermo", "rho"), "air": ("thermo", "rho")}),
        (COLUMN[0], "rho", {"water": ("thermo", "rho0")}),
        (MIXER_EULER[0], "rho", {"water": ("thermo", "rho0"), "oil": ("thermo", "rho"),
                                 "mercury": ("thermo", "rho")}),
        (DEPTH[0], "nu", {}),
    ],
)
def test_phase_entries_read_every_layout(tutorial, key, expect):
    got = {e.phase: (e.form, e.key) for e in phase_entries(_reader(tutorial), key)}
    assert got == expect


@needs_tutorials
@pytest.mark.parametrize(
    "tutorial,names",
    [(DAM[0], ["water", "air"]), (DAM4[0], ["water", "oil", "mercury", "air"]),
     (EULER4[0], ["water", "oil", "mercury", "air"]), (DEPTH[0], ["water", "air"]),
     ("twoPhaseEulerFoam/laminar/fluidisedBed", ["particles", "air"])],
)
def test_phase_names_in_the_base_order(tutorial, names):
    assert phase_names(_reader(tutorial)) == names


NESTED = "( water { nu 1e-06; rho 1000; constantCoeffs { d 1e-3; } } oil { nu 1e-06; rho 500; } )"


def test_a_phase_list_with_nested_dictionaries():
    assert list(phase_blocks(NESTED)) == ["water", "oil"]
    assert [n for n, _, _ in phase_block_spans(NESTED)] == ["water", "oil"]
    new = set_in_phase_block(NESTED, "oil", "rho", "900")
    assert new is not None and "rho 900;" in phase_blocks(new)["oil"] and "rho 1000;" in phase_blocks(new)["water"]
    assert "d 1e-3;" in phase_blocks(new)["water"]
    assert set_in_phase_block(NESTED, "oil", "sigma", "1") is None
    assert phase_blocks("(water air)") == {}


def _values(tutorial: tuple[str, str], text: str) -> tuple[dict[str, dict[str, float]], dict[str, str]]:
    """phase -> {key: value} as the plan leaves it, in whichever layout the base keeps it; and the
    values not applied."""
    binder = bind_all(MULTI / tutorial[0], tutorial[1], text, read_stated(text))
    out: dict[str, dict[str, float]] = {}
    for e in binder.edits:
        if not isinstance(e.value, str):
            continue
        if e.entry == ["phases"]:
            for phase, body in phase_blocks(e.value).items():
                for k in ("rho", "nu"):
                    m = re.search(rf"(?:^|[;\s]){k}\s+([^;{{}}]*);", body)
                    if m:
                        out.setdefault(phase, {})[k] = float(m.group(1).split()[-1])
        elif e.file.startswith("constant/thermophysicalProperties.") and e.entry[-1] in ("rho", "rho0"):
            out.setdefault(e.file.rsplit(".", 1)[1], {})["rho"] = float(e.value)
        elif e.file == "constant/transportProperties" and len(e.entry) == 2 and e.entry[1] in ("rho", "nu"):
            out.setdefault(e.entry[0], {})[e.entry[1]] = float(e.value.split()[-1])
    return out, {n.text: n.reason for n in binder.not_applied}


@needs_tutorials
@pytest.mark.parametrize(
    "tutorial,text,expect",
    [
        # the phases list (multiphaseInterFoam): name before value, value before name, for/of, units
        (DAM4, "Oil density 900 kg/m3, mercury 13529 kg/m3.", {"oil": 900, "mercury": 13529}),
        (DAM4, "Make the oil 0.85 g/cm3 and the mercury 13.5 g/cm3, run 1 s.", {"oil": 850, "mercury": 13500}),
        (DAM4, "densities: 1000 kg/m3 for the water, 880 kg/m3 for the oil", {"water": 1000, "oil": 880}),
        (DAM4, "with 870 kg/m^3 oil over 998 kg/m^3 water", {"oil": 870, "water": 998}),
        (DAM4, "rho 1000, 850, 13600 and 1.2 kg/m3", {"water": 1000, "oil": 850, "mercury": 13600, "air": 1.2}),
        (DAM4, "rho 1, 0.85, 13.6 and 0.0012 g/cm3", {"water": 1000, "oil": 850, "mercury": 13600, "air": 1.2}),
        # the phases list with nested dictionaries (multiphaseEulerFoam)
        (EULER4, "Mercury at 13.6 g/cm^3 and oil at 800 kg/m^3, 2 s", {"mercury": 13600, "oil": 800}),
        (EULER4, "the oil: 790 kg/m3; the water: 1000 kg/m3", {"oil": 790, "water": 1000}),
        # one thermophysicalProperties.<phase> per phase (compressibleInterFoam, Euler-Euler)
        (DEPTH, "water density 1025 kg/m3, 0.1 s", {"water": 1025}),
        (DEPTH, "sea water (1.025 g/cm3) with an air bubble", {"water": 1025}),
        (ROD, "liquid density 950 kg/m3 and air 1.1 kg/m3", {"liquid": 950, "air": 1.1}),
        (ROD, "1.15 kg/m3 air above 0.9 g/cm3 liquid", {"air": 1.15, "liquid": 900}),
        (COLUMN, "bubble column, water 998 kg/m3", {"water": 998}),
        (MIXER_EULER, "oil 850 kg/m3 and mercury 13600 kg/m3", {"oil": 850, "mercury": 13600}),
        # a phase's own dictionary (interFoam, driftFluxFoam): value before its phase name
        (DAM, "1025 kg/m3 water, 1.2 kg/m3 air", {"water": 1025, "air": 1.2}),
        (DAHL, "water of 996 kg/m3 and sludge of 1996 kg/m3", {"water": 996, "sludge": 1996}),
    ],
)
def test_densities_land_in_their_phase(tutorial, text, expect):
    values, refused = _values(tutorial, text)
    got = {p: v["rho"] for p, v in values.items() if "rho" in v}
    for phase, rho in expect.items():
        assert got.get(phase) == pytest.approx(rho), (got, refused)
    assert not refused


@needs_tutorials
@pytest.mark.parametrize(
    "tutorial,text,expect",
    [
        (DAM4, "the oil has a kinematic viscosity of 5e-5 m2/s and the water 1e-6 m2/s", {"oil": 5e-5, "water": 1e-6}),
        (EULER4, "kinematic viscosity 2 cSt for the oil, 1 cSt for the water", {"oil": 2e-6, "water": 1e-6}),
    ],
)
def test_viscosities_land_in_their_phase(tutorial, text, expect):
    values, refused = _values(tutorial, text)
    got = {p: v["nu"] for p, v in values.items() if "nu" in v}
    for phase, nu in expect.items():
        assert got.get(phase) == pytest.approx(nu), (got, refused)
    assert not refused


@needs_tutorials
def test_a_perfect_gas_phase_density_is_refused_with_why():
    _, refused = _values(DEPTH, "air density 1.2 kg/m3")
    assert any("air phase has no fixed density" in r for r in refused.values()), refused


@needs_tutorials
def test_three_values_in_order_for_four_phases_are_not_guessed():
    values, refused = _values(DAM4, "rho 1000, 850 and 13600 kg/m3")
    assert not any(v.get("rho") == 850 for v in values.values())
