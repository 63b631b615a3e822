"""Binding classes found by session-7 probes over tutorials with unusual field, patch and
dictionary names: a patch only the field lists (a converted mesh), a diffusivity given as
m2/s where the case has DT and no nu, a field's `.orig` twin, property kinds known by their
unit (surface tension), a value whose unit is not the named field's, species listed after a
stream, loads that push and boundaries left traction free, macros ($pOut, $Tinlet), the
far-field temperature of an inletOutlet patch, a phase named after no material (oir), and
particle words for an Euler-Euler phase. Each row: the entry the stated value lands in."""

from __future__ import annotations

from pathlib import Path

import pytest

from tasks.plan.bind import bind_all
from tasks.plan.fields import find_field_values, unit_fits
from tasks.plan.stated import read_stated

TUTORIALS = Path("/usr/share/doc/openfoam-examples/examples")
needs_tutorials = pytest.mark.skipif(not TUTORIALS.is_dir(), reason="OpenFOAM tutorials not installed")


def _where(tutorial: str, solver: str, text: str) -> tuple[dict[str, set[tuple[str, str]]], dict[str, str]]:
    binder = bind_all(TUTORIALS / tutorial, solver, text, read_stated(text))
    where: dict[str, set[tuple[str, str]]] = {}
    for b in binder.bindings:
        where.setdefault(b.stated, set()).add((b.file, "/".join(b.entry)))
    return where, {n.text: n.reason for n in binder.not_applied}


FLANGE = "basic/laplacianFoam/flange"
CAPILLARY = "multiphase/interFoam/laminar/capillaryRise"
NACA = "compressible/rhoSimpleFoam/aerofoilNACA0012"
HOLE = "stressAnalysis/solidDisplacementFoam/plateHole"
FLAME = "combustion/reactingFoam/laminar/counterFlowFlame2D"


@needs_tutorials
@pytest.mark.parametrize(
    "tutorial,solver,text,stated,file,entry",
    [
        # a patch named in the request that only the field lists (no blockMeshDict, no U)
        (FLANGE, "laplacianFoam", "patch4 at 400 K, initial 300 K", "400 K", "0/T", "boundaryField/patch4/value"),
        (FLANGE, "laplacianFoam", "126.85 degC on patch4, the rest initially 26.85 degC", "126.85 degC", "0/T",
         "boundaryField/patch4/value"),
        (FLANGE, "laplacianFoam", "patch4 at 400 K, initial 300 K", "300 K", "0/T", "internalField"),
        # m2/s in a case whose one such property is a diffusivity
        (FLANGE, "laplacianFoam", "1 cm^2/s thermal diffusivity", "1 cm^2/s", "constant/transportProperties", "DT"),
        ("basic/scalarTransportFoam/pitzDaily", "scalarTransportFoam", "3 cm^2/s diffusivity, 0.1 s", "3 cm^2/s",
         "constant/transportProperties", "DT"),
        # a property known by its unit
        (CAPILLARY, "interFoam", "50 mN/m surface tension, 0.2 s", "50 mN/m", "constant/transportProperties",
         "sigma"),
        # a macro's definition takes the value ($pOut, $Tinlet, $Uinlet)
        (NACA, "rhoSimpleFoam", "freestream 200 m/s, T 273.15 K, p 80000 Pa", "80000 Pa", "0/p", "pOut"),
        (NACA, "rhoSimpleFoam", "720 km/h freestream in cold air at 0 degC and 80 kPa", "0 degC", "0/T", "Tinlet"),
        (NACA, "rhoSimpleFoam", "720 km/h freestream in cold air at 0 degC and 80 kPa", "80 kPa", "0/p", "pOut"),
        # a pressure pushes on the face the words name; the nearest load word decides
        (HOLE, "solidDisplacementFoam", "load the plate by a pressure of 5 MPa acting on the hole surface", "5 MPa",
         "0/D", "boundaryField/hole/pressure"),
        (HOLE, "solidDisplacementFoam", "a hole pressurised at 50 bar", "50 bar", "0/D", "boundaryField/hole/pressure"),
        (HOLE, "solidDisplacementFoam", "right edge pulled with a traction of 2 MPa in x", "2 MPa", "0/D",
         "boundaryField/right/traction"),
        # a phase whose name is no material: the material the words name that no phase is called
        ("multiphase/interFoam/laminar/mixerVessel2D", "interFoam", "water and an oil of 0.8 g/cm^3, 2 s",
         "0.8 g/cm^3", "constant/transportProperties", "oir/rho"),
        ("multiphase/interFoam/laminar/mixerVessel2D", "interFoam", "oil density 800 kg/m3, 2 s", "800 kg/m3",
         "constant/transportProperties", "oir/rho"),
        # grains are the particle phase of an Euler-Euler bed
        ("multiphase/twoPhaseEulerFoam/laminar/fluidisedBed", "twoPhaseEulerFoam",
         "1500 kg/m^3 grains of 500 micron diameter", "500 micron", "constant/phaseProperties",
         "particles/constantCoeffs/d"),
    ],
)
def test_each_value_lands_in_its_entry(tutorial, solver, text, stated, file, entry):
    where, refused = _where(tutorial, solver, text)
    assert (file, entry) in where.get(stated, set()), (refused, where)


@needs_tutorials
def test_a_field_and_its_orig_twin_both_take_the_value():
    text = "walls at a thirty degree contact angle, 0.2 s"
    binder = bind_all(TUTORIALS / CAPILLARY, "interFoam", text, read_stated(text))
    got = {(e.file, "/".join(e.entry)) for e in binder.edits}
    assert ("0/alpha.water", "boundaryField/walls/theta0") in got
    assert ("0/alpha.water.orig", "boundaryField/walls/theta0") in got
    assert [b.file for b in binder.bindings if b.entry[-1] == "theta0"] == ["0/alpha.water"]  # one binding


@needs_tutorials
def test_a_far_field_temperature_stays_inlet_outlet():
    binder = bind_all(TUTORIALS / NACA, "rhoSimpleFoam", "freestream at 0 degC", read_stated("freestream at 0 degC"))
    assert not any(e.file == "0/T" and e.entry == ["boundaryField", "freestream"] for e in binder.edits)


@needs_tutorials
@pytest.mark.parametrize(
    "text",
    [
        "hole pressure 5 MPa, no traction on the right edge",
        "instead of pulling on the right edge, a pressure of 5 MPa on the hole; leave the right edge traction free",
        "a hole pressurised at 50 bar, outer edges traction-free",
    ],
)
def test_a_boundary_left_traction_free_carries_no_load(text):
    binder = bind_all(TUTORIALS / HOLE, "solidDisplacementFoam", text, read_stated(text))
    right = [e.value for e in binder.edits if e.file == "0/D" and e.entry == ["boundaryField", "right", "traction"]]
    assert right and right[-1] == "uniform (0 0 0)"


@needs_tutorials
@pytest.mark.parametrize(
    "text",
    [
        "fuel stream CH4 0.5 N2 0.5 by mass",
        "The fuel is diluted with nitrogen, with a CH4 mass fraction of 0.5 and an N2 mass fraction of 0.5.",
    ],
)
def test_species_listed_with_a_stream_go_to_its_patch(text):
    binder = bind_all(TUTORIALS / FLAME, "reactingFoam", text, read_stated(text))
    got = {(e.file, tuple(e.entry)) for e in binder.edits}
    assert ("0/CH4", ("boundaryField", "fuel", "value")) in got
    assert ("0/N2", ("boundaryField", "fuel", "value")) in got


# --- pure: a value whose unit is not the named field's --------------------------------------------
@pytest.mark.parametrize(
    "value,dims,fits",
    [
        ("2 S/m", [1, 0, -2, 0, 0, -1, 0], False),  # a conductivity is no magnetic field
        ("15 T", [1, 0, -2, 0, 0, -1, 0], True),
        ("0.3 m/s", [0, 0, 0, 0, 0, 0, 0], False),  # no species fraction
        ("5 %", [0, 0, 0, 0, 0, 0, 0], True),
        ("350 K", [0, 0, 0, 1, 0, 0, 0], True),
        ("1 bar", [0, 2, -2, 0, 0, 0, 0], True),  # kinematic p takes a pressure (the binder divides)
        ("0.5", [0, 0, 0, 0, 0, 0, 0], True),
        ("2 m/s", None, True),
    ],
)
def test_unit_fits(value, dims, fits):
    assert unit_fits(value, dims) is fits


def test_a_named_field_skips_a_value_of_another_kind():
    text = "a transverse magnetic field: 2 S/m conductivity"
    dims = {"B": [1, 0, -2, 0, 0, -1, 0], "U": [0, 1, -1, 0, 0, 0, 0]}
    assert [f.field for f in find_field_values(text, ["B", "U"], ["inlet"], dims)] == []


@pytest.mark.parametrize(
    "text,field,value",
    [
        ("an N2 mass fraction of 0.5.", "N2", 0.5),  # a value ending the sentence
        ("T is 5.", "T", 5.0),
        ("a CH4 concentration of 0.2", "CH4", 0.2),
    ],
)
def test_a_value_after_its_field_name(text, field, value):
    found = find_field_values(text, ["N2", "CH4", "T"], ["fuel"], {"N2": [0] * 7, "CH4": [0] * 7, "T": [0, 0, 0, 1, 0, 0, 0]})
    assert [(f.field, f.value) for f in found] == [(field, value)]


def test_a_listed_value_takes_the_place_of_the_one_before():
    found = find_field_values("fuel stream CH4 0.5 N2 0.5", ["CH4", "N2"], ["fuel", "air"],
                              {"CH4": [0] * 7, "N2": [0] * 7})
    assert [(f.field, f.patches) for f in found] == [("CH4", ["fuel"]), ("N2", ["fuel"])]


@needs_tutorials
def test_a_macro_keeps_its_form():
    """`pOut 1e5;` takes a bare number, `Uinlet (250 0 0);` a bare vector: no `uniform` added."""
    text = "freestream 200 m/s, p 80000 Pa"
    binder = bind_all(TUTORIALS / NACA, "rhoSimpleFoam", text, read_stated(text))
    got = {(e.file, tuple(e.entry)): e.value for e in binder.edits}
    assert got[("0/p", ("pOut",))] == "80000"
    assert ("0/p", ("internalField",)) not in got


# --- a control's number is not another quantity's same number ------------------------------------
@pytest.mark.parametrize(
    "text,taken",
    [
        ("forwardStep sonicFoam, Mach 2 (U 2, c = 1), endTime 2", "Mach 2"),
        ("Re 2, endTime 2", "Re 2"),
    ],
)
def test_a_control_does_not_take_an_earlier_equal_number(text, taken):
    from tasks.plan.bind_by_name import _stated_at
    from tasks.plan.extract import normalise

    stated = [q for q in read_stated(text) if q.quantity not in ("control", "switch", "parameter")]
    low = normalise(text)
    at = low.rindex("2")
    got = _stated_at(low, at, "2", 2.0, stated)
    assert got is None or got.text != taken


@needs_tutorials
def test_mach_with_its_velocity_in_brackets_is_bound():
    text = "forwardStep sonicFoam, Mach 2 (U 2, c = 1), endTime 2"
    binder = bind_all(TUTORIALS / "compressible/sonicFoam/laminar/forwardStep", "sonicFoam", text, read_stated(text))
    assert any(b.stated == "Mach 2" and b.entry == ["boundaryField", "inlet", "value"] for b in binder.bindings)


# --- values of the particles, not of the carrier flow ----------------------------------------------
@pytest.mark.parametrize(
    "head,tail,meant",
    [
        ("particles injected at", "", True),
        ("particle-laden air enters at", "", False),
        ("", "droplets", True),
        ("the inlet air at", "", False),
        ("", "", False),
        ("fuel injected at", "", True),
    ],
)
def test_particles_meant(head, tail, meant):
    from tasks.plan.bind_cloud import particles_meant

    assert particles_meant(head, tail) is meant


@needs_tutorials
@pytest.mark.parametrize(
    "tutorial,solver,text,stated,file,entry",
    [
        ("lagrangian/MPPICFoam/injectionChannel", "MPPICFoam", "particles injected at 15 m/s, 0.05 s", "15 m/s",
         "constant/kinematicCloudProperties", "subModels/injectionModels/model2/U0"),
        ("lagrangian/sprayFoam/aachenBomb", "sprayFoam", "fuel injected at 400 K, chamber gas at 900 K", "400 K",
         "constant/sprayCloudProperties", "constantProperties/T0"),
        ("lagrangian/sprayFoam/aachenBomb", "sprayFoam", "fuel injected at 400 K, chamber gas at 900 K", "900 K",
         "0/T", "internalField"),
    ],
)
def test_cloud_values_land_in_the_cloud(tutorial, solver, text, stated, file, entry):
    where, refused = _where(tutorial, solver, text)
    assert (file, entry) in where.get(stated, set()), (refused, where)


@needs_tutorials
def test_an_injection_speed_keeps_each_injector_direction():
    text = "particles injected at 15 m/s"
    binder = bind_all(TUTORIALS / "lagrangian/MPPICFoam/injectionChannel", "MPPICFoam", text, read_stated(text))
    u0 = {e.entry[2]: e.value for e in binder.edits if e.entry[-1:] == ["U0"]}
    import re as _re
    for model, value in u0.items():
        x, y, z = (float(v) for v in _re.findall(r"[-+\d.eE]+", value))
        assert (x * x + y * y + z * z) ** 0.5 == pytest.approx(15, rel=1e-6)
    assert float(u0["model1"].split()[1]) > 0 > float(u0["model2"].split()[1])


@needs_tutorials
@pytest.mark.parametrize(
    "tutorial,solver,text,stated,file,entry",
    [
        # a non-reflecting outlet's far-field value takes the ambient pressure
        ("compressible/rhoCentralFoam/LadenburgJet60psi", "rhoCentralFoam", "jet total pressure 50 psi, ambient 14.7 psi",
         "14.7 psi", "0.orig/p", "boundaryField/outlet/fieldInf"),
        # the one inlet's computed temperature condition becomes the stated fixed value
        ("compressible/rhoPimpleFoam/RAS/TJunction", "rhoPimpleFoam", "inlet air 40 degC, 0.1 s", "40 degC", "0/T",
         "boundaryField/inlet/value"),
    ],
)
def test_pressure_and_temperature_conditions_of_other_kinds(tutorial, solver, text, stated, file, entry):
    where, refused = _where(tutorial, solver, text)
    assert (file, entry) in where.get(stated, set()), (refused, where)


# --- multi-region: a region's material, every region of a kind -------------------------------------
HEATER = "heatTransfer/chtMultiRegionFoam/multiRegionHeater"


@needs_tutorials
@pytest.mark.parametrize(
    "text,stated,file,entry",
    [
        ("heater thermal conductivity 400 W/m/K, 2 s", "400 W/m/K", "constant/heater/thermophysicalProperties",
         "mixture/transport/kappa"),
        ("heater density 8900 kg/m3, 2 s", "8900 kg/m3", "constant/heater/thermophysicalProperties",
         "mixture/equationOfState/rho"),
        ("a left solid of 7800 kg/m3", "7800 kg/m3", "constant/leftSolid/thermophysicalProperties",
         "mixture/equationOfState/rho"),
    ],
)
def test_a_region_property_lands_in_its_thermo(text, stated, file, entry):
    where, refused = _where(HEATER, "chtMultiRegionFoam", text)
    assert (file, entry) in where.get(stated, set()), (refused, where)


@needs_tutorials
@pytest.mark.parametrize("text,kind", [("the solids start at 350 K", "solid"), ("all fluid regions initially 290 K", "fluid")])
def test_every_region_of_a_kind_starts_there(text, kind):
    from tasks.plan.multi_region import region_names

    binder = bind_all(TUTORIALS / HEATER, "chtMultiRegionFoam", text, read_stated(text))
    regions = region_names((TUTORIALS / HEATER / "constant/regionProperties").read_text())
    set_in = {e.file.split("/")[1] for e in binder.edits if e.entry == ["T", "internalField"]}
    assert set_in == {r for r, k in regions.items() if k == kind}


# --- a dynamic viscosity where the thermo has none to set directly ----------------------------------
@needs_tutorials
@pytest.mark.parametrize(
    "tutorial,solver,text,stated,file,entry",
    [
        ("compressible/rhoSimpleFoam/squareBend", "rhoSimpleFoam", "gas viscosity 1.5e-5 Pa s, 100 iterations",
         "1.5e-5 Pa s", "constant/thermophysicalProperties", "mixture/transport/mu"),
        ("multiphase/twoPhaseEulerFoam/laminar/bubbleColumn", "twoPhaseEulerFoam", "water viscosity 2e-3 Pa s, 2 s",
         "2e-3 Pa s", "constant/thermophysicalProperties.water", "mixture/transport/mu"),
    ],
)
def test_a_dynamic_viscosity_lands_in_the_thermo(tutorial, solver, text, stated, file, entry):
    where, refused = _where(tutorial, solver, text)
    assert (file, entry) in where.get(stated, set()), (refused, where)


@needs_tutorials
def test_sutherland_becomes_const_with_the_stated_mu():
    text = "gas viscosity 1.5e-5 Pa s"
    binder = bind_all(TUTORIALS / "compressible/rhoSimpleFoam/squareBend", "rhoSimpleFoam", text, read_stated(text))
    got = {tuple(e.entry): e.value for e in binder.edits if e.file == "constant/thermophysicalProperties"}
    assert got[("thermoType", "transport")] == "const"
    assert got[("mixture", "transport")] == {"mu": "1.5e-05", "Pr": "0.7"}


# --- a phase property in a `phases ( name { ... } )` list ------------------------------------------
LIST = "phases ( water { transportModel Newtonian; nu 1e-06; rho 1000; } oil { nu 1e-06; rho 500; } )"


@pytest.mark.parametrize(
    "phase,key,value,expect",
    [
        ("oil", "rho", "800", "oil { nu 1e-06; rho 800; }"),
        ("water", "nu", "2e-06", "water { transportModel Newtonian; nu 2e-06; rho 1000; }"),
        ("oil", "sigma", "1", None),
        ("mercury", "rho", "1", None),
    ],
)
def test_set_in_phase_block(phase, key, value, expect):
    from tasks.plan.bind_parts import set_in_phase_block

    got = set_in_phase_block(LIST, phase, key, value)
    assert (got is None) if expect is None else (expect in got)


def test_phase_blocks_of_the_plain_form_are_none():
    from tasks.plan.bind_parts import phase_blocks

    assert phase_blocks("(water air)") == {}
    assert list(phase_blocks(LIST)) == ["water", "oil"]


@needs_tutorials
def test_two_phase_densities_in_a_phase_list():
    text = "mercury density 13500 kg/m3, oil density 800 kg/m3, 1 s"
    binder = bind_all(TUTORIALS / "multiphase/multiphaseInterFoam/laminar/damBreak4phase", "multiphaseInterFoam",
                      text, read_stated(text))
    last = [e.value for e in binder.edits if e.entry == ["phases"]][-1]
    from tasks.plan.bind_parts import phase_blocks

    blocks = phase_blocks(last)
    rho = {name: " ".join(body.split()) for name, body in blocks.items()}
    assert "rho 13500;" in rho["mercury"] and "rho 800;" in rho["oil"] and "rho 1000;" in rho["water"]
    assert not binder.not_applied


@needs_tutorials
@pytest.mark.parametrize(
    "text,stated,patch",
    [
        ("oxidiser stream 0.25 m/s at 350 K, fuel stream 0.1 m/s at 320 K", "0.25 m/s", "air"),
        ("oxidiser stream 0.25 m/s at 350 K, fuel stream 0.1 m/s at 320 K", "350 K", "air"),
        ("oxidiser stream 0.25 m/s at 350 K, fuel stream 0.1 m/s at 320 K", "320 K", "fuel"),
        ("oxidizer 0.3 m/s, fuel 0.2 m/s", "0.3 m/s", "air"),
    ],
)
def test_the_oxidiser_stream_is_the_air_patch(text, stated, patch):
    where, refused = _where(FLAME, "reactingFoam", text)
    assert {e.split("/")[1] for _, e in where.get(stated, set()) if e.startswith("boundaryField/")} == {patch}, \
        (refused, where)


@needs_tutorials
@pytest.mark.parametrize(
    "text,sludge,water",
    [
        ("salt water at 1.025 g/cm^3 against fresh water at 1.000 g/cm^3, 20 s", "1025", "1000"),
        ("fresh water 998 kg/m3 and salty water 1030 kg/m3, 20 s", "1030", "998"),
        ("sea water 1.03 g/cm^3 on the left, fresh water 1.0 g/cm^3, 20 s", "1030", "1000"),
    ],
)
def test_two_densities_of_one_named_material_go_by_weight(text, sludge, water):
    binder = bind_all(TUTORIALS / "multiphase/twoLiquidMixingFoam/lockExchange", "twoLiquidMixingFoam", text,
                      read_stated(text))
    got = {e.entry[0]: e.value for e in binder.edits if e.entry[1:] == ["rho"]}
    assert (got.get("sludge"), got.get("water")) == (sludge, water), binder.not_applied


# --- phase temperatures named by kind ("the liquid", "particles initially") -------------------------
@needs_tutorials
@pytest.mark.parametrize(
    "tutorial,text,stated,file,entry",
    [
        ("multiphase/twoPhaseEulerFoam/laminar/bubbleColumn", "air bubbles injected at 0.1 m/s, liquid at 25 degC",
         "25 degC", "0/T.water", "internalField"),
        ("multiphase/twoPhaseEulerFoam/laminar/fluidisedBed", "hot bed: particles initially at 500 K, 1 s", "500 K",
         "0/T.particles", "internalField"),
    ],
)
def test_a_phase_temperature_named_by_kind(tutorial, text, stated, file, entry):
    where, refused = _where(tutorial, "twoPhaseEulerFoam", text)
    assert (file, entry) in where.get(stated, set()), (refused, where)


@needs_tutorials
@pytest.mark.parametrize(
    "text,patch,traction,pressure",
    [
        ("compressive pressure 1 MPa on the right edge", "right", "uniform (0 0 0)", "uniform 1000000"),
        ("100 kPa tension on the top edge, right edge free", "right", "uniform (0 0 0)", "uniform 0"),
        ("100 kPa tension on the top edge, right edge free", "up", "uniform (0 100000 0)", None),
    ],
)
def test_the_stated_load_is_the_only_load_of_its_boundary(text, patch, traction, pressure):
    binder = bind_all(TUTORIALS / HOLE, "solidDisplacementFoam", text, read_stated(text))
    last = {}
    for e in binder.edits:
        if e.file == "0/D" and e.entry[:2] == ["boundaryField", patch]:
            last[e.entry[-1]] = e.value
    assert last.get("traction") == traction
    if pressure is not None:
        assert last.get("pressure") == pressure
