"""Session 14 "species" classes, probed on installed tutorials with several phrasings each:
molar masses in any unit into specie molWeight (kg/kmol), a gas's Cv from a stated Cp and molar
mass, region material properties listed after the region they are for (or ambiguous: not
applied), and an equivalence ratio for one stream of a reacting case with species fields."""

from pathlib import Path

import pytest

from tasks.plan.bind import bind_all
from tasks.plan.bind_props_layout import Site, property_site
from tasks.plan.bind_props_thermo import pick_owner
from tasks.plan.multi_region import last_named_region, named_region
from tasks.plan.species_data import mass_from_mole, mixture_moles
from tasks.plan.species_text import equivalence_ratios, ratio_stream
from tasks.plan.stated import read_stated
from tasks.plan.units import read_at, read_unit

EXAMPLES = Path("/usr/share/doc/openfoam-examples/examples")
needs_tutorials = pytest.mark.skipif(not EXAMPLES.is_dir(), reason="OpenFOAM tutorials not installed")
HEATER = "heatTransfer/chtMultiRegionFoam/multiRegionHeater"
HEATER_REGIONS = {"bottomWater": "fluid", "topAir": "fluid", "heater": "solid", "leftSolid": "solid",
                  "rightSolid": "solid"}


# --- molar mass units ---------------------------------------------------------------------------

@pytest.mark.parametrize("unit, kg_per_mol", [
    ("g/mol", 1e-3), ("kg/kmol", 1e-3), ("kg/mol", 1.0), ("g mol-1", 1e-3), ("g·mol⁻¹", 1e-3),
    ("grams per mole", 1e-3), ("kilograms per kilomole", 1e-3), ("lb/lbmol", 1e-3), ("g/gmol", 1e-3),
    ("kg kmol^-1", 1e-3), ("kg/kgmol", 1e-3), ("G/MOL", 1e-3),
])
def test_molar_mass_units(unit, kg_per_mol):
    got = read_at(unit, 0)
    assert got is not None and got.kind == "molar_mass" and got.end == len(unit)
    assert got.unit.factor == pytest.approx(kg_per_mol)


@pytest.mark.parametrize("unit, kind", [("kg", "mass"), ("kg/s", "mass_flow"), ("g", "mass")])
def test_a_mass_without_a_mole_stays_a_mass(unit, kind):
    assert read_at(unit, 0).kind == kind


def test_an_amount_of_substance_alone_is_no_quantity():
    assert read_unit("mol") is None and read_unit("kmol") is None


@pytest.mark.parametrize("text, value", [
    ("helium, molecular weight 4 g/mol", 0.004),
    ("molar mass 44.01 kg/kmol", 0.04401),
    ("M = 44 g mol-1 and Cp = 846 J/(kg.K)", 0.044),  # "M =" with a unit is no Mach number
    ("argon, whose molar mass is 39.95 grams per mole", 0.03995),
])
def test_molar_masses_are_read_in_si(text, value):
    got = [q for q in read_stated(text) if q.quantity == "molar_mass"]
    assert len(got) == 1 and got[0].value == pytest.approx(value)
    assert not any(q.quantity == "mach" for q in read_stated(text))


_GAS = """thermoType { type hePsiThermo; mixture pureMixture; transport const; thermo eConst;
 equationOfState perfectGas; specie specie; energy sensibleInternalEnergy; }
mixture { specie { molWeight 28.9; } thermodynamics { Cv 712; Hf 0; } transport { mu 1.8e-05; Pr 0.7; } }
"""


def test_molar_mass_goes_to_molweight_in_kg_per_kmol():
    site = property_site(_GAS, "molar_mass", 0.004)
    assert isinstance(site, Site) and site.edits == [(["mixture", "specie", "molWeight"], "4")]


@pytest.mark.parametrize("known, cv", [({}, 5193 - 8314.46 / 28.9), ({"molar_mass": 0.004}, 5193 - 8314.46 / 4)])
def test_a_gas_cv_uses_the_molar_mass_stated_with_it(known, cv):
    site = property_site(_GAS, "specific_heat", 5193.0, known)
    assert isinstance(site, Site)
    assert float(site.edits[0][1]) == pytest.approx(cv, rel=1e-5)


@needs_tutorials
@pytest.mark.parametrize("tutorial, solver, text, weight", [
    ("compressible/rhoCentralFoam/shockTube", "rhoCentralFoam", "shock tube with CO2, M = 44 g mol-1", 44),
    ("compressible/rhoCentralFoam/shockTube", "rhoCentralFoam",
     "Please fill the shock tube with argon, whose molar mass is 39.95 grams per mole.", 39.95),
    ("compressible/rhoCentralFoam/forwardStep", "rhoCentralFoam", "forward step, gas of molar mass 2 kg/kmol", 2),
    ("heatTransfer/buoyantSimpleFoam/hotRadiationRoom", "buoyantSimpleFoam",
     "hot room, air molar mass 0.02896 kg/mol, cp 1.005 kJ/(kg K)", 28.96),
])
def test_molar_mass_binds_to_molweight(tutorial, solver, text, weight):
    binder = bind_all(EXAMPLES / tutorial, solver, text, read_stated(text))
    got = [e.value for e in binder.edits if e.entry[-1:] == ["molWeight"]]
    assert got and float(got[-1]) == pytest.approx(weight)
    assert not binder.not_applied


@needs_tutorials
def test_a_region_molar_mass_goes_to_the_region_named_before_it():
    text = "multi region heater with topAir molar mass 28.96 g/mol and heater density 2700 kg/m3"
    binder = bind_all(EXAMPLES / HEATER, "chtMultiRegionFoam", text, read_stated(text))
    got = {(e.file, e.entry[-1]): e.value for e in binder.edits}
    assert float(got[("constant/topAir/thermophysicalProperties", "molWeight")]) == pytest.approx(28.96)
    assert float(got[("constant/heater/thermophysicalProperties", "rho")]) == 2700
    assert ("constant/heater/thermophysicalProperties", "molWeight") not in got


# --- region properties ------------------------------------------------------------------------

@pytest.mark.parametrize("clause, want", [
    (" the solid is copper (k =", None),  # three solids: the words do not tell which
    (" the heater region is aluminium with conductivity", "heater"),
    (" leftsolid k", "leftSolid"),
    (" the bottom water at", "bottomWater"),
])
def test_named_region_is_none_when_regions_tie(clause, want):
    assert named_region(clause, HEATER_REGIONS, None) == want


@pytest.mark.parametrize("head, want", [
    ("the heater region is aluminium with conductivity 237 w/(m k), density ", "heater"),
    ("topair is 300 k and the heater is copper, k 400 w/mk, ", "heater"),
    ("the solid is copper (k = 400 w/m/k, ", None),
    ("the density ", None),
])
def test_last_named_region(head, want):
    assert last_named_region(head, HEATER_REGIONS) == want


def _region_values(text):
    binder = bind_all(EXAMPLES / HEATER, "chtMultiRegionFoam", text, read_stated(text))
    values = {(e.file.split("/")[1], e.entry[-1]): float(e.value) for e in binder.edits
              if e.file.endswith("thermophysicalProperties") and isinstance(e.value, str)}
    return values, binder


@needs_tutorials
@pytest.mark.parametrize("text", [
    "chtMultiRegionFoam multiRegionHeater, the heater region is aluminium with conductivity 237 W/(m K), "
    "density 2700 kg/m^3 and specific heat 0.897 kJ/kg/K",
    "I want to simulate the multi region heater tutorial. The heater should be made of aluminium, with a thermal "
    "conductivity of 237 W/mK, a density of 2700 kg/m3 and a heat capacity of 897 J/kgK.",
    "multiRegionHeater with the heater being aluminium: k 237 W/m/K; rho 2700 kg/m3; cp 897 J/kg/K",
])
def test_properties_listed_after_the_region_named(text):
    values, binder = _region_values(text)
    assert values[("heater", "kappa")] == 237
    assert values[("heater", "rho")] == 2700
    assert values[("heater", "Cp")] == pytest.approx(897)
    assert not binder.not_applied


@needs_tutorials
def test_properties_of_two_regions_listed_together():
    text = ("multi region heater, heater out of copper (k=390 W/m-K), leftSolid and rightSolid steel with k 16 W/m/K, "
            "rho 7900 kg/m3, Cp 500 J/kg/K")
    values, _ = _region_values(text)
    assert values[("heater", "kappa")] == 390
    for region in ("leftSolid", "rightSolid"):
        assert values[(region, "rho")] == 7900 and values[(region, "Cp")] == 500


@needs_tutorials
def test_the_solids_take_a_property_each():
    values, _ = _region_values("multiRegionHeater, set the thermal conductivity of the solids to 50 W/m/K")
    assert {r for (r, k) in values if k == "kappa"} == {"heater", "leftSolid", "rightSolid"}


@needs_tutorials
def test_the_solid_among_several_is_not_applied_with_the_region_names():
    values, binder = _region_values("multiRegionHeater: the solid is copper (k = 400 W/m/K, rho 8960 kg/m3, "
                                    "cp 385 J/kg/K)")
    assert not values
    assert len(binder.not_applied) == 3
    assert all("heater" in n.reason and "leftSolid" in n.reason for n in binder.not_applied)


@needs_tutorials
@pytest.mark.parametrize("tutorial, text, region", [
    ("heatTransfer/chtMultiRegionFoam/externalSolarLoad", "externalSolarLoad chtMultiRegionFoam: the floor is "
     "concrete, conductivity 1.4 W/(m.K), density 2300 kg/m^3, heat capacity 880 J/(kg K)", "floor"),
    ("heatTransfer/chtMultiRegionFoam/reverseBurner", "reverseBurner with a ceramic solid: 2 W/m/K, 3000 kg/m3, "
     "1 kJ/kg/K", "solid"),
])
def test_region_properties_in_other_tutorials(tutorial, text, region):
    binder = bind_all(EXAMPLES / tutorial, "chtMultiRegionFoam", text, read_stated(text))
    files = {e.file for e in binder.edits if e.entry[-1] in ("kappa", "rho", "Cp")}
    assert files == {f"constant/{region}/thermophysicalProperties"}
    assert not binder.not_applied


@pytest.mark.parametrize("words, want", [
    (["multi region heater with topair molar mass", "", ""], "topAir"),
    (["the heater and then topair", "", ""], "topAir"),
])
def test_pick_owner_reads_joined_names_and_the_nearest(words, want):
    owners = {r: k for r, k in HEATER_REGIONS.items()}
    assert pick_owner(owners, words, set(owners)) == want


# --- equivalence ratio of a stream --------------------------------------------------------------

@pytest.mark.parametrize("text, stream", [
    ("the fuel stream is a rich methane-air mixture at equivalence ratio 1.5", "fuel"),
    ("stoichiometric methane-air premixed at the fuel inlet", "fuel"),
    ("methane-air at phi 0.8", None),
    ("phi 0.8 on the air side", "oxidiser"),
])
def test_ratio_stream(text, stream):
    assert ratio_stream(text, equivalence_ratios(text)[0]) == stream


def _patch_value(binder, field, patch):
    got = [e.value for e in binder.edits if e.file == f"0/{field}" and e.entry == ["boundaryField", patch, "value"]]
    return float(got[-1].split()[-1]) if got else None


@needs_tutorials
@pytest.mark.parametrize("text, phi", [
    ("reactingFoam counterflow flame where the fuel stream is a rich methane-air mixture at equivalence ratio 1.5",
     1.5),
    ("reactingFoam counterflow flame, stoichiometric methane-air premixed at the fuel inlet", 1.0),
    ("counterFlowFlame2D; fuel jet: CH4/air, phi = 2", 2.0),
])
def test_equivalence_ratio_of_the_fuel_stream(text, phi):
    tutorial = EXAMPLES / "combustion/reactingFoam/laminar/counterFlowFlame2D"
    binder = bind_all(tutorial, "reactingFoam", text, read_stated(text))
    want = mass_from_mole(mixture_moles({"CH4": 1.0}, phi))
    for field in ("CH4", "O2", "N2"):
        assert _patch_value(binder, field, "fuel") == pytest.approx(want[field], abs=1e-5)
    assert _patch_value(binder, "O2", "air") is None  # the air stream is left as it is
    assert not binder.not_applied


@needs_tutorials
def test_equivalence_ratio_without_a_premixed_stream_is_not_applied():
    text = "reactingFoam counterFlowFlame2D with methane-air at phi 0.8"
    tutorial = EXAMPLES / "combustion/reactingFoam/laminar/counterFlowFlame2D"
    binder = bind_all(tutorial, "reactingFoam", text, read_stated(text))
    assert [n.text for n in binder.not_applied] == ["0.8"]
    assert "premixed" in binder.not_applied[0].reason
    assert _patch_value(binder, "CH4", "fuel") is None


# --- a fuel "in air" and percents by mole -----------------------------------------------------------

def _fractions(tutorial, text):
    binder = bind_all(EXAMPLES / "combustion/chemFoam" / tutorial, "chemFoam", text, read_stated(text))
    got = {}
    for e in binder.edits:
        if e.entry == ["fractions"] and isinstance(e.value, dict):
            got = {k: float(v) for k, v in e.value.items()}
    return got, binder


@needs_tutorials
@pytest.mark.parametrize("tutorial, text, fuel, x", [
    ("gri", "chemFoam, 5 % methane in air by volume, 1000 K, 10 bar", "CH4", 0.05),
    ("h2", "chemFoam ignition: hydrogen 30 mol% in air at 1000 K", "H2", 0.30),
    ("gri", "chemFoam gri with a mixture of 9.5% CH4, balance air (mole basis), T = 1200 K, p = 1 atm", "CH4", 0.095),
])
def test_a_fuel_in_air_fills_the_rest_with_air(tutorial, text, fuel, x):
    got, binder = _fractions(tutorial, text)
    assert got[fuel] == pytest.approx(x)
    assert got["O2"] == pytest.approx((1 - x) * 0.21, rel=1e-4)
    assert got["N2"] == pytest.approx((1 - x) * 0.79, rel=1e-4)
    assert not binder.not_applied


@pytest.mark.parametrize("text, value", [("H2 30 mol%", 0.3), ("CH4 2 vol.-%", 0.02), ("CH4 5 wt%", 0.05)])
def test_percent_by_basis_is_a_fraction(text, value):
    from tasks.plan.species_text import amounts

    got = amounts(text, ["H2", "CH4", "O2", "N2"])
    assert [a.value for a in got] == pytest.approx([value])


@needs_tutorials
def test_a_fuel_stream_in_air_is_written_as_mass_fractions():
    text = "counterFlowFlame2D, fuel side: 10 % methane in air by volume"
    tutorial = EXAMPLES / "combustion/reactingFoam/laminar/counterFlowFlame2D"
    binder = bind_all(tutorial, "reactingFoam", text, read_stated(text))
    want = mass_from_mole({"CH4": 0.1, "O2": 0.9 * 0.21, "N2": 0.9 * 0.79})
    for field in ("CH4", "O2", "N2"):
        assert _patch_value(binder, field, "fuel") == pytest.approx(want[field], abs=1e-5)


@pytest.mark.parametrize("text, kind", [
    ("2257 kJ/kg", "specific_energy"), ("1000 BTU/lb", "specific_energy"), ("12 m2/s2", "pressure"),
])
def test_an_energy_per_mass_is_read(text, kind):
    got = [q for q in read_stated(f"latent heat {text}")]
    assert got and got[0].quantity == kind


@needs_tutorials
def test_a_latent_heat_is_not_applied_with_a_reason():
    text = "windshieldCondensation, latent heat of water 2.26 MJ/kg"
    tutorial = EXAMPLES / "heatTransfer/chtMultiRegionFoam/windshieldCondensation"
    binder = bind_all(tutorial, "chtMultiRegionFoam", text, read_stated(text))
    assert [n.text for n in binder.not_applied] == ["2.26 MJ/kg"]
    assert "latent heat" in binder.not_applied[0].reason
