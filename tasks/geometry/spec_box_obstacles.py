"""Dimension model of a 3D duct (or box) with box-shaped obstacles: a full-height pillar, a block or cube on the
floor or hanging from the ceiling, a rib across the span, a block held clear of the walls. Axes as the library's
ducts: x along the flow (inlet at x = 0), y up (floor at y = 0, height), z across (depth). The checks refuse an
obstacle outside the duct, one that closes its cross-section, and two that overlap. Pure; metres."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field, PositiveFloat, model_validator


class BoxObstacle(BaseModel):
    """An axis-aligned solid block from (x0, y0, z0) to (x1, y1, z1)."""

    model_config = ConfigDict(extra="forbid")

    x0: float
    x1: float
    y0: float
    y1: float
    z0: float
    z1: float
    name: str | None = Field(None, pattern=r"^[A-Za-z][A-Za-z0-9_]*$")

    @model_validator(mode="after")
    def _ordered(self) -> BoxObstacle:
        for axis in "xyz":
            if getattr(self, f"{axis}1") <= getattr(self, f"{axis}0"):
                raise ValueError(f"a box obstacle needs {axis}1 > {axis}0 (got {getattr(self, f'{axis}0')} to "
                                 f"{getattr(self, f'{axis}1')})")
        return self

    def extent(self, axis: str) -> tuple[float, float]:
        return getattr(self, f"{axis}0"), getattr(self, f"{axis}1")

    def sizes(self) -> tuple[float, float, float]:
        """Its size along x, y and z."""
        return self.x1 - self.x0, self.y1 - self.y0, self.z1 - self.z0


class DuctObstacleDims(BaseModel):
    """A 3D duct `length` (x) by `height` (y) by `depth` (z) with box obstacles."""

    model_config = ConfigDict(extra="forbid")

    length: PositiveFloat = 1.0
    height: PositiveFloat = 0.1
    depth: PositiveFloat = 0.1
    blocks: list[BoxObstacle] = Field(default_factory=list)

    @model_validator(mode="after")
    def _default_block(self) -> DuctObstacleDims:
        """No blocks given at all: one cube half the duct's height on the floor, a quarter of the way along, centred
        across (an empty list given stays empty, and is refused)."""
        if "blocks" not in self.model_fields_set:
            a, x, z = self.height / 2, self.length / 4, self.depth / 2
            self.blocks = [BoxObstacle(x0=x - a / 2, x1=x + a / 2, y0=0.0, y1=a, z0=z - a / 2, z1=z + a / 2)]
            self.__pydantic_fields_set__.discard("blocks")  # still reported as a default, not as stated
        return self


BOX_OBSTACLE_DIMENSIONS: dict[str, type[BaseModel]] = {"duct_with_obstacles": DuctObstacleDims}


def _label(k: int, box: BoxObstacle) -> str:
    return box.name or f"obstacle {k + 1}"


def check_box_obstacles(d: DuctObstacleDims) -> None:
    """Refuse (ValueError) no obstacle, one outside the duct or touching its inlet or outlet, one filling a whole
    cross-section (the duct closed off), and two that overlap."""
    if not d.blocks:
        raise ValueError("duct_with_obstacles needs at least one obstacle (or use 'channel' for a plain duct)")
    size = {"x": d.length, "y": d.height, "z": d.depth}
    eps = 1e-9 * max(size.values())
    for k, box in enumerate(d.blocks):
        for axis, top in size.items():
            lo, hi = box.extent(axis)
            if lo < -eps or hi > top + eps or (axis == "x" and (lo <= eps or hi >= top - eps)):
                raise ValueError(f"obstacle outside the domain: {_label(k, box)} spans {axis} {lo:g}..{hi:g}, beyond "
                                 f"the duct {axis} 0..{top:g} m{' (clear of the inlet and outlet)' if axis == 'x' else ''}")
        if box.y0 <= eps and box.y1 >= d.height - eps and box.z0 <= eps and box.z1 >= d.depth - eps:
            raise ValueError(f"{_label(k, box)} fills the duct's whole cross-section (y 0..{d.height:g}, z 0..{d.depth:g} "
                             f"m) and closes it off; make it smaller than the duct")
    for i, a in enumerate(d.blocks):
        for j, b in enumerate(d.blocks[i + 1:], i + 1):
            if all(min(a.extent(ax)[1], b.extent(ax)[1]) - max(a.extent(ax)[0], b.extent(ax)[0]) > eps for ax in "xyz"):
                raise ValueError(f"the geometry overlaps itself: {_label(i, a)} and {_label(j, b)} overlap")


def box_obstacle_distances(d: DuctObstacleDims) -> dict[str, float]:
    """Lengths a request may give of the obstacles: each one's size along x, y, z, its centre, its faces' distance
    from the inlet, outlet, floor and side walls; between two, their centres' distance and their gap along x and z."""
    out: dict[str, float] = {}
    for k, b in enumerate(d.blocks):
        p = f"obstacle{k}_"
        (sx, sy, sz), c = b.sizes(), ((b.x0 + b.x1) / 2, (b.y0 + b.y1) / 2, (b.z0 + b.z1) / 2)
        out.update({p + "size_x": sx, p + "size_y": sy, p + "size_z": sz, p + "center_x": c[0], p + "center_y": c[1],
                    p + "center_z": c[2], p + "gap_inlet": b.x0, p + "gap_outlet": d.length - b.x1,
                    p + "downstream": d.length - c[0], p + "gap_floor": b.y0, p + "gap_ceiling": d.height - b.y1,
                    p + "gap_side0": b.z0, p + "gap_side1": d.depth - b.z1})
        for j, other in enumerate(d.blocks[k + 1:], k + 1):
            for axis, at in (("x", 0), ("z", 2)):  # along the flow, and side by side across it
                lo, hi = other.extent(axis)
                out[f"obstacle{k}_{j}_pitch_{axis}"] = abs((lo + hi) / 2 - c[at])
                out[f"obstacle{k}_{j}_gap_{axis}"] = max(lo - b.extent(axis)[1], b.extent(axis)[0] - hi)
    return out
