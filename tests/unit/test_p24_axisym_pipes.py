"""Round pipes whose diameter changes along x (the `stepped_pipe` shape): an orifice plate, a restriction ring or
a run of straight sections read from a request's words, meshed as an axisymmetric wedge (or full 3D when asked);
the written blockMeshDict parsed back with foamlib and checked: the wedge patches, every point within the pipe's
radius about the x axis, no block in the plate's (x, r) rectangle."""

from __future__ import annotations

import math

import pytest
from foamlib import FoamFile

from tasks.core.errors import RequestError
from tasks.geometry.build import build_mesh, geometry_record, recorded_lengths
from tasks.geometry.structured import build_structured
from tasks.geometry.text import parse_geometry

IN = 0.0254


@pytest.mark.parametrize("text, sections, two_d", [
    ("Axisymmetric wedge of a 50 mm pipe, 1 m long, with an orifice plate: bore 25 mm, plate thickness 3 mm, "
     "200 mm from the inlet.", [(0.2, .05), (.003, .025), (.797, .05)], True),
    ("orifice plate in a round pipe, D = 80 mm, beta = 0.6, plate 5 mm thick, located 3 D downstream of the inlet, "
     "12 D of pipe after it. 2D axisymmetric.", [(.24, .08), (.005, .048), (.96, .08)], True),
    ("2D axisymmetric model of a 2 in pipe, 40 in long, with an orifice plate (1.2 in bore, 0.125 in thick) 10 in "
     "from the inlet.", [(10 * IN, 2 * IN), (.125 * IN, 1.2 * IN), (29.875 * IN, 2 * IN)], True),
    ("please make wedge mesh for pipe with restriction ring: pipe diameter is 100 mm, ring inner diameter 70 mm, "
     "ring is 10 mm long, ring start at 400 mm from inlet, total length 1.5 m", [(.4, .1), (.01, .07), (1.09, .1)], True),
    ("Axisymmetric stepped pipe\n| section | diameter | length |\n|---|---|---|\n| 1 | 30 mm | 200 mm |\n"
     "| 2 | 45 mm | 300 mm |\n| 3 | 60 mm | 400 mm |", [(.2, .03), (.3, .045), (.4, .06)], True),
    ("2D axisymmetric stepped pipe: diameters 20, 30 and 40 mm, each section 100 mm long",
     [(.1, .02), (.1, .03), (.1, .04)], True),
    ("sudden expansion of a round pipe in 3D: 10 mm dia 80 mm long into 30 mm dia 300 mm long, full 3D mesh",
     [(.08, .01), (.3, .03)], False),
])
def test_the_stated_sections_are_built(text, sections, two_d):
    spec = parse_geometry(text)
    assert spec is not None and spec.shape == "stepped_pipe" and spec.two_d is two_d
    got = [(p.length, p.diameter) for p in spec.dims.sections]
    assert len(got) == len(sections)
    assert all(math.isclose(a, b, rel_tol=1e-6) for g, w in zip(got, sections) for a, b in zip(g, w)), got


def test_other_requests_keep_their_shapes():
    channel = parse_geometry("2D channel 1 m long and 0.1 m high with an orifice plate at x = 0.3 m, opening 0.05 m, "
                             "5 mm thick")
    assert channel is not None and channel.shape == "channel_with_obstacles"
    two = parse_geometry("Sudden expansion in a round pipe, axisymmetric wedge: d = 20 mm for 150 mm, then D = 60 mm "
                         "for 600 mm.")
    assert two is not None and two.shape == "sudden_expansion" and two.dims.axisymmetric
    with pytest.raises(RequestError, match="bore"):  # the plate's bore not said: refused, never a plain pipe
        parse_geometry("axisymmetric pipe 50 mm diameter, 1 m long, with an orifice plate 3 mm thick at 0.2 m")


def _points_and_blocks(case):
    d = FoamFile(case / "system/blockMeshDict")
    flat = list(d["blocks"])
    return [tuple(v) for v in d["vertices"]], [flat[i:i + 5] for i in range(0, len(flat), 5)], dict(d["boundary"])


def test_orifice_wedge_mesh_leaves_the_plate_solid(tmp_path):
    spec = parse_geometry("axisymmetric pipe with orifice: D=0.1 m, d/D=0.5, t=0.01 m, plate at x=0.5 m, pipe length 2 m, "
                          "30 radial cells, radial cell size 2 mm")
    build = build_mesh(spec, tmp_path)
    points, blocks, patches = _points_and_blocks(tmp_path)
    assert {n: p["type"] for n, p in patches.items()} == {"inlet": "patch", "outlet": "patch", "walls": "wall",
                                                          "front": "wedge", "back": "wedge"}
    assert max(math.hypot(y, z) for _, y, z in points) <= 0.05 + 1e-12
    for _, corners, cells, _, _ in blocks:
        xs = [points[v][0] for v in corners]
        rs = [math.hypot(*points[v][1:]) for v in corners]
        if min(xs) >= 0.5 - 1e-12 and max(xs) <= 0.51 + 1e-12:
            assert max(rs) <= 0.025 + 1e-12, "no fluid between the bore and the pipe wall inside the plate"
        assert cells[2] == 1
    radial = {round(min(math.hypot(*points[v][1:]) for v in b[1]), 9): b[2][1] for b in blocks}
    assert sum(radial.values()) == 30  # the stated radial count across the widest section
    record = geometry_record(spec, build)
    lengths = {tuple(path): v for path, v in recorded_lengths(record)}
    assert lengths[("distances", "section1_diameter")] == pytest.approx(0.05)
    assert lengths[("distances", "section1_start")] == pytest.approx(0.5)


def test_full_3d_orifice_is_round_and_closed():
    """Checked on the built block model (foamlib takes ~20 s over this dictionary's many arc edges)."""
    spec = parse_geometry("orifice plate in a pipe, full 3D (not a wedge): D 50 mm, L 0.6 m, bore 30 mm, thickness "
                          "4 mm, 150 mm downstream of the inlet, cell size 4 mm")
    model = build_structured(spec).model
    points = model.vertices + [p for _, _, p in model.arcs]
    assert set(model.patches) == {"inlet", "outlet", "walls"}
    assert max(math.hypot(y, z) for _, y, z in points) <= 0.025 + 1e-12
    # each section's core and rings: 3 sections, the plate's without the outer ring
    assert len(model.blocks) == 9 + 5 + 9
    step_faces = [f for f in model.patches["walls"] if len({round(model.vertices[v][0], 9) for v in f}) == 1]
    assert len(step_faces) == 8  # the outer ring's faces on both sides of the plate
    for block in model.blocks:  # no block between the bore and the wall inside the plate
        xs = [model.vertices[v][0] for v in block["vertices"]]
        if min(xs) >= 0.15 - 1e-12 and max(xs) <= 0.154 + 1e-12:
            assert max(math.hypot(*model.vertices[v][1:]) for v in block["vertices"]) <= 0.015 + 1e-12


def test_a_stated_cell_size_holds_all_along_the_pipe(tmp_path):
    spec = parse_geometry("axisymmetric tube 20 mm diameter, 0.4 m long, constriction ring bore 12 mm, 6 mm long, "
                          "150 mm from the inlet, cell size 1 mm")
    build_mesh(spec, tmp_path)
    points, blocks, _ = _points_and_blocks(tmp_path)
    for _, corners, cells, _, grading in blocks:
        xs = [points[v][0] for v in corners]
        assert (max(xs) - min(xs)) / cells[0] <= 0.001 + 1e-9 and grading[0] == 1
