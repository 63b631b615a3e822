"""A T- or Y-junction's blocks: a main channel along x (y from 0 to its width) and one branch off its top or
bottom wall (in 3D also off its +z or -z face), square to it (a T) or leaning at an angle (a Y). Flow enters at
the main channel's start (a dividing tee), there and by the branch (a combining tee), or by the branch alone,
both ends of the run outlets. 2D one cell thick, or extruded across z (shape_3d). Pure functions; metres."""

from __future__ import annotations

import math
from typing import Callable

from tasks.geometry.blocks import UV, BlockMeshModel, Sweep, grid_section, sweep, toward
from tasks.geometry.models import Sizing
from tasks.geometry.shape_3d import SIDE_WALLS, extruded_depth, span_sweep
from tasks.geometry.spec import GeometrySpec

EPS = 1e-9


def branch_footprint(width: float, angle: float) -> float:
    """The length of main-channel wall a branch `width` wide opens, leaning `angle` degrees from the wall."""
    return width / math.sin(math.radians(angle))


def tee_mesh(spec: GeometrySpec, sz: Sizing) -> tuple[BlockMeshModel, dict[str, str], list[str]]:
    """The junction's blockMesh model, each open patch's role and the sentences saying where things are.

    Three blocks run along the main channel (before, under and after the branch) and one block forms the branch;
    the branch's far end is cut parallel to the main channel at `branch_length` along its centreline, so an
    angled branch is a parallelogram that leans downstream (angle < 90) or upstream (angle > 90)."""
    d = spec.dims
    angle = d.branch_angle
    z_face = d.branch_face is not None and not spec.two_d
    across = extruded_depth(spec)[0] if z_face else d.width  # the main duct across the branch's foot
    xb = d.branch_position if d.branch_position is not None else d.length / 2
    half = branch_footprint(d.branch_width, angle) / 2
    xs = [0.0, xb - half, xb + half, d.length]
    rise = d.branch_length * math.sin(math.radians(angle))
    lean = d.branch_length * math.cos(math.radians(angle))
    below = d.branch_face == "-z" if z_face else d.branch_below  # its rows first, the main duct's from 0 kept
    ys = [-rise, 0.0, across] if below else [0.0, across, across + rise]
    end_row = 0 if below else 2

    def position(i: int, j: int) -> UV:
        """A grid vertex, the branch's far end moved along the branch's lean."""
        return (xs[i] + lean, ys[j]) if j == end_row and i in (1, 2) else (xs[i], ys[j])

    nx = sz.along([xs[1], 2 * half, d.length - xs[2]], 0)
    ny = sz.along([d.branch_length, across] if below else [across, d.branch_length], 1)
    g = sz.wall_grading
    gx = [1.0, toward("both", g, nx[1]), 1.0]
    main = 1 if below else 0
    gy = [toward("both", g, ny[main]) if j == main else 1.0 for j in range(2)]
    section = grid_section(xs, ys, lambda i, j: j == main or i == 1, nx, ny, gx, gy, position)
    ends, branch = _OPENINGS[d.feed]
    names = {"left": ends[0], "right": ends[1], "bottom" if below else "top": branch}
    types = {ends[0]: "patch", ends[1]: "patch", branch: "patch"}
    if z_face:  # the section lies in x-z and is swept down y over the duct's height (a rotation: blocks stay right-handed)
        z0, ny_up = spec.span.z_start, spec.span.cells or sz.along([d.width], 2)[0]
        how = Sweep(lambda u, v, w: (u, d.width * (1 - w), z0 + v), ny_up, toward("both", g, ny_up), SIDE_WALLS, SIDE_WALLS)
        model = sweep(section, how, _by_side(xs, ys, names), {**types, SIDE_WALLS: "wall"})
    else:
        model = span_sweep(spec, section, _by_side(xs, ys, names), types, sz)
    side = f"{d.branch_face} face" if z_face else "bottom wall" if below else "top wall"
    flow = {"both": "Inlets at the left of the main channel and at the far end of the branch (branchInlet, combining "
                    "flow); the outlet at the main channel's right end",
            "branch": "Inlet at the far end of the branch (inlet); outlets at both ends of the main channel (outlet1 "
                      "at the left, outlet2 at the right)",
            "main": "Inlet at the left of the main channel; outlets at its right end and at the far end of the branch"}[d.feed]
    notes = [f"{flow}; the branch joins the main channel's {side}"
             f"{' (below the main channel)' if below and not z_face else ''}."]
    if angle != 90:
        notes.append(f"The branch leans at {angle:g} degrees to the main channel (a Y-junction), "
                     f"{'downstream' if angle < 90 else 'upstream'}; its centreline meets the wall at x = {xb:g} m and "
                     f"its end, cut parallel to the main channel, lies {d.branch_length:g} m along it.")
    if d.branch_position is None:
        notes.append(f"Branch at mid-length (x = {xb:g} m).")
    fed = {"main": (ends[0],), "both": (ends[0], branch), "branch": (branch,)}[d.feed]
    roles = {name: "inlet" if name in fed else "outlet" for name in (*ends, branch)}
    return model, roles, notes


# the patch names of the main channel's two ends (left, right) and of the branch's end, by where flow enters
_OPENINGS = {"main": (("inlet", "outlet"), "branchOutlet"), "both": (("inlet", "outlet"), "branchInlet"),
             "branch": (("outlet1", "outlet2"), "inlet")}


def _by_side(xs: list[float], ys: list[float], names: dict[str, str]) -> Callable[[UV, UV], str]:
    """Name a boundary edge by the side of the junction's bounding box it lies on, else a wall."""
    def classify(a: UV, b: UV) -> str:
        for side, axis, at in (("left", 0, xs[0]), ("right", 0, xs[-1]), ("bottom", 1, ys[0]), ("top", 1, ys[-1])):
            if abs(a[axis] - at) < EPS and abs(b[axis] - at) < EPS:
                return names.get(side, "walls")
        return "walls"
    return classify
