"""Several moving walls: each wall a request moves becomes its own patch with its own velocity (direction words,
"opposite", "the same speed", a minus sign), in cavities of any proportion and in channels (Couette flow)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tasks.edit.parametric import plan_parametric
from tasks.foam import dictionary as fd
from tasks.geometry.spec import GeometrySpec
from tasks.geometry.structured import build_structured
from tasks.geometry.text import parse_geometry
from tasks.geometry.text_colon_ratio import plain_colon_ratios
from tasks.geometry.text_moving_walls import moving_patches, wall_motions, written_speeds
from tasks.plan.request import build_context
from tasks.plan.stated import read_stated

TUTORIALS = Path("/usr/share/doc/openfoam-examples/examples")

# (request, {side: velocity (x, y)}): terse, verbose, other units / word order, non-native
MOTIONS = [
    ("top lid +x 0.1 m/s, bottom lid -x 0.1 m/s", {"top": (0.1, 0), "bottom": (-0.1, 0)}),
    ("The top lid moves right at 0.1 m/s and the bottom lid moves left at the same speed.",
     {"top": (0.1, 0), "bottom": (-0.1, 0)}),
    ("Both lids slide in opposite directions at 5 cm/s.", {"top": (0.05, 0), "bottom": (-0.05, 0)}),
    ("Double-lid driven cavity: upper and lower lids moving in opposite directions with the same speed of 0.5 m/s",
     {"top": (0.5, 0), "bottom": (-0.5, 0)}),
    ("lid moves at 2 in/s to the right, and the floor moves at 2 in/s to the left",
     {"top": (0.0508, 0), "bottom": (-0.0508, 0)}),
    ("top wall velocity 1 m/s, bottom wall velocity -1 m/s", {"top": (1, 0), "bottom": (-1, 0)}),
    ("the top wall moves to the right at 2 cm/s, the bottom one left at the same speed",
     {"top": (0.02, 0), "bottom": (-0.02, 0)}),
    ("cavity 0.1 m, the left wall moves up at 1 m/s, the other walls are fixed", {"left": (0, 1)}),
    ("the right wall slides downward at 30 cm/s while the other walls stay stationary", {"right": (0, -0.3)}),
    ("Couette flow: upper plate moves at 0.2 m/s in +x, lower plate -x at 0.1 m/s",
     {"top": (0.2, 0), "bottom": (-0.1, 0)}),
    ("the lid of the cavity slides at 1 m/s", {"top": (1, 0)}),
    ("lid moves to the left with 0,5 ft/s".replace("0,5", "0.5"), {"top": (-0.1524, 0)}),
    # no wall moved
    ("2D channel 1 m x 0.1 m, top and bottom walls fixed, inlet velocity 1 m/s", {}),
    ("channel 1 m x 0.1 m, inlet 1 m/s, flow moving along the bottom wall", {}),
    ("channel with an inlet velocity of 2 m/s; the upper wall is stationary", {}),
]


@pytest.mark.parametrize("text, expected", MOTIONS)
def test_wall_motions(text: str, expected: dict[str, tuple[float, float]]) -> None:
    found = {m.side: m.vector()[:2] for m in wall_motions(text, written_speeds(text))}
    assert found.keys() == expected.keys()
    for side, (vx, vy) in expected.items():
        assert found[side] == pytest.approx((vx, vy), abs=1e-9)


@pytest.mark.parametrize("patches, expected", [
    ({"movingWall": "moving_wall", "fixedWalls": "wall"}, ["movingWall"]),  # one lid: the tutorial's patch
    ({"top": "moving_wall", "bottom": "moving_wall", "fixedWalls": "wall"}, ["top", "bottom"]),
    ({"inlet": "inlet", "outlet": "outlet", "top": "top", "bottom": "bottom"}, ["top", "bottom"]),  # a channel
    ({"floor": "hot_wall", "ceiling": "cold_wall"}, []),  # walls named otherwise: not these
])
def test_moving_patches(patches: dict[str, str], expected: list[str]) -> None:
    text = "the top lid moves right at 0.1 m/s and the bottom lid moves left at the same speed"
    assert [n for n, _ in moving_patches(text, written_speeds(text), patches)] == \
        [n for n in expected if n != "bottom" or "bottom" in patches]


# (request, width, height, moving walls)
CAVITIES = [
    ("Lid-driven cavity 0.15 m wide and 0.1 m high. The top lid moves right at 0.1 m/s and the bottom lid moves "
     "left at the same speed.", 0.15, 0.1, ["top", "bottom"]),
    ("Cavity 6 in wide, 4 in high. Top wall moves left at 0.5 ft/s and bottom wall moves right at 0.5 ft/s.",
     0.1524, 0.1016, ["top", "bottom"]),
    ("I would like a cavity 2 cm wide and 3 cm tall where the left wall moves up at 1 cm/s while the other walls "
     "stay fixed", 0.02, 0.03, ["left"]),
    ("lid-driven cavity 0.1 m x 0.1 m, the lid moves to the left at 1 m/s", 0.1, 0.1, ["top"]),  # not the tutorial's
    ("lid-driven cavity with aspect ratio 1.5:1 (width:height), height 0.1 m, lid 1 m/s", 0.15, 0.1, None),
    ("lid-driven cavity, height:width = 1:1.5, 10 cm high, lid moves at 1 m/s", 0.15, 0.1, None),
    ("a 1.5:1 lid-driven cavity (width to height), 15 cm wide, lid 2 cm/s", 0.15, 0.1, None),
    ("A 3:2 (W:H) lid-driven cavity 6 in wide, lid 1 ft/s", 0.1524, 0.1016, None),
    ("lid-driven cavity of aspect ratio 1.5 (height/width), width 0.1 m, lid 1 m/s", 0.1, 0.15, None),
]


@pytest.mark.parametrize("text, width, height, moving", CAVITIES)
def test_cavity_extents_and_walls(text: str, width: float, height: float, moving: list[str] | None) -> None:
    spec = parse_geometry(text)
    assert spec is not None and spec.shape == "lid_driven_cavity"
    assert (spec.dims.width, spec.dims.height) == pytest.approx((width, height), rel=1e-9)
    assert spec.dims.moving_walls == moving
    st = build_structured(spec)
    (x0, x1), (y0, y1) = st.model.bounds()[:2]
    assert (x0, x1, y0, y1) == pytest.approx((0, width, 0, height), abs=1e-12)
    movers = sorted(n for n, r in st.roles.items() if r == "moving_wall")
    assert movers == (["movingWall"] if moving in (None, ["top"]) else sorted(moving))


@pytest.mark.parametrize("text, expected", [
    ("aspect ratio 1.5:1 (width:height), height 0.1 m", "aspect ratio (width/height) 1.5, height 0.1 m"),
    ("cavity, height to width 1:1.5, 10 cm high", "cavity, (width/height) 1.5, 10 cm high"),
    ("a 1.5:1 cavity (width to height), 15 cm wide", "a cavity (width/height) 1.5, 15 cm wide"),
    ("at 12:30 the W and H", "at 12:30 the W and H"),  # no ratio
    ("nu 1e-5, ratio 1.5:1", "nu 1e-5, ratio 1.5:1"),  # sizes not named: left to the aspect-ratio reader
])
def test_plain_colon_ratios(text: str, expected: str) -> None:
    assert plain_colon_ratios(text) == expected


def _u_values(case: Path) -> dict[str, str]:
    text = (case / "0/U").read_text()
    return {p: fd.get(text, ["boundaryField", p, "value"]) or fd.get(text, ["boundaryField", p, "type"]) or ""
            for p in fd.keys(text, ["boundaryField"])}


@pytest.mark.skipif(not TUTORIALS.is_dir(), reason="the OpenFOAM tutorials are not installed")
@pytest.mark.parametrize("text, expected", [
    ("Lid-driven cavity 0.15 m wide and 0.1 m high, icoFoam, nu 1e-5. The top lid moves right at 0.1 m/s and the "
     "bottom lid moves left at the same speed. 30x20 cells, run to 1 s.",
     {"top": "uniform (0.1 0 0)", "bottom": "uniform (-0.1 0 0)", "fixedWalls": "noSlip"}),
    ("Square cavity of side 10 cm; both lids slide in opposite directions at 5 cm/s; water nu 1e-6; icoFoam; "
     "40x40 cells; 20 s", {"top": "uniform (0.05 0 0)", "bottom": "uniform (-0.05 0 0)"}),
    ("lid-driven cavity 0.1 m x 0.1 m, the lid moves to the left at 1 m/s, nu 0.01, icoFoam, 20x20 cells, 0.5 s",
     {"movingWall": "uniform (-1 0 0)"}),
    ("icoFoam cavity 2 cm x 3 cm (W x H), left wall moving up at 1 cm/s, nu 1e-5, 20 by 30 cells, 10 s",
     {"left": "uniform (0 0.01 0)"}),
    ("Plane Couette flow between two plates 1 m long and 10 mm apart, icoFoam, nu 1e-4; the upper plate moves at "
     "0.02 m/s in +x and the lower plate in the -x direction at 0.02 m/s; 50x10 cells; run to 5 s",
     {"top": "uniform (0.02 0 0)", "bottom": "uniform (-0.02 0 0)", "inlet": "uniform (0 0 0)"}),
])
def test_planned_wall_velocities(text: str, expected: dict[str, str]) -> None:
    ctx = build_context(text, TUTORIALS)
    spec = parse_geometry(ctx.text)
    assert isinstance(spec, GeometrySpec)
    manifest = plan_parametric(ctx, spec, read_stated(ctx.text))
    values = _u_values(Path(manifest.base_tutorial))
    for patch, value in expected.items():
        assert " ".join(values[patch].split()) == value
    bound = {(b.file, tuple(b.entry)) for b in manifest.bindings}
    assert all(("0/U", ("boundaryField", p, "value")) in bound for p, v in expected.items() if v.startswith("uniform")
               and p != "inlet" and v != "uniform (0 0 0)")
