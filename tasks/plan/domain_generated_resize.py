"""A stated size of a domain whose mesh a generator other than blockMesh makes, written where that
generator reads it: "a cube of side 1 m" on decayIsoTurb sets `L (1 1 1)` in
constant/createBoxTurbDict (the box `createBoxTurb -createBlockMesh` meshes; see
tasks.foam.generated_mesh). One length said of no axis is every side of the box (a cube); a length
said of an axis ("0.8 m in x") is that side; three lengths without axes are the x, y and z sides in
order. Any other set is left to the caller.
"""

from __future__ import annotations

from pathlib import Path

from tasks.foam.generated_mesh import box_sides
from tasks.plan.controls_mesh import MeshChange
from tasks.plan.manifest import FileEdit
from tasks.plan.stated import Binding, StatedQuantity


def _fmt(x: float) -> str:
    return f"{x:.9g}"


def resize_generated_box(base_dir: Path, lengths: list[StatedQuantity], axes: list[int | None],
                         change: MeshChange) -> bool:
    """Write the stated sides (`axes[i]`: the axis `lengths[i]` is said of, or None) into the
    generator's box entry, as an edit and a binding for each on `change` (the lengths added to
    `change.taken`); False (nothing written) when the base is not meshed by a generator or the
    lengths do not tell the sides."""
    found = box_sides(base_dir)
    if found is None or not lengths:
        return False
    gen, sides = found
    new = list(sides)
    if len(lengths) == 1 and axes[0] is None:
        new = [lengths[0].value] * 3
    elif all(a is not None for a in axes) and len(set(axes)) == len(axes):
        for q, a in zip(lengths, axes):
            new[int(a)] = q.value
    elif len(lengths) == 3 and all(a is None for a in axes):
        new = [q.value for q in lengths]
    else:
        return False
    value = "(" + " ".join(_fmt(x) for x in new) + ")"
    how = (f"{gen.application} makes the mesh as a box of the sides {gen.box_sides} in {gen.dictionary}: "
           f"{gen.box_sides} {'(' + ' '.join(_fmt(x) for x in sides) + ')'} -> {value}")
    change.edits.append(FileEdit(file=gen.dictionary, entry=[gen.box_sides], value=value, reason=how, locked=True))
    for q in lengths:
        change.bindings.append(Binding(stated=q.text, file=gen.dictionary, entry=[gen.box_sides], value=value, how=how))
        change.taken.append(q)
    change.assumptions.append(how)
    return True
