"""Which patch of a generated shape a stated temperature belongs to.

A shape-library mesh knows its patches and their roles (inlet, walls, floor and ceiling,
inner and outer cylinder, the body in the flow), so a temperature is placed by the words
written nearest before it in its own stretch of the request (from the previous temperature or
the start of its sentence): "the cylinder ... held at 60 degC" is the body's, "bottom wall
310 K, top wall 290 K" are the floor's and the ceiling's, "every wall at 350 K" is every wall's,
"water at 20 degC", "air enters at 5 m/s and 300 K" are the inflow's. A temperature whose
stretch names no part is left to the binder (an initial or reference temperature).

Also how a generated case carries heat at all (`heat_mode`): with a buoyant solver, or as a
passive temperature next to a solver without an energy equation (one named, or buoyancy ruled out
by the request's words).

Pure functions over text and `PatchInfo`s; the case writer sets the values.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from tasks.foam.physics import fluid_table
from tasks.geometry.models import PatchInfo
from tasks.geometry.spec import NUM, UNIT, unit_factor
from tasks.plan.stated import StatedQuantity

# Roles of temperatures a generated case may place on a patch (inlet temperatures go to the binder).
PLACED_ROLES = frozenset({"wall_temperature", "hot_wall_temperature", "cold_wall_temperature",
                          "initial_temperature"})
_WALL_ROLES = frozenset({"wall", "top", "bottom", "moving_wall", "hot_wall", "cold_wall"})

_BODY = (r"cylinders?|obstacles?|bod(?:y|ies)|blocks?|squares?|rectangles?|rectangular|triangles?|triangular|"
         r"polygons?|prisms?|aerofoils?|airfoils?|hydrofoils?|foils?|wings?|rods?|wires?|tubes?|pins?|pillars?|"
         r"posts?|bluff|surfaces?")
_SIDE = {"bottom": r"bottom|floor|lower|base|underside", "top": r"top|ceiling|upper|roof|lid",
         "inner": r"inner|inside|rotor", "outer": r"outer|outside|stator|casing", "left": r"left", "right": r"right"}
# "the side walls", "both vertical walls": an enclosure's left and right walls together
_LATERAL = r"(?:side|vertical|lateral|upright)\s+walls|(?:the\s+)?(?:two\s+)?sides|left\s+and\s+right|right\s+and\s+left"
_WALLS = r"walls?|sides?|plates?|pipe|duct|channel|boundar(?:y|ies)|everywhere\s+on\s+the\s+walls"
_INFLOW = r"inlet|inflow|incoming|enters?|entering|comes?\s+in|coming\s+in|supply|feed|upstream|free\s*stream|arrives?"
_STOP = re.compile(r"[;\n]|\.(?=\s|$)|\s-\s")
_SIDE_BEFORE = re.compile(rf"\b(?:{_SIDE['bottom']}|{_SIDE['top']}|left|right)\b[\s-]*$")
# a side said right after the value it holds: "hot wall at 310 K on the left", "290 K (at the right)"
_SIDE_AFTER = re.compile(rf"\s*\(?\s*(?:on|at|along)\s+(?:the\s+)?(?:{_SIDE['bottom']}|{_SIDE['top']}|left|right)\b"
                         r"(?:[\s-]+(?:hand\s+)?(?:side|wall|end|boundary))?\s*\)?")


@dataclass(frozen=True)
class Placed:
    quantity: StatedQuantity
    patches: tuple[str, ...]  # the wall or inlet patches it is held on
    kind: str  # "wall" or "inlet"


def _fluid_words() -> str:
    aliases = sorted({a for e in fluid_table().values() for a in e.aliases}, key=len, reverse=True)
    return "|".join(re.escape(a) for a in aliases)


def _stretch(text: str, q: StatedQuantity, start_at: int) -> tuple[str, int]:
    """The words before `q` in its own stretch (from `start_at`, the end of the previous
    temperature, or the start of its sentence, whichever is later), lower case; and where q ends."""
    low = text.lower()
    at = low.find(q.text.lower(), start_at)
    if at < 0:
        at = low.find(q.text.lower())
    if at < 0:
        return "", start_at
    before = low[max(start_at, 0):at] if at >= start_at else low[:at]
    stops = list(_STOP.finditer(before))
    if stops:
        before = before[stops[-1].end():]
    return before, at + len(q.text)


def _parts(patches: list[PatchInfo]) -> list[tuple[str, tuple[str, ...], str, bool]]:
    """(word pattern, patches, kind, plain) for each part of the shape a temperature can name;
    `plain`: the walls as a whole, which a nearer side or body word in the same phrase overrides."""
    bodies = tuple(p.name for p in patches if p.role == "body")
    walls = tuple(p.name for p in patches if p.role in _WALL_ROLES and p.type == "wall")
    inlets = tuple(p.name for p in patches if p.role == "inlet")
    out: list[tuple[str, tuple[str, ...], str, bool]] = []
    if bodies:
        names = "|".join(re.escape(b.lower()) for b in bodies)
        out.append((rf"{names}|{_BODY}", bodies, "wall", False))
    lateral = tuple(p.name for p in patches if p.type == "wall" and p.name.lower().startswith(("left", "right")))
    if len(lateral) == 2:  # before the sides: "left and right walls" ends where "right" does, and the first wins
        out.append((_LATERAL, lateral, "wall", False))
    for side, words in _SIDE.items():
        held = tuple(p.name for p in patches if p.type == "wall" and (
            p.role == side or p.name.lower().startswith(side) or
            (side == "bottom" and p.name.lower() == "floor") or (side == "top" and p.name.lower() == "ceiling")))
        if held:
            out.append((words, held, "wall", False))
    if walls:
        out.append((_WALLS if bodies else rf"{_WALLS}|surfaces?|tubes?", walls, "wall", True))
    if inlets:
        out.append((rf"{_INFLOW}|{_fluid_words()}", inlets, "inlet", False))
    return out


# a wall named by its coordinate: "the hot side at x = 0", "cold wall (x = 0.1 m)"
_AT_COORDINATE = re.compile(rf"(?<![\w.])(?P<axis>[xy])\s*=\s*(?P<v>{NUM})\s*(?P<u>{UNIT})?(?![\w.])", re.I)


def coordinate_sides(text: str, bounds: list[tuple[float, float]] | None) -> str:
    """The text with each "x = v" / "y = v" that lies on the domain's edge written as that side's word (left,
    right, bottom, top), so a wall named by its coordinate is placed like one named by its side; unchanged
    without bounds or for a coordinate inside the domain."""
    if not bounds or len(bounds) < 2:
        return text

    def side(m: re.Match[str]) -> str:
        axis = "xy".index(m.group("axis").lower())
        lo, hi = bounds[axis]
        value = float(m.group("v")) * unit_factor(m.group("u") or "m")
        tol = 1e-6 * max(1.0, hi - lo)
        names = (("left", "right"), ("bottom", "top"))[axis]
        return names[0] if abs(value - lo) <= tol else names[1] if abs(value - hi) <= tol else m.group(0)

    return _AT_COORDINATE.sub(side, text)


def place_temperatures(text: str, stated: list[StatedQuantity], patches: list[PatchInfo],
                       bounds: list[tuple[float, float]] | None = None) -> list[Placed]:
    """Each stated wall, body or initial temperature whose own stretch of the request names a part
    of the shape, with the patches of that part: the part named nearest before the value (a side
    also by its coordinate on the domain's edge, "the hot side at x = 0"), a side or the body when
    the plain wall word only ends its phrase ("the outer wall", "cylinder surface"); a wall
    temperature with no part named goes to the only wall patch when the shape has one."""
    text = coordinate_sides(text, bounds)
    parts = _parts(patches)
    out: list[Placed] = []
    start = 0
    for q in stated:
        if not q.role.endswith("temperature") or q.role == "reference_temperature":
            continue
        before, end = _stretch(text, q, start)
        after = _SIDE_AFTER.match(text.lower(), end)
        start = after.end() if after else end  # the side said after a value is that value's, not the next one's
        if q.role not in PLACED_ROLES:
            continue
        hits = [(m.start(), m.end(), held, kind, plain) for words, held, kind, plain in parts
                for m in re.finditer(rf"\b(?:{words})\b", before)]
        if after and (not hits or max(hits, key=lambda h: h[1])[4]):  # "the hot wall at 310 K on the left"
            hits = [(len(before), len(before) + 1, held, kind, False) for words, held, kind, plain in parts
                    if not plain and kind == "wall" and re.search(rf"\b(?:{words})\b", after.group(0))] or hits
        if hits:
            best = max(hits, key=lambda h: h[1])
            if best[4]:
                same_phrase = [h for h in hits if not h[4] and h[3] == "wall" and h[1] <= best[0] and
                               re.fullmatch(r"[\s\w-]{0,25}", before[h[1]:best[0]])]
                best = max(same_phrase, key=lambda h: h[1]) if same_phrase else best
                if best[4] and _SIDE_BEFORE.search(before[:best[0]]):
                    continue  # "bottom wall" on a shape with no bottom patch: the binder splits a side off (bind_wall_sides)
            if best[3] == "inlet" and q.role == "initial_temperature":
                continue  # the fluid's temperature everywhere: the binder's initial field
            out.append(Placed(q, best[2], best[3]))
        elif q.role != "initial_temperature":
            walls = [p.name for p in patches if p.type == "wall"]
            if len(walls) == 1:
                out.append(Placed(q, (walls[0],), "wall"))
    return out


# Solvers without an energy equation that carry a temperature as a passive scalar (scalarTransport).
PASSIVE_HOSTS = frozenset({"icoFoam", "simpleFoam", "pimpleFoam", "pisoFoam"})
HEAT_ROLES = frozenset({"inlet_temperature", "wall_temperature", "hot_wall_temperature", "cold_wall_temperature",
                        "initial_temperature", "wall_heat_flux"})


def carries_heat(energy_flag: bool | None, stated: list[StatedQuantity]) -> bool:
    """The request asks for a temperature field: its words (heat transfer, heated, cooled) or a
    stated inlet, wall, body or initial temperature or wall heat flux."""
    return bool(energy_flag) or any(q.role in HEAT_ROLES for q in stated)


def heat_mode(solver: str, shape: str, energy_flag: bool | None, buoyancy_flag: bool | None,
              stated: list[StatedQuantity]) -> str:
    """How a generated case carries heat: "boussinesq" (a buoyant solver), "passive" (T as a passive
    scalar next to a solver without an energy equation: one named, or buoyancy ruled out by the
    request) or "none"."""
    if "Boussinesq" in solver:
        return "boussinesq"
    if solver in PASSIVE_HOSTS and shape != "heated_cavity" and carries_heat(energy_flag, stated):
        return "passive"
    return "none"


_NO_BUOYANCY = re.compile(r"\b(?:no|without|neglect\w*|ignor\w*|exclud\w*|switch\w*\s+off|turn\w*\s+off)\s+"
                          r"(?:the\s+)?(?:buoyancy|gravity|natural\s+convection)\b|"
                          r"\b(?:buoyancy|gravity)\s+(?:is\s+|are\s+)?(?:neglected|ignored|excluded|off|left\s+out|"
                          r"not\s+(?:included|modelled|modeled|considered))\b|\bforced\s+convection\s+only\b", re.I)


def buoyancy_ruled_out(text: str, buoyancy_flag: bool | None) -> bool:
    """The request rules buoyancy out ("no buoyancy", "gravity neglected", "forced convection only"),
    in the physics reader's flags or in its own words."""
    return buoyancy_flag is False or bool(_NO_BUOYANCY.search(text))
