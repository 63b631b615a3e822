"""Unions of rectangles said in more ways: a diffuser or nozzle of three or more constant-height sections (a
stepped duct, not a taper), section lists with their adjective after them, a unit given in a bracket before a
table, and a row of cavities placed by where each starts."""

from __future__ import annotations

import pytest

from tasks.geometry.text import parse_geometry


def _parts(text: str) -> list[tuple[float, ...]]:
    spec = parse_geometry(text)
    assert spec is not None and spec.shape == "rectilinear", spec
    return [tuple(round(v, 9) for v in p) for p in spec.dimensions["parts"]]


@pytest.mark.parametrize("text, parts", [
    ("a three-stage stepped diffuser: heights 10, 20 and 40 mm, sections 50, 50 and 200 mm long, centred on y = 0; "
     "1 mm cells",
     [(0, 0.05, -0.005, 0.005), (0.05, 0.1, -0.01, 0.01), (0.1, 0.3, -0.02, 0.02)]),
    ("planar diffuser stepping twice, with heights 1 cm, 3 cm and 6 cm; the three parts are 5 cm, 5 cm and 20 cm "
     "long, symmetric about the axis",
     [(0, 0.05, -0.005, 0.005), (0.05, 0.1, -0.015, 0.015), (0.1, 0.3, -0.03, 0.03)]),
    ("a nozzle narrowing in three stages, lengths 100, 50 and 100 mm and heights 60, 30 and 15 mm, centred",
     [(0, 0.1, -0.03, 0.03), (0.1, 0.15, -0.015, 0.015), (0.15, 0.25, -0.0075, 0.0075)]),
])
def test_a_diffuser_or_nozzle_of_constant_sections_is_a_stepped_duct(text: str, parts: list) -> None:
    assert _parts(text) == [tuple(float(v) for v in p) for p in parts]


@pytest.mark.parametrize("text", ["planar diffuser, inlet height 2 cm, outlet 6 cm, 10 cm long taper",
                                  "a 2D diffuser opening from 20 mm to 60 mm at a 7 degree half angle"])
def test_a_tapered_diffuser_stays_a_diffuser(text: str) -> None:
    spec = parse_geometry(text)
    assert spec is not None and spec.shape == "diffuser"


def test_a_bracketed_unit_before_a_table_sizes_its_rows() -> None:
    text = ("2D laminar case. Geometry (mm, origin at the inlet floor):\n\n| part | x from | x to | y from | y to |\n"
            "|---|---|---|---|---|\n| duct | 0 | 800 | 0 | 50 |\n| pocket A | 200 | 260 | -40 | 0 |\n"
            "| pocket B | 400 | 460 | -40 | 0 |\n\nInflow 0.05 m/s at x = 0, 5 mm square cells.")
    assert sorted(_parts(text)) == [(0.0, 0.8, 0.0, 0.05), (0.2, 0.26, -0.04, 0.0), (0.4, 0.46, -0.04, 0.0)]


@pytest.mark.parametrize("text, spans, depth", [
    ("a 2D channel 120 cm long and 8 cm high whose floor has three 6 cm wide, 5 cm deep pockets; the first pocket "
     "starts 20 cm, the second 50 cm and the third 80 cm downstream of the inlet; 1 cm cells",
     [(0.2, 0.26), (0.5, 0.56), (0.8, 0.86)], 0.05),
    ("2D channel 1 m by 0.1 m with two grooves in the floor, 50 mm wide and 30 mm deep, beginning 0.2 and 0.5 m "
     "from the inlet", [(0.2, 0.25), (0.5, 0.55)], 0.03),
])
def test_cavities_placed_by_where_each_starts(text: str, spans: list, depth: float) -> None:
    parts = _parts(text)
    assert [(a, b) for a, b, lo, hi in parts[1:]] == spans
    assert all(lo == -depth and hi == 0 for _, _, lo, hi in parts[1:])


@pytest.mark.parametrize("text, turn", [
    ("straight inlet leg 0.3 m along +x, straight outlet leg 0.3 m along -y", "right"),
    ("inlet leg 0.3 m along +x, outlet leg 0.3 m in the +y direction", "left"),
    ("the upstream leg runs in the positive x direction and the downstream leg towards negative y", "right"),
    ("the inlet arm runs in -y and the outlet arm in +x", "left"),
    ("inlet leg along +x, outlet leg along +x", None),  # no turn to read
])
def test_a_bend_turns_the_way_its_legs_point(text: str, turn: str | None) -> None:
    from tasks.geometry.text_blocks import bend_turn

    assert bend_turn("2D 90-degree channel bend; " + text) == turn


def test_a_right_bend_placed_by_its_legs_lies_where_they_are_said(tmp_path) -> None:
    import re

    from tasks.geometry.build import build_mesh

    spec = parse_geometry("2D 90-degree channel bend, width 0.05 m, inner radius 0.05 m, centre at origin; straight inlet "
                          "leg 0.3 m along +x (x -0.3..0, y 0.05..0.1), straight outlet leg 0.3 m along -y "
                          "(x 0.05..0.1, y -0.3..0); 5 mm cells")
    assert spec is not None and spec.shape == "bend" and spec.dimensions["turn"] == "right"
    build_mesh(spec, tmp_path)
    text = (tmp_path / "system/blockMeshDict").read_text()
    block = text[text.index("vertices"):text.index("blocks")]
    points = [tuple(float(v) for v in m.groups()) for m in re.finditer(r"\(\s*([-+\d.eE]+)\s+([-+\d.eE]+)\s+([-+\d.eE]+)\s*\)", block)]
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    assert (min(xs), max(xs), min(ys), max(ys)) == pytest.approx((-0.3, 0.1, -0.3, 0.1))
