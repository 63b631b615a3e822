"""Lead fixes of session 27: a starting state no field holds (particle methods, an equilibration's target), the
members of a mixture named by word or ratio, molecular time units, a source switched on, a place's kind word
that is no entry name, and geometry: ranges that place a body, a leg's walls, a tee's branch, sections placed by
their ends, round ducts by radius."""
from __future__ import annotations

import shutil

import pytest

from tasks.geometry.text import parse_geometry
from tasks.plan.architect import plan
from tasks.plan.bind_members import member_shares, named_members
from tasks.plan.bind_model_places import Place
from tasks.plan.stated import read_stated
from tests.conftest import TUTORIALS

_DSMC = "discreteMethods/dsmcFoam/freeSpacePeriodic"
_ARGON = "discreteMethods/molecularDynamics/mdEquilibrationFoam/periodicCubeArgon"


def _edits(manifest) -> dict[tuple[str, ...], str]:
    return {(e.file, *e.entry): e.value for e in manifest.edits if isinstance(e.value, str)}


def _members() -> list[Place]:
    return [Place(rel="system/dsmcInitialiseDict", entry=["numberDensities", k], name=k, owner="numberDensities", raw="1e20")
            for k in ("N2", "O2")]


def test_members_are_named_by_formula_or_word_in_the_order_said():
    assert [p.name for p in named_members(_members(), "an equal mix of oxygen and nitrogen")] == ["O2", "N2"]
    assert [p.name for p in named_members(_members(), "pure N2 at 1e20")] == ["N2"]
    assert named_members(_members(), "a gas at 1e20 per m3") == []


@pytest.mark.parametrize("words, shares", [
    ("N2:O2 = 3:1 with a total number density of 1e20", {"N2": 0.75, "O2": 0.25}),
    ("O2/N2 = 1/4, 1e20 in all", {"O2": 0.2, "N2": 0.8}),
    ("an equal mix of N2 and O2, 1e20 in total", {"N2": 0.5, "O2": 0.5}),
])
def test_a_total_is_shared_by_the_ratio_said_with_its_members(words, shares):
    members = named_members(_members(), words)
    got, _ = member_shares(members, words)
    assert got == pytest.approx(shares)


def test_a_value_said_for_each_member_is_no_total():
    assert member_shares(named_members(_members(), "N2 and O2, each at 5e19"), "N2 and O2, each at 5e19") is None


@pytest.mark.parametrize("text, n2, o2", [
    ("dsmcFoam freeSpacePeriodic: the box is filled with an equal mix of nitrogen and oxygen, each at a number "
     "density of 4e19 molecules per cubic metre", "4e+19", "4e+19"),
    ("dsmcFoam freeSpacePeriodic, N2:O2 = 3:1 with a total number density of 2.0 x 10^20 per m^3", "1.5e+20", "5e+19"),
])
def test_a_dsmc_gas_takes_its_members_number_densities(text, n2, o2):
    m = plan(text, TUTORIALS)
    edits = _edits(m)
    assert m.base_tutorial == _DSMC
    assert edits[("system/dsmcInitialiseDict", "numberDensities", "N2")] == n2
    assert edits[("system/dsmcInitialiseDict", "numberDensities", "O2")] == o2
    assert not m.not_applied  # the ratio's own numbers are no values


def test_a_particle_gas_starts_at_the_stated_temperature_and_drift():
    m = plan("dsmcFoam freeSpacePeriodic; 420 K, drifting at 0.9 km/s along +x; endTime 1e-4 s", TUTORIALS)
    edits = _edits(m)
    assert edits[("system/dsmcInitialiseDict", "temperature")] == "420"
    assert edits[("system/dsmcInitialiseDict", "velocity")] == "(900 0 0)"
    assert not m.not_applied


def test_an_equilibration_temperature_is_the_thermostat_target_and_ps_are_seconds():
    m = plan("periodicCubeArgon with mdEquilibrationFoam: equilibrate the argon at 150 K, stop after 0.4 ps", TUTORIALS)
    edits = _edits(m)
    assert m.base_tutorial == _ARGON
    assert edits[("system/mdEquilibrationDict", "targetTemperature")] == "150"
    assert ("system/mdInitialiseDict", "liquid", "temperature") not in edits  # the target, not the start
    assert float(edits[("system/controlDict", "endTime")]) == pytest.approx(4e-13)


def test_an_initial_md_temperature_is_the_zones_start():
    edits = _edits(plan("periodicCubeArgon (mdEquilibrationFoam): initial temperature 250 K", TUTORIALS))
    assert edits[("system/mdInitialiseDict", "liquid", "temperature")] == "250"


@pytest.mark.parametrize("said, seconds", [("0.5 ps", 5e-13), ("500 femtoseconds", 5e-13), ("2 picoseconds", 2e-12),
                                           ("3 ns", 3e-9)])
def test_molecular_times(said, seconds):
    (q,) = [q for q in read_stated(f"run for {said}") if q.quantity == "time"]
    assert q.value == pytest.approx(seconds)


def test_modify_sets_an_md_target_temperature(tmp_path):
    from tasks.edit.modify_stated import missing_field

    case = tmp_path / "argon"
    shutil.copytree(TUTORIALS / _ARGON, case)
    assert missing_field("temperature", case, "mdEquilibrationFoam") is None
    (case / "system" / "mdEquilibrationDict").unlink()
    (case / "system" / "mdInitialiseDict").unlink()
    assert "no T field" in missing_field("temperature", case, "mdEquilibrationFoam")


@pytest.mark.parametrize("text", [
    "steamInjection tutorial (reactingTwoPhaseEulerFoam): the steam source switched on after 0.4 s; end at 1 s",
    "steamInjection tutorial (reactingTwoPhaseEulerFoam): switch on the steam source at 0.4 s; end at 1 s",
])
def test_a_source_switched_on_is_its_start_time(text):
    edits = _edits(plan(text, TUTORIALS))
    assert edits[("constant/fvOptions", "injector1", "timeStart")] == "0.4"
    assert edits[("system/controlDict", "endTime")] == "1"


def test_an_inlets_temperature_is_not_an_options_temperature_entry():
    m = plan("compressible angled duct with a porous block (rhoPorousSimpleFoam, explicit): the inlet supplies 0.1 kg/s of "
             "air at a temperature of 320 K, and the porous block is held at a temperature of 360 K", TUTORIALS)
    edits = _edits(m)
    assert edits[("constant/fvOptions", "source1", "temperature")] == "360"
    assert "320" in edits[("0/T", "boundaryField", "inlet", "value")]
    assert not m.not_applied


@pytest.mark.parametrize("text", ["enclosure (2D, g = 9.81 downward)", "g = 9.81 pointing down"])
def test_a_bare_g_with_a_direction_word_is_gravity(text):
    assert [(q.role, q.value) for q in read_stated(text)] == [("gravity", 9.81)]


def test_a_header_unit_needs_more_than_a_symbol_set_to_its_value():
    assert [q.unit for q in read_stated("origin bottom-left, g = 9.81")] == ["m/s2"]
    assert [q.unit for q in read_stated("Inlet velocity, m/s: 5")] == ["m/s"]


_CHANNEL = "2D channel 1 m long (x from 0 to 1 m) and 0.1 m high (y from 0 to 0.1 m). "


@pytest.mark.parametrize("body, centre, size", [
    ("A thin fence stands on the bottom wall, 10 mm thick, from x = 0.4 m to x = 0.41 m, and reaches up, to y = 0.03 m.",
     (0.405, 0.015), (0.01, 0.03)),
    ("A thin fence stands on the bottom wall from x = 0.4 m to x = 0.41 m, and it reaches half way up, to y = 0.05 m.",
     (0.405, 0.025), (0.01, 0.05)),
    ("A baffle hangs from the top wall, from x = 0.4 m to x = 0.41 m, down to y = 0.07 m.", (0.405, 0.085), (0.01, 0.03)),
])
def test_a_wall_part_is_placed_by_its_x_range_and_its_reach(body, centre, size):
    (ob,) = parse_geometry(_CHANNEL + body).obstacles
    assert ob.center == pytest.approx(centre) and (ob.width, ob.height) == pytest.approx(size)


def test_a_body_in_an_enclosure_is_placed_by_its_range():
    g = parse_geometry("Natural convection in a closed box, 0.3 m wide (x from 0 to 0.3 m) and 0.1 m high (y from 0 to 0.1 m). "
                       "A component 0.06 m wide and 0.02 m high sits on the floor, from x = 0.2 m to x = 0.26 m.")
    (ob,) = g.obstacles
    assert ob.center == pytest.approx((0.23, 0.01)) and (ob.width, ob.height) == pytest.approx((0.06, 0.02))


def test_a_chip_is_a_body():
    g = parse_geometry("2D enclosure 20 cm x 10 cm, a hot chip 4 cm x 2 cm centred on the bottom wall, cold lid")
    (ob,) = g.obstacles
    assert ob.center == pytest.approx((0.1, 0.01))


def test_an_l_bends_outflow_leg_is_placed_by_its_walls():
    g = parse_geometry("An L-shaped duct of constant width 20 cm (2D). Inflow leg: 80 cm long along +x, lower wall on y = 0, "
                       "inlet plane at x = 0. Outflow leg: turns to +y, outer wall at x = 80 cm, inner wall at x = 60 cm, "
                       "outlet plane at y = 100 cm.")
    assert g.shape == "bend"
    assert g.dimensions["width"] == pytest.approx(0.2) and g.dimensions["inlet_length"] == pytest.approx(0.6)
    assert g.dimensions["outlet_length"] == pytest.approx(0.8) and g.origin == pytest.approx((0.6, 0.0))


@pytest.mark.parametrize("text", [
    "2D T-junction: main channel x 0..0.8, y 0..0.1; side branch 0.1 m wide, x 0.3..0.4, from y 0.1 up to y 0.5",
    "Tee, width 10 cm: straight run 80 cm long on y = 0..10 cm starting at the origin, perpendicular branch centred 35 cm "
    "from the inlet, 40 cm long upward from the main channel's top wall.",
])
def test_a_tees_branch_reach(text):
    d = parse_geometry(text).dimensions
    assert d["branch_length"] == pytest.approx(0.4) and d["branch_position"] == pytest.approx(0.35) and d["length"] == pytest.approx(0.8)


def test_sections_are_placed_by_a_section_end_a_centreline_and_a_floor():
    g = parse_geometry("Symmetric plane expansion: 1 cm high feed channel (5 cm long, centred on y = 2 cm, ending at x = 0) "
                       "into a 4 cm high test section 30 cm long, floor at y = 0.")
    assert g.dimensions["parts"] == [pytest.approx((-0.05, 0.0, 0.015, 0.025)), pytest.approx((0.0, 0.3, 0.0, 0.04))]


@pytest.mark.parametrize("text", [
    "axisymmetric conical diffuser (wedge), axis = x: inlet pipe R 0.03 m, x 0..0.1; cone R 0.03 -> 0.05 over x 0.1..0.3; "
    "outlet pipe R 0.05 to x = 0.6",
    "an axisymmetric conical diffuser: a straight pipe of 0.03 m radius from x = 0 to x = 0.1 m, then from x = 0.1 m to "
    "x = 0.3 m a cone to a radius of 0.05 m, and a straight pipe of 0.05 m radius to the outlet at x = 0.6 m",
    "2-D axisymmetric: a 60 mm bore pipe, 100 mm long, feeds a 200 mm long conical diffuser to 100 mm diameter, "
    "followed by 300 mm of 100 mm pipe",
])
def test_a_round_diffuser_by_radii_or_in_flow_order(text):
    g = parse_geometry(text)
    assert g.shape == "diffuser"
    d = g.dimensions
    assert (d["inlet_height"], d["outlet_height"]) == pytest.approx((0.06, 0.1))
    assert (d["upstream_length"], d["taper_length"], d["downstream_length"]) == pytest.approx((0.1, 0.2, 0.3))


@pytest.mark.parametrize("text", ["12 cells across the radius, about 4 mm axially", "roughly 4 mm axial spacing"])
def test_an_axial_spacing_is_a_cell_size(text):
    from tasks.geometry.text_mesh import cell_size

    assert cell_size(text) == pytest.approx(0.004)


@pytest.mark.parametrize("said", ["12 cells across the radius, about 4 mm axially", "twelve cells over the radius, roughly 4 mm "
                                                                                    "axial spacing"])
def test_a_round_diffusers_radial_count_beside_an_axial_size(said, tmp_path):
    from tasks.geometry.build import build_mesh

    g = parse_geometry("axisymmetric conical diffuser: inlet pipe D 48 mm, 100 mm long, a 100 mm long cone to D 80 mm, then "
                       f"300 mm of 80 mm pipe; {said}")
    assert g.dimensions["across_cells"] == 12 and g.mesh.cell_size == pytest.approx(0.004)
    assert build_mesh(g, tmp_path).n_cells == 125 * 12  # 25 + 25 + 75 along (4 mm), 12 across


@pytest.mark.parametrize("text, c", [
    ("evaporating layer, icoReactingMultiphaseInterFoam, the Lee model with a coefficient of 60 1/s; endTime 0.1 s", "60"),
    ("evaporating layer (icoReactingMultiphaseInterFoam): Lee phase change, rate coefficient 30 per second, activation "
     "temperature 370 K", "30"),
])
def test_a_lee_coefficient_said_by_meaning_goes_to_the_list_item(text, c):
    m = plan(text, TUTORIALS)
    assert _edits(m)[("constant/phaseProperties", "massTransferModel", "(liquid to gas)", "C")] == c
    assert not m.not_applied


def test_a_ratio_restating_the_members_values_is_taken_and_one_that_does_not_is_not():
    assert not plan("dsmcFoam freeSpacePeriodic; initialise N2 4e19 and O2 4e19 m^-3 (50/50)", TUTORIALS).not_applied
    m = plan("dsmcFoam freeSpacePeriodic; initialise N2 6e19 and O2 2e19 m^-3 (50/50)", TUTORIALS)
    assert [n.text for n in m.not_applied] == ["50/50"]


def test_the_record_holds_a_blocks_faces_and_a_unions_part_coordinates():
    from tasks.geometry.build import recorded_lengths

    lengths = {tuple(e): v for e, v in recorded_lengths({
        "dimensions": {"parts": [[-0.1, 0.0, 0.02, 0.04], [0.0, 0.4, 0.0, 0.06]]},
        "obstacles": [{"kind": "rectangle", "center": [0.1, 0.01], "width": 0.04, "height": 0.02}]})}
    assert lengths[("obstacles", "0", "faces", "x", "min")] == pytest.approx(0.08)
    assert lengths[("obstacles", "0", "faces", "x", "max")] == pytest.approx(0.12)
    assert lengths[("dimensions", "parts", "0", "y", "centre")] == pytest.approx(0.03)


def test_the_body_is_the_mention_with_a_size():
    g = parse_geometry("Cooling of an electronic component in a closed 2D box. The box is 0.3 m wide and 0.1 m high. A block 0.05 m "
                       "wide and 0.02 m high sits on the floor, from x = 0.1 m to x = 0.15 m.")
    (ob,) = g.obstacles
    assert ob.center == pytest.approx((0.125, 0.01))


def test_a_plate_hanging_in_a_room_with_openings_placed_by_its_faces():
    g = parse_geometry("laminar pimpleFoam: rectangular basin 300 cm by 100 cm (origin bottom-left), lid closed; a vertical "
                       "plate 5 cm thick hangs from the lid with its left face 80 cm from the inlet wall and its lower edge "
                       "30 cm above the floor; feed through the top 20 cm of the left wall at 2 cm/s, overflow through the "
                       "top 10 cm of the right wall; 2 cm cells")
    assert g.dimensions["solids"] == [pytest.approx((0.8, 0.85, 0.3, 1.0))]
    assert g.dimensions["inlet_span"] == pytest.approx((0.8, 1.0))


@pytest.mark.parametrize("text", [
    "2D channel 30 cm high from the origin, the floor ramps up linearly by 10 cm between x = 50 cm and x = 80 cm and stays "
    "10 cm up to the exit at x = 150 cm",
    "2D channel H = 0.3 m high, 5H long (x 0..1.5, origin lower-left); bottom wall rises linearly from (5H/3, 0) to "
    "(8H/3, H/3) and stays at H/3 to the exit",
])
def test_a_ramp_said_by_its_rise_or_its_end_points(text):
    g = parse_geometry(text)
    assert g.shape == "polygon_domain"
    assert g.dimensions["vertices"][:4] == [pytest.approx(p) for p in [(0, 0), (0.5, 0), (0.8, 0.1), (1.5, 0.1)]]


def test_a_variant_said_not_to_be_used_is_not_chosen():
    from tasks.plan.mesh_files import script_variant

    base = TUTORIALS / "compressible/rhoPimpleFoam/laminar/helmholtzResonance"
    assert script_variant(base, "the Helmholtz resonator with the plenum part of the mesh (resolved), not the one where "
                                "it is modelled by a boundary condition")[0] == "resolved"
    assert script_variant(base, "the plenum modelled by a boundary condition rather than resolved")[0] == "modelled"


def test_a_rooms_duct_near_the_ceiling_is_no_ceiling_profile():
    g = parse_geometry("A 2D section through a room, 5 m wide and 3 m high, floor at y = 0 and left wall at x = 0. Air comes "
                       "in through a short supply duct on the left wall near the ceiling: the duct is 0.2 m high (from y = "
                       "2.7 to 2.9 m) and 0.5 m long, so it goes from x = -0.5 to 0. The air leaves through an extract duct "
                       "on the right wall close to the floor, 0.3 m high (y = 0.1 to 0.4 m), also 0.5 m long (x = 5 to 5.5 m).")
    assert g.shape == "rectilinear"
    assert sorted(g.dimensions["parts"]) == [pytest.approx(p) for p in
                                             [(-0.5, 0.0, 2.7, 2.9), (0.0, 5.0, 0.0, 3.0), (5.0, 5.5, 0.1, 0.4)]]


@pytest.mark.parametrize("text", [
    "2D channel x 0..0.8 m, flat top wall y = 0.1 m; bottom wall y = 0 except 0.2 <= x <= 0.6 where "
    "y = 0.01*(1 - cos(2*pi*(x - 0.2)/0.1)); 2.5 mm cells",
    "a 80 cm long, 10 cm high 2D channel from the origin whose floor carries four cosine waves between x = 20 cm and x = "
    "60 cm (floor y = 1 cm * (1 - cos(2 pi (x - 20 cm)/10 cm)), flat elsewhere); 2.5 mm cells",
    "Steady laminar flow over a wavy wall in a 2D channel:\n\n| item | value |\n|---|---|\n| channel length (x) | 800 mm |\n"
    "| top wall | flat, y = 100 mm |\n| bottom wall, 200 to 600 mm | y = 10 mm * (1 - cos(2 pi (x - 200 mm) / 100 mm)) |\n"
    "| cell size | 2.5 mm |\n",
])
def test_a_wavy_floor_by_a_formula_with_or_without_units(text):
    g = parse_geometry(text)
    assert g.shape == "polygon_domain" and g.mesh.cell_size == pytest.approx(0.0025)
    v = g.dimensions["vertices"]
    assert v[0] == pytest.approx((0, 0)) and v[1] == pytest.approx((0.2, 0)) and (0.8, 0.1) in [pytest.approx(p) for p in v]


def test_a_curved_walls_crest_height_is_recorded(tmp_path):
    from tasks.geometry.build import build_mesh, geometry_record, recorded_lengths

    g = parse_geometry("2D channel x 0..0.6 m, flat top wall y = 0.1 m; bottom wall y = 0 except 0.15 <= x <= 0.45 where "
                       "y = 0.01*(1 - cos(2*pi*(x - 0.15)/0.1)); 5 mm cells")
    lengths = {tuple(e): v for e, v in recorded_lengths(geometry_record(g, build_mesh(g, tmp_path)))}
    assert lengths[("dimensions", "curves", "0", "max")] == pytest.approx(0.02, rel=1e-3)


def test_a_run_shortened_below_its_write_interval_still_writes_its_end():
    edits = _edits(plan("periodicCubeArgon with mdEquilibrationFoam: equilibrate at 150 K, stop after 0.4 ps", TUTORIALS))
    assert float(edits[("system/controlDict", "writeInterval")]) == pytest.approx(4e-13)
    kept = _edits(plan("periodicCubeArgon with mdEquilibrationFoam: stop after 0.4 ps, write every 0.1 ps", TUTORIALS))
    assert float(kept[("system/controlDict", "writeInterval")]) == pytest.approx(1e-13)


def test_modify_keeps_the_end_of_a_shortened_run_written(tmp_path):
    from tasks.edit.modify import plan_changes
    from tasks.edit.modify_state import read_state

    case = tmp_path / "argon"
    shutil.copytree(TUTORIALS / _ARGON, case)
    plan = plan_changes(read_state(case), "equilibrate the argon at 250 K and stop after 0.3 ps")
    values = {tuple(e.entry): e.value for e in plan.edits if e.file == "system/controlDict"}
    assert float(values[("endTime",)]) == pytest.approx(3e-13) and float(values[("writeInterval",)]) == pytest.approx(3e-13)


def test_a_hanging_baffle_said_to_go_down_until_a_level():
    g = parse_geometry("2D tank 3 m long and 1 m deep, origin bottom left, closed top. Water comes in through an opening in "
                       "the left wall between y = 0.7 m and y = 1.0 m and goes out through an opening in the right wall "
                       "between y = 0.8 m and 1.0 m. One baffle hangs from the top: it is 50 mm thick, between x = 1.0 m and "
                       "x = 1.05 m, and it goes down until y = 0.3 m.")
    assert g.dimensions["solids"] == [pytest.approx((1.0, 1.05, 0.3, 1.0))]


@pytest.mark.parametrize("text", [
    "Setup for a 180-degree turn (hairpin) channel, 2D:\n- overall box: 800 mm long (x) and 100 mm high (y), origin at the "
    "lower left corner\n- a straight divider wall, 10 mm thick, on the centreline (y = 45 to 55 mm), attached to the left "
    "end (x = 0) and ending at x = 700 mm\n- inlet: the left end of the lower leg (x = 0, y = 0 to 45 mm)\n- outlet: the "
    "left end of the upper leg (x = 0, y = 55 to 100 mm)",
    "air through a U-bend made of a 0.8 m x 0.1 m rectangle (corner at the origin) split along y = 0.05 m by a 1 cm thick "
    "partition that runs from the left end (x = 0) to x = 0.7 m; fluid enters the lower passage and leaves the upper one, "
    "both at x = 0",
])
def test_a_hairpin_divider_with_its_legs_openings_by_ranges(text):
    g = parse_geometry(text)
    assert g.shape == "channel_with_obstacles" and g.dimensions["u_turn"] == "left"
    assert (g.dimensions["length"], g.dimensions["height"]) == pytest.approx((0.8, 0.1))
    (ob,) = g.obstacles
    assert ob.center == pytest.approx((0.35, 0.05)) and (ob.width, ob.height) == pytest.approx((0.7, 0.01))


def test_an_air_filled_cavity_has_no_solid_corner():
    g = parse_geometry("2D: a square air-filled cavity of 100 mm x 100 mm with its lower left corner at the origin; left wall "
                       "hot, right wall cold. A thin partition stands on the floor in the middle: it is 4 mm thick (from "
                       "x = 48 mm to x = 52 mm) and 40 mm high.")
    (ob,) = g.obstacles
    assert ob.center == pytest.approx((0.05, 0.02)) and (ob.width, ob.height) == pytest.approx((0.004, 0.04))


def test_a_count_across_a_channel_said_high_is_across_and_no_count_undoes_a_stated_cell_size(tmp_path):
    from tasks.plan.controls_axis import count_axis

    low = "2d channel 1 m long and 0.1 m high, icofoam, 5 mm cells along x, 40 cells across the channel"
    at = low.index("40 cells")
    assert count_axis(low, at, at + 8, 1, [1.0, 0.1, 0.005], set()) == 1  # "0.1 m high" is a size, no count's direction
    from tasks.core.config import load_settings
    from tasks.edit.generate import choose_plan
    from tasks.plan.manifest import CaseRequest

    m = choose_plan(CaseRequest(text="2D channel 1 m long and 0.1 m high, icoFoam, inlet 1 m/s, nu 1e-3, 5 mm cells, "
                                     "7 cells along x, end time 1 s", out_dir=tmp_path / "c"), load_settings(llm_planner="off"))
    assert any(n.text == "7 cells" and "contradicts the cell size" in n.reason for n in m.not_applied)


@pytest.mark.parametrize("text", [
    "a square cylinder of side 25 mm in a 2D channel 500 mm long and 200 mm high, origin at the lower left corner. The centre "
    "of the cylinder is at x = 150 mm, y = 100 mm. A thin splitter plate is attached to the middle of its rear face; it is "
    "50 mm long and 5 mm thick.",
    "Square prism of 25 mm side with a rigid splitter plate (50 mm long, 5 mm thick, attached to the rear face), prism "
    "centred 150 mm downstream of the inlet at mid-height of a 500 mm x 200 mm 2D channel whose lower left corner is the "
    "origin; 2.5 mm cells",
    "2D channel with a square cylinder and an attached splitter plate. D = 25 mm; origin at the lower left corner of the "
    "channel. Channel 20 D long, 8 D high; cylinder centre (6 D, 4 D); plate on the centreline from the rear face, 2 D "
    "long, 0.2 D thick.",
])
def test_a_square_cylinder_with_its_splitter_plate(text):
    g = parse_geometry(text)
    body, plate = g.obstacles
    assert body.center == pytest.approx((0.15, 0.1)) and body.width == pytest.approx(0.025)
    assert plate.center == pytest.approx((0.1875, 0.1)) and (plate.width, plate.height) == pytest.approx((0.05, 0.005))


@pytest.mark.parametrize("text", [
    "Laminar flow round a right-angle bend in a 10 cm wide 2D channel. Coordinates in cm with the bend centre at the origin: "
    "inlet leg from x = -40 to 0 between y = 15 and 25, quarter-circle bend with walls of radius 15 and 25 cm, outlet leg "
    "between x = 15 and 25 from y = 0 down to -40.",
    "A two-dimensional 90 degree bend, channel width W = 0.1 m. The centre of curvature of the bend is the origin. The fluid "
    "comes in through a straight leg 4 W long running in +x, lying between y = 1.5 W and y = 2.5 W and ending at x = 0; "
    "there the channel turns clockwise around the origin (inner wall radius 1.5 W, outer wall radius 2.5 W) and leaves "
    "through a straight leg 4 W long running in -y, between x = 1.5 W and x = 2.5 W.",
])
def test_a_curved_bend_by_its_radii_pair_its_legs_runs_and_its_centre(text):
    g = parse_geometry(text)
    d = g.dimensions
    assert g.shape == "bend" and d["turn"] == "right" and g.origin == pytest.approx((0, 0))
    assert (d["width"], d["inner_radius"], d["inlet_length"]) == pytest.approx((0.1, 0.15, 0.4))


def test_a_heater_in_a_closed_enclosure_is_a_heated_body():
    g = parse_geometry("A two-dimensional square enclosure of side 200 mm (lower left corner at the origin) contains a solid "
                       "square heater of side 40 mm placed in its centre, at (100 mm, 100 mm). The heater is held at 50 degC "
                       "and the vertical walls at 20 degC.")
    assert g.dimensions["closed"] and (g.dimensions["length"], g.dimensions["height"]) == pytest.approx((0.2, 0.2))
    (ob,) = g.obstacles
    assert ob.center == pytest.approx((0.1, 0.1)) and ob.width == pytest.approx(0.04)


@pytest.mark.parametrize("text", [
    "TJunctionFan, pimpleFoam; fan jump 30 m2/s2 (constant); endTime 0.2 s",
    "the T-junction with the fan (pimpleFoam): the fan gives a constant kinematic pressure jump of 30 m^2/s^2, independent "
    "of the flow rate; run 0.2 s",
    "TJunctionFan (pimpleFoam): pressures in J/kg (kinematic): 35 total at the inlet, 4 at the top outlet, 0 at the bottom "
    "one; the fan adds a flat 30 J/kg jump.",
])
def test_a_fans_jump_is_its_jump_table(text):
    m = plan(text, TUTORIALS)
    edits = _edits(m)
    path = ("system/createBafflesDict", "baffles", "cyclicFaces", "patchPairs", "patchFields", "p")
    assert edits[(*path, "jumpTable")] == "polynomial 1((30 0))" and edits[(*path, "jump")] == "uniform 30"
    assert not any("ambient" in e.reason for e in m.edits) and not m.not_applied


def test_a_header_unit_goes_to_each_listed_number():
    from tasks.plan.values_headers import unit_headers

    said = unit_headers("pressures in J/kg (kinematic): 35 total at the inlet, 4 at the top outlet, 0 at the bottom one")
    assert said == "pressures: 35 J/kg total at the inlet, 4 J/kg at the top outlet, 0 J/kg at the bottom one"
    assert unit_headers("velocities in m/s: 2 at the inlet, 3 cells") == "velocities: 2 m/s at the inlet, 3 cells"


def test_without_a_turbulence_model_is_laminar():
    from tasks.plan.select_described import turbulence_left_out

    assert turbulence_left_out(" the solver is pimplefoam without a turbulence model the grid ")
    assert turbulence_left_out(" run it without any turbulence model ")


def test_a_sampled_crests_height_and_place(tmp_path):
    from tasks.geometry.build import build_mesh, geometry_record, recorded_lengths

    g = parse_geometry("2D channel x 0..0.8 m, flat top wall y = 0.1 m; bottom wall y = 0 except 0.2 <= x <= 0.6 where "
                       "y = 0.005*(1 - cos(2*pi*(x - 0.2)/0.1)); 2.5 mm cells")
    lengths = {tuple(e): v for e, v in recorded_lengths(geometry_record(g, build_mesh(g, tmp_path)))}
    assert lengths[("dimensions", "curves", "0", "amplitude")] == pytest.approx(0.005, rel=1e-4)
    assert lengths[("dimensions", "curves", "0", "crest", "0")] == pytest.approx(0.25, rel=1e-5)


@pytest.mark.parametrize("text", [
    "A 2D duct symmetric about the x axis, both halves meshed. The inlet duct is 30 mm high (y from -15 to 15 mm) and runs "
    "from x = 0 to x = 100 mm. At x = 100 mm the height steps up suddenly to 60 mm (y -30 to 30 mm) and stays so until "
    "x = 250 mm, where it steps up again to 90 mm (y -45 to 45 mm) and continues to the outlet at x = 600 mm.",
    "a two-stage sudden-expansion duct, 2D: heights 3 cm, then 6 cm, then 9 cm, the three sections 10 cm, 15 cm and 35 cm "
    "long, all centred on y = 0 with the inlet plane at x = 0",
])
def test_three_sections_said_in_prose_or_lists(text):
    g = parse_geometry(text)
    assert g.shape == "rectilinear"
    assert g.dimensions["parts"] == [pytest.approx(p) for p in
                                     [(0, 0.1, -0.015, 0.015), (0.1, 0.25, -0.03, 0.03), (0.25, 0.6, -0.045, 0.045)]]


def test_a_jets_exit_is_no_outlet_and_a_side_said_to_be_the_outlet_is():
    g = parse_geometry("a laminar 2D plane jet entering a square box of 500 mm by 500 mm. Put the origin at the centre of the "
                       "jet exit on the left wall of the box, so the box spans x = 0 to 500 mm and y = -250 to 250 mm. The jet "
                       "comes through a straight slot 20 mm wide and 100 mm long attached to the left wall, so the slot runs "
                       "from x = -100 mm to 0 and y = -10 to 10 mm. The whole right side of the box (x = 500 mm) is an open "
                       "outlet. Quarter-inch square cells.")
    assert g.dimensions.get("outlet_side") == "right" and g.mesh.cell_size == pytest.approx(0.00635)


def test_a_count_said_with_the_length_it_spans_and_one_cell_in_the_third_direction():
    m = plan("solid melting 2D tutorial with icoReactingMultiphaseInterFoam; mesh: 40 cells across the 8.89 cm width, 30 "
             "over the 6.35 cm height (one cell in the third direction); 10 s", TUTORIALS)
    blocks = _edits(m)[("system/blockMeshDict", "blocks")]
    assert "(1 40 30)" in blocks and not m.not_applied
    assert not any(q.role == "fill_fraction" for q in read_stated("one cell in the third direction"))


def test_the_quarter_chord_is_a_point_not_a_fraction():
    assert not any(q.role == "fill_fraction" for q in read_stated("a far field of radius 3 m about the quarter chord (0.05, 0)"))


def test_a_chord_multiple_restating_a_length_is_no_temperature():
    said = read_stated("NACA 0012, chord 0.2 m; circular far field of radius 3 m (15 c) about the quarter chord")
    assert [q.role for q in said] == ["geometry", "geometry"]
    assert [q.role for q in read_stated("air at 15 c, chord 0.2 m")][0].endswith("temperature")
