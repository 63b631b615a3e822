"""A wall temperature for one side of a domain whose wall patch spans several sides ("bottom at 20
degC, lid at 40 degC" on a cavity whose floor and side walls are the one patch fixedWalls;
"top at 300 K" on buoyantCavity's topAndBottom): the faces of that patch lying on the side become a
patch of their own in the blockMeshDict (`bottomWall`), every field gets it with the old patch's
condition, and the temperature holds it (fixedValue).

The pure part reads and rewrites the blockMeshDict `boundary` list; `WallSideBinding` is mixed into
`tasks.plan.bind_thermal.ThermalBinding`. Not applied, with why, when the mesh is not a plain
blockMeshDict, no wall or several walls have faces on the side, or a field gives the patch by a
pattern the new name does not match.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from tasks.foam import dictionary as fd
from tasks.plan.bind_inlet_normals import block_vertices
from tasks.plan.foam_values import direction, fmt
from tasks.plan.stated import StatedQuantity

_MESH = "system/blockMeshDict"
# "the two side walls", "both vertical walls", "the sides at 300 K": the left and right walls of a 2D domain
# ("walls on both sides" of a channel are its top and bottom: not these)
LATERAL = re.compile(r"\b(?:side|vertical|lateral|upright)\s+walls\b|\bthe\s+(?:two\s+)?sides\b(?!\s+of)")
_QUAD = re.compile(r"\(\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\)")


class Split(NamedTuple):
    """The `boundary` list with the side's faces of `patch` moved to the new patch `name`."""

    boundary: str
    patch: str
    name: str


def side_axis(side: str, gravity: str = "") -> tuple[int, int] | None:
    """(axis, +1 high end / -1 low end) of a side: left and right along x, bottom and top along
    gravity (y without one); None for any other side."""
    if side in ("left", "right"):
        return 0, -1 if side == "left" else 1
    if side not in ("bottom", "top"):
        return None
    sign = -1 if side == "bottom" else 1
    g = direction(gravity) if gravity else None
    if not g:
        return 1, sign
    axis = max(range(3), key=lambda i: abs(g[i]))
    return axis, sign if g[axis] < 0 else -sign


def _patch_faces(inner: str) -> dict[str, tuple[str, list[tuple[int, ...]]]]:
    """Each patch of a `boundary` list's inside: (type, faces)."""
    out = {}
    for e in fd.entries(inner):
        if e.kind == "dict":
            faces = [tuple(int(i) for i in m.groups()) for m in _QUAD.finditer(fd.get(inner, [e.name, "faces"]) or "")]
            out[e.name] = (fd.get(inner, [e.name, "type"]) or "wall", faces)
    return out


def _faces_text(faces: list[tuple[int, ...]]) -> str:
    return "(" + " ".join("(" + " ".join(str(i) for i in f) + ")" for f in faces) + ")"


def split_side(boundary: str, points: list[list[float]], walls: list[str], side: str,
               gravity: str = "") -> Split | str:
    """The `boundary` list (its value, `( name {...} ... )`) with the faces of the one wall patch
    (of `walls`) that has some but not all of its faces on `side` moved to a new patch named
    `<side>Wall`; a string saying why not otherwise."""
    found = side_axis(side, gravity)
    if found is None:
        return f"the {side} side is not one end of an axis"
    axis, sign = found
    text = fd.strip_comments(boundary).strip()
    if not (text.startswith("(") and text.endswith(")")) or not points:
        return "the blockMeshDict's vertices or boundary list are not plain numbers"
    inner = text[1:-1]
    patches = _patch_faces(inner)
    bound = (max if sign > 0 else min)(p[axis] for p in points)
    tol = 1e-9 * max(1.0, max(abs(p[axis]) for p in points))

    def on_side(face: tuple[int, ...]) -> bool:
        return all(i < len(points) and abs(points[i][axis] - bound) <= tol for i in face)

    touching = [p for p in walls if p in patches and any(on_side(f) for f in patches[p][1])]
    if len(touching) != 1:
        return (f"{'no wall patch' if not touching else 'several wall patches (' + ', '.join(touching) + ')'} "
                f"of the base's blockMeshDict has faces on the {side} side")
    patch = touching[0]
    kind, faces = patches[patch]
    on = [f for f in faces if on_side(f)]
    name = next(n for n in (f"{side}Wall", *(f"{side}Wall{i}" for i in range(2, 99))) if n not in patches)
    kept = fd.set_entry(inner, [patch, "faces"], _faces_text([f for f in faces if not on_side(f)]))
    added = f"    {name}\n    {{\n        type {kind};\n        faces {_faces_text(on)};\n    }}\n"
    return Split(f"(\n{kept.rstrip()}\n{added})", patch, name)


def block_dict(text: str, path: list[str]) -> dict | None:
    """The sub-dictionary at `path` as nested dicts of value texts; None when it holds a directive
    (`#include`) that a copy could not carry."""
    span = fd.body_span(text, path)
    if span is None:
        return None
    out: dict = {}
    for e in fd.entries(text, *span):
        if e.kind == "directive":
            return None
        value = block_dict(text, [*path, e.key]) if e.kind == "dict" else fd.get(text, [*path, e.key])
        if value is None:
            return None
        out[e.key] = value
    return out


def field_copy(text: str, patch: str, name: str) -> dict | None:
    """`patch`'s condition in a field's boundaryField, to give the new patch `name` the same; {}
    when a pattern key (`".*Walls"`, `wall`) already covers `name` or the field does not list the
    patch; None when the condition cannot be copied (a directive in it, or a pattern covers the
    patch but not `name`)."""
    if fd.find(text, ["boundaryField", patch]) is not None:
        return block_dict(text, ["boundaryField", patch])
    keys = [e.name for e in fd.entries(text, *(fd.body_span(text, ["boundaryField"]) or (0, 0))) if e.kind == "dict"]
    for key in keys:
        try:
            if re.fullmatch(fd.unquote(key), patch):
                return {} if re.fullmatch(fd.unquote(key), name) else None
        except re.error:
            continue
    return {}


class WallSideBinding:
    """Splits a wall patch by side for a stated temperature; needs the Binder's `base`, `roles`,
    `set`, `current`, `hold_fixed`, `refuse`, `assumptions`, `t_field` and the thermal binder's
    `_walls_at` and `_set_t`."""

    def lateral_walls(self, q: StatedQuantity, what: str) -> None:
        """"The two side walls at 300 K" in a 2D case: the left and the right wall, each the patch
        that lies wholly there or the faces split off a patch spanning several sides; a 3D case's
        sides are four walls the words do not tell apart: not applied."""
        named = [p for p, r in self.roles.items() if r in ("wall", "moving_wall") and "side" in p.lower()]
        if named and self._set_t(q, named, what):  # BenardCells' sideWalls
            return
        if "empty" not in self.base.mesh_types().values():
            self.refuse(q, f"{q.text} is for the side walls of a 3D case, which are four walls; name them "
                           f"(left, right, front, back) or their patches")
            return
        for side in ("left", "right"):
            held = self._walls_at(side)
            why = None if held and self._set_t(q, held, what) else self.split_side_wall(q, side, what)
            if why is not None:
                self.refuse(q, f"the {side} wall for {q.text}: {why}; name the patch")
                return

    def split_side_wall(self, q: StatedQuantity, side: str, what: str) -> str | None:
        """Hold the faces of the one wall patch on `side` at q (a new patch, every field extended);
        None when done, else why not."""
        raw = self.base.text(_MESH)
        mesh = self.base.mesh_text()
        if raw is None or mesh is None:
            return "the base has no blockMeshDict to split a wall patch in"
        walls = [p for p, r in self.roles.items() if r in ("wall", "moving_wall")]
        gravity = fd.get(self.base.text("constant/g") or "", ["value"]) or ""
        split = split_side(self.current(_MESH, "boundary"), block_vertices(mesh), walls, side, gravity)
        if isinstance(split, str):
            return split
        t_rels = self.base.field_rels(self.t_field)
        computed = [rel for rel in t_rels if fd.get(self.base.text(rel) or "", ["boundaryField", split.patch, "type"],
                                                     regex=True) == "calculated"]
        if computed:
            return f"{self.solver} computes T on {split.patch} ({computed[0]}: calculated); no part of it can be held"
        copies: list[tuple[str, dict]] = []
        for field in self.base.fields():
            for rel in self.base.field_rels(field):
                if rel in t_rels:
                    continue
                condition = field_copy(self.base.text(rel) or "", split.patch, split.name)
                if condition is None:
                    return f"{rel} gives {split.patch} a condition a new patch {split.name} cannot copy"
                if condition:
                    copies.append((rel, condition))
        self.set(_MESH, ["boundary"], split.boundary, f"the {side} faces of {split.patch} made the patch {split.name}")
        for rel, condition in copies:
            self.set(rel, ["boundaryField", split.name], condition, f"{split.name}: {split.patch}'s condition")
        for rel in t_rels:
            was = fd.get(self.base.text(rel) or "", ["boundaryField", split.patch, "type"]) or "its condition"
            self.hold_fixed(rel, split.name, f"uniform {fmt(q.value)}", what, was, q,
                            f"{split.name} (the faces of {split.patch} on the {side} side, split off in the "
                            f"blockMeshDict) is held at {q.text}; the rest of {split.patch} keeps {was}")
        return None
