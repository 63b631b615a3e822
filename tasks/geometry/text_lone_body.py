"""A lone body outlined in words (an ellipse, a wedge, a trapezoid) that the request sizes but does not place,
or whose domain it does not size: placed on the channel's centreline a little downstream of the inlet, in a
channel sized about it as the Schaefer-Turek one is about its cylinder (22 x 4.1 body sizes, the body 2 sizes
from the inlet) where the request gives no channel. Pure functions; metres."""

from __future__ import annotations

import re
from typing import Any

from pydantic import BaseModel, ConfigDict

from tasks.core.errors import RequestError

from tasks.geometry.shape_body_place import body_x, body_y, wall_side
from tasks.geometry.text_bodies import body_words
from tasks.geometry.text_outlines import ELLIPSE, TRAPEZOID, described_body, names_described_body

# the Schaefer-Turek channel in body sizes: 2.2 x 0.41 about a 0.1 cylinder centred 0.2 from the inlet
_LENGTHS, _HEIGHTS, _UPSTREAM = 22.0, 4.1, 2.0


class LoneBody(BaseModel):
    """The obstacle built, the domain sizes chosen for it, and how (a note for the assumptions)."""

    model_config = ConfigDict(extra="forbid")

    obstacle: dict[str, Any]
    dims: dict[str, float]
    note: str


def _kind(words: str) -> str:
    return "ellipse" if ELLIPSE.search(words) else "trapezoid" if TRAPEZOID.search(words) else "wedge"


def lone_body(text: str, dims: dict[str, Any]) -> LoneBody | None:
    """The body the words outline, placed where they say or by default, and the channel sizes the request
    did not give (`dims`: the ones it gave); None when they outline no body or do not size it."""
    own = body_words(text)
    on_wall = wall_side(own)
    probe = described_body(own, (0.0, 0.0), on_wall=None)
    if probe is None:
        return None
    xs, ys = [p[0] for p in probe["vertices"]], [p[1] for p in probe["vertices"]]
    size = max(max(xs) - min(xs), max(ys) - min(ys))
    out: dict[str, float] = {}
    height = dims.get("height") or round(_HEIGHTS * size, 9)
    length = dims.get("length") or round(_LENGTHS * size, 9)
    out.update({k: v for k, v in (("height", height), ("length", length)) if k not in dims})
    x = body_x(own, length)
    x = x if x is not None else round(min(_UPSTREAM * size, length / 4), 9)
    y = None if on_wall else body_y(own, height)
    y = y if y is not None or on_wall else height / 2
    body = described_body(own, (x, y), on_wall, height)
    if body is None:
        return None
    said = "placed " + (f"on the {'floor' if on_wall == 'bottom' else 'ceiling'}" if on_wall else
                        f"with its centre at ({x:g}, {body['center'][1]:g}) m")
    domain = f"; the channel {length:g} x {height:g} m sized about it (22 x 4.1 body sizes)" if out else ""
    return LoneBody(obstacle=body, dims=out, note=f"The {_kind(own)} (no place given) is {said}{domain}.")


def unsized_body(text: str) -> str | None:
    """Why a body the words outline could not be built (its sizes are missing), or None when they outline none."""
    own = body_words(text)
    if not names_described_body(own) or lone_body(text, {}) is not None:
        return None
    kind = _kind(own)
    need = {"ellipse": "its two semi-axes (or its major and minor axes, or one axis and the aspect ratio)",
            "trapezoid": "its base, top and height", "wedge": "its base and its height (or its length or apex angle)"}[kind]
    if re.search(r"\bequilateral\b", own, re.I):
        need = "its side"
    return f"the {kind} needs {need}, e.g. 'semi-axes 5 cm and 2 cm', 'base 20 mm, height 15 mm'"


def lone_body_fields(text: str, dims: dict[str, Any], notes: list[str]) -> dict[str, Any]:
    """The spec fields for a lone body outlined in words: its obstacle (`dims` completed in place) and the note
    saying where it was put; a RequestError naming the sizes missing when the words outline one but do not size
    it; nothing when they outline none."""
    body = lone_body(text, dims)
    if body is not None:
        dims.update(body.dims)
        return {"obstacles": [body.obstacle], "notes": [*notes, body.note]}
    why = unsized_body(text)
    if why:
        raise RequestError(f"geometry refused: {why}")
    return {}
