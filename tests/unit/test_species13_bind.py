"""Binding stated compositions into real reacting tutorials: chemFoam's initialConditions, the
species fields of reactingFoam/fireFoam streams, XiFoam's fuel (fresh paraphrases, not probes)."""

from pathlib import Path

import pytest

from tasks.plan.bind import bind_all
from tasks.plan.stated import read_stated

TUTORIALS = Path("/usr/share/doc/openfoam-examples/examples/combustion")
needs_tutorials = pytest.mark.skipif(not TUTORIALS.is_dir(), reason="OpenFOAM tutorials not installed")


def _edits(tutorial, solver, text):
    binder = bind_all(TUTORIALS / tutorial, solver, text, read_stated(text))
    out = {}
    for e in binder.edits:
        if isinstance(e.value, dict):
            out.update({(e.file, *e.entry, k): v for k, v in e.value.items()})
        else:
            out[(e.file, *e.entry)] = e.value
    return out, binder


def _number(raw):
    return float(str(raw).split()[-1])


@needs_tutorials
@pytest.mark.parametrize("tutorial, text, fuel, moles", [
    ("chemFoam/gri", "Could you run a methane/air reactor at phi 0.6, 1 atm, 1200 K?", "CH4", 0.3),
    ("chemFoam/nc7h16", "equivalence ratio: 2\ntemperature: 700 K\npressure: 4 MPa", "NC7H16", 2 / 11),
    ("chemFoam/ic8h18", "lambda 1.25 iso-octane in air at 900 K", "IC8H18", 0.8 / 12.5),
    ("chemFoam/h2", "0.5 is the equivalence ratio of this hydrogen-air ignition run at 1000 K", "H2", 1.0),
])
def test_reactor_mixture_from_the_equivalence_ratio(tutorial, text, fuel, moles):
    edits, _ = _edits(tutorial, "chemFoam", text)
    rel = "constant/initialConditions"
    assert _number(edits[(rel, "fractions", fuel)]) == pytest.approx(moles, rel=1e-4)
    assert _number(edits[(rel, "fractions", "O2")]) == 1
    assert _number(edits[(rel, "fractions", "N2")]) == pytest.approx(3.762, abs=1e-3)


@needs_tutorials
@pytest.mark.parametrize("text, want, basis", [
    ("chemFoam: Y_H2 = 0.03, Y_O2 = 0.2, Y_N2 = 0.77 at 1100 K", {"H2": 0.03, "O2": 0.2, "N2": 0.77}, "mass"),
    ("The reactor holds 4 % H2 and 2 % O2 in argon (by volume) at 1500 K.", {"H2": 0.04, "O2": 0.02, "AR": 0.94}, "mole"),
    ("H2 : O2 : N2 = 2 : 1 : 3.76 at 10 bar", {"H2": 2, "O2": 1, "N2": 3.76}, "mole"),
])
def test_reactor_mixture_from_stated_amounts(text, want, basis):
    edits, binder = _edits("chemFoam/h2", "chemFoam", text)
    rel = "constant/initialConditions"
    got = {k[2]: _number(v) for k, v in edits.items() if k[:2] == (rel, "fractions")}
    assert got == pytest.approx(want, rel=1e-4)
    assert edits.get((rel, "fractionBasis"), "mole") == basis


@needs_tutorials
def test_a_temperature_read_as_a_fraction_goes_to_the_temperature():
    edits, _ = _edits("chemFoam/gri", "chemFoam", "5 % CH4, 20 % O2 and the balance argon by volume at 1600 K, 2 atm")
    assert _number(edits[("constant/initialConditions", "T")]) == 1600
    assert _number(edits[("constant/initialConditions", "fractions", "AR")]) == pytest.approx(0.75)


@needs_tutorials
def test_a_fuel_the_mechanism_lacks_is_not_applied():
    _, binder = _edits("chemFoam/h2", "chemFoam", "propane-air at phi 0.9, 800 K")
    assert any("propane" in n.reason for n in binder.not_applied)


@needs_tutorials
@pytest.mark.parametrize("tutorial, solver, text, patch, want", [
    ("reactingFoam/laminar/counterFlowFlame2D", "reactingFoam",
     "opposed jets; fuel side X_CH4 = 0.25 in nitrogen", "fuel", {"CH4": 0.1603, "N2": 0.8397}),
    ("reactingFoam/laminar/counterFlowFlame2D", "reactingFoam",
     "oxygen-enriched air side: 30 % O2 and 70 % N2 by volume", "air", {"O2": 0.3286, "N2": 0.6714}),
    ("reactingFoam/laminar/counterFlowFlame2D_GRI", "reactingFoam",
     "fuel inlet: CH4 0.8, N2 0.2 (mass). air inlet: O2 0.21, N2 0.79 (mole).", "fuel", {"CH4": 0.8, "N2": 0.2}),
    ("fireFoam/LES/smallPoolFire2D", "fireFoam", "the burner releases a 40/60 CH4/N2 blend by weight", "inlet",
     {"CH4": 0.4}),
])
def test_stream_composition_on_its_inlet(tutorial, solver, text, patch, want):
    edits, _ = _edits(tutorial, solver, text)
    for species, value in want.items():
        assert _number(edits[(f"0/{species}", "boundaryField", patch, "value")]) == pytest.approx(value, abs=2e-4)


@needs_tutorials
def test_the_other_stream_is_left_alone():
    edits, _ = _edits("reactingFoam/laminar/counterFlowFlame2D", "reactingFoam", "fuel: 60 % CH4, 40 % N2 by mass")
    assert not any(k[:3] == ("0/O2", "boundaryField", "air") for k in edits)


@needs_tutorials
@pytest.mark.parametrize("text, fuel, afr", [
    ("premixed methane flame kernel in a box, phi 0.9", "Methane", 17.1),
    ("spark-ignited iso-octane/air, stoichiometric", "IsoOctane", 15.1),
])
def test_flamelet_fuel_and_air_fuel_ratio(text, fuel, afr):
    edits, _ = _edits("XiFoam/RAS/moriyoshiHomogeneous", "XiFoam", text)
    assert edits[("constant/combustionProperties", "fuel")] == fuel
    assert _number(edits[("constant/thermophysicalProperties", "stoichiometricAirFuelMassRatio")]) == \
        pytest.approx(afr, rel=0.01)


@needs_tutorials
@pytest.mark.parametrize("text, kind", [
    ("constant-volume ignition of H2-air at 1000 K", "volume"), ("isochoric bomb, hydrogen, phi 1", "volume"),
    ("an isobaric reactor at 5 bar", None),  # the base's already
])
def test_reactor_constraint(text, kind):
    edits, _ = _edits("chemFoam/h2", "chemFoam", text)
    assert edits.get(("constant/initialConditions", "constantProperty")) == kind


@needs_tutorials
def test_hydrogen_flamelet_switches_correlation():
    edits, _ = _edits("XiFoam/RAS/moriyoshiHomogeneous", "XiFoam", "hydrogen-air premixed kernel at an equivalence ratio of 0.5")
    assert edits[("constant/combustionProperties", "fuel")] == "HydrogenInAir"
    assert edits[("constant/combustionProperties", "laminarFlameSpeedCorrelation")] == "RaviPetersen"


@needs_tutorials
@pytest.mark.parametrize("text, field, value", [
    ("humid air: 2 % H2O by mass in the incoming air", "H2O", 0.02),
])
def test_a_diluent_goes_to_the_only_stream(text, field, value):
    binder = bind_all(TUTORIALS / "reactingFoam/RAS/chokedNozzle", "reactingFoam", text, read_stated(text))
    got = [e.value for e in binder.edits if e.file.endswith(f"/{field}") and e.entry[-1] == "value"]
    assert got and float(str(got[0]).split()[-1]) == pytest.approx(value)
    o2 = [e.value for e in binder.edits if e.file.endswith("/O2") and e.entry[-1] == "value"]
    assert o2 and float(str(o2[0]).split()[-1]) == pytest.approx(0.3 * 0.98)  # the air's O2/N2 kept


@needs_tutorials
def test_no_stream_of_that_kind_leaves_the_amount_alone():
    text = "fuel: 5 % water vapour"
    binder = bind_all(TUTORIALS / "reactingFoam/RAS/chokedNozzle", "reactingFoam", text, read_stated(text))
    assert not any(e.file.endswith("/H2O") for e in binder.edits)


@needs_tutorials
def test_a_stream_of_nothing_is_refused_not_crashed():
    text = "fuel side: CH4 0 and N2 0"
    binder = bind_all(TUTORIALS / "reactingFoam/laminar/counterFlowFlame2D", "reactingFoam", text, read_stated(text))
    assert any("positive amount" in n.reason for n in binder.not_applied)


@needs_tutorials
@pytest.mark.parametrize("tutorial, text, want", [
    ("chemFoam/gri", "methane at phi 0.7 in O2/N2 = 21/79 (by mole), 1200 K", {"CH4": 0.35, "O2": 1, "N2": 79 / 21}),
    ("chemFoam/h2", "hydrogen at an equivalence ratio of 1 in synthetic air (O2 21 %, AR 79 %)", {"H2": 2, "O2": 1,
                                                                                              "AR": 79 / 21}),
    ("chemFoam/gri", "stoichiometric CH4/H2 50/50 fuel blend with air", {"CH4": 0.4, "H2": 0.4, "O2": 1, "N2": 79 / 21}),
])
def test_fuel_blend_or_oxidiser_beside_the_equivalence_ratio(tutorial, text, want):
    edits, binder = _edits(tutorial, "chemFoam", text)
    got = {k[2]: _number(v) for k, v in edits.items() if k[:2] == ("constant/initialConditions", "fractions")}
    assert got == pytest.approx(want, rel=1e-4)
    assert not binder.not_applied


@needs_tutorials
def test_flamelet_air_fuel_ratio_with_a_stated_oxidiser():
    edits, _ = _edits("XiFoam/RAS/moriyoshiHomogeneous", "XiFoam",
                      "premixed propane at phi 0.9 in oxygen-enriched air, O2/N2 = 30/70 by volume")
    assert _number(edits[("constant/thermophysicalProperties", "stoichiometricAirFuelMassRatio")]) == \
        pytest.approx(11.04, rel=2e-3)
