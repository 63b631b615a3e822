"""A round pipe whose diameter changes along its axis (x), meshed with blockMesh: in 2D an axisymmetric wedge
(the (x, r) plane, a union of rectangles standing on the axis r = 0, turned by a small angle about x: the axis
edge collapsed, `front`/`back` wedge patches), in 3D the full round pipe as an O-grid (a square core and rings
out to each radius) swept along x section by section. Walls are one patch (`walls`): the pipe wall, the faces
of a step and both faces and the bore of an orifice plate or ring. Pure functions."""

from __future__ import annotations

import math
from itertools import accumulate

from tasks.geometry.blocks import BlockMeshModel, Quad, Section, Sweep, grid_section, sweep, wedge
from tasks.geometry.models import Sizing

EPS = 1e-9
DEFAULT_3D_CELLS = 400_000  # an unsized full 3D pipe is coarsened to about this many cells
_FAR_RATIO = 4.0  # a long section's cells grow to this many times the size at a change of diameter


def stations(sections) -> tuple[list[float], list[float]]:
    """The x of each section's ends (inlet at 0) and each section's radius."""
    xs = [0.0, *accumulate(s.length for s in sections)]
    return xs, [s.diameter / 2 for s in sections]


def radii_levels(sections) -> list[float]:
    """The distinct radii of the sections, smallest first."""
    out: list[float] = []
    for r in sorted(s.diameter / 2 for s in sections):
        if not out or r - out[-1] > EPS * max(1.0, r):
            out.append(r)
    return out


def smallest_gap(d) -> float:
    """The smallest feature: the narrowest radial row (the bore's radius or the gap from a bore to the wall). A
    thin plate's thickness does not size the mesh: it gets the cells of that size that fit (at least one)."""
    levels = [0.0, *radii_levels(d.sections)]
    return min(b - a for a, b in zip(levels, levels[1:]))


def axial_counts(d, sz: Sizing, graded: bool = True) -> tuple[list[int], list[object]]:
    """Cells along each section and their grading: the stated axial size or counts; a stated cell size (`graded`
    False) all along; else cells of the default size at each change of diameter growing to `_FAR_RATIO` times it
    in a long section (a plate's own cells stay even)."""
    lengths = [s.length for s in d.sections]
    if d.axial_cells:
        return Sizing(h=sz.h, cells=[d.axial_cells]).along(lengths, 0), [1.0] * len(lengths)
    if d.axial_cell:
        return [max(1, math.ceil(L / d.axial_cell - 1e-9)) for L in lengths], [1.0] * len(lengths)
    if sz.cells:
        return sz.along(lengths, 0), [1.0] * len(lengths)
    counts, grades = [], []
    n = len(lengths)
    for i, L in enumerate(lengths):
        ends = ("low" if i > 0 else "") + ("high" if i < n - 1 else "")
        if L < 20 * sz.h or not ends or not graded:
            counts.append(max(1, math.ceil(L / sz.h - 1e-9)))
            grades.append(1.0)
            continue
        r = _FAR_RATIO
        mean = sz.h * (r - 1) / math.log(r)  # a geometric run from h to r h has cells this long on average
        if ends == "lowhigh":
            half = max(2, math.ceil(L / 2 / mean))
            counts.append(2 * half)
            grades.append([[0.5, 0.5, r], [0.5, 0.5, 1 / r]])
        else:
            counts.append(max(2, math.ceil(L / mean)))
            grades.append(r if ends == "low" else 1 / r)
    return counts, grades


def radial_counts(d, sz: Sizing, levels: list[float]) -> list[int]:
    """Cells across each radial row (0 to the smallest radius, then from each radius to the next)."""
    rows = [b - a for a, b in zip([0.0, *levels], levels)]
    if d.radial_cells:
        return Sizing(h=sz.h, cells=[1, d.radial_cells]).along(rows, 1)
    h = d.radial_cell or sz.h
    if sz.cells and len(sz.cells) > 1 and not d.radial_cell:
        return sz.along(rows, 1)
    return [max(1, math.ceil(r / h - 1e-9)) for r in rows]


def wedge_model(d, sz: Sizing, graded: bool = True) -> BlockMeshModel:
    """The (x, r) union of rectangles turned by the wedge angle about the x axis (`graded`: `axial_counts`)."""
    xs, radii = stations(d.sections)
    levels = radii_levels(d.sections)
    ys = [0.0, *levels]
    nx, gx = axial_counts(d, sz, graded)
    nr = radial_counts(d, sz, levels)
    section = grid_section(xs, ys, lambda i, j: ys[j + 1] <= radii[i] + EPS, nx, nr, gx, [1.0] * len(nr))
    return sweep(section, wedge(d.wedge_angle), _by_end(xs), {"inlet": "patch", "outlet": "patch", "walls": "wall",
                                                             "front": "wedge", "back": "wedge"})


def _by_end(xs: list[float]):
    def classify(a, b) -> str:
        if abs(a[0] - xs[0]) < EPS and abs(b[0] - xs[0]) < EPS:
            return "inlet"
        if abs(a[0] - xs[-1]) < EPS and abs(b[0] - xs[-1]) < EPS:
            return "outlet"
        return "walls"
    return classify


def _ring_section(levels: list[float], radius: float, n_side: int, nr: list[int]) -> Section:
    """The cross-section (y, z) of one pipe section of `radius`: a square core inside the smallest radius, then a
    ring of four blocks out to each radius up to this section's (arcs on every circle)."""
    core = 0.5 * levels[0]
    phis = [math.radians(45 + 90 * k) for k in range(4)]
    points = [(core * math.cos(p), core * math.sin(p)) for p in phis]
    quads = [Quad((2, 3, 0, 1), (n_side, n_side))]
    arcs: dict[frozenset[int], tuple[float, float]] = {}
    inner = [0, 1, 2, 3]
    for j, r in enumerate(levels):
        if r > radius + EPS:
            break
        base = len(points)
        points += [(r * math.cos(p), r * math.sin(p)) for p in phis]
        outer = [base + k for k in range(4)]
        for k in range(4):
            k1 = (k + 1) % 4
            quads.append(Quad((inner[k], outer[k], outer[k1], inner[k1]), (nr[j], n_side)))
            mid = math.radians(90 + 90 * k)
            arcs[frozenset((outer[k], outer[k1]))] = (r * math.cos(mid), r * math.sin(mid))
        inner = outer
    return Section(points, quads, arcs)


def full_model(d, sz: Sizing, graded: bool = True) -> BlockMeshModel:
    """The full round pipe: each section's O-grid swept along its length, joined where the sections meet (the
    faces both sections share are internal; the rest of a step's face is wall)."""
    xs, radii = stations(d.sections)
    levels = radii_levels(d.sections)
    nx, gx = axial_counts(d, sz, graded)
    n_side = max(2, math.ceil(math.pi * levels[0] / 2 / sz.h))
    rows = [levels[0] * 0.5] + [b - a for a, b in zip(levels, levels[1:])]
    h = d.radial_cell or sz.h
    nr = Sizing(h=h, cells=[1, d.radial_cells]).along([levels[0] * 0.5, *rows[1:]], 1) if d.radial_cells else \
        [max(1, math.ceil(r / h - 1e-9)) for r in rows]
    vertices: list[tuple[float, float, float]] = []
    seen: dict[tuple[float, ...], int] = {}
    blocks, arcs, faces = [], {}, {}
    for i, (x0, x1) in enumerate(zip(xs, xs[1:])):
        how = Sweep(lambda u, v, w, x0=x0, x1=x1: (x0 + w * (x1 - x0), u, v), nx[i], gx[i], "end0", "end1")
        part = sweep(_ring_section(levels, radii[i], n_side, nr), how, lambda a, b: "walls", {})
        ids = []
        for p in part.vertices:
            key = tuple(round(c, 12) for c in p)
            if key not in seen:
                seen[key] = len(vertices)
                vertices.append(p)
            ids.append(seen[key])
        for b in part.blocks:
            blocks.append({**b, "vertices": [ids[v] for v in b["vertices"]]})
        for a, b, mid in part.arcs:
            arcs.setdefault(frozenset((ids[a], ids[b])), (ids[a], ids[b], mid))
        for name, fs in part.patches.items():
            for f in fs:
                faces.setdefault(frozenset(ids[v] for v in f), []).append((name, [ids[v] for v in f]))
    patches: dict[str, list[list[int]]] = {}
    for found in faces.values():
        if len(found) > 1:
            continue  # two sections meet here: an internal face
        name, face = found[0]
        x = vertices[face[0]][0]
        if name != "walls":
            name = "inlet" if abs(x - xs[0]) < EPS else "outlet" if abs(x - xs[-1]) < EPS else "walls"
        patches.setdefault(name, []).append(face)
    types = {"inlet": "patch", "outlet": "patch", "walls": "wall"}
    return BlockMeshModel(vertices, blocks, list(arcs.values()), patches, {n: types[n] for n in patches})


def coarse_3d(d, sz: Sizing, unsized: bool) -> tuple[Sizing, list[str]]:
    """An unsized full 3D pipe's mesh size, coarsened so it holds about DEFAULT_3D_CELLS at most."""
    if not unsized:
        return sz, []
    volume = sum(math.pi * (s.diameter / 2) ** 2 * s.length for s in d.sections)
    h = max(sz.h, (volume / DEFAULT_3D_CELLS) ** (1 / 3))
    if h <= sz.h:
        return sz, []
    return Sizing(h=h, wall_grading=sz.wall_grading), [
        f"No cell size given for the full 3D pipe: cells of about {h:.3g} m, so it holds about "
        f"{DEFAULT_3D_CELLS:,} cells at most; give a cell size for a finer mesh."]


def stepped_pipe_notes(d, two_d: bool) -> list[str]:
    """What was built, in words."""
    xs, radii = stations(d.sections)
    parts = ", ".join(f"D {s.diameter:g} m over x {a:g}..{b:g} m" for s, a, b in zip(d.sections, xs, xs[1:]))
    how = f"an axisymmetric {d.wedge_angle:g} degree wedge about the x axis, one cell thick (front and back are " \
          "wedge patches)" if two_d else "the full round pipe (an O-grid: a square core and rings to each radius)"
    return [f"Round pipe along x meshed as {how}: {parts}. Inlet at x = 0, outlet at x = {xs[-1]:g} m; the pipe wall, "
            "the faces of each change of diameter and any plate's faces and bore are the patch 'walls'."]


def stepped_pipe_distances(d) -> dict[str, float]:
    """The lengths a request may state of the pipe: each section's length, diameter and radius, where each
    starts and ends, the total length, and a plate's or ring's distance from the inlet and the outlet."""
    xs, radii = stations(d.sections)
    out: dict[str, float] = {"total_length": xs[-1]}
    widest = max(radii)
    for k, (s, a, b) in enumerate(zip(d.sections, xs, xs[1:])):
        out.update({f"section{k}_length": s.length, f"section{k}_diameter": s.diameter, f"section{k}_radius": s.diameter / 2,
                    f"section{k}_start": a, f"section{k}_end": b, f"section{k}_to_outlet": xs[-1] - a})
        if s.diameter / 2 < widest - EPS:
            out[f"section{k}_centre"] = (a + b) / 2
            out[f"section{k}_gap"] = widest - s.diameter / 2
    return out
