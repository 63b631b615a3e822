"""A duct made of consecutive sections whose cross-section changes stepwise: read from prose, a table of x from /
x to / height, a table of length / height / offset, or (3D) square and rectangular sections and y/z ranges, and
built as the 2D union of rectangles or the 3D union of boxes (conformal blocks, patches inlet/outlet/walls, no
empty patches in 3D, no fluid beside the small duct at any z)."""

from __future__ import annotations

import pytest

from tasks.geometry.blocks import render_block_mesh_dict
from tasks.geometry.structured import build_structured
from tasks.geometry.text import parse_geometry

CASES_2D = [
    ("a 2D duct 10 cm long and 2 cm high, then a chamber 20 cm long and 10 cm high, then another duct 15 cm long and "
     "2 cm high, symmetric about the axis",
     [(0.0, 0.1, -0.01, 0.01), (0.1, 0.3, -0.05, 0.05), (0.3, 0.45, -0.01, 0.01)]),
    ("| part | x from (mm) | x to (mm) | height (mm) |\n| inlet | 0 | 100 | 20 |\n| chamber | 100 | 400 | 80 |\n"
     "| outlet | 400 | 550 | 20 |\nHeights centred on y = 0. 2D laminar.",
     [(0.0, 0.1, -0.01, 0.01), (0.1, 0.4, -0.04, 0.04), (0.4, 0.55, -0.01, 0.01)]),
    ("| section | length (cm) | height (cm) | offset (cm) |\n| 1 | 8 | 3 | 0 |\n| 2 | 12 | 9 | -3 |\n| 3 | 8 | 3 | 0 |\n"
     "The offset is the y of the bottom wall. 2D flow.",
     [(0.0, 0.08, 0.0, 0.03), (0.08, 0.2, -0.03, 0.06), (0.2, 0.28, 0.0, 0.03)]),
    ("2D muffler: an inlet pipe 25 mm tall and 100 mm long, a box 150 mm tall and 250 mm long, then a 25 mm tall, "
     "100 mm long pipe; the bottom walls are flush.",
     [(0.0, 0.1, 0.0, 0.025), (0.1, 0.35, 0.0, 0.15), (0.35, 0.45, 0.0, 0.025)]),
]


@pytest.mark.parametrize("text,parts", CASES_2D, ids=["prose", "x-from-to table", "offset table", "pipes flush"])
def test_2d_sections_are_the_parts(text: str, parts: list) -> None:
    spec = parse_geometry(text)
    assert spec.shape == "rectilinear" and spec.two_d
    assert [tuple(round(v, 9) for v in p) for p in spec.dims.parts] == parts


def test_square_duct_expansion_is_3d_boxes_without_fluid_beside_the_small_duct() -> None:
    spec = parse_geometry("Square duct sudden expansion, area ratio 9: the small duct has side 2 cm and is 10 cm long, "
                          "the large duct is 40 cm long. Coaxial. Full 3D, laminar. Cell size 5 mm.")
    assert spec.shape == "rectilinear" and spec.two_d is False
    assert [tuple(round(v, 9) for v in p) for p in spec.dims.parts] == [(0.0, 0.1, -0.01, 0.01), (0.1, 0.5, -0.03, 0.03)]
    assert [tuple(round(v, 9) for v in z) for z in spec.dims.z_ranges] == [(-0.01, 0.01), (-0.03, 0.03)]
    model = build_structured(spec).model
    assert set(model.patches) == {"inlet", "outlet", "walls"} and "empty" not in model.patch_types.values()
    for b in model.blocks:  # every block upstream of x = 0.1 m lies inside the small duct, at every z
        pts = [model.vertices[v] for v in b["vertices"]]
        if max(p[0] for p in pts) <= 0.1 + 1e-12:
            assert all(abs(p[1]) <= 0.01 + 1e-12 and abs(p[2]) <= 0.01 + 1e-12 for p in pts)
    inlet = [model.vertices[v] for face in model.patches["inlet"] for v in face]
    assert {round(p[0], 12) for p in inlet} == {0.0} and max(abs(p[2]) for p in inlet) == pytest.approx(0.01)
    assert sum((0.02 * 0.02 * 0.1, 0.06 * 0.06 * 0.4)) == pytest.approx(
        sum(_volume(model, b) for b in model.blocks))
    text = render_block_mesh_dict(model, "test")
    assert "empty" not in text and "inlet" in text and "walls" in text


def _volume(model, block) -> float:
    pts = [model.vertices[v] for v in block["vertices"]]
    out = 1.0
    for a in range(3):
        out *= max(p[a] for p in pts) - min(p[a] for p in pts)
    return out


def test_boxes_by_y_and_z_ranges_and_a_flat_floor() -> None:
    spec = parse_geometry("3D. Inlet box: x from 0 to 5 cm, y from 2 to 4 cm, z from 2 to 4 cm. Chamber: x from 5 to "
                          "20 cm, y from 0 to 6 cm, z from 0 to 6 cm.")
    assert spec.shape == "rectilinear" and spec.two_d is False
    assert [tuple(round(v, 9) for v in p) + tuple(round(v, 9) for v in z) for p, z in
            zip(spec.dims.parts, spec.dims.z_ranges)] == [(0.0, 0.05, 0.02, 0.04, 0.02, 0.04),
                                                           (0.05, 0.2, 0.0, 0.06, 0.0, 0.06)]
    flush = parse_geometry("3D rectangular ducts: a 10 mm high by 50 mm wide duct 80 mm long opens into a 25 mm high by "
                           "50 mm wide duct 200 mm long; the bottom walls are flush.")
    assert [p[2:] for p in flush.dims.parts] == [(0.0, 0.01), (0.0, 0.025)]
    assert flush.dims.z_ranges == [(-0.025, 0.025), (-0.025, 0.025)]
