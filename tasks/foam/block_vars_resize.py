"""Which parameter of a parametrised blockMesh mesh sets the domain's size along a direction, and its
value for a new size: a blockMeshDict variable (`L 4;` used in `($L 0 0)`) or an m4 template's
`define(b, 40)`. A parameter sets a size when doubling it doubles the domain's extent along one
direction (or two: a tank's radius) and leaves the others as they are, as blockMesh (or m4) would
evaluate the mesh. Pure apart from running m4 on a changed template (tasks.foam.m4).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from tasks.foam import block_vars
from tasks.foam import dictionary as fd
from tasks.foam.m4 import expand_m4_text, numeric_defines, set_define

# the words a request sizes a domain with -> the names and comment words of the parameters they mean
ROLE_NAMES: dict[str, tuple[str, ...]] = {
    "length": ("length", "len", "l", "lx", "xmax", "long"),
    "width": ("width", "w", "breadth", "b", "wide", "span"),
    "height": ("height", "h", "high", "tall", "ly", "ymax"),
    "depth": ("depth", "d", "deep"),
    "radius": ("radius", "r", "rad"),
    "diameter": ("diameter", "d", "dia", "radius", "r"),
}
_REL_TOL = 1e-6


@dataclass(frozen=True)
class SizeParameter:
    """A parameter of the mesh and the directions (0 x, 1 y, 2 z) whose extent it sets."""

    name: str
    value: float
    comment: str
    axes: tuple[int, ...]


def names_role(role: str, name: str, comment: str = "") -> bool:
    """The parameter's name (`L`, `H`, `xmax`, `height`) or its comment ("Breadth of tank") says `role`."""
    words = ROLE_NAMES.get(role, (role,))
    low = name.lower()
    if low in words or any(len(w) > 2 and low.startswith(w) for w in words):
        return True
    return any(re.search(rf"\b{w}\b", comment.lower()) for w in words if len(w) > 2)


def scaled_axes(before: list[float], after: list[float], factor: float) -> tuple[int, ...]:
    """The axes whose extent `after` is `factor` times `before`, when every other extent is unchanged;
    () when some extent changed otherwise."""
    scaled: list[int] = []
    for axis, (old, new) in enumerate(zip(before, after)):
        if old > 0 and abs(new - factor * old) <= _REL_TOL * max(1.0, abs(new)):
            scaled.append(axis)
        elif abs(new - old) > _REL_TOL * max(1.0, abs(old)):
            return ()
    return tuple(scaled)


def extents(text: str) -> list[float] | None:
    """The extents (x, y, z) of a blockMeshDict's vertices in metres (variables evaluated)."""
    points = block_vars.points(text)
    if not points:
        return None
    scale = block_vars.scale_of(text)
    return [scale * (max(p[a] for p in points) - min(p[a] for p in points)) for a in range(3)]


def _size_parameters(candidates: list[tuple[str, float, str]], base: list[float] | None,
                     changed: Callable[[str, float], list[float] | None]) -> list[SizeParameter]:
    """The candidates whose doubling doubles the extent along one or two directions, others kept."""
    if base is None:
        return []
    out: list[SizeParameter] = []
    for name, value, comment in candidates:
        if value == 0:
            continue
        after = changed(name, 2 * value)
        axes = scaled_axes(base, after, 2.0) if after is not None else ()
        if axes:
            out.append(SizeParameter(name, value, comment, axes))
    return out


def variable_size_parameters(text: str) -> list[SizeParameter]:
    """The blockMeshDict's plain-number variables (`L 4;`, not `H2 #eval{ 2*$H };`) that set the
    domain's extent along a direction."""
    clean = fd.strip_comments(text)
    plain = fd.top_level_values(clean)
    values = block_vars.variables(clean)
    # a parameter is set by a number or an expression of numbers only (`L #eval{ 20*pi() };`), not one
    # derived from another (`H2 #eval{ 2*$H };`: set through H)
    candidates = [(name, value, "") for name, value in values.items()
                  if name not in ("scale", "convertToMeters") and "$" not in plain.get(name, "$")]

    def changed(name: str, value: float) -> list[float] | None:
        return extents(fd.set_entry(clean, [name], block_vars.number_text(value)))

    return _size_parameters(candidates, extents(clean), changed)


def define_size_parameters(template: str, cwd: Path, role: str) -> list[SizeParameter]:
    """The m4 template's `define(name, number)` parameters named for `role` (by name or comment)
    that set the domain's extent along a direction (each tried by expanding the changed template)."""
    expanded = expand_m4_text(template, cwd)
    candidates = [d for d in numeric_defines(template) if names_role(role, d[0], d[2])]

    def changed(name: str, value: float) -> list[float] | None:
        out = expand_m4_text(set_define(template, name, block_vars.number_text(value)), cwd)
        return extents(out) if out is not None else None

    return _size_parameters(candidates, extents(expanded) if expanded else None, changed)


def new_value(parameter: SizeParameter, extent: float, target: float) -> float:
    """The parameter's value that makes its direction's `extent` (metres) `target` (metres): the
    extent is proportional to it."""
    if extent <= 0:
        raise ValueError(f"the domain has no extent along the direction {parameter.name} sets")
    return parameter.value * target / extent
