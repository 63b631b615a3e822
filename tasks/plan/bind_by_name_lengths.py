"""Binder steps for lengths a boundary condition holds, not the shape ("a reference height of
50 m", "z0 = 5 cm", "sand-grain roughness 0.1 mm"): the entry of that name in the base's
field files, on the patch or in the file the patch #includes (turbineSiting's
include/ABLConditions). Part of `tasks.plan.bind_by_name.ByNameBinding`.
"""

from __future__ import annotations

import re

from tasks.foam import dictionary as fd
from tasks.plan.foam_values import fmt
from tasks.plan.stated import StatedQuantity

# role -> the entries that hold it, tried in order; then those of its sibling roles (a "surface
# roughness" is an atmospheric z0 where the base has one, a wall's Ks where it has that)
BOUNDARY_LENGTHS: dict[str, tuple[str, ...]] = {
    "reference_height": ("Zref", "zRef", "Href"),
    "roughness_length": ("z0",),
    "roughness_height": ("Ks", "roughnessHeight"),
    "mixing_length": ("mixingLength",),
}
_SIBLINGS = {"roughness_length": ("roughness_height",), "roughness_height": ("roughness_length",)}
_INCLUDE = re.compile(r'#include\s+"([^"]+)"')
_NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")


def with_length(raw: str, value: float) -> str | None:
    """`raw` with its one number replaced ("uniform 0.1" -> "uniform 0.05", "20" -> "50"); None
    for a macro, a list or a table, which no single number stands for."""
    if "$" in raw or "(" in raw or "{" in raw or len(_NUMBER.findall(raw)) != 1:
        return None
    return _NUMBER.sub(fmt(value), raw, count=1)


class BoundaryLengthBinding:
    # lengths of boundary conditions ("Zref 50 m", "roughness length 5 cm") --------------------

    def boundary_length_homes(self, names: tuple[str, ...]) -> list[tuple[str, list[str]]]:
        """(file, entry) of each place the base's field files hold one of `names` (the first name
        found): in a patch, or at the top of a file a patch #includes."""
        for name in names:
            homes: list[tuple[str, list[str]]] = []
            for field in self.base.fields():
                for rel in self.base.field_rels(field):
                    text = self.base.text(rel) or ""
                    folder = rel.rsplit("/", 1)[0]
                    for patch in self.base.patch_bcs(field):
                        if fd.find(text, ["boundaryField", patch, name]) is not None:
                            homes.append((rel, ["boundaryField", patch, name]))
                        body = fd.get(text, ["boundaryField", patch]) or ""
                        for include in _INCLUDE.findall(body):
                            other = f"{folder}/{include}"
                            if fd.find(self.base.text(other) or "", [name]) is not None:
                                homes.append((other, [name]))
            if homes:
                return list({(r, tuple(e)): (r, e) for r, e in homes}.values())
        return []

    def bind_boundary_lengths(self, stated: list[StatedQuantity],
                              skip: list[StatedQuantity] = ()) -> list[StatedQuantity]:
        """Write each stated boundary-condition length where the base holds it; returns the
        quantities taken (the others go on to their role's binder, which refuses them)."""
        taken: list[StatedQuantity] = []
        for q in stated:
            if q.role not in BOUNDARY_LENGTHS or any(q is s for s in skip):
                continue
            for role in (q.role, *_SIBLINGS.get(q.role, ())):
                homes = self.boundary_length_homes(BOUNDARY_LENGTHS[role])
                written = False
                for rel, entry in homes:
                    new = with_length(fd.get(self.base.text(rel) or "", entry) or "", q.value)
                    if new is None:
                        continue
                    self.set(rel, entry, new, f"{entry[-1]} = {fmt(q.value)} m ({q.role.replace('_', ' ')})", q)
                    written = True
                if written:
                    taken.append(q)
                    break
        return taken
