"""Model coefficients a request states by name, searched over every dictionary of the case
(regions, property fields, fvOptions, DSMC dictionaries, viscosity models) with a dimension
check: probes from the installed v1912 tutorials, three phrasings each, and the pure helpers."""

from __future__ import annotations

from pathlib import Path

import pytest

from tasks.edit.writer import parse_problem
from tasks.foam import dictionary as fd
from tasks.plan.bind import bind_all
from tasks.plan.bind_model_entries import inactive_model, with_canonical_models, written_value
from tasks.plan.bind_model_places import (
    Place,
    Said,
    dictionary_places,
    field_place,
    fitting,
    narrowed,
    owner_said,
    said_values,
)
from tasks.plan.stated import read_stated

TUTORIALS = Path("/usr/share/doc/openfoam-examples/examples")
needs_tutorials = pytest.mark.skipif(not TUTORIALS.is_dir(), reason="OpenFOAM tutorials not installed")

JOULE = "heatTransfer/chtMultiRegionSimpleFoam/jouleHeatingSolid"
OFFSET = "incompressible/nonNewtonianIcoFoam/offsetCylinder"
ARRHENIUS = "incompressible/pimpleFoam/RAS/TJunctionArrheniusBirdCarreauTransport"
CORNER = "discreteMethods/dsmcFoam/supersonicCorner"
WEDGE = "discreteMethods/dsmcFoam/wedge15Ma5"
NACA = "compressible/rhoSimpleFoam/aerofoilNACA0012"
DUCT = "compressible/rhoPimpleFoam/RAS/angledDuct"
FILM = "finiteArea/liquidFilmFoam/cylinder"
PLANE = "finiteArea/surfactantFoam/planeTransport"
CHANNEL = "incompressible/pimpleFoam/LES/channel395"
TURBINE = "incompressible/simpleFoam/turbineSiting"
INJECTION = "multiphase/twoPhaseEulerFoam/laminar/injection"
BURNER = "heatTransfer/chtMultiRegionFoam/reverseBurner"
HARTMANN = "electromagnetics/mhdFoam/hartmann"
THROTTLE = "multiphase/cavitatingFoam/RAS/throttle"
DEFROST = "heatTransfer/chtMultiRegionFoam/windshieldDefrost"
PITZ = "incompressible/simpleFoam/pitzDaily"
SIGMA = "0.orig/solid/jouleHeatingSource:sigma"


def _bind(tutorial: str, solver: str, text: str):
    stated = read_stated(text)
    return bind_all(TUTORIALS / tutorial, solver, text, list(stated))


def _written(binder, rel: str, entry: list[str]) -> list[str]:
    return [b.value for b in binder.bindings if b.file == rel and b.entry == entry]


# (a) values land on the one entry of that name or meaning, whatever the phrasing ------------------
@needs_tutorials
@pytest.mark.parametrize(("tutorial", "solver", "text", "rel", "entry", "value"), [
    # Joule heating: the solid's electrical conductivity is a property field of the fvOption
    (JOULE, "chtMultiRegionSimpleFoam", "jouleHeatingSolid, sigma 5e5 S/m", SIGMA, ["internalField"],
     "uniform 500000"),
    (JOULE, "chtMultiRegionSimpleFoam", "chtMultiRegionSimpleFoam jouleHeatingSolid: the electrical conductivity "
     "of the solid is 5e5 S/m and its thermal conductivity 100 W/(m K)", SIGMA, ["internalField"], "uniform 500000"),
    (JOULE, "chtMultiRegionSimpleFoam", "joule heating solid case, conductivity sigma = 6e5 S/cm (copper)", SIGMA,
     ["internalField"], "uniform 60000000"),
    # an Arrhenius law's reference temperature
    (ARRHENIUS, "pimpleFoam", "TJunction with Arrhenius Bird-Carreau viscosity: reference temperature Talpha 310 K",
     "constant/transportProperties", ["Talpha"], "310"),
    (ARRHENIUS, "pimpleFoam", "TJunctionArrheniusBirdCarreauTransport, Talpha = 320 K", "constant/transportProperties",
     ["Talpha"], "320"),
    (ARRHENIUS, "pimpleFoam", "T-junction with the Arrhenius Bird-Carreau law, Talpha 35 degC",
     "constant/transportProperties", ["Talpha"], "308.15"),
    # limitTemperature bounds of an fvOption, never the initial temperature
    (NACA, "rhoSimpleFoam", "rhoSimpleFoam aerofoilNACA0012 with limitTemperature min 150 K and max 800 K",
     "system/fvOptions", ["limitT", "max"], "800"),
    (NACA, "rhoSimpleFoam", "NACA0012 aerofoil rhoSimpleFoam: clip temperature between Tmin 150 K and Tmax 800 K",
     "system/fvOptions", ["limitT", "min"], "150"),
    (NACA, "rhoSimpleFoam", "aerofoil NACA0012 compressible steady; please keep the minimum temperature at 150 K "
     "and the maximum temperature at 800 K", "system/fvOptions", ["limitT", "max"], "800"),
    # a DSMC gas: the free stream and the initial fill keep one number density
    (CORNER, "dsmcFoam", "dsmcFoam supersonicCorner, numberDensities Ar 2e20 m^-3", "system/dsmcInitialiseDict",
     ["numberDensities", "Ar"], "2e+20"),
    (CORNER, "dsmcFoam", "DSMC supersonic corner flow of argon at number density 1.5e20 per cubic metre",
     "constant/dsmcProperties", ["FreeStreamCoeffs", "numberDensities", "Ar"], "1.5e+20"),
    (CORNER, "dsmcFoam", "supersonicCorner dsmc: argon number density = 3e13 1/cm3", "system/dsmcInitialiseDict",
     ["numberDensities", "Ar"], "3e+19"),
    # DSMC boundary fields by name: the inflow patch of boundaryU, the wall of boundaryT
    (CORNER, "dsmcFoam", "dsmc supersonicCorner, wall boundaryT 500 K, inflow boundaryU (1500 0 0) m/s",
     "0/boundaryU", ["boundaryField", "flow", "value"], "uniform (1500 0 0)"),
    # finite-area fields given as vectors
    (FILM, "liquidFilmFoam", "liquidFilmFoam cylinder, film velocity Us (0 -0.05 0) m/s", "0/Us", ["internalField"],
     "uniform (0 -0.05 0)"),
    (PLANE, "surfactantFoam", "surfactantFoam planeTransport, Us = (0.1 0 0) m/s, Ds = 2e-6 m^2/s", "0/Us",
     ["internalField"], "uniform (0.1 0 0)"),
    (PLANE, "surfactantFoam", "finite-area surfactant transport, the surface velocity Us is (10 0 0) cm/s", "0/Us",
     ["internalField"], "uniform (0.1 0 0)"),
    # actuator disks: both disks of the base keep one thrust coefficient
    (TURBINE, "simpleFoam", "turbineSiting with thrust coefficient Ct 0.6 and disk area 50 m2", "constant/fvOptions",
     ["disk1", "diskArea"], "50"),
    # semi-implicit sources: the field a rate feeds follows its unit (kg/s, W, N; W/m3 when specific)
    (INJECTION, "twoPhaseEulerFoam", "twoPhaseEulerFoam injection with a mass source of 2e-3 kg/s",
     "constant/fvOptions", ["options", "massSource1", "injectionRateSuSp", "thermo:rho.air"], "(0.002 0)"),
    (INJECTION, "twoPhaseEulerFoam", "bubble injection (twoPhaseEulerFoam laminar injection): energy source 800 W "
     "and momentum source (0 -0.02 0) N", "constant/fvOptions", ["options", "energySource1", "injectionRateSuSp",
                                                                 "e.air"], "(800 0)"),
    (BURNER, "chtMultiRegionFoam", "reverseBurner: volumetric heat source of 2.5e7 W/m^3 in the gas",
     "constant/gas/fvOptions", ["options", "energySource", "injectionRateSuSp", "h"], "(25000000 0)"),
    # mhdFoam's mu is a magnetic permeability (H/m)
    (HARTMANN, "mhdFoam", "hartmann mhd flow, magnetic permeability of 1.2566e-6 H/m and sigma = 1 S/m",
     "constant/transportProperties", ["mu"], "1.2566e-06"),
    # a symbol with property units goes to the property, not the solver's field of that name
    (THROTTLE, "cavitatingFoam", "cavitatingFoam throttle with water rho = 998 kg/m3 and vapour rho 0.02 kg/m3",
     "constant/transportProperties", ["vapour", "rho"], "0.02"),
    # a region's fvOption: melting of the windshield's ice
    (DEFROST, "chtMultiRegionFoam", "windshieldDefrost chtMultiRegionFoam, ice Tmelt 270 K and latent heat L 334000 "
     "J/kg", "system/ice/fvOptions", ["iceZone", "solidificationMeltingSourceCoeffs", "L"], "334000"),
    (DEFROST, "chtMultiRegionFoam", "windshield defrost: the ice has a melting point of -1 degC and a latent heat of "
     "fusion of 330 kJ/kg", "system/ice/fvOptions", ["iceZone", "solidificationMeltingSourceCoeffs", "Tmelt"],
     "272.15"),
    (DEFROST, "chtMultiRegionFoam", "windshieldDefrost, melting temperature Tmelt: 271 K", "system/ice/fvOptions",
     ["iceZone", "solidificationMeltingSourceCoeffs", "Tmelt"], "271"),
    # a mean-velocity force: its copy in transportProperties keeps the same value
    (CHANNEL, "pimpleFoam", "channel395 LES, mean velocity forced to 20 cm/s", "constant/transportProperties",
     ["Ubar"], "(0.2 0 0)"),
    (CHANNEL, "pimpleFoam", "channel395 Ubar 0.15 m/s", "constant/fvOptions", ["momentumSource", "Ubar"],
     "(0.15 0 0)"),
    (CHANNEL, "pimpleFoam", "LES channel flow channel395 with a bulk velocity of 0.12 m/s", "constant/fvOptions",
     ["momentumSource", "Ubar"], "(0.12 0 0)"),
    # a viscosity model no tutorial selects, switched to with its coefficients (canonical defaults)
    (OFFSET, "nonNewtonianIcoFoam", "offsetCylinder HerschelBulkley fluid, k 0.01 m2/s, n 0.8, tau0 0.01 m2/s2",
     "constant/transportProperties", ["HerschelBulkleyCoeffs", "tau0"], "[0 2 -2 0 0 0 0] 0.01"),
    (OFFSET, "nonNewtonianIcoFoam", "offsetCylinder with a Herschel-Bulkley fluid: yield stress 0.005 m2/s2 and "
     "consistency index 0.02 m2/s, flow index 0.7", "constant/transportProperties", ["HerschelBulkleyCoeffs", "k"],
     "[0 2 -1 0 0 0 0] 0.02"),
    (OFFSET, "nonNewtonianIcoFoam", "offsetCylinder with a power-law fluid, k 0.005 m2/s, n 0.6",
     "constant/transportProperties", ["powerLawCoeffs", "k"], "[0 2 -1 0 0 0 0] 0.005"),
])
def test_model_value_lands_on_its_entry(tutorial, solver, text, rel, entry, value) -> None:
    binder = _bind(tutorial, solver, text)
    assert value in _written(binder, rel, entry), (binder.bindings, binder.not_applied)
    assert not binder.not_applied, binder.not_applied


# (b) what the base cannot hold is not applied, with the reason, and written nowhere else ----------
@needs_tutorials
@pytest.mark.parametrize(("tutorial", "solver", "text", "reason"), [
    (DUCT, "rhoPimpleFoam", "angledDuct rhoPimpleFoam, temperature limits min 250 K, max 500 K", "limitTemperature"),
    (DUCT, "rhoPimpleFoam", "angledDuct rhoPimpleFoam with limitTemperature max 600 K", "limitTemperature"),
    (DUCT, "rhoPimpleFoam", "angled duct, limit the temperature: Tmax = 600 K", "limitTemperature"),
    (OFFSET, "nonNewtonianIcoFoam", "offsetCylinder non-newtonian case, k 0.01 m2/s", "does not use"),
    (OFFSET, "nonNewtonianIcoFoam", "offsetCylinder: nonNewtonianIcoFoam with consistency k = 0.02 m2/s",
     "does not use"),
    (WEDGE, "dsmcFoam", "dsmc wedge15Ma5 with number density 5e20 1/m^3", "several places"),
    (HARTMANN, "mhdFoam", "hartmann mhdFoam with mu 1e-3 Pa s", "other dimensions"),
    (PITZ, "simpleFoam", "pitzDaily simpleFoam driven by a mean velocity force, Ubar 5 m/s", "meanVelocityForce"),
])
def test_value_the_base_cannot_hold_is_not_applied(tutorial, solver, text, reason) -> None:
    binder = _bind(tutorial, solver, text)
    assert binder.not_applied and all(reason in n.reason for n in binder.not_applied), binder.not_applied
    assert not binder.bindings, binder.bindings


@needs_tutorials
def test_property_units_never_set_the_field_of_that_name() -> None:
    binder = _bind(THROTTLE, "cavitatingFoam", "cavitatingFoam throttle, vapour rho 0.02 kg/m3")
    assert not [b for b in binder.bindings if b.file.startswith("0/")], binder.bindings


# (c) edited dictionaries parse back -------------------------------------------------------------
@needs_tutorials
@pytest.mark.parametrize(("tutorial", "solver", "text"), [
    (JOULE, "chtMultiRegionSimpleFoam", "jouleHeatingSolid, sigma 5e5 S/m"),
    (NACA, "rhoSimpleFoam", "aerofoilNACA0012 with limitTemperature min 150 K and max 800 K"),
    (OFFSET, "nonNewtonianIcoFoam", "offsetCylinder HerschelBulkley fluid, k 0.01 m2/s, n 0.8, tau0 0.01 m2/s2"),
    (CORNER, "dsmcFoam", "dsmcFoam supersonicCorner, numberDensities Ar 2e20 m^-3"),
])
def test_edited_dictionaries_parse(tmp_path: Path, tutorial, solver, text) -> None:
    binder = _bind(tutorial, solver, text)
    for edit in binder.edits:
        path = tmp_path / edit.file
        if not path.exists():
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(binder.base.text(edit.file) or "")
        path.write_text(fd.set_entry(path.read_text(), edit.entry, edit.value))
    assert binder.edits
    for edit in binder.edits:
        assert parse_problem(tmp_path / edit.file) is None, edit.file


# (d) pure helpers ---------------------------------------------------------------------------------
_OPTIONS = """limitT
{
    type       limitTemperature;
    min        101;
    max        1000;
    selectionMode all;
}
momentumSource
{
    type            meanVelocityForce;
    selectionMode   all;
    Ubar            (0.1335 0 0);
}
energySource
{
    type            scalarSemiImplicitSource;
    injectionRateSuSp
    {
        h          (2e7 0);
    }
}
"""
_SIGMA = """FoamFile { class volScalarField; object jouleHeatingSource:sigma; }
dimensions      [ -1 -3 3 0 0 2 0 ];
internalField   uniform  127599.8469;
boundaryField { left { type zeroGradient; } }
"""


def test_places_know_owner_and_dims() -> None:
    places = {p.name: p for p in dictionary_places("system/fvOptions", _OPTIONS)}
    assert places["min"].owner == "limitTemperature" and places["min"].dims == (0, 0, 0, 1, 0, 0)
    assert places["Ubar"].owner == "meanVelocityForce" and places["Ubar"].dims == (0, 1, -1, 0, 0, 0)
    assert places["h"].owner == "scalarSemiImplicitSource"
    sigma = field_place("0.orig/solid/jouleHeatingSource:sigma", _SIGMA)
    assert sigma is not None and sigma.name == "sigma" and sigma.owner == "jouleHeatingSource"
    assert sigma.dims == (-1, -3, 3, 0, 2, 0)
    assert field_place("0/U", _SIGMA) is None  # an ordinary field is the field binder's


@pytest.mark.parametrize(("text", "name", "value", "dims"), [
    ("limitTemperature max 600 K", "max", 600.0, (0, 0, 0, 1, 0, 0)),
    ("a bulk velocity of 0.2 m/s", "Ubar", 0.2, (0, 1, -1, 0, 0, 0)),
    ("Ubar = (0.5 0 0) m/s", "Ubar", 0.5, (0, 1, -1, 0, 0, 0)),
    ("the maximum temperature should be 1200 K", "max", 1200.0, (0, 0, 0, 1, 0, 0)),
    ("Ubar 30 cm/s", "Ubar", 0.3, (0, 1, -1, 0, 0, 0)),
])
def test_said_values_read_name_value_and_unit(text, name, value, dims) -> None:
    said = said_values(text, dictionary_places("system/fvOptions", _OPTIONS))
    assert len(said) == 1 and name in said[0].names
    assert said[0].value == pytest.approx(value) and said[0].dims == dims


@pytest.mark.parametrize(("text", "fits"), [
    ("Ubar 0.3 m/s", True),
    ("Ubar 0.3 Pa", False),  # a pressure never goes to a velocity entry
    ("Tmax 800 K", True),
    ("Tmax 800 m/s", False),
])
def test_fitting_checks_dimensions(text, fits) -> None:
    places = dictionary_places("system/fvOptions", _OPTIONS)
    said = said_values(text, places)
    assert bool(said and fitting(said[0], places)) == fits


def test_written_value_keeps_the_entry_form() -> None:
    said = Said(written="Ubar", names=["Ubar"], symbol=True, value=0.3, raw="0.3 m/s", at=0, name_at=0)
    ubar = Place(rel="system/fvOptions", entry=["m", "Ubar"], name="Ubar", raw="(0.1335 0 0)")
    assert written_value(ubar, said) == "(0.3 0 0)"
    pair = Place(rel="constant/fvOptions", entry=["s", "injectionRateSuSp", "h"], name="h", raw="(2e7 0)")
    assert written_value(pair, said.model_copy(update={"value": 5e6})) == "(5000000 0)"
    dims = Place(rel="constant/transportProperties", entry=["nu"], name="nu", raw="[0 2 -1 0 0 0 0] 1e-05")
    assert written_value(dims, said.model_copy(update={"value": 2e-5})) == "[0 2 -1 0 0 0 0] 2e-05"


def test_narrowed_and_owner_words() -> None:
    a = Place(rel="constant/water/fvOptions", entry=["limitTLiq", "max"], name="max", owner="limitTemperature", raw="1")
    b = Place(rel="constant/water/fvOptions", entry=["limitTGas", "max"], name="max", owner="limitTemperature", raw="1")
    assert narrowed([a, b], "for limitTGas the") == [b]
    assert narrowed([a, b], "the upper bound") == [a, b]
    assert owner_said("limitTemperature", "temperature limits: ", "min")
    assert not owner_said("meanVelocityForce", "a mean velocity of", "mean velocity")


def test_inactive_model_and_canonical_models() -> None:
    text = "transportModel CrossPowerLaw;\nCrossPowerLawCoeffs { m 0.4; }\nBirdCarreauCoeffs { k 0; }\n"
    k = Place(rel="constant/transportProperties", entry=["BirdCarreauCoeffs", "k"], name="k", raw="0")
    m = Place(rel="constant/transportProperties", entry=["CrossPowerLawCoeffs", "m"], name="m", raw="0.4")
    assert inactive_model(text, k) == "BirdCarreau" and inactive_model(text, m) is None
    table = with_canonical_models({"transportModel": {"CrossPowerLaw": {"m": "0.4"}}})
    assert {"CrossPowerLaw", "HerschelBulkley", "powerLaw", "Casson"} <= set(table["transportModel"])
    assert set(table["transportModel"]["HerschelBulkley"]) == {"k", "n", "tau0", "nu0"}


def test_twins_are_equal_top_level_copies() -> None:
    from tasks.plan.bind_model_entries import bare_value, twins

    fv = Place(rel="constant/fvOptions", entry=["m", "Ubar"], name="Ubar", dims=(0, 1, -1, 0, 0, 0), raw="(1 0 0)")
    tp = Place(rel="constant/transportProperties", entry=["Ubar"], name="Ubar", raw="Ubar [0 1 -1 0 0 0 0] (1 0 0)")
    other = Place(rel="constant/solid/fvOptions", entry=["Ubar"], name="Ubar", raw="(1 0 0)")
    assert bare_value(tp.raw) == "(1 0 0)"
    assert twins([fv], [fv, tp, other]) == [tp]  # a region's copy is its own
    assert twins([other], [fv, tp, other]) == []


def test_mean_velocity_alone_is_no_mean_velocity_force() -> None:
    """"a mean velocity of 10 m/s" in a base with no meanVelocityForce stays an ordinary velocity."""
    if not TUTORIALS.is_dir():
        pytest.skip("OpenFOAM tutorials not installed")
    binder = _bind(PITZ, "simpleFoam", "pitzDaily simpleFoam with a mean velocity of 10 m/s at the inlet")
    assert not [n for n in binder.not_applied if "meanVelocityForce" in n.reason], binder.not_applied


@pytest.mark.parametrize(("dims", "text"), [
    ((0, -2, 0, 0, 0, 0), "1/m2"),
    ((1, 1, -2, 0, -2, 0), "kg m/(s2 A2)"),
    ((0, 1, -1, 0, 0, 0), "m/s"),
    ((0, 0, 0, 0, 0, 0), "1 (dimensionless)"),
])
def test_unit_text(dims, text) -> None:
    from tasks.plan.bind_model_entries import unit_text

    assert unit_text(dims) == text


def test_a_magnitude_never_scales_a_tensor_diagonal() -> None:
    said = Said(written="d", names=["d"], symbol=True, value=1e8, raw="1e8", at=0, name_at=0)
    d = Place(rel="constant/porosityProperties", entry=["porosity1", "d"], name="d", raw="(5e7 -1000 -1000)")
    assert written_value(d, said) is None


@pytest.mark.parametrize(("text", "model"), [
    ("a Bird-Carreau fluid with power-law index n = 0.5", "BirdCarreau"),
    ("bird carreau law, power law index 0.4, time constant 2 s", "BirdCarreau"),
    ("a power-law fluid, k 0.005 m2/s, n 0.6", "powerLaw"),
])
def test_coefficient_words_name_no_model(text, model) -> None:
    from tasks.plan.bind_model_entries import without_coefficient_words
    from tasks.plan.models import named_model

    models = {"BirdCarreau": {"k": "0", "n": "1"}, "powerLaw": {"k": "0", "n": "1"}, "CrossPowerLaw": {"m": "1"}}
    hit = named_model(without_coefficient_words(text, models), list(models))
    assert hit is not None and hit[0] == model
