"""Lead fixes of session 26: values in list items, ship motion amplitudes, both coefficients or phases
at once, a grain's size that is no fill level, a time after a clause that starts something, Latin
nouns of tutorial names, a model's aside."""
from __future__ import annotations

import re

import pytest

from tasks.foam import dictionary as fd
from tasks.plan.architect import plan
from tasks.plan.bind_list_items import item_leaves
from tasks.plan.bind_phase_turbulence import named_models
from tasks.plan.select_names import root
from tasks.plan.stated import read_stated
from tests.conftest import TUTORIALS

_LEE = """FoamFile { version 2.0; format ascii; class dictionary; object phaseProperties; }
massTransferModel
(
    (liquid to gas)
    {
        type            Lee;
        C               100;
        Tactivate       366;
    }
);
drag ( (air in water) { type SchillerNaumann; residualRe 1e-3; } );
"""


def _parsed(text: str, shape: str):
    """The geometry spec the text describes, checked to be of `shape`."""
    from tasks.geometry.text import parse_geometry

    spec = parse_geometry(text)
    assert spec is not None and spec.shape == shape, spec
    return spec


def _edits(manifest) -> dict[tuple[str, ...], str]:
    return {(e.file, *e.entry): e.value for e in manifest.edits if isinstance(e.value, str)}


def test_a_list_items_leaves_are_found_read_and_set_in_place():
    assert (["massTransferModel", "(liquid to gas)", "C"], "100") in item_leaves(_LEE)
    assert not any(path[0] == "drag" for path, _ in item_leaves(_LEE))  # a pair list its own binder owns
    path = ["massTransferModel", "(liquid to gas)", "Tactivate"]
    assert fd.get(_LEE, path) == "366"
    changed = fd.set_entry(_LEE, path, "368.15")
    assert fd.get(changed, path) == "368.15" and fd.get(changed, ["massTransferModel", "(liquid to gas)", "C"]) == "100"
    assert changed.replace("368.15", "366") == _LEE  # nothing else moved
    assert fd.get(_LEE, ["massTransferModel", "(gas to liquid)", "C"]) is None


@pytest.mark.parametrize("text", [
    "evaporating layer, icoReactingMultiphaseInterFoam, Lee model C = 50 1/s, Tactivate 368.15 K; left wall 383.15 K; "
    "endTime 0.1 s",
    "VOF evaporation (icoReactingMultiphaseInterFoam): left wall held at 110 degC, Lee phase-change model switched on "
    "above 95 degC with a rate coefficient of fifty per second; stop at t = 100 ms.",
])
def test_lee_model_coefficients_go_to_the_list_item(text):
    if not TUTORIALS.is_dir():
        pytest.skip("OpenFOAM tutorials not installed")
    edits = _edits(plan(text, TUTORIALS))
    item = ("constant/phaseProperties", "massTransferModel", "(liquid to gas)")
    assert float(edits[(*item, "C")]) == 50
    assert float(edits[(*item, "Tactivate")]) == pytest.approx(368.15)


@pytest.mark.parametrize("text, heave, sway", [
    ("2D ship tank sloshing, interFoam, SDA motion with heave amplitude 2 m and sway amplitude 1.2 m; 8 s", "2", "1.2"),
    ("sloshing tank 2D with interFoam: sway amplitude 120 cm, heave amplitude 300 cm, rest unchanged; 5 s", "3", "1.2"),
])
def test_ship_motion_amplitudes_by_degree_of_freedom(text, heave, sway):
    if not TUTORIALS.is_dir():
        pytest.skip("OpenFOAM tutorials not installed")
    m = plan(text, TUTORIALS)
    edits = _edits(m)
    assert edits[("constant/dynamicMeshDict", "heaveA")] == heave
    assert edits[("constant/dynamicMeshDict", "swayA")] == sway
    assert not m.not_applied


@pytest.mark.parametrize("text", [
    "room with a heated box, buoyantSimpleFoam, P1 radiation, grey gas of absorptivity/emissivity 0.3 m^-1; 100 "
    "iterations",
    "hotRadiationRoom with buoyantSimpleFoam and P1; the air is a grey medium with an absorption (and emission) "
    "coefficient of 0.3 per metre; 100 iterations",
])
def test_one_value_said_of_both_gas_coefficients(text):
    if not TUTORIALS.is_dir():
        pytest.skip("OpenFOAM tutorials not installed")
    edits = _edits(plan(text, TUTORIALS))
    for name in ("absorptivity", "emissivity"):
        assert edits[("constant/radiationProperties", "constantAbsorptionEmissionCoeffs", name)].endswith(" 0.3")


def test_an_initial_temperature_of_both_phases_sets_each():
    if not TUTORIALS.is_dir():
        pytest.skip("OpenFOAM tutorials not installed")
    m = plan("bubble column with evaporation and dissolution (reactingTwoPhaseEulerFoam, laminar); air inlet 0.05 m/s; "
             "gas and water both start at 330 K; 1 s", TUTORIALS)
    edits = _edits(m)
    assert m.base_tutorial.endswith("laminar/bubbleColumnEvaporatingDissolving")  # dissolution ~ Dissolving
    assert edits[("0/T.gas", "internalField")] == edits[("0/T.liquid", "internalField")] == "uniform 330"
    assert edits[("system/controlDict", "endTime")] == "1"  # no start time: "start at" is the 330 K's


def test_a_grains_size_is_no_fill_level():
    if not TUTORIALS.is_dir():
        pytest.skip("OpenFOAM tutorials not installed")
    m = plan("fluidised bed (twoPhaseEulerFoam): air at 40 cm/s through the bottom, bed of 500 micron sand filled to "
             "30 cm; simulate 100 ms.", TUTORIALS)
    regions = next(e.value for e in m.edits if e.file == "system/setFieldsDict")
    top = re.search(r"box\s*\([^)]*\)\s*\(([^)]*)\)", regions).group(1).split()
    assert float(top[1]) == pytest.approx(0.3)  # the box's top y, not 0.0005
    assert not m.not_applied


def test_a_time_after_a_clause_that_starts_at_a_temperature_is_the_end_time():
    roles = {q.text: q.role for q in read_stated("column; gas and water both start at 330 K; water to 0.4 m; 1 s")}
    assert roles["1 s"] == "end_time"


@pytest.mark.parametrize("noun, verb", [("dissolution", "dissolving"), ("absorption", "absorbing"),
                                        ("solidification", "solidifying"), ("expansion", "expanding")])
def test_latin_nouns_share_their_verbs_root(noun, verb):
    assert root(noun) == root(verb)


def test_a_models_aside_names_no_phase():
    named = named_models("Replace the k-epsilon model of the gas phase with k-omega SST (the liquid stays laminar)",
                         ["gas", "liquid"])
    assert [(n.model, n.phase) for n in named][:2] == [("kEpsilon", "gas"), ("kOmegaSST", "gas")]


def test_cells_round_a_body_size_the_mesh_at_it():
    from tasks.geometry.text_mesh import body_cells, mesh_request

    assert body_cells("pimpleFoam; 4 mm cells away from the cylinder, 40 cells round it; 5 s") == 40
    assert body_cells("48 divisions around each cylinder") == 48
    assert body_cells("100 cells along the channel") is None
    assert mesh_request("- mesh: roughly 4 mm spacing away from the cylinder, 40 cells round the cylinder") == \
        {"cell_size": 0.004, "body_cells": 40}
    assert mesh_request("tubes at 40 mm spacing in a 2 mm grid") == {"cell_size": 0.002}  # a pitch is no cell size


def test_a_regions_old_size_finds_the_box_to_resize(tmp_path):
    import shutil

    from tasks.edit.modify import plan_changes
    from tasks.edit.modify_state import read_state

    if not TUTORIALS.is_dir():
        pytest.skip("OpenFOAM tutorials not installed")
    case = tmp_path / "case"
    shutil.copytree(TUTORIALS / "multiphase/multiphaseEulerFoam/damBreak4phase", case)
    plan = plan_changes(read_state(case), "In the four-phase dam break, make the mercury layer half as high: 5 cm "
                                          "instead of 10 cm. Keep the water and oil columns as they are.")
    regions = next(e.value for e in plan.edits if e.file == "system/setFieldsDict")
    assert "box (0 0 -1) (0.1461 0.05 1)" in regions  # the mercury box, the one 0.1 m high
    assert regions.count(" 0.292 1)") == 2  # the water and oil columns kept
    assert not [w for w in plan.warnings if "5 cm" in w]


def test_a_fill_level_restated_as_a_coordinate_is_applied():
    if not TUTORIALS.is_dir():
        pytest.skip("OpenFOAM tutorials not installed")
    from tasks.plan.bind import bind_all

    text = "2D sloshing tank, interFoam; water depth 7 m (tank floor z = -10 m, free surface z = -3 m); 8 s"
    stated = read_stated(text)
    binder = bind_all(TUTORIALS / "multiphase/interFoam/laminar/sloshingTank2D", "interFoam", text, stated)
    assert {"7 m", "-3 m"} <= {b.stated for b in binder.bindings if b.file == "system/setFieldsDict"}


def test_an_sda_roll_amplitude_is_its_largest_roll_angle_in_radians():
    if not TUTORIALS.is_dir():
        pytest.skip("OpenFOAM tutorials not installed")
    edits = _edits(plan("sloshing of the 2D tank with interFoam and SDA motion: roll amplitude 9 degrees; 2 s",
                        TUTORIALS))
    assert float(edits[("constant/dynamicMeshDict", "rollAmax")]) == pytest.approx(0.15708, rel=1e-4)


def test_acronyms_and_degrees_of_freedom_name_tutorials():
    from tasks.plan.select_names import camel_words
    from tasks.plan.select_terms import terms_said

    assert camel_words("sloshingTank2D3DoF")[-1] == "dof"
    assert "sda" in terms_said("SDA rigid-body motion", " sda rigid body motion ").phrases
    if not TUTORIALS.is_dir():
        pytest.skip("OpenFOAM tutorials not installed")
    m = plan("Ship tank sloshing (2D, 3 DoF SDA rigid-body motion, VOF with interFoam): sway amplitude 120 cm; 8 s",
             TUTORIALS)
    assert m.base_tutorial.endswith("sloshingTank2D3DoF")


@pytest.mark.parametrize("text, x, low, high", [
    ("2D channel x 0..0.3 m, y 0..0.04 m; thin orifice plate at x 0.1..0.104 m leaving a centred 0.02 m opening; "
     "pimpleFoam; 1 mm cells", 0.102, 0.01, 0.03),
    ("Channel: 30 cm x 4 cm from the origin. Orifice: a 4 mm thick plate whose upstream face is 10 cm downstream of "
     "the inlet, open between 1 cm and 2.5 cm above the floor. Cells: 1 mm. pimpleFoam", 0.102, 0.01, 0.025),
])
def test_an_orifice_plate_by_its_ranges_and_faces(text, x, low, high):
    spec = _parsed(text, "channel_with_obstacles")

    plates = sorted(spec.obstacles, key=lambda o: o.center[1])
    assert [o.center[0] for o in plates] == pytest.approx([x, x])
    assert plates[0].center[1] + plates[0].height / 2 == pytest.approx(low)
    assert plates[1].center[1] - plates[1].height / 2 == pytest.approx(high)
    assert plates[0].width == pytest.approx(0.004)


def test_a_tables_cells_take_the_unit_its_caption_declares():
    from tasks.geometry.text_parts import table_ranges

    text = ("The geometry is in the table below (millimetres, origin at the inlet's lower corner):\n"
            "| item | x from | x to | y from | y to |\n|---|---|---|---|---|\n| channel | 0 | 300 | 0 | 40 |\n")
    assert "x 0 millimetres to 300 millimetres" in table_ranges(text)


@pytest.mark.parametrize("text", [
    "2D four-way cross junction, all arms 0.04 m wide, centred on the origin, each arm reaching 0.2 m from the centre; "
    "inlet left arm 0.25 m/s; simpleFoam laminar; 4 mm cells",
    "Two straight 2D channels of width 0.04 m cross at right angles, centred at the origin; the horizontal one runs "
    "from x = -0.2 m to x = 0.2 m and the vertical one from y = -0.2 m to y = 0.2 m. simpleFoam, 4 mm cells",
    "plus-shaped (+) 2D junction, arms 4 cm wide, crossing centred at (0,0), each arm 20 cm long measured from the "
    "centre; simpleFoam, 4 mm cells",
])
def test_a_cross_junctions_arms_by_their_reach_from_the_centre(text):
    spec = _parsed(text, "cross_junction")

    assert spec.dims.arm_length == pytest.approx(0.18)
    assert (spec.dims.branch_arm_length or spec.dims.arm_length) == pytest.approx(0.18)


def test_a_field_symbol_takes_no_echoed_unit():
    roles = [(q.text, q.role) for q in read_stated("inlet left arm 0.25 m/s, the other three arms open to p = 0")]
    assert roles == [("0.25 m/s", "inlet_velocity")]


@pytest.mark.parametrize("text", [
    "Consider laminar flow over an open cavity. A 2D channel of height 0.05 m and length 0.6 m starts at the origin. "
    "In the bottom wall there is a rectangular cavity, 0.1 m long (from x = 0.2 m to x = 0.3 m) and 0.05 m deep. "
    "icoFoam, inlet 0.02 m/s, 2.5 mm cells",
    "Open cavity under a channel: channel 60 cm long and 5 cm high starting at the origin, a 10 cm wide, 5 cm deep "
    "pocket in the floor whose upstream edge is 20 cm from the inlet; inflow 2 cm/s; 2.5 mm cells; icoFoam",
])
def test_a_channels_floor_cavity_in_other_words(text):
    spec = _parsed(text, "channel_with_cavity")

    d = spec.dims
    assert (d.length, d.height, d.cavity_width, d.cavity_depth, d.cavity_start) == \
        pytest.approx((0.6, 0.05, 0.1, 0.05, 0.2))


@pytest.mark.parametrize("text", [
    "L-shaped lid-driven cavity, icoFoam; square 0.1 x 0.1 m (x, y 0..0.1) minus the lower right quarter; lid y = 0.1 "
    "moving +x at 0.1 m/s; nu 1e-4; 2 mm cells",
    "Please take a lid-driven cavity: a square box of 0.1 m side with the lower left corner on the origin; the region "
    "from x = 0.05 to 0.1 m and y = 0 to 0.05 m is solid wall. The top wall moves at 0.1 m/s. icoFoam, 2 mm cells",
    "icoFoam, lid 10 cm/s: an L-shaped cavity made of the 10 cm x 10 cm square at the origin with its bottom-right "
    "5 cm x 5 cm quadrant filled in; the whole top wall slides in +x; 2 mm grid",
])
def test_a_solid_part_of_a_cavity(text):
    spec = _parsed(text, "channel_with_obstacles")
    assert spec.dims.closed
    (solid,) = spec.obstacles
    assert spec.origin == pytest.approx((0.0, 0.0))  # the solid's coordinates are the cavity's own
    assert solid.center == pytest.approx((0.075, 0.025))
    assert (solid.width, solid.height) == pytest.approx((0.05, 0.05))


def test_a_part_said_solid_is_no_particle():
    from tasks.plan.flow_lengths import is_particle_size

    assert not is_particle_size("the region from x = 0.05 to 0.1 m and y = 0 to ", " is solid wall", 0.05)
    assert is_particle_size("a bed of ", " solids fluidised by air", 0.0005)


@pytest.mark.parametrize("text", [
    "A conical diffuser in terms of the inlet diameter D = 0.1 m; the origin is the centre of the inlet plane. An inlet "
    "pipe of diameter D runs for 2D, then a straight cone widens the diameter from D to 2D over a length of 4D, and an "
    "outlet pipe of diameter 2D follows for another 6D, so the domain ends at x = 12D. Axisymmetric (a wedge), "
    "simpleFoam; 20 cells across the radius and 20, 40 and 60 cells along the inlet pipe, cone and outlet pipe.",
    "Steady simpleFoam, axisymmetric: air into a 100 mm pipe (axis = x, inlet centre at origin), straight for 200 mm, "
    "then a cone out to 200 mm diameter ending at x = 600 mm, then 600 mm of 200 mm pipe. Mesh 20 cells radially, "
    "20 + 40 + 60 axially.",
])
def test_a_conical_diffuser_in_other_words(text):
    spec = _parsed(text, "diffuser")
    assert spec.dims.axisymmetric
    d = spec.dims
    assert (d.inlet_height, d.outlet_height, d.upstream_length, d.taper_length, d.downstream_length) == \
        pytest.approx((0.1, 0.2, 0.2, 0.4, 0.6))
    assert spec.origin == pytest.approx((0.0, 0.0))
    assert spec.mesh.cells == [120, 20]


@pytest.mark.parametrize("text", [
    "3D square duct 0.1 x 0.1 m (z 0..0.1) with a sharp (mitred) 90 deg bend; leg 1 along +x from the inlet at x = 0, "
    "y 0..0.1, outer wall of the bend at x = 0.5; leg 2 along +y, x 0.4..0.5, outlet at y = 0.6; simpleFoam; 1 cm cells",
    "Mitred elbow, 3D: 100 mm x 100 mm square duct. Inlet face at x = 0 spanning y and z 0..100 mm; the duct goes 500 mm "
    "along x to the outer corner wall, turns sharply to +y and exits at y = 600 mm, the vertical leg lying between x = "
    "400 and 500 mm. simpleFoam, 10 mm cells",
])
def test_a_sharp_3d_duct_bend_placed_by_its_coordinates(text):
    spec = _parsed(text, "bend")
    assert not spec.two_d
    d = spec.dims
    assert (d.width, d.inlet_length, d.outlet_length) == pytest.approx((0.1, 0.4, 0.5))
    assert spec.origin == pytest.approx((0.4, 0.0))


def test_a_phase_switched_to_sst_gets_omega_from_its_epsilon(tmp_path):
    from tests.unit.modify_cases import modify_case, tutorial_case

    if not TUTORIALS.is_dir():
        pytest.skip("OpenFOAM tutorials not installed")
    case = tutorial_case(tmp_path, "multiphase/reactingTwoPhaseEulerFoam/RAS/bubbleColumnEvaporatingReacting")
    plan = modify_case(case, "Replace the k-epsilon model of the gas phase with k-omega SST (the liquid stays laminar)")
    assert not [w for w in plan.warnings if "omega" in w]
    omega = (case / "0/omega.gas").read_text()
    eps, k = 1.5e-4, 3.75e-5  # the tutorial's epsilon.gas and k.gas
    assert fd.get(omega, ["internalField"]) == f"uniform {eps / (0.09 * k):.10g}"
    assert "omegaWallFunction" in omega and "[0 0 -1 0 0 0 0]" in omega
    assert "(k|epsilon|omega)" in (case / "system/fvSchemes").read_text()
    assert fd.get((case / "system/fvSchemes").read_text(), ["wallDist", "method"]) == "meshWave"
    assert "kOmegaSST" in (case / "constant/turbulenceProperties.gas").read_text()


def test_new_derives_a_phases_omega_and_writes_no_single_phase_fields(tmp_path):
    if not TUTORIALS.is_dir():
        pytest.skip("OpenFOAM tutorials not installed")
    from tasks.edit.writer import write_case

    m = plan("bubble column with evaporation and reactions (reactingTwoPhaseEulerFoam, RAS), k-omega SST for the gas "
             "phase; air inlet 0.1 m/s; 0.05 s", TUTORIALS)
    assert not m.not_applied
    out = tmp_path / "case"
    write_case(m, out, TUTORIALS)
    fields = {p.name for p in (out / "0").iterdir()}
    assert "omega.gas" in fields and not {"k", "omega", "nut"} & fields


@pytest.mark.parametrize("words, sides", [
    ("bottom y = 0 a no-slip wall, top slip", ["top"]),
    ("The bottom boundary y = 0 is a no-slip wall, the top boundary y = 0.2 m is a slip (free) boundary.", ["top"]),
    ("floor is a wall, top boundary frictionless", ["top"]),
    ("walls top and bottom are no-slip", []),
])
def test_a_channel_side_said_slip(words, sides):
    from tasks.geometry.text_dims import slip_sides

    assert slip_sides(words) == sides


def test_a_cylinder_near_a_wall_with_a_slip_top():
    from tasks.geometry.text import parse_geometry

    spec = parse_geometry("2D channel x 0..0.6 m, y 0..0.2 m, bottom y = 0 a no-slip wall, top slip; cylinder D = 0.02 m "
                          "centred at (0.2, 0.02); pimpleFoam; 4 mm cells, 40 cells round it")
    assert spec.shape == "cylinder_crossflow" and spec.dims.slip_sides == ["top"] and not spec.dims.free_stream
    assert spec.mesh.body_cells == 40


@pytest.mark.parametrize("text, value", [("absorptivity 0.2 1/m", 0.2), ("a gas absorption of 0.2 m^-1", 0.2),
                                         ("Forchheimer coefficient f 100 1/m", 100.0)])
def test_an_inverse_length_is_a_stated_value(text, value):
    (q,) = read_stated(text)
    assert (q.quantity, q.value, q.unit) == ("inverse_length", value, "1/m")


def test_an_inverse_length_no_binder_takes_is_reported():
    if not TUTORIALS.is_dir():
        pytest.skip("OpenFOAM tutorials not installed")
    m = plan("hot room, buoyantSimpleFoam, P1 radiation; a scattering coefficient of 0.1 1/m; 100 iterations", TUTORIALS)
    assert [n.text for n in m.not_applied] == ["0.1 1/m"]


def test_counts_by_part_are_not_rescaled_as_one_direction(tmp_path):
    from tasks.core.config import load_settings
    from tasks.edit.generate import choose_plan
    from tasks.plan.manifest import CaseRequest

    if not TUTORIALS.is_dir():
        pytest.skip("OpenFOAM tutorials not installed")
    text = ("Axisymmetric (wedge) conical diffuser, simpleFoam k-epsilon, air nu 1.5e-5 at 10 m/s; inlet pipe D 0.1 m and "
            "0.2 m long from x = 0, a cone to D 0.2 m over 0.4 m, outlet pipe 0.6 m; 20 cells across the radius and 20, "
            "40 and 60 cells along the inlet pipe, cone and outlet pipe; 300 iterations")
    m = choose_plan(CaseRequest(text=text, out_dir=tmp_path / "case"), load_settings(llm_planner="off"))
    assert not [e for e in m.edits if e.file == "system/blockMeshDict"]  # the shape library's 20/40/60 blocks stay
    assert not m.not_applied


def test_a_pi_inside_a_function_of_time_is_left_to_the_sine_reader():
    from tasks.plan.bind_motion_rates import rate_forms

    assert rate_forms("U_x = 5 * sin(2*pi*t/0.1) m/s") == "U_x = 5 * sin(2*pi*t/0.1) m/s"
    assert rate_forms("omega = 2 pi rad/s") == "omega = 6.283185307 rad/s"


def test_a_stirred_vessels_baffles_are_no_channel_obstacles():
    from tasks.geometry.text_shapes import shape_words

    assert shape_words("a 2D rotating mixer: the inner wall rotates at 10 rad/s, 4 baffles on both walls") is None
    assert shape_words("a channel with two baffles on the floor") == "channel_with_obstacles"
