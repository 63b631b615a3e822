"""A step given as the solid part it is, by the coordinate ranges it fills ("the step fills x from 30 to 100 cm,
y from 0 to 3 cm", "step (solid) x 0.4..1.2, y 0..0.03", "a block filling x from 0 to 20 cm and y from 0 to 2 cm"):
its height and where its face is, the channel's extents coming from the domain's own words. Which step it is
follows from where the part is: on the floor against the outlet end a forward-facing step, against the inlet end
a backward-facing one (a part inside the channel stays an obstacle or a rib). Ranges are read once, by
text_range_parts. Pure functions; metres."""

from __future__ import annotations

from typing import Any, NamedTuple

from tasks.geometry.placement import axis_ranges
from tasks.geometry.text_lengths import extent_product, named_lengths
from tasks.geometry.text_range_parts import STEP_PART_NOUN, RangePart, corner_ranges, range_parts
from tasks.geometry.text_sections import blank

_TOL = 1e-9


class Channel(NamedTuple):
    """The channel a step part sits in: its inlet and outlet x, its floor y and its height (None: not known)."""

    start: float
    end: float
    floor: float
    height: float | None


class FittedStep(NamedTuple):
    """A step part as the step shape's own sizes: the shape, its dimensions and the origin (the foot of its face)."""

    shape: str
    dims: dict[str, float]
    origin: tuple[float, float]


def step_part(text: str) -> RangePart | None:
    """The one solid part the words of a step give by its ranges ("the step occupies x = 0.4..1.2 m, y = 0..0.03 m"),
    else None: none, more than one part (not one step), or no channel height said besides (the ranges are then the
    channel's own: "a backward-facing step with x from 0 to 1 m, y from 0 to 0.1 m")."""
    parts = range_parts(text, STEP_PART_NOUN)
    if len(parts) != 1:
        return None
    rest = blank(text, [parts[0].span])
    said = axis_ranges(rest, "y") or corner_ranges(rest, "y") or "height" in named_lengths(rest) or extent_product(rest)
    return parts[0] if said else None


def fit_part(part: RangePart, channel: Channel, shape: str | None = None) -> FittedStep | None:
    """`part` as a step of `channel`: standing on the floor and reaching the outlet end (forward-facing) or starting
    at the inlet end (backward-facing), lower than the channel; None when it is not (a rib, an obstacle, a part
    hanging from the ceiling or filling the channel's height). `shape` the step it must be, when the words said."""
    assert part.x is not None and part.y is not None
    (x0, x1), (y0, y1) = part.x, part.y
    x0, x1 = channel.start if x0 is None else x0, channel.end if x1 is None else x1  # "from x = 0.4 m to the outlet"
    tol = _TOL * max(1.0, abs(channel.end - channel.start))
    if y1 is None or part.hangs or (y0 is not None and abs(y0 - channel.floor) > tol):
        return None
    step_height = round(y1 - channel.floor, 12)
    if step_height <= 0 or (channel.height is not None and step_height >= channel.height - tol):
        return None
    touches_end = abs(x1 - channel.end) <= tol and channel.start < x0 - tol
    touches_start = abs(x0 - channel.start) <= tol and x1 < channel.end - tol
    face = x0 if touches_end else x1
    found = "forward_step" if touches_end and not touches_start else "backward_step" if touches_start else None
    if found is None or (shape is not None and shape != found):
        return None
    dims = {"upstream_length": round(face - channel.start, 12), "downstream_length": round(channel.end - face, 12),
            "step_height": step_height, **({"height": channel.height} if channel.height is not None else {})}
    return FittedStep(found, dims, (face, channel.floor))


def step_channel(shape: str, part: RangePart, text: str, dims: dict[str, Any], origin: tuple[float, float],
                 length: float | None = None) -> Channel | None:
    """The channel a step `part` of `shape` sits in, from the words left once the part's own are blanked (`text`,
    `dims` and `origin` as placed from them, `length` the channel's length said before placing): the domain's x range
    ("domain x 0..1.2 m"), else its whole length ("100 cm long", or the sections placed) from x = 0 (from the part's
    far end for a forward step, its near end for a backward one, when the part lies at negative x), else the outlet at
    the part's end for a forward step; None when the channel's length is not known."""
    assert part.x is not None
    x0, x1 = part.x
    xs = axis_ranges(text, "x") or [r for _, _, r in corner_ranges(text, "x") if None not in r]  # "from (0, 0) to (1.2, 0.09)"
    ys = axis_ranges(text, "y") or [r for _, _, r in corner_ranges(text, "y") if None not in r]
    floor, height = origin[1], dims.get("height")
    if height is None and len(ys) == 1 and None not in ys[0]:
        floor, height = ys[0][0], ys[0][1] - ys[0][0]
    if xs:
        start, end = min(a for a, _ in xs), max(b for _, b in xs)
        return Channel(start, end, floor, height)
    if not length and {"upstream_length", "downstream_length"} <= dims.keys():
        length = dims["upstream_length"] + dims["downstream_length"]
    if length and (x0 is None or x0 >= 0):  # coordinates from the inlet
        return Channel(0.0, length, floor, height)
    if length and x0 is not None:
        return Channel(x1 - length, x1, floor, height) if shape == "forward_step" and x1 is not None else \
            Channel(x0, x0 + length, floor, height)
    if shape == "forward_step" and x0 is not None and x0 > 0 and x1 is not None:  # it runs to the outlet, inlet at 0
        return Channel(0.0, x1, floor, height)
    return None


def fit_step(shape: str, part: RangePart, text: str, dims: dict[str, Any], origin: tuple[float, float],
             length: float | None = None) -> tuple[tuple[float, float], list[str]]:
    """Put a step `part` into a step's `dims` (in place): its height and the lengths before and after its face; the
    origin at the foot of the face, and the notes saying why the part's ranges were not used when they cannot be."""
    channel = step_channel(shape, part, text, dims, origin, length)
    fitted = fit_part(part, channel, shape) if channel is not None else None
    if fitted is None:
        return origin, [f"The step's ranges (x {part.x}, y {part.y} m) do not make a {shape.replace('_', ' ')} of the "
                        "channel given (a step stands on the floor against the outlet end, forward-facing, or the inlet "
                        "end, backward-facing, lower than the channel): give the channel's length and height too."]
    dims.update(fitted.dims)
    return fitted.origin, []


def parts_as_step(parts: list[RangePart], dims: dict[str, Any], origin: tuple[float, float]) -> FittedStep | None:
    """A plain channel's one solid part (`dims` length and height, `origin` its lower inlet corner) as the step it
    is when it stands on the floor against the inlet or the outlet end ("a block spanning x 0..0.2 m, y 0..0.02 m" in
    a channel x 0..0.8 m), else None (it stays an obstacle)."""
    if len(parts) != 1 or not dims.get("length") or not dims.get("height"):
        return None
    channel = Channel(origin[0], origin[0] + dims["length"], origin[1], dims["height"])
    return fit_part(parts[0], channel)
