"""What a request says about its geometry: a `GeometrySpec` (shape, dimensions in metres, mesh
resolution, 2D or 3D), validated before any mesh is made.

Each shape has its own dimension model with defaults (`DIMENSIONS[shape]`); the spec keeps
which dimensions were given (`dims.model_fields_set`) so the mesh builder can say which it
assumed. Validation refuses, with the reason, a geometry that does not close, overlaps
itself, or leaves an obstacle outside the domain.
"""

from __future__ import annotations

import math
import re
from typing import Any, Literal

from pydantic import (BaseModel, ConfigDict, Field, PositiveFloat, PositiveInt, PrivateAttr, ValidationError,
                      model_validator)

from tasks.core.errors import RequestError
from tasks.geometry.spec_polydomain import PolyDomainDims, check_polydomain
from tasks.geometry.shape_polygon import _open, _polygons_overlap, _segments_cross, _signed_area
from tasks.geometry.spec_axisym import STEPPED_PIPE_DIMENSIONS
from tasks.geometry.spec_box_obstacles import BOX_OBSTACLE_DIMENSIONS, check_box_obstacles
from tasks.geometry.spec_shapes import BLOCK_DIMENSIONS, check_block_shape

NUM = r"[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?"  # a decimal number in a geometry text
# "in" after a number is inches only before a non-word or a word that goes with a length ("2 in x 3 in",
# "a 1 in step", "10 in from the inlet"), not in "100 in x and 20 in y" or "5 in the middle"
_INCH_NEXT = (r"in|diameter|radius|long|wide|high|tall|deep|thick|chord|x(?=\s*[\d.])|by|step|cells?|square|bore"
              r"|pipe|tube|channel|duct|gap|sides?|downstream|upstream|above|below|behind|after|before|from|at|and"
              r"|apart|to|or|mesh|grid|spacing|cubes?|cylinders?|rods?|span|length|height|width|inlet|outlet|section"
              r"|wall|walls|plates?|squares?|OD|ID|on|with|containing|straight|taper|entry|exit|throat|leg|arm|branch|main|over|across"
              r"|backward|forward|rearward|back|round|circular|hex(?:agonal)?|octagonal|triangular|stub|spur|tee|nozzle|diffuser"
              r"|lead-in|bar|post|pin|shaft|rotor|housing|for|then|until|along|beyond|past|followed"
              # motion and place words and participles: "3 in through a jog", "a 10 x 10 in fed duct", "2 in placed at"
              r"|through|into|out|off|away|up|down|toward|towards|near|beside|inside|outside|under|beneath|[a-z]+ed"
              # an opening in a wall: "the top 2 in of the left wall", "a 1 in vent"
              r"|of|openings?|vents?|slots?|slits?|ports?")
_UNIT_FACTORS = [
    (r"millimet(?:er|re)s?|mm", 1e-3), (r"centimet(?:er|re)s?|cm", 1e-2), (r"kilomet(?:er|re)s?|km", 1e3),
    (r"met(?:er|re)s?|m", 1.0), (rf"inch(?:es)?|in(?!\s+(?!(?:{_INCH_NEXT})\b)[a-z])|\"", 0.0254),
    (r"feet|foot|ft", 0.3048),
]
# a length unit: not the start of a longer word and not a rate or an area ("m/s", "m^2", "m2")
UNIT = "(?:" + "|".join(u for u, _ in _UNIT_FACTORS) + r")(?![\w/^²³])"


def unit_factor(unit: str | None) -> float:
    """Metres per `unit` (no unit: metres)."""
    if not unit:
        return 1.0
    for pattern, factor in _UNIT_FACTORS:
        if re.fullmatch(pattern, unit.strip(), re.I):
            return factor
    raise ValueError(f"unknown length unit {unit!r}")

Shape = Literal[
    "rectangle", "channel", "box", "channel_with_obstacles", "backward_step", "forward_step",
    "sudden_expansion", "sudden_contraction", "cylinder_crossflow", "naca_airfoil", "pipe",
    "annulus", "t_junction", "nozzle", "diffuser", "lid_driven_cavity", "heated_cavity",
    "bend", "channel_with_cavity", "cross_junction", "duct_with_obstacles", "rectilinear", "stepped_pipe",
    "polygon_domain",
]
Point = tuple[float, float]


class _Dims(BaseModel):
    model_config = ConfigDict(extra="forbid")


class ChannelDims(_Dims):
    """A straight 2D channel (or a 3D duct of the given depth)."""

    length: PositiveFloat = 1.0
    height: PositiveFloat = 0.1
    depth: PositiveFloat | None = None  # 3D only; default: the height


class BoxDims(_Dims):
    length: PositiveFloat = 1.0
    height: PositiveFloat = 1.0
    width: PositiveFloat = 1.0


class ObstacleChannelDims(_Dims):
    length: PositiveFloat = 2.2
    height: PositiveFloat = 0.41
    closed: bool = False  # an enclosure: the four sides are walls (leftWall, rightWall, floor, ceiling), no inlet or outlet
    moving_walls: list[Literal["left", "right", "bottom", "top"]] | None = None  # closed: the sides that move (a lid)
    # a U-turn (hairpin): a divider from this end splits it into the inlet (below) and outlet (above); the far end a wall
    u_turn: Literal["left", "right"] | None = None
    inlet_leg: Literal["lower", "upper"] | None = None  # a U-turn's leg the inlet is on (None: the lower), the outlet the other
    # a splitter plate: a body touching the inlet end (x = 0) splits it into two streams, the patches inletLower (below
    # the body) and inletUpper (above it), each with its own velocity; the far end the outlet
    split_inlet: bool = False


class StepDims(_Dims):
    """Backward step: the channel of height `height - step_height` opens onto the full height.
    Forward step: the full height narrows to `height - step_height`."""

    height: PositiveFloat = 0.1
    step_height: PositiveFloat = 0.05
    upstream_length: PositiveFloat = 0.2
    downstream_length: PositiveFloat = 1.0
    depth: PositiveFloat | None = None  # 3D only (across z); default: the height (a square duct downstream)


class ExpansionDims(_Dims):
    """A symmetric sudden change of channel height at x = 0. `axisymmetric`: a stepped round pipe, the
    heights its diameters, meshed as a wedge about the x axis. The cell counts, when given, are each
    section's along x and the count across the widest section (radial when axisymmetric)."""

    inlet_height: PositiveFloat | None = None  # default: 0.05 (expansion) or 0.15 (contraction)
    outlet_height: PositiveFloat | None = None
    upstream_length: PositiveFloat = 0.3
    downstream_length: PositiveFloat = 1.0
    axisymmetric: bool = False
    wedge_angle: float = Field(5.0, gt=0, le=10)  # degrees (axisymmetric only)
    upstream_cells: PositiveInt | None = None
    downstream_cells: PositiveInt | None = None
    across_cells: PositiveInt | None = None
    # the narrow section's own count across (its rows run on through the wide one, which holds the rest)
    narrow_cells: PositiveInt | None = None
    depth: PositiveFloat | None = None  # 3D (planar) only, across z; default: the wide section's height

    @model_validator(mode="after")
    def _narrow_inside_wide(self) -> ExpansionDims:
        rest = (self.across_cells or 0) - (self.narrow_cells or 0)
        if self.narrow_cells and self.across_cells and rest < (1 if self.axisymmetric else 2):
            raise ValueError(f"the narrow section's {self.narrow_cells} cells across run on through the wide section, "
                             f"which was given {self.across_cells}: the blocks share their faces, so the wide section "
                             "needs more cells across than the narrow one (at least one more per wall beside it); "
                             "give it more, or give only the wide section's count")
        return self


class CylinderDims(_Dims):
    """Default: the Schaefer-Turek benchmark (2.2 x 0.41 channel, D 0.1 at (0.2, 0.2))."""

    diameter: PositiveFloat = 0.1
    length: PositiveFloat = 2.2
    height: PositiveFloat = 0.41
    center_x: float = 0.2
    center_y: float = 0.2
    free_stream: bool = False  # True: top/bottom are symmetry planes, not walls
    # the sides that are slip (frictionless) boundaries, each its own symmetry-plane patch ("the floor a no-slip wall,
    # the top a slip boundary": a cylinder near a wall); the others stay walls
    slip_sides: list[Literal["top", "bottom"]] = []
    # "rect": the channel above (walls or, free_stream, symmetry planes); "O": a round far field of
    # `far_field_radius` about the centre, meshed as a structured O-grid (tasks/geometry/shape_ogrid.py)
    domain: Literal["rect", "O"] = "rect"
    far_field_radius: PositiveFloat | None = None  # O-domain; default: 20 diameters
    first_cell: PositiveFloat | None = None  # O-domain: the radial size of the cell at the wall
    growth_ratio: float | None = Field(None, gt=1.0, le=1.5)  # O-domain: radial cell-to-cell ratio
    span_length: PositiveFloat | None = None  # a 3D O-grid's extent along z; default: 4 diameters

    @model_validator(mode="after")
    def _o_domain(self) -> CylinderDims:
        if self.domain == "O" and self.far_field_radius is not None and self.far_field_radius <= self.diameter:
            raise ValueError(f"the far field radius ({self.far_field_radius:g} m) must exceed the cylinder's "
                             f"diameter ({self.diameter:g} m); give it as e.g. '20 D' or in metres")
        if self.domain == "O" and self.first_cell is not None and \
                self.first_cell >= (self.far_field_radius or 20 * self.diameter) - self.diameter / 2:
            raise ValueError(f"the first cell ({self.first_cell:g} m) is larger than the gap from the cylinder to the "
                             f"far field; give it in mm or as a fraction of the diameter")
        return self


class AirfoilDims(_Dims):
    naca: str = Field("0012", pattern=r"^\d{4}$")
    chord: PositiveFloat = 1.0
    angle_of_attack: float = Field(0.0, ge=-30, le=30)  # degrees, nose up
    domain: Literal["C", "O"] = "C"
    domain_radius: PositiveFloat | None = None  # default: 10 chords
    wake_length: PositiveFloat | None = None  # C-domain, behind the leading edge; default 10 chords


class PipeDims(_Dims):
    diameter: PositiveFloat = 0.05
    length: PositiveFloat = 1.0
    wedge_angle: float = Field(5.0, gt=0, le=10)  # degrees (axisymmetric wedge)


class AnnulusDims(_Dims):
    """The Taylor-Couette gap between two coaxial cylinders (cross-section, or 3D of `length`)."""

    inner_radius: PositiveFloat = 0.05
    outer_radius: PositiveFloat = 0.1
    length: PositiveFloat | None = None  # 3D or axial flow; default: 2 x outer radius (axial: 20 x the gap)
    axial_flow: bool = False  # flow along the axis (x): inlet at x = 0, outlet at x = length (an annular duct)
    wedge_angle: float = Field(5.0, gt=0, le=10)  # degrees: an axial-flow annulus in 2D is an axisymmetric wedge
    eccentricity: float = Field(0.0, ge=0)  # the inner wall's centre this far along +x from the outer's (m)


class TJunctionDims(_Dims):
    length: PositiveFloat = 1.0  # main channel
    width: PositiveFloat = 0.1  # main channel height
    branch_length: PositiveFloat = 0.4
    branch_width: PositiveFloat = 0.1
    branch_position: float | None = None  # x of the branch centreline; default: mid-length
    branch_below: bool = False  # the branch joins the main channel's bottom wall (y below 0), not its top
    depth: PositiveFloat | None = None  # 3D only, across z; default: the main channel's width
    branch_angle: float = Field(90.0, ge=20, le=160)  # degrees from the main channel's downstream x (a Y: not 90)
    # where flow enters: the main channel's start ("main", a dividing tee), it and the branch ("both", a combining
    # tee), or the branch alone, the run's two ends the outlets ("branch", a tee fed through its stem)
    feed: Literal["main", "both", "branch"] = "main"
    branch_face: Literal["+z", "-z"] | None = None  # 3D: the branch leaves this face of the duct, not top or bottom


class NozzleDims(_Dims):
    """A symmetric 2D converging (nozzle) or diverging (diffuser) section between straight ducts; with a
    `throat_height`, converging over `taper_length` to the throat and diverging over `diverging_length`
    (a converging-diverging nozzle, a venturi). `axisymmetric`: the heights are diameters of a round
    nozzle meshed as a wedge about the x axis. A straight duct of length 0 is left out."""

    inlet_height: PositiveFloat | None = None  # default: 0.2 (nozzle) / 0.1 (diffuser)
    outlet_height: PositiveFloat | None = None
    taper_length: PositiveFloat = 0.3
    upstream_length: float = Field(0.2, ge=0)
    downstream_length: float = Field(0.5, ge=0)
    throat_height: PositiveFloat | None = None
    throat_length: float = Field(0.0, ge=0)  # a straight throat between the two tapers
    diverging_length: PositiveFloat | None = None  # default (with a throat): the taper length
    axisymmetric: bool = False
    wedge_angle: float = Field(5.0, gt=0, le=10)  # degrees (axisymmetric only)
    flat_wall: Literal["bottom", "top"] | None = None  # one-sided (planar): this wall straight, the other sloping
    depth: PositiveFloat | None = None  # 3D (planar) only, across z; default: the widest section's height
    across_cells: PositiveInt | None = None  # cells across (a round one's radius), with the cells along from the size


Side = Literal["left", "right", "bottom", "top"]


class CavityDims(_Dims):
    width: PositiveFloat = 0.1
    height: PositiveFloat = 0.1
    depth: PositiveFloat | None = None  # 3D only; default: the width
    moving_walls: list[Side] | None = None  # lid-driven: the sides that move, each its own patch (default: the top lid)


OPPOSITE: dict[str, Side] = {"left": "right", "right": "left", "bottom": "top", "top": "bottom"}


class HeatedCavityDims(CavityDims):
    """A cavity with one hot and one cold wall facing each other (the other two adiabatic):
    heated from the side (hot left, the default) or from below (Rayleigh-Benard: hot bottom)."""

    hot_wall: Side = "left"  # the cold wall is the opposite one


DIMENSIONS: dict[str, type[_Dims]] = {
    "rectangle": ChannelDims, "channel": ChannelDims, "box": BoxDims,
    "channel_with_obstacles": ObstacleChannelDims, "backward_step": StepDims,
    "forward_step": StepDims, "sudden_expansion": ExpansionDims,
    "sudden_contraction": ExpansionDims, "cylinder_crossflow": CylinderDims,
    "naca_airfoil": AirfoilDims, "pipe": PipeDims, "annulus": AnnulusDims,
    "t_junction": TJunctionDims, "nozzle": NozzleDims, "diffuser": NozzleDims,
    "lid_driven_cavity": CavityDims, "heated_cavity": HeatedCavityDims, **BLOCK_DIMENSIONS, **BOX_OBSTACLE_DIMENSIONS,
    **STEPPED_PIPE_DIMENSIONS,
    "polygon_domain": PolyDomainDims,  # straight walls, not all axis-aligned (spec_polydomain.py, shape_polydomain.py)
}
# Shapes that are only 2D (meshed with Gmsh or as planar sections), and only 3D.
ONLY_2D = {"channel_with_obstacles", "cylinder_crossflow", "naca_airfoil", "polygon_domain", *BLOCK_DIMENSIONS} - {"cross_junction", "rectilinear",
                                                                                                               "bend"}
AXIS_SHAPES = frozenset({"pipe", "stepped_pipe"})  # 3D, built along x, laid along the axis the request names
ONLY_3D = {"box", *BOX_OBSTACLE_DIMENSIONS}
# 2D sections that are also built in 3D, extruded across z between two side patches (`Span`)
EXTRUDED_3D = frozenset({"backward_step", "forward_step", "sudden_expansion", "sudden_contraction", "nozzle", "diffuser",
                         "t_junction", "cross_junction", "bend"})
# 3D shapes swept along x whose cross-section (y, z) can be given its own cell counts.
SECTION_SHAPES = {"channel", "rectangle", "box"}


class Obstacle(BaseModel):
    """A solid body inside a 2D channel: a rectangle/square (centre, width, height), a circle
    (centre, diameter) or a polygon (its vertices, in order)."""

    model_config = ConfigDict(extra="forbid")

    kind: Literal["rectangle", "square", "circle", "polygon"]
    center: Point | None = None
    width: PositiveFloat | None = None
    height: PositiveFloat | None = None
    diameter: PositiveFloat | None = None
    vertices: list[Point] | None = None
    name: str | None = Field(None, pattern=r"^[A-Za-z][A-Za-z0-9_]*$")
    # a polygon described in words (an ellipse's semi-axes, a wedge's base and height): its stated sizes, for the record
    sizes: dict[str, PositiveFloat] | None = None
    angle: float | None = None  # such a polygon's stated turn (an angle of attack, a rotation), degrees as said

    @model_validator(mode="after")
    def _complete(self) -> Obstacle:
        need = {"rectangle": ("center", "width", "height"), "square": ("center", "width"),
                "circle": ("center", "diameter"), "polygon": ("vertices",)}[self.kind]
        missing = [f for f in need if getattr(self, f) is None]
        if missing:
            raise ValueError(f"a {self.kind} obstacle needs {', '.join(missing)}")
        if self.kind == "square":
            if self.height is not None and self.height != self.width:
                raise ValueError("a square obstacle has equal width and height")
            self.height = self.width
        return self

    def outline(self, segments: int = 48) -> list[Point]:
        """The obstacle as a polygon (a circle as a `segments`-gon), counter-clockwise."""
        if self.kind == "polygon":
            pts = _open(list(self.vertices or []))
            return pts if _signed_area(pts) > 0 else pts[::-1]
        cx, cy = self.center  # type: ignore[misc]
        if self.kind == "circle":
            r = self.diameter / 2  # type: ignore[operator]
            return [(cx + r * math.cos(2 * math.pi * k / segments), cy + r * math.sin(2 * math.pi * k / segments))
                    for k in range(segments)]
        w, h = self.width / 2, self.height / 2  # type: ignore[operator]
        return [(cx - w, cy - h), (cx + w, cy - h), (cx + w, cy + h), (cx - w, cy + h)]

    def smallest_size(self) -> float:
        if self.kind == "circle":
            return self.diameter  # type: ignore[return-value]
        pts = self.outline()
        edges = [math.dist(a, b) for a, b in zip(pts, pts[1:] + pts[:1])]
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        return min(min(edges), max(xs) - min(xs), max(ys) - min(ys))


class MeshSpec(BaseModel):
    """How fine: cells per direction, a cell size, or a resolution level (default medium)."""

    model_config = ConfigDict(extra="forbid")

    cells: list[PositiveInt] | None = Field(None, min_length=1, max_length=3)
    cell_size: PositiveFloat | None = None
    # "2 mm x 1 mm cells": a size per direction (x, y[, z]; axial then radial for a round pipe); cell_size holds the least
    cell_sizes: list[PositiveFloat] | None = Field(None, min_length=2, max_length=3)
    resolution: Literal["coarse", "medium", "fine"] | None = None
    wall_grading: float = Field(3.0, ge=1.0, le=50.0)  # middle cell / wall cell (structured meshes)
    # cells round each body's outline ("40 cells round the cylinder"): a Gmsh mesh's size at the bodies
    body_cells: PositiveInt | None = None
    # the last two counts were given over a 3D duct's cross-section (y, z); with only those two, the
    # cells along x are sized to match
    over_section: bool = False

    @model_validator(mode="after")
    def _one_way(self) -> MeshSpec:
        given = [n for n in ("cells", "cell_size", "resolution") if getattr(self, n) is not None]
        if len(given) > 1:
            raise ValueError(f"give one of cells, cell_size or resolution, not {' and '.join(given)}")
        if self.cell_sizes is not None and self.cell_size != min(self.cell_sizes):
            raise ValueError("sizes per direction need cell_size set to the least of them")
        if self.over_section and (self.cells is None or len(self.cells) < 2):
            raise ValueError("cells over the cross-section need two counts (across y and z)")
        return self


class Span(BaseModel):
    """The third direction of a 3D extruded section (EXTRUDED_3D): where it starts (z), its cells when the
    request counts them ("20 cells across the span"), and the type of its two side patches."""

    model_config = ConfigDict(extra="forbid")

    z_start: float = 0.0
    cells: PositiveInt | None = None
    sides: Literal["wall", "symmetryPlane"] = "wall"


class GeometrySpec(BaseModel):
    """A shape from the library, its dimensions (metres) and how to mesh it."""

    model_config = ConfigDict(extra="forbid")

    shape: Shape
    dimensions: dict[str, Any] = Field(default_factory=dict)
    obstacles: list[Obstacle] = Field(default_factory=list)
    outline: list[Point] | None = None  # rectangle/channel: the domain's vertices
    mesh: MeshSpec = Field(default_factory=MeshSpec)
    two_d: bool | None = None  # default: 3D for box, 2D for everything else
    origin: Point = (0.0, 0.0)  # x-y translation of the shape's own coordinates (tasks/geometry/placement.py)
    notes: list[str] = Field(default_factory=list)  # how a size not stated was chosen (reported as an assumption)
    span: Span = Field(default_factory=Span)  # 3D extruded sections only
    axis: Literal["x", "y", "z"] = "x"  # the direction a 3D round pipe's axis (built along x) is laid along
    _dims: Any = PrivateAttr(None)

    @model_validator(mode="after")
    def _validate(self) -> GeometrySpec:
        try:
            dims = DIMENSIONS[self.shape](**self.dimensions)
        except ValidationError as exc:
            known = ", ".join(DIMENSIONS[self.shape].model_fields)
            raise ValueError(f"{self.shape}: " + "; ".join(_pretty(e) for e in exc.errors())
                             + f" (its dimensions: {known})") from None
        self._dims = dims
        if self.two_d is None:
            self.two_d = self.shape not in ONLY_3D
        if self.two_d and self.shape in ONLY_3D:
            raise ValueError(f"a {self.shape} is 3D; use 'rectangle' or 'channel' for a 2D domain")
        if self.shape == "rectilinear" and self.two_d == (dims.z_ranges is not None):  # boxes in 3D, rectangles in 2D
            raise ValueError("a rectilinear domain is 3D exactly when its parts are given z ranges (boxes)")
        o_grid = self.shape == "cylinder_crossflow" and dims.domain == "O"  # swept along z in 3D
        if not self.two_d and self.shape in ONLY_2D and not o_grid:
            raise ValueError(f"the shape library meshes {self.shape} in 2D only; for a 3D body "
                             f"give an STL (--geometry F.stl) and use snappyHexMesh")
        if not self.two_d and getattr(dims, "axisymmetric", False):
            raise ValueError(f"an axisymmetric {self.shape.replace('_', ' ')} is meshed as a 2D wedge; for a full 3D "
                             f"round one give an STL (--geometry F.stl) and use snappyHexMesh, or drop 'axisymmetric' "
                             f"for a planar section extruded across z")
        if self.span != Span() and (self.two_d or self.shape not in EXTRUDED_3D):
            raise ValueError(f"span settings (side patches, cells across z) apply to a 3D extruded section "
                             f"({', '.join(sorted(EXTRUDED_3D))}), not a {'2D ' if self.two_d else ''}{self.shape}")
        if self.obstacles and self.shape != "channel_with_obstacles":
            raise ValueError(f"obstacles belong to 'channel_with_obstacles', not {self.shape}")
        if self.outline is not None and self.shape not in ("rectangle", "channel"):
            raise ValueError("a domain outline (vertices) is only used for 'rectangle'/'channel'")
        if self.mesh.cells is not None and len(self.mesh.cells) == 3 and self.two_d:
            raise ValueError("a 2D mesh takes two cell counts (the third direction is one cell)")
        if self.mesh.over_section and (self.two_d or self.shape not in SECTION_SHAPES):
            raise ValueError(f"cell counts over a cross-section apply to a 3D duct or box, not a "
                             f"{'2D ' if self.two_d else ''}{self.shape.replace('_', ' ')}; give the cell counts "
                             f"per direction instead")
        if self.axis != "x" and (self.two_d or self.shape not in AXIS_SHAPES):
            raise ValueError(f"a {'2D ' if self.two_d else ''}{self.shape.replace('_', ' ')} is laid along x; only a 3D "
                             f"round pipe takes another axis")
        check_closed_geometry(self)
        return self

    @property
    def dims(self) -> Any:
        """The typed dimensions of this shape (defaults filled in)."""
        return self._dims


def _pretty(err: dict) -> str:
    where = ".".join(str(p) for p in err.get("loc", ()))
    msg = err.get("msg", "invalid")
    if err.get("type") == "extra_forbidden":
        msg = "is not a dimension of this shape"
    return f"{where} {msg}".strip()


def make_spec(**fields: Any) -> GeometrySpec:
    """Build a GeometrySpec, turning a validation failure into a RequestError that names it."""
    try:
        return GeometrySpec(**fields)
    except ValidationError as exc:
        reasons = "; ".join(_pretty(e) if e.get("type") != "value_error" else str(e.get("ctx", {}).get("error", e["msg"]))
                            for e in exc.errors())
        raise RequestError(f"geometry refused: {reasons}") from None


# --- geometric checks -------------------------------------------------------------------


def check_closed_geometry(spec: GeometrySpec) -> None:
    """Refuse dimensions that leave no closed, non-overlapping fluid region (ValueError)."""
    d, s = spec.dims, spec.shape
    if s in ("backward_step", "forward_step") and d.step_height >= d.height:
        raise ValueError(f"step_height {d.step_height} m must be less than the channel height {d.height} m "
                         f"(otherwise the channel is closed off)")
    throat = getattr(d, "throat_height", None)
    if throat is not None:
        hi, ho = resolved_heights(spec)
        if throat >= min(hi, ho):
            raise ValueError(f"the throat ({throat} m) must be narrower than the inlet ({hi} m) and the outlet ({ho} m)")
    elif s in ("sudden_expansion", "sudden_contraction", "nozzle", "diffuser"):
        hi, ho = resolved_heights(spec)
        wider = s in ("sudden_expansion", "diffuser")
        if (ho > hi) != wider or hi == ho:
            raise ValueError(f"a {s.replace('_', ' ')} needs outlet_height {'>' if wider else '<'} inlet_height "
                             f"(got inlet {hi} m, outlet {ho} m)")
    if s == "annulus" and d.inner_radius >= d.outer_radius:
        raise ValueError(f"inner_radius {d.inner_radius} m must be less than outer_radius {d.outer_radius} m")
    if s == "annulus" and d.eccentricity and (d.eccentricity >= 0.95 * (d.outer_radius - d.inner_radius) or d.axial_flow):
        raise ValueError(f"the inner cylinder's offset {d.eccentricity:g} m " + ("cannot be built with flow along the axis "
                         "(its 2D form is an axisymmetric wedge)" if d.axial_flow else "leaves it touching the outer "
                         f"wall (gap {d.outer_radius - d.inner_radius:g} m); give an eccentricity ratio below 0.95"))
    if s == "t_junction":
        x = d.branch_position if d.branch_position is not None else d.length / 2
        half = d.branch_width / 2 / math.sin(math.radians(d.branch_angle))  # an angled branch meets more wall
        if x - half <= 0 or x + half >= d.length:
            raise ValueError(f"the branch (width {d.branch_width} m at x = {x} m) must lie within the main "
                             f"channel (0 to {d.length} m) with channel on both sides")
    if s in BLOCK_DIMENSIONS:
        check_block_shape(s, d)
    if s in BOX_OBSTACLE_DIMENSIONS:
        check_box_obstacles(d)
    if s == "polygon_domain":
        check_polydomain(d)
    if s == "cylinder_crossflow" and d.domain == "rect":  # an O-domain is centred on it (CylinderDims checks it)
        r = d.diameter / 2
        if not (r < d.center_x < d.length - r and r < d.center_y < d.height - r):
            raise ValueError(f"obstacle outside the domain: the cylinder (D {d.diameter} m at "
                             f"({d.center_x}, {d.center_y})) must lie inside the {d.length} x {d.height} m domain")
    if s == "naca_airfoil":
        radius = d.domain_radius or 10 * d.chord
        if radius <= 1.5 * d.chord:
            raise ValueError(f"domain_radius {radius} m must exceed 1.5 chords ({1.5 * d.chord} m)")
        if d.domain == "C" and (d.wake_length or 10 * d.chord) <= 1.5 * d.chord:
            raise ValueError("wake_length must exceed 1.5 chords")
    if spec.outline is not None:
        check_polygon(spec.outline, "the domain outline")
    if s == "channel_with_obstacles":
        check_obstacles(spec.obstacles, d.length, d.height, closed=d.closed or d.u_turn is not None, split_inlet=d.split_inlet)
        if d.split_inlet and (d.closed or d.u_turn or any(o.kind not in ("rectangle", "square") for o in spec.obstacles)):
            raise ValueError("a split inlet is built for an open channel with rectangular bodies (a splitter plate): "
                             "give the plate as a rectangle (its thickness and its x and y ranges)")


def resolved_heights(spec: GeometrySpec) -> tuple[float, float]:
    """(inlet, outlet) height of an expansion/contraction/nozzle/diffuser, defaults filled in."""
    d = spec.dims
    narrow, wide = {"sudden_expansion": (0.05, 0.15), "sudden_contraction": (0.05, 0.15),
                    "nozzle": (0.1, 0.2), "diffuser": (0.1, 0.2)}[spec.shape]
    ratio = wide / narrow
    widening = spec.shape in ("sudden_expansion", "diffuser")
    hi, ho = d.inlet_height, d.outlet_height
    if hi is None and ho is None:
        hi, ho = (narrow, wide) if widening else (wide, narrow)
    elif hi is None:
        hi = ho / ratio if widening else ho * ratio
    elif ho is None:
        ho = hi * ratio if widening else hi / ratio
    return hi, ho


def check_polygon(points: list[Point], what: str) -> list[Point]:
    """The polygon's vertices without a repeated closing vertex; refuse one that does not
    close (fewer than 3 distinct vertices, zero area) or crosses itself."""
    pts = _open(points)
    if len(pts) < 3 or len(set(pts)) < len(pts):
        raise ValueError(f"{what} does not close: it needs at least 3 distinct vertices (got {points})")
    edges = list(zip(pts, pts[1:] + pts[:1]))
    for i, e in enumerate(edges):
        for j in range(i + 1, len(edges)):
            if j == i + 1 or (i == 0 and j == len(edges) - 1):
                continue  # neighbours share a vertex
            if _segments_cross(*e, *edges[j]):
                raise ValueError(f"{what} overlaps itself: edge {e} crosses edge {edges[j]}")
    if abs(_signed_area(pts)) < 1e-12:
        raise ValueError(f"{what} does not close: its vertices enclose no area")
    return pts


def check_obstacles(obstacles: list[Obstacle], length: float, height: float, closed: bool = False,
                    split_inlet: bool = False) -> None:
    """Refuse obstacles that leave the channel, span it wall to wall or overlap. In a `closed` enclosure a body may
    also stand out from a side wall (a fin on the hot wall); parts given one name are one body and may touch. With
    `split_inlet` one body touches the inlet end (a splitter plate), clear of the floor and the ceiling."""
    if not obstacles:
        raise ValueError("channel_with_obstacles needs at least one obstacle (or use 'channel')")
    shapes = []
    for k, ob in enumerate(obstacles):
        label = ob.name or f"obstacle {k + 1} ({ob.kind})"
        pts = check_polygon(ob.outline(), label) if ob.kind == "polygon" else ob.outline()
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        eps = 1e-9 * max(length, height)  # a body may stand on the floor or hang from the ceiling, not cross them
        side = -eps if closed else 0.0  # x = 0 and x = length are walls of an enclosure, an inlet and outlet otherwise
        splits = split_inlet and abs(min(xs)) <= eps and min(ys) > eps and max(ys) < height - eps
        if min(xs) <= (-eps if splits else side) or max(xs) >= length - side or min(ys) < -eps or max(ys) > height + eps or \
                (min(ys) <= eps and max(ys) >= height - eps) or (min(xs) <= eps and max(xs) >= length - eps):
            raise ValueError(f"obstacle outside the domain: {label} spans x {min(xs):.4g}..{max(xs):.4g}, "
                             f"y {min(ys):.4g}..{max(ys):.4g}, beyond the channel 0..{length} x 0..{height} m")
        shapes.append((label, pts, ob.name))
    if split_inlet and sum(1 for _, pts, _ in shapes if min(p[0] for p in pts) <= 1e-9 * max(length, height)) != 1:
        raise ValueError("a split inlet needs one body touching the inlet end (x = 0), clear of the floor and the ceiling")
    for i, (la, a, na) in enumerate(shapes):
        for lb, b, nb in shapes[i + 1:]:
            if not (na and na == nb) and _polygons_overlap(a, b):
                raise ValueError(f"the geometry overlaps itself: {la} and {lb} overlap")
