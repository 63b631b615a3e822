"""Where the shape library puts things the words describe: which wall of a heated cavity is hot
(side-heated or heated from below), the size and place of rectangular obstacles, cell counts given
over a 3D duct's cross-section, and the geometry record the verifier reads stated lengths back from."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tasks.core.errors import RequestError
from tasks.edit.verify import verify_stated
from tasks.geometry.build import build_mesh, geometry_record, recorded_lengths
from tasks.geometry.spec import make_spec
from tasks.geometry.structured import build_structured
from tasks.geometry.text import hot_side, obstacles, parse_geometry, section_cells
from tasks.plan.stated import StatedQuantity

# --- heated walls ---------------------------------------------------------------------------

@pytest.mark.parametrize("text, side", [
    ("Benard convection in a 30 cm by 6 cm slot, floor at 330 K and ceiling at 320 K", "bottom"),
    ("a shallow enclosure heated from below, lid kept cold", "bottom"),
    ("rayleigh-benard cell 0.4 x 0.1 m", "bottom"),
    ("an enclosure with a warm base and a chilled roof", "bottom"),
    ("a cavity whose upper wall sits at 50 degC and whose lower wall at 20 degC", "top"),
    ("heated from above: a stably stratified box", "top"),
    ("the right wall is heated, the left one cooled", "right"),
    ("the hot wall on the right and the cold wall on the left", "right"),
    ("a lid kept cold over a heated square enclosure", "bottom"),
    ("left side at 280 K, right side at 295 K", "right"),
    ("left wall 315 K, right wall 290 K, top and bottom insulated", "left"),
    ("a natural convection cavity, 5 cm square", None),
])
def test_hot_side_follows_the_words_and_the_temperatures(text, side):
    assert hot_side(text) == side


def _wall_ys(build, patch):
    """The y of every vertex on a patch's faces (2D cavities: bottom is y 0, top is y = height)."""
    model = build.model
    return {round(model.vertices[v][1], 9) for face in model.patches[patch] for v in face}


def test_cavity_heated_from_below_has_hot_floor_cold_top_and_adiabatic_sides():
    spec = parse_geometry("Rayleigh-Benard flow in a 2D box 0.3 m wide and 0.06 m high, "
                          "lower plate at 305 K, upper plate at 295 K, 60 x 12 cells")
    assert spec.shape == "heated_cavity" and spec.dims.hot_wall == "bottom"
    built = build_structured(spec)
    assert _wall_ys(built, "floor") == {0.0}
    assert _wall_ys(built, "ceiling") == {0.06}
    assert {round(built.model.vertices[v][0], 9) for f in built.model.patches["leftWall"] for v in f} == {0.0}
    assert {round(built.model.vertices[v][0], 9) for f in built.model.patches["rightWall"] for v in f} == {0.3}
    assert built.roles["floor"] == "hot_wall" and built.roles["ceiling"] == "cold_wall"
    assert built.roles["leftWall"] == built.roles["rightWall"] == "wall"
    assert any("hot wall at the bottom (floor)" in a and "gravity along -y" in a for a in built.assumptions)


def test_side_heated_cavity_keeps_the_hot_wall_on_the_side_named():
    left = build_structured(parse_geometry("heated square cavity 8 cm, left wall 310 K, right wall 300 K"))
    right = build_structured(parse_geometry("heated square cavity 8 cm, left wall 300 K, right wall 310 K"))
    for built, hot in ((left, "leftWall"), (right, "rightWall")):
        assert built.roles[hot] == "hot_wall"
    assert {round(left.model.vertices[v][0], 9) for f in left.model.patches["leftWall"] for v in f} == {0.0}


def test_a_cavity_with_facing_walls_at_two_temperatures_is_heated():
    spec = parse_geometry("a square cavity 0.2 m, the floor at 35 degC and the lid at 15 degC")
    assert spec.shape == "heated_cavity" and spec.dims.hot_wall == "bottom"
    assert (spec.dims.width, spec.dims.height) == (0.2, 0.2)
    assert parse_geometry("lid-driven square cavity of side 0.2 m, lid 1 m/s, water at 290 K").shape == \
        "lid_driven_cavity"


# --- obstacles --------------------------------------------------------------------------------

@pytest.mark.parametrize("text, body", [
    ("a channel 3 x 0.6 m with a square block of side 0.12 m centred at (1, 0.3)",
     {"kind": "square", "center": (1.0, 0.3), "width": 0.12}),
    ("a 2D channel 3 m long and 0.6 m high holding a square of 12 cm side centred at (1, 0.3)",
     {"kind": "square", "center": (1.0, 0.3), "width": 0.12}),
    ("laminar flow past a 6 cm square cylinder centred at (0.7, 0.25) in a 2.5 m by 0.5 m channel",
     {"kind": "square", "center": (0.7, 0.25), "width": 0.06}),
    ("channel 4 x 0.8 m containing a rectangular obstacle 0.3 m by 0.1 m placed at (1.5, 0.4)",
     {"kind": "rectangle", "center": (1.5, 0.4), "width": 0.3, "height": 0.1}),
    ("channel 4 x 0.8 m with a rectangular block 25 cm wide and 5 cm high located at (1.5, 0.4)",
     {"kind": "rectangle", "center": (1.5, 0.4), "width": 0.25, "height": 0.05}),
    ("a channel 2.5 m long and 0.5 m high; a square block with 7 cm sides sits at x = 0.6 m, y = 0.25 m",
     {"kind": "square", "center": (0.6, 0.25), "width": 0.07}),
    ("an 8 cm square block centred at x = 0.5 m at mid-height of a 2.5 m by 0.5 m channel",
     {"kind": "square", "center": (0.5, 0.25), "width": 0.08}),
    ("a rectangular obstacle 0.3 m by 0.04 m at x = 1.2 m, 0.2 m above the bottom wall, in a channel 4 m long "
     "and 0.5 m high", {"kind": "rectangle", "center": (1.2, 0.2), "width": 0.3, "height": 0.04}),
])
def test_rectangular_obstacles_take_their_own_size_not_the_channels(text, body):
    spec = parse_geometry(text)
    assert spec.shape == "channel_with_obstacles"
    assert spec.obstacles[0].width < spec.dims.length and spec.obstacles[0].height < spec.dims.height
    got = spec.obstacles[0].model_dump(exclude_none=True)
    body = {**body, "height": body.get("height", body["width"])}
    assert got["kind"] == body["kind"] and got["center"] == pytest.approx(body["center"])
    assert (got["width"], got["height"]) == pytest.approx((body["width"], body["height"]))


def test_round_and_square_bodies_in_one_channel():
    found = obstacles("a channel 3 m long and 0.5 m high with an 8 cm diameter cylinder at (0.6, 0.25) "
                      "and a square obstacle of side 4 cm at (1.5, 0.25)", 0.5)
    assert [(b["kind"], b.get("diameter") or b.get("width")) for b in found] == \
        [("circle", pytest.approx(0.08)), ("square", pytest.approx(0.04))]


# --- cells over a cross-section ---------------------------------------------------------------

@pytest.mark.parametrize("text, counts", [
    ("a 3D duct meshed with 80 cells along the duct and 8 by 8 over the cross-section", [80, 8, 8]),
    ("12 x 6 cells in the cross-section, 90 along the length", [90, 12, 6]),
    ("six by six cells over the section and forty cells in x", [40, 6, 6]),
    ("8 by 8 cells over the cross-section", [8, 8]),
    ("a 60 x 8 x 8 mesh", None),
])
def test_section_cells(text, counts):
    assert section_cells(text) == counts


def test_section_counts_go_to_y_and_z_of_a_duct():
    spec = parse_geometry("a square duct 2 m long, section 0.2 x 0.2 m, 6 x 6 cells over the cross-section, "
                          "30 cells along x")
    assert spec.two_d is False and spec.mesh.over_section
    assert [b["cells"] for b in build_structured(spec).model.blocks] == [[30, 6, 6]]
    only = build_structured(parse_geometry("a 3D duct 1.2 m long with a 0.1 x 0.1 m section, 5 x 5 cells over "
                                           "the section"))
    assert [b["cells"] for b in only.model.blocks] == [[60, 5, 5]]  # x cells as long as the section's are high
    assert any("along x, for cells as long as they are high" in a for a in only.assumptions)


def test_two_counts_for_a_3d_duct_are_flagged_and_section_counts_refused_in_2d():
    flagged = build_structured(parse_geometry("3D duct 1 m long, section 0.1 x 0.1 m, 30 x 6 cells"))
    assert any("Two cell counts for a 3D channel" in a for a in flagged.assumptions)
    with pytest.raises(RequestError, match="cross-section apply to a 3D duct or box"):
        parse_geometry("a 2D channel 1 m x 0.1 m, 6 by 6 cells over the cross-section")


# --- the geometry record and the verifier ------------------------------------------------------

def _length(text: str, metres: float) -> StatedQuantity:
    return StatedQuantity(text=text, quantity="length", value=metres, unit="m", role="geometry")


def test_stated_obstacle_lengths_are_verified_from_the_geometry_record(tmp_path):
    spec = make_spec(shape="channel_with_obstacles", dimensions={"length": 1.5, "height": 0.3},
                     obstacles=[{"kind": "rectangle", "center": (0.4, 0.15), "width": 0.08, "height": 0.04}],
                     mesh={"resolution": "coarse"})
    record = geometry_record(spec, build_mesh(spec, tmp_path))
    assert record["bounds"]["x"] == pytest.approx([0.0, 1.5]) and "z" not in record["bounds"]
    (tmp_path / ".casewright").mkdir()
    (tmp_path / ".casewright/geometry.json").write_text(json.dumps(record))
    stated = [_length("8 cm", 0.08), _length("4 cm", 0.04), _length("40 cm", 0.4), _length("1.5 m", 1.5),
              _length("6 cm", 0.06)]
    checked, missing = verify_stated(tmp_path, stated, [])
    assert [q.entry for q in checked[:4]] == [["obstacles", "0", "width"], ["obstacles", "0", "height"],
                                               ["obstacles", "0", "center", "x"], ["dimensions", "length"]]
    assert [m.text for m in missing] == ["6 cm"]  # a length the built mesh does not have stays not applied


def test_recorded_lengths_skip_angles_and_add_radii():
    record = {"dimensions": {"diameter": 0.06, "length": 2.0, "wedge_angle": 5.0},
              "bounds": {"x": [0.0, 2.0], "y": [-0.03, 0.03]}}
    lengths = {tuple(k): v for k, v in recorded_lengths(record)}
    assert lengths[("dimensions", "radius")] == pytest.approx(0.03)
    assert lengths[("bounds", "y", "extent")] == pytest.approx(0.06)
    assert ("dimensions", "wedge_angle") not in lengths


def test_section_cells_are_verified_on_the_blocks(tmp_path):
    spec = parse_geometry("a square duct 1 m long, section 0.1 x 0.1 m, 40 cells along x and 4 by 4 over the "
                          "cross-section")
    build = build_mesh(spec, tmp_path)
    (tmp_path / ".casewright").mkdir()
    (tmp_path / ".casewright/geometry.json").write_text(json.dumps(geometry_record(spec, build)))
    cells = StatedQuantity(text="4 by 4", quantity="cells", value=16, role="mesh_cells", dims=[4, 4])
    other = StatedQuantity(text="5 by 5", quantity="cells", value=25, role="mesh_cells", dims=[5, 5])
    checked, missing = verify_stated(tmp_path, [cells, other], [])
    assert checked[0].verified and [m.text for m in missing] == ["5 by 5"]


# --- the library's plan ------------------------------------------------------------------------

def _plan(text: str):
    from tasks.core.config import get_settings
    from tasks.edit.parametric import plan_geometry

    return plan_geometry(text, get_settings().tutorials_dir, parse_geometry(text))


def test_boussinesq_setup_puts_the_side_named_temperatures_on_the_heated_walls():
    manifest = _plan("Rayleigh-Benard convection, buoyantBoussinesqPimpleFoam laminar, in a 2D box 0.24 m wide and "
                     "0.04 m high, bottom plate at 318 K, top plate at 302 K, 48 x 8 cells, endTime 5 s")
    scratch = Path(manifest.base_tutorial)
    t = (scratch / "0/T").read_text()
    assert "floor" in t and "uniform 318" in t and "uniform 302" in t
    assert "TRef = 310 K" in " ".join(manifest.assumptions)
    assert "(0 -9.81 0)" in (scratch / "constant/g").read_text()


def test_the_omega_of_k_omega_is_a_model_name_not_a_relaxation_factor():
    manifest = _plan("a 3D round pipe 0.03 m in diameter and 0.6 m long along x from the origin, simpleFoam "
                     "with k-omega SST for air entering at 4 m/s, cells of about 3 mm, 100 iterations")
    bound = {b.stated: (b.file, b.entry) for b in manifest.bindings}
    assert bound["4 m/s"][0] == "0/U"


def test_cell_counts_per_direction_stay_as_the_library_meshed_them():
    manifest = _plan("a lid-driven cavity 0.05 m wide in x and 0.15 m high in y, icoFoam, lid 0.2 m/s, nu 1e-4, "
                     "with 10 cells across and 30 cells in the vertical direction")
    blocks = (Path(manifest.base_tutorial) / "system/blockMeshDict").read_text()
    assert "(10 30 1)" in blocks
