"""Session 25: thin internal walls attached to a boundary (a baffle hanging from a tank's lid down to a level, a
partition standing on a heated cavity's floor, a divider from an end wall making a U-turn): the body cut out of the
block grid, the rest of the geometry as stated, a U-turn's inlet and outlet on the two legs of the same end."""

from __future__ import annotations

from pathlib import Path

import pytest
from foamlib import FoamFile

from tasks.geometry.build import build_mesh
from tasks.geometry.text import parse_geometry
from tasks.geometry.text_mesh import mesh_request


def _box(text: str) -> tuple[tuple[float, float, float, float], dict]:
    spec = parse_geometry(text)
    assert spec is not None and spec.shape == "channel_with_obstacles" and not any(spec.origin), spec
    assert len(spec.obstacles) == 1, spec.obstacles
    pts = spec.obstacles[0].outline()
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    return (min(xs), max(xs), min(ys), max(ys)), spec.dimensions


@pytest.mark.parametrize(("text", "domain", "box", "closed"), [
    # a range along the lid and the level its lower edge reaches; a tank is closed
    ("A closed tank 1.4 m long and 0.9 m high. A baffle hangs from the top between x = 0.7 and 0.74 m, down to y = 0.3 m.",
     (1.4, 0.9), (0.7, 0.74, 0.3, 0.9), True),
    # its face placed from the inlet, its lower edge above the floor (an open channel: inlet and outlet stated)
    ("2D channel 2.5 m long and 0.35 m high, inlet on the left, outlet on the right. A plate 3 cm thick hangs from the "
     "ceiling with its upstream face 1.1 m from the inlet and its lower edge 0.15 m above the floor.",
     (2.5, 0.35), (1.1, 1.13, 0.15, 0.35), False),
    # a heated cavity whose partition's range would otherwise be read as the cavity's place and size
    ("Heated square cavity of side 0.14 m: left wall 325 K, right wall 305 K. A partition 6 mm thick, 70 mm high, stands "
     "on the floor at x 67..73 mm.", (0.14, 0.14), (0.067, 0.073, 0.0, 0.07), True),
    # terse, the cavity's side said once after its noun, the partition placed by its centre
    ("cavity square 18 cm, hot wall is right 330 K, cold wall left 300 K, there is baffle stand on floor, 4 mm thick, "
     "8 cm high, in x=6 cm (center)", (0.18, 0.18), (0.058, 0.062, 0.0, 0.08), True),
])
def test_attached_body_and_domain(text: str, domain: tuple[float, float], box: tuple, closed: bool) -> None:
    got, dims = _box(text)
    assert (dims["length"], dims["height"]) == pytest.approx(domain)
    assert got == pytest.approx(box, abs=1e-9)
    assert bool(dims.get("closed")) is closed


def _patch_ys(case: Path, name: str) -> list[tuple[float, float]]:
    """(x, y) of every vertex of the patch's faces, from the written blockMeshDict parsed back."""
    mesh = FoamFile(case / "system/blockMeshDict")
    scale = float(mesh.get("convertToMeters", mesh.get("scale", 1.0)))  # type: ignore[arg-type]
    vertices = [tuple(float(c) * scale for c in v) for v in mesh["vertices"]]  # type: ignore[union-attr]
    boundary = mesh["boundary"]
    entries = dict(boundary) if not isinstance(boundary, list) else {k: v for k, v in boundary}  # type: ignore[misc]
    return [(vertices[i][0], vertices[i][1]) for face in entries[name]["faces"] for i in face]


@pytest.mark.parametrize(("text", "end_x", "inlet_below"), [
    ("A hairpin channel 1.1 m long and 0.14 m high with a 10 mm divider on the centreline from x = 0 to 0.9 m; inlet on "
     "the lower leg and outlet on the upper leg of the left end wall.", 0.0, True),
    ("U-turn channel 0.8 m long, 0.1 m high; a 4 mm divider along the centreline from x = 0.12 m to the right end wall; "
     "the inlet is the upper leg and the outlet the lower leg, both at the right end.", 0.8, False),
])
def test_u_turn_legs(tmp_path: Path, text: str, end_x: float, inlet_below: bool) -> None:
    spec = parse_geometry(text)
    assert spec is not None and spec.dims.u_turn == ("left" if end_x == 0 else "right")
    (x0, x1, y0, y1), = [(min(p[0] for p in o.outline()), max(p[0] for p in o.outline()),
                          min(p[1] for p in o.outline()), max(p[1] for p in o.outline())) for o in spec.obstacles]
    assert min(abs(x0 - end_x), abs(x1 - end_x)) < 1e-9  # the divider starts at the end wall
    build = build_mesh(spec, tmp_path)
    assert build.flow_direction[0] == (1.0 if end_x == 0 else -1.0)
    inlet, outlet = _patch_ys(tmp_path, "inlet"), _patch_ys(tmp_path, "outlet")
    assert all(abs(x - end_x) < 1e-9 for x, _ in inlet + outlet)  # both on the same end
    below, above = (inlet, outlet) if inlet_below else (outlet, inlet)
    assert all(y <= y0 + 1e-9 for _, y in below) and all(y >= y1 - 1e-9 for _, y in above)
    far = _patch_ys(tmp_path, "walls")
    assert any(abs(x - (spec.dims.length - end_x)) < 1e-9 for x, _ in far)  # the far end is a wall


def test_mesh_counts_ending_a_sentence() -> None:
    assert mesh_request("cold wall at 290 K. Mesh 120 x 80.") == {"cells": [120, 80]}
    assert mesh_request("a grid 100 x 20.5 mm") == {}
