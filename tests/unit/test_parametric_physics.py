"""Compressible, free-surface and compressible-buoyant physics on generated shapes
(tasks/edit/parametric_physics.py) and the split of parametric_setup into modules by idea.

The phrasings here are paraphrases of the class (other units, word orders, solvers), not the
probe requests."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from foamlib import FoamFile

from tasks.core.config import get_settings
from tasks.core.errors import RequestError
from tasks.edit import parametric_physics as physics
from tasks.edit import parametric_setup as setup
from tasks.edit.parametric import plan_geometry
from tasks.geometry.text import parse_geometry
from tasks.plan.stated import read_stated

TUTORIALS = get_settings().tutorials_dir
needs_tutorials = pytest.mark.skipif(not (TUTORIALS / "compressible").is_dir(),
                                     reason="OpenFOAM tutorials not installed")


# --- the split: one import, the same names ------------------------------------------------------


@pytest.mark.parametrize("name", setup.__all__)
def test_setup_facade_exports_every_name(name):
    assert getattr(setup, name) is not None


@pytest.mark.parametrize("module, name", [
    ("parametric_mesh", "smallest_cell_block_mesh"), ("parametric_time", "TimeStepChoice"),
    ("parametric_turbulence", "NamedTurbulence"), ("parametric_boussinesq", "Heat"),
    ("parametric_thermal", "set_passive_temperature"),
])
def test_setup_names_live_in_their_module(module, name):
    assert getattr(setup, name).__module__ == f"tasks.edit.{module}"


# --- where the water starts ----------------------------------------------------------------------


@pytest.mark.parametrize("text, width, height, fraction, side", [
    ("A 2D tank 1 m by 0.5 m with a 10 cm deep layer of water on its floor", None, 0.1, None, "left"),
    ("rectangle 2 m x 1 m, filled with water to a depth of 25 cm, interFoam", None, 0.25, None, "left"),
    ("Box 0.4 m long and 0.3 m high. A block of water, 0.12 m tall and 0.05 m wide, sits against the right wall.",
     0.05, 0.12, None, "right"),
    ("VOF in a rectangle 3 ft by 2 ft; water column: width 6 in, height 1 ft", 0.1524, 0.3048, None, "left"),
    ("rectangle 1 m x 1 m, one third full of water, sloshing", None, None, 1 / 3, "left"),
    ("rectangle 0.6 x 0.3 m; water filling 40 % of it", None, None, 0.4, "left"),
    ("a square domain of 0.5 m holds water up to 200 mm", None, 0.2, None, "left"),
])
def test_free_surface_region_reads_the_water(text, width, height, fraction, side):
    region = physics.free_surface_region(text, read_stated(text))
    assert region.width == pytest.approx(width) if width is not None else region.width is None
    assert region.height == pytest.approx(height) if height is not None else region.height is None
    assert region.fraction == pytest.approx(fraction) if fraction is not None else region.fraction is None
    assert region.side == side


@pytest.mark.parametrize("text", [
    "interFoam in a 2D rectangle 0.8 m long and 0.4 m high",  # the container's sizes only
    "a tank 0.6 m wide and 0.3 m tall with air and water",
])
def test_free_surface_region_leaves_the_container_sizes(text):
    region = physics.free_surface_region(text, read_stated(text))
    assert (region.width, region.height, region.texts) == (None, None, [])


@pytest.mark.parametrize("region, box", [
    (physics.WaterRegion(0.2, 0.3, None, "left", []), ((0, 0), (0.2, 0.3))),
    (physics.WaterRegion(0.2, 0.3, None, "right", []), ((0.8, 0), (1.0, 0.3))),
    (physics.WaterRegion(None, None, 0.25, "left", []), ((0, 0), (1.0, 0.125))),
    (physics.WaterRegion(None, None, None, "left", []), ((0, 0), (1.0, 0.25))),
    (physics.WaterRegion(None, 9.0, None, "left", []), ((0, 0), (1.0, 0.5))),  # never above the top
])
def test_water_box(region, box):
    a, b, _ = physics.water_box(region, (0.0, 0.0, 0.0), (1.0, 0.5, 0.1), up=1)
    assert (a[0], a[1]) == pytest.approx(box[0], abs=1e-5)
    assert (b[0], b[1]) == pytest.approx(box[1], abs=1e-5)


# --- the fluid and the template --------------------------------------------------------------------


@pytest.mark.parametrize("eos, gas", [("perfectGas", True), ("incompressiblePerfectGas", True), ("rhoConst", False),
                                      ("icoPolynomial", False), ("perfectFluid", False)])
def test_gas_equation_of_state(eos, gas):
    assert physics.gas_equation_of_state(f"thermoType {{ type heRhoThermo; equationOfState {eos}; }}") is gas


@pytest.mark.parametrize("p, t, m, rho", [(101325, 288.15, 28.96, 1.225), (2e5, 300, 28.9, 2.317),
                                          (1e5, 400, 44.01, 1.3234)])
def test_gas_density(p, t, m, rho):
    assert physics.gas_density(p, t, m) == pytest.approx(rho, rel=2e-3)


def test_sound_speed_of_air():
    assert physics.sound_speed(300, {"molWeight": 28.9, "Cp": 1005}) == pytest.approx(347, rel=0.01)
    assert physics.sound_speed(300, {"molWeight": 28.9, "Cv": 712}) == pytest.approx(345, rel=0.01)


@needs_tutorials
@pytest.mark.parametrize("solver, gas, family", [("rhoSimpleFoam", True, "compressible/rhoSimpleFoam/"),
                                                 ("rhoSimpleFoam", False, "compressible/rhoSimpleFoam/"),
                                                 ("rhoPimpleFoam", True, "compressible/rhoPimpleFoam/"),
                                                 ("interFoam", True, "multiphase/interFoam/"),
                                                 ("buoyantPimpleFoam", True, "heatTransfer/buoyantPimpleFoam/"),
                                                 ("buoyantSimpleFoam", True, "heatTransfer/buoyantSimpleFoam/")])
def test_physics_template_is_learnt_from_the_solver_tutorials(solver, gas, family):
    from tasks.foam.files import find_file, read_text
    from tasks.plan.select_catalog import tutorial_records

    choice = physics.physics_template(tutorial_records(TUTORIALS), TUTORIALS, solver, gas)
    assert choice.case.startswith(family)
    for rel in physics.NEEDS[physics.FAMILY[solver]]:
        assert find_file((TUTORIALS / choice.case / rel).parent, Path(rel).name) is not None
    if physics.FAMILY[solver] != "free_surface":
        thermo = read_text(find_file(TUTORIALS / choice.case / "constant", "thermophysicalProperties"))
        assert physics.gas_equation_of_state(thermo) is gas


@pytest.mark.parametrize("solver, shape", [("interFoam", "cylinder_crossflow"), ("interFoam", "naca_airfoil"),
                                           ("rhoPimpleFoam", "naca_airfoil"), ("buoyantSimpleFoam", "pipe"),
                                           ("rhoSimpleFoam", "annulus")])
def test_refuse_physics_names_why(solver, shape):
    with pytest.raises(RequestError, match=rf"{solver} is not set up on a generated {shape.replace('_', ' ')}: .+"):
        physics.refuse_physics(solver, shape)


@pytest.mark.parametrize("solver, shape", [("interFoam", "rectangle"), ("rhoSimpleFoam", "nozzle"),
                                           ("rhoPimpleFoam", "cylinder_crossflow"), ("simpleFoam", "naca_airfoil")])
def test_refuse_physics_lets_the_set_up_ones_through(solver, shape):
    physics.refuse_physics(solver, shape)


# --- whole cases, parsed back ----------------------------------------------------------------------


def _plan(text: str):
    return plan_geometry(text, TUTORIALS, parse_geometry(text))


def _write(manifest, tmp_path: Path) -> Path:
    from tasks.edit.writer import write_case

    try:
        return write_case(manifest, tmp_path / "case", TUTORIALS, True).case_dir
    finally:
        shutil.rmtree(manifest.base_tutorial, ignore_errors=True)


@needs_tutorials
@pytest.mark.parametrize("text, solver, p_out, t_in", [
    ("steady compressible flow with rhoSimpleFoam of air through a 2D channel 0.5 m long and 0.04 m high, "
     "inlet 40 m/s and 310 K, outlet 1.5 bar", "rhoSimpleFoam", 1.5e5, 310.0),
    ("rhoPimpleFoam: air at 25 m/s past a backward-facing step of 0.01 m, inlet channel 0.01 m, 0.2 m downstream; "
     "outlet pressure 95 kPa, inflow 280 K", "rhoPimpleFoam", 9.5e4, 280.0),
    ("Could you run rhoSimpleFoam in a 2D diffuser, inlet height 0.05 m, outlet height 0.1 m, taper 0.25 m; "
     "air 30 m/s at 15 degC in, 14.5 psi out?", "rhoSimpleFoam", 14.5 * 6894.757, 288.15),
])
def test_compressible_case_on_a_shape(text, solver, p_out, t_in, tmp_path):
    manifest = _plan(text)
    case = _write(manifest, tmp_path)
    assert manifest.solver == solver
    assert FoamFile(case / "system/controlDict")["application"] == solver
    assert (case / "constant/thermophysicalProperties").is_file()
    p = FoamFile(case / "0/p")
    assert float(p["boundaryField"]["outlet"]["value"]) == pytest.approx(p_out, rel=1e-3)
    assert float(p["internalField"]) > 5e4  # absolute, in Pa
    assert float(FoamFile(case / "0/T")["boundaryField"]["inlet"]["value"]) == pytest.approx(t_in, rel=1e-4)
    assert not manifest.not_applied


@needs_tutorials
@pytest.mark.parametrize("text, top", [
    ("interFoam, 2D rectangle 1.2 m x 0.6 m, a block of water 30 cm wide and 45 cm tall against the left wall",
     "atmosphere"),
    ("VOF sloshing in a closed 2D rectangle 0.5 m by 0.4 m, water 10 cm deep", "wall"),
])
def test_free_surface_case_on_a_shape(text, top, tmp_path):
    manifest = _plan(text)
    case = _write(manifest, tmp_path)
    assert manifest.solver == "interFoam"
    assert "setFields" in manifest.steps and manifest.steps.index("setFields") < manifest.steps.index("interFoam")
    assert (case / "0/alpha.water").is_file() and (case / "0/p_rgh").is_file()
    assert FoamFile(case / "system/setFieldsDict")["regions"]
    assert list(FoamFile(case / "constant/g")["value"]) == pytest.approx([0, -9.81, 0])
    roles = {p.name: p.role for p in manifest.patches}
    assert roles.get("top") == top or (top == "wall" and "atmosphere" not in roles.values())
    assert not manifest.not_applied


@needs_tutorials
def test_buoyant_compressible_cavity_sets_its_walls(tmp_path):
    text = "buoyantSimpleFoam in a square cavity of 0.25 m, left wall 40 degC, right wall 20 degC, air"
    manifest = _plan(text)
    case = _write(manifest, tmp_path)
    assert manifest.solver == "buoyantSimpleFoam"
    t = FoamFile(case / "0/T")["boundaryField"]
    values = sorted(float(v["value"]) for _, v in t.items() if v.get("type") == "fixedValue")
    assert values == pytest.approx([293.15, 313.15])
    assert (case / "0/p_rgh").is_file() and float(FoamFile(case / "0/p")["internalField"]) > 5e4


@needs_tutorials
@pytest.mark.parametrize("text, why", [
    ("interFoam free surface around a cylinder of diameter 0.1 m in a channel 1 m by 0.4 m", "interFoam"),
    ("buoyantPimpleFoam flow through a pipe of diameter 0.05 m and length 1 m", "buoyantPimpleFoam"),
])
def test_combinations_not_built_say_why(text, why):
    with pytest.raises(RequestError, match=why):
        _plan(text)


@needs_tutorials
@pytest.mark.parametrize("text,solver", [
    ("tall differentially heated cavity 0.2 m wide and 1 m high, hot wall 65 C, cold wall 15 C, air as ideal gas, "
     "steady turbulent natural convection", "buoyantSimpleFoam"),
    ("a square enclosure of 0.3 m with a large temperature difference, left 400 K and right 300 K, compressible "
     "(perfect gas) buoyant flow, transient", "buoyantPimpleFoam"),
    ("compressible steady flow of air along a channel 1 m long and 0.1 m high at 50 m/s", "rhoSimpleFoam"),
])
def test_compressible_with_buoyancy_takes_the_buoyant_solvers(text, solver):
    from tasks.edit.parametric import choose_solver
    from tasks.geometry.text import parse_geometry
    from tasks.plan.request import build_context

    ctx = build_context(text, TUTORIALS, None)
    assert choose_solver(ctx, parse_geometry(text))[0] == solver
