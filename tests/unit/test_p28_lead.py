"""Lead fixes of session 28: a particle method's boundary fields and its one gas state, every rotating part at
one rate, a value the request keeps, an old value said with its preposition, a restatement in brackets with
words, and geometry: a round pipe laid along y or z, a Reynolds number said on a size, total cell counts the
block counts jump over, sharp duct corners by their legs, floors that step at a station, cells by their sides,
a tee's branch by its edge and reach, a section's length said after "of", wall openings by their ends and by
the other's size."""
from __future__ import annotations

import shutil

import pytest

from tasks.geometry.structured import build_structured
from tasks.geometry.text import parse_geometry
from tasks.plan.architect import plan
from tasks.plan.extract import quantities
from tests.conftest import TUTORIALS

_WEDGE = "discreteMethods/dsmcFoam/wedge15Ma5"
_ROTORS = "incompressible/overPimpleDyMFoam/twoSimpleRotors"
_WATER = "discreteMethods/molecularDynamics/mdEquilibrationFoam/periodicCubeWater"


def _edits(manifest) -> dict[tuple[str, ...], str]:
    return {(e.file, *e.entry): e.value for e in manifest.edits if isinstance(e.value, str)}


# --- a particle method's boundary fields ------------------------------------------------------------------------

def test_a_dsmc_inflow_and_wall_are_set_on_its_boundary_fields():
    edits = _edits(plan("dsmcFoam wedge15Ma5 tutorial: inflow of 1900 m/s along x, the wedge surface at 600 K", TUTORIALS))
    assert edits[("0/boundaryU", "boundaryField", "flow", "value")] == "uniform (1900 0 0)"
    assert edits[("0/boundaryT", "boundaryField", "obstacle", "value")] == "uniform 600"


def test_a_dsmc_free_stream_is_also_the_gas_it_starts_from():
    edits = _edits(plan("dsmcFoam wedge15Ma5: the free stream arrives at 1500 m/s along x with a temperature of 220 K",
                        TUTORIALS))
    assert edits[("system/dsmcInitialiseDict", "velocity")] == "(1500 0 0)"
    assert edits[("system/dsmcInitialiseDict", "temperature")] == "220"
    assert edits[("0/boundaryT", "boundaryField", "flow", "value")] == "uniform 220"


def test_a_dsmc_start_state_said_as_initial_leaves_the_inflow():
    edits = _edits(plan("dsmcFoam wedge15Ma5, the gas initially at 150 K, inflow at 260 K", TUTORIALS))
    assert edits[("system/dsmcInitialiseDict", "temperature")] == "150"
    assert edits[("0/boundaryT", "boundaryField", "flow", "value")] == "uniform 260"


# --- every rotating part at one rate ------------------------------------------------------------------------------

@pytest.mark.parametrize("text, signs", [
    ("twoSimpleRotors: both rotors at 120 rad/s, turning against each other as before", (1, -1)),
    ("twoSimpleRotors: run each rotor at 120 rad/s", (1, -1)),
    ("twoSimpleRotors: all the rotors at 120 rad/s, turning the same way", (1, 1)),
])
def test_a_rate_said_of_every_rotor_sets_each(text, signs):
    edits = _edits(plan(text, TUTORIALS))
    omegas = sorted((k, v) for k, v in edits.items() if k[0] == "constant/dynamicMeshDict" and k[-1] == "omega")
    assert [float(v) for _, v in omegas] == [120 * s for s in signs]


# --- values a change request keeps, or names as old ---------------------------------------------------------------

def test_a_value_said_to_stay_is_kept_not_missing(tmp_path):
    from tasks.edit.modify import plan_changes, read_state
    from tasks.edit.modify_stated import kept_values, stated_changes

    case = tmp_path / "water"
    shutil.copytree(TUTORIALS / _WATER, case)
    text = "thermostat the water at 310 K and end at 0.1 ps; the mass density remains 980 kg/m3"
    assert kept_values(text) == ["980 kg/m3"]
    plan = plan_changes(read_state(case), text)
    assert not [w for w in plan.warnings if "980" in w]
    stated, missing = stated_changes(plan, case)
    assert not [n for n in missing if "980" in n.text]
    kept = next(q for q in stated if q.text == "980 kg/m3")
    assert kept.verified and kept.file == "system/mdInitialiseDict"


def test_a_kept_value_the_case_does_not_hold_is_reported(tmp_path):
    from tasks.edit.modify import plan_changes, read_state
    from tasks.edit.modify_stated import stated_changes

    case = tmp_path / "water"
    shutil.copytree(TUTORIALS / _WATER, case)
    plan = plan_changes(read_state(case), "thermostat the water at 310 K; the density stays at 1010 kg/m3")
    _, missing = stated_changes(plan, case)
    assert any(n.text == "1010 kg/m3" and "no entry of the case holds it" in n.reason for n in missing)


@pytest.mark.parametrize("text", ["heat it to 70 degC rather than at 40 degC", "hold 70 degC instead of at 40 degC"])
def test_an_old_value_after_its_preposition_is_not_read(text):
    assert [q.text for q in quantities(text)] == ["70 degC"]


@pytest.mark.parametrize("text, kept", [("spin at 300 rpm (that is 31.4 rad/s)", "31.4 rad/s"),
                                        ("spin at 31.4 rad/s (i.e. 300 rpm)", "31.4 rad/s"),
                                        ("a 2 in bore (5 cm) tube", "5 cm"), ("warm it to 35 degC (308 K)", "35 degC")])
def test_a_restatement_in_brackets_with_words_is_one_value_in_si(text, kept):
    assert [q.text for q in quantities(text)] == [kept]


@pytest.mark.parametrize("text", ["leg 1 along x from x = 0, leg 2 along y", "Section 2 in y is wider"])
def test_a_parts_number_is_no_cell_count(text):
    assert not [q for q in quantities(text) if q.kind == "count"]


# --- a round pipe laid along its axis -----------------------------------------------------------------------------

@pytest.mark.parametrize("text, axis", [
    ("a 3D circular pipe, diameter 30 mm and 0.5 m long, running along the y axis from y = 0", "y"),
    ("round tube, 30 mm bore, 0.5 m long; its axis is the z axis and the inlet is at z = 0", "z"),
    ("a pipe of 30 mm diameter, 0.5 m long, along +z", "z"),
])
def test_a_pipe_is_laid_along_the_axis_said(text, axis):
    spec = parse_geometry(text)
    assert (spec.shape, spec.axis, spec.two_d) == ("pipe", axis, False)
    built = build_structured(spec)
    k = "xyz".index(axis)
    along = [p[k] for p in built.model.vertices]
    radius = [(p[(k + 1) % 3] ** 2 + p[(k + 2) % 3] ** 2) ** 0.5 for p in built.model.vertices]
    assert (min(along), max(along)) == pytest.approx((0.0, 0.5))
    assert max(radius) == pytest.approx(0.015, rel=1e-6)
    assert built.flow_direction[k] == 1.0


def test_a_pipe_along_x_or_unsaid_stays_on_x():
    assert parse_geometry("a 3D pipe 30 mm in diameter and 0.5 m long, 50 cells along x").axis == "x"


def test_a_reynolds_number_said_on_the_diameter_is_no_diameter():
    spec = parse_geometry("a 3D round pipe, 25 mm inner diameter, 0.4 m long; the Reynolds number based on the "
                          "diameter is 800")
    assert spec.dimensions["diameter"] == pytest.approx(0.025)


def test_a_total_the_block_counts_jump_over_is_still_met():
    spec = parse_geometry("3D round pipe, D 0.04 m, 0.8 m long; about 10000 cells", total=(10000, False, "about 10000 cells"))
    assert abs(build_structured(spec).model.n_cells - 10000) <= 1000


# --- a sharp duct corner by its legs ------------------------------------------------------------------------------

@pytest.mark.parametrize("text", [
    "3D square duct with a mitred 90 degree corner, 40 mm by 40 mm: the first leg starts at x = 0 and runs along x "
    "to x = 0.2 m (y 0 to 0.04 m, z 0 to 0.04 m); the second leg lies between x = 0.16 and 0.2 m and runs in +y to "
    "the outlet at y = 0.3 m",
    "A square duct 40 mm wide with a right-angled corner: it runs 200 mm along +x from the inlet plane x = 0 (floor "
    "y = 0, z 0..40 mm), then turns and runs along +y (between x = 160 and 200 mm) up to the exit at y = 300 mm",
])
def test_a_sharp_corner_is_read_from_its_legs(text):
    spec = parse_geometry(text)
    d = spec.dimensions
    assert spec.shape == "bend"
    assert (d["width"], d["inlet_length"], d["outlet_length"]) == pytest.approx((0.04, 0.16, 0.26))
    assert spec.origin == pytest.approx((0.16, 0.0))


# --- a floor that steps at a station ------------------------------------------------------------------------------

@pytest.mark.parametrize("text", [
    "2D channel from the origin, 1 m long and 0.1 m high. At x = 0.3 m the floor rises abruptly by 0.04 m and stays "
    "there up to the outlet at x = 1 m.",
    "2D duct 100 cm long and 10 cm tall from the origin; 30 cm downstream the floor jumps up 4 cm until the exit.",
])
def test_a_floor_that_steps_at_a_station_is_a_forward_step(text):
    spec = parse_geometry(text)
    d = spec.dimensions
    assert spec.shape == "forward_step"
    assert (d["step_height"], d["height"], d["upstream_length"], d["downstream_length"]) == pytest.approx((0.04, 0.1, 0.3, 0.7))
    assert spec.origin == pytest.approx((0.3, 0.0))


@pytest.mark.parametrize("text, size", [("Mesh 4 mm x 4 mm.", 0.004), ("cells 1 cm by 1 cm", 0.01),
                                        ("2 mm x 2 mm x 2 mm hexes", 0.002)])
def test_cells_said_by_their_equal_sides_are_a_cell_size(text, size):
    from tasks.geometry.text_mesh import mesh_request

    assert mesh_request(text) == {"cell_size": pytest.approx(size)}


def test_a_cell_size_product_is_not_the_domain():
    from tasks.geometry.text_lengths import extent_product

    assert extent_product("a duct 60 cm long. Mesh 5 mm x 5 mm.") is None
    assert extent_product("a channel 2 m x 0.4 m") == pytest.approx((2.0, 0.4))


# --- a tee's branch by its edge and reach; values at coordinates -------------------------------------------------

def test_a_branch_placed_by_its_edge_and_reach():
    from tasks.geometry.text_changes import t_junction_dims

    d = t_junction_dims("T-junction in 2D. Main duct 80 cm long and 10 cm high from the origin. Side branch also 10 cm "
                        "wide, its right wall at x = 50 cm; it goes up until y = 60 cm.")
    assert (d["branch_position"], d["branch_length"]) == pytest.approx((0.45, 0.5))


def test_a_coordinate_after_a_velocity_takes_no_unit():
    from tasks.plan.stated import read_stated

    said = [q.text for q in read_stated("inlet on the left 0.3 m/s, outlets at x = 0.8 and y = 0.6 at zero pressure")]
    assert said == ["0.3 m/s"]


def test_a_sections_length_said_after_of():
    spec = parse_geometry("2D planar nozzle: a 12 cm tall inlet duct of 8 cm length centred on y = 0, then a linear "
                          "contraction over 6 cm to a 3 cm tall exit duct 10 cm long; 60 x 20 cells")
    d = spec.dimensions
    assert (d["upstream_length"], d["taper_length"], d["downstream_length"]) == pytest.approx((0.08, 0.06, 0.1))


# --- openings by their ends and by the other's size ---------------------------------------------------------------

def test_openings_at_the_ceiling_and_at_floor_level_of_the_same_size():
    spec = parse_geometry("2D office 5 m wide and 2.5 m high, corner at the origin. Supply: 0.3 m slot just below the "
                          "ceiling in the left wall. Extract: a slot of the same size at floor level in the right wall.")
    d = spec.dimensions
    assert (d["inlet_side"], d["outlet_side"]) == ("left", "right")
    assert d["inlet_span"] == pytest.approx((2.2, 2.5)) and d["outlet_span"] == pytest.approx((0.0, 0.3))


def test_an_imperial_size_restated_in_metric_takes_the_metric():
    from tasks.geometry.text_expressions import restated_lengths_once

    assert restated_lengths_once("a 11.8 in (0.3 m) slot") == "a 0.3 m slot"
    assert restated_lengths_once("a 30 cm (about 0.3 m) slot") == "a 30 cm slot"


def test_a_size_word_after_a_rectilinear_cavity_size_is_read():
    from tasks.geometry.text_rectilinear_cavities import _SIZE_AFTER

    assert _SIZE_AFTER.match(" wide") and _SIZE_AFTER.match("-deep")


# --- region boxes of a tutorial: its liquid and its cut-out block -------------------------------------------------

@pytest.mark.parametrize("text, liquid, solid", [
    ("liquid column x 0-0.4, y 0-0.3, z 0-0.5 m and an obstacle (0.5 0.4 0)-(0.7 0.6 0.2)",
     ((0.0, 0.0, 0.0), (0.4, 0.3, 0.5)), ((0.5, 0.4, 0.0), (0.7, 0.6, 0.2))),
    ("A column of water stands in the corner at the origin, 0.4 m long in x, 0.3 m wide in y and 0.5 m high in z. "
     "A block from x = 0.5 to 0.7 m and y = 0.4 to 0.6 m sits on the floor, 0.2 m tall.",
     ((0.0, 0.0, 0.0), (0.4, 0.3, 0.5)), ((0.5, 0.4, 0.0), (0.7, 0.6, 0.2))),
])
def test_region_boxes_are_read_from_corners_ranges_and_sizes(text, liquid, solid):
    from tasks.plan.region_boxes import stated_boxes

    boxes = {b.kind: [*b.lo, *b.hi] for b in stated_boxes(text)}
    assert boxes["liquid"] == pytest.approx([*liquid[0], *liquid[1]])
    assert boxes["solid"] == pytest.approx([*solid[0], *solid[1]])


def test_a_dam_break_with_its_block_keeps_the_tutorial_and_sets_both_boxes():
    m = plan("interFoam 3D dam break with an obstacle in a 1 m cube tank: liquid column x 0-0.4, y 0-0.3, z 0-0.5 m; "
             "obstacle (0.5 0.4 0)-(0.7 0.6 0.2); run 0.05 s", TUTORIALS)
    assert m.base_tutorial == "multiphase/interFoam/laminar/damBreakWithObstacle"
    edits = _edits(m)
    assert "box (0 0 0) (0.4 0.3 0.5)" in " ".join(edits[("system/setFieldsDict", "regions")].split())
    assert "box (0.5 0.4 0) (0.7 0.6 0.2)" in " ".join(edits[("system/topoSetDict", "actions")].split())
    assert not m.not_applied


def test_a_pressure_per_density_is_a_kinematic_pressure():
    edits = _edits(plan("TJunction tutorial: the first outlet at 8 Pa/(kg/m^3)", TUTORIALS))
    assert edits[("0/p", "boundaryField", "outlet1", "value")] == "uniform 8"


def test_a_particle_stream_is_one_vector_on_every_boundary():
    edits = _edits(plan("dsmcFoam freeSpaceStream: make the stream go along the y axis only, at 900 m/s", TUTORIALS))
    values = {v for k, v in edits.items() if k[0] == "0/boundaryU"}
    assert values == {"uniform (0 900 0)"}
    assert edits[("system/dsmcInitialiseDict", "velocity")] == "(0 900 0)"


@pytest.mark.parametrize("text, kept", [("inflow 0.164 ft/s (5 cm/s)", "5 cm/s"), ("59 degF (15 degC) air", "15 degC"),
                                        ("3 m/s (10.8 km/h)", "3 m/s")])
def test_a_us_value_restated_in_metric_keeps_the_metric(text, kept):
    assert [q.text for q in quantities(text)] == [kept]


def test_a_blocks_footprint_size_is_taken_by_its_box():
    m = plan("interFoam, 3D dam break with an obstacle in a 1 m cube tank: a water column x 0-0.4, y 0-0.3, z 0-0.5 m; "
             "a square block with a 0.2 m x 0.2 m footprint, from x = 0.5 to 0.7 m and y = 0.4 to 0.6 m, stands on the "
             "floor and is 0.3 m tall; run 0.05 s", TUTORIALS)
    assert not m.not_applied
    boxed = [b for b in m.bindings if b.file == "system/topoSetDict" and b.stated == "0.2 m"]
    assert boxed and all(b.value == "box (0.5 0.4 0) (0.7 0.6 0.3)" for b in boxed)
