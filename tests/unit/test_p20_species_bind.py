"""Session 20 "species": a mixture stated in any basis (phi, fuel-air ratio, mole or mass
fractions, "75 % air", "N2 3.76 per O2", "fuel mole fraction") lands in the case's own basis
and entry — chemFoam constant/initialConditions, the inlet patches of 0/<species>, XiFoam's
equivalenceRatio, PDRFoam's setFields ft — probed on installed tutorials, three phrasings each;
what cannot be mapped is not applied with its reason."""

from pathlib import Path

import pytest

from tasks.foam import dictionary as fd
from tasks.plan.bind import bind_all
from tasks.plan.species_data import mass_from_mole, mixture_moles, stoichiometric_air_fuel_mass_ratio
from tasks.plan.stated import read_stated

EXAMPLES = Path("/usr/share/doc/openfoam-examples/examples")
pytestmark = pytest.mark.skipif(not EXAMPLES.is_dir(), reason="OpenFOAM tutorials not installed")
GRI, H2, NC7, IC8 = ("combustion/chemFoam/" + t for t in ("gri", "h2", "nc7h16", "ic8h18"))
COUNTERFLOW = "combustion/reactingFoam/laminar/counterFlowFlame2D"
SANDIA = "combustion/reactingFoam/RAS/SandiaD_LTS"
POOL = "combustion/fireFoam/LES/smallPoolFire2D"
XI = "combustion/XiFoam/RAS/moriyoshiHomogeneous"
PDR = "combustion/PDRFoam/pipeLattice"
IC = "constant/initialConditions"


def _bind(tutorial: str, solver: str, text: str):
    return bind_all(EXAMPLES / tutorial, solver, text, read_stated(text))


def _fractions(binder) -> dict[str, float]:
    """The reactor's fractions as the plan leaves them (the last whole-dictionary edit)."""
    last = [e.value for e in binder.edits if e.file == IC and e.entry == ["fractions"]][-1]
    return {s: float(v) for s, v in last.items()}


def _per_o2(fractions: dict[str, float]) -> dict[str, float]:
    return {s: v / fractions["O2"] for s, v in fractions.items()}


def _basis(binder) -> str:
    got = [e.value for e in binder.edits if e.file == IC and e.entry == ["fractionBasis"]]
    return got[-1] if got else "mole"


# --- chemFoam: phi, fuel-air ratio, fractions in any basis ---------------------------------------

@pytest.mark.parametrize("tutorial, text, fuel, phi", [
    (GRI, "chemFoam gri, fuel-air ratio 0.05 by mass, 1 atm, 1400 K", "CH4",
     0.05 * stoichiometric_air_fuel_mass_ratio("CH4")),
    (GRI, "For my project I need the GRI methane reactor where the methane and air are mixed at an air-fuel "
          "ratio of 20 by mass, starting at 1200 K.", "CH4", stoichiometric_air_fuel_mass_ratio("CH4") / 20),
    (GRI, "chemFoam gri methane: FAR 0.0467, 10 bar", "CH4", 0.0467 * stoichiometric_air_fuel_mass_ratio("CH4")),
    (H2, "chemFoam h2, phi = 0.5 hydrogen-air, 1 bar, 1000 K", "H2", 0.5),
    (H2, "Please set up the chemFoam hydrogen reactor with a rich hydrogen/air mixture, equivalence ratio 1.5, "
         "initial temperature 1100 K and pressure 2 atm.", "H2", 1.5),
    (H2, "h2 chemFoam: air/fuel mass ratio 68.1, 900 K", "H2", stoichiometric_air_fuel_mass_ratio("H2") / 68.1),
    (NC7, "chemFoam n-heptane, phi 1.0 in air, 40 bar, 800 K", "NC7H16", 1.0),
    (NC7, "For a homework I must compute the ignition of n-heptane with chemFoam (nc7h16 tutorial), lean, phi 0.6, "
          "in air (N2 3.76 per O2), at 30 bar and 750 K.", "NC7H16", 0.6),
    (NC7, "chemFoam nc7h16: fuel/air equivalence ratio of 0.7, 2.5 MPa, 527 degC", "NC7H16", 0.7),
])
def test_reactor_mixture_from_a_ratio(tutorial, text, fuel, phi):
    binder = _bind(tutorial, "chemFoam", text)
    got = _per_o2(_fractions(binder))
    want = mixture_moles({fuel: 1.0}, round(phi, 4))
    assert _basis(binder) == "mole"
    assert set(got) == set(want)
    for s, v in want.items():
        assert got[s] == pytest.approx(v, rel=2e-3), s
    assert not binder.not_applied


@pytest.mark.parametrize("text, want", [
    ("chemFoam gri, methane-air with fuel mole fraction 0.095, 1 bar, 1500 K", {"CH4": 0.095}),
    ("I'd like the GRI reactor with a methane/air mixture in which the fuel mole fraction is 9.5 %", {"CH4": 0.095}),
    ("chemFoam gri: 9.5 % CH4 by volume in air", {"CH4": 0.095}),
])
def test_a_fuel_fraction_alone_is_filled_with_air(text, want):
    binder = _bind(GRI, "chemFoam", text)
    got = _fractions(binder)
    assert got["CH4"] == pytest.approx(want["CH4"])
    assert got["O2"] / got["N2"] == pytest.approx(21 / 79, rel=1e-3)
    assert sum(got.values()) == pytest.approx(1.0, rel=1e-4)


@pytest.mark.parametrize("text", [
    "chemFoam gri, phi = 0.6 methane in air where air is 21 % O2 and 79 % N2 by volume, 1200 K, 1 bar",
    "GRI chemFoam reactor: equivalence ratio 0.6, methane, air 21 mol% O2 / 79 mol% N2",
    "chemFoam gri with methane at phi 0.6; the oxidiser is air (O2 21 %, N2 79 %)",
])
def test_phi_with_the_air_stated(text):
    binder = _bind(GRI, "chemFoam", text)
    got = _per_o2(_fractions(binder))
    assert got["CH4"] == pytest.approx(0.3)
    assert got["N2"] == pytest.approx(79 / 21, rel=1e-4)


def test_a_mixture_with_its_phi_agreeing_binds_both():
    text = "chemFoam ic8h18, lean phi 0.8 in air (IC8H18 0.064 : O2 1 : N2 3.76 by moles)"
    binder = _bind(IC8, "chemFoam", text)
    assert _fractions(binder) == {"IC8H18": 0.064, "O2": 1.0, "N2": 3.76}
    assert any(b.stated == "0.8" and b.entry == ["fractions", "IC8H18"] for b in binder.bindings)
    assert not binder.not_applied


def test_a_mixture_with_a_phi_that_disagrees_keeps_the_amounts():
    binder = _bind(GRI, "chemFoam", "chemFoam gri: CH4 0.2, O2 0.5, N2 0.5, phi 1.3")
    assert _fractions(binder) == {"CH4": 0.2, "O2": 0.5, "N2": 0.5}
    assert [n.text for n in binder.not_applied] == ["1.3"]


@pytest.mark.parametrize("text, basis, h2", [
    ("chemFoam h2: 10 % H2 and 90 % air by volume, 1000 K", "mole", 0.1),
    ("chemFoam h2 reactor: H2 mole fraction 0.296, rest air, 1000 K", "mole", 0.296),
    ("chemFoam h2: hydrogen mass fraction 0.0283 in air", "mass", 0.0283),
])
def test_reactor_fractions_in_the_stated_basis(text, basis, h2):
    binder = _bind(H2, "chemFoam", text)
    got = _fractions(binder)
    assert _basis(binder) == basis
    assert got["H2"] == pytest.approx(h2)
    assert sum(got.values()) == pytest.approx(1.0, rel=1e-4)
    assert not binder.not_applied


@pytest.mark.parametrize("tutorial, text", [
    (H2, "chemFoam h2 with 5 % methane in air"),
    (H2, "chemFoam h2 with propane at phi 1"),
    (GRI, "chemFoam gri: 60 % CH4, 50 % O2 by mole"),
])
def test_unmappable_mixtures_are_not_applied(tutorial, text):
    binder = _bind(tutorial, "chemFoam", text)
    assert not [e for e in binder.edits if e.file == IC and e.entry[:1] == ["fractions"]]
    assert binder.not_applied


# --- species fields: streams ---------------------------------------------------------------------

def _patch_values(binder) -> dict[tuple[str, str], float]:
    return {(e.file.split("/")[-1], e.entry[1]): float(e.value.split()[-1]) for e in binder.edits
            if e.entry[:1] == ["boundaryField"] and e.entry[-1:] == ["value"] and not e.value.rstrip().endswith(")")}


@pytest.mark.parametrize("text, fuel, air", [
    ("reactingFoam counterFlowFlame2D, fuel inlet CH4 mass fraction 0.8 rest N2, air 23 % O2 by mass",
     {"CH4": 0.8, "N2": 0.2}, {"O2": 0.23, "N2": 0.77}),
    ("counterFlowFlame2D with reactingFoam: fuel side X_CH4 = 0.3, X_N2 = 0.7; oxidiser side 21 % O2 79 % N2 by mole",
     mass_from_mole({"CH4": 0.3, "N2": 0.7}), mass_from_mole({"O2": 0.21, "N2": 0.79})),
    ("In the counter-flow flame I want the fuel stream to be methane diluted with nitrogen, 50 % CH4 and 50 % N2 by "
     "volume.", mass_from_mole({"CH4": 0.5, "N2": 0.5}), None),
])
def test_counterflow_streams(text, fuel, air):
    binder = _bind(COUNTERFLOW, "reactingFoam", text)
    got = _patch_values(binder)
    for s, v in fuel.items():
        assert got[(s, "fuel")] == pytest.approx(v, abs=2e-6)
    for s, v in (air or {}).items():
        assert got[(s, "air")] == pytest.approx(v, abs=2e-6)
    assert not [e for e in binder.edits if "elements" in e.entry]  # "N2" is no N = 2
    assert not binder.not_applied


@pytest.mark.parametrize("text", [
    "SandiaD reactingFoam, fuel jet 25 % CH4 and 75 % air by volume",
    "Sandia flame D with reactingFoam; the main jet is a premixed methane-air mixture at equivalence ratio 3.17",
    "SandiaD_LTS: fuel stream 25 vol% methane, rest air",
])
def test_sandia_fuel_jet_is_its_premixed_inlet_not_the_pilot(text):
    binder = _bind(SANDIA, "reactingFoam", text)
    got = _patch_values(binder)
    assert got[("CH4", "inletCH4")] == pytest.approx(0.1561, abs=5e-4)  # the tutorial's own 25/75 jet
    assert got[("O2", "inletCH4")] == pytest.approx(0.1966, abs=5e-4)
    assert not any(patch == "inletPilot" for _, patch in got)


@pytest.mark.parametrize("text, ch4", [
    ("fireFoam smallPoolFire2D with the fuel inlet 50 % CH4 and 50 % N2 by mass", 0.5),
    ("small pool fire with fireFoam, the fuel is methane diluted with nitrogen, methane mole fraction 0.6",
     mass_from_mole({"CH4": 0.6, "N2": 0.4})["CH4"]),
    ("fireFoam pool fire 2D: fuel 60 mol% CH4 / 40 mol% N2", mass_from_mole({"CH4": 0.6, "N2": 0.4})["CH4"]),
])
def test_pool_fire_fuel(text, ch4):
    binder = _bind(POOL, "fireFoam", text)
    assert _patch_values(binder)[("CH4", "inlet")] == pytest.approx(ch4, abs=2e-6)


def test_oversummed_stream_is_not_applied():
    binder = _bind(COUNTERFLOW, "reactingFoam", "counterFlowFlame2D: fuel inlet CH4 mass fraction 0.6 and N2 mass "
                                                "fraction 0.6")
    assert not _patch_values(binder)
    assert binder.not_applied and "add up to 120 %" in binder.not_applied[0].reason


# --- flamelet cases ------------------------------------------------------------------------------

@pytest.mark.parametrize("text, phi", [
    ("XiFoam moriyoshiHomogeneous with propane at equivalence ratio 0.8", 0.8),
    ("XiFoam moriyoshiHomogeneous, propane-air at a fuel-air mass ratio of 0.05",
     round(0.05 * stoichiometric_air_fuel_mass_ratio("C3H8"), 4)),
    ("Moriyoshi homogeneous bomb in XiFoam: lean propane-air, lambda 1.25", 0.8),
])
def test_xi_equivalence_ratio(text, phi):
    binder = _bind(XI, "XiFoam", text)
    got = [e.value for e in binder.edits if e.entry == ["equivalenceRatio"]]
    assert got and float(got[-1].split()[-1]) == pytest.approx(phi)


@pytest.mark.parametrize("text, phi", [
    ("PDRFoam pipeLattice, methane cloud at equivalence ratio 1.1", 1.1),
    ("PDRFoam pipe lattice explosion with a stoichiometric methane-air cloud", 1.0),
    ("pipeLattice with PDRFoam; the flammable cloud is lean, phi = 0.9", 0.9),
])
def test_pdr_cloud_ft(text, phi):
    binder = _bind(PDR, "PDRFoam", text)
    regions = [e.value for e in binder.edits if e.file == "system/setFieldsDict" and e.entry == ["regions"]]
    assert regions
    ft = float(fd.strip_comments(regions[-1]).split("volScalarFieldValue ft")[1].split(")")[0])
    assert ft == pytest.approx(phi / (phi + 17.1667), rel=1e-5)
    assert not binder.not_applied


@pytest.mark.parametrize("tutorial, text, want", [
    (NC7, "chemFoam n-heptane reactor, the molar ratio NC7H16/O2 is 0.0545 and N2/O2 is 3.76, 20 bar",
     {"NC7H16": 0.0545, "O2": 1.0, "N2": 3.76}),
    (H2, "Hydrogen ignition in chemFoam where H2/O2 = 2 and N2/O2 = 3.76 by moles", {"H2": 2.0, "O2": 1.0, "N2": 3.76}),
    (NC7, "nc7h16 chemFoam: 3.76 mol of N2 and 0.0909 mol of n-heptane per mol of O2",
     {"NC7H16": 0.0909, "O2": 1.0, "N2": 3.76}),
])
def test_species_ratios_to_o2_are_relative_amounts(tutorial, text, want):
    binder = _bind(tutorial, "chemFoam", text)
    assert _fractions(binder) == want
    assert not [e for e in binder.edits if e.file == IC and e.entry[:1] == ["fractions"] and len(e.entry) == 2
                and float(e.value) != want.get(e.entry[1])]
    assert not binder.not_applied


@pytest.mark.parametrize("tutorial, solver, text, field, patch, value", [
    (POOL, "fireFoam", "fireFoam smallPoolFire2D, fuel mass fraction 0.7 with the rest nitrogen", "CH4", "inlet", 0.7),
    (COUNTERFLOW, "reactingFoam", "counterFlowFlame2D: the fuel mole fraction at the fuel inlet is 0.4, diluted with N2",
     "CH4", "fuel", mass_from_mole({"CH4": 0.4, "N2": 0.6})["CH4"]),
    (SANDIA, "reactingFoam", "SandiaD with reactingFoam, fuel mole fraction 0.25 in the main jet, rest air", "CH4",
     "inletCH4", 0.156372),
])
def test_the_fuel_word_in_a_stream(tutorial, solver, text, field, patch, value):
    binder = _bind(tutorial, solver, text)
    assert _patch_values(binder)[(field, patch)] == pytest.approx(value, abs=2e-6)


def test_a_fuel_velocity_is_no_fuel_fraction():
    binder = _bind(COUNTERFLOW, "reactingFoam", "counterFlowFlame2D with the fuel at 0.1 m/s")
    assert not [k for k in _patch_values(binder) if k[0] in ("CH4", "N2", "O2")]
