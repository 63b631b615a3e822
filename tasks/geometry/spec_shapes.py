"""Dimension models of the 2D duct shapes made of a few straight blocks: a bend (elbow, L- or U-bend),
a channel with a cavity in one wall, and a cross (four-way) junction; and the checks that refuse
sizes leaving no closed fluid region. Pure; lengths in metres."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, PositiveFloat, model_validator

from tasks.geometry.shape_rectilinear_dims import RectilinearDims, check_rectilinear, rectilinear_distances

# a sharp (mitred) corner is built for these turns; any other angle needs an inner radius
SHARP_ANGLES = (90.0, 180.0)


class BendDims(BaseModel):
    """A 2D duct of `width` that turns left (with `turn` "right": right) by `angle` degrees: a straight inlet
    leg along +x, the turn, a straight outlet leg. With `inner_radius` the turn is a circular arc about a
    centre at the origin (the inlet leg ends at x = 0); without, a sharp corner (the 90 degree L-bend's corner
    square at 0 <= x <= width; a 180 degree U-bend's legs `leg_spacing` apart). A right turn is the left one
    mirrored about the x axis."""

    model_config = ConfigDict(extra="forbid")

    width: PositiveFloat = 0.1
    inlet_length: PositiveFloat = 0.5
    outlet_length: PositiveFloat = 0.5
    angle: float = Field(90.0, gt=0, le=180)  # degrees
    inner_radius: PositiveFloat | None = None  # None: a sharp corner
    leg_spacing: PositiveFloat | None = None  # a sharp U-bend: the gap between its legs; default the width
    turn: Literal["left", "right"] | None = None  # None: left; right: the bend mirrored about the x axis (y -> -y)
    depth: PositiveFloat | None = None  # 3D only, across z: a square or rectangular duct's bend; default the width


class CavityChannelDims(BaseModel):
    """A straight 2D channel (`length` x `height`) with a rectangular cavity (notch, groove) of
    `cavity_width` along the flow and `cavity_depth` into the floor (or the ceiling) whose upstream
    edge is `cavity_start` from the inlet (default: centred along the channel; the sizes default to
    the channel height)."""

    model_config = ConfigDict(extra="forbid")

    length: PositiveFloat = 1.0
    height: PositiveFloat = 0.1
    cavity_width: PositiveFloat = None  # type: ignore[assignment]  # default: the channel height
    cavity_depth: PositiveFloat = None  # type: ignore[assignment]  # default: the channel height
    cavity_start: float | None = Field(None, gt=0)
    cavity_wall: Literal["floor", "ceiling"] = "floor"

    @model_validator(mode="after")
    def _square_by_default(self) -> CavityChannelDims:
        """A cavity's size not given is the channel height (a square cavity as deep as the channel is high)."""
        for name in ("cavity_width", "cavity_depth"):
            if getattr(self, name) is None:
                setattr(self, name, self.height)
                self.__pydantic_fields_set__.discard(name)  # still reported as a default, not as stated
        return self


class CrossJunctionDims(BaseModel):
    """Two 2D channels crossing at right angles: the main one along x (`width` high), the cross one
    along y (`branch_width` wide, default the width); each of the four arms runs its length out from
    the crossing square (the main arms `arm_length`, the cross arms `branch_arm_length`, default the
    same)."""

    model_config = ConfigDict(extra="forbid")

    width: PositiveFloat = 0.1
    branch_width: PositiveFloat | None = None
    arm_length: PositiveFloat = 0.4
    branch_arm_length: PositiveFloat | None = None
    inlets: list[Literal["inlet", "outlet", "branchTop", "branchBottom"]] = ["inlet"]  # the arms flow enters by
    depth: PositiveFloat | None = None  # 3D only, across z; default: the main channel's width (square ducts)


BLOCK_DIMENSIONS: dict[str, type[BaseModel]] = {
    "bend": BendDims, "channel_with_cavity": CavityChannelDims, "cross_junction": CrossJunctionDims,
    "rectilinear": RectilinearDims,  # a union of rectangles (tasks/geometry/shape_rectilinear*.py)
}


def cavity_start(d: CavityChannelDims) -> float:
    """Where the cavity's upstream edge is (from the inlet): as given, else centred."""
    return d.cavity_start if d.cavity_start is not None else (d.length - d.cavity_width) / 2


def check_block_shape(shape: str, d: Any) -> None:
    """Refuse sizes of a bend, cavity channel or cross junction that leave no closed fluid region (ValueError)."""
    if shape == "bend" and d.inner_radius is None and d.angle not in SHARP_ANGLES:
        raise ValueError(f"a sharp corner is built for a 90 or 180 degree bend, not {d.angle:g} degrees; give the "
                         f"bend's inner radius (or its centreline radius) for a curved turn")
    if shape == "bend" and d.inner_radius is not None and d.leg_spacing is not None:
        raise ValueError("a curved U-bend's legs are two inner radii apart; give the inner radius or the leg "
                         "spacing, not both")
    if shape == "rectilinear":
        check_rectilinear(d)
    if shape == "channel_with_cavity":
        start = cavity_start(d)
        if start <= 0 or start + d.cavity_width >= d.length:
            raise ValueError(f"the cavity ({d.cavity_width:g} m wide, starting {start:g} m from the inlet) must lie "
                             f"within the channel (0 to {d.length:g} m) with channel on both sides")


def block_distances(shape: str, d: Any) -> dict[str, float]:
    """Lengths a request may give for these shapes other than their dimensions: a bend's centreline and outer
    radius and its legs' total; where a cavity ends and how far it is from the outlet; a cross junction's
    channels end to end; an annulus's gap, diameters and hydraulic diameter (4 A / P = 2 x gap)."""
    if shape == "bend":
        out = {"legs_total": d.inlet_length + d.outlet_length}
        if d.inner_radius is not None:
            out.update(centreline_radius=d.inner_radius + d.width / 2, outer_radius=d.inner_radius + d.width)
        return out
    if shape == "channel_with_cavity":
        start = cavity_start(d)
        return {"cavity_start": start, "cavity_end": start + d.cavity_width, "cavity_centre": start + d.cavity_width / 2,
                "cavity_to_outlet": d.length - start - d.cavity_width}
    if shape == "cross_junction":
        bw = d.branch_width or d.width
        return {"main_length": 2 * d.arm_length + bw, "cross_length": 2 * (d.branch_arm_length or d.arm_length) + d.width}
    if shape == "rectilinear":
        return rectilinear_distances(d)
    if shape == "annulus":
        return {"gap": d.outer_radius - d.inner_radius, "inner_diameter": 2 * d.inner_radius,
                "outer_diameter": 2 * d.outer_radius, "hydraulic_diameter": 2 * (d.outer_radius - d.inner_radius)}
    return {}
