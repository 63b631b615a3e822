"""A 2D channel whose obstacles are all axis-aligned rectangles, at least one standing on a wall or
hanging from it (plates, baffles, ribs, an orifice plate's two halves), laid out as the fluid cells of a
rectilinear block grid: every obstacle edge is a grid line, the blocks inside an obstacle are left out
(no mesh inside), and each obstacle's faces are their own wall patch. Pure functions; metres."""

from __future__ import annotations

import math

from tasks.geometry.blocks import UV, grid_section
from tasks.geometry.models import Sizing
from tasks.geometry.shape_blocks import EPS, Layout
from tasks.geometry.spec import GeometrySpec
from tasks.geometry.unstructured import _THIN as THIN
from tasks.geometry.unstructured import enclosure_sides

Box = tuple[float, float, float, float]  # x0, y0, x1, y1


def _boxes(spec: GeometrySpec) -> list[tuple[str, Box]]:
    """(patch name, box) of each obstacle, named as the Gmsh builder names them."""
    out = []
    for k, ob in enumerate(spec.obstacles):
        xs, ys = [p[0] for p in ob.outline()], [p[1] for p in ob.outline()]
        name = ob.name or (f"obstacle{k + 1}" if len(spec.obstacles) > 1 else "obstacle")
        out.append((name, (min(xs), min(ys), max(xs), max(ys))))
    return out


def block_obstacles(spec: GeometrySpec) -> bool:
    """The obstacles can be cut out of a block grid: all rectangles (or squares), one at least on a wall or two parts
    of one body."""
    if spec.shape != "channel_with_obstacles" or not spec.obstacles or \
            any(ob.kind not in ("rectangle", "square") for ob in spec.obstacles):
        return False
    if spec.dims.closed or spec.dims.u_turn or spec.dims.split_inlet:
        return True  # blocks in an enclosure: hexahedra that the buoyant solvers run on, wherever the blocks sit
    names = [ob.name for ob in spec.obstacles if ob.name]
    if len(set(names)) < len(names):
        return True  # a body and the plate fixed to it (one name, two rectangles that touch): one solid cut out of the grid
    height = spec.dims.height
    return any(b[1] <= EPS * height or b[3] >= height * (1 - EPS) for _, b in _boxes(spec))


def grid_lines(values: list[float]) -> list[float]:
    """The distinct grid lines among `values`, in order."""
    out: list[float] = []
    for v in sorted(values):
        if not out or v - out[-1] > EPS * max(1.0, abs(v)):
            out.append(v)
    return out


def span_cells(spans: list[float], sz: Sizing, direction: int) -> list[int]:
    """Cells on each span of one direction: the requested counts spread over them, else the cell size;
    at least two cells on every span."""
    counts = sz.along(spans, direction) if sz.cells else [math.ceil(s / sz.h - 1e-9) for s in spans]
    return [max(2, n) for n in counts]


def obstacle_grid_layout(spec: GeometrySpec, sz: Sizing) -> Layout:
    """The channel (x 0..length, y 0..height) minus its rectangular obstacles as a block grid."""
    d = spec.dims
    boxes = _boxes(spec)
    xs = grid_lines([0.0, d.length] + [v for _, b in boxes for v in (b[0], b[2])])
    ys = grid_lines([0.0, d.height] + [v for _, b in boxes for v in (b[1], b[3])])

    def solid(i: int, j: int) -> bool:
        cx, cy = (xs[i] + xs[i + 1]) / 2, (ys[j] + ys[j + 1]) / 2
        return any(b[0] < cx < b[2] and b[1] < cy < b[3] for _, b in boxes)

    nx = span_cells([b - a for a, b in zip(xs, xs[1:])], sz, 0)
    ny = span_cells([b - a for a, b in zip(ys, ys[1:])], sz, 1)
    section = grid_section(xs, ys, lambda i, j: not solid(i, j), nx, ny, [1.0] * len(nx), [1.0] * len(ny))

    sides, ends = {"left": "inlet", "right": "outlet", "bottom": "walls", "top": "walls"}, {"inlet": ("patch", "inlet"),
                                                                                          "outlet": ("patch", "outlet"),
                                                                                          "walls": ("wall", "wall")}
    if d.closed:  # an enclosure: each side its own wall (a moving lid a moving wall), as the Gmsh builder names them
        sides, ends = enclosure_sides(list(d.moving_walls or []))

    if d.u_turn:  # the divided end: inlet on the lower leg, outlet on the upper; the far end a wall
        sides = {"left": "walls", "right": "walls", "bottom": "walls", "top": "walls"}
    legs = u_turn_legs(spec) if d.u_turn else None
    split = split_legs(spec) if d.split_inlet else None
    if split is not None:  # a splitter plate: two inlet patches, one each side of the body touching the inlet end
        ends = {"inletLower": ("patch", "inlet"), "inletUpper": ("patch", "inlet"), "outlet": ("patch", "outlet"),
                "walls": ("wall", "wall")}

    def classify(a: UV, b: UV) -> str:
        mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
        end = "left" if abs(a[0]) < EPS and abs(b[0]) < EPS else "right" if \
            abs(a[0] - d.length) < EPS and abs(b[0] - d.length) < EPS else None
        if end == "left" and split is not None:
            return "inletLower" if my < split[0] else "inletUpper"
        if end is not None and legs is not None and end == d.u_turn:
            lower, upper = ("outlet", "inlet") if d.inlet_leg == "upper" else ("inlet", "outlet")
            return lower if my < legs[0] else upper if my > legs[1] else sides[end]
        if end is not None:
            return sides[end]
        for name, (x0, y0, x1, y1) in boxes:
            if x0 - EPS <= mx <= x1 + EPS and y0 - EPS <= my <= y1 + EPS and EPS < my < d.height - EPS:
                return name
        return sides["bottom"] if my < d.height / 2 else sides["top"]

    names = [n for n, _ in boxes]
    types = {**{n: t for n, (t, _) in ends.items()}, **{n: "wall" for n in names}}
    roles = {**{n: r for n, (_, r) in ends.items()}, **{n: "body" for n in names}}
    said = "; ".join(f"{n} x = {b[0]:g} to {b[2]:g}, y = {b[1]:g} to {b[3]:g}" for n, b in boxes)
    ends_said = ("Closed: no inlet or outlet, each side its own wall patch." if d.closed else
                 f"U-turn: the {d.u_turn} end split by the divider, the {d.inlet_leg or 'lower'} leg the inlet and the other "
                 f"the outlet "
                 f"(below y = {legs[0]:g}, above y = {legs[1]:g}); the other end and the long sides are walls." if legs else
                 f"Split inlet: the body touching x = 0 divides it into two streams, inletLower (y = 0 to {split[0]:g}) and "
                 f"inletUpper (y = {split[1]:g} to {d.height:g}); outlet at x = length, walls top and bottom." if split else
                 "Inlet at x = 0, outlet at x = length, walls top and bottom.")
    notes = [f"Channel {d.length:g} m long (x = 0 to {d.length:g}) and {d.height:g} m high (y = 0 to {d.height:g}) "
             f"meshed as a block grid with the rectangular obstacles cut out (no cells inside; each obstacle's faces "
             f"are its own wall patch): {said}. " + ends_said]
    # the Reynolds length: the smallest obstacle's size, a thin plate's on its height (as the Gmsh builder takes it)
    sizes = [max(min(b[2] - b[0], b[3] - b[1]), max(b[2] - b[0], b[3] - b[1]) / THIN) for _, b in boxes]
    return Layout(section, classify, types, roles, min(sizes), notes)  # type: ignore[arg-type]


def split_legs(spec: GeometrySpec) -> tuple[float, float]:
    """The lower and upper y of the body that splits a channel's inlet end (x = 0) into two streams."""
    touching = [b for _, b in _boxes(spec) if abs(b[0]) < EPS * max(1.0, spec.dims.length)]
    if len(touching) != 1:
        raise ValueError("a split inlet needs one rectangular body touching the inlet end (x = 0)")
    return touching[0][1], touching[0][3]


def u_turn_legs(spec: GeometrySpec) -> tuple[float, float]:
    """The lower and upper y of the divider that splits a U-turn's end (the obstacle touching that end): the inlet is
    below it, the outlet above."""
    d = spec.dims
    x_end = 0.0 if d.u_turn == "left" else d.length
    touching = [b for _, b in _boxes(spec) if min(abs(b[0] - x_end), abs(b[2] - x_end)) < EPS * max(1.0, d.length)]
    if not touching:
        raise ValueError(f"a U-turn needs a divider touching its {d.u_turn} end (x = {x_end:g})")
    return touching[0][1], touching[0][3]
