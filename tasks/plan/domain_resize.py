"""A stated size of the domain that the tutorial does not have, written into the tutorial's own
parametrised mesh: "a channel 30 m long" on channel395 sets `L`, "the tank 50 m wide" on
sloshingTank2D sets the m4 template's `define(b, ...)`, "a vessel 0.3 m in diameter" on
mixerVessel2D sets `R`. The size must name its direction by a role word (length, width, height,
depth, radius, diameter; "half height") or an axis ("in x"); the parameter is the one that role
names (its name or comment) and that scales the domain's extent along one direction as blockMesh
(or m4) evaluates the mesh (tasks.foam.block_vars_resize). A size that names a role the mesh has
no single parameter for is not applied, with the parameters it has; a size without a role word,
or on a mesh without parameters, is left to the caller (a different shape: refused).
Pure apart from reading the tutorial's mesh files (and running m4).
"""

from __future__ import annotations

import re
from pathlib import Path

from tasks.foam import block_vars
from tasks.foam import block_vars_resize as resize
from tasks.foam import dictionary as fd
from tasks.foam.files import find_file, read_text
from tasks.foam.m4 import expand_m4_text, numeric_defines, set_define
from tasks.plan.controls_mesh import MeshChange
from tasks.plan.domain_generated_resize import resize_generated_box
from tasks.plan.manifest import FileEdit
from tasks.plan.mesh_files import BLOCK_MESH_DICT as _BMD
from tasks.plan.stated import Binding, NotApplied, StatedQuantity

_ROLE_OF = {"long": "length", "length": "length", "lengthwise": "length", "wide": "width", "width": "width",
            "broad": "width", "breadth": "width", "span": "width", "high": "height", "height": "height",
            "tall": "height", "deep": "depth", "depth": "depth", "diameter": "diameter", "radius": "radius"}
_ROLE_WORDS = "|".join(sorted(_ROLE_OF, key=len, reverse=True))
_AFTER = re.compile(rf"^\s*(?:\(\s*[\d.]+\s*\w*\s*\)\s*)?(?:in\s+|of\s+)?(?:the\s+)?(?P<half>half[\s-]?)?(?P<word>{_ROLE_WORDS})\b")
_BEFORE = re.compile(rf"\b(?P<half>half[\s-]?)?(?P<word>{_ROLE_WORDS})\b(?:\s+of\s+the\s+\w+)?\s*(?:of|=|:|is|equal\s+to|set\s+to|"
                     r"about|around|approximately|~)?\s*(?:of|about|around|approximately|~)?\s*$")
_AXIS_AFTER = re.compile(r"^[^,;.]{0,30}?(?:\bin\s+(?:the\s+)?|\balong\s+(?:the\s+)?|\()(?P<axis>[xyz])(?:[\s-]*(?:direction|axis))?\b"
                         r"|^[^,;.]{0,30}?\b(?P<dir>[xyz])[\s-]+(?:direction|axis)\b|^[^,;.]{0,30}?\b(?P<word>streamwise|spanwise|"
                         r"wall[\s-]normal|vertical(?:ly)?)\b", re.I)
_WORD_AXIS = {"streamwise": 0, "spanwise": 2, "wall normal": 1}


def size_words(text: str, q: StatedQuantity) -> tuple[str | None, bool, int | str | None]:
    """(role, half, axis) of a stated length: the size word around it ("2 m long", "height of
    1 m", "1 m half-height"; None when none), whether it is said of one half ("half height"),
    and the axis its clause names (0, 1, 2, or "vertical"; None when none)."""
    low = text.lower()
    at = low.find(q.text.lower())
    if at < 0:
        return None, False, None
    end = at + len(q.text)
    before = re.split(r"[,;(]", low[max(0, at - 40):at])[-1]
    after = re.split(r"[,;]", low[end:end + 50])[0]
    m = _AFTER.match(after) or _BEFORE.search(before)
    role = _ROLE_OF[m["word"]] if m else None
    half = bool(m and m["half"])
    a = _AXIS_AFTER.match(after)
    axis: int | str | None = None
    if a:
        letter = a["axis"] or a["dir"]
        word = re.sub(r"[\s-]+", " ", (a["word"] or "").lower())
        axis = "xyz".index(letter) if letter else ("vertical" if word.startswith("vertical") else _WORD_AXIS.get(word))
    return role, half, axis


def resize_domain(base_dir: Path, m4: str | None, text: str, lengths: list[StatedQuantity], change: MeshChange,
                  up: int = 1) -> None:
    """Each stated length that names its direction written into the parameter of the tutorial's mesh
    that sets it (edits and bindings on `change`), or not applied with the parameters the mesh has;
    the lengths handled are added to `change.taken` (the rest are left to the caller)."""
    said = [size_words(text, q) for q in lengths]
    axes = [up if axis == "vertical" else axis if isinstance(axis, int) else None for _, _, axis in said]
    if m4 is None and resize_generated_box(base_dir, lengths, axes, change):  # createBoxTurb's box, no blockMeshDict
        return
    worded = []
    for q, (role, half, axis) in zip(lengths, said):
        if role is not None or isinstance(axis, int) or axis == "vertical":
            worded.append((q, role, half, up if axis == "vertical" else axis))
    if not worded:
        return
    if m4 is not None:
        _resize_template(base_dir, m4, worded, change)
        return
    found = find_file(base_dir / "system", "blockMeshDict")
    if found is not None:
        _resize_variables(read_text(found), worded, change)


def _target(q: StatedQuantity, half: bool) -> float:
    return q.value * (2 if half else 1)


def _pick(parameters: list[resize.SizeParameter], role: str | None,
          axis: int | None) -> resize.SizeParameter | None:
    """The one parameter the role names (by name or comment), else the one along the stated axis."""
    if role in ("radius", "diameter"):
        named = [p for p in parameters if len(p.axes) >= 2 and resize.names_role(role, p.name, p.comment)]
    else:
        named = [p for p in parameters if len(p.axes) == 1 and role is not None and resize.names_role(role, p.name, p.comment)]
    if axis is not None:
        named = [p for p in (named or parameters) if p.axes == (axis,)]
    return named[0] if len(named) == 1 else None


def _value_for(p: resize.SizeParameter, role: str | None, half: bool, q: StatedQuantity, scale: float,
               extent: list[float]) -> float:
    """The parameter's new value (mesh units) for the stated size."""
    if role in ("radius", "diameter"):
        radius_named = resize.names_role("radius", p.name, p.comment) and not re.search(r"diam", (p.name + p.comment).lower())
        size = q.value if role == "radius" else q.value / 2
        return (size if radius_named else 2 * size) / scale
    return resize.new_value(p, extent[p.axes[0]], _target(q, half))


def _missing(q: StatedQuantity, role: str | None, names: list[str], where: str) -> NotApplied:
    what = f"the {role}" if role else "that direction"
    have = ", ".join(names) if names else "none"
    return NotApplied(text=q.text, reason=f"the tutorial's mesh ({where}) has no single parameter for {what} of the "
                                          f"domain (its size parameters: {have}); set it there by hand or name the "
                                          "parameter's direction (length in x, height in y)")


def _resize_variables(bmd: str, worded: list, change: MeshChange) -> None:
    """Sizes on a blockMeshDict written with variables: each parameter set where it is defined."""
    parameters = resize.variable_size_parameters(bmd)
    if not parameters:
        return  # plain numbers: not a parametrised mesh (the caller refuses a size it lacks)
    extent = resize.extents(bmd) or [0.0, 0.0, 0.0]
    scale = block_vars.scale_of(bmd)
    done: dict[str, float] = {}
    for q, role, half, axis in worded:
        change.taken.append(q)
        p = _pick(parameters, role, axis if isinstance(axis, int) else None)
        if p is None or p.name in done:
            change.not_applied.append(_missing(q, role, [p.name for p in parameters], _BMD))
            continue
        value = _value_for(p, role, half, q, scale, extent)
        done[p.name] = value
        text = block_vars.number_text(value)
        how = (f"domain {role or 'size'} {q.text}: variable {p.name} {block_vars.number_text(p.value)} -> {text} "
               f"(the vertices along {'/'.join('xyz'[a] for a in p.axes)} follow it)")
        change.edits.append(FileEdit(file=_BMD, entry=[p.name], value=text, reason=how, locked=True))
        change.bindings.append(Binding(stated=q.text, file=_BMD, entry=[p.name], value=text, how=how))
        change.assumptions.append(how)


def _resize_template(base_dir: Path, m4: str, worded: list, change: MeshChange) -> None:
    """Sizes on a mesh an m4 template writes: each `define` changed in the template, which is
    expanded again; the vertices (and curved edges) of the expansion are written."""
    found = find_file((base_dir / m4).parent, Path(m4).name)
    template = read_text(found) if found is not None else None
    expanded = expand_m4_text(template, base_dir) if template is not None else None
    if template is None or expanded is None:
        return
    extent = resize.extents(expanded) or [0.0, 0.0, 0.0]
    scale = block_vars.scale_of(expanded)
    names = [name for name, _, _ in numeric_defines(template) if not re.fullmatch(r"N\w*|VCOUNT|pi|a\d+|ea\d+", name)]
    changed: list[tuple[StatedQuantity, str]] = []
    done: set[str] = set()
    for q, role, half, axis in worded:
        change.taken.append(q)
        parameters = resize.define_size_parameters(template, base_dir, role) if role else []
        p = _pick(parameters, role, axis if isinstance(axis, int) else None)
        if p is None or p.name in done:
            change.not_applied.append(_missing(q, role, names, m4))
            continue
        value = block_vars.number_text(_value_for(p, role, half, q, scale, extent))
        template = set_define(template, p.name, value)
        done.add(p.name)
        changed.append((q, f"domain {role} {q.text}: m4 define({p.name}, {block_vars.number_text(p.value)}) -> "
                           f"{value} in {m4}, expanded again"))
    new = expand_m4_text(template, base_dir) if changed else None
    if new is None:
        change.not_applied += [NotApplied(text=q.text, reason=f"m4 could not expand {m4} with the new size")
                               for q, _ in changed]
        return
    for entry in (["vertices"], ["edges"]):
        old_value, new_value = fd.get(expanded, entry), fd.get(new, entry)
        if new_value is not None and new_value != old_value:
            change.edits.append(FileEdit(file=_BMD, entry=entry, value=_plain(new_value), reason=changed[0][1], locked=True))
    vertices = _plain(fd.get(new, ["vertices"]) or "")
    for q, how in changed:
        change.bindings.append(Binding(stated=q.text, file=_BMD, entry=["vertices"], value=vertices, how=how))
        change.assumptions.append(how)


def _plain(value: str) -> str:
    """An m4 expansion's list without its comments and blank lines (as the checker reads it)."""
    return "\n".join(line for line in fd.strip_comments(value).splitlines() if line.strip())
