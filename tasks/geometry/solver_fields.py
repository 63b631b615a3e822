"""A tutorial's field files carried onto a shape of the geometry library, patch by patch role.

A solver the shape library has no template for (scalarTransportFoam, potentialFoam,
laplacianFoam, ...) keeps its tutorial's boundary conditions: each patch of the built shape
takes the condition of the tutorial patch with the same role (inlet, outlet, walls, an
obstacle, symmetry, front and back, top and bottom), a mesh-sized list (`nonuniform List<...>
N (...)`, the tutorial's mesh) becomes one uniform value, and what cannot be carried is named.

Everything here is pure: text in, text out.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from tasks.core.errors import RequestError
from tasks.foam import dictionary as fd


class CarryError(RequestError):
    """A tutorial's fields cannot be put on the shape; the message names what is missing."""


# A tutorial's resting walls, by how plain they are: a wall patch, else its upper or lower wall, ...
_WALLS = ("wall", "top", "bottom", "obstacle", "cold_wall", "hot_wall")
# The role of a shape patch (tasks.geometry.models.Role) -> the tutorial roles whose condition it
# takes, nearest first ("top" takes a tutorial's top patch, else its walls).
SHAPE_ROLE_CHAIN: dict[str, tuple[str, ...]] = {
    "inlet": ("inlet",), "outlet": ("outlet",), "wall": _WALLS, "moving_wall": ("moving_wall", *_WALLS),
    "hot_wall": ("hot_wall", *_WALLS), "cold_wall": ("cold_wall", *_WALLS), "body": ("obstacle", *_WALLS),
    "top": ("top", *_WALLS), "bottom": ("bottom", *_WALLS), "symmetry": ("symmetry",), "empty": ("empty",),
    "wedge": ("wedge",),
}
# The patch types whose condition is the type itself, whatever the tutorial had there.
CONSTRAINT_TYPES = {"empty": "empty", "wedge": "wedge", "symmetryPlane": "symmetryPlane", "symmetry": "symmetry"}
# Conditions tied to the tutorial's own mesh: data mapped from its patches, a coupling of its patch pairs.
MESH_BOUND_CONDITIONS = ("timeVaryingMappedFixedValue", "mapped", "cyclic", "cyclicAMI", "cyclicACMI",
                         "processor", "fan", "porousBafflePressure", "activeBaffleVelocity", "fixedProfile")

_NAME_ROLES: tuple[tuple[str, str], ...] = (
    (r"inlet|inflow|intake|entry|upstream", "inlet"),
    (r"outlet|outflow|exit|downstream", "outlet"),
    (r"frontandback|front|back|defaultfaces", "empty"),
    (r"symm", "symmetry"),
    (r"lid|moving", "moving_wall"),
    (r"hot|heated", "hot_wall"),
    (r"cold|cooled", "cold_wall"),
    (r"obstacle|cylinder|body|block|sphere|hull|wing|airfoil|aerofoil|blade|wire", "obstacle"),
    (r"top|upper|^up$|ceiling|roof", "top"),
    (r"bottom|lower|^down$|floor|ground", "bottom"),
    (r"wall|side", "wall"),
)
_CONSTRAINT_ROLES = {"empty": "empty", "wedge": "wedge", "symmetryPlane": "symmetry", "symmetry": "symmetry"}
_NONUNIFORM = re.compile(r"nonuniform\s+List<\s*(\w+)\s*>\s*(\d*)\s*\(")


def tutorial_role(name: str, condition_type: str | None = None) -> str | None:
    """The role of a tutorial patch from its name ("upperWall" -> top, "inflow" -> inlet) or its
    constraint type (empty, wedge, symmetryPlane); None when neither says ("patch1")."""
    if condition_type in _CONSTRAINT_ROLES:
        return _CONSTRAINT_ROLES[condition_type]
    low = name.lower()
    return next((role for pattern, role in _NAME_ROLES if re.search(pattern, low)), None)


def patch_conditions(text: str) -> dict[str, str]:
    """The boundaryField of a field file: patch name -> the raw inside of its dictionary."""
    span = fd.body_span(text, ["boundaryField"])
    if span is None:
        raise CarryError("a field file without a boundaryField cannot be carried onto another mesh")
    return {e.name: text[e.body_start:e.body_end] for e in fd.entries(text, *span) if e.kind == "dict"}


def condition_type(body: str) -> str | None:
    """The `type` of one patch condition."""
    found = re.search(r"(?<![\w.])type\s+([\w:]+)\s*;", body)
    return found.group(1) if found else None


def tutorial_roles(conditions: dict[str, str]) -> dict[str, str]:
    """Patch name -> role for the tutorial's patches. When no name says its role (laplacianFoam's
    flange: patch1..patch4), the fixed-value patches are taken as the two ends (the first the
    inlet, the last the outlet) and the others as walls."""
    named = {n: r for n, body in conditions.items() if (r := tutorial_role(n, condition_type(body))) is not None}
    if any(r not in ("empty", "wedge", "symmetry") for r in named.values()):
        return named
    fixed = [n for n, body in conditions.items() if n not in named and condition_type(body) == "fixedValue"]
    ends = {fixed[0]: "inlet", fixed[-1]: "outlet"} if len(fixed) >= 2 else {}
    return {**{n: ends.get(n, "wall") for n in conditions if n not in named}, **named}


def uniform_lists(text: str, fill: str | None, where: str) -> str:
    """`text` with every `nonuniform List<...> N (...)` replaced by `uniform fill`; without a fill
    a CarryError names `where` the mesh-sized list is."""
    out, pos = [], 0
    for m in _NONUNIFORM.finditer(text):
        if m.start() < pos:
            continue
        if fill is None:
            raise CarryError(f"{where} holds a list of {m.group(2) or 'many'} values sized for the tutorial's mesh "
                             "and no uniform value replaces it; state the value for it")
        depth, end = 1, m.end()
        while depth and end < len(text):
            depth += {"(": 1, ")": -1}.get(text[end], 0)
            end += 1
        out += [text[pos:m.start()], f"uniform {fill}"]
        pos = end
    return "".join(out) + text[pos:]


@dataclass(frozen=True)
class ShapePatch:
    name: str
    role: str  # tasks.geometry.models.Role
    type: str  # the polyMesh type: patch, wall, empty, wedge, symmetryPlane


@dataclass
class CarriedField:
    text: str
    sources: dict[str, str] = field(default_factory=dict)  # shape patch -> the tutorial patch it took from


def source_patch(patch: ShapePatch, roles: dict[str, str]) -> str | None:
    """The tutorial patch whose condition a shape patch takes: the first of its role chain."""
    for wanted in SHAPE_ROLE_CHAIN.get(patch.role, (patch.role,)):
        found = next((n for n, r in roles.items() if r == wanted), None)
        if found is not None:
            return found
    return None


def carry_field(text: str, name: str, patches: list[ShapePatch], internal: str | None,
                boundary_fill: str | None = None) -> CarriedField:
    """The field file `text` (0/`name` of a tutorial) rewritten for the shape's `patches`.

    `internal` is the uniform value of a mesh-sized internal field (None: the tutorial's uniform
    one is kept, and a mesh-sized one is refused); `boundary_fill` that of a mesh-sized patch value.
    Raises CarryError naming the role the tutorial has no condition for, or the condition tied to
    the tutorial's mesh."""
    conditions = patch_conditions(text)
    roles = tutorial_roles(conditions)
    lines, sources = [], {}
    for patch in patches:
        if patch.type in CONSTRAINT_TYPES:
            lines.append(f"    {patch.name}\n    {{\n        type            {CONSTRAINT_TYPES[patch.type]};\n    }}\n")
            continue
        src = source_patch(patch, roles)
        if src is None:
            raise CarryError(f"0/{name}: the tutorial has no {patch.role.replace('_', ' ')} patch (its patches: "
                             f"{', '.join(conditions)}) to take the condition of {patch.name} from")
        body = conditions[src]
        kind = condition_type(body) or ""
        if kind in MESH_BOUND_CONDITIONS or kind in CONSTRAINT_TYPES:
            raise CarryError(f"0/{name}: the tutorial's {src} has a {kind} condition, which belongs to its own mesh "
                             f"and has no equivalent on the shape's {patch.name}")
        body = uniform_lists(body, boundary_fill if boundary_fill is not None else internal, f"0/{name} {src}")
        sources[patch.name] = src
        lines.append(f"    {patch.name}\n    {{{body.rstrip()}\n    }}\n")
    span = fd.body_span(text, ["boundaryField"])
    assert span is not None  # patch_conditions found it
    out = text[:span[0]] + "\n" + "".join(lines) + text[span[1]:]
    value = fd.get(out, ["internalField"]) or ""
    if value.startswith("nonuniform"):
        out = fd.set_entry(out, ["internalField"], uniform_lists(value, internal, f"0/{name} internalField"))
    return CarriedField(out, sources)


def inflow_value(text: str) -> str | None:
    """The uniform value a field enters with: that of its first inlet-like patch with a fixed uniform
    value ("uniform (10 0 0)" -> "(10 0 0)"); None without one."""
    conditions = patch_conditions(text)
    roles = tutorial_roles(conditions)
    for name, body in conditions.items():
        found = re.search(r"(?<!\w)value\s+uniform\s+([^;]+);", body)
        if roles.get(name) == "inlet" and condition_type(body) == "fixedValue" and found:
            return " ".join(found.group(1).split())
    return None


def is_mesh_sized(text: str) -> bool:
    """The field's internal values are a list sized for one mesh (a solved or mapped field)."""
    return (fd.get(text, ["internalField"]) or "").startswith("nonuniform")
