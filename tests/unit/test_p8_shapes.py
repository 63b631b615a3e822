"""Physics and patch roles on generated shapes, one parametrised table per class:

- heat with a solver that has no energy equation (named, or buoyancy ruled out) rides as a passive
  temperature, never dropped;
- a stated temperature goes on the part of the shape its words name (body, side, inner/outer,
  every wall, the inflow);
- an opening the library made an outlet becomes an inlet when the request feeds flow through it,
  and each inflow speed goes on the inlet its words name, along that patch's inward normal;
- a passive scalar (dye, tracer) is carried by scalarTransport with its stated diffusivity or
  Schmidt number, and no other stated value lands in the function objects the case adds.

The paraphrases here are not the probes' (other solvers, units, word orders)."""

from __future__ import annotations

import shutil
from pathlib import Path
from types import SimpleNamespace

import pytest
from foamlib import FoamFile

from tasks.core.config import get_settings
from tasks.edit.parametric import choose_solver, in_own_function, plan_geometry
from tasks.edit.parametric_heat import heat_mode, place_temperatures
from tasks.edit.parametric_inflow import as_pressure_drop, pressure_driven
from tasks.edit.parametric_roles import inflow_openings, inlet_name, inward_normal, place_inflows, rename_patch
from tasks.edit.parametric_scalar import passive_scalar, scalar_object
from tasks.geometry.models import PatchInfo
from tasks.geometry.text import parse_geometry
from tasks.plan.stated import read_stated


def _p(name: str, ptype: str, role: str) -> PatchInfo:
    return PatchInfo(name=name, type=ptype, role=role)


CYLINDER = [_p("inlet", "patch", "inlet"), _p("outlet", "patch", "outlet"), _p("walls", "wall", "wall"),
            _p("cylinder", "wall", "body"), _p("frontAndBack", "empty", "empty")]
CHANNEL = [_p("bottom", "wall", "bottom"), _p("outlet", "patch", "outlet"), _p("top", "wall", "top"),
           _p("inlet", "patch", "inlet"), _p("frontAndBack", "empty", "empty")]
ANNULUS = [_p("outerWall", "wall", "wall"), _p("innerWall", "wall", "wall"), _p("frontAndBack", "empty", "empty")]
PIPE = [_p("inlet", "patch", "inlet"), _p("outlet", "patch", "outlet"), _p("wall", "wall", "wall")]
TEE = [_p("walls", "wall", "wall"), _p("inlet", "patch", "inlet"), _p("frontAndBack", "empty", "empty"),
       _p("outlet", "patch", "outlet"), _p("branchOutlet", "patch", "outlet")]


# --- class: heat with a solver without an energy equation is carried, not dropped ---------------

@pytest.mark.parametrize("solver, shape, text, mode", [
    ("pisoFoam", "channel", "pisoFoam kEpsilon, oil enters at 40 degC, walls at 20 degC", "passive"),
    ("icoFoam", "pipe", "icoFoam, the tube wall is held at 350 K", "passive"),
    ("simpleFoam", "backward_step", "simpleFoam, heat transfer from the heated floor, 1000 iterations", "passive"),
    ("buoyantBoussinesqSimpleFoam", "channel", "buoyantBoussinesqSimpleFoam, floor 330 K", "boussinesq"),
    ("simpleFoam", "channel", "simpleFoam kOmegaSST, air 10 m/s, 500 iterations", "none"),
    ("icoFoam", "heated_cavity", "icoFoam, left wall 310 K", "none"),
])
def test_heat_mode(solver, shape, text, mode):
    from tasks.plan.select import request_features

    flags = request_features(text, solver, None).flags
    assert heat_mode(solver, shape, flags.get("energy"), flags.get("buoyancy"), read_stated(text)) == mode


@pytest.mark.parametrize("text, solver", [
    ("heated rod at 80 degC in a water channel, gravity ignored, laminar, 5 s", "pimpleFoam"),
    ("steady laminar flow past a hot block at 400 K, buoyancy neglected, 2000 iterations", "simpleFoam"),
    ("k-epsilon flow of air past a cylinder kept at 350 K, without buoyancy, 800 iterations", "simpleFoam"),
    ("LES of air over a heated step at 330 K, no buoyancy, 0.1 s", "pimpleFoam"),
])
def test_heat_without_buoyancy_chooses_a_passive_host(text, solver):
    ctx = SimpleNamespace(text=text, solver=None, model=None)
    assert choose_solver(ctx, SimpleNamespace(shape="channel_with_obstacles"))[0] == solver


# --- class: a stated temperature on the part of the shape its words name ------------------------

@pytest.mark.parametrize("patches, text, want", [
    (CHANNEL, "the lower plate is kept at 50 degC and the upper plate at 20 degC",
     [("50 degC", ("bottom",), "wall"), ("20 degC", ("top",), "wall")]),
    (CYLINDER, "the rods are at 400 K while the channel walls stay at 300 K",
     [("400 K", ("cylinder",), "wall"), ("300 K", ("walls",), "wall")]),
    (ANNULUS, "outer casing 290 K; rotor surface 330 K",
     [("290 K", ("outerWall",), "wall"), ("330 K", ("innerWall",), "wall")]),
    (PIPE, "tube wall 353.15 K", [("353.15 K", ("wall",), "wall")]),
    (PIPE, "heated to 360 K", [("360 K", ("wall",), "wall")]),
    (CYLINDER, "air at 300 K flows past a body held at 330 K", [("330 K", ("cylinder",), "wall")]),
    # the water's temperature is the fluid's (initial field, which the inflow takes), never a wall's
    (CYLINDER, "cylinder surface 350 K, water at 290 K", [("350 K", ("cylinder",), "wall")]),
])
def test_place_temperatures(patches, text, want):
    got = [(p.quantity.text, p.patches, p.kind) for p in place_temperatures(text, read_stated(text), patches)]
    for item in want:
        assert item in got, (text, got)
    assert not [g for g in got if g[2] == "wall" and g[0] not in {w[0] for w in want}], (text, got)


def test_an_initial_temperature_of_the_fluid_is_left_to_the_binder():
    text = "the domain starts at 290 K everywhere; cylinder at 310 K"
    got = {p.quantity.text: p.patches for p in place_temperatures(text, read_stated(text), CYLINDER)}
    assert got.get("310 K") == ("cylinder",) and "290 K" not in got


# --- class: an opening fed by the request becomes an inlet --------------------------------------

@pytest.mark.parametrize("text, fed", [
    ("water is injected through the branch at 0.3 m/s while 1 m/s comes in on the left", True),
    ("the side arm supplies 0.2 m/s of cold water; main inlet 0.5 m/s", True),
    ("a vertical branch 10 cm long, and feeding 5 cm/s into the main duct", True),
    ("both the branch and the main outlet are at 0 Pa; inlet 1 m/s", False),
    ("the branch is an outlet at zero gauge pressure, inlet 1 m/s", False),
    ("inlet 2 m/s on the left, outlets at the right end and at the top of the branch", False),
])
def test_inflow_openings(text, fed):
    assert inflow_openings(text, TEE) == (["branchOutlet"] if fed else [])


@pytest.mark.parametrize("text, want", [
    ("water is injected through the branch at 0.3 m/s while 1 m/s comes in on the left",
     {"0.3 m/s": "branchInlet", "1 m/s": "inlet"}),
    ("main stream 54 cm/s; the side arm supplies 18 cm/s", {"54 cm/s": "inlet", "18 cm/s": "branchInlet"}),
    ("a 2 m/s main inlet and a second inlet at 0.5 m/s through the branch",
     {"2 m/s": "inlet", "0.5 m/s": "branchInlet"}),
])
def test_place_inflows(text, want):
    got = {f.quantity.text: f.patch for f in place_inflows(text, read_stated(text), ["inlet", "branchInlet"])}
    assert got == want


BMD = """FoamFile { version 2.0; format ascii; class dictionary; object blockMeshDict; }
vertices ( (0 0 0) (1 0 0) (1 1 0) (0 1 0) (0 0 0.1) (1 0 0.1) (1 1 0.1) (0 1 0.1) );
blocks ( hex (0 1 2 3 4 5 6 7) (10 10 1) simpleGrading (1 1 1) );
boundary
(
    inlet { type patch; faces ( (0 4 7 3) ); }
    branchOutlet { type patch; faces ( (3 7 6 2) ); }
    floor { type wall; faces ( (1 5 4 0) ); }
);
"""


@pytest.mark.parametrize("patch, normal", [("inlet", (1.0, 0.0, 0.0)), ("branchOutlet", (0.0, -1.0, 0.0)),
                                           ("floor", (0.0, 1.0, 0.0))])
def test_inward_normal(patch, normal):
    assert inward_normal(BMD, patch) == pytest.approx(normal)


def test_rename_patch_and_inlet_name():
    assert inlet_name("branchOutlet") == "branchInlet" and inlet_name("side") == "sideInlet"
    renamed = rename_patch(BMD, "branchOutlet", "branchInlet")
    assert "branchInlet { type patch" in renamed and "branchOutlet" not in renamed
    with pytest.raises(ValueError, match="no patch"):
        rename_patch(BMD, "nothere", "x")


# --- class: a passive scalar with its diffusivity -----------------------------------------------

@pytest.mark.parametrize("text, value, d_text, sc", [
    ("a contaminant with a mass diffusivity of 2e-9 m^2/s enters at concentration 0.2", 0.2, "2e-9 m^2/s", None),
    ("pollutant tracer, D = 1e-5 m2/s, inflow concentration of 3", 3.0, "1e-5 m2/s", None),
    ("dye injected with the inflow, Schmidt number 1000", 1.0, None, 1000.0),
    ("smoke released at the inlet (concentration 1); cylinder D 0.05 m", 1.0, None, None),
])
def test_passive_scalar(text, value, d_text, sc):
    scalar = passive_scalar(text, read_stated(text))
    assert scalar is not None and scalar.inlet_value == pytest.approx(value)
    assert (scalar.diffusivity.text if scalar.diffusivity else None) == d_text
    assert (scalar.schmidt.value if scalar.schmidt else None) == sc


@pytest.mark.parametrize("text", ["air at 10 m/s past a cylinder D 0.05 m, nu 1.5e-5 m2/s",
                                  "heated wall at 350 K, air 300 K", "water, concentration of effort"])
def test_no_passive_scalar(text):
    assert passive_scalar(text, read_stated(text)) is None


@pytest.mark.parametrize("d, nu, entries", [
    (1e-9, 1e-6, {"alphaD": "0.001", "alphaDt": "1.42857"}),
    (2e-5, 1.5e-5, {"alphaD": "1.33333"}),
    (1e-8, None, {"D": "1e-08"}),
])
def test_scalar_object(d, nu, entries):
    fo = scalar_object(d, nu)
    assert fo["type"] == "scalarTransport" and fo["field"] == "s"
    assert {k: fo[k] for k in entries} == entries
    assert ("D" in fo) == (nu is None)


@pytest.mark.parametrize("file, entry, own", [
    ("system/controlDict", ["functions", "passiveScalar", "D"], True),
    ("system/controlDict", ["functions", "temperature", "alphaD"], True),
    ("system/controlDict", ["functions", "forces", "CofR"], False),
    ("system/controlDict", ["endTime"], False),
])
def test_in_own_function(file, entry, own):
    assert in_own_function(file, entry) == own


# --- the cases the library plans ---------------------------------------------------------------

def _plan(text: str):
    return plan_geometry(text, get_settings().tutorials_dir, parse_geometry(text))


@pytest.mark.parametrize("text, patch, value, solver", [
    ("pisoFoam laminar flow of water at 1 cm/s and 20 degC in a 2D channel 0.4 m long and 0.04 m high from "
     "the origin; lower wall held at 40 degC; 2 s", "bottom", 313.15, "pisoFoam"),
    ("simpleFoam kEpsilon, 3D round pipe 30 mm diameter and 0.6 m long along x from the origin; air at 4 m/s "
     "entering at 290 K; the pipe wall is heated to 340 K; 300 iterations", "wall", 340.0, "simpleFoam"),
    ("icoFoam: channel 1 m x 0.25 m from the origin with a square block of side 0.05 m centred at (0.3, 0.125) "
     "kept at 360 K; inflow 0.02 m/s at 300 K; water; 5 s", "obstacle", 360.0, "icoFoam"),
])
def test_named_solver_carries_the_temperature(text, patch, value, solver):
    manifest = _plan(text)
    scratch = Path(manifest.base_tutorial)
    try:
        assert manifest.solver == solver
        t = FoamFile(scratch / "0/T")["boundaryField"]
        assert t[patch]["type"] == "fixedValue" and float(t[patch]["value"]) == pytest.approx(value)
        fo = FoamFile(scratch / "system/controlDict")["functions"]["temperature"]
        assert fo["type"] == "scalarTransport" and ("D" in fo) == (solver == "icoFoam")
        assert not manifest.not_applied
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def test_a_fed_branch_is_an_inlet_with_its_own_speed():
    manifest = _plan("pimpleFoam laminar, 2D T-junction: main channel 0.4 m long and 0.04 m wide from the origin, "
                     "branch 0.04 m wide and 0.1 m long at x = 0.2; water enters the main channel at 5 cm/s and is "
                     "injected through the branch at 3 cm/s; 5 s")
    scratch = Path(manifest.base_tutorial)
    try:
        u = FoamFile(scratch / "0/U")["boundaryField"]
        assert list(u["branchInlet"]["value"]) == pytest.approx([0, -0.03, 0])
        assert list(u["inlet"]["value"]) == pytest.approx([0.05, 0, 0])
        assert "branchOutlet" not in (scratch / "system/blockMeshDict").read_text()
        assert {p.name: p.role for p in manifest.patches}["branchInlet"] == "inlet"
        assert not manifest.not_applied
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def test_a_tracer_keeps_nu_and_its_diffusivity_apart():
    manifest = _plan("pisoFoam laminar, 2D channel 0.3 m x 0.03 m from the origin, water nu 1e-6 m2/s at 1 cm/s; "
                     "a tracer enters with the flow at concentration 2, tracer diffusivity 5e-9 m2/s; 3 s")
    scratch = Path(manifest.base_tutorial)
    try:
        bound = {b.stated: (b.file, b.entry) for b in manifest.bindings}
        assert bound["1e-6 m2/s"] == ("constant/transportProperties", ["nu"])
        assert bound["5e-9 m2/s"] == ("system/controlDict", ["functions", "passiveScalar", "alphaD"])
        s = FoamFile(scratch / "0/s")["boundaryField"]
        assert float(s["inlet"]["value"]) == pytest.approx(2.0) and s["top"]["type"] == "zeroGradient"
        fo = FoamFile(scratch / "system/controlDict")["functions"]["passiveScalar"]
        assert float(fo["alphaD"]) == pytest.approx(5e-3, rel=1e-4)
        assert not manifest.not_applied
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


# --- class: the inflow turbulence of an LES is a fluctuating inlet --------------------------------

@pytest.mark.parametrize("text, scale", [
    ("pisoFoam LES WALE, 3D duct 0.4 m long, 0.05 m high and 0.05 m wide from the origin; water 0.2 m/s with "
     "3 % inflow turbulence intensity; 40x10x10 cells; 0.5 s", 0.03),
    ("pimpleFoam LES kEqn in a 2D channel 0.6 m x 0.06 m from the origin, air at 7.2 km/h, turbulence intensity "
     "2 %, 0.2 s", 0.02),
    ("large-eddy simulation (Smagorinsky, pimpleFoam) of air at 3 m/s over a backward-facing step: inlet channel "
     "x -0.05..0, y 0.01..0.02; step at x = 0 down to y = 0; outlet at x = 0.3; intensity 10 %; 0.05 s", 0.1),
])
def test_les_intensity_is_a_turbulent_inlet(text, scale):
    manifest = _plan(text)
    scratch = Path(manifest.base_tutorial)
    try:
        inlet = FoamFile(scratch / "0/U")["boundaryField"]["inlet"]
        assert inlet["type"] == "turbulentInlet"
        assert list(inlet["fluctuationScale"]) == pytest.approx([scale] * 3)
        assert not manifest.not_applied
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def test_a_ras_intensity_stays_on_k():
    manifest = _plan("simpleFoam kEpsilon in a 2D channel 1 m x 0.1 m from the origin, air 10 m/s, turbulence "
                     "intensity 4 %, 300 iterations")
    scratch = Path(manifest.base_tutorial)
    try:
        assert FoamFile(scratch / "0/U")["boundaryField"]["inlet"]["type"] == "fixedValue"
        assert float(FoamFile(scratch / "0/k")["boundaryField"]["inlet"]["value"]) == pytest.approx(0.24)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


# --- class: a flow driven by a stated pressure, not a speed -----------------------------------------

@pytest.mark.parametrize("text, driven", [
    ("inlet pressure 50 Pa, outlet at 0 Pa", "50 Pa"),
    ("a pressure drop of 0.2 kPa between the two ends", "0.2 kPa"),
    ("inlet 2 m/s, outlet pressure 0 Pa", None),
    ("inlet pressure 100 Pa and a flow rate of 3 L/min", None),
    ("driven by a pressure difference of 500 Pa", "500 Pa"),
    ("ambient pressure 1 bar, inlet 1 m/s", None),
])
def test_pressure_driven(text, driven):
    got = pressure_driven([as_pressure_drop(text, q) for q in read_stated(text)])
    assert (got.text if got else None) == driven


@pytest.mark.parametrize("text, patch, solver", [
    ("icoFoam, 2D channel 0.2 m x 0.005 m from the origin, oil nu 1e-5, driven by an inlet pressure of 5 Pa with "
     "the outlet at 0 Pa, 5 s", "inlet", "icoFoam"),
    ("steady laminar simpleFoam flow of water in a 3D round pipe 10 mm in diameter and 0.2 m long along x from "
     "the origin, pressure drop 30 Pa between inlet and outlet, 500 iterations", "inlet", "simpleFoam"),
    ("pimpleFoam laminar, planar sudden expansion 1:2; inlet channel x -0.05..0, y -0.005..0.005; wide channel x "
     "0..0.2, y -0.01..0.01; water, inlet pressure 8 Pa, outlet 0 Pa; 2 s", "inlet", "pimpleFoam"),
])
def test_a_pressure_driven_inlet_holds_the_pressure(text, patch, solver):
    manifest = _plan(text)
    scratch = Path(manifest.base_tutorial)
    try:
        assert manifest.solver == solver
        assert FoamFile(scratch / "0/U")["boundaryField"][patch]["type"] == "pressureInletOutletVelocity"
        assert FoamFile(scratch / "0/p")["boundaryField"][patch]["type"] == "fixedValue"
        assert any(e.file == "0/p" and e.entry[:2] == ["boundaryField", patch] for e in manifest.edits)
        assert not manifest.not_applied
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


# --- class: a side made a symmetry plane or a slip wall --------------------------------------------

@pytest.mark.parametrize("text, sides", [
    ("free-slip upper wall, no-slip floor", ["top"]),
    ("top: symmetry; bottom: wall", ["top"]),
    ("the lower boundary is frictionless (a symmetry plane) and the ceiling a wall", ["bottom"]),
    ("slip conditions on the top and bottom boundaries", ["bottom", "top"]),
    ("top and bottom walls no-slip", []),
    ("a channel symmetric about y = 0 with walls at the top and bottom", []),
])
def test_symmetry_sides(text, sides):
    from tasks.edit.parametric_roles import symmetry_sides

    assert sorted(symmetry_sides(text, CHANNEL)) == sides


def test_set_patch_type():
    from tasks.edit.parametric_roles import set_patch_type

    assert "floor { type symmetryPlane;" in set_patch_type(BMD, "floor", "symmetryPlane")
    with pytest.raises(ValueError, match="no patch"):
        set_patch_type(BMD, "ceiling", "symmetryPlane")


def test_a_symmetry_top_is_a_symmetry_plane_in_the_case():
    manifest = _plan("pimpleFoam kOmegaSST, half of a 2D channel 0.5 m long and 0.02 m high from the origin with a "
                     "symmetry plane on the upper side, air at 5 m/s, 0.1 s")
    scratch = Path(manifest.base_tutorial)
    try:
        assert "type symmetryPlane" in (scratch / "system/blockMeshDict").read_text()
        assert FoamFile(scratch / "0/omega")["boundaryField"]["top"]["type"] == "symmetryPlane"
        assert FoamFile(scratch / "0/omega")["boundaryField"]["bottom"]["type"] == "omegaWallFunction"
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
