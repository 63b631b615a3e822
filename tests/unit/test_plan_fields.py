"""Values bound to the base's fields by name, to a selectable model by name, to one phase of
two, and to the size of a setFields region (issue #8: apply every stated value or say so)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tasks.foam import dictionary as fd
from tasks.plan.bind import bind_all
from tasks.plan.fields import find_field_values
from tasks.plan.models import _scan, named_model, spoken_model, switchable
from tasks.plan.stated import read_stated

TUTORIALS = Path("/usr/share/doc/openfoam-examples/examples")
needs_tutorials = pytest.mark.skipif(not TUTORIALS.is_dir(), reason="OpenFOAM tutorials not installed")
PATCHES = ["inflow", "outflow", "leftWall", "rightWall", "frontAndBack"]


# --- fields by name (pure) ---------------------------------------------------------------
@pytest.mark.parametrize(
    "text,fields,field,value,places,axis",
    [
        ("run it with E 3 V/m (x) please", ["E", "U"], "E", 3.0, [], [1.0, 0.0, 0.0]),
        ("outlet C 0.5, 10 s", ["C", "U"], "C", 0.5, ["outlet"], None),
        ("the tracer C at the inflow should be held at 2", ["C", "U"], "C", 2.0, ["inlet"], None),
        ("oil alpha 0.3 initially", ["alpha.oil", "alpha.air"], "alpha.oil", 0.3, ["internal"], None),
        ("a field B of 4 T along -z (initial field and all walls)", ["B", "U"], "B", 4.0, ["wall", "internal"],
         [0.0, 0.0, -1.0]),
        ("the magnetic flux density should be 2 T vertically", ["B", "U"], "B", 2.0, [], [0.0, 1.0, 0.0]),
        ("inflow carrying 5 % oil by volume", ["alpha.oil", "U"], "alpha.oil", 0.05, ["inlet"], None),
        ("wall potential phi 12 kV", ["phi", "rho"], "phi", 12000.0, ["wall"], None),
    ],
)
def test_field_values_by_symbol_phrase_and_fraction(text, fields, field, value, places, axis):
    found = find_field_values(text, fields, PATCHES)
    assert [f.field for f in found] == [field]
    assert found[0].value == pytest.approx(value)
    assert sorted(found[0].places) == sorted(places)
    assert found[0].axis == axis


def test_field_vector_and_named_patch():
    found = find_field_values("hU (0.5 0 0) on the left wall", ["hU", "h"], PATCHES)
    assert found[0].vector == [0.5, 0.0, 0.0] and found[0].patches == ["leftWall"]


@pytest.mark.parametrize("text", ["t 5 s", "the T-junction at 5 m/s", "alpha 0.1 with two alpha fields"])
def test_no_field_value_where_none_is_given(text):
    assert find_field_values(text, ["T", "alpha.a", "alpha.b"], PATCHES) == []


# --- roles of times ----------------------------------------------------------------------
@pytest.mark.parametrize("text,role", [("lambda 2 s, endTime 3 s", "end_time"), ("DT 0.1, inlet T 2, 4 s", "end_time"),
                                       ("time step: 0.01 s", "delta_t"), ("T_in 400 K", "inlet_temperature")])
def test_time_and_symbol_roles(text, role):
    assert read_stated(text)[-1].role == role


# --- models by name (pure) ---------------------------------------------------------------
def test_model_names_as_prose():
    assert spoken_model("BirdCarreau") == r"bird[\s-]?carreau"
    models = ["CrossPowerLaw", "BirdCarreau", "powerLaw", "Newtonian"]
    assert named_model("a Cross power-law fluid", models)[0] == "CrossPowerLaw"
    assert named_model("a non-Newtonian fluid", models) is None
    assert named_model("Bird Carreau, or maybe power law", models) is None  # two models: not chosen


def test_models_and_coefficients_from_a_dictionary():
    text = "viscosityModel A; ACoeffs { a 1; b 2; } BCoeffs { c 3; }"
    assert _scan(text) == {"viscosityModel": {"A": {"a": "1", "b": "2"}, "B": {"c": "3"}}}
    assert switchable("viscosityModel", "HerschelBulkley") and not switchable("type", "constant")


# --- binding on real tutorials -----------------------------------------------------------
def _value(binder, file, entry):
    return next(e.value for e in reversed(binder.edits) if e.file.endswith(file) and e.entry == entry)


@needs_tutorials
def test_vector_field_applied_inside_and_on_fixed_walls():
    binder = bind_all(TUTORIALS / "electromagnetics/mhdFoam/hartmann", "mhdFoam",
                      "hartmann channel, B = 3 T in the y direction, 2 s", read_stated("2 s"))
    assert _value(binder, "0/B", ["internalField"]) == "uniform (0 3 0)"
    assert _value(binder, "0/B", ["boundaryField", "upperWall", "value"]) == "uniform (0 3 0)"
    assert not binder.not_applied


@needs_tutorials
def test_scalar_at_the_inlet_and_phase_fraction():
    b = bind_all(TUTORIALS / "basic/scalarTransportFoam/pitzDaily", "scalarTransportFoam",
                 "T at the inlet 7, 0.3 s", read_stated("T at the inlet 7, 0.3 s"))
    assert _value(b, "0/T", ["boundaryField", "inlet", "value"]) == "uniform 7"
    assert _value(b, "system/controlDict", ["endTime"]) == "0.3"
    b = bind_all(TUTORIALS / "multiphase/driftFluxFoam/RAS/dahl", "driftFluxFoam", "1 % sludge by volume",
                 read_stated("1 % sludge by volume"))
    assert any(e.file.endswith("alpha.sludge") and "0.01" in str(e.value) for e in b.edits)
    assert not b.not_applied


@needs_tutorials
def test_initial_temperature_also_starts_the_unburnt_gas():
    text = "initial temperature 320 K"
    b = bind_all(TUTORIALS / "combustion/XiFoam/RAS/moriyoshiHomogeneous", "XiFoam", text, read_stated(text))
    assert _value(b, "0/T", ["internalField"]) == "uniform 320"
    assert _value(b, "0/Tu", ["internalField"]) == "uniform 320"


@needs_tutorials
def test_model_switched_and_its_coefficients_set():
    text = "a Bird-Carreau fluid with zero-shear viscosity 0.02 m2/s and n 0.6"
    b = bind_all(TUTORIALS / "incompressible/nonNewtonianIcoFoam/offsetCylinder", "nonNewtonianIcoFoam", text,
                 read_stated(text))
    assert _value(b, "transportProperties", ["transportModel"]) == "BirdCarreau"
    assert _value(b, "transportProperties", ["BirdCarreauCoeffs", "nu0"]) == "0.02"
    assert _value(b, "transportProperties", ["BirdCarreauCoeffs", "n"]) == "0.6"
    assert not b.not_applied


@needs_tutorials
def test_model_coefficients_written_from_a_tutorial_when_the_base_has_none():
    text = "Cross power law fluid, nu0 0.001"
    b = bind_all(TUTORIALS / "incompressible/simpleFoam/pitzDaily", "simpleFoam", text, read_stated(text))
    coeffs = _value(b, "transportProperties", ["CrossPowerLawCoeffs"])
    assert _value(b, "transportProperties", ["transportModel"]) == "CrossPowerLaw"
    assert set(coeffs) == {"nu0", "nuInf", "m", "n"} and coeffs["nu0"].endswith("0.001")


@needs_tutorials
@pytest.mark.parametrize(
    "text,first,second",
    [
        ("rho 1100 vs 1010", "1100", "1010"),  # a list after the symbol: the order of `phases (sludge water)`
        ("brine of 1100 kg/m3 fills the left part and river water of 1010 kg/m3 the right", "1100", "1010"),
        ("water 1010 kg/m3 on the right and the heavy liquid 1100 kg/m3 on the left", "1100", "1010"),
    ],
)
def test_two_densities_bound_to_two_phases(text, first, second):
    b = bind_all(TUTORIALS / "multiphase/twoLiquidMixingFoam/lockExchange", "twoLiquidMixingFoam", text,
                 read_stated(text))
    assert _value(b, "transportProperties", ["sludge", "rho"]).endswith(first)
    assert _value(b, "transportProperties", ["water", "rho"]).endswith(second)


@needs_tutorials
def test_two_densities_that_no_words_place_are_not_applied():
    text = "brackish water at 1010 kg/m3 and salty water at 1100 kg/m3"
    b = bind_all(TUTORIALS / "multiphase/twoLiquidMixingFoam/lockExchange", "twoLiquidMixingFoam", text,
                 read_stated(text))
    assert {n.text for n in b.not_applied} == {"1010 kg/m3", "1100 kg/m3"}


@needs_tutorials
def test_sphere_radius_and_centre():
    text = "a gas bubble of 0.08 m diameter at (0.4 0.6), 10 ms"
    b = bind_all(TUTORIALS / "multiphase/compressibleInterFoam/laminar/depthCharge2D", "compressibleInterFoam", text,
                 read_stated(text))
    regions = _value(b, "setFieldsDict", ["regions"])
    assert "radius  0.04;" in regions and "(0.4 0.6 0)" in regions
    assert not b.not_applied


@needs_tutorials
def test_box_size_keeps_the_anchor_and_the_empty_direction():
    text = "a water column 0.2 m wide and 0.3 m high, 1 s"
    b = bind_all(TUTORIALS / "multiphase/interFoam/laminar/damBreak/damBreak", "interFoam", text, read_stated(text))
    regions = _value(b, "setFieldsDict", ["regions"])
    box = fd.get("r " + regions + ";", ["r"]) or regions
    assert "box (0 0 -1) (0.2 0.3 1)" in " ".join(box.split())


@needs_tutorials
def test_concentration_names_a_passive_scalar_only():
    text = "a tracer concentration of 3 at the inflow"
    b = bind_all(TUTORIALS / "basic/scalarTransportFoam/pitzDaily", "scalarTransportFoam", text, read_stated(text))
    assert _value(b, "0/T", ["boundaryField", "inlet", "value"]) == "uniform 3"
    hot = bind_all(TUTORIALS / "heatTransfer/buoyantBoussinesqPimpleFoam/hotRoom", "buoyantBoussinesqPimpleFoam",
                   "inlet concentration 3", [])
    assert not any(e.file.endswith("/T") for e in hot.edits)


@needs_tutorials
def test_a_number_word_between_name_and_value():
    text = "the diffusivity between the two liquids should be 2e-9 m2/s"
    b = bind_all(TUTORIALS / "multiphase/interMixingFoam/laminar/damBreak", "interMixingFoam", text, read_stated(text))
    assert _value(b, "transportProperties", ["D23"]) == "2e-09"


@needs_tutorials
def test_bubble_diameter_of_the_gas_phase_and_distributor_inlet():
    text = "bubbles of 4 mm diameter, 1 s"
    b = bind_all(TUTORIALS / "multiphase/twoPhaseEulerFoam/laminar/bubbleColumn", "twoPhaseEulerFoam", text,
                 read_stated(text))
    assert _value(b, "phaseProperties", ["air", "isothermalCoeffs", "d0"]) == "0.004"
    text = "fluidising gas at 3 m/s through the bottom"
    b = bind_all(TUTORIALS / "lagrangian/DPMFoam/Goldschmidt", "DPMFoam", text, read_stated(text))
    assert _value(b, "0/U.air", ["boundaryField", "bottom", "inletVelocity"]) == "uniform (0 0 3)"


@needs_tutorials
def test_a_density_in_a_kinematic_cloud_case_is_the_particles():
    text = "glass beads of 2.5 g/cm3"
    b = bind_all(TUTORIALS / "lagrangian/icoUncoupledKinematicParcelFoam/hopper/hopperInitialState",
                 "icoUncoupledKinematicParcelFoam", text, read_stated(text))
    assert _value(b, "kinematicCloudProperties", ["constantProperties", "rho0"]) == "2500"
    assert not b.not_applied


@needs_tutorials
@pytest.mark.parametrize("text,initial", [
    ("all walls at 285 K", False),
    ("a 12 degC ceiling, floor and initial air", True),
    ("the ceiling, the floor and the air initially at 285.15 K", True),
])
def test_one_temperature_for_listed_walls_and_the_initial_air(text, initial):
    b = bind_all(TUTORIALS / "heatTransfer/buoyantBoussinesqPimpleFoam/hotRoom", "buoyantBoussinesqPimpleFoam", text,
                 read_stated(text))
    assert _value(b, "T.orig", ["boundaryField", "floor", "value"]) == "uniform 285.15" or \
        _value(b, "T.orig", ["boundaryField", "floor", "value"]) == "uniform 285"
    assert _value(b, "T.orig", ["boundaryField", "ceiling", "value"]).startswith("uniform 285")
    defaults = [e for e in b.edits if e.entry == ["defaultFieldValues"]]
    assert bool(defaults) == initial


@needs_tutorials
def test_model_coefficients_by_meaning_and_number_words():
    text = "a Bird Carreau liquid: time constant 500 ms, index one half"
    b = bind_all(TUTORIALS / "incompressible/nonNewtonianIcoFoam/offsetCylinder", "nonNewtonianIcoFoam", text,
                 read_stated(text))
    assert _value(b, "transportProperties", ["BirdCarreauCoeffs", "k"]) == "0.5"
    assert _value(b, "transportProperties", ["BirdCarreauCoeffs", "n"]) == "0.5"
    assert not any(e.entry == ["endTime"] for e in b.edits)  # the time constant is not the end time
