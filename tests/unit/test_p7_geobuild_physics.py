"""Physics on a shape-library case (session 7, geobuild): the turbulence values a request gives
by name go to the generated inlet (and initial field), unnamed ones follow the flow; the
annulus wall a rotation names spins; a heat flux on a heated cavity's wall becomes a
fixedGradient T; a 3D request is not routed to a one-cell-thick tutorial."""

from __future__ import annotations

import math
from pathlib import Path

import pytest
from foamlib import FoamFile

from tasks.edit import parametric_setup as setup
from tasks.edit.parametric import spinning_wall
from tasks.geometry.models import MeshBuild, PatchInfo
from tasks.geometry.spec import make_spec
from tasks.plan.generic import lacks_shape, tutorial_is_2d
from tasks.plan.stated import StatedQuantity

# --- turbulence -------------------------------------------------------------------------------


@pytest.mark.parametrize("text, expected", [
    ("inlet U 15 m/s, k 0.375 m2/s2, epsilon 14.8 m2/s3; outlet p 0", {"k": 0.375, "epsilon": 14.8}),
    ("freestream k 0.135 m2/s2, omega 60 1/s; 400 iterations", {"k": 0.135, "omega": 60.0}),
    ("k = 0.06 m^2/s^2 and omega = 25 /s at the inflow", {"k": 0.06, "omega": 25.0}),
    ("Spalart-Allmaras; inlet 8 m/s, nuTilda 4.5e-5; 4 mm cells", {"nuTilda": 4.5e-5}),
    ("inlet 2 m/s, wall k 0.1", {}),  # a value for a wall is the binder's, not the inlet's
    ("kEpsilon, inlet 10 m/s, 500 iterations", {}),
    ("under-relax k 0.5 and omega 0.5; inlet k 0.1", {"k": 0.1}),  # relaxation factors are controls
    ("tolerance for k 1e-6; inlet 2 m/s", {}),
    ("an inflow nuTilda of three times the laminar viscosity (4.5e-5 m^2/s)", {"nuTilda": 4.5e-5}),  # the value, not the ratio
])
def test_turbulence_values_named_for_the_inlet(text, expected):
    got = {n.field: n.value for n in setup.stated_turbulence(text, ["inlet"])}
    assert got == pytest.approx(expected)


@pytest.mark.parametrize("speed, length, nu, external, k", [
    (15.0, 0.025, 1.5e-5, False, 1.5 * (0.05 * 15) ** 2),  # 5 % intensity inside a duct
    (30.0, 0.5, 1.5e-5, True, 1.5 * (0.005 * 30) ** 2),  # 0.5 % in a free stream
])
def test_default_turbulence_follows_the_flow(speed, length, nu, external, k):
    values = setup.default_turbulence(speed, length, nu, external)
    assert float(values["k"]) == pytest.approx(k, rel=1e-3)
    assert float(values["epsilon"]) > 0 and float(values["omega"]) > 0
    assert float(values["nuTilda"]) == pytest.approx(3 * nu, rel=1e-3)


@pytest.mark.parametrize("intensity, scale, k, omega", [
    (0.1, None, 1.5 * (0.1 * 5) ** 2, math.sqrt(0.375) / (0.09 ** 0.25 * 0.07 * 0.05)),  # stated I, default l
    (0.02, 0.0035, 1.5 * (0.02 * 5) ** 2, math.sqrt(0.015) / (0.09 ** 0.25 * 0.0035)),  # stated I and l
    (None, 0.0035, 1.5 * (0.05 * 5) ** 2, math.sqrt(0.09375) / (0.09 ** 0.25 * 0.0035)),  # stated l, default I
])
def test_stated_intensity_and_length_scale_give_one_consistent_inflow(intensity, scale, k, omega):
    values = setup.default_turbulence(5.0, 0.05, 1.5e-5, False, intensity=intensity, length_scale=scale)
    assert float(values["k"]) == pytest.approx(k, rel=1e-3)
    assert float(values["omega"]) == pytest.approx(omega, rel=1e-3)
    # epsilon = Cmu k omega for one length scale
    assert float(values["epsilon"]) == pytest.approx(0.09 * k * omega, rel=2e-3)


@pytest.mark.parametrize("text, q_text, found", [
    ("inlet 5 m/s, inlet turbulent length scale 3.5 mm and intensity 2 %", "3.5 mm", True),
    ("a mixing length of 2 mm at the inflow", "2 mm", True),
    ("channel 1 m long, 0.05 m high", "0.05 m", False),
])
def test_a_stated_turbulent_length_scale(text, q_text, found):
    stated = [StatedQuantity(text=q_text, quantity="length", value=0.001, role="geometry")]
    assert (setup.stated_length_scale(text, stated) is not None) is found


def test_default_turbulence_without_a_speed_keeps_small_values():
    assert setup.default_turbulence(0.0, 0.1, 1e-5, False)["k"] == "0.01"


def test_a_named_turbulence_value_finds_its_stated_quantity():
    stated = [StatedQuantity(text="0.375 m2/s2", quantity="pressure", value=0.375, role="outlet_pressure"),
              StatedQuantity(text="15 m/s", quantity="velocity", value=15.0, role="inlet_velocity")]
    named = setup.stated_turbulence("inlet U 15 m/s, k 0.375 m2/s2", ["inlet"])[0]
    assert setup.match_stated(named, stated) is stated[0]


@pytest.mark.parametrize("file, entry, fields, dropped", [
    ("system/fvSolution", ["relaxationFactors", "equations", "k"], {"k", "omega"}, True),
    ("system/fvSolution", ["relaxationFactors", "equations", "U"], {"k", "omega"}, False),
    ("system/fvSolution", ["relaxationFactors", "equations", "k"], set(), False),
    ("0/k", ["boundaryField", "inlet", "value"], {"k"}, False),
])
def test_a_named_turbulence_value_is_not_a_relaxation_factor(file, entry, fields, dropped):
    from tasks.edit.parametric import relaxes_a_turbulence_value

    assert relaxes_a_turbulence_value(file, entry, fields) is dropped


# --- rotation ---------------------------------------------------------------------------------


@pytest.mark.parametrize("text, wall", [
    ("outer wall rotates 30 rpm about z, inner wall fixed", "outerWall"),
    ("The inner cylinder has a radius of 0.02 m and is held still, while the outer cylinder, of radius 0.04 m, "
     "rotates at 30 revolutions per minute about the z axis.", "outerWall"),
    ("stationary inner cylinder of 4 cm diameter inside an 8 cm diameter outer cylinder that turns at 30 rpm",
     "outerWall"),
    ("a rotating outer cylinder at 2 rad/s, inner radius 1 cm", "outerWall"),
    ("the inner cylinder is stationary; the outer one spins at 5 rad/s", "outerWall"),
    ("2D Taylor-Couette annulus, ri 0.03 m, ro 0.05 m, inner wall 1 rad/s, outer fixed", "innerWall"),
    ("The inner cylinder rotates at 1 rad/s about the z axis, and the outer cylinder is stationary", "innerWall"),
    ("inner cylinder turning at 1 rad/s (about 9.55 rpm) about z, outer cylinder at rest", "innerWall"),
    ("The outer cylinder is fixed and the inner one turns at 5 rad/s.", "innerWall"),
    ("annulus between 1 cm and 2 cm, omega 3 rad/s", "innerWall"),  # no side named: the rotor
])
def test_the_wall_a_rotation_names_spins(text, wall):
    assert spinning_wall(text) == wall


# --- heat flux on a heated cavity ---------------------------------------------------------------

TRANSPORT = """FoamFile { version 2.0; format ascii; class dictionary; object transportProperties; }
transportModel Newtonian;
nu 1e-06;
beta 2e-04;
TRef 300;
Pr 7;
Prt 0.85;
"""


def _cavity(hot: str = "floor", cold: str = "ceiling") -> MeshBuild:
    names = ["floor", "ceiling", "leftWall", "rightWall"]
    patches = [PatchInfo(name=n, type="wall", role="hot_wall" if n == hot else "cold_wall" if n == cold else "wall")
               for n in names] + [PatchInfo(name="frontAndBack", type="empty", role="empty")]
    return MeshBuild(shape="heated_cavity", generator="blockMesh", steps=[], files=[], patches=patches, n_cells=3600,
                     two_d=True, reference_length=0.3)


def _q(role: str, value: float, text: str) -> StatedQuantity:
    return StatedQuantity(text=text, quantity="x", value=value, role=role)


@pytest.mark.parametrize("request_text, q_text, side", [
    ("floor heat flux 200 W/m2; ceiling 293.15 K", "200 W/m2", "bottom"),
    ("The floor receives a uniform heat flux of 200 W/m^2, the ceiling is held at 293.15 K", "200 W/m^2", "bottom"),
    ("a tank heated through the bottom at 200 W/m^2 with the lid held at 20 degC", "200 W/m^2", "bottom"),
    ("the left wall takes 50 W/m2, the right wall is at 300 K", "50 W/m2", "left"),
    ("a heat flux of 80 W/m2 into the ceiling", "80 W/m2", "top"),
    ("heat flux 80 W/m2", "80 W/m2", None),
])
def test_the_side_a_heat_flux_enters(request_text, q_text, side):
    assert setup.flux_side(request_text, q_text) == side


@pytest.mark.parametrize("text, cp", [("cp 4180", 4180.0), ("cp = 4.18 kJ/(kg K)", 4180.0),
                                      ("a specific heat of 1005 J/kg/K", 1005.0), ("rho 1000", None)])
def test_specific_heat_said(text, cp):
    assert setup.said_cp(text) == cp


def test_flux_gradient_is_q_over_rho_cp_alpha():
    assert setup.flux_gradient(200.0, 1000.0, 4180.0, 1e-6, 7.0) == pytest.approx(200 * 7 / 4.18)
    with pytest.raises(ValueError, match="must be positive"):
        setup.flux_gradient(200.0, 0.0, 4180.0, 1e-6, 7.0)


def _flux_case(tmp_path: Path, request: str, stated: list[StatedQuantity], build: MeshBuild):
    (tmp_path / "constant").mkdir()
    (tmp_path / "constant/transportProperties").write_text(TRANSPORT)
    notes: list[str] = []
    return setup.set_boussinesq(tmp_path, request, stated, build, 1e-6, notes), notes


def test_a_floor_heat_flux_is_a_gradient_and_the_ceiling_keeps_its_temperature(tmp_path):
    request = "floor heat flux 200 W/m2; ceiling 293.15 K; rho 1000, cp 4180, Pr 7"
    stated = [_q("wall_heat_flux", 200.0, "200 W/m2"), _q("wall_temperature", 293.15, "293.15 K"),
              _q("density", 1000.0, "rho 1000"), _q("prandtl", 7.0, "Pr 7")]
    heat, _ = _flux_case(tmp_path, request, stated, _cavity())
    assert heat.gradients == {"floor": pytest.approx(200 * 7 / (1000 * 4180 * 1e-6))}
    assert heat.walls == {"ceiling": 293.15} and heat.t_ref == pytest.approx(293.15)
    assert set(heat.used) == {"200 W/m2", "rho 1000"}
    assert {b.stated for b in heat.bindings} == {"200 W/m2", "rho 1000"}
    assert FoamFile(tmp_path / "constant/transportProperties")["TRef"] == pytest.approx(293.15)
    assert not heat.refused and heat.speed > 0


def test_a_heat_flux_gradient_is_written_to_the_wall(tmp_path):
    (tmp_path / "0").mkdir()
    (tmp_path / "0/T").write_text("FoamFile { version 2.0; format ascii; class volScalarField; object T; }\n"
                                  "dimensions [0 0 0 1 0 0 0];\ninternalField uniform 300;\nboundaryField\n{\n"
                                  "    floor { type fixedValue; value uniform 310; }\n"
                                  "    ceiling { type fixedValue; value uniform 290; }\n}\n")
    assert setup.set_patch_gradient(tmp_path, "T", "floor", 334.9)
    assert not setup.set_patch_gradient(tmp_path, "T", "leftWall", 1.0)
    t = FoamFile(tmp_path / "0/T")
    assert t["boundaryField"]["floor"]["type"] == "fixedGradient"
    assert t["boundaryField"]["floor"]["gradient"] == pytest.approx(334.9)
    assert t["boundaryField"]["ceiling"]["value"] == pytest.approx(290)


def test_a_heat_flux_without_density_and_specific_heat_is_not_applied(tmp_path):
    stated = [_q("wall_heat_flux", 200.0, "200 W/m2"), _q("wall_temperature", 293.15, "293.15 K")]
    heat, _ = _flux_case(tmp_path, "a liquid, floor heat flux 200 W/m2; ceiling 293.15 K", stated, _cavity())
    assert not heat.gradients and [n.text for n in heat.refused] == ["200 W/m2"]
    assert "density and specific heat" in heat.refused[0].reason


def test_a_named_fluid_gives_the_flux_its_density_and_specific_heat(tmp_path):
    stated = [_q("wall_heat_flux", 200.0, "200 W/m2")]
    heat, _ = _flux_case(tmp_path, "water, floor heat flux 200 W/m2", stated, _cavity())
    assert heat.gradients["floor"] > 0 and heat.walls == {"ceiling": pytest.approx(300.0)}


# --- routing: a 3D request is not a 2D tutorial ------------------------------------------------

BLOCK_2D = """FoamFile { version 2.0; format ascii; class dictionary; object blockMeshDict; }
convertToMeters 0.1;
vertices ( (0 0 0) (1 0 0) (1 1 0) (0 1 0) (0 0 0.1) (1 0 0.1) (1 1 0.1) (0 1 0.1) );
blocks ( hex (0 1 2 3 4 5 6 7) (20 20 1) simpleGrading (1 1 1) );
boundary ( movingWall { type wall; faces ((3 7 6 2)); }
           frontAndBack { type empty; faces ((0 3 2 1) (4 5 6 7)); } );
"""


@pytest.mark.parametrize("block, two_d", [(BLOCK_2D, True), (BLOCK_2D.replace("type empty", "type wall"), False),
                                          (None, False)])
def test_tutorial_is_2d(tmp_path, block, two_d):
    (tmp_path / "system").mkdir()
    if block is not None:
        (tmp_path / "system/blockMeshDict").write_text(block)
    assert tutorial_is_2d(tmp_path) is two_d


@pytest.mark.parametrize("two_d, lacks", [(False, True), (True, False)])
def test_a_3d_cavity_lacks_the_2d_tutorial(tmp_path, two_d, lacks):
    (tmp_path / "system").mkdir()
    (tmp_path / "system/blockMeshDict").write_text(BLOCK_2D)
    spec = make_spec(shape="lid_driven_cavity", dimensions={"width": 0.1, "height": 0.1}, two_d=two_d)
    assert lacks_shape(tmp_path, spec, []) is lacks


def test_convective_speed_of_a_heated_floor():
    # water heated at 200 W/m2 over 0.3 m: (9.81 x 2.1e-4 x 200 / 4.18e6 x 0.3)^(1/3) ~ 3 mm/s
    assert setup.convective_speed(9.81, 2.1e-4, 200 / 4.18e6, 0.3) == pytest.approx(3.09e-3, rel=0.01)


P_RGH = """FoamFile { version 2.0; format ascii; class volScalarField; object p_rgh; }
dimensions [0 2 -2 0 0 0 0];
internalField uniform 0;
boundaryField
{
    inlet { type fixedFluxPressure; value uniform 0; }
    outlet { type prghPressure; p uniform 0; value uniform 0; }
    walls { type fixedFluxPressure; value uniform 0; }
}
"""


def test_open_boundaries_of_a_boussinesq_case_read_rhok(tmp_path):
    (tmp_path / "0").mkdir()
    (tmp_path / "0/p_rgh").write_text(P_RGH)
    assert setup.boussinesq_open_boundaries(tmp_path) == ["outlet"]
    assert FoamFile(tmp_path / "0/p_rgh")["boundaryField"]["outlet"]["rho"] == "rhok"
    assert setup.boussinesq_open_boundaries(tmp_path) == []  # already so


@pytest.mark.parametrize("request_text, length, domain", [
    ("One-metre square enclosure from the origin, hot wall on the left", "One-metre", True),
    ("a chamber 2 m long", "2 m", True),
    ("inlet velocity 2 m/s over a 5 mm film thickness", "5 mm", False),
])
def test_enclosure_words_size_the_domain(request_text, length, domain):
    from tasks.plan.generic import describes_domain

    q = StatedQuantity(text=length, quantity="length", value=1.0, role="geometry")
    assert describes_domain(request_text, q) is domain


# --- heat transfer in a channel, a pipe, past a body -------------------------------------------


@pytest.mark.parametrize("text, q_text, found", [
    ("channel 1 x 0.2 m, heated cylinder D 0.05 m at (0.3, 0.1) at 350 K, air inflow at 300 K", "350 K", True),
    ("the obstacle is held at 330 K", "330 K", True),
    ("bottom wall 330 K, top wall 290 K, a cylinder in the flow", "330 K", False),
    ("inlet air 300 K past a cylinder", "300 K", False),  # an inflow temperature, not the body's
])
def test_the_temperature_of_the_body_in_the_flow(text, q_text, found):
    role = "inlet_temperature" if "inlet" in text else "wall_temperature"
    stated = [StatedQuantity(text=q_text, quantity="temperature", value=300.0, role=role)]
    assert (setup.body_temperature(text, stated, ["cylinder"]) is not None) is found


def test_forced_convection_takes_its_reference_temperature_from_the_inflow(tmp_path):
    (tmp_path / "constant").mkdir()
    (tmp_path / "constant/transportProperties").write_text(TRANSPORT)
    build = MeshBuild(shape="channel", generator="blockMesh", steps=[], files=[], two_d=True, n_cells=400,
                      reference_length=0.02, patches=[PatchInfo(name="inlet", type="patch", role="inlet"),
                                                      PatchInfo(name="bottom", type="wall", role="bottom")])
    stated = [_q("inlet_temperature", 293.15, "20 degC"), _q("wall_temperature", 333.15, "60 degC")]
    heat = setup.set_boussinesq(tmp_path, "water at 20 degC, bottom wall 60 degC", stated, build, 1e-6, [])
    assert heat.t_ref == pytest.approx(293.15) and not heat.walls
    assert FoamFile(tmp_path / "constant/transportProperties")["TRef"] == pytest.approx(293.15)


@pytest.mark.parametrize("text, model, speed, k, taken", [
    ("inlet U 15 m/s, k 0.375 m2/s2, epsilon 14.8 m2/s3", "kEpsilon", 15.0, 0.375, {"0.375 m2/s2", "14.8 m2/s3"}),
    ("inlet 5 m/s, inlet turbulent length scale 3.5 mm and intensity 2 %", "kOmegaSST", 5.0, 1.5 * (0.02 * 5) ** 2,
     {"3.5 mm"}),
    ("inlet 15 m/s", "kEpsilon", 15.0, 1.5 * (0.05 * 15) ** 2, set()),
    ("inlet 15 m/s, k 0.375 m2/s2", "laminar", 15.0, 1.5 * (0.05 * 15) ** 2, set()),  # laminar: nothing taken
])
def test_turbulence_inflow_of_a_generated_case(text, model, speed, k, taken):
    from tasks.edit.parametric import turbulence_inflow
    from tasks.plan.stated import read_stated

    inflow = turbulence_inflow(text, read_stated(text), model, speed, 0.05, 1.5e-5, False, ["inlet"])
    assert float(inflow.values["k"]) == pytest.approx(k, rel=1e-3)
    assert {q.text for q in inflow.taken} == taken
    assert all(b.file.startswith("0/") for b in inflow.bindings)
