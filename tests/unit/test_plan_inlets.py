"""Velocities and flow rates bound to whatever condition drives a tutorial's inlet (SRFVelocity,
SRFFreestreamVelocity, turbulentInlet, flowRateInletVelocity, variableHeightFlowRateInletVelocity,
fixedValue), in the phase's velocity field; initial values bound to the internal field; and
every binding read back from the written case."""

from __future__ import annotations

import pytest

from tasks.edit.verify import verify_stated
from tasks.plan.bind import bind_all
from tasks.plan.bind_inlets import patch_area, velocity_fields, with_number, with_vector
from tasks.plan.stated import read_stated
from tests.conftest import TUTORIALS

needs_tutorials = pytest.mark.skipif(not TUTORIALS.is_dir(), reason="OpenFOAM tutorials not installed")


def _bound(case: str, solver: str, text: str):
    stated = read_stated(text)
    binder = bind_all(TUTORIALS / case, solver, text, stated)
    return binder, {(b.file, tuple(b.entry)): b.value for b in binder.bindings}


@pytest.mark.parametrize(
    "raw,value,new",
    [("constant 0.5", 0.25, "constant 0.25"), ("75", 12.0, "12"), ("$inletFlowRate", 1.0, None),
     ("table ((0 1) (5 2))", 3.0, None)],
)
def test_a_rate_keeps_its_form(raw, value, new):
    assert with_number(raw, value) == new


@pytest.mark.parametrize(
    "raw,new",
    [("uniform (0 0 -10)", "uniform (0 0 -4)"), ("(1 0 0)", "(0 0 -4)"), ("constant (0 0 1)", "constant (0 0 -4)"),
     ("$internalField", None)],
)
def test_a_velocity_keeps_its_form(raw, new):
    assert with_vector(raw, [0.0, 0.0, -4.0]) == new


def test_velocity_fields_of_single_phase_rotating_and_multiphase_cases():
    assert velocity_fields(["T", "U", "p"]) == ["U"]
    assert velocity_fields(["Urel", "k", "p"]) == ["Urel"]
    assert velocity_fields(["U.gas", "U.liquid", "alpha.gas", "Theta"]) == ["U.gas", "U.liquid"]


def test_patch_area_from_block_mesh_vertices():
    mesh = """
    convertToMeters 0.01;
    vertices ( (0 0 0) (4 0 0) (4 2 0) (0 2 0) (0 0 3) (4 0 3) (4 2 3) (0 2 3) );
    blocks ( hex (0 1 2 3 4 5 6 7) (4 2 3) simpleGrading (1 1 1) );
    boundary
    (
        left { type patch; faces ( (0 4 7 3) ); }
        ends { type wall; faces ( (0 3 2 1) (4 5 6 7) ); }
    );
    """
    assert patch_area(mesh, "left") == pytest.approx(0.02 * 0.03)
    assert patch_area(mesh, "ends") == pytest.approx(2 * 0.04 * 0.02)
    assert patch_area(mesh, "right") is None
    assert patch_area("vertices ( ($a 0 0) );", "left") is None


@needs_tutorials
@pytest.mark.parametrize(
    "case,solver,text,file,entry,value",
    [
        ("incompressible/SRFSimpleFoam/mixer", "SRFSimpleFoam",
         "Rotating-frame stirrer, frame turning at 600 rpm, axial feed of 7 m/s, 30 iterations.",
         "0/Urel", ("boundaryField", "inlet", "inletValue"), "uniform (0 0 -7)"),
        ("incompressible/SRFPimpleFoam/rotor2D", "SRFPimpleFoam",
         "Rotor in a rotating frame at 90 rpm with a free stream of 3.5 m/s, until 0.05 s.",
         "0/Urel", ("boundaryField", "freestream", "UInf"), "(3.5 0 0)"),
        ("incompressible/pisoFoam/LES/pitzDaily", "pisoFoam",
         "LES of the step with a mean inflow velocity of 6.5 m/s.",
         "0/U", ("boundaryField", "inlet", "referenceField"), "uniform (6.5 0 0)"),
        ("multiphase/twoPhaseEulerFoam/laminar/bubbleColumn", "twoPhaseEulerFoam",
         "Bubble column where the gas is injected at 12 cm/s through the bottom.",
         "0/U.air", ("boundaryField", "inlet", "value"), "uniform (0 0.12 0)"),
        ("multiphase/twoPhaseEulerFoam/laminar/bubbleColumn", "twoPhaseEulerFoam",
         "Bubble column with water entering at 0.03 m/s at the bottom.",
         "0/U.water", ("boundaryField", "inlet", "value"), "uniform (0 0.03 0)"),
    ],
)
def test_a_velocity_goes_to_the_entry_the_inlet_condition_reads(case, solver, text, file, entry, value):
    binder, bound = _bound(case, solver, text)
    assert bound.get((file, entry)) == value, (binder.bindings, binder.not_applied)


@needs_tutorials
def test_an_srf_inlet_value_said_to_be_relative_sets_the_flag():
    text = "SRFSimpleFoam mixer, inlet velocity 4 m/s relative to the rotating frame, 20 iterations."
    binder, bound = _bound("incompressible/SRFSimpleFoam/mixer", "SRFSimpleFoam", text)
    assert bound[("0/Urel", ("boundaryField", "inlet", "inletValue"))] == "uniform (0 0 -4)"
    assert any(e.entry == ["boundaryField", "inlet", "relative"] and e.value == "yes" for e in binder.edits)


@needs_tutorials
@pytest.mark.parametrize(
    "case,solver,text,file,entry,value",
    [
        # the tutorial keeps the rate in an include: it is set there
        ("multiphase/interFoam/RAS/weirOverflow", "interFoam", "Weir spill with an inflow of 60 m3/s, 4 s.",
         "0.orig/include/initialConditions", ("inletFlowRate",), "60"),
        ("compressible/rhoSimpleFoam/squareBend", "rhoSimpleFoam", "Square duct bend fed with 0.4 kg/s of gas.",
         "0/U", ("boundaryField", "inlet", "massFlowRate"), "constant 0.4"),
        # a volume flow where the base gives a mass flow: the inlet takes the volume flow
        ("compressible/rhoSimpleFoam/squareBend", "rhoSimpleFoam", "Square duct bend, 0.02 m3/s of gas in.",
         "0/U", ("boundaryField", "inlet", "volumetricFlowRate"), "constant 0.02"),
        # a fixed-velocity inlet named by the words becomes flowRateInletVelocity
        ("incompressible/icoFoam/elbow", "icoFoam", "Elbow mixer, 1.5 l/s through velocity-inlet-6, 5 s.",
         "0/U", ("boundaryField", "velocity-inlet-6", "volumetricFlowRate"), "constant 0.0015"),
    ],
)
def test_a_flow_rate_goes_to_the_inlets_rate(case, solver, text, file, entry, value):
    binder, bound = _bound(case, solver, text)
    assert bound.get((file, entry)) == value, (binder.bindings, binder.not_applied)


@needs_tutorials
def test_a_mass_flow_at_an_incompressible_fixed_velocity_inlet_carries_its_density():
    binder, _ = _bound("incompressible/simpleFoam/pitzDaily", "simpleFoam", "Backward step with 0.05 kg/s of water in.")
    patch = next(e.value for e in binder.edits if e.entry == ["boundaryField", "inlet"])
    assert patch["type"] == "flowRateInletVelocity" and patch["massFlowRate"] == "constant 0.05"
    assert float(patch["rhoInlet"]) == pytest.approx(998, rel=0.01)
    assert any("mean velocity" in a and "2.54e-05 m2" in a for a in binder.assumptions)


@needs_tutorials
def test_a_flow_rate_with_two_inlets_and_none_named_is_not_applied():
    binder, bound = _bound("incompressible/icoFoam/elbow", "icoFoam", "Elbow mixer fed with 2 l/min, 5 s.")
    assert not [k for k in bound if "FlowRate" in k[1][-1]]
    assert any("name the patch" in n.reason for n in binder.not_applied)


@needs_tutorials
@pytest.mark.parametrize(
    "case,solver,text,file,entry,value",
    [
        # the heater region of setFields is a patch region: the air's initial value is the default
        ("heatTransfer/buoyantBoussinesqPimpleFoam/hotRoom", "buoyantBoussinesqPimpleFoam",
         "Heated room, heater at 335 K and the air inside initially at 287 K.",
         "system/setFieldsDict", ("defaultFieldValues",), "volScalarFieldValue T 287"),
        ("multiphase/interFoam/laminar/damBreak/damBreak", "interFoam",
         "Collapsing column whose fluid is initially moving at 0.4 m/s in x.",
         "0/U", ("internalField",), "uniform (0.4 0 0)"),
        ("incompressible/icoFoam/elbow", "icoFoam",
         "Elbow with inlets at 1 m/s and 3 m/s, starting from rest.",
         "0/U", ("internalField",), "uniform (0 0 0)"),
    ],
)
def test_an_initial_value_goes_to_the_internal_state(case, solver, text, file, entry, value):
    binder, bound = _bound(case, solver, text)
    assert bound.get((file, entry)) == value, (binder.bindings, binder.not_applied)
    assert not any(b.entry[:1] == ["boundaryField"] and b.value == value for b in binder.bindings)


@needs_tutorials
@pytest.mark.parametrize(
    "text",
    [
        "SRFSimpleFoam stirrer tutorial, 750 rpm, inflow 6 m/s, 20 iterations.",
        "weirOverflow with interFoam, inlet flow rate 55 m3/s, 3 s.",
        "Elbow with icoFoam, 0.9 l/s through velocity-inlet-5, 4 s.",
    ],
)
def test_inlet_values_are_read_back_from_the_written_case(tmp_path, text):
    from tasks.edit.writer import write_case
    from tasks.plan.architect import plan

    manifest = plan(text, TUTORIALS)
    write_case(manifest, tmp_path / "case", TUTORIALS)
    found, missing = verify_stated(tmp_path / "case", manifest.stated, manifest.bindings, manifest.not_applied)
    assert not missing, missing
    assert all(q.verified for q in found if q.role.startswith("inlet")), found


@needs_tutorials
def test_a_turbulence_intensity_at_a_turbulent_inlet_is_its_fluctuation_scale():
    text = "pisoFoam LES of the backward step: 11 m/s mean inflow with 3 % turbulence intensity."
    _, bound = _bound("incompressible/pisoFoam/LES/pitzDaily", "pisoFoam", text)
    assert bound[("0/U", ("boundaryField", "inlet", "fluctuationScale"))] == "(0.03 0.03 0.03)"
    assert bound[("0/U", ("boundaryField", "inlet", "referenceField"))] == "uniform (11 0 0)"


@needs_tutorials
def test_a_far_field_that_takes_the_internal_field_is_set_there():
    """Inlet and outlet both read `freestreamValue $internalField`: one value, in the internal field."""
    _, bound = _bound("incompressible/simpleFoam/airFoil2D", "simpleFoam", "Aerofoil in a 20 m/s free stream.")
    x, y, z = (float(v) for v in bound[("0/U", ("internalField",))].strip("uniform ()").split())
    assert (x * x + y * y + z * z) ** 0.5 == pytest.approx(20) and y / x == pytest.approx(3.62 / 25.75)
    assert not [k for k in bound if k[1][:1] == ("boundaryField",)]
