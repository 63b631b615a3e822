"""A stated fluid or solid property lands in whatever thermophysical layout the base uses: the
entry each layout keeps it in (rhoConst rho, perfectFluid/Boussinesq rho0, polynomial coefficient
0, const mu and Pr, hConst Cp, eConst Cv, constIso kappa), or a refusal that says why the layout
holds none (a perfect gas's density, the liquid library, Sutherland's conductivity); and, through
the binder, the file is the phase's or region's the words name."""

from __future__ import annotations

from pathlib import Path

import pytest

from tasks.foam import dictionary as fd
from tasks.knowledge.casebase import case_text
from tasks.plan.bind import bind_all
from tasks.plan.bind_props_layout import Site, constant_polynomial, density_of, layout_of, property_site
from tasks.plan.bind_props_thermo import pick_owner
from tasks.plan.stated import read_stated

TUTORIALS = Path("/usr/share/doc/openfoam-examples/examples")
needs_tutorials = pytest.mark.skipif(not TUTORIALS.is_dir(), reason="OpenFOAM tutorials not installed")

_POLY = """thermoType { type heRhoThermo; mixture pureMixture; transport polynomial; thermo hPolynomial;
equationOfState icoPolynomial; specie specie; energy sensibleEnthalpy; }
mixture { specie { molWeight 18; }
equationOfState { rhoCoeffs<8> ( 1000 -0.05 -0.003 0 0 0 0 0 ); }
thermodynamics { Hf 0; Sf 0; CpCoeffs<8> ( 4183 -1 0.01 0 0 0 0 0 ); }
transport { muCoeffs<8> ( 0.1 -0.0005 0 0 0 0 0 0 ); kappaCoeffs<8> ( 0.6 0.001 0 0 0 0 0 0 ); } }
"""


def _thermo(tutorial: str, rel: str) -> str:
    text = case_text(TUTORIALS / tutorial, rel)
    assert text is not None, f"{tutorial}/{rel} missing"
    return text


def _edit(site: Site | str) -> tuple[str, str]:
    assert isinstance(site, Site), site
    path, value = site.edits[-1]
    return "/".join(path), str(value)


# --- the entry each layout keeps a property in ------------------------------------------------
@needs_tutorials
@pytest.mark.parametrize(
    "tutorial,rel,role,value,entry,held",
    [
        ("multiphase/twoPhaseEulerFoam/RAS/bubbleColumn", "constant/thermophysicalProperties.water", "density",
         1025.0, "mixture/equationOfState/rho0", 1025.0),  # perfectFluid
        ("multiphase/reactingTwoPhaseEulerFoam/RAS/LBend", "constant/thermophysicalProperties.solids", "density",
         2650.0, "mixture/equationOfState/rho", 2650.0),  # rhoConst
        ("multiphase/icoReactingMultiPhaseInterFoam/solidMelting2D", "constant/thermophysicalProperties.liquid",
         "density", 6000.0, "mixture/equationOfState/rho0", 6000.0),  # Boussinesq
        ("compressible/sonicFoam/RAS/nacaAirfoil", "constant/thermophysicalProperties", "mu", 1.7e-5,
         "mixture/transport/mu", 1.7e-5),  # const
        ("multiphase/reactingTwoPhaseEulerFoam/laminar/fluidisedBed", "constant/thermophysicalProperties.particles",
         "specific_heat", 840.0, "mixture/thermodynamics/Cp", 840.0),  # hConst
        ("multiphase/reactingTwoPhaseEulerFoam/laminar/steamInjection", "constant/thermophysicalProperties.water",
         "specific_heat", 4180.0, "mixture/thermodynamics/Cv", 4180.0),  # eRefConst liquid: Cv = Cp
        ("heatTransfer/chtMultiRegionFoam/externalCoupledHeater", "constant/heater/thermophysicalProperties",
         "thermal_conductivity", 45.0, "mixture/transport/kappa", 45.0),  # constIso solid
        ("compressible/rhoPimpleAdiabaticFoam/rutlandVortex2D", "constant/thermophysicalProperties", "prandtl", 0.71,
         "mixture/transport/Pr", 0.71),
        ("compressible/rhoPimpleAdiabaticFoam/rutlandVortex2D", "constant/thermophysicalProperties", "molar_mass",
         0.02801, "mixture/specie/molWeight", 28.01),  # kg/mol -> kg/kmol
        # a conductivity on a const transport is its Pr = cp mu / kappa = 1005 x 1.8e-5 / 0.025
        ("compressible/sonicFoam/RAS/nacaAirfoil", "constant/thermophysicalProperties", "thermal_conductivity", 0.025,
         "mixture/transport/Pr", 1005 * 1.8e-5 / 0.025),
    ],
)
def test_each_layout_keeps_a_property_in_its_own_entry(tutorial, rel, role, value, entry, held):
    where, written = _edit(property_site(_thermo(tutorial, rel), role, value))
    assert where == entry
    assert float(written) == pytest.approx(held, rel=1e-4)


def test_a_gas_on_an_internal_energy_thermo_keeps_cv_cp_less_r_over_w():
    text = """thermoType { transport const; thermo eConst; equationOfState perfectGas; }
    mixture { specie { molWeight 28.9; } thermodynamics { Cv 712; Hf 0; } transport { mu 1.8e-5; Pr 0.7; } }"""
    where, written = _edit(property_site(text, "specific_heat", 1005.0))
    assert where == "mixture/thermodynamics/Cv"
    assert float(written) == pytest.approx(1005.0 - 8314.46 / 28.9, rel=1e-4)


@pytest.mark.parametrize(
    "role,value,entry,coefficients",
    [
        ("density", 998.0, "mixture/equationOfState/rhoCoeffs<8>", "(998 0 0 0 0 0 0 0)"),
        ("mu", 1e-3, "mixture/transport/muCoeffs<8>", "(0.001 0 0 0 0 0 0 0)"),
        ("specific_heat", 4180.0, "mixture/thermodynamics/CpCoeffs<8>", "(4180 0 0 0 0 0 0 0)"),
        ("thermal_conductivity", 0.6, "mixture/transport/kappaCoeffs<8>", "(0.6 0 0 0 0 0 0 0)"),
    ],
)
def test_a_polynomial_layout_takes_the_value_as_its_constant_coefficient(role, value, entry, coefficients):
    where, written = _edit(property_site(_POLY, role, value))
    assert (where, written) == (entry, coefficients)
    assert fd.get(_POLY, entry.split("/")) is not None  # the entry the edit replaces exists in the layout


def test_constant_polynomial_keeps_the_number_of_coefficients():
    assert constant_polynomial(5.0, "( 1 2 3 )") == "(5 0 0)"


@needs_tutorials
@pytest.mark.parametrize(
    "tutorial,rel,role,why",
    [
        ("compressible/sonicFoam/RAS/nacaAirfoil", "constant/thermophysicalProperties", "density", "perfect gas"),
        ("compressible/rhoSimpleFoam/squareBendLiq", "constant/thermophysicalProperties", "mu", "liquid property"),
        ("compressible/rhoPimpleFoam/RAS/mixerVessel2D", "constant/thermophysicalProperties", "thermal_conductivity",
         "Sutherland"),
        ("heatTransfer/chtMultiRegionFoam/externalCoupledHeater", "constant/heater/thermophysicalProperties", "prandtl",
         "solid"),
        ("multiphase/icoReactingMultiPhaseInterFoam/evaporationMultiComponent",
         "constant/thermophysicalProperties.gas", "density", "incompressible perfect gas"),
    ],
)
def test_a_layout_that_holds_no_such_value_says_why(tutorial, rel, role, why):
    reason = property_site(_thermo(tutorial, rel), role, 1.0)
    assert isinstance(reason, str) and why.lower() in reason.lower()


def test_sutherland_takes_a_viscosity_as_a_constant_transport():
    text = "thermoType { transport sutherland; thermo hConst; equationOfState perfectGas; }\n" \
           "mixture { transport { As 1.4792e-06; Ts 116; } }"
    site = property_site(text, "mu", 2e-5)
    assert isinstance(site, Site)
    assert (["thermoType", "transport"], "const") in site.edits
    assert (["mixture", "transport"], {"mu": "2e-05", "Pr": "0.7"}) in site.edits


def test_density_of_a_gas_is_none_and_a_liquids_is_its_constant():
    assert density_of("thermoType { equationOfState perfectGas; } mixture { }") is None
    assert density_of("thermoType { equationOfState perfectFluid; } mixture { equationOfState { R 3000; rho0 1027; } }") \
        == 1027.0
    assert layout_of("FoamFile { object x; }") is None


@pytest.mark.parametrize(
    "owners,words,settable,picked",
    [
        ({"water": "liquid", "air": "gas"}, ["the sea water density"], {"water"}, "water"),
        ({"water": "liquid", "air": "gas"}, ["gas viscosity"], {"water", "air"}, "air"),
        ({"particles": "solid", "air": "gas"}, ["the beads' heat capacity"], {"particles", "air"}, "particles"),
        ({"bottomWater": "liquid", "topAir": "gas", "heater": "solid"}, ["the water underneath"],
         {"bottomWater", "topAir"}, "bottomWater"),
        ({"water": "liquid", "air": "gas"}, ["rho0 998"], {"water"}, "water"),  # only one can hold a density
        ({"liquid": "liquid", "gas": "gas", "gas2": "gas"}, ["steam"], {"liquid", "gas", "gas2"}, None),  # two gases
    ],
)
def test_the_owner_is_the_one_the_words_name_else_the_only_one_able(owners, words, settable, picked):
    assert pick_owner(owners, words, settable) == picked


# --- through the binder: the phase's or region's file, in every phrasing ------------------------
def _bound(tutorial: str, solver: str, text: str) -> tuple[dict[str, tuple[str, str, str]], dict[str, str]]:
    binder = bind_all(TUTORIALS / tutorial, solver, text, read_stated(text))
    where = {b.stated: (b.file, "/".join(b.entry), b.value) for b in binder.bindings}
    return where, {n.text: n.reason for n in binder.not_applied}


@needs_tutorials
@pytest.mark.parametrize(
    "tutorial,solver,text,stated,file,entry,value",
    [
        # a kinematic viscosity where the phase keeps mu: mu = nu rho with its own rho0 (1027)
        ("multiphase/twoPhaseEulerFoam/laminar/bubbleColumn", "twoPhaseEulerFoam",
         "bubble column, water kinematic viscosity 1 cSt", "1 cSt",
         "constant/thermophysicalProperties.water", "mixture/transport/mu", 1.027e-3),
        # ... with the density stated too
        ("multiphase/reactingTwoPhaseEulerFoam/laminar/bubbleColumn", "reactingTwoPhaseEulerFoam",
         "Liquid: brine. nu = 1.5e-6 m2/s; rho = 1100 kg/m3", "1.5e-6 m2/s",
         "constant/thermophysicalProperties.water", "mixture/transport/mu", 1.65e-3),
        # a viscosity in poise for the liquid phase, the phase said as a kind of material
        ("multiphase/reactingTwoPhaseEulerFoam/laminar/injection", "reactingTwoPhaseEulerFoam",
         "could the liquid be a 0.02 poise oil?", "0.02 poise",
         "constant/thermophysicalProperties.water", "mixture/transport/mu", 2e-3),
        # a region's viscosity and Prandtl number (chtMultiRegion), the region named by its material
        ("heatTransfer/chtMultiRegionFoam/windshieldDefrost", "chtMultiRegionFoam",
         "windshield defrost; exterior air: Pr = 0.72", "Pr = 0.72",
         "constant/exterior/thermophysicalProperties", "mixture/transport/Pr", 0.72),
        ("heatTransfer/chtMultiRegionFoam/externalCoupledHeater", "chtMultiRegionFoam",
         "0.8 mPa s for the bottom water", "0.8 mPa s",
         "constant/bottomWater/thermophysicalProperties", "mixture/transport/mu", 8e-4),
        # a specific heat on an internal-energy thermo of a phase
        ("multiphase/reactingTwoPhaseEulerFoam/laminar/bubbleColumnIATE", "reactingTwoPhaseEulerFoam",
         "4.0 kJ/(kg K) specific heat of the water", "4.0 kJ/(kg K)",
         "constant/thermophysicalProperties.water", "mixture/thermodynamics/Cv", 4000.0),
        # the compressible liquid solver's own layout (thermodynamicProperties rho0, transportProperties mu)
        ("compressible/sonicLiquidFoam/decompressionTank", "sonicLiquidFoam",
         "glycol at 1110 kg/m^3 in the decompression tank", "1110 kg/m^3",
         "constant/thermodynamicProperties", "rho0", 1110.0),
        ("compressible/sonicLiquidFoam/decompressionTank", "sonicLiquidFoam",
         "decompression tank, liquid kinematic viscosity 2e-6 m2/s", "2e-6 m2/s",
         "constant/transportProperties", "mu", 2e-3),
        # a compressible base with a stray transportProperties nu: the thermo's viscosity
        ("compressible/rhoPimpleFoam/RAS/mixerVessel2D", "rhoPimpleFoam",
         "stirred vessel; dynamic viscosity: 1.9e-5 Pa s", "1.9e-5 Pa s",
         "constant/thermophysicalProperties", "mixture/transport/mu", 1.9e-5),
    ],
)
def test_a_property_lands_in_the_layout_of_the_phase_or_region_named(tutorial, solver, text, stated, file, entry,
                                                                       value):
    where, refused = _bound(tutorial, solver, text)
    assert stated not in refused, refused.get(stated)
    got_file, got_entry, got_value = where[stated]
    assert (got_file, got_entry) == (file, entry)
    assert float(got_value.split()[-1]) == pytest.approx(value, rel=1e-3)


@needs_tutorials
@pytest.mark.parametrize(
    "tutorial,solver,text,stated,why",
    [
        ("compressible/sonicFoam/RAS/nacaAirfoil", "sonicFoam", "transonic aerofoil, gas density 1.1 kg/m3",
         "1.1 kg/m3", "perfect gas"),
        ("compressible/rhoPimpleFoam/RAS/aerofoilNACA0012", "rhoPimpleFoam",
         "NACA0012, kinematic viscosity 1.5e-5 m2/s", "1.5e-5 m2/s", "density"),
    ],
)
def test_a_property_the_layout_cannot_hold_is_refused_with_why(tutorial, solver, text, stated, why):
    _, refused = _bound(tutorial, solver, text)
    assert why in refused.get(stated, "")


# --- a conductivity where a Boussinesq fluid's heat diffuses as nu / Pr: Pr = mu cp / k ------------
@needs_tutorials
@pytest.mark.parametrize(
    "tutorial,solver,text,pr",
    [
        ("heatTransfer/buoyantBoussinesqSimpleFoam/hotRoom", "buoyantBoussinesqSimpleFoam",
         "Fluid: water. rho = 998 kg/m3. mu = 1.0 cP. Cp = 4.18 kJ/kg/K. k = 0.6 W/m/K.", 1e-3 * 4180 / 0.6),
        ("heatTransfer/buoyantBoussinesqPimpleFoam/BenardCells", "buoyantBoussinesqPimpleFoam",
         "an oil of conductivity 0.15 W/(m K), heat capacity 1900 J/(kg K), viscosity 0.03 Pa s", 0.03 * 1900 / 0.15),
        ("heatTransfer/buoyantBoussinesqPimpleFoam/hotRoom", "buoyantBoussinesqPimpleFoam",
         "0.58 W/m/K, 4200 J/kg/K, 1.1e-6 m2/s and 1000 kg/m3 for k, cp, nu and rho", 1.1e-6 * 1000 * 4200 / 0.58),
    ],
)
def test_a_conductivity_on_a_boussinesq_base_is_its_prandtl_number(tutorial, solver, text, pr):
    binder = bind_all(TUTORIALS / tutorial, solver, text, read_stated(text))
    assert not [n for n in binder.not_applied if "W/" in n.text], binder.not_applied
    prandtls = [float(b.value.split()[-1]) for b in binder.bindings
                if b.file == "constant/transportProperties" and b.entry == ["Pr"]]
    assert prandtls and all(p == pytest.approx(pr, rel=1e-3) for p in prandtls), binder.bindings


@needs_tutorials
@pytest.mark.parametrize("text", ["throttle, cavitatingFoam: the liquid density is 840 kg/m3",
                                  "diesel of 840 kg/m3 through the cavitating throttle",
                                  "Fuel density: 840 kg/m3. Cavitating nozzle."])
def test_a_cavitating_liquids_density_moves_its_saturated_density_too(text):
    binder = bind_all(TUTORIALS / "multiphase/cavitatingFoam/RAS/throttle", "cavitatingFoam", text, read_stated(text))
    written = {(e.file, "/".join(e.entry)): e.value for e in binder.edits}
    assert float(written[("constant/transportProperties", "water/rho")]) == 840
    assert float(written[("constant/thermodynamicProperties", "rholSat")]) == 840


@needs_tutorials
@pytest.mark.parametrize(
    "text,stated,mu",
    [
        ("mixer vessel, kinematic viscosity 1.5e-5 m2/s, density 1.2 kg/m3", "1.5e-5 m2/s", 1.8e-5),
        ("rhoPimpleFoam stirred vessel: 1.25 kg/m3 density; 0.16 cm2/s kinematic viscosity", "0.16 cm2/s", 2e-5),
        ("What if the gas had 14 cSt at 1.3 kg/m³? mixerVessel2D", "14 cSt", 1.82e-5),
    ],
)
def test_a_kinematic_viscosity_on_a_compressible_base_is_its_thermos_mu(text, stated, mu):
    binder = bind_all(TUTORIALS / "compressible/rhoPimpleFoam/RAS/mixerVessel2D", "rhoPimpleFoam", text,
                      read_stated(text))
    written = {(e.file, "/".join(e.entry)): e.value for e in binder.edits}
    assert ("constant/transportProperties", "nu") not in written  # read by no compressible solver
    assert any(b.stated == stated and b.file == "constant/thermophysicalProperties" and
               float(b.value) == pytest.approx(mu, rel=1e-3) for b in binder.bindings), binder.bindings
