"""The shape library's notes about its boundaries ("Inlet at the low-x end, outlet at the high-x
end; top and bottom are walls") describe the mesh as built. The case writer may then change what a
boundary is: a tank's openings become walls, an open top the atmosphere, a side a symmetry plane,
an inlet an outlet (a Couette flow driven by its moving wall). Every note printed must describe the
case written: a note naming a boundary whose kind changed is dropped and one line saying what the
boundaries became is added. Pure functions on names, roles and note texts.
"""

from __future__ import annotations

import re

# roles (of the shape library and of the BC selector) that are a wall whatever moves or heats it
_WALL_ROLES = frozenset({"wall", "heatedWall", "movingWall", "body", "top", "bottom", "hot_wall", "cold_wall",
                         "moving_wall"})
_SAID = {"wall": "wall", "inlet": "inlet", "outlet": "outlet", "atmosphere": "open to the atmosphere",
         "symmetry": "symmetry plane", "empty": "empty (2D)", "wedge": "wedge", "movingWall": "moving wall",
         "heatedWall": "wall at a fixed temperature"}


def boundary_kind(role: str) -> str:
    """What a boundary is, whatever role name says it: wall, inlet, outlet, atmosphere, symmetry, ..."""
    if role in _WALL_ROLES:
        return "wall"
    if role.startswith("symmetry"):
        return "symmetry"
    return role


def changed_boundaries(before: dict[str, str], after: dict[str, str], ignore: frozenset[str] = frozenset()
                       ) -> list[str]:
    """The boundaries (by their built name) whose kind the case writer changed, or which it renamed."""
    return [name for name, role in before.items() if name not in ignore and
            (name not in after or boundary_kind(after[name]) != boundary_kind(role))]


def notes_of_written_case(notes: list[str], built_notes: set[str], before: dict[str, str], after: dict[str, str],
                          ignore: frozenset[str] = frozenset()) -> list[str]:
    """`notes` without the shape library's notes (`built_notes`) that name a boundary whose kind
    changed, and, when any was dropped, a line saying what every boundary of the written case is."""
    changed = changed_boundaries(before, after, ignore)
    if not changed:
        return list(notes)
    words = re.compile(r"\b(?:" + "|".join(re.escape(n) for n in changed) + r")\b", re.I)
    kept = [n for n in notes if n not in built_notes or not words.search(n)]
    if len(kept) == len(notes):
        return kept
    order = [n for n in before if n in after] + [n for n in after if n not in before]
    written = ", ".join(f"{name} {_SAID.get(after[name], _SAID.get(boundary_kind(after[name]), after[name]))}"
                        for name in order if boundary_kind(after[name]) not in ("empty", "wedge"))
    return kept + [f"boundaries as written: {written}"]
