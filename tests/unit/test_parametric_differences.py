"""Stated differences on generated shapes and the user's own mesh, one parametrised table per class:
- a temperature difference ("plates 12 K apart", "9 degF colder") and a Grashof number set the hot and
  cold walls of a heated shape: hot = cold + dT, the cold one from a stated temperature, else the fluid's;
- a pressure drop ("the inlet held 1.5 kPa above the outlet") makes the flow pressure-driven;
- the shape library's notes about boundaries the case writer changed (a tank's openings made walls,
  an inlet made an outlet) are replaced by what the written case holds;
- the user's own mesh gets the shape library's physics families, with the same refusals.
The paraphrases here are not the probes' (other solvers, units, word orders)."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from foamlib import FoamFile

from tasks.core.config import get_settings
from tasks.core.errors import RequestError
from tasks.edit.parametric import plan_geometry
from tasks.edit.parametric_inflow import as_pressure_drop, pressure_driven
from tasks.edit.parametric_notes import boundary_kind, changed_boundaries, notes_of_written_case
from tasks.edit.parametric_walls import rayleigh_of, walls_from_difference
from tasks.geometry.convection import temperature_difference
from tasks.geometry.text import parse_geometry
from tasks.plan.stated import read_stated

TUTORIALS = get_settings().tutorials_dir
needs_tutorials = pytest.mark.skipif(not TUTORIALS.is_dir(), reason="OpenFOAM tutorials not installed")


# --- class: a temperature difference places the missing wall --------------------------------------

@pytest.mark.parametrize("text, hot, cold, expected", [
    ("the plates are 12 K apart", None, 300.0, (312.0, 300.0)),
    ("the top plate 9 degF colder than the bottom one", 330.0, None, (330.0, 325.0)),
    ("a temperature contrast of 8 degC across the gap", None, None, (303.0, 295.0)),  # the fluid's 295 K
    ("initial temperature 280 K; the two walls 20 K apart", None, None, (300.0, 280.0)),
    ("hot 350 K, cold 340 K, walls 10 K apart", 350.0, 340.0, (350.0, 340.0)),
    ("no difference said here, 2 m/s", None, 300.0, (None, 300.0)),
])
def test_walls_from_difference(text, hot, cold, expected):
    stated = [q for q in read_stated(text) if q.role not in ("hot_wall_temperature", "cold_wall_temperature")]
    pair = walls_from_difference(hot, cold, stated, 295.0)
    assert (pair.hot, pair.cold) == pytest.approx(expected) if expected[0] is not None else \
        (pair.hot, pair.cold) == expected
    assert not pair.refused


def test_a_difference_that_disagrees_with_both_walls_is_refused():
    pair = walls_from_difference(350.0, 300.0, read_stated("the walls 5 K apart"), 300.0)
    assert (pair.hot, pair.cold) == (350.0, 300.0) and "disagrees" in pair.refused


@pytest.mark.parametrize("text, pr, ra", [
    ("Grashof number 2e4", 0.7, 1.4e4),
    ("Gr = 1e6 in water", 7.0, 7e6),
    ("Rayleigh number 3e5 and Gr 1e5", 0.7, 3e5),  # a stated Ra wins
    ("no group at all, 3 m/s", 0.7, None),
])
def test_rayleigh_of_a_grashof_number(text, pr, ra):
    got = rayleigh_of(read_stated(text), pr)
    assert (got.value if got else None) == (pytest.approx(ra) if ra else None)


@pytest.mark.parametrize("text, delta", [
    ("Ra 1e6, water, plates 12 K apart", 12.0),
    ("air cavity, Ra=5e4, with a temperature difference between the walls of 8 degC", 8.0),
    ("the floor is 18 degF warmer than the ceiling; Rayleigh 1e5", 10.0),
    ("cold plate 290 K and the plates 30 K apart, Ra 1e5", 30.0),  # not the spread of 290 and 30
    ("hot side 350 K, cold side 300 K, Ra 1e5", 50.0),
    ("walls at 20 C and 35 C", 15.0),
    ("a cavity with Ra 1e5", None),
])
def test_convection_temperature_difference(text, delta):
    got = temperature_difference(text)
    assert (got if got is None else pytest.approx(delta)) == (delta if delta is None else got)


def _plan(text: str):
    return plan_geometry(text, TUTORIALS, parse_geometry(text))


@needs_tutorials
@pytest.mark.parametrize("text, hot, cold", [
    ("buoyantBoussinesqPimpleFoam: differentially heated square cavity of 0.08 m, air, the left (hot) wall at "
     "330 K and the walls 30 K apart, 5 s", 330.0, 300.0),
    ("Natural convection in a differentially heated square cavity, side 0.12 m, water; cold wall 15 degC; the hot "
     "wall 18 degF warmer; buoyantBoussinesqPimpleFoam for 5 s", 298.15, 288.15),
    ("differentially heated square cavity 0.05 m, air, Grashof number 1e5, cold wall 295 K, "
     "buoyantBoussinesqPimpleFoam, 4 s", None, 295.0),
    ("Gr = 3e4; water; the cold wall 18 degC; differentially heated square cavity 40 mm; Boussinesq transient "
     "solver; 2 s simulated.", None, 291.15),
])
def test_a_difference_sets_the_cavity_walls(text, hot, cold):
    manifest = _plan(text)
    scratch = Path(manifest.base_tutorial)
    try:
        walls = FoamFile(scratch / "0/T")["boundaryField"]
        values = {n: float(str(walls[n]["value"]).split()[-1]) if not isinstance(walls[n]["value"], (int, float))
                  else float(walls[n]["value"]) for n in ("leftWall", "rightWall")}
        assert values["rightWall"] == pytest.approx(cold)
        if hot is not None:
            assert values["leftWall"] == pytest.approx(hot)
        else:
            assert values["leftWall"] > cold  # from the Grashof number
        t_ref = float(str(FoamFile(scratch / "constant/transportProperties")["TRef"]).split()[-1])
        assert t_ref == pytest.approx((values["leftWall"] + values["rightWall"]) / 2, rel=1e-4)
        assert not any("10 K difference" in a for a in manifest.assumptions)  # no default over a stated one
        assert not manifest.not_applied
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


# --- class: a pressure drop drives the flow ---------------------------------------------------------

@pytest.mark.parametrize("text, driven", [
    ("the inlet is held 1.5 kPa above the outlet, water", "1.5 kPa"),
    ("a 40 Pa drop along the duct", "40 Pa"),
    ("driven by a 0.5 bar differential between the ends", "0.5 bar"),
    ("inlet 3 m/s with a 40 Pa drop expected", None),  # a speed drives it
    ("outlet at 2 bar above atmospheric", None),  # a gauge pressure, no difference
])
def test_a_stated_pressure_drop_drives_the_flow(text, driven):
    stated = [as_pressure_drop(text, q) for q in read_stated(text)]
    got = pressure_driven(stated)
    assert (got.text if got else None) == driven


@needs_tutorials
@pytest.mark.parametrize("text, solver", [
    ("icoFoam, 2D channel 0.1 m x 0.004 m, glycerine-like oil nu 5e-4 m2/s, the inlet 60 Pa above the outlet, 0.5 s",
     "icoFoam"),
    ("steady simpleFoam laminar flow of water through a 2D channel 0.2 m by 0.01 m with a 0.02 kPa pressure "
     "difference between its ends; 300 iterations", "simpleFoam"),
])
def test_a_pressure_drop_holds_the_inlet(text, solver):
    manifest = _plan(text)
    scratch = Path(manifest.base_tutorial)
    try:
        assert manifest.solver == solver
        assert FoamFile(scratch / "0/U")["boundaryField"]["inlet"]["type"] == "pressureInletOutletVelocity"
        assert any(e.file == "0/p" and e.entry[:2] == ["boundaryField", "inlet"] for e in manifest.edits)
        assert not manifest.not_applied
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


# --- class: every note describes the case written ---------------------------------------------------

BUILT = {"inlet": "inlet", "outlet": "outlet", "top": "top", "bottom": "bottom", "frontAndBack": "empty"}
CHANNEL_NOTE = "Inlet at the low-x end, outlet at the high-x end; top and bottom are walls (separate patches)."


@pytest.mark.parametrize("after, kept, said", [
    ({"inlet": "wall", "outlet": "wall", "top": "atmosphere", "bottom": "wall", "frontAndBack": "empty"}, False,
     "inlet wall, outlet wall, top open to the atmosphere, bottom wall"),  # a tank
    ({"inlet": "outlet", "outlet": "outlet", "top": "movingWall", "bottom": "wall", "frontAndBack": "empty"}, False,
     "inlet outlet"),  # Couette: both ends open
    ({"inlet": "inlet", "outlet": "outlet", "top": "symmetryPlane", "bottom": "wall", "frontAndBack": "empty"},
     False, "top symmetry plane"),
    ({"inlet": "inlet", "outlet": "outlet", "top": "heatedWall", "bottom": "movingWall", "frontAndBack": "empty"},
     True, None),  # still walls: the note holds
])
def test_notes_of_the_written_case(after, kept, said):
    other = "numerics from the tutorial"
    notes = notes_of_written_case([CHANNEL_NOTE, other], {CHANNEL_NOTE}, BUILT, after)
    assert (CHANNEL_NOTE in notes) is kept and other in notes
    if said is not None:
        assert said in notes[-1] and notes[-1].startswith("boundaries as written")


def test_boundary_kinds():
    assert boundary_kind("heatedWall") == boundary_kind("top") == "wall"
    assert boundary_kind("symmetryPlane") == "symmetry"
    assert changed_boundaries({"a": "inlet", "b": "top"}, {"a2": "inlet", "b": "wall"}) == ["a"]  # renamed


@needs_tutorials
@pytest.mark.parametrize("text", [
    "interFoam, 2D channel 3 m x 0.5 m with water resting 0.2 m deep, 1 s",
    "Two-phase VOF in a 2D channel 0.6 m long and 0.3 m high; calm water layer 50 mm deep; laminar; 0.5 s",
])
def test_a_tank_keeps_no_inlet_note(text):
    manifest = _plan(text)
    shutil.rmtree(manifest.base_tutorial, ignore_errors=True)
    assert not any(a.lower().startswith("inlet at") for a in manifest.assumptions)
    assert any(a.startswith("boundaries as written") and "inlet wall" in a for a in manifest.assumptions)


# --- class: the user's own mesh gets the shape library's physics families ---------------------------

def _channel(tmp_path: Path) -> Path:
    pytest.importorskip("gmsh")
    from tests.unit.test_mesh_import import write_gmsh_channel

    return write_gmsh_channel(tmp_path / "channel.msh", 2.2)


@needs_tutorials
@pytest.mark.parametrize("text, solver, fields", [
    ("rhoPimpleFoam: air enters the duct at 70 m/s and 310 K, outlet 0.9 bar, 2 ms", "rhoPimpleFoam", {"T", "p", "U"}),
    ("steady compressible gas flow through my duct, 40 m/s in, 101.3 kPa out", "rhoSimpleFoam", {"T", "p", "U"}),
])
def test_a_user_mesh_gets_the_compressible_family(tmp_path, text, solver, fields):
    from tasks.edit.user_mesh import plan_user_mesh
    from tasks.plan.manifest import CaseRequest

    m = plan_user_mesh(CaseRequest(text=text, mesh=_channel(tmp_path), out_dir=tmp_path / "out"), TUTORIALS)
    scratch = Path(m.base_tutorial)
    try:
        assert m.solver == solver
        assert fields <= {p.name for p in (scratch / "0").iterdir()}
        assert (scratch / "constant/thermophysicalProperties").is_file()
        assert float(str(FoamFile(scratch / "0/p")["internalField"]).split()[-1]) > 5e4  # absolute, in Pa
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


@needs_tutorials
@pytest.mark.parametrize("text, why", [
    ("interFoam: fill the duct with water to half its height", "free surface"),
    ("buoyantPimpleFoam natural convection, walls 320 K", "axis-aligned boxes"),
    ("two-phase VOF, water column collapsing in my mesh", "free surface"),
])
def test_a_user_mesh_refuses_what_it_cannot_run(tmp_path, text, why):
    from tasks.edit.user_mesh import plan_user_mesh
    from tasks.plan.manifest import CaseRequest

    with pytest.raises(RequestError, match=why):
        plan_user_mesh(CaseRequest(text=text, mesh=_channel(tmp_path), out_dir=tmp_path / "out"), TUTORIALS)


@needs_tutorials
@pytest.mark.parametrize("text", [
    "interFoam: still water 0.04 m deep around my block, 0.5 s",
    "free-surface VOF simulation; water layer 30 mm deep at rest around the body; laminar; 1 s",
])
def test_a_free_surface_on_a_user_stl_describes_the_closed_tank(tmp_path, text):
    from tasks.edit.user_mesh import plan_user_mesh
    from tasks.geometry.stl import write_stl
    from tasks.plan.manifest import CaseRequest
    from tests.unit.test_shapes_stl import cube

    stl = tmp_path / "block.stl"
    write_stl(stl, cube((0.0, 0.0, 0.0), 0.1))
    m = plan_user_mesh(CaseRequest(text=text, geometry=stl, out_dir=tmp_path / "out"), TUTORIALS)
    scratch = Path(m.base_tutorial)
    try:
        assert m.solver == "interFoam" and "setFields" in m.steps
        assert (scratch / "system/setFieldsDict").is_file() and (scratch / "0/alpha.water").is_file()
        assert not any("at the inlet" in a or "velocity = 1 m/s" in a for a in m.assumptions)
        assert any("walls" in a and "inlet" in a for a in m.assumptions)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
