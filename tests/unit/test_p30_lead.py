"""Session 30 classes: a model switch said "from A to B" with any verb, a field value said "from old to new", a
longer name ending in a kind word ("magnetic flux density" is no density), a hollow named after its wall, a cavity
placed between two distances, a Reynolds length of a body's own size, an annulus's outer tube by its bore and its
length by an x range, a hydraulic diameter, cell sizes per direction, a stepped pipe's sections said in one clause
or "continuing to x = ...", diameters as bores, a tee's branch as the one x range, bodies moved into a channel's own
coordinates."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tasks.core.errors import RequestError
from tasks.geometry.models import Sizing, sizing_for
from tasks.geometry.spec import MeshSpec
from tasks.geometry.text import parse_geometry
from tasks.geometry.text_changes import from_to_heights
from tasks.geometry.text_mesh import mesh_request
from tasks.geometry.text_parts import pipe_parts
from tasks.plan.request import final_model

TUTORIALS = Path("/usr/share/doc/openfoam-examples/examples")


@pytest.mark.parametrize("text, model", [
    ("swap the turbulence model from standard k-epsilon to realizable k-epsilon, and stop it at 5 s", "realizableKE"),
    ("the run should move from kOmega to kOmegaSST", "kOmegaSST"),
    ("upgrade it from k-epsilon to k-omega SST please", "kOmegaSST"),
    ("switch from kEpsilon to kOmegaSST", "kOmegaSST"),
    ("raise the inlet from 5 to 10 m/s with k-epsilon", "kEpsilon"),
])
def test_the_model_after_to_is_the_target(text, model):
    assert final_model(text, families=False) == model


@pytest.fixture()
def hartmann(tmp_path):
    src = TUTORIALS / "electromagnetics/mhdFoam/hartmann"
    if not src.is_dir():
        pytest.skip("tutorials not installed")
    case = tmp_path / "hartmann"
    shutil.copytree(src, case)
    return case


@pytest.mark.parametrize("text, value", [
    ("change B from 20 T to 40 T along y", "uniform (0 40 0)"),
    ("raise the applied magnetic flux density from 20 T to 30 T, along y as before", "uniform (0 30 0)"),
    ("set the magnetic flux density to 25 T along y, initially and on both walls", "uniform (0 25 0)"),
])
def test_modify_sets_a_field_said_from_old_to_new(hartmann, text, value):
    from tasks.edit.modify import plan_changes
    from tasks.edit.modify_state import read_state

    plan = plan_changes(read_state(hartmann), text)
    b = {tuple(e.entry): e.value for e in plan.edits if e.file == "0/B"}
    assert b[("internalField",)] == value
    assert not any(e.entry == ["rho"] for e in plan.edits)  # "flux density" is no density of the fluid


def test_doubling_a_flux_density_scales_no_density(hartmann):
    from tasks.edit.modify import plan_changes
    from tasks.edit.modify_state import read_state

    plan = plan_changes(read_state(hartmann), "double the applied magnetic flux density from 20 T to 40 T along y")
    assert not any(e.entry == ["rho"] for e in plan.edits)
    plan = plan_changes(read_state(hartmann), "double the density")
    assert any(e.entry == ["rho"] and e.value == "2" for e in plan.edits)


@pytest.mark.parametrize("text, dims", [
    ("Flow over a notch: 50 cm x 5 cm 2D channel, floor notch 10 cm wide and 5 cm deep between 15 cm and 25 cm "
     "downstream; inflow 5 cm/s; icoFoam; 5 mm grid",
     {"length": 0.5, "height": 0.05, "cavity_width": 0.1, "cavity_depth": 0.05, "cavity_start": 0.15}),
    ("a 2D duct 1 m long and 0.1 m high with a bottom-wall groove 0.2 m wide and 0.05 m deep starting 0.3 m from the inlet",
     {"length": 1.0, "height": 0.1, "cavity_width": 0.2, "cavity_depth": 0.05, "cavity_start": 0.3}),
])
def test_a_hollow_named_after_its_wall(text, dims):
    spec = parse_geometry(text)
    assert spec.shape == "channel_with_cavity"
    got = spec.dims.model_dump()
    for key, value in dims.items():
        assert got[key] == pytest.approx(value), key


@pytest.mark.parametrize("text, inner, outer, length", [
    ("3D annulus along the x axis from x = 0 to x = 0.5 m; the inner tube has a radius of 0.01 m and the outer tube "
     "an inner radius of 0.025 m; simpleFoam", 0.01, 0.025, 0.5),
    ("3D annular duct: 20 mm OD inner rod inside a 50 mm ID outer tube, 500 mm long, axis along x", 0.01, 0.025, 0.5),
    ("annular passage, inner pipe radius 10 mm, outer pipe with an inner diameter of 60 mm, 0.4 m long, 3D, flow along it",
     0.01, 0.03, 0.4),
])
def test_annulus_by_the_outer_tube_bore_and_its_length(text, inner, outer, length):
    spec = parse_geometry(text)
    assert spec.shape == "annulus"
    assert (spec.dims.inner_radius, spec.dims.outer_radius, spec.dims.length) == pytest.approx((inner, outer, length))


def test_a_hydraulic_diameter_is_a_length_of_the_annulus_and_the_channel():
    from tasks.geometry.build import relative_distances

    spec = parse_geometry("3D annulus, inner radius 10 mm, outer radius 25 mm, 0.5 m long, axial flow")
    assert relative_distances(spec)["hydraulic_diameter"] == pytest.approx(0.03)
    spec = parse_geometry("2D channel 1 m long and 0.05 m high")
    assert relative_distances(spec)["hydraulic_diameter"] == pytest.approx(0.1)


@pytest.mark.parametrize("text, sizes", [
    ("2 mm x 1 mm cells", [0.002, 0.001]),
    ("cells 2 mm axial x 1 mm radial", [0.002, 0.001]),
    ("use cells of 2 mm along the axis and 1 mm in the radial direction", [0.002, 0.001]),
    ("mesh size 4 mm by 1 mm", [0.004, 0.001]),
    ("5 mm radial and 10 mm axial cells", [0.01, 0.005]),
])
def test_cell_sizes_per_direction(text, sizes):
    got = mesh_request(text)
    assert got["cell_sizes"] == pytest.approx(sizes)
    assert got["cell_size"] == pytest.approx(min(sizes))


@pytest.mark.parametrize("text, want", [("mesh 5 mm x 5 mm", {"cell_size": 0.005}), ("40 x 20 cells", {"cells": [40, 20]}),
                                        ("cell size 2 mm", {"cell_size": 0.002})])
def test_equal_sides_and_counts_stay_as_they_were(text, want):
    assert mesh_request(text) == want


def test_sizing_takes_each_direction_its_size():
    sz, notes = sizing_for(MeshSpec(cell_size=0.001, cell_sizes=[0.002, 0.001]), 0.01, "x", 1.0)
    assert sz.along([0.1], 0) == [50] and sz.along([0.1], 1) == [100]
    assert "per direction" in notes[0]
    assert Sizing(h=0.01).along([0.1], 1) == [10]
    with pytest.raises(ValueError, match="least"):
        MeshSpec(cell_size=0.002, cell_sizes=[0.002, 0.001])


@pytest.mark.parametrize("text, dims, step", [
    ("small pipe R 0.01 m for x -0.1..0, large pipe R 0.025 m for x 0..0.4", (0.02, 0.05, 0.1, 0.4), 0.0),
    ("The upstream pipe has a radius of 0.01 m and runs from x = -0.1 m to x = 0; at x = 0 it opens into a pipe of "
     "radius 0.025 m that continues to x = 0.4 m.", (0.02, 0.05, 0.1, 0.4), 0.0),
    ("pipe D 40 mm for x 0..0.2 m, then D 20 mm continuing to x = 0.5 m", (0.04, 0.02, 0.2, 0.3), 0.2),
])
def test_stepped_pipe_sections(text, dims, step):
    got, at = pipe_parts(text)
    assert (got["inlet_height"], got["outlet_height"], got["upstream_length"], got["downstream_length"]) == pytest.approx(dims)
    assert at == pytest.approx(step)


@pytest.mark.parametrize("text, heights", [
    ("abrupt enlargement from a 20 mm bore to a 50 mm bore", (0.02, 0.05)),
    ("a contraction from a 3 in tube to a 1 in tube", (0.0762, 0.0254)),
    ("expands from a 2 cm channel to a 6 cm channel", (0.02, 0.06)),
])
def test_sections_from_to(text, heights):
    got = from_to_heights(text)
    assert (got["inlet_height"], got["outlet_height"]) == pytest.approx(heights)


def test_a_round_expansion_said_by_bores_and_cell_sizes():
    spec = parse_geometry("Abrupt enlargement from a 20 mm bore to a 50 mm bore, axisymmetric (wedge) model with the axis "
                          "along x: 100 mm of small pipe upstream of the step at x = 0, 400 mm of large pipe downstream; "
                          "2 mm x 1 mm cells")
    d = spec.dims
    assert (d.inlet_height, d.outlet_height, d.upstream_length, d.downstream_length) == pytest.approx((0.02, 0.05, 0.1, 0.4))
    assert spec.mesh.cell_sizes == pytest.approx([0.002, 0.001])


def test_a_tee_branch_as_the_one_x_range():
    spec = parse_geometry("a 2D T-junction: main channel 0.5 m long in x and 0.05 m high, lower left corner at the origin; "
                          "a side branch 0.05 m wide, between x = 0.2 m and x = 0.25 m, goes straight up to y = 0.25 m")
    d = spec.dims
    assert (d.length, d.width, d.branch_width, d.branch_position, d.branch_length) == pytest.approx((0.5, 0.05, 0.05, 0.225, 0.2))


@pytest.mark.parametrize("text, origin, centre", [
    ("2D channel from x = 1 to 2 m and y = 0 to 0.2 m; a square block of side 0.04 m centred at (1.3, 0.1) m",
     (1.0, 0.0), (0.3, 0.1)),
    ("2D channel from x = -1 to 2 m and y = 0 to 0.2 m; a square block of side 0.04 m centred at (0.3, 0.1) m",
     (-1.0, 0.0), (1.3, 0.1)),
    ("2D channel from x = -1 to 2 m and y = 0 to 0.2 m; a square block of side 0.04 m 0.5 m downstream of the inlet, "
     "on the floor", (-1.0, 0.0), (0.5, 0.02)),
])
def test_bodies_in_a_channel_that_does_not_start_at_the_origin(text, origin, centre):
    spec = parse_geometry(text)
    assert spec.origin == pytest.approx(origin)
    assert spec.obstacles[0].center == pytest.approx(centre)


def test_a_body_from_the_inlet_and_one_by_coordinates_outside_the_frame_is_refused():
    with pytest.raises(RequestError, match="as coordinates"):
        parse_geometry("2D channel from x = -1 to 2 m and y = 0 to 0.2 m; a square block of side 0.04 m centred at "
                       "(-0.5, 0.1) m, and a second one of side 0.04 m 0.5 m downstream of the inlet on the floor")


@pytest.mark.parametrize("text, nu", [
    ("Wall-mounted rib in a 2D channel: channel 100 cm x 20 cm from the origin, rib 2 cm wide x 5 cm high standing on the "
     "floor with its upstream face 30 cm from the inlet; inflow 10 cm/s, Reynolds number 50 on the rib height; "
     "laminar pimpleFoam; 1 cm grid", 1e-4),
    ("Dividing flow at a tee, 2D: run 50 cm x 5 cm from the origin, 5 cm wide branch centred 22.5 cm from the inlet rising "
     "20 cm above the run; 10 cm/s in, Re 100 on the channel width; laminar icoFoam, 5 mm cells", 5e-5),
])
def test_reynolds_length_of_the_part_named(text, nu):
    from tasks.edit.parametric import reynolds_length

    spec = parse_geometry(text)
    length, _ = reynolds_length(text, spec, 1.0)
    speed = 0.1
    re_number = 50 if "rib" in text else 100
    assert speed * length / re_number == pytest.approx(nu)


@pytest.mark.parametrize("wall, side", [("top-wall", "ceiling"), ("ceiling", "ceiling"), ("floor", "floor")])
def test_the_wall_named_before_the_hollow_holds_it(wall, side):
    spec = parse_geometry(f"a 2D duct 1 m long and 0.1 m high with a {wall} groove 0.2 m wide and 0.05 m deep starting "
                          "0.3 m from the inlet")
    assert spec.shape == "channel_with_cavity" and spec.dims.cavity_wall == side


@pytest.mark.parametrize("text, role", [
    ("and 10 milliseconds of reaction time is enough to see the ignition.", "end_time"),
    ("2 s of flow time after the spark", "end_time"),
    ("the spark lasts 0.02 s", "ignition_duration"),
])
def test_a_span_of_the_runs_time_near_an_ignition_word_is_the_runs(text, role):
    from tasks.plan.stated import read_stated

    assert [q.role for q in read_stated(text) if q.quantity == "time"] == [role]


@pytest.mark.parametrize("text, values", [
    ("Lab report, run 7: we simulated 2 s of flow.", [2.0]),
    ("run 2", [2.0]),
    ("run it to 0.4", [0.4]),
])
def test_a_run_label_is_no_end_time(text, values):
    from tasks.plan.stated import read_stated

    assert [q.value for q in read_stated(text) if q.role == "end_time"] == values


@pytest.mark.parametrize("mesh_words", ["20 cells across, 5 mm along x", "20 cells across, cells 5 mm along the flow",
                                        "mesh: 20 cells across and 5 mm in x"])
def test_a_count_across_and_a_size_along_a_planar_nozzle(mesh_words):
    spec = parse_geometry("planar converging nozzle: inlet duct x -0.1..0 at y +-0.05; straight walls converge to y "
                          f"+-0.02 at x = 0.2; straight throat duct to x = 0.4; {mesh_words}")
    assert spec.dims.across_cells == 20 and spec.mesh.cell_size == pytest.approx(0.005)
    assert spec.dims.upstream_length == pytest.approx(0.1) and spec.dims.downstream_length == pytest.approx(0.2)


def test_a_length_along_an_axis_outside_a_mesh_clause_is_the_domains():
    spec = parse_geometry("a 2D channel 2 m along x and 0.1 m in y, 5 mm cells")
    assert (spec.dims.length, spec.dims.height, spec.mesh.cell_size) == pytest.approx((2.0, 0.1, 0.005))


@pytest.mark.parametrize("text", [
    "icoFoam, 2D channel x -0.1..0.5, y 0..0.04 m; splitter plate 4 mm thick on the mid-plane (y 0.018..0.022) from "
    "x = -0.1 to its trailing edge at x = 0; lower inlet 0.02 m/s, upper inlet 0.06 m/s",
    "Two streams, 2 cm/s under and 6 cm/s over a 4 mm thick splitter plate, meeting behind its blunt trailing edge: "
    "channel 60 cm long, 4 cm high, inlet at x = -10 cm, plate along the centreline from the inlet to x = 0.",
    "a 2D channel from x = -0.1 m to 0.5 m, 0.04 m high; a divider 4 mm thick centred on the mid-height splits the "
    "inlet from x = -0.1 m to x = 0 m; 0.02 m/s below it and 0.06 m/s above it",
])
def test_a_plate_from_the_inlet_splits_it_in_two(text):
    spec = parse_geometry(text)
    assert spec.dims.split_inlet and spec.origin == pytest.approx((-0.1, 0.0))
    (body,) = spec.obstacles
    assert body.center == pytest.approx((0.05, 0.02)) and (body.width, body.height) == pytest.approx((0.1, 0.004))


def test_the_split_inlet_layout_names_two_inlet_patches():
    from tasks.geometry.models import Sizing
    from tasks.geometry.shape_obstacle_blocks import obstacle_grid_layout
    from tasks.geometry.spec import GeometrySpec

    spec = GeometrySpec(shape="channel_with_obstacles", dimensions={"length": 0.6, "height": 0.04, "split_inlet": True},
                        obstacles=[{"kind": "rectangle", "center": (0.05, 0.02), "width": 0.1, "height": 0.004}])
    layout = obstacle_grid_layout(spec, Sizing(h=0.002))
    assert layout.classify((0, 0), (0, 0.01)) == "inletLower" and layout.classify((0, 0.03), (0, 0.04)) == "inletUpper"
    assert layout.roles["inletLower"] == layout.roles["inletUpper"] == "inlet"
    with pytest.raises(ValueError, match="split inlet"):
        GeometrySpec(shape="channel_with_obstacles", dimensions={"length": 0.6, "height": 0.04, "split_inlet": True},
                     obstacles=[{"kind": "rectangle", "center": (0.2, 0.02), "width": 0.1, "height": 0.004}])


def test_a_body_touching_the_inlet_without_a_split_is_still_refused():
    from tasks.geometry.spec import GeometrySpec

    with pytest.raises(ValueError, match="outside the domain"):
        GeometrySpec(shape="channel_with_obstacles", dimensions={"length": 0.6, "height": 0.04},
                     obstacles=[{"kind": "rectangle", "center": (0.05, 0.02), "width": 0.1, "height": 0.004}])


def test_a_channel_starts_at_its_inlet_x():
    assert parse_geometry("2D channel 1 m long and 0.1 m high, inlet at x = -0.2 m").origin == pytest.approx((-0.2, 0.0))


@pytest.mark.parametrize("text, value", [
    ("beta = 1/293.15 K", 1 / 293.15), ("thermal expansion coefficient beta = 1/293.15 1/K", 1 / 293.15),
    ("expansion coefficient 1/(300 K)", 1 / 300), ("beta = 1/293.15 K^-1", 1 / 293.15), ("beta 3.41e-3 1/K", 3.41e-3),
    ("air (nu 0.15 cm^2/s, beta = 1/293.15 K, Pr 0.71)", 1 / 293.15),
])
def test_an_expansion_coefficient_as_the_reciprocal_of_a_temperature(text, value):
    from tasks.plan.stated import read_stated

    (beta,) = [q for q in read_stated(text) if q.role == "beta"]
    assert beta.value == pytest.approx(value, rel=1e-5) and beta.unit == "1/K"


@pytest.mark.parametrize("text, shape, angle", [
    ("Axisymmetric 2:1 converging nozzle: bore 40 mm upstream, 20 mm downstream, 50 mm straight inlet section, 50 mm "
     "long cone, 100 mm straight outlet section, on a 5 degree-type wedge mesh", "nozzle", 5.0),
    ("Axisymmetric 2:1 converging nozzle: bore 40 mm upstream, 20 mm downstream, 50 mm straight inlet section, 50 mm "
     "long cone, 100 mm straight outlet section, wedge angle 3 degrees", "nozzle", 3.0),
    ("axisymmetric sudden expansion from a 20 mm bore to a 50 mm bore, 0.1 m upstream and 0.4 m downstream, a 2 degree "
     "wedge", "sudden_expansion", 2.0),
    ("a round pipe 20 mm in diameter and 0.5 m long, axisymmetric on a 2.5° wedge", "pipe", 2.5),
])
def test_a_stated_wedge_angle_is_built(text, shape, angle):
    spec = parse_geometry(text)
    assert spec.shape == shape and spec.dims.wedge_angle == pytest.approx(angle)


def test_a_thin_body_without_its_thickness_is_refused_saying_so():
    with pytest.raises(RequestError, match="not how thin"):
        parse_geometry("2D channel 1 m long and 0.1 m high; a thin baffle (zero thickness) on the floor at x = 0.4 m, "
                       "5 cm high")


@pytest.mark.parametrize("text, shape, check", [
    ("Passage 200 cm long, 40 cm tall, lower-left corner at (0,0). A square bluff body (10 cm x 10 cm) sits with its "
     "centre at x = 50 cm, y = 20 cm. Inflow 5 cm/s, mesh spacing 1 cm.", "channel_with_obstacles",
     lambda s: s.obstacles[0].center == pytest.approx((0.5, 0.2)) and s.dims.length == pytest.approx(2.0)),
    ("A 1 m x 10 cm channel (x 0..1 m, y 0..10 cm). On the floor there is a forward-facing ledge 3 cm tall starting at "
     "x = 30 cm and going all the way to the outlet. 5 mm cells.", "forward_step",
     lambda s: s.dims.step_height == pytest.approx(0.03)),
    ("channel length is 2.2 meter, height is 0.41 meter. Cylinder radius 0.05 m, center point x=0.2 y=0.2. mesh size "
     "near 0.01 m", "cylinder_crossflow", lambda s: s.mesh.cell_size == pytest.approx(0.01)),
    ("a 2D channel 1 m x 0.1 m, cell 0.005 m", "channel", lambda s: s.mesh.cell_size == pytest.approx(0.005)),
    ("Enclosure x 0..0.1 m, y 0..0.1 m. Heated block occupying x 0.04..0.06 m, y 0.04..0.06 m, T = 313.15 K. Left/right "
     "walls 293.15 K, top/bottom adiabatic.", "channel_with_obstacles", lambda s: s.dims.closed),
])
def test_geometry_words_of_the_paraphrase_sweep(text, shape, check):
    spec = parse_geometry(text)
    assert spec.shape == shape and check(spec)


@pytest.mark.parametrize("text, value, unit_role", [
    ("stop at iteration 400", 400.0, "end_time"), ("end time 200 us", 2e-4, "end_time"),
    ("run for 16 min 40 s", 1000.0, "end_time"), ("run 1 h 30 min", 5400.0, "end_time"),
    ("k_in = 0.066 J/kg", 0.066, "turbulent_kinetic_energy"),
    ("inflow velocity 2.5 (non-dimensional), endTime 0.5", 2.5, "inlet_velocity"),
])
def test_written_forms(text, value, unit_role):
    from tasks.plan.stated import read_stated

    assert any(q.role == unit_role and q.value == pytest.approx(value) for q in read_stated(text))


def test_a_grid_said_as_a_product_in_words():
    from tasks.plan.written_forms import written_forms

    assert written_forms("grid of 40 times 40 cells") == "grid of 40 x 40 cells"
    assert written_forms("10 s and 5 s") == "10 s and 5 s" and written_forms("let us run") == "let us run"
    assert written_forms("latent heat 2.26e6 J/kg") == "latent heat 2.26e6 J/kg"


@pytest.mark.parametrize("text, origin, centres", [
    ("2D channel from (0,0) to (2,0.4) m with a square block occupying x 0.45..0.55 m, y 0.15..0.25 m", (0, 0), [(0.5, 0.2)]),
    ("2D channel from (1,0) to (3,0.4) m, square obstacle 0.1 m side centred at (1.5, 0.2)", (1, 0), [(0.5, 0.2)]),
    ("A 2D channel 1 m long and 0.2 m high from the origin, two cylinders of diameter 25 mm side by side: both centred "
     "at x = 0.2 m, one at y = 0.06 m and the other at y = 0.14 m.", (0, 0), [(0.2, 0.06), (0.2, 0.14)]),
])
def test_a_channel_by_its_corners_and_two_bodies_one_and_the_other(text, origin, centres):
    spec = parse_geometry(text)
    assert spec.origin == pytest.approx(origin)
    assert [c for o in spec.obstacles for c in o.center] == pytest.approx([c for p in centres for c in p])


@pytest.mark.parametrize("pipe", ["pipe", "duct"])
def test_a_2d_muffler_of_pipes_said_by_their_height_with_square_cells(pipe):
    spec = parse_geometry(f"icoFoam, 10 s. 2D muffler: a 10 cm long inlet {pipe} 2 cm high, then a chamber 20 cm long and "
                          f"10 cm high, then a 10 cm long outlet {pipe} 2 cm high, all centred on y = 0. Inflow 5 cm/s, "
                          "nu 1e-5 m2/s, 2 mm square cells.")
    assert spec.shape == "rectilinear" and spec.mesh.cell_size == pytest.approx(0.002)
    assert [p for part in spec.dims.parts for p in part] == pytest.approx([0, 0.1, -0.01, 0.01, 0.1, 0.3, -0.05, 0.05,
                                                                           0.3, 0.4, -0.01, 0.01])


def test_a_2d_pipe_said_by_its_height_is_a_channel_and_a_round_one_stays_a_pipe():
    assert parse_geometry("a 2D pipe 1 m long and 5 cm high, icoFoam").shape == "channel"
    assert parse_geometry("2D axisymmetric pipe of diameter 2 cm and length 1 m, wedge").shape == "pipe"


@pytest.mark.parametrize("text, solver", [
    ("DSMC 15 degree wedge (N2/O2): inflow velocity (2000 0 0) m/s, inflow temperature 250 K", "dsmcFoam"),
    ("MHD flow in a channel, Hartmann number 20", "mhdFoam"),
    ("a rarefied wedge flow", None), ("an MHD and DSMC comparison", None),
])
def test_a_method_named_by_its_acronym_names_its_solver(text, solver):
    from tasks.plan.select_words import method_named_solver

    assert method_named_solver(text) == solver


@pytest.mark.parametrize("text, role", [
    ("d_p = 0.0002 m", "particle_diameter"), ("rho_p = 2500 kg/m^3", "particle_density"),
    ("d_{p} = 0.2 mm", "particle_diameter"), ("D_h = 30 mm", "geometry"),
])
def test_a_dispersed_phase_property_by_its_subscripted_symbol(text, role):
    from tasks.plan.stated import read_stated

    assert [q.role for q in read_stated(text)] == [role]


@pytest.mark.parametrize("said", ["thermocouple diameter 0.5 mm", "bead diameter 0.5 mm", "a sensor diameter of 0.5 mm"])
def test_a_probes_own_size_is_its_entry_not_a_domain_size(said):
    from tasks.plan.architect import plan

    m = plan(f"thermocoupleTestCase buoyantPimpleFoam: wall temperature 500 °C, initial gas 20 °C, {said}, end at t = 20 s",
             TUTORIALS)
    assert any(e.entry == ["functions", "probes", "d"] and float(e.value) == pytest.approx(5e-4) for e in m.edits)
    assert not m.not_applied


def test_points_written_as_openfoam_writes_them():
    spec = parse_geometry("2D channel x 0..1.5, y 0..0.3 m; triangular obstacle, vertices (0.3 0.1) (0.3 0.2) (0.45 0.15)")
    assert spec.obstacles[0].kind == "polygon"
    assert [c for v in spec.obstacles[0].vertices for c in v] == pytest.approx([0.3, 0.1, 0.3, 0.2, 0.45, 0.15])


@pytest.mark.parametrize("speed", ["U_inf = 540 km/h", "U∞ = 150 m/s", "free stream 150 m/s"])
def test_a_pressure_beside_a_free_stream_said_by_its_symbol(speed):
    from tasks.plan.architect import plan

    m = plan(f"NACA0012 aerofoil rhoPimpleFoam with k-omega SST: {speed}, T = 15 °C, p = 1 atm, run 20 ms", TUTORIALS)
    assert any(e.entry == ["pOut"] and float(e.value) == pytest.approx(101325) for e in m.edits) and not m.not_applied


def test_a_half_height_is_half_the_sections_height():
    spec = parse_geometry("2D converging nozzle: inlet duct from x = -0.2 m to x = 0, half-height 0.05 m; walls converge "
                          "to a half-height of 0.02 m at x = 0.1 m; straight throat to x = 0.4 m")
    assert (spec.dims.inlet_height, spec.dims.outlet_height) == pytest.approx((0.1, 0.04))


@pytest.mark.parametrize("text", [
    "2D cross junction, all arms 0.1 m wide; main channel x 0..1, y 0..0.1; branch x 0.45..0.55, y -0.2..0.3; inlets left "
    "(0.1 m/s, +x) and bottom (0.05 m/s, +y), outlets right and top at p = 0",
    "2D four-way junction. Horizontal channel: x 0..100 cm, y 0..10 cm. Vertical channel: x 45..55 cm, y -20..30 cm. "
    "Inlets: left end 10 cm/s in +x, bottom end 5 cm/s in +y. Outlets: right end and top end, p = 0.",
])
def test_a_cross_junction_by_its_channels_ranges(text):
    spec = parse_geometry(text)
    d = spec.dims
    assert spec.shape == "cross_junction" and spec.origin == pytest.approx((0.5, 0.05))
    assert (d.width, d.branch_width, d.arm_length, d.branch_arm_length) == pytest.approx((0.1, 0.1, 0.45, 0.2))
    assert d.inlets == ["inlet", "branchBottom"]


def test_a_cross_junction_of_unequal_arms_is_refused_saying_why():
    with pytest.raises(RequestError, match="unequal lengths"):
        parse_geometry("2D cross junction; main channel x 0..1, y 0..0.1; branch x 0.3..0.4, y -0.2..0.3")


@pytest.mark.parametrize("floor", ["the floor rises by 30 mm at x = 300 mm and stays raised up to x = 1000 mm",
                                   "the floor rises by 30 mm at x = 300 mm"])
def test_a_floor_rising_by_an_amount_at_one_station_is_a_step(floor):
    spec = parse_geometry(f"the channel is 100 cm long and 10 cm high with the origin at the lower-left corner; {floor}.")
    d = spec.dims
    assert spec.shape == "forward_step" and spec.origin == pytest.approx((0.3, 0.0))
    assert (d.step_height, d.upstream_length, d.downstream_length) == pytest.approx((0.03, 0.3, 0.7))


def test_a_floor_rising_between_two_stations_stays_a_ramp():
    spec = parse_geometry("A channel 1 m long and 0.1 m high from the origin; the floor rises from x = 0.3 m to x = 0.5 m "
                          "up to y = 0.03 m and stays there.")
    assert spec.shape == "polygon_domain"


def test_counts_across_the_height_and_across_the_span_are_two_directions():
    from tasks.plan.architect import plan

    m = plan("LES of channel flow with pimpleFoam and DFSEM inlet, WALE model; coarse mesh of 100 cells along the channel, "
             "24 across the height and 16 across the span; 1 s", TUTORIALS)
    blocks = next(e.value for e in m.edits if e.entry == ["blocks"])
    assert blocks.count("(100 12 16)") == 2 and not m.not_applied


def test_cells_said_long_in_x_are_a_cell_size():
    spec = parse_geometry("a two-dimensional converging nozzle: the inlet duct is 0.1 m high (y from -0.05 to 0.05 m) and "
                          "runs from x = -0.1 m to x = 0; the walls converge to a height of 0.04 m at x = 0.2 m and an "
                          "outlet duct continues to x = 0.4 m. Use 20 cells across the nozzle and cells 5 mm long in x.")
    assert spec.mesh.cell_size == pytest.approx(0.005) and spec.dims.across_cells == 20
