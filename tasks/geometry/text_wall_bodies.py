"""One body standing on a channel wall (a rib, fence, baffle, block, bump, ridge or barrier on the floor,
or hanging from the ceiling), read from every clause that talks about it, wherever its sizes are said:
"a rib on the floor, 10 mm high and 5 mm thick, its upstream face 0.3 m from the inlet", "10 mm: rib
height, measured up from the bottom wall", "Baffle: hangs from the roof, protrudes 8 cm into the flow,
1 cm thick, midplane at x = 50 cm", "the baffle extends 80 mm down from the upper wall".

Each length of a clause about the body goes to the role whose cue word lies nearest to it: how far it
stands out of the wall (high, tall, height, deep, protrudes, extends, into the flow), its size along the
flow (thick, thickness, wide, long, length) or its place (from/downstream of the inlet, x =, distance).
The body is put on its wall, never floated off it. Pure functions; metres."""

from __future__ import annotations

import re
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, PositiveFloat

from tasks.geometry.shape_body_place import face_shift
from tasks.geometry.spec import NUM, UNIT
from tasks.geometry.text_role_binding import bind_lengths

# the bodies that stand on a wall (their names, singular or plural)
WALL_BODY_NOUNS = r"(?:ribs?|fences?|baffles?|blocks?|bumps?|ridges?|barriers?|sills?|obstacles?|obstructions?|fins?|plates?|bricks?)"
_NOUN = re.compile(rf"\b{WALL_BODY_NOUNS}\b", re.I)
_PLURAL = re.compile(r"\b(?:two|three|four|five|six|several|multiple|\d+|pair\s+of|array\s+of|row\s+of)\s+(?:[\w.-]+\s+){0,3}?"
                     r"(?:ribs|fences|baffles|blocks|bumps|ridges|barriers|obstacles|fins|plates)\b", re.I)
_TOP = r"ceiling|roof|top(?:\s+wall)?|upper\s+wall|lid"
_BOTTOM = r"floor|bottom(?:\s+wall)?|lower\s+wall|bed|base"
_SIDE = re.compile(rf"\b(?:on|to|against|(?<=hangs\s)from|(?<=hanging\s)from|(?<=down\s)from|(?<=up\s)from|(?<=out\s)from|(?<=rising\s)from|(?<=rises\s)from|(?<=protruding\s)from|(?<=projecting\s)from|measured\s+(?:up\s+|down\s+)?from)\s+(?:(?:the|its)\s+)?(?P<wall>{_TOP}|{_BOTTOM})\b"
                   rf"|\b(?P<mount>ceiling|roof|top|floor|bottom|surface|wall)[- ]mounted\b"
                   rf"|\b(?P<hang>hangs?|hanging|suspended|drops?\s+down|extends?\s+down|reaching\s+down)\b", re.I)
Side = Literal["bottom", "top"]


class WallBody(BaseModel):
    """A rectangle on one wall: how far it stands out of the wall (`protrusion`), its size along the
    flow (`thickness`) and where it is (`x`, of its centre or of its upstream/downstream face)."""

    model_config = ConfigDict(extra="forbid")

    side: Side
    protrusion: PositiveFloat | None = None
    thickness: PositiveFloat | None = None
    x: float | None = None
    placed_by: Literal["centre", "front", "rear"] = "centre"

    def complete(self) -> bool:
        return None not in (self.protrusion, self.thickness, self.x)

    def obstacle(self, height: float) -> dict[str, Any]:
        """The body as an obstacle of `tasks.geometry.spec` in a channel of `height`."""
        assert self.protrusion and self.thickness and self.x is not None
        shift = {"centre": 0.0, "front": 0.5, "rear": -0.5}[self.placed_by] * self.thickness
        y = self.protrusion / 2 if self.side == "bottom" else height - self.protrusion / 2
        if abs(self.thickness - self.protrusion) <= 1e-12 * self.thickness:  # as thick as it stands out: a square
            return {"kind": "square", "center": (self.x + shift, y), "width": self.thickness}
        return {"kind": "rectangle", "center": (self.x + shift, y), "width": self.thickness, "height": self.protrusion}


# cue words of each role: a length goes to the role whose cue is nearest to it in its clause
_ROLE_CUES: dict[str, str] = {
    "protrusion": r"\b(?:high|tall|height|deep|depth|protru\w*|projects?|projecting|extends?|extending|reach(?:es|ing)?|juts?"
                  r"|hangs?\s+down|rises?)\b|\binto\s+the\s+(?:flow|channel|stream|duct)\b",
    "thickness": r"\b(?:thick|thickness|wide|width|long|length|streamwise|chord|base)\b",
    "x": r"\b(?:from|downstream\s+of|behind|after|past)\s+the\s+(?:inlet|entrance|entry|inflow)\b|\bdistance\b|\bx\s*=\s*",  # (its own number right after it)
}
# a boundary's own place, not the body's: "inlet (x = 0)", "the bottom wall (y = 0)", "floor at y = 0"
# (a wall's place is its y, an end's its x: "on the floor at x = 0.3 m" places the body, not the floor)
_BOUNDARY_PLACE = re.compile(rf"\b(?:(?:inlet|outlet)\w*\s*(?:\(\s*|at\s+|on\s+)?x|(?:floor|bottom|top|ceiling|wall)\w*\s*"
                             rf"(?:\(\s*|at\s+|on\s+)?y|(?:channel|origin|corner)\w*\s*(?:\(\s*|at\s+|on\s+)?[xy])"
                             rf"\s*=\s*{NUM}\s*(?:{UNIT})?\s*\)?", re.I)
# the channel's own sizes written after its noun: "of a 2D channel 10 cm high and 80 cm long"
_ONE_SIZE = rf"{NUM}\s*(?:{UNIT})?\s*(?:-\s*)?(?:long|high|wide|tall|deep)\b"
_CHANNEL_PHRASE = re.compile(rf"(?:\b(?:of|in|inside|within)\s+(?:a|an|the)\s+[^,;()]*?|(?<![\w.])(?:a|an|the)\s+(?:[\w-]+\s+){{0,2}}?"
                             rf"|^\s*(?:[\w-]+\s+){{0,2}}?)"
                             rf"(?:channel|duct|passage|tunnel)\b"
                             rf"(?:\s*[,(]?\s*(?:{NUM}\s*(?:{UNIT})?\s*(?:x|by|×)\s*{NUM}\s*(?:{UNIT})?"
                             rf"|(?:{_ONE_SIZE}\s*(?:,|and|,\s*and)?\s*)+))?", re.I)
_CLAUSES = re.compile(r"(?<=[.?!])\s+(?=[A-Z0-9])|;|\n")
_DOMAIN = re.compile(r"\b(?:channel|duct|domain|passage|tunnel)\b", re.I)
_FOLLOWS = re.compile(r"^\s*(?:it|its|it's|this|the\s+same)\b|\b(?:its|it)\b", re.I)


def _clauses_about_body(text: str) -> list[str]:
    """The clauses that name the body (by one of its nouns) or go on about it ("its front face is ...",
    "3 mm is its thickness"), each without the channel's own sizes."""
    out, last = [], False
    for clause in _CLAUSES.split(text):
        names = _NOUN.search(clause) is not None
        follows = last and _FOLLOWS.search(clause) is not None and not _DOMAIN.search(clause)
        if names or follows:
            out.append(_CHANNEL_PHRASE.sub(" ", clause))
        last = names or follows
    return out


def _bind(clause: str) -> dict[str, float]:
    """The lengths of one clause bound to their roles (`text_role_binding.bind_lengths`), the places of the
    channel's own boundaries ("inlet (x = 0)") left out. A body said to be both long and thick, and nothing else of
    how far it stands out, stands out by its length (a plate or fin on a wall) and is thick along the flow."""
    cues = _ROLE_CUES
    if re.search(r"\bthick(?:ness)?\b", clause, re.I) and re.search(r"\b(?:long|length)\b", clause, re.I) and \
            not re.search(_ROLE_CUES["protrusion"], clause, re.I):  # "a plate 25 mm long and 3 mm thick hangs from the roof"
        cues = {**_ROLE_CUES, "protrusion": r"\b(?:long|length)\b", "thickness": r"\bthick(?:ness)?\b"}  # long: out of the wall
    return bind_lengths(_BOUNDARY_PLACE.sub(lambda m: " " * len(m.group(0)), clause), cues)


def wall_body(text: str) -> WallBody | None:
    """The one body the text stands on a wall, with what it says of its sizes and place; None when the
    text names no such body, names several, or does not say which wall it stands on."""
    nouns = {m.group(0).lower().rstrip("s") for m in _NOUN.finditer(text)}
    if not nouns or _PLURAL.search(text):
        return None
    clauses = _clauses_about_body(text)
    side = _wall(" ".join(clauses))
    if side is None:
        return None
    roles: dict[str, float] = {}
    for clause in clauses:
        for role, value in _bind(clause).items():
            roles.setdefault(role, value)
    _sized_and_ranged(" ".join(clauses), roles)
    shift = next((face_shift(c) for c in clauses if face_shift(c)), 0)
    return WallBody(side=side, protrusion=roles.get("protrusion"), thickness=roles.get("thickness"), x=roles.get("x"),
                    placed_by={1: "front", -1: "rear"}.get(shift, "centre"))


# the body's section as a product after its noun: "square rib 20 x 20 mm", "a 2 cm x 2 cm rib" (along x by across)
_PRODUCT = re.compile(rf"(?<![\w.])({NUM})\s*({UNIT})?\s*(?:x|by|×)\s*({NUM})\s*({UNIT})")
# its streamwise span: "at x 0.3..0.32", "between x = 30 cm and x = 32 cm", "from x = 0.3 to 0.32 m" (its own reader:
# text_range_parts.coordinate_ranges reads the same forms but imports this module)
_X_SPAN = re.compile(rf"\bx\s*(?:=\s*)?({NUM})\s*({UNIT})?\s*(?:\.\.|to|-|–)\s*(?:x\s*=\s*)?({NUM})\s*({UNIT})?"
                     rf"|\bbetween\s+x\s*=\s*({NUM})\s*({UNIT})?\s+and\s+(?:x\s*=\s*)?({NUM})\s*({UNIT})?", re.I)


def body_x_spans(text: str) -> list[tuple[int, int]]:
    """The x spans said of a wall body right after its noun in its clause ("rib ... between x = 30 cm and x = 32 cm"):
    the body's, not the channel's extent."""
    out = []
    for noun in _NOUN.finditer(text):
        end = re.search(r"[;.](?:\s|$)|\n", text[noun.end():])
        span = _X_SPAN.search(text, noun.end(), noun.end() + (end.start() if end else len(text)))
        if span is not None and span.start() - noun.end() <= 80 and not _DOMAIN.search(text, noun.end(), span.start()):
            out.append(span.span())  # not "the baffles ... channel x 0 to 0.5": the channel's own
    return out


def _sized_and_ranged(words: str, roles: dict[str, float]) -> None:
    """Fill what the roles left: the section said as a product (its first side along the flow, the second out of
    the wall) and the place and streamwise size said as an x span ("at x 0.3..0.32": centre 0.31, 0.02 thick)."""
    from tasks.geometry.spec import unit_factor

    spans = [_X_SPAN.search(words, n.end(), n.end() + 80) for n in _NOUN.finditer(words)]
    span = next((sp for sp in spans if sp is not None), None)  # the body's own span, after its noun (not the channel's)
    if span is not None:
        g = span.groups()
        a, ua, b, ub = g[0:4] if g[0] is not None else g[4:8]
        unit = ub or ua or "m"
        lo, hi = float(a) * unit_factor(ua or unit), float(b) * unit_factor(unit)
        if hi > lo:  # a span places it wholly: its centre and its size along the flow
            roles["x"] = round((lo + hi) / 2, 12)
            roles["thickness"] = round(hi - lo, 12)
    plain = _X_SPAN.sub(lambda m: " " * len(m.group(0)), words)  # offsets kept
    product = None
    for noun in _NOUN.finditer(plain):  # the mention that gives its section: "square rib 20 x 20 mm", "a 2 cm x 2 cm rib"
        after = _PRODUCT.search(plain, noun.end(), noun.end() + 20)
        before = [m for m in _PRODUCT.finditer(plain, max(0, noun.start() - 40), noun.start())
                  if re.fullmatch(r"[\s-]*(?:[a-z-]+\s+){0,2}", plain[m.end():noun.start()], re.I)]
        product = after or (before[-1] if before else None)
        if product is not None:
            break
    if product is not None:
        unit = product.group(4)
        roles["thickness"] = float(product.group(1)) * unit_factor(product.group(2) or unit)
        roles["protrusion"] = float(product.group(3)) * unit_factor(unit)


def _wall(words: str) -> Side | None:
    m = _SIDE.search(words)
    if not m:
        return None
    if m.group("hang"):
        return "top"
    word = (m.group("wall") or m.group("mount") or "").lower()
    return "top" if re.match(_TOP, word) else "bottom"
