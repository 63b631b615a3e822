"""Shapes described part by part: coordinate ranges, tables of parts, sections of a nozzle or stepped pipe, a "throat"
that is the outlet duct, and cell counts or sizes given per part. Probes with their own dimensions, three phrasings
each (terse ranges, verbose prose or a table, other units and words); each is built and, where blockMesh is
installed, meshed and checked."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from tasks.geometry.build import build_mesh
from tasks.geometry.quality import parse_check_mesh
from tasks.geometry.text import parse_geometry
from tasks.geometry.text_part_cells import part_cells, part_count_key, part_size_key
from tasks.geometry.text_parts import nozzle_parts, pipe_parts, said_dimension, table_ranges, throat_as_end
from tasks.geometry.text_shared_unit import shared_units
from tasks.plan.request import check_request_text
from tests.unit.native_foam import run_foam as _run

TEE = dict(length=0.8, width=0.12, branch_width=0.1, branch_position=0.55, branch_length=0.4)
NOZZLE = dict(inlet_height=0.24, outlet_height=0.08, upstream_length=0.2, taper_length=0.3, downstream_length=0.4)
DIFFUSER = dict(inlet_height=0.08, outlet_height=0.24, upstream_length=0.2, taper_length=0.3, downstream_length=0.4)
EXPANSION = dict(axisymmetric=True, inlet_height=0.02, outlet_height=0.04, upstream_length=0.1, downstream_length=0.4,
                 upstream_cells=20, downstream_cells=80, across_cells=20)
CONTRACTION = dict(axisymmetric=True, inlet_height=0.06, outlet_height=0.03, upstream_length=0.15, downstream_length=0.3,
                   upstream_cells=30, downstream_cells=60, across_cells=30)
STEP = dict(height=0.05, step_height=0.02, upstream_length=0.1, downstream_length=0.5)

# (name, request, shape, dimensions expected, origin expected or None)
PROBES = [
    ("tee ranges", "2D T-junction, laminar: main channel x 0..0.8 m, y 0..0.12 m; side branch 0.1 m wide (x 0.5..0.6) "
                   "going up from y = 0.12 to y = 0.52. Inlet 0.3 m/s at the left.", "t_junction", TEE, (0.0, 0.0)),
    ("tee table", "T-junction geometry:\n| part | x range (m) | y range (m) |\n|---|---|---|\n| main run | 0 to 0.8 | 0 to 0.12 |\n"
                  "| branch | 0.5 to 0.6 | 0.12 to 0.52 |\nInlet 0.3 m/s on the left, nu 1e-5.", "t_junction", TEE, (0.0, 0.0)),
    ("tee table mm one line", "Tee junction in 2D. | part | x (mm) | y (mm) | | main duct | 0 to 800 | 0 to 120 | "
                              "| side branch | 500 to 600 | 120 to 520 | Water in at 0.3 m/s from the left.", "t_junction", TEE, None),
    ("tee prose cm", "I would like to model a tee: a 12 cm wide straight run 80 cm long, with a 10 cm wide branch leaving "
                     "its upper wall at right angles, branch centre 55 cm from the inlet, branch 40 cm long.", "t_junction",
     TEE, None),
    ("nozzle ranges", "2D nozzle: inlet duct x 0..0.2 y 0..0.24, straight converging walls x 0.2..0.5 to y 0.08..0.16, "
                      "outlet duct x 0.5..0.9 y 0.08..0.16. Inlet 1 m/s.", "nozzle", NOZZLE, (0.0, 0.12)),
    ("nozzle ranges centred", "nozzle 2D, inlet x 0..0.2 m y -0.12..0.12 m; contraction x 0.2..0.5 m; outlet x 0.5..0.9 m, "
                              "y -0.04..0.04 m. U 1 m/s", "nozzle", NOZZLE, None),
    ("nozzle throat is the outlet", "Model a 2D contraction: a 240 mm tall inlet section 200 mm long, contracting with "
                                    "straight walls over 300 mm down to a 80 mm tall throat section centred at mid-height "
                                    "and 400 mm long. Air at 1 m/s.", "nozzle", NOZZLE, None),
    ("nozzle ratio and throat in cm", "A converging channel of 3:1 contraction ratio: inlet 24 cm high and 20 cm long, "
                                      "converging section 30 cm long, then a throat 8 cm high and 40 cm long.", "nozzle",
     NOZZLE, None),
    ("nozzle contraction ratio", "2D contraction 3:1, inlet height 0.24 m, inlet duct 0.2 m long, converging section 0.3 m "
                                 "long, outlet duct 0.4 m long. Inlet 1 m/s.", "nozzle", NOZZLE, None),
    ("diffuser ranges", "2D diffuser: inlet duct x 0..0.2 y 0.08..0.16, straight diverging walls x 0.2..0.5 to y 0..0.24, "
                        "outlet duct x 0.5..0.9 y 0..0.24. Inlet 1 m/s.", "diffuser", DIFFUSER, (0.0, 0.12)),
    ("diffuser table", "diffuser 2D: | section | x range (m) | y range (m) |\n| inlet duct | 0 to 0.2 | 0.08 to 0.16 |\n"
                       "| diverging part | 0.2 to 0.5 | 0 to 0.24 |\n| outlet duct | 0.5 to 0.9 | 0 to 0.24 |\ninlet velocity 2 m/s",
     "diffuser", DIFFUSER, (0.0, 0.12)),
    ("diffuser prose mm", "Please set up a planar diffuser. The flow enters through a straight inlet duct that runs from "
                          "x = 0 to x = 200 mm and spans y = 80 mm to y = 160 mm; the walls then diverge linearly between "
                          "x = 200 mm and x = 500 mm; the outlet duct spans x = 500 mm to 900 mm and y = 0 to 240 mm.",
     "diffuser", DIFFUSER, (0.0, 0.12)),
    ("pipe D ranges, cells per part", "Axisymmetric laminar pipe expansion (wedge): D 0.02 m for x 0..0.1 then D 0.04 m for "
                                      "x 0.1..0.5. Cells 20 x 10 (small pipe) and 80 x 20 (large pipe). Inlet 0.1 m/s.",
     "sudden_expansion", EXPANSION, (0.1, 0.0)),
    ("pipe bores, counts in words", "Axisymmetric pipe: 20 mm bore for the first 100 mm, then an abrupt step out to 40 mm "
                                    "bore for the remaining 400 mm. Mesh 20 along and 10 across the radius of the small "
                                    "pipe, and 80 along and 20 across the radius of the large pipe.", "sudden_expansion",
     EXPANSION, None),
    ("pipe d and D in cm", "Sudden expansion in a round pipe (axisymmetric): d = 2 cm over the first 10 cm, then D = 4 cm "
                           "for 40 cm; 20 cells along and 10 cells across the radius of the small pipe, 80 cells along "
                           "and 20 across the radius of the large pipe.", "sudden_expansion", EXPANSION, None),
    ("pipe table", "stepped pipe (axisymmetric), expansion: | section | diameter (mm) | length (mm) | | small | 20 | 100 | "
                   "| large | 40 | 400 | inlet 0.1 m/s. Cells 20 x 10 (small pipe) and 80 x 20 (large pipe).",
     "sudden_expansion", EXPANSION, None),
    ("contraction radii, sizes per direction", "Wedge model of a sudden pipe contraction: radius 30 mm for x from 0 to "
                                               "150 mm, then radius 15 mm from 150 mm to 450 mm; radial cell size 1 mm "
                                               "everywhere, axial 5 mm.", "sudden_contraction", CONTRACTION, (0.15, 0.0)),
    ("contraction diameters by x", "pipe contraction, axisymmetric wedge: 60 mm diameter from x = 0 to 150 mm then 30 mm "
                                   "diameter from x = 150 to 450 mm. axial cell size 5 mm, radial 1 mm.",
     "sudden_contraction", CONTRACTION, (0.15, 0.0)),
    ("step ranges", "Backward-facing step: inlet channel x -0.1..0 m, y 0.02..0.05 m; downstream channel x 0..0.5 m, "
                    "y 0..0.05 m. Inlet 1 m/s.", "backward_step", STEP, None),
    ("step table", "Backward facing step made of two parts: | part | x (m) | y (m) | | inlet channel | -0.1 to 0 | "
                   "0.02 to 0.05 | | main channel | 0 to 0.5 | 0 to 0.05 | inflow 1 m/s", "backward_step", STEP, None),
    ("tee table of range ends", "| part | x start (m) | x end (m) | y bottom (m) | y top (m) |\n| main | 0 | 0.8 | 0 | 0.12 |\n"
                                "| branch | 0.5 | 0.6 | 0.12 | 0.52 |\n2D T-junction, inlet 0.3 m/s", "t_junction", TEE, None),
    ("pipe non-native words", "axisymmetric pipe expansion, diameter 20 mm on first 100 mm, after that diameter 40 mm on "
                              "400 mm. inlet 0.1 m/s", "sudden_expansion",
     {k: v for k, v in EXPANSION.items() if not k.endswith("_cells")}, None),
    ("pipe radii by role", "Wedge (axisymmetric) stepped pipe: the upstream pipe has radius 1 cm and is 10 cm long; the "
                           "downstream pipe has radius 2 cm and is 40 cm long.", "sudden_expansion",
     {k: v for k, v in EXPANSION.items() if not k.endswith("_cells")}, None),
    ("nozzle ranges in cm words", "Nozzle 2D with inlet section x from 0 to 20 cm and y from 0 to 24 cm, converging between "
                                  "x = 20 cm and x = 50 cm, outlet section from x = 50 cm to x = 90 cm with y from 8 cm "
                                  "to 16 cm.", "nozzle", NOZZLE, (0.0, 0.12)),
    ("obstacle ranges", "Channel x 0..1 m, y 0..0.2 m with a square block x 0.3..0.35 m, y 0..0.05 m on the floor. "
                        "0.01 m cells.", "channel_with_obstacles", dict(length=1.0, height=0.2), None),
]


@pytest.mark.parametrize("name,text,shape,dims,origin", PROBES, ids=[p[0] for p in PROBES])
def test_parts_shape_the_mesh(name: str, text: str, shape: str, dims: dict, origin: tuple | None) -> None:
    spec = parse_geometry(text)
    assert spec is not None and spec.shape == shape
    got = spec.dims.model_dump()
    for key, value in dims.items():
        assert got[key] == pytest.approx(value), (key, got)
    if origin is not None:
        assert tuple(spec.origin) == pytest.approx(origin)


def test_the_obstacle_keeps_its_ranges() -> None:
    spec = parse_geometry(PROBES[-1][1])
    assert spec is not None and len(spec.obstacles) == 1
    ob = spec.obstacles[0]
    assert ob.center == pytest.approx((0.325, 0.025)) and ob.width == pytest.approx(0.05) and ob.height == pytest.approx(0.05)


@pytest.mark.parametrize("text,expected", [
    ("T: | part | x range (m) | y range (m) | | main run | 0 to 0.6 | 0 to 0.1 | | branch | 0.25 to 0.35 | 0.1 to 0.4 | go",
     "main run x 0..0.6 m, y 0..0.1 m; branch x 0.25..0.35 m, y 0.1..0.4 m."),
    ("| section | diameter (mm) | length (mm) |\n|---|---|---|\n| small | 20 | 100 |\n| large | 40 | 400 |",
     "small diameter 20 mm, 100 mm long; large diameter 40 mm, 400 mm long."),
    ("| part | x [cm] | y [cm] |\n| duct | 0 - 30 | 0 - 10 |", "duct x 0..30 cm, y 0..10 cm."),
    ("| arm | length (cm) | width (cm) |\n| main | 80 | 12 |\n| branch | 40 | 10 |",
     "main 80 cm long, 12 cm wide; branch 40 cm long, 10 cm wide."),
])
def test_a_table_of_parts_reads_as_their_ranges(text: str, expected: str) -> None:
    assert expected in table_ranges(text)


@pytest.mark.parametrize("text", [
    "| fluid | nu (m2/s) |\n| water | 1e-6 |",  # no range or size column
    "a | b pipe",  # not a table
    "| part | x range (m) |\n| duct | around 3 |",  # a cell that does not read
])
def test_other_tables_are_left_as_written(text: str) -> None:
    assert table_ranges(text) == text


def test_the_planner_reads_the_table_as_ranges() -> None:
    text = check_request_text(PROBES[1][1])
    assert "branch x 0.5..0.6 m, y 0.12..0.52 m" in text and "|" not in text


@pytest.mark.parametrize("text", [
    "nozzle: inlet x 0..0.2 y 0..0.24; converging x 0.2..0.5; outlet x 0.6..0.9 y 0.08..0.16",  # a gap between parts
    "nozzle: inlet x 0..0.2 y 0..0.24; converging x 0.2..0.5; outlet x 0.5..0.9 y 0.2..0.3",  # walls neither way
    "nozzle: inlet x 0..0.2 y 0..0.24",  # one part
])
def test_parts_that_are_no_nozzle_give_nothing(text: str) -> None:
    assert nozzle_parts(text) == ({}, None)


def test_a_one_sided_diffuser_by_parts() -> None:
    dims, origin = nozzle_parts("one-sided diffuser: inlet duct from x = 0 to 0.1 m, y = 0 to 0.05 m; ramp x = 0.1 to "
                                "0.4 m; outlet x = 0.4 to 1 m, y = 0 to 0.1 m.")
    assert dims["flat_wall"] == "bottom" and dims["inlet_height"] == 0.05 and dims["outlet_height"] == 0.1
    assert origin == pytest.approx((0.0, 0.025))


def test_a_venturi_by_parts_has_its_throat() -> None:
    dims, _ = nozzle_parts("venturi: inlet x 0..0.1 y 0..0.1; converging x 0.1..0.2; throat x 0.2..0.25, y 0.03..0.07; "
                           "diverging x 0.25..0.45; outlet x 0.45..0.6, y 0..0.1")
    assert dims["throat_height"] == pytest.approx(0.04) and dims["throat_length"] == pytest.approx(0.05)
    assert dims["diverging_length"] == pytest.approx(0.2) and dims["downstream_length"] == pytest.approx(0.15)


@pytest.mark.parametrize("shape,text,kept", [
    ("nozzle", "converging nozzle down to a 10 mm throat 40 mm long", False),
    ("nozzle", "venturi: converging to a 10 mm throat then diverging", True),
    ("diffuser", "diffuser from a 10 mm throat opening to 30 mm", False),
    ("diffuser", "converging-diverging: throat 10 mm", True),
])
def test_a_throat_is_an_end_duct_only_when_nothing_tapers_past_it(shape: str, text: str, kept: bool) -> None:
    assert ("throat" in throat_as_end(shape, text)) == kept


def test_pipe_sections_need_two_different_sizes() -> None:
    assert pipe_parts("pipe D 20 mm for 1 m then D 20 mm for 2 m") == ({}, None)
    assert pipe_parts("a pipe of 20 mm bore, 2 m long") == ({}, None)


@pytest.mark.parametrize("text,dims,widening,expected", [
    ("cells 20 x 10 (small pipe) and 80 x 20 (large pipe)", dict(inlet_height=0.02, outlet_height=0.04), True,
     dict(upstream_cells=20, downstream_cells=80, across_cells=20)),
    ("the large pipe: 50 x 30, the small pipe: 40 x 15", dict(inlet_height=0.04, outlet_height=0.02), False,
     dict(upstream_cells=50, downstream_cells=40, across_cells=30)),
    ("20 along and 10 across the radius of the small pipe", dict(inlet_height=0.02, outlet_height=0.04, axisymmetric=True),
     True, dict(upstream_cells=20, across_cells=20)),  # the wide section's count at the same spacing
    ("radial cell size 1 mm everywhere, axial 5 mm", dict(inlet_height=0.06, outlet_height=0.03, upstream_length=0.15,
                                                          downstream_length=0.3, axisymmetric=True), False,
     dict(upstream_cells=30, downstream_cells=60, across_cells=30)),
    ("100 x 20 cells", dict(inlet_height=0.02, outlet_height=0.04), True, {}),  # not per part
])
def test_cells_per_part(text: str, dims: dict, widening: bool, expected: dict) -> None:
    assert part_cells(text, dims, widening) == expected


def test_a_stated_count_is_bound_to_its_section() -> None:
    dims = dict(EXPANSION)
    assert part_count_key([20, 10], 200, dims) == "upstream_cells"  # the small pipe's 10 rows are half of 20
    assert part_count_key([80, 20], 1600, dims) == "downstream_cells"
    assert part_count_key([20, 12], 240, dims) is None  # 12 across the small pipe: not what the mesh holds
    assert part_count_key([], 80, dims) == "downstream_cells"
    assert part_size_key(0.005, dict(CONTRACTION)) == "upstream_cells"
    assert part_size_key(0.001, dict(CONTRACTION)) == "across_cells"
    assert part_size_key(0.15, dict(CONTRACTION)) is None  # a size of the shape, not a cell size


@pytest.mark.parametrize("text,expected", [
    ("Mesh 20 along and 10 across the radius of the small pipe", "Mesh 20 along and 10 across"),
    ("cells: 40 along and 8 across; duct 2 cm wide, 3 deep", "40 along and 8 across; duct 2 cm wide, 3 cm deep"),
    ("a channel 60 cm long and 10 wide with a fine mesh", "60 cm long and 10 cm wide"),
])
def test_counts_after_mesh_words_take_no_unit(text: str, expected: str) -> None:
    assert expected in shared_units(text)


def _block_counts(case: Path) -> list[tuple[int, int, int]]:
    text = (case / "system/blockMeshDict").read_text()
    return [tuple(int(n) for n in m) for m in re.findall(r"hex\s*\([\d\s]+\)\s*\((\d+)\s+(\d+)\s+(\d+)\)", text)]


def test_each_pipe_section_gets_its_counts_in_the_block_mesh_dict(tmp_path: Path) -> None:
    spec = parse_geometry(PROBES[12][1])
    build_mesh(spec, tmp_path)
    blocks = _block_counts(tmp_path)
    assert (20, 10, 1) in blocks  # the small pipe: 20 along, 10 across its radius
    assert sorted(b for b in blocks if b[0] == 80) == [(80, 10, 1), (80, 10, 1)]  # the large pipe: 80 along, 20 across


@pytest.mark.skipif(shutil.which("blockMesh") is None, reason="native OpenFOAM (blockMesh) not installed")
@pytest.mark.parametrize("index", [1, 4, 6, 10, 12, 16, 19], ids=[PROBES[k][0] for k in (1, 4, 6, 10, 12, 16, 19)])
def test_probes_mesh_and_pass_check_mesh(index: int, tmp_path: Path) -> None:
    spec = parse_geometry(PROBES[index][1])
    build = build_mesh(spec, tmp_path)
    _run(tmp_path, "blockMesh")
    quality = parse_check_mesh(_run(tmp_path, "checkMesh"))
    assert quality.ok and quality.n_cells == build.n_cells, quality


TEE_WORDS = ("a 10 cm wide straight run 60 cm long, with a 10 cm wide branch leaving its upper wall at right angles, "
             "branch centre 30 cm from the inlet, branch 30 cm long.")


@pytest.mark.parametrize("words,nth,keys,expected", [
    ("30 cm", 0, ["branch_length", "branch_position"], "branch_position"),
    ("30 cm", 1, ["branch_length", "branch_position"], "branch_length"),
    ("10 cm", 0, ["width", "branch_width"], "width"),
    ("10 cm", 1, ["width", "branch_width"], "branch_width"),
    ("60 cm", 0, ["length"], "length"),
    ("60 cm", 0, [], None),
])
def test_equal_sizes_are_bound_by_their_own_words(words: str, nth: int, keys: list[str], expected: str | None) -> None:
    assert said_dimension(TEE_WORDS, words, nth, keys) == expected


@pytest.mark.parametrize("text,along", [
    ("2D nozzle: inlet duct x 0..0.2 y 0..0.24, straight converging walls x 0.2..0.5 to y 0.08..0.16, outlet duct "
     "x 0.5..0.9 y 0.08..0.16. 30 cells across, 20/30/40 along.", [20, 30, 40]),
    ("2D T-junction: main channel x 0..1 m, y 0..0.1 m; branch x 0.3..0.6 m from y = 0.1 to y = 0.4. Mesh: 20 cells "
     "across, 30/30/40 along.", [30, 30, 40]),
    ("Backward-facing step: inlet channel x -0.1..0 m, y 0.02..0.05 m; downstream channel x 0..0.5 m, y 0..0.05 m. "
     "Grid 40 cells across, 10/50 cells along.", [10, 50]),
])
def test_counts_along_given_part_by_part_reach_their_blocks(text: str, along: list[int], tmp_path: Path) -> None:
    spec = parse_geometry(text)
    assert spec is not None and spec.mesh.cells is not None and spec.mesh.cells[0] == sum(along)
    build_mesh(spec, tmp_path)
    blocks = _block_counts(tmp_path)
    assert all(any(b[0] == n for b in blocks) for n in along), blocks


def test_counts_along_by_part_at_other_spacings_are_noted() -> None:
    spec = parse_geometry("2D nozzle: inlet duct x 0..0.2 y 0..0.24, converging x 0.2..0.5, outlet duct x 0.5..0.9 "
                          "y 0.08..0.16. 30 cells across, 50/30/40 along.")
    assert spec is not None and spec.mesh.cells == [120, 30]
    assert any("50/30/40 by part" in n for n in spec.notes)
