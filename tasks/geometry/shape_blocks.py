"""The sections of the 2D ducts built from a few straight (or arc-edged) blocks: a bend (curved, or a
sharp L- or U-bend), a channel with a cavity in its floor or ceiling, and a cross junction. Each comes
back as a `Layout`: the (u, v) section, how its boundary edges are named, the patch roles, the reference
length and the sentences saying how it was laid out. Pure functions; lengths in metres."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Callable

from tasks.geometry.blocks import UV, Grading, Quad, Section, grid_section, toward
from tasks.geometry.models import Role, Sizing
from tasks.geometry.spec_shapes import BendDims, CavityChannelDims, CrossJunctionDims, cavity_start

EPS = 1e-9
Segment = tuple[UV, UV]


@dataclass
class Layout:
    section: Section
    classify: Callable[[UV, UV], str]
    types: dict[str, str]
    roles: dict[str, Role]
    reference_length: float
    notes: list[str] = field(default_factory=list)


def _on(a: UV, b: UV, seg: Segment) -> bool:
    """Whether edge ab lies on the straight segment `seg`."""
    (x0, y0), (x1, y1) = seg
    length = math.hypot(x1 - x0, y1 - y0)
    for px, py in (a, b):
        cross = (x1 - x0) * (py - y0) - (y1 - y0) * (px - x0)
        t = ((px - x0) * (x1 - x0) + (py - y0) * (y1 - y0)) / (length * length)
        if abs(cross) > EPS * max(1.0, length) ** 2 or t < -EPS or t > 1 + EPS:
            return False
    return True


def by_segments(named: dict[str, list[Segment]], inner: str = "walls") -> Callable[[UV, UV], str]:
    """Name a boundary edge by the first named list of segments it lies on, else `inner`."""
    def classify(a: UV, b: UV) -> str:
        for name, segments in named.items():
            if any(_on(a, b, seg) for seg in segments):
                return name
        return inner
    return classify


_OPEN_ENDS = {"inlet": "patch", "outlet": "patch", "walls": "wall"}


# --- bend -----------------------------------------------------------------------------------


def bend_layout(d: BendDims, sz: Sizing) -> Layout:
    """A curved bend when an inner radius is given, else a sharp L- (90 degree) or U-bend (180); a bend turning
    right is the left-turning one mirrored (y -> -y)."""
    if d.inner_radius is not None:
        layout = _curved_bend(d, sz)
    else:
        layout = _sharp_l_bend(d, sz) if d.angle == 90 else _sharp_u_bend(d, sz)
    return _mirrored(layout) if d.turn == "right" else layout


def _reversed_grading(g: Grading) -> Grading:
    """The grading of a direction walked the other way (each section's ratio inverted, the sections reversed)."""
    if isinstance(g, (int, float)):
        return 1.0 / g
    return [[part[0], part[1], 1.0 / part[2]] for part in reversed(g)]


def _mirrored(layout: Layout) -> Layout:
    """`layout` mirrored about the x axis: every point's v negated, each quad's corners taken 1, 0, 3, 2 (still
    counter-clockwise, its first direction walked the other way), the edges named as their mirror images were."""
    flip = (lambda p: (p[0], -p[1]))
    sec = layout.section
    quads = [Quad((q.corners[1], q.corners[0], q.corners[3], q.corners[2]), q.cells,
                  (_reversed_grading(q.grading[0]), q.grading[1])) for q in sec.quads]
    classify = layout.classify
    notes = [n.replace("turning left", "turning right") for n in layout.notes] + \
        ["The bend turns right (clockwise): built mirrored about the x axis (the turn is toward -y)."]
    return Layout(Section([flip(p) for p in sec.points], quads, {e: flip(p) for e, p in sec.arcs.items()}),
                  lambda a, b: classify(flip(a), flip(b)), layout.types, layout.roles, layout.reference_length, notes)


def _curved_bend(d: BendDims, sz: Sizing) -> Layout:
    """Inlet leg along +x below the origin (y from -(r + w) to -r, ending at x = 0), the turn about the
    origin in arcs of at most 90 degrees, and the outlet leg along the turned direction."""
    r, w = d.inner_radius, d.width
    R = r + w
    k = max(1, math.ceil(d.angle / 90 - 1e-9))
    phis = [math.radians(-90 + d.angle * i / k) for i in range(k + 1)]
    outer = [(R * math.cos(p), R * math.sin(p)) for p in phis]
    inner = [(r * math.cos(p), r * math.sin(p)) for p in phis]
    tx, ty = math.cos(math.radians(d.angle)), math.sin(math.radians(d.angle))
    start = [(-d.inlet_length, -R), (-d.inlet_length, -r)]
    end = [(outer[-1][0] + d.outlet_length * tx, outer[-1][1] + d.outlet_length * ty),
           (inner[-1][0] + d.outlet_length * tx, inner[-1][1] + d.outlet_length * ty)]
    points = start + outer + inner + end  # 0,1 | 2..2+k | 3+k..3+2k | 4+2k, 5+2k
    o, i_ = (lambda n: 2 + n), (lambda n: 3 + k + n)
    arc = math.radians(d.angle / k) * (r + w / 2)
    along = sz.along([d.inlet_length] + [arc] * k + [d.outlet_length], 0)
    n_w = sz.along([w], 1)[0] if sz.cells else max(2, math.ceil(w / sz.h - 1e-9))
    across = toward("both", sz.wall_grading, n_w)
    quads = [Quad((0, o(0), i_(0), 1), (along[0], n_w), (1.0, across))]
    arcs: dict[frozenset[int], UV] = {}
    for n in range(k):
        quads.append(Quad((o(n), o(n + 1), i_(n + 1), i_(n)), (along[1 + n], n_w), (1.0, across)))
        mid = (phis[n] + phis[n + 1]) / 2
        arcs[frozenset((o(n), o(n + 1)))] = (R * math.cos(mid), R * math.sin(mid))
        arcs[frozenset((i_(n), i_(n + 1)))] = (r * math.cos(mid), r * math.sin(mid))
    quads.append(Quad((o(k), 4 + 2 * k, 5 + 2 * k, i_(k)), (along[-1], n_w), (1.0, across)))
    classify = by_segments({"inlet": [(start[0], start[1])], "outlet": [(end[0], end[1])]})
    notes = [f"Curved {d.angle:g} degree bend of width {w:g} m turning left about the origin: inner radius {r:g} m, "
             f"outer {R:g} m (centreline {r + w / 2:g} m); inlet leg {d.inlet_length:g} m along +x ending at x = 0, "
             f"outlet leg {d.outlet_length:g} m; the arcs are blockMesh arc edges."]
    return Layout(Section(points, quads, arcs), classify, dict(_OPEN_ENDS), {"inlet": "inlet", "outlet": "outlet"}, w,
                  notes)


def _sharp_l_bend(d: BendDims, sz: Sizing) -> Layout:
    """Inlet leg y in [0, w] from x = -inlet_length to 0, the corner square [0, w] x [0, w], the outlet leg
    up from y = w to w + outlet_length."""
    w = d.width
    xs, ys = [-d.inlet_length, 0.0, w], [0.0, w, w + d.outlet_length]
    along = sz.along([d.inlet_length, d.outlet_length], 0)
    n_w = sz.along([w], 1)[0] if sz.cells else max(2, math.ceil(w / sz.h - 1e-9))
    across = toward("both", sz.wall_grading, n_w)
    section = grid_section(xs, ys, lambda i, j: (i, j) in ((0, 0), (1, 0), (1, 1)), [along[0], n_w], [n_w, along[1]],
                           [1.0, across], [across, 1.0])
    classify = by_segments({"inlet": [((xs[0], 0.0), (xs[0], w))], "outlet": [((0.0, ys[-1]), (w, ys[-1]))]})
    notes = [f"Sharp (mitred) 90 degree L-bend of width {w:g} m: inlet leg {d.inlet_length:g} m along +x "
             f"(x = {xs[0]:g} to 0, y = 0 to {w:g}), a {w:g} m corner square, outlet leg {d.outlet_length:g} m "
             f"up +y (to y = {ys[-1]:g}); no inner radius was given."]
    return Layout(section, classify, dict(_OPEN_ENDS), {"inlet": "inlet", "outlet": "outlet"}, w, notes)


def _sharp_u_bend(d: BendDims, sz: Sizing) -> Layout:
    """A 180 degree U-bend with square corners: the inlet leg along +x at y in [0, w], the turn at
    x in [0, w], the outlet leg back along -x at y in [w + s, 2w + s] (s the leg spacing)."""
    w, s = d.width, d.leg_spacing or d.width
    l1, l2 = d.inlet_length, d.outlet_length
    xs = sorted({-l1, -l2, 0.0, w})
    ys = [0.0, w, w + s, 2 * w + s]
    reach = {0: -l1, 1: 0.0, 2: -l2}  # each row's fluid starts at this x
    legs = [b - a for a, b in zip(xs, xs[1:-1])]
    along = sz.along(legs + [s], 0)
    n_w = sz.along([w], 1)[0] if sz.cells else max(2, math.ceil(w / sz.h - 1e-9))
    across = toward("both", sz.wall_grading, n_w)
    section = grid_section(xs, ys, lambda i, j: xs[i] >= reach[j] - EPS, along[:-1] + [n_w], [n_w, along[-1], n_w],
                           [1.0] * len(legs) + [across], [across, 1.0, across])
    classify = by_segments({"inlet": [((-l1, 0.0), (-l1, w))], "outlet": [((-l2, w + s), (-l2, 2 * w + s))]})
    notes = [f"Sharp 180 degree U-bend of width {w:g} m: inlet leg {l1:g} m along +x (y = 0 to {w:g}), the turn at "
             f"x = 0 to {w:g}, outlet leg {l2:g} m back along -x (y = {w + s:g} to {2 * w + s:g}); legs {s:g} m apart"
             + ("." if d.leg_spacing else " (the spacing not given: one duct width).")]
    return Layout(section, classify, dict(_OPEN_ENDS), {"inlet": "inlet", "outlet": "outlet"}, w, notes)


# --- channel with a cavity ---------------------------------------------------------------------------


def cavity_channel_layout(d: CavityChannelDims, sz: Sizing) -> Layout:
    """Channel x in [0, length], y in [0, height]; the cavity below the floor (or above the ceiling)."""
    x0 = cavity_start(d)
    x1 = x0 + d.cavity_width
    H, D = d.height, d.cavity_depth
    floor = d.cavity_wall == "floor"
    xs = [0.0, x0, x1, d.length]
    ys = [-D, 0.0, H] if floor else [0.0, H, H + D]
    channel_row = 1 if floor else 0
    nx = sz.along([x0, d.cavity_width, d.length - x1], 0)
    ny = sz.along([D, H] if floor else [H, D], 1)
    g = sz.wall_grading
    gx = [1.0, toward("both", g, nx[1]), 1.0]
    gy = [toward("low", g, ny[0]), toward("both", g, ny[1])] if floor else \
        [toward("both", g, ny[0]), toward("high", g, ny[1])]
    section = grid_section(xs, ys, lambda i, j: j == channel_row or i == 1, nx, ny, gx, gy)
    classify = by_segments({"inlet": [((0.0, 0.0), (0.0, H))], "outlet": [((d.length, 0.0), (d.length, H))],
                            "top": [((0.0, H), (x0, H)), ((x1, H), (d.length, H))] if not floor else [((0.0, H), (d.length, H))],
                            "bottom": [((0.0, 0.0), (x0, 0.0)), ((x1, 0.0), (d.length, 0.0))] if floor
                            else [((0.0, 0.0), (d.length, 0.0))]}, inner="cavity")
    types = {"inlet": "patch", "outlet": "patch", "top": "wall", "bottom": "wall", "cavity": "wall"}
    where = f"y = -{D:g} to 0" if floor else f"y = {H:g} to {H + D:g}"
    notes = [f"Channel {d.length:g} m long (x = 0 to {d.length:g}) and {H:g} m high (y = 0 to {H:g}) with a cavity "
             f"{d.cavity_width:g} m wide and {D:g} m deep in the {d.cavity_wall} at x = {x0:g} to {x1:g}, {where}"
             + ("" if d.cavity_start is not None else " (its position not given: centred along the channel)")
             + "; the cavity's walls are the patch 'cavity'."]
    return Layout(section, classify, types, {"inlet": "inlet", "outlet": "outlet", "top": "top", "bottom": "bottom"}, H,
                  notes)


# --- cross junction --------------------------------------------------------------------------------


def cross_layout(d: CrossJunctionDims, sz: Sizing) -> Layout:
    """The crossing square centred at the origin; the main channel along x, the cross channel along y."""
    w, bw = d.width, d.branch_width or d.width
    a, b = d.arm_length, d.branch_arm_length or d.arm_length
    xs = [-bw / 2 - a, -bw / 2, bw / 2, bw / 2 + a]
    ys = [-w / 2 - b, -w / 2, w / 2, w / 2 + b]
    nx, ny = sz.along([a, bw, a], 0), sz.along([b, w, b], 1)
    g = sz.wall_grading
    section = grid_section(xs, ys, lambda i, j: i == 1 or j == 1, nx, ny, [1.0, toward("both", g, nx[1]), 1.0],
                           [1.0, toward("both", g, ny[1]), 1.0])
    classify = by_segments({"inlet": [((xs[0], ys[1]), (xs[0], ys[2]))], "outlet": [((xs[-1], ys[1]), (xs[-1], ys[2]))],
                            "branchTop": [((xs[1], ys[-1]), (xs[2], ys[-1]))],
                            "branchBottom": [((xs[1], ys[0]), (xs[2], ys[0]))]})
    types = {"inlet": "patch", "outlet": "patch", "branchTop": "patch", "branchBottom": "patch", "walls": "wall"}
    notes = [f"Cross junction centred at the origin: main channel {w:g} m wide along x (arms {a:g} m from the crossing), "
             f"cross channel {bw:g} m wide along y (arms {b:g} m); inlet at the left end, outlets at the right "
             f"(outlet), top (branchTop) and bottom (branchBottom)."]
    if d.inlets != ["inlet"]:
        notes.append(f"Flow enters by {', '.join(d.inlets)} and leaves by the other arms, as requested.")
    roles = {arm: "inlet" if arm in d.inlets else "outlet" for arm in ("inlet", "outlet", "branchTop", "branchBottom")}
    return Layout(section, classify, types, roles, min(w, bw), notes)


LAYOUTS: dict[str, Callable[..., Layout]] = {
    "bend": bend_layout, "channel_with_cavity": cavity_channel_layout, "cross_junction": cross_layout,
}
