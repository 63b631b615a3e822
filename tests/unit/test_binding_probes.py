"""Binding classes found by probing tutorials the development set never uses: each table row is
one phrasing of a class (roles read from the words, patches named in other words or by position,
a property of one phase, a material's density) and, where a tutorial is needed, the entry the
value must land in."""

from __future__ import annotations

from pathlib import Path

import pytest

from tasks.foam import dictionary as fd
from tasks.knowledge.casebase import case_text
from tasks.plan.bind import bind_all
from tasks.plan.bind_parts import patches_on_side
from tasks.plan.fields import names_patch
from tasks.plan.stated import read_stated

TUTORIALS = Path("/usr/share/doc/openfoam-examples/examples")
needs_tutorials = pytest.mark.skipif(not TUTORIALS.is_dir(), reason="OpenFOAM tutorials not installed")


# --- roles: words after a value that lead to the next number are that number's ---------------
@pytest.mark.parametrize(
    "text,roles",
    [
        ("run 8000 s writing every 50 s", ["end_time", "write_interval"]),
        ("simulate 3 seconds writing every 0.1 s", ["end_time", "write_interval"]),
        ("simulate 2 s saving every 0.5 s", ["end_time", "write_interval"]),
        ("500 iterations output every 50 iterations", ["end_time", "write_interval"]),
        ("0.5 s write interval, end at 10 s", ["write_interval", "end_time"]),  # words after with no number stay
    ],
)
def test_words_leading_to_the_next_number_are_not_this_values(text, roles):
    assert [q.role for q in read_stated(text)] == roles


# --- roles: a temperature or pressure joined to an inlet's clause is the inlet's ---------------
@pytest.mark.parametrize(
    "text,roles",
    [
        ("air enters at 2 m/s and 300 K", ["inlet_velocity", "inlet_temperature"]),
        ("The jet leaves the nozzle at 315 m/s with a temperature of 247 K and a pressure of 271724 Pa, "
         "the ambient is at 101325 Pa", ["inlet_velocity", "inlet_temperature", "inlet_pressure", "ambient_pressure"]),
        ("water is injected at 1 m/s with a temperature of 350 K", ["inlet_velocity", "inlet_temperature"]),
        ("the inlet velocity is 2 m/s, the temperature is 300 K", ["inlet_velocity", "initial_temperature"]),
        ("the outlet is at 1 bar and the air initially at 300 K", ["outlet_pressure", "initial_temperature"]),
    ],
)
def test_a_value_joined_to_an_inlet_clause_takes_the_inlets_role(text, roles):
    assert [q.role for q in read_stated(text)] == roles


# --- numbers inside names are not stated values ----------------------------------------------
@pytest.mark.parametrize(
    "text,texts",
    [
        ("rhoCentralFoam LadenburgJet60psi, inlet 300 m/s", ["300 m/s"]),
        ("the LadenburgJet60psi case with a 60 psi jet", ["60 psi"]),
        ("wedge15Ma5 at 2 bar", ["2 bar"]),
    ],
)
def test_a_number_glued_to_a_name_is_not_a_stated_value(text, texts):
    assert [q.text for q in read_stated(text) if q.quantity != "mach"] == texts


# --- a patch named in other words: any order, plural, synonyms -------------------------------
@pytest.mark.parametrize(
    "words,patch,named",
    [
        ("the side inlets at", "inletSides", True),
        ("side streams at", "inletSides", True),
        ("the centre jet at", "inletCentral", True),
        ("the central inlet t", "inletCentral", True),
        ("the lower wall", "lowerWall", True),
        ("the bottom wall", "lowerWall", True),
        ("the wall at the top", "topWall", True),
        ("the fixed walls", "fixedWalls", True),
        ("the wall", "fixedWalls", False),
        ("the inlet is at 300 k and the sides are adiabatic", "inletSides", False),
        ("the top wall", "bottomWall", False),
    ],
)
def test_a_patch_is_named_by_its_words_in_any_order(words, patch, named):
    assert names_patch(words, patch) is named


# --- a wall named by its position: the patch lying on that side of the mesh ------------------
@needs_tutorials
@pytest.mark.parametrize(
    "tutorial,side,patches",
    [
        ("heatTransfer/buoyantSimpleFoam/buoyantCavity", "left", ["cold"]),
        ("heatTransfer/buoyantSimpleFoam/buoyantCavity", "right", ["hot"]),
        ("heatTransfer/buoyantBoussinesqSimpleFoam/hotRoom", "bottom", ["floor"]),  # gravity along -z
        ("heatTransfer/buoyantBoussinesqSimpleFoam/hotRoom", "top", ["ceiling"]),
        ("incompressible/icoFoam/cavity/cavity", "top", ["movingWall"]),
        ("incompressible/icoFoam/cavity/cavity", "left", []),  # fixedWalls spans three sides
    ],
)
def test_the_patches_on_a_side_of_the_domain(tutorial, side, patches):
    root = TUTORIALS / tutorial
    gravity = fd.get(case_text(root, "constant/g") or "", ["value"]) or ""
    assert patches_on_side(case_text(root, "system/blockMeshDict") or "", side, gravity) == patches


def _bound(tutorial: str, solver: str, text: str) -> tuple[dict[str, tuple[str, str]], dict[str, str]]:
    """stated text -> (file, entry) it was bound to; stated text -> why not applied."""
    binder = bind_all(TUTORIALS / tutorial, solver, text, read_stated(text))
    where = {b.stated: (b.file, "/".join(b.entry)) for b in binder.bindings}
    return where, {n.text: n.reason for n in binder.not_applied}


@needs_tutorials
@pytest.mark.parametrize(
    "tutorial,solver,text,value,file,entry",
    [
        # a wall by position, the patch named otherwise
        ("heatTransfer/buoyantSimpleFoam/buoyantCavity", "buoyantSimpleFoam",
         "buoyantCavity, left wall 285 K, right wall 315 K", "285 K", "0/T", "boundaryField/cold/value"),
        ("heatTransfer/buoyantSimpleFoam/buoyantCavity", "buoyantSimpleFoam",
         "tall cavity, 41.85 degC on the right side wall", "41.85 degC", "0/T", "boundaryField/hot/value"),
        ("heatTransfer/buoyantSimpleFoam/buoyantCavity", "buoyantSimpleFoam",
         "tall cavity, 11.85 degC on the left side wall and 41.85 degC on the right side wall", "41.85 degC", "0/T",
         "boundaryField/hot/value"),
        ("heatTransfer/buoyantBoussinesqSimpleFoam/hotRoom", "buoyantBoussinesqSimpleFoam",
         "hot room, 36.85 degC at the bottom wall, 16.85 degC at the top wall", "16.85 degC", "0/T.orig",
         "boundaryField/ceiling/value"),
        # "the walls" where the base lets the wall temperature float: every wall, held fixed
        ("compressible/rhoSimpleFoam/squareBend", "rhoSimpleFoam",
         "square bend, inlet T 300 K, the walls are heated to 350 K", "350 K", "0/T", "boundaryField/(?i).*walls/value"),
        # a wall temperature never lands on the inlet
        ("compressible/rhoSimpleFoam/squareBend", "rhoSimpleFoam",
         "square bend, 300 K entering, walls at 350 K", "350 K", "0/T", "boundaryField/(?i).*walls/value"),
        # an inlet named in other words, of two inlets
        ("lagrangian/reactingParcelFoam/verticalChannel", "reactingParcelFoam",
         "vertical channel, centre jet at 560 K, side streams at 480 K", "480 K", "0.orig/T",
         "boundaryField/inletSides/value"),
        ("lagrangian/reactingParcelFoam/verticalChannel", "reactingParcelFoam",
         "vertical channel, central inlet T 560 K, side inlets T 480 K", "560 K", "0.orig/T",
         "boundaryField/inletCentral/value"),
        # a property of the phase named with it, not the first phase named in the request
        ("multiphase/driftFluxFoam/RAS/dahl", "driftFluxFoam",
         "settling tank, the sludge density is 1050 kg/m3 and the water kinematic viscosity is 1.5e-6 m2/s",
         "1050 kg/m3", "constant/transportProperties", "sludge/rho"),
        ("multiphase/driftFluxFoam/RAS/dahl", "driftFluxFoam",
         "settling tank, sludge 1.05 g/cm3, water 1.5 cSt", "1.5 cSt", "constant/transportProperties", "water/nu"),
        # a dispersed phase named in the singular
        ("multiphase/twoPhaseEulerFoam/laminar/fluidisedBed", "twoPhaseEulerFoam",
         "fluidised bed, particle diameter 0.4 mm", "0.4 mm", "constant/phaseProperties",
         "particles/constantCoeffs/d"),
        # a particle-like density with no cloud: the Euler phase's, else the one material's
        ("multiphase/twoPhaseEulerFoam/laminar/fluidisedBed", "twoPhaseEulerFoam",
         "fluidised bed, particle density 2600 kg/m3", "2600 kg/m3", "constant/thermophysicalProperties.particles",
         "mixture/equationOfState/rho"),
        ("stressAnalysis/solidEquilibriumDisplacementFoam/beamEndLoad", "solidEquilibriumDisplacementFoam",
         "cantilever (solidEquilibriumDisplacementFoam), steel 7.9 g/cm3", "7.9 g/cm3",
         "constant/mechanicalProperties", "rho/value"),
        # two inlets, two inlet temperatures, no names: in the order of the patches
        ("lagrangian/reactingParcelFoam/verticalChannel", "reactingParcelFoam",
         "vertical channel, inlet temperatures 560 K and 480 K", "480 K", "0.orig/T", "boundaryField/inletSides/value"),
        # a region whose fields live in their own folder (0.orig/<region>/)
        ("heatTransfer/chtMultiRegionSimpleFoam/heatExchanger", "chtMultiRegionSimpleFoam",
         "heat exchanger, air inlet 2 m/s", "2 m/s", "0.orig/air/U", "boundaryField/inlet/value"),
        ("heatTransfer/chtMultiRegionSimpleFoam/heatExchanger", "chtMultiRegionSimpleFoam",
         "heat exchanger, the porous block initially at 350 K", "350 K", "0.orig/porous/T", "internalField"),
        ("heatTransfer/chtMultiRegionFoam/windshieldDefrost", "chtMultiRegionFoam",
         "windshield defrost, hot air blown in at 3 m/s and 300 K", "300 K", "0.orig/cabin/T",
         "boundaryField/inlet/value"),
        # a phase's own temperature field (Euler-Euler: T.air, T.particles)
        ("multiphase/twoPhaseEulerFoam/laminar/fluidisedBed", "twoPhaseEulerFoam",
         "fluidised bed, air enters at 0.3 m/s and 320 K", "320 K", "0/T.air", "boundaryField/inlet/value"),
        ("multiphase/twoPhaseEulerFoam/laminar/fluidisedBed", "twoPhaseEulerFoam",
         "fluidised bed, the particles initially at 300 K", "300 K", "0/T.particles", "internalField"),
        # a temperature joined to a flow value ("pilot 11 m/s at 1880 K") goes to that value's patch
        ("combustion/reactingFoam/RAS/SandiaD_LTS", "reactingFoam",
         "flame D, fuel jet 50 m/s at 294 K, pilot 11 m/s at 1880 K, coflow air 1 m/s at 291 K", "1880 K", "0.orig/T",
         "boundaryField/inletPilot/value"),
        ("combustion/reactingFoam/RAS/SandiaD_LTS", "reactingFoam",
         "flame D, fuel jet 50 m/s at 294 K, pilot 11 m/s at 1880 K, coflow air 1 m/s and 291 K", "291 K", "0.orig/T",
         "boundaryField/inletAir/value"),
        # a pressure on a patch the words name
        ("incompressible/pimpleFoam/RAS/TJunction", "pimpleFoam",
         "T-junction, outlet1 at 20 Pa, outlet2 at 0 Pa, water", "0 Pa", "0/p", "boundaryField/outlet2/value"),
        # an atmospheric boundary layer inlet: its reference speed, in the file the patch includes
        ("incompressible/simpleFoam/turbineSiting", "simpleFoam",
         "turbine siting, wind 12 m/s at hub height", "12 m/s", "0.orig/include/ABLConditions", "Uref"),
        # a pressure condition that is a Function1 of time (uniformTotalPressure): held constant
        ("compressible/rhoPimpleFoam/RAS/TJunction", "rhoPimpleFoam",
         "T-junction, inlet total pressure 1.3 bar, outlets at 1 bar", "1.3 bar", "0/p", "boundaryField/inlet/p0"),
        # a comma-separated next item of another unit is not the second phase's value
        ("multiphase/interFoam/RAS/waterChannel", "interFoam",
         "water channel, water nu 1e-6 m2/s, 100 s", "100 s", "system/controlDict", "endTime"),
        # one particle size: every parcel that size (the distribution becomes fixedValue; a mean size
        # goes to the distribution's characteristic size: test_a_distributions_bounds_scale_...)
        ("lagrangian/sprayFoam/aachenBomb", "sprayFoam", "spray bomb, fuel droplets 0.1 mm", "0.1 mm",
         "constant/sprayCloudProperties", "subModels/injectionModels/model1/sizeDistribution/fixedValueDistribution/value"),
        ("lagrangian/MPPICFoam/injectionChannel", "MPPICFoam", "injection channel, particles 0.5 mm", "0.5 mm",
         "constant/kinematicCloudProperties",
         "subModels/injectionModels/model2/sizeDistribution/fixedValueDistribution/value"),
        # "the walls" are the walls another stated value does not hold
        ("heatTransfer/buoyantSimpleFoam/hotRadiationRoom", "buoyantSimpleFoam",
         "hot radiation room, the box heater at 500 K, walls at 300 K", "300 K", "0/T", "boundaryField/ceiling/value"),
        # a Darcy coefficient: the scalar D of a porous zone, else the positive components of its d
        ("incompressible/pisoFoam/laminar/porousBlockage", "pisoFoam",
         "porous blockage, Darcy coefficient 5e3 m^-2", "5e3 m^-2", "constant/fvOptions",
         "porosity1/explicitPorositySourceCoeffs/D"),
        ("incompressible/porousSimpleFoam/straightDuctImplicit", "porousSimpleFoam",
         "porous duct, Darcy coefficient 1e8 m^-2", "1e8 m^-2", "constant/porosityProperties", "porosity1/d"),
        # a far field whose value is a macro at the top of the field file
        ("compressible/rhoSimpleFoam/aerofoilNACA0012", "rhoSimpleFoam",
         "NACA0012, free stream 240 m/s at 290 K", "240 m/s", "0/U", "Uinlet"),
        ("compressible/rhoSimpleFoam/aerofoilNACA0012", "rhoSimpleFoam",
         "NACA0012, free stream 240 m/s at 290 K", "290 K", "0/T", "Tinlet"),
    ],
)
def test_values_land_in_the_entry_their_words_mean(tutorial, solver, text, value, file, entry):
    where, refused = _bound(tutorial, solver, text)
    assert value not in refused, refused.get(value)
    assert where[value] == (file, entry)


# --- verification reads values, never the file header ----------------------------------------
@pytest.mark.parametrize(
    "role,value,found",
    [
        ("lid_velocity", 2.0, None),  # FoamFile version 2.0 is no lid speed
        ("lid_velocity", 1.0, ("0/U", ["boundaryField", "movingWall", "value"])),
        ("inlet_velocity", 2.0, None),
    ],
)
def test_verification_skips_the_header(tmp_path, role, value, found):
    from tasks.edit.verify import find_stated
    from tasks.plan.stated import StatedQuantity

    (tmp_path / "0").mkdir()
    (tmp_path / "0/U").write_text(
        "FoamFile\n{\n    version     2.0;\n    format      ascii;\n    class       volVectorField;\n"
        "    object      U;\n}\ndimensions [0 1 -1 0 0 0 0];\ninternalField uniform (0 0 0);\n"
        "boundaryField\n{\n    movingWall\n    {\n        type fixedValue;\n        value uniform (1 0 0);\n    }\n}\n")
    q = StatedQuantity(text=f"{value} m/s", quantity="velocity", value=value, unit="m/s", role=role)
    assert find_stated(tmp_path, q) == found


@needs_tutorials
def test_an_initial_temperature_no_phase_is_named_for_starts_every_phase():
    text = "fluidised bed, initial temperature 310 K"
    binder = bind_all(TUTORIALS / "multiphase/twoPhaseEulerFoam/laminar/fluidisedBed", "twoPhaseEulerFoam", text,
                      read_stated(text))
    assert {b.file for b in binder.bindings if b.stated == "310 K"} == {"0/T.air", "0/T.particles"}
    assert not binder.not_applied


@needs_tutorials
@pytest.mark.parametrize(
    "tutorial,patch,role",
    [
        ("incompressible/simpleFoam/turbineSiting", "terrain", "wall"),  # uniformFixedValue (0 0 0)
        ("incompressible/simpleFoam/turbineSiting", "inlet", "inlet"),  # atmBoundaryLayerInletVelocity
        ("incompressible/simpleFoam/pitzDaily", "inlet", "inlet"),
        ("incompressible/icoFoam/cavity/cavity", "movingWall", "moving_wall"),
    ],
)
def test_a_patch_held_at_rest_is_a_wall(tutorial, patch, role):
    from tasks.plan.bind import Base, patch_roles

    assert patch_roles(Base(TUTORIALS / tutorial))[patch] == role


@needs_tutorials
def test_a_distributions_bounds_scale_with_its_stated_mean_size():
    text = "spray bomb, mean droplet diameter 0.3 mm"
    binder = bind_all(TUTORIALS / "lagrangian/sprayFoam/aachenBomb", "sprayFoam", text, read_stated(text))
    dist = "subModels/injectionModels/model1/sizeDistribution/RosinRammlerDistribution"
    got = {"/".join(e.entry): e.value for e in binder.edits if e.file == "constant/sprayCloudProperties"}
    assert got[f"{dist}/d"] == "0.0003"
    assert float(got[f"{dist}/maxValue"]) == pytest.approx(0.0003)  # 0.00015 x 2
    assert not binder.not_applied


@needs_tutorials
def test_a_darcy_coefficient_keeps_the_relative_components_of_d():
    text = "porous duct, Darcy coefficient 1e8 m^-2"
    binder = bind_all(TUTORIALS / "incompressible/porousSimpleFoam/straightDuctImplicit", "porousSimpleFoam", text,
                      read_stated(text))
    got = {"/".join(e.entry): e.value for e in binder.edits if e.file == "constant/porosityProperties"}
    assert [float(x) for x in got["porosity1/d"].strip("()").split()] == [1e8, -1000, -1000]


@needs_tutorials
def test_a_tutorial_whose_files_its_allrun_copies_from_beside_it_is_bound_there():
    """angledDuct/explicit keeps 0.orig and constant in ../common: the written case has them."""
    text = "porous angled duct, 180 m^3/h inflow, isotropic Darcy coefficient 1e8 m^-2, nu 2e-5 m2/s"
    where, refused = _bound("incompressible/porousSimpleFoam/angledDuct/explicit", "porousSimpleFoam", text)
    assert not refused
    assert where["180 m^3/h"] == ("0/U", "boundaryField/inlet/volumetricFlowRate")
    assert where["2e-5 m2/s"] == ("constant/transportProperties", "nu")
    binder = bind_all(TUTORIALS / "incompressible/porousSimpleFoam/angledDuct/explicit", "porousSimpleFoam", text,
                      read_stated(text))
    d = next(e.value for e in binder.edits if e.entry == ["porosity1", "d"])
    assert [float(x) for x in d.strip("()").split()] == [1e8, 1e8, 1e8]
