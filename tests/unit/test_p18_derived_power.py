"""A burner's power in a combustion case is its fuel mass flow, mdot = Q / dHc, with the lower
heat of combustion from the case's own reaction and JANAF data (else canonical/heats_of_combustion.
yaml); a mass flow stated beside it wins and checks it; never a wall's heat load. A start
temperature said of the hall and the panels also starts the fire case's panel region, keeping
every patch entry of its field."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tasks.foam import dictionary as fd
from tasks.plan.bind import bind_all
from tasks.plan.bind_power_burner import consistent, fuel_fraction, mass_flow_of_power
from tasks.plan.bind_power_fuel import case_fuel, heat_of_combustion, reaction_sides, table_heats
from tasks.plan.bind_power_regions import region_words, regions_named, same_number
from tasks.plan.stated import read_stated

EXAMPLES = Path("/usr/share/doc/openfoam-examples/examples")
FIRE = EXAMPLES / "combustion/fireFoam/LES"
_needs_tutorials = pytest.mark.skipif(not EXAMPLES.is_dir(), reason="OpenFOAM tutorials not installed")
PANELS = "oppositeBurningPanels"  # burner flowRateInletVelocity massFlowRate 0.001294 kg/s (60 kW C3H8)
POOL3D = "smallPoolFire3D"  # inlet fixedValue 0.01 m/s of CH4
POOL2D = "smallPoolFire2D"  # 2-D, inlet fixedValue 0.05 m/s of CH4


# --- pure ------------------------------------------------------------------------------------------

@pytest.mark.parametrize("reaction, sides", [
    ("C3H8 + 5O2 + 18.8N2 = 3CO2 + 4H2O + 18.8N2",
     ({"C3H8": 1.0, "O2": 5.0, "N2": 18.8}, {"CO2": 3.0, "H2O": 4.0, "N2": 18.8})),
    ("CH4 + 2O2 = CO2 + 2H2O", ({"CH4": 1.0, "O2": 2.0}, {"CO2": 1.0, "H2O": 2.0})),
    ("CH4^0.2 + O2 = CO2", None),
    ("A + B", None),
])
def test_reaction_sides(reaction: str, sides: tuple | None) -> None:
    assert reaction_sides(reaction) == sides


@pytest.mark.parametrize("tutorial, fuel, mj_per_kg", [
    (PANELS, "C3H8", 46.4),
    (POOL2D, "CH4", 50.0),
    (POOL3D, "CH4", 50.0),
    ("flameSpreadWaterSuppressionPanel", "C3H8", 46.4),
])
@_needs_tutorials
def test_heat_of_combustion_from_the_case(tutorial: str, fuel: str, mj_per_kg: float) -> None:
    constant = FIRE / tutorial / "constant"
    reactions = (constant / "reactions").read_text()
    assert case_fuel((constant / "thermophysicalProperties").read_text(), reactions) == fuel
    heat, source = heat_of_combustion(fuel, reactions, (constant / "thermo.compressibleGas").read_text())
    assert heat / 1e6 == pytest.approx(mj_per_kg, rel=0.01)
    assert "reaction" in source


def test_heat_of_combustion_falls_back_to_the_table() -> None:
    heat, source = heat_of_combustion("C3H8", "", "")
    assert heat == pytest.approx(46.35e6) and "canonical" in source
    assert heat_of_combustion("UNOBTAINIUM", "", "") is None
    assert table_heats()["CH4"] == pytest.approx(50.0e6)


def test_case_fuel_from_reactions_only() -> None:
    assert case_fuel("", 'r { reaction "CH4 + 2O2 = CO2 + 2H2O"; }') == "CH4"
    assert case_fuel("", "") is None


@pytest.mark.parametrize("raw, fraction", [("uniform 1.0", 1.0), ("uniform 0", 0.0), ("$internalField", 0.0)])
def test_fuel_fraction(raw: str, fraction: float) -> None:
    assert fuel_fraction(raw) == fraction


def test_mass_flow_and_consistency() -> None:
    assert mass_flow_of_power(40e3, 46.35e6) == pytest.approx(0.000863, rel=1e-3)
    assert consistent(40e3, 0.000863, 46.35e6)[0]
    assert not consistent(40e3, 0.001, 46.35e6)[0]
    with pytest.raises(ValueError, match="positive"):
        mass_flow_of_power(-1.0, 46e6)


@pytest.mark.parametrize("sentence, regions, named", [
    ("the test hall and panels start at 20 degc", ["panelRegion"], ["panelRegion"]),
    ("ambient and panel at 68 degf", ["panelRegion"], ["panelRegion"]),
    ("the air starts at 300 k", ["panelRegion"], []),
    ("pyrolysis region at 290 k", ["filmRegion", "pyrolysisRegion"], ["pyrolysisRegion"]),
])
def test_regions_named(sentence: str, regions: list[str], named: list[str]) -> None:
    assert regions_named(sentence, regions) == named
    assert "region" not in region_words("panelRegion")


def test_same_number() -> None:
    assert same_number("uniform 298.15", 298.15) and not same_number("uniform (0 0 0)", 0.0)


# --- through the binder, on the fire tutorials ------------------------------------------------------

def _bind(tutorial: str, text: str):
    return bind_all(FIRE / tutorial, "fireFoam", text, read_stated(text))


def _rate(binder, patch: str) -> float | None:
    for e in reversed(binder.edits):
        if e.file == "0/U" and e.entry == ["boundaryField", patch, "massFlowRate"] and isinstance(e.value, str):
            return float(re.findall(r"[-+]?\d+\.?\d*(?:[eE][-+]?\d+)?", e.value)[-1])
        if e.file == "0/U" and e.entry == ["boundaryField", patch] and isinstance(e.value, dict):
            return float(e.value["massFlowRate"].split()[-1])
    return None


@_needs_tutorials
@pytest.mark.parametrize("text, kw", [
    ("oppositeBurningPanels, burner 40 kW", 40.0),
    ("Please lower the burner of the opposite burning panels case to 136,500 Btu/h.", 40.0042),
    ("oppositeBurningPanels HRR 0.05 MW", 50.0),
    ("fire between panels: the propane burner's heat release rate is 34,400 kcal/h", 39.98),
    ("burner power 60000 W in oppositeBurningPanels", 60.0),
])
def test_burner_power_is_the_fuel_mass_flow(text: str, kw: float) -> None:
    binder = _bind(PANELS, text)
    assert not binder.not_applied
    rate = _rate(binder, "burner")
    assert rate == pytest.approx(kw * 1e3 / 46.45e6, rel=0.005)
    assert not any(e.file == "0/T" and "Q" in str(e.value) for e in binder.edits)  # no wall heat load


@_needs_tutorials
@pytest.mark.parametrize("tutorial, text, kw", [
    (POOL3D, "smallPoolFire3D with a heat release rate of 20 kW", 20.0),
    (POOL2D, "pool fire (smallPoolFire2D), HRR 60 kW", 60.0),
])
def test_pool_fire_power_drives_the_inlet_by_mass_flow(tutorial: str, text: str, kw: float) -> None:
    binder = _bind(tutorial, text)
    assert not binder.not_applied
    assert _rate(binder, "inlet") == pytest.approx(kw * 1e3 / 50.03e6, rel=0.005)


@_needs_tutorials
def test_stated_mass_flow_wins_and_checks_the_power() -> None:
    agree = _bind(PANELS, "burner lowered to 40 kW, which with propane is a mass flow of 0.000863 kg/s")
    assert not agree.not_applied
    assert _rate(agree, "burner") == pytest.approx(0.000863)
    assert any(b.stated == "40 kW" and b.entry[-1] == "massFlowRate" for b in agree.bindings)
    clash = _bind(PANELS, "burner at 60 kW and propane flow 0.002 kg/s")
    assert _rate(clash, "burner") == pytest.approx(0.002)
    assert [n.text for n in clash.not_applied] == ["60 kW"]
    assert any(a.startswith("Warning:") for a in clash.assumptions)


@_needs_tutorials
@pytest.mark.parametrize("text, kelvin", [
    ("the test hall and panels start at 20 degC instead of 25 degC (oppositeBurningPanels)", 293.15),
    ("oppositeBurningPanels: ambient and panels at 68 degF", 293.15),
])
def test_hall_and_panels_start_together(text: str, kelvin: float) -> None:
    binder = _bind(PANELS, text)
    panel = {tuple(e.entry): e.value for e in binder.edits if e.file == "0/panelRegion/T"}
    assert float(panel[("internalField",)].split()[-1]) == pytest.approx(kelvin)
    assert float(panel[("boundaryField", "(region0_to.*)", "value")].split()[-1]) == pytest.approx(kelvin)
    assert all(len(entry) == 1 or entry[-1] == "value" for entry in panel)  # entries only: patches kept


@_needs_tutorials
def test_gas_only_temperature_leaves_the_panels() -> None:
    binder = _bind(PANELS, "oppositeBurningPanels with the air at 300 K")
    assert not any(e.file.startswith("0/panelRegion") for e in binder.edits)


@_needs_tutorials
def test_panel_field_keeps_every_patch_entry() -> None:
    """The edit the plan makes to 0/panelRegion/T, applied to the file, keeps its regex and coupled patches."""
    text = (FIRE / PANELS / "0/panelRegion/T").read_text()
    new = fd.set_entry(text, ["internalField"], "uniform 293.15")
    new = fd.set_entry(new, ["boundaryField", "(region0_to.*)", "value"], "uniform 293.15")
    for patch in (".*", "fRight_zone_side", "fLeft_zone_side", "(region0_to.*)"):
        assert fd.get(new, ["boundaryField", patch, "type"]) == fd.get(text, ["boundaryField", patch, "type"])
