"""The shapes meshed with Gmsh (its Python API, in this process): a channel with obstacles,
a cylinder in cross-flow, a NACA 4-digit airfoil in a C- or O-domain, and a polygonal domain.

The 2D section is meshed with quadrilaterals (recombined triangles, finer near bodies), extruded
one layer in z, and
written as Gmsh .msh v2 ASCII with one physical group per patch (front and back together as
`frontAndBack`, which becomes `empty` after gmshToFoam) and one for the fluid volume.
"""

from __future__ import annotations

import math
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from tasks.core.errors import RequestError
from tasks.geometry.models import PatchInfo, Role, Sizing, sizing_for
from tasks.geometry.spec import GeometrySpec

_GMSH_LOCK = threading.Lock()  # gmsh is one global state per process
# Quadrilaterals in the section (hexahedra once extruded): Frontal-Delaunay for quads, every
# surface recombined by the Blossom matching, so a cell size h gives about area / h^2 cells
# (triangles at h give twice that). Leftover triangles become prisms; gmshToFoam takes both.
QUAD_OPTIONS = (("Mesh.Algorithm", 8), ("Mesh.RecombineAll", 1), ("Mesh.RecombinationAlgorithm", 1))


@dataclass
class Unstructured:
    patches: list[PatchInfo]
    n_cells: int
    reference_length: float
    assumptions: list[str] = field(default_factory=list)


@dataclass
class _Plan:
    """What one shape asks of Gmsh: how to draw it, how to name a boundary curve from its
    bounding box, which patches are bodies (refined), and the patches' types and roles."""

    draw: Callable[[object], None]
    classify: Callable[[tuple[float, float, float, float]], str]
    bodies: list[str]
    patches: dict[str, tuple[str, Role]]
    near: float  # cell size at the bodies
    far: float  # cell size far from them
    spread: float  # distance over which the size grows from near to far
    reference_length: float
    assumptions: list[str]


def naca4(code: str, chord: float, n: int = 80) -> tuple[list[tuple[float, float]], list[tuple[float, float]]]:
    """Upper and lower surface points of a NACA 4-digit section (closed trailing edge),
    leading edge at the origin, both from the leading edge to the trailing edge (cosine spacing)."""
    m, p, t = int(code[0]) / 100, int(code[1]) / 10, int(code[2:]) / 100
    upper, lower = [], []
    for i in range(n + 1):
        x = 0.5 * (1 - math.cos(math.pi * i / n))
        yt = 5 * t * (0.2969 * math.sqrt(x) - 0.1260 * x - 0.3516 * x ** 2 + 0.2843 * x ** 3 - 0.1036 * x ** 4)
        if m and p:
            yc = m / p ** 2 * (2 * p * x - x * x) if x < p else m / (1 - p) ** 2 * (1 - 2 * p + 2 * p * x - x * x)
            dyc = 2 * m / p ** 2 * (p - x) if x < p else 2 * m / (1 - p) ** 2 * (p - x)
        else:
            yc = dyc = 0.0
        th = math.atan(dyc)
        upper.append(((x - yt * math.sin(th)) * chord, (yc + yt * math.cos(th)) * chord))
        lower.append(((x + yt * math.sin(th)) * chord, (yc - yt * math.cos(th)) * chord))
    upper[-1] = lower[-1] = (chord, upper[-1][1])  # one trailing-edge point
    return upper, lower


def build_unstructured(spec: GeometrySpec, msh_path: Path) -> Unstructured:
    plan = _PLANS[spec.shape](spec) if spec.shape in _PLANS else _polygon_domain(spec)
    with _GMSH_LOCK:
        n_cells = _mesh(plan, msh_path, thickness=plan.near)
    patches = [PatchInfo(name=n, type=t, role=r) for n, (t, r) in plan.patches.items()]
    patches.append(PatchInfo(name="frontAndBack", type="empty", role="empty"))
    grading = (f"{plan.near:.3g} m at the bodies growing to {plan.far:.3g} m over {plan.spread:.3g} m"
               if plan.bodies else f"{plan.near:.3g} m")
    return Unstructured(patches, n_cells, plan.reference_length, plan.assumptions + [
        f"Unstructured quadrilateral-dominant mesh (hexahedra one cell thick) from Gmsh: {grading}."])


def _mesh(plan: _Plan, msh_path: Path, thickness: float) -> int:
    import gmsh

    gmsh.initialize(interruptible=False)
    try:
        gmsh.option.setNumber("General.Terminal", 0)
        gmsh.model.add("casewright")
        occ = gmsh.model.occ
        plan.draw(occ)
        occ.synchronize()
        curves = gmsh.model.getEntities(1)
        body_curves = [tag for _, tag in curves if plan.classify(_bbox2(1, tag)) in plan.bodies]
        fields = gmsh.model.mesh.field
        dist = fields.add("Distance")
        fields.setNumbers(dist, "CurvesList", body_curves)
        fields.setNumber(dist, "Sampling", 200)
        thr = fields.add("Threshold")
        fields.setNumber(thr, "InField", dist)
        fields.setNumber(thr, "SizeMin", plan.near)
        fields.setNumber(thr, "SizeMax", plan.far)
        fields.setNumber(thr, "DistMin", 0.0)
        fields.setNumber(thr, "DistMax", plan.spread)
        fields.setAsBackgroundMesh(thr)
        for name, value in (("Mesh.MeshSizeExtendFromBoundary", 0), ("Mesh.MeshSizeFromPoints", 0),
                            ("Mesh.MeshSizeFromCurvature", 0), *QUAD_OPTIONS,
                            ("Mesh.MshFileVersion", 2.2), ("Mesh.Binary", 0), ("Mesh.SaveAll", 0)):
            gmsh.option.setNumber(name, value)
        surfaces = gmsh.model.getEntities(2)
        occ.extrude(surfaces, 0, 0, thickness, numElements=[1], recombine=True)
        occ.synchronize()
        volumes = [tag for _, tag in gmsh.model.getEntities(3)]
        groups: dict[str, list[int]] = {}
        for _, tag in gmsh.model.getBoundary([(3, v) for v in volumes], oriented=False, combined=True):
            x0, y0, z0, x1, y1, z1 = gmsh.model.getBoundingBox(2, abs(tag))
            name = "frontAndBack" if z1 - z0 < 0.5 * thickness else plan.classify((x0, y0, x1, y1))
            groups.setdefault(name, []).append(abs(tag))
        missing = set(plan.patches) - set(groups)
        if missing:
            raise RequestError(f"Gmsh geometry lost its {', '.join(sorted(missing))} boundary; "
                               f"check that every body lies inside the domain")
        for name, tags in groups.items():
            gmsh.model.setPhysicalName(2, gmsh.model.addPhysicalGroup(2, tags), name)
        gmsh.model.setPhysicalName(3, gmsh.model.addPhysicalGroup(3, volumes), "fluid")
        gmsh.model.mesh.generate(3)
        n_cells = sum(len(tags) for tags in gmsh.model.mesh.getElements(3)[1])
        gmsh.write(str(msh_path))
        return n_cells
    finally:
        gmsh.finalize()


def _tolerance(extent: float) -> float:
    """How far apart two coordinates may be and still be one (OCC pads bounding boxes)."""
    return max(1e-5 * extent, 1e-6)


def _bbox2(dim: int, tag: int) -> tuple[float, float, float, float]:
    import gmsh

    x0, y0, _, x1, y1, _ = gmsh.model.getBoundingBox(dim, tag)
    return x0, y0, x1, y1


def _side_classifier(x0: float, x1: float, y0: float, y1: float, sides: dict[str, str],
                     bodies: list[tuple[str, tuple[float, float, float, float]]]) -> Callable:
    """Name a curve/surface by the domain side it lies on, else by the body whose box holds it."""
    def classify(b: tuple[float, float, float, float]) -> str:
        bx0, by0, bx1, by1 = b
        tol = _tolerance(max(x1 - x0, y1 - y0))
        if bx1 - bx0 < tol and abs(bx0 - x0) < tol:
            return sides["left"]
        if bx1 - bx0 < tol and abs(bx0 - x1) < tol:
            return sides["right"]
        if by1 - by0 < tol and abs(by0 - y0) < tol:
            return sides["bottom"]
        if by1 - by0 < tol and abs(by0 - y1) < tol:
            return sides["top"]
        for name, (cx0, cy0, cx1, cy1) in bodies:
            if cx0 - tol <= bx0 and bx1 <= cx1 + tol and cy0 - tol <= by0 and by1 <= cy1 + tol:
                return name
        return sides.get("other", "walls")
    return classify


# a body thinner than 1/_THIN of its length (a fence, a baffle, a plate) is sized on its length / _THIN: the
# default 20 cells across that still put 4 or more across its thickness, not 20 across it (millions of cells)
_THIN = 5.0


def _sizes(spec: GeometrySpec, smallest: float, feature: str, length_x: float, domain_min: float) -> tuple[Sizing, list[str], float]:
    sizing, notes = sizing_for(spec.mesh, smallest, feature, length_x)
    far = min(8 * sizing.h, domain_min / 8) if spec.mesh.cell_size is None and spec.mesh.cells is None else sizing.h
    return sizing, notes, max(far, sizing.h)


# --- shapes ---------------------------------------------------------------------------------


# a closed enclosure's sides, each its own wall patch (named as the heated cavity's are); a moving lid is movingWall
ENCLOSURE_WALLS = {"left": "leftWall", "right": "rightWall", "bottom": "floor", "top": "ceiling"}


def enclosure_sides(moving: list[str]) -> tuple[dict[str, str], dict[str, tuple[str, Role]]]:
    """The patch name of each side of a closed enclosure and the patches' types and roles: every side a wall, the
    moving ones moving walls (one moving lid is movingWall, as in the cavity tutorial)."""
    names = {side: ("movingWall" if moving == ["top"] and side == "top" else name) for side, name in ENCLOSURE_WALLS.items()}
    return names, {names[side]: ("wall", "moving_wall" if side in moving else "wall") for side in ENCLOSURE_WALLS}


def _channel_with_bodies(spec: GeometrySpec, length: float, height: float,
                         bodies: list[tuple[str, str, object]], walls: bool,
                         closed: list[str] | None = None, slip: list[str] = ()) -> _Plan:
    """A length x height channel minus bodies: (name, kind, geometry) with kind circle
    ((cx, cy, r)) or polygon (list of points). `closed`: an enclosure (no inlet or outlet) whose listed sides move."""
    boxes = []
    sizes = []
    for name, kind, g in bodies:
        if kind == "circle":
            cx, cy, r = g  # type: ignore[misc]
            boxes.append((name, (cx - r, cy - r, cx + r, cy + r)))
            sizes.append(2 * r)
        else:
            xs, ys = [p[0] for p in g], [p[1] for p in g]  # type: ignore[union-attr]
            boxes.append((name, (min(xs), min(ys), max(xs), max(ys))))
            edges = [math.dist(a, b) for a, b in zip(g, list(g[1:]) + [g[0]])]  # type: ignore[index, arg-type]
            short, long = min(min(edges), max(xs) - min(xs), max(ys) - min(ys)), max(max(xs) - min(xs), max(ys) - min(ys))
            sizes.append(max(short, long / _THIN))  # a thin fence or baffle: sized on its height, 4+ cells across it
    smallest = min(sizes)
    sizing, notes, far = _sizes(spec, smallest, "smallest obstacle size", length, min(length, height))
    near = sizing.h
    if spec.mesh.body_cells:  # "40 cells round the cylinder": the size at the bodies from the shortest outline
        outline = min(math.pi * 2 * g[2] if kind == "circle" else  # type: ignore[index]
                      sum(math.dist(a, b) for a, b in zip(g, list(g[1:]) + [g[0]]))  # type: ignore[arg-type, index]
                      for _, kind, g in bodies)
        near = min(near, outline / spec.mesh.body_cells)
        notes.append(f"{spec.mesh.body_cells} cells round each body: {near:.3g} m at the bodies "
                     f"({outline:.4g} m outline / {spec.mesh.body_cells}).")

    def draw(occ) -> None:
        domain = occ.addRectangle(0, 0, 0, length, height)
        tools = []
        for _, kind, g in bodies:
            if kind == "circle":
                cx, cy, r = g  # type: ignore[misc]
                tools.append((2, occ.addDisk(cx, cy, 0, r, r)))
            else:
                pts = [occ.addPoint(x, y, 0) for x, y in g]  # type: ignore[union-attr]
                lines = [occ.addLine(a, b) for a, b in zip(pts, pts[1:] + pts[:1])]
                tools.append((2, occ.addPlaneSurface([occ.addCurveLoop(lines)])))
        occ.cut([(2, domain)], tools)

    side = "walls" if walls else None
    sides = {"left": "inlet", "right": "outlet", "bottom": side or "bottom", "top": side or "top"}
    patches: dict[str, tuple[str, Role]] = {"inlet": ("patch", "inlet"), "outlet": ("patch", "outlet")}
    if walls:
        patches["walls"] = ("wall", "wall")
    else:
        patches.update(top=("symmetryPlane", "symmetry"), bottom=("symmetryPlane", "symmetry"))
    ends = "Inlet at x = 0, outlet at x = length, " + ("walls top and bottom." if walls else
                                                       "symmetry planes top and bottom (free stream).")
    if walls and slip:  # "the floor a no-slip wall, the top a slip boundary": that side a symmetry plane of its own
        sides.update({s: s for s in slip})
        patches.update({s: ("symmetryPlane", "symmetry") for s in slip})
        kept = [s for s in ("bottom", "top") if s not in slip]
        ends = (f"Inlet at x = 0, outlet at x = length, the {' and '.join(slip)} a slip boundary (symmetry plane "
                f"'{slip[0]}')" + (f", the {kept[0]} a wall." if kept else "."))
    if closed is not None:
        sides, patches = enclosure_sides(closed)
        ends = (f"Closed enclosure x = 0 to {length:g} m, y = 0 to {height:g} m: no inlet or outlet; walls "
                f"{', '.join(f'{sides[s]} ({s})' for s in ENCLOSURE_WALLS)}.")
    for name, _, _ in bodies:
        patches[name] = ("wall", "body")
    return _Plan(draw, _side_classifier(0, length, 0, height, sides, boxes), [n for n, _, _ in bodies], patches,
                 near, far, 5 * smallest, smallest, notes + [ends])


def _obstacles(spec: GeometrySpec) -> _Plan:
    d = spec.dims
    bodies = []
    for k, ob in enumerate(spec.obstacles):
        name = ob.name or (f"obstacle{k + 1}" if len(spec.obstacles) > 1 else "obstacle")
        if ob.kind == "circle":
            bodies.append((name, "circle", (ob.center[0], ob.center[1], ob.diameter / 2)))  # type: ignore[index, operator]
        else:
            bodies.append((name, "polygon", ob.outline()))
    closed = list(d.moving_walls or []) if d.closed else None
    return _channel_with_bodies(spec, d.length, d.height, bodies, walls=True, closed=closed)


def _cylinder(spec: GeometrySpec) -> _Plan:
    d = spec.dims
    return _channel_with_bodies(spec, d.length, d.height, [("cylinder", "circle", (d.center_x, d.center_y, d.diameter / 2))],
                                walls=not d.free_stream, slip=list(d.slip_sides))


def _polygon_domain(spec: GeometrySpec) -> _Plan:
    from tasks.geometry.spec import check_polygon

    pts = check_polygon(list(spec.outline or []), "the domain outline")
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
    sizing, notes, _ = _sizes(spec, min(x1 - x0, y1 - y0), "domain height", x1 - x0, min(x1 - x0, y1 - y0))

    def draw(occ) -> None:
        tags = [occ.addPoint(x, y, 0) for x, y in pts]
        lines = [occ.addLine(a, b) for a, b in zip(tags, tags[1:] + tags[:1])]
        occ.addPlaneSurface([occ.addCurveLoop(lines)])

    classify = _side_classifier(x0, x1, y0, y1, {"left": "inlet", "right": "outlet", "bottom": "walls",
                                                 "top": "walls", "other": "walls"}, [])
    sides = {classify(((a[0], min(a[1], b[1]), b[0], max(a[1], b[1])) if a[0] <= b[0] else
                       (b[0], min(a[1], b[1]), a[0], max(a[1], b[1])))) for a, b in zip(pts, pts[1:] + pts[:1])}
    if not {"inlet", "outlet"} <= sides:
        raise RequestError("the domain outline needs a vertical edge at its smallest x (inlet) and one at its "
                           "largest x (outlet); give the vertices of such a polygon")
    return _Plan(draw, classify, [], {"inlet": ("patch", "inlet"), "outlet": ("patch", "outlet"),
                                      "walls": ("wall", "wall")},
                 sizing.h, sizing.h, 1.0, min(y1 - y0, x1 - x0), notes + [
                     "Polygonal domain: the vertical edge at the smallest x is the inlet, at the largest x the "
                     "outlet, every other edge a wall."])


def _airfoil(spec: GeometrySpec) -> _Plan:
    d = spec.dims
    c = d.chord
    radius = d.domain_radius or 10 * c
    wake = d.wake_length or 10 * c
    upper, lower = naca4(d.naca, c)
    thickness = int(d.naca[2:]) / 100 * c
    xc = 0.25 * c  # rotate about the quarter chord; the domain is centred there
    a = -math.radians(d.angle_of_attack)

    def rot(p: tuple[float, float]) -> tuple[float, float]:
        x, y = p[0] - xc, p[1]
        return (xc + x * math.cos(a) - y * math.sin(a), x * math.sin(a) + y * math.cos(a))

    upper, lower = [rot(p) for p in upper], [rot(p) for p in lower]
    sizing, notes, _ = _sizes(spec, thickness, f"airfoil thickness ({d.naca[2:]} % chord)", c, c)
    near = min(sizing.h, c / 40)
    far = radius / 12 if spec.mesh.cell_size is None and spec.mesh.cells is None else sizing.h
    xs_all = [p[0] for p in upper + lower]
    ys_all = [p[1] for p in upper + lower]
    airfoil_box = (min(xs_all), min(ys_all), max(xs_all), max(ys_all))

    def draw(occ) -> None:
        le = occ.addPoint(*upper[0], 0)
        te = occ.addPoint(*upper[-1], 0)
        up = [le] + [occ.addPoint(x, y, 0) for x, y in upper[1:-1]] + [te]
        lo = [te] + [occ.addPoint(x, y, 0) for x, y in reversed(lower[1:-1])] + [le]
        loop = occ.addCurveLoop([occ.addSpline(up), occ.addSpline(lo)])
        foil = occ.addPlaneSurface([loop])
        if d.domain == "O":
            centre = occ.addPoint(xc, 0, 0)
            top = occ.addPoint(xc, radius, 0)
            bottom = occ.addPoint(xc, -radius, 0)
            front = occ.addCircleArc(top, centre, bottom)
            back = occ.addCircleArc(bottom, centre, top)
            domain = occ.addPlaneSurface([occ.addCurveLoop([front, back])])
            occ.remove([(0, centre)])
        else:
            disk = occ.addDisk(xc, 0, 0, radius, radius)
            box = occ.addRectangle(xc, -radius, 0, wake, 2 * radius)
            fused, _ = occ.fuse([(2, disk)], [(2, box)])
            domain = fused[0][1]
        occ.cut([(2, domain)], [(2, foil)])

    def classify(b: tuple[float, float, float, float]) -> str:
        bx0, by0, bx1, by1 = b
        tol = _tolerance(radius)
        if airfoil_box[0] - tol <= bx0 and bx1 <= airfoil_box[2] + tol and airfoil_box[1] - tol <= by0 \
                and by1 <= airfoil_box[3] + tol:
            return "airfoil"
        if d.domain == "O":
            return "inlet" if bx1 < xc + tol else "outlet"
        if bx1 - bx0 < tol and abs(bx0 - (xc + wake)) < tol:
            return "outlet"
        if by1 - by0 < tol and abs(by0 - radius) < tol:
            return "top"
        if by1 - by0 < tol and abs(by0 + radius) < tol:
            return "bottom"
        return "inlet"

    patches: dict[str, tuple[str, Role]] = {"inlet": ("patch", "inlet"), "outlet": ("patch", "outlet"),
                                            "airfoil": ("wall", "body")}
    if d.domain == "C":
        patches.update(top=("patch", "top"), bottom=("patch", "bottom"))
    shape = (f"C-domain: a half circle of radius {radius:g} m ahead of the quarter chord (inlet), straight "
             f"top and bottom, the outlet {wake:g} m behind it") if d.domain == "C" else \
        f"O-domain of radius {radius:g} m about the quarter chord: upstream half inlet, downstream half outlet"
    return _Plan(draw, classify, ["airfoil"], patches, near, far, 2 * c, c, notes + [
        f"NACA {d.naca}, chord {c:g} m, leading edge at the origin, rotated {d.angle_of_attack:g} degrees "
        f"nose-up about the quarter chord (free stream along +x); closed trailing edge.", shape + "."])


_PLANS: dict[str, Callable[[GeometrySpec], _Plan]] = {
    "channel_with_obstacles": _obstacles, "cylinder_crossflow": _cylinder, "naca_airfoil": _airfoil,
}
