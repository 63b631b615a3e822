"""3D versions of the 2D sections of the shape library (steps, sudden expansions/contractions, planar nozzles
and diffusers, T-junctions): read from a request's words, extruded across z between side walls (or symmetry
planes), meshed by real blockMesh and checked by checkMesh. Probes: our own dimensions, three phrasings
each (terse with coordinate ranges, verbose prose, other units with relative words)."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from tasks.core.errors import RequestError
from tasks.geometry.build import build_mesh
from tasks.geometry.spec import EXTRUDED_3D, make_spec
from tasks.geometry.structured import build_structured
from tasks.geometry.text import parse_geometry
from tasks.geometry.text_span3d import cubic_cells, extruded_3d
from tasks.geometry.text_step_words import passage_origin, stepped_channel, unlabelled_ratios

# (request, shape, dims expected (m), span expected, mesh expected)
PROBES = [
    # backward-facing step
    ("3D backward-facing step in a square duct: inlet duct x -0.3..0, y 0.04..0.12, z 0..0.12; step at x = 0 "
     "(height 0.04); downstream duct x 0..1.5, y 0..0.12, z 0..0.12; 0.02 m cubic cells",
     "backward_step", {"height": 0.12, "step_height": 0.04, "upstream_length": 0.3, "downstream_length": 1.5,
                       "depth": 0.12}, {}, {"cell_size": 0.02}),
    ("I would like a three-dimensional backward facing step with side walls. Upstream the duct is 0.3 m long "
     "(x from -0.3 to 0) and 0.08 m high (y from 0.04 to 0.12 m); at x = 0 the floor drops by 0.04 m, so "
     "downstream the duct is 0.12 m by 0.12 m in section and runs to x = 1.5 m. Cubic cells of 0.02 m.",
     "backward_step", {"height": 0.12, "step_height": 0.04, "upstream_length": 0.3, "downstream_length": 1.5,
                       "depth": 0.12}, {}, {"cell_size": 0.02}),
    ("Expansion ratio 1.5 step in a 12 cm wide closed channel: 8 cm tall, 30 cm long inlet passage along the "
     "ceiling, then a 12 x 12 cm section for 150 cm; 2 cm cells",
     "backward_step", {"height": 0.12, "step_height": 0.04, "upstream_length": 0.3, "downstream_length": 1.5,
                       "depth": 0.12}, {}, {"cell_size": 0.02}),
    ("3D BFS, ER 2, inlet channel 1 in high, 6 in upstream, 30 in downstream, 4 in span, 20 cells across the span",
     "backward_step", {"height": 0.0508, "step_height": 0.0254, "upstream_length": 0.1524, "downstream_length": 0.762,
                       "depth": 0.1016}, {"cells": 20}, {}),
    # forward-facing step
    ("3D forward-facing step: channel x -0.3..0.9, y 0..0.08, z 0..0.16, step height 0.02 m at x = 0",
     "forward_step", {"height": 0.08, "step_height": 0.02, "upstream_length": 0.3, "downstream_length": 0.9,
                      "depth": 0.16}, {}, {}),
    ("a forward facing step with side walls: the channel is 8 cm high and 16 cm wide, the floor rises by 2 cm, "
     "30 cm before the step and 90 cm after it",
     "forward_step", {"height": 0.08, "step_height": 0.02, "upstream_length": 0.3, "downstream_length": 0.9,
                      "depth": 0.16}, {}, {}),
    ("three-dimensional forward step, 3.15 in high channel, step of height 0.79 in, spanwise width 6.3 in, "
     "11.8 in upstream, 35.4 in downstream, symmetry planes on the side walls",
     "forward_step", {"height": 0.08001, "step_height": 0.020066, "upstream_length": 0.29972, "downstream_length": 0.89916,
                      "depth": 0.16002}, {"sides": "symmetryPlane"}, {}),
    # sudden expansion / contraction
    ("3D sudden expansion: inlet height 20 mm, outlet height 60 mm, 300 mm upstream, 900 mm downstream, "
     "z from 0 to 60 mm",
     "sudden_expansion", {"inlet_height": 0.02, "outlet_height": 0.06, "upstream_length": 0.3,
                          "downstream_length": 0.9, "depth": 0.06}, {}, {}),
    ("Could you set up a three-dimensional sudden expansion with an expansion ratio of 3 in a duct with side "
     "walls? The inlet channel is 2 cm high and 30 cm long, the wide one 90 cm long; the span is 6 cm.",
     "sudden_expansion", {"inlet_height": 0.02, "outlet_height": 0.06, "upstream_length": 0.3,
                          "downstream_length": 0.9, "depth": 0.06}, {}, {}),
    ("3D sudden contraction from 60 mm to 20 mm, 0.3 m upstream, 0.5 m downstream, span 60 mm",
     "sudden_contraction", {"inlet_height": 0.06, "outlet_height": 0.02, "upstream_length": 0.3,
                            "downstream_length": 0.5, "depth": 0.06}, {}, {}),
    # planar nozzle / diffuser
    ("3D nozzle: inlet 200 mm tall narrowing to 100 mm over 300 mm, 200 mm upstream, 500 mm downstream, "
     "z from -50 to 50 mm",
     "nozzle", {"inlet_height": 0.2, "outlet_height": 0.1, "taper_length": 0.3, "upstream_length": 0.2,
                "downstream_length": 0.5, "depth": 0.1}, {"z_start": -0.05}, {}),
    ("Please make a three dimensional converging nozzle with side walls: the channel narrows from 20 cm to 10 cm "
     "over 30 cm, with a straight inlet duct 20 cm long and an outlet duct 50 cm long; its span is 10 cm",
     "nozzle", {"inlet_height": 0.2, "outlet_height": 0.1, "taper_length": 0.3, "depth": 0.1}, {}, {}),
    ("a planar diffuser with side walls, widening from 4 in to 8 in over 12 in, 8 in deep",
     "diffuser", {"inlet_height": 0.1016, "outlet_height": 0.2032, "taper_length": 0.3048, "depth": 0.2032}, {}, {}),
    ("backward-facing step in a 40 mm square duct, step height 20 mm, 100 mm upstream, 600 mm downstream",
     "backward_step", {"height": 0.04, "step_height": 0.02, "upstream_length": 0.1, "downstream_length": 0.6,
                       "depth": 0.04}, {}, {}),
    ("backward facing step, 3D, the floor drops by 1 in, 2 in high inlet passage 5 in long, 40 in after the step, "
     "6 in span, symmetry on the side walls",
     "backward_step", {"height": 0.0762, "step_height": 0.0254, "upstream_length": 0.127, "downstream_length": 1.016,
                       "depth": 0.1524}, {"sides": "symmetryPlane"}, {}),
    ("please do sudden expansion 3D, small channel 1 cm high 10 cm long, big channel 3 cm high 40 cm long, "
     "z from 0 to 3 cm, 0.5 mm cells",
     "sudden_expansion", {"inlet_height": 0.01, "outlet_height": 0.03, "upstream_length": 0.1, "downstream_length": 0.4,
                          "depth": 0.03}, {}, {"cell_size": 0.0005}),
    # T-junction
    ("T-junction with side walls, main duct 50 mm wide and 500 mm long, branch 50 mm wide and 200 mm long, 50 mm deep",
     "t_junction", {"length": 0.5, "width": 0.05, "branch_length": 0.2, "branch_width": 0.05, "depth": 0.05}, {}, {}),
    ("tee junction in square duct 2 in, main 20 in long, branch 8 in long",
     "t_junction", {"length": 0.508, "width": 0.0508, "branch_length": 0.2032, "depth": 0.0508}, {}, {}),
    ("3D T-junction: main channel 1 m long and 0.1 m wide, branch 0.1 m wide and 0.4 m long at mid-length, "
     "depth 0.1 m",
     "t_junction", {"length": 1.0, "width": 0.1, "branch_length": 0.4, "branch_width": 0.1, "depth": 0.1}, {}, {}),
]


@pytest.mark.parametrize("text, shape, dims, span, mesh", PROBES)
def test_a_3d_section_is_read_with_its_depth(text, shape, dims, span, mesh):
    spec = parse_geometry(text)
    assert spec is not None and spec.shape == shape and spec.two_d is False
    for name, value in dims.items():
        assert getattr(spec.dims, name) == pytest.approx(value, rel=1e-3), name
    assert spec.span.model_dump(exclude_defaults=True) == span
    for name, value in mesh.items():
        assert getattr(spec.mesh, name) == pytest.approx(value)


@pytest.mark.parametrize("text, shape, two_d", [
    ("backward-facing step: channel height 0.1 m, step height 0.05 m, 0.2 m upstream, 1 m downstream", "backward_step", True),
    ("2D sudden expansion with expansion ratio 2: inlet height 20 mm, 300 mm upstream, 1 m downstream", "sudden_expansion", True),
    ("planar diffuser widening from 40 mm to 80 mm over 0.3 m", "diffuser", True),
    ("backward-facing step, step height 20 mm, channel height 40 mm, 100 mm upstream, 600 mm downstream", "backward_step", True),
    ("T-junction, main channel 0.1 m wide 1 m long, branch 0.1 m wide 0.4 m long, 20 cells across the width", "t_junction", True),
    ("2D backward-facing step with side walls at the top and bottom, step 5 cm in a 10 cm channel", "backward_step", True),
    ("a closed channel: a 5 cm tall inlet passage along the ceiling, 20 cm long, then the floor drops by 5 cm into a "
     "10 cm tall section 1 m long", "backward_step", True),
])
def test_2d_stays_the_default(text, shape, two_d):
    spec = parse_geometry(text)
    assert spec is not None and spec.shape == shape and spec.two_d is two_d
    assert spec.span.model_dump(exclude_defaults=True) == {}


@pytest.mark.parametrize("text, shape", [
    ("the floor drops by 5 cm at x = 0", "backward_step"),
    ("a 5 cm tall inlet passage along the ceiling, then a 10 cm section", "backward_step"),
    ("the bottom wall suddenly rises by 2 cm", "forward_step"),
    ("a channel 10 cm high", None),
])
def test_a_step_named_by_its_floor(text, shape):
    assert stepped_channel(text) == shape


def test_ratio_words_are_parted_from_their_labels():
    assert unlabelled_ratios("expansion ratio (H/h) 1.5, inlet") == "expansion ratio 1.5, inlet"
    assert unlabelled_ratios("Expansion ratio 2 step in a duct") == "Expansion ratio 2, step in a duct"


def test_one_y_range_of_the_passage_places_the_step_foot():
    assert passage_origin([0.05, 0.1], {"height": 0.1, "step_height": 0.05}) == 0.0
    assert passage_origin([0.25, 0.3], {"height": 0.1, "step_height": 0.05}) == 0.2
    assert passage_origin([0.0, 0.1], {"height": 0.1, "step_height": 0.05}) is None


def test_cubic_cells_and_3d_cues():
    assert cubic_cells("0.01 m cubic cells") == {"cell_size": 0.01}
    assert cubic_cells("10 cubic cells") == {}
    assert extruded_3d("a step with side walls", "backward_step", None) is False
    assert extruded_3d("a step with side walls", "lid_driven_cavity", None) is None
    assert extruded_3d("a 2D step with side walls", "backward_step", True) is True


@pytest.mark.parametrize("fields, message", [
    ({"shape": "sudden_expansion", "two_d": False, "dimensions": {"axisymmetric": True}}, "axisymmetric"),
    ({"shape": "backward_step", "span": {"sides": "symmetryPlane"}}, "span settings"),
    ({"shape": "cylinder_crossflow", "two_d": False}, "2D only"),
])
def test_what_cannot_be_extruded_is_refused(fields, message):
    with pytest.raises(RequestError, match=message):
        make_spec(**fields)


@pytest.mark.parametrize("shape", sorted(EXTRUDED_3D))
def test_every_extruded_shape_has_side_walls_not_empty(shape):
    spec = make_spec(shape=shape, two_d=False, mesh={"resolution": "coarse"})
    st = build_structured(spec)
    types = st.model.patch_types
    assert types["sideWalls"] == "wall" and "empty" not in types.values()
    assert st.roles["sideWalls"] == "wall"
    assert any("extruded across z" in a for a in st.assumptions)
    flat = build_structured(make_spec(shape=shape, mesh={"resolution": "coarse"}))
    assert flat.model.patch_types["frontAndBack"] == "empty" and "sideWalls" not in flat.model.patch_types


def test_symmetry_sides_are_two_flat_planes_and_z_starts_where_said():
    spec = make_spec(shape="sudden_expansion", two_d=False, dimensions={"depth": 0.1},
                     span={"sides": "symmetryPlane", "cells": 7, "z_start": -0.05}, mesh={"resolution": "coarse"})
    st = build_structured(spec)
    assert st.model.patch_types["front"] == st.model.patch_types["back"] == "symmetryPlane"
    assert st.roles["front"] == "symmetry"
    assert st.model.bounds()[2] == pytest.approx((-0.05, 0.05))
    assert {b["cells"][2] for b in st.model.blocks} == {7}


def _foam_env() -> dict[str, str]:
    return {**os.environ, "WM_PROJECT_DIR": os.environ.get("WM_PROJECT_DIR", "/usr/share/openfoam")}


# one probe of each shape, and every probe with symmetry sides, cells across the span or a z that does not start at 0
MESHED = [p[0] for k, p in enumerate(PROBES) if p[1] not in {q[1] for q in PROBES[:k]} or p[3]]


@pytest.mark.skipif(shutil.which("blockMesh") is None or shutil.which("checkMesh") is None,
                    reason="OpenFOAM (blockMesh, checkMesh) is not installed")
@pytest.mark.parametrize("text", MESHED)
def test_probe_meshes_with_block_mesh_and_passes_check_mesh(text: str, tmp_path: Path):
    spec = parse_geometry(text)
    if spec.mesh.cell_size is None and spec.mesh.cells is None or spec.mesh.cell_size and spec.mesh.cell_size < 0.01:
        # a few cells across the span keep the run short; the shape and its patches are what is checked
        spec = spec.model_copy(update={"mesh": spec.mesh.model_copy(update={"cell_size": spec.dims.depth / 6,
                                                                            "resolution": None})})
    build = build_mesh(spec, tmp_path)
    (tmp_path / "constant").mkdir(exist_ok=True)
    for tool in ("blockMesh", "checkMesh"):
        run = subprocess.run([tool, "-case", str(tmp_path)], capture_output=True, text=True, env=_foam_env(), timeout=300)
        assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-2000:]
    assert "Mesh OK." in run.stdout, run.stdout[-3000:]
    boundary = (tmp_path / "constant/polyMesh/boundary").read_text()
    assert "empty" not in boundary and ("sideWalls" in boundary or "symmetryPlane" in boundary)
    lo, hi = build.bounds[2]
    assert hi - lo == pytest.approx(spec.dims.depth)


@pytest.mark.parametrize("text, two_d, depth", [
    ("lid-driven cavity with side walls, 10 cm square, 5 cm span", False, 0.05),
    ("lid-driven cavity 0.1 m, z from 0 to 0.04 m", False, 0.04),
    ("lid-driven cavity 10 cm square; the side walls and the bottom are fixed", True, None),
    ("differentially heated square cavity 0.1 m wide, heated side walls at 310 K and 290 K", True, None),
    ("shallow lid-driven cavity 0.3 m long and 0.1 m deep, 20 cells across the depth", True, None),
])
def test_a_cavity_is_3d_only_when_a_span_says_so(text, two_d, depth):
    spec = parse_geometry(text)
    assert spec.two_d is two_d and spec.dims.depth == (pytest.approx(depth) if depth else None)


def test_an_unsized_3d_section_is_coarse_by_default():
    st = build_structured(make_spec(shape="backward_step", two_d=False))
    assert st.model.n_cells == 88000  # 10 cells across the 0.05 m step: 0.005 m cubes over 1.2 x 0.1 x 0.1 m
    assert "coarse by default in 3D" in st.assumptions[0]


def test_an_unsized_long_3d_section_is_capped_near_the_default_cell_count():
    spec = make_spec(shape="forward_step", two_d=False, dimensions={"height": 0.08, "step_height": 0.02, "depth": 0.16,
                                                                     "upstream_length": 0.3, "downstream_length": 0.9})
    st = build_structured(spec)
    assert 100_000 < st.model.n_cells < 250_000
    assert "about 200000 cells by default in 3D" in st.assumptions[0]
