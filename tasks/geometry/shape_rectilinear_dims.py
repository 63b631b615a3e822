"""Dimensions of a 2D domain that is a union of axis-aligned rectangles (a channel with a row of pockets in its
floor, a duct whose height steps several times, a slot feeding a box, parts given as x and y ranges), and the
checks that refuse a union that is no single fluid region. The union is cut along every x and y breakpoint of
its parts into a grid; a grid cell is fluid when its centre lies in a part. Pure; lengths in metres."""

from __future__ import annotations

from itertools import product
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

Side = Literal["left", "right", "bottom", "top"]
Part = tuple[float, float, float, float]  # x0, x1, y0, y1
Box = tuple[float, float, float, float, float, float]  # x0, x1, y0, y1, z0, z1 (3D)
_EPS = 1e-12


class RectilinearDims(BaseModel):
    """The parts (x0, x1, y0, y1), in the order the request gives them. Flow enters by the `inlet_side` of part
    `inlet_part` (None: that side of the whole union, i.e. every boundary edge at the union's leftmost x for
    "left") and leaves by the `outlet_side` of part `outlet_part` (None: the union's far side). `z_ranges`, one
    per part, makes the parts boxes (a 3D duct whose cross-section changes, shape_rectilinear_3d.py); its flow
    then enters at the union's lowest x and leaves at its highest. `inlet_span` (`outlet_span`) narrows the opening to
    a stretch of that side's line (lo, hi along the line: y for left/right, x for bottom/top), for an opening that is
    only part of a wall ("an opening in the left wall between y = 0.8 and 1.0 m"); the stretch's ends become grid
    lines, so the opening's edges fall on block boundaries. `solids` are rectangles inside the parts that hold no
    fluid (a baffle hanging from a tank's lid, a partition standing on a room's floor): their edges become grid
    lines, their blocks are left out and their faces are walls."""

    model_config = ConfigDict(extra="forbid")

    parts: list[Part] = Field(min_length=1)
    z_ranges: list[tuple[float, float]] | None = None
    inlet_side: Side = "left"
    inlet_part: int | None = None
    outlet_side: Side = "right"
    outlet_part: int | None = None
    inlet_span: tuple[float, float] | None = None
    outlet_span: tuple[float, float] | None = None
    solids: list[Part] = Field(default_factory=list)

    @model_validator(mode="after")
    def _sized(self) -> RectilinearDims:
        for k, (x0, x1, y0, y1) in enumerate(self.parts):
            if not (x1 > x0 and y1 > y0):
                raise ValueError(f"part {k + 1} of the domain (x {x0:g}..{x1:g} m, y {y0:g}..{y1:g} m) has no area; "
                                 f"give each part an x range and a y range of positive length")
        if self.z_ranges is not None:
            if len(self.z_ranges) != len(self.parts) or any(b <= a for a, b in self.z_ranges):
                raise ValueError(f"give each of the {len(self.parts)} parts one z range of positive length "
                                 f"({len(self.z_ranges)} given) for a 3D union of boxes")
            if (self.inlet_side, self.outlet_side, self.inlet_part, self.outlet_part, self.inlet_span, self.outlet_span) != \
                    ("left", "right", None, None, None, None):
                raise ValueError("a 3D union of boxes takes its inlet at its lowest x and its outlet at its highest x; "
                                 "other openings are built in 2D only")
        for name in ("inlet_part", "outlet_part"):
            k = getattr(self, name)
            if k is not None and not 0 <= k < len(self.parts):
                raise ValueError(f"{name} {k} names no part (there are {len(self.parts)})")
        if self.z_ranges is not None and self.solids:
            raise ValueError("solid bodies inside a union are built in 2D only")
        for k, (x0, x1, y0, y1) in enumerate(self.solids):
            if not (x1 > x0 and y1 > y0):
                raise ValueError(f"solid body {k + 1} (x {x0:g}..{x1:g} m, y {y0:g}..{y1:g} m) has no area; give its "
                                 f"thickness and height")
        for role in ("inlet", "outlet"):
            span = getattr(self, f"{role}_span")
            if span is not None and not span[1] > span[0]:
                raise ValueError(f"the {role} opening ({span[0]:g}..{span[1]:g} m along its wall) has no width; give "
                                 f"its two edges, lower one first")
        return self


def merged(values: list[float]) -> list[float]:
    """`values` sorted, near-equal ones merged."""
    out: list[float] = []
    for v in sorted(values):
        if not out or v - out[-1] > 1e-9 * max(1.0, abs(v)):
            out.append(v)
    return out


def breakpoints(parts: list[Part]) -> tuple[list[float], list[float]]:
    """Every x and every y at which a part begins or ends, sorted (near-equal values merged)."""
    return merged([p[0] for p in parts] + [p[1] for p in parts]), merged([p[2] for p in parts] + [p[3] for p in parts])


def opening_cuts(d: RectilinearDims) -> tuple[list[float], list[float]]:
    """The x and y lines at the ends of the openings that cover only part of a wall (their edges must be grid lines)."""
    cuts: tuple[list[float], list[float]] = ([], [])
    for role in ("inlet", "outlet"):
        span = getattr(d, f"{role}_span")
        if span is not None:
            cuts[1 if getattr(d, f"{role}_side") in ("left", "right") else 0].extend(span)
    return cuts


def fluid_cells(parts: list[Part], cuts: tuple[list[float], list[float]] = ([], []), solids: list[Part] | None = None
                ) -> tuple[list[float], list[float], set[tuple[int, int]]]:
    """The breakpoint grid (with the extra x and y `cuts` and the edges of the `solids`) and its cells (i along x,
    j along y) whose centre lies inside some part and in no solid."""
    solids = solids or []
    xs, ys = breakpoints(parts)
    xs = merged(xs + cuts[0] + [v for b in solids for v in b[:2]])
    ys = merged(ys + cuts[1] + [v for b in solids for v in b[2:]])
    cells = set()
    for i in range(len(xs) - 1):
        cx = (xs[i] + xs[i + 1]) / 2
        for j in range(len(ys) - 1):
            cy = (ys[j] + ys[j + 1]) / 2
            if any(x0 < cx < x1 and y0 < cy < y1 for x0, x1, y0, y1 in parts) and \
                    not any(x0 < cx < x1 and y0 < cy < y1 for x0, x1, y0, y1 in solids):
                cells.add((i, j))
    return xs, ys, cells


def check_rectilinear(d: RectilinearDims) -> None:
    """Refuse a union that is not one fluid region meshable by blocks (ValueError): parts that touch no other part
    along an edge (a disconnected domain) or that meet only at a corner (3D boxes: shape_rectilinear_3d)."""
    if d.z_ranges is not None:
        check_boxes(d)
        return
    for role in ("inlet", "outlet"):
        _check_span(d, role)
    if d.solids:
        _check_solids(d)
    xs, ys, cells = fluid_cells(list(d.parts), opening_cuts(d), list(d.solids))
    for i, j in cells:  # two parts meeting at a corner only: a point shared by two unjoined regions
        for di in (-1, 1):
            diagonal = (i + di, j + 1)
            if diagonal in cells and (i + di, j) not in cells and (i, j + 1) not in cells:
                raise ValueError(f"the parts of the domain meet only at the corner ({xs[max(i, i + di)]:g}, {ys[j + 1]:g}) m; "
                                 f"overlap them, or make them share an edge, so the fluid can pass")
    seen, todo = set(), [min(cells)]
    while todo:
        i, j = todo.pop()
        if (i, j) in seen:
            continue
        seen.add((i, j))
        todo += [c for c in ((i + 1, j), (i - 1, j), (i, j + 1), (i, j - 1)) if c in cells and c not in seen]
    if len(seen) < len(cells):
        apart = [k + 1 for k, p in enumerate(d.parts) if not any(_inside(p, xs, ys, c) for c in seen)]
        raise ValueError(f"the parts of the domain do not form one region: part(s) {', '.join(map(str, apart))} touch "
                         f"none of the others (a disconnected domain); give parts that overlap or share an edge")


def _check_span(d: RectilinearDims, role: Literal["inlet", "outlet"]) -> None:
    """Refuse an opening stretch that runs past the end of the wall it is on (ValueError)."""
    side, line, span = opening(d, role)
    if getattr(d, f"{role}_span") is None or span is None:
        return
    along_x = side in ("left", "right")
    lo, hi = (2, 3) if along_x else (0, 1)
    on = [p for p in d.parts if abs((p[0 if side == "left" else 1 if side == "right" else 2 if side == "bottom" else 3])
                                    - line) <= 1e-9 * max(1.0, abs(line))]
    if not any(p[lo] - 1e-9 <= span[0] and span[1] <= p[hi] + 1e-9 for p in on):
        ends = ", ".join(f"{p[lo]:g}..{p[hi]:g}" for p in on)
        raise ValueError(f"the {role} opening ({span[0]:g}..{span[1]:g} m) does not lie on the {side} wall "
                         f"({'y' if along_x else 'x'} {ends} m); give an opening within the wall")


def _check_solids(d: RectilinearDims) -> None:
    """Refuse a solid body that reaches outside the domain's parts (ValueError)."""
    xs, ys, every = fluid_cells(list(d.parts), opening_cuts(d), [])
    for k, body in enumerate(d.solids):
        covered = [c for c in product(range(len(xs) - 1), range(len(ys) - 1)) if _inside(body, xs, ys, c)]
        if any(c not in every for c in covered):
            raise ValueError(f"solid body {k + 1} (x {body[0]:g}..{body[1]:g} m, y {body[2]:g}..{body[3]:g} m) reaches "
                             f"outside the domain; give a body inside it")


def _inside(part: Part, xs: list[float], ys: list[float], cell: tuple[int, int]) -> bool:
    i, j = cell
    cx, cy = (xs[i] + xs[i + 1]) / 2, (ys[j] + ys[j + 1]) / 2
    return part[0] < cx < part[1] and part[2] < cy < part[3]


def opening(d: RectilinearDims, role: Literal["inlet", "outlet"]) -> tuple[Side, float, tuple[float, float] | None]:
    """Where the inlet (or outlet) lies: its side, the line it is on (x for left/right, y for bottom/top) and the span
    along that line (None: the whole line, for an opening on the union's own side)."""
    side: Side = getattr(d, f"{role}_side")
    k = getattr(d, f"{role}_part")
    along_x = side in ("left", "right")
    lo = 0 if along_x else 2
    if k is None:
        values = [p[lo] for p in d.parts] if side in ("left", "bottom") else [p[lo + 1] for p in d.parts]
        return side, (min(values) if side in ("left", "bottom") else max(values)), getattr(d, f"{role}_span")
    p = d.parts[k]
    line = p[lo] if side in ("left", "bottom") else p[lo + 1]
    return side, line, getattr(d, f"{role}_span") or ((p[2], p[3]) if along_x else (p[0], p[1]))


def rectilinear_distances(d: RectilinearDims) -> dict[str, float]:
    """Each part's extents and where it starts and ends (a request gives its parts' lengths and heights)."""
    out: dict[str, float] = {}
    for k, (x0, x1, y0, y1) in enumerate(d.parts):
        out.update({f"part{k}_length": x1 - x0, f"part{k}_height": y1 - y0})
    xs, ys = breakpoints(list(d.parts))
    out.update(total_length=xs[-1] - xs[0], total_height=ys[-1] - ys[0])
    for role in ("inlet", "outlet"):  # an opening on part of a wall: its width and its edges' distances from the wall's ends
        span = getattr(d, f"{role}_span")
        if span is not None:
            side, _, _ = opening(d, role)
            ends = (ys[0], ys[-1]) if side in ("left", "right") else (xs[0], xs[-1])
            out.update({f"{role}_width": span[1] - span[0], f"{role}_from_start": span[0] - ends[0],
                        f"{role}_from_end": ends[1] - span[1]})
    for k, (x0, x1, y0, y1) in enumerate(d.solids):  # a baffle's thickness and height, its gaps to the walls
        out.update({f"solid{k}_thickness": x1 - x0, f"solid{k}_height": y1 - y0, f"solid{k}_gap_floor": y0 - ys[0],
                    f"solid{k}_gap_ceiling": ys[-1] - y1, f"solid{k}_from_left": x0 - xs[0], f"solid{k}_from_right": xs[-1] - x1})
    for k, (z0, z1) in enumerate(d.z_ranges or []):
        out[f"part{k}_width"] = z1 - z0
    if d.z_ranges:
        out["total_width"] = max(b for _, b in d.z_ranges) - min(a for a, _ in d.z_ranges)
    return out


def smallest_part(d: RectilinearDims) -> float:
    """The smallest extent of any part (sizes the default mesh)."""
    return min(min(x1 - x0, y1 - y0, *((z[1] - z[0],) if d.z_ranges else ())) for (x0, x1, y0, y1), z
               in zip(d.parts, d.z_ranges or [None] * len(d.parts)))


def boxes(d: RectilinearDims) -> list[Box]:
    """The parts as boxes (x0, x1, y0, y1, z0, z1)."""
    assert d.z_ranges is not None
    return [(*p, *z) for p, z in zip(d.parts, d.z_ranges)]  # type: ignore[misc]


def box_cells(bs: list[Box]) -> tuple[list[list[float]], set[tuple[int, int, int]]]:
    """The breakpoint grid lines per axis and its cells whose centre lies inside a box."""
    grid = [merged([b[2 * a] for b in bs] + [b[2 * a + 1] for b in bs]) for a in range(3)]
    cells = set()
    for idx in product(*(range(len(g) - 1) for g in grid)):
        c = [(grid[a][i] + grid[a][i + 1]) / 2 for a, i in enumerate(idx)]
        if any(all(b[2 * a] < c[a] < b[2 * a + 1] for a in range(3)) for b in bs):
            cells.add(idx)
    return grid, cells


def check_boxes(d: RectilinearDims) -> None:
    """Refuse boxes that do not make one fluid region joined through faces (ValueError)."""
    bs = boxes(d)
    grid, cells = box_cells(bs)
    seen, todo = set(), [min(cells)]
    while todo:
        c = todo.pop()
        if c in seen:
            continue
        seen.add(c)
        for a, s in ((0, -1), (0, 1), (1, -1), (1, 1), (2, -1), (2, 1)):
            n = list(c)
            n[a] += s
            if tuple(n) in cells and tuple(n) not in seen:
                todo.append(tuple(n))  # type: ignore[arg-type]
    if len(seen) < len(cells):
        raise ValueError("the boxes of the duct do not form one region joined through faces (boxes that touch at an "
                         "edge or a corner only, or not at all); give sections whose cross-sections overlap")
