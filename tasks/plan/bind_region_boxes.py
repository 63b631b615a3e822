"""The region boxes a request states (tasks/plan/region_boxes.py) written to the base's dictionaries: the
liquid's to the one setFieldsDict box that sets a phase fraction, a solid block's to the one boxToCell box of
topoSetDict's actions (the cells the mesh then loses: damBreakWithObstacle's `subsetMesh c0`). An axis the
words leave open keeps the base's extent. A step after the binder (`apply_region_boxes`), called by
tasks/plan/bind.py's `bind_all`."""

from __future__ import annotations

import re
from typing import Any

from tasks.foam import dictionary as fd
from tasks.plan.bind_setfields_fill import _BOX
from tasks.plan.foam_values import direction, fmt, vec
from tasks.plan.region_boxes import StatedBox, stated_boxes
from tasks.plan.stated import Binding, StatedQuantity

Binder = Any  # tasks.plan.bind.Binder (not imported: bind imports this module)

_SETFIELDS = "system/setFieldsDict"
_TOPOSET = "system/topoSetDict"


def vertical_axis(binder: Binder) -> int:
    """The axis gravity points along (constant/g), else z."""
    g = direction(fd.get(binder.base.text("constant/g") or "", ["value"]) or "")
    return max(range(3), key=lambda k: abs(g[k])) if g and any(g) else 2


def _boxes(raw: str, alpha_only: bool) -> list[re.Match[str]]:
    """The boxes of a regions or actions list; of a setFieldsDict's, those whose region sets a phase fraction."""
    out = []
    for m in _BOX.finditer(raw):
        end = raw.find("}", m.end())
        if alpha_only and not re.search(r"\balpha[\w.]*\s", raw[m.end():end if end >= 0 else len(raw)]):
            continue
        out.append(m)
    return out


def _place(binder: Binder, rel: str, entry: str, stated: StatedBox, alpha_only: bool,
           what: str) -> tuple[list[float], list[float]] | None:
    """Replace the one box (and its twins) of `rel`'s `entry` list by the stated one; its corners as written, or
    None when the base has none or several different ones."""
    raw = fd.get(binder.base.text(rel) or "", [entry])
    if not raw:
        return None
    clean = fd.strip_comments(raw)
    found = _boxes(clean, alpha_only)
    corners = {tuple(float(x) for x in m.groups()) for m in found}
    if len(corners) != 1:
        return None
    old = next(iter(corners))
    lo = [old[k] if stated.lo[k] is None else stated.lo[k] for k in range(3)]
    hi = [old[3 + k] if stated.hi[k] is None else stated.hi[k] for k in range(3)]
    new = clean
    for m in sorted(found, key=lambda m: -m.start()):
        new = new[:m.start()] + f"box {vec(lo)} {vec(hi)}" + new[m.end():]
    # the stated box replaces what a size or fill reader made of its words in the same list
    binder.edits = [e for e in binder.edits if not (e.file == rel and e.entry == [entry])]
    binder.bindings = [b for b in binder.bindings if not (b.file == rel and b.entry == [entry])]
    binder.set(rel, [entry], new, f"{what}: box {vec(lo)} {vec(hi)} as stated")
    binder.assumptions.append(f"{what} {vec(lo)} to {vec(hi)} m as stated (the base's {vec(list(old[:3]))} to "
                              f"{vec(list(old[3:]))} in {rel})")
    return lo, hi


def apply_region_boxes(binder: Binder, text: str, stated: list[StatedQuantity]) -> list[StatedQuantity]:
    """Write each stated region box to its dictionary; the stated lengths its words hold (taken by the box)."""
    taken: list[StatedQuantity] = []
    up = vertical_axis(binder)
    planar = "empty" in binder.base.mesh_types().values()
    for box in stated_boxes(text, up):
        if planar and all(v is not None for v in box.lo):
            continue  # a box in three dimensions is no region of a 2D base, whose axes may mean others
        if box.kind == "liquid":
            done = _place(binder, _SETFIELDS, "regions", box, True, "the liquid's initial region")
        else:
            done = _place(binder, _TOPOSET, "actions", box, False, "the solid block cut out of the mesh")
        if done is None:
            continue
        words = text[box.start:box.end]
        rel = _SETFIELDS if box.kind == "liquid" else _TOPOSET
        lo, hi = done
        corners, extents = [*lo, *hi], [b - a for a, b in zip(lo, hi)]
        written = f"box {vec(lo)} {vec(hi)}"
        for q in stated:
            if q.quantity == "length" and q.text in words:
                # a corner's coordinate is in the box as written; a size ("a 0.25 m x 0.25 m footprint") is one of
                # its extents, verified by the whole box; any other length is no part of it
                value = fmt(q.value) if any(abs(c - q.value) < 1e-9 for c in corners) else \
                    written if any(abs(e - q.value) < 1e-9 for e in extents) else None
                if value is None:
                    continue
                taken.append(q)
                binder.bindings = [b for b in binder.bindings if not (b.stated == q.text and b.file == _SETFIELDS
                                                                      and rel != _SETFIELDS)]
                binder.bindings.append(Binding(stated=q.text, file=rel, entry=["regions" if rel == _SETFIELDS else "actions"],
                                               value=value, how=f"part of the stated {box.kind} box"))
        binder.not_applied = [n for n in binder.not_applied if not any(n.text == q.text for q in taken)]
    return taken
