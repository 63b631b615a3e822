"""Binder steps for the direction of a stated speed: the words around it read against the case's
vertical (tasks/plan/values_directions.py), a patch's inward normal when the base gives an inlet no
direction, the vector an inlet reads from a case-settings include (`uniform $:innerInlet.U`), a
cone injector's axes, and a liquid injected through boundary faces that setFields fills (a `faceToFace`
region setting alpha = 1 and a velocity, as in interFoam's eulerianInjection), where the injected
velocity lives. Mixed into `tasks.plan.bind_velocity.VelocityBinding`.
"""

from __future__ import annotations

import re

from tasks.foam import dictionary as fd
from tasks.foam.includes import macro_keys, macro_value
from tasks.plan.bind_include_scoped import _SCOPED, included_rels
from tasks.plan.bind_inlet_normals import patch_inward_normal
from tasks.plan.bind_inlets import vector_direction
from tasks.plan.controls_patch_extent import _scale, patch_bounds
from tasks.plan.extract import normalise
from tasks.plan.foam_values import VECTOR, direction, fmt, magnitude, vec
from tasks.plan.regions import read_set_fields, set_region
from tasks.plan.stated import Binding, StatedQuantity
from tasks.plan.values_directions import Said, down_of, said_direction, words_after, words_before

_SET_FIELDS = "system/setFieldsDict"
_INJECT_WORDS = re.compile(r"\b(?:inject\w*|jets?|nozzles?|sprays?|orifices?|issu\w+)\b")


def inward_normal(block_mesh: str, patch: str) -> list[float] | None:
    """The unit normal into the domain of a blockMesh patch that is flat along one axis at the
    domain's low or high end (an inlet at x = 0 -> (1 0 0)); None otherwise."""
    bounds = patch_bounds(block_mesh, patch)
    points = [[float(x) for x in m.groups()] for m in VECTOR.finditer(fd.get(fd.strip_comments(block_mesh),
                                                                             ["vertices"]) or "")]
    if bounds is None or not points:
        return None
    scale = _scale(fd.strip_comments(block_mesh))
    flat = [a for a in range(3) if abs(bounds[a][1] - bounds[a][0]) < 1e-12]
    if len(flat) != 1:
        return None
    axis = flat[0]
    low, high = min(p[axis] for p in points) * scale, max(p[axis] for p in points) * scale
    v = [0.0, 0.0, 0.0]
    if abs(bounds[axis][0] - low) < 1e-12:
        v[axis] = 1.0
    elif abs(bounds[axis][0] - high) < 1e-12:
        v[axis] = -1.0
    else:
        return None
    return v


def injector_regions(set_fields: str) -> list[tuple[int, str, list[float]]]:
    """(index, velocity field, its vector) of each setFields region that sets a non-zero velocity
    on faces (a `...ToFace` selector): an injector drawn on the boundary."""
    found = []
    for i, region in enumerate(read_set_fields(set_fields).regions):
        if not region.selector.endswith("ToFace"):
            continue
        for field, raw in region.values.items():
            if (field == "U" or field.startswith("U.")) and magnitude(raw) > 0:
                found.append((i, field, [float(x) for x in VECTOR.search(raw).groups()]))
    return found


_PAIR = re.compile(r"\(\s*(\([^()]*\))\s*\([^()]*\)\s*\)")


def aimed_pairs(raw: str, axis: list[float]) -> str:
    """A coneInjection's `positionAxis` list ((position) (axis)) with every axis set to `axis`."""
    return _PAIR.sub(lambda m: f"({m.group(1)} {vec(axis)})", raw)


class DirectionBinding:
    """Directions of stated speeds; needs the Binder's `base`, `text`, `set`, `refuse`,
    `value_at`, `_words_of`, `current`, `bindings`, `assumptions` and `patches`."""

    def down(self) -> list[float] | None:
        """The case's unit "down": along constant/g, -y in a 2D case without gravity, else None."""
        gravity = direction(fd.get(self.base.text("constant/g") or "", ["value"]) or "")
        return down_of(gravity, "empty" in self.base.mesh_types().values())

    def said(self, q: StatedQuantity) -> Said | None:
        """The direction the words right after the value give, else those of its clause before it."""
        low = normalise(self.text).lower()
        at = self.value_at(low, q)
        if at < 0:
            return None
        down = self.down()
        return said_direction(words_after(low, at + len(q.text)), down) or \
            said_direction(words_before(low, at), down)

    def refuse_unplaced_vertical(self, q: StatedQuantity) -> bool:
        """Up or down said for a case with no gravity and no 2D plane: not applied, asking for the axis."""
        said = self.said(q) if not q.vector else None
        if said is None or not said.vertical:
            return False
        self.refuse(q, f"{q.text} is said to point up or down, but {self.base.root.name} has no gravity (constant/g) "
                       f"and is not 2D, so which axis is vertical is not known: give the direction as an axis "
                       f"('in -z', 'along +y')")
        return True

    def scoped_home(self, rel: str, raw: str) -> tuple[str, list[str], str] | None:
        """(file, entry, value) of a vector a value reads through a scoped reference (`uniform
        $:innerInlet.U`), defined in the file or one it includes (`<constant>/caseSettings`); None
        for anything else."""
        m = _SCOPED.fullmatch(raw.strip())
        if m is None:
            return None
        for where in [rel, *included_rels(rel, self.base.text(rel) or "")]:
            found = macro_value(self.base.text(where) or "", m.group(1))
            if found is not None and VECTOR.search(found):
                return where, macro_keys(m.group(1)), found
        return None

    def patch_inward(self, patch: str) -> list[float] | None:
        """The patch's inward normal from the blockMeshDict: into the block its faces bound when they
        all face one way, else when it is a flat end of the domain. None when the script replaces the
        points blockMesh writes: its faces then lie elsewhere."""
        if self.base.points_rewritten():
            return None
        text = self.base.mesh_text() or ""
        return (patch_inward_normal(text, patch) or inward_normal(text, patch)) if text else None

    def aim_injector(self, rel: str, path: list[str], axis: list[float]) -> None:
        """An injection model's direction set to the stated one: its `direction` (coneNozzleInjection),
        or the axis of each injector of its `positionAxis` (coneInjection)."""
        text = self.base.text(rel) or ""
        model = path[-1]
        if fd.find(text, path + ["direction"]) is not None:
            self.set(rel, path + ["direction"], vec(axis), f"injection direction of {model}")
        raw = fd.get(text, path + ["positionAxis"])
        if raw and _PAIR.search(raw):
            self.set(rel, path + ["positionAxis"], aimed_pairs(raw, axis), f"injector axes of {model}")

    def bind_injector_faces(self, q: StatedQuantity) -> bool:
        """An injection speed for a base that injects through boundary faces setFields fills
        (eulerianInjection): the region's velocity, in the stated direction, else the base's.
        False when the base has no such region, or the words are for an inlet patch that drives
        a flow of its own."""
        raw = self.base.text(_SET_FIELDS)
        found = injector_regions(raw) if raw else []
        if not found:
            return False
        clause, sentence = self._words_of(q)
        driven = any(magnitude(fd.get(self.base.text(rel) or "", ["boundaryField", p, "value"]) or "") > 0
                     for rel in self.base.field_rels(self.u_field) for p in self.patches("inlet"))
        if driven and not _INJECT_WORDS.search(clause or sentence):
            return False
        said = None if q.vector else self.said(q)
        if said is not None and said.vector is None:
            return self.refuse_unplaced_vertical(q)
        for index, field, old in found:
            unit = vector_direction(q) or (said.vector if said else None) or direction(vec(old)) or [0.0, 0.0, 0.0]
            v = [q.value * c + 0.0 for c in unit]
            new = set_region(self.current(_SET_FIELDS, "regions"), index, field, vec(v), kind="volVectorFieldValue")
            self.set(_SET_FIELDS, ["regions"], new, f"injection velocity {fmt(q.value)} m/s on the injector faces "
                                                    f"(setFields region {index + 1})")
            self.bindings.append(Binding(stated=q.text, file=_SET_FIELDS, entry=["regions"],
                                         value=f"volVectorFieldValue {field} {vec(v)}", how="injection velocity"))
        self.assumptions.append(f"{q.text} is the velocity of the liquid setFields injects through the boundary "
                                f"faces of the base's injector ({_SET_FIELDS}); the patches keep their conditions")
        return True
