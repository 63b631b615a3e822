"""A round far field about a cylinder in a free stream (an O-domain) from a request's words: that one is asked
("O-grid", "circular far field", "the outer boundary is a circle"), its radius ("radius 20 D", "15 diameters
away", "out to 40 diameters", "far-field diameter 2 m"), the radial size of the cell at the wall ("first cell
0.1 mm"), a radial cell-to-cell growth ratio ("growth rate 1.05") and, in 3D, the span ("span 4 D"). Pure
functions; metres."""

from __future__ import annotations

import re
from typing import Any

from tasks.geometry.spec import NUM, UNIT, unit_factor
from tasks.geometry.text_lengths import _DIAMETERS

# the words that ask for a round outer boundary about the body
O_DOMAIN = re.compile(
    r"\b(?:circular|round|circle|cylindrical)\s+(?:far[- ]?field|outer\s+(?:boundary|domain|edge)|domain(?:\s+boundary)?|"
    r"free[- ]?stream\s+boundary|computational\s+domain|outer\s+circle)\b"
    r"|\b(?:far[- ]?field|outer\s+(?:boundary|domain|edge))(?:\s+\w+){0,3}?\s+(?:is\s+)?an?\s+circle\b"
    r"|\bfar[- ]?field\s+(?:boundary\s+)?(?:radius|diameter)\b|\b(?:radius|diameter)\s+of\s+the\s+far[- ]?field\b"
    r"|\bouter\s+boundary\s+radius\b|\bO[- ]?(?:type\s+)?(?:grid|mesh|domain|topology)\b"
    r"|\b(?:domain|far[- ]?field|outer\s+boundary)\s+(?:should|must|will|shall)?\s*(?:be|is)\s+"
    r"(?:circular|round|a\s+circle)\b", re.I)

# a far-field word, then (no number between) the radius: "far field of radius 20 D", "outer radius = 1.5 m",
# "circular outer boundary 15 diameters away", "O-type grid out to 40 diameters", "far field at r = 30D"
_FAR = (r"(?:far[- ]?field|outer\s+(?:boundary|domain|edge|circle|radius)|O[- ]?(?:type\s+)?(?:grid|mesh|domain|topology)"
        r"|circular\s+domain|circle)")
# the words that may stand between the far field's name and its radius (no body, no other size)
_FILLER = (r"(?:[\s,:=(-]|\b(?:boundary|of|with|at|is|a|an|the|its|radius|diameter|r|R|out|to|extends?|extending|located"
           r"|placed|set|lies|circle|circular|that|which|size|distance|approximately|approx|roughly|some)\b)*")
_RADIUS = re.compile(rf"\b{_FAR}(?P<between>{_FILLER}?)(?<![\w.])(?P<n>{NUM})\s*(?:(?P<d>{_DIAMETERS}|cylinder\s+diameters"
                     rf"|times\s+the\s+(?:cylinder(?:'s)?\s+)?diameter)|(?P<u>{UNIT}))", re.I)
_FIRST_CELL = re.compile(rf"\b(?:first|wall|near[- ]wall|smallest)[- ](?:cell|layer)(?:\s+(?:height|size|thickness|spacing|width"
                         rf"|length))?(?:\s+(?:at|on|next\s+to)\s+the\s+(?:wall|cylinder|surface))?\s*(?:of|=|:|is|at|about)?\s*"
                         rf"(?P<n>{NUM})\s*(?:(?P<d>{_DIAMETERS})|(?P<u>{UNIT}))", re.I)
_GROWTH = re.compile(rf"\b(?:growth|stretching|expansion|cell[- ]to[- ]cell)\s+(?:rate|ratio|factor)(?:\s+of)?\s*(?:=|:|is)?\s*"
                     rf"(?P<n>{NUM})(?!\s*%)(?=[^.;]{{0,30}}(?:per\s+cell|cell[- ]to[- ]cell|radial|from\s+the\s+wall|outward)"
                     rf"|\s*(?:per\s+cell|between\s+cells))"
                     rf"|\bcell[- ]to[- ]cell\s+(?:growth|stretching|expansion)?\s*(?:rate|ratio|factor)?\s*(?:of|=|:|is)?\s*"
                     rf"(?P<m>{NUM})", re.I)
_SPAN = re.compile(rf"\b(?:span(?:wise)?(?:\s+(?:length|extent|width|depth))?|extruded|extrusion|depth|length\s+along\s+z"
                   rf"|z[- ]extent)\s*(?:of|=|:|is|by|over)?\s*(?P<n>{NUM})\s*(?:(?P<d>{_DIAMETERS})|(?P<u>{UNIT}))"
                   rf"|(?<![\w.])(?P<n2>{NUM})\s*(?:(?P<d2>{_DIAMETERS})|(?P<u2>{UNIT}))\s+(?:span|spanwise|deep|in\s+z"
                   rf"|along\s+(?:the\s+)?(?:z|axis|span))\b", re.I)

DEFAULT_RADIUS_D = 20.0  # far field radius in diameters when not given
DEFAULT_SPAN_D = 4.0  # a 3D O-grid's span in diameters when not given


# a body between walls: "an O-grid around the cylinder" there is the mesh about the body, not a round domain
_CONFINED = re.compile(r"\b(?:channel|duct|(?:wind\s+)?tunnel|pipe|side\s+walls?|(?:top|bottom|upper|lower)\s+walls?"
                       r"|blockage)\b", re.I)
_O_WORD = re.compile(r"O[- ]?(?:type\s+)?(?:grid|mesh|domain|topology)", re.I)


def o_domain(text: str) -> re.Match[str] | None:
    """The words asking for a round far field about the body, or None (an "O-grid" about a body in a channel is the
    mesh near the body, not a round domain)."""
    found = list(O_DOMAIN.finditer(text))
    named = next((m for m in found if not _O_WORD.fullmatch(m.group(0))), None)
    return named or (found[0] if found and not _CONFINED.search(text) else None)


def _metres(m: re.Match[str], diameter: float, n: str = "n", d: str = "d", u: str = "u") -> float:
    """A matched size in metres: a number of diameters, or a length with its unit."""
    value = float(m.group(n))
    return value * diameter if m.group(d) else value * unit_factor(m.group(u))


def far_field_radius(text: str, diameter: float) -> float | None:
    """The far field's radius about the cylinder's centre: "radius 20 D", "15 diameters away", "out to 40
    diameters", "far-field diameter 2 m" (half of it); None when not given."""
    for m in _RADIUS.finditer(text):
        if re.fullmatch(r"[23]\s*-?\s*D", m.group(0)[m.start("n") - m.start():], re.I):
            continue  # "O-grid, 3D: ...": the dimensions, not a far field 3 diameters out
        size = _metres(m, diameter)
        halve = re.search(r"\bdiameter\b", m.group(0)[:m.start("n") - m.start()], re.I) and \
            not re.search(r"\bradius\b", m.group("between"), re.I)
        return size / 2 if halve else size
    return None


def first_cell(text: str, diameter: float) -> float | None:
    """The radial size of the cell at the cylinder ("first cell 0.1 mm", "first-layer height 0.001 D"), or None."""
    m = _FIRST_CELL.search(text)
    return _metres(m, diameter) if m else None


def growth_ratio(text: str) -> float | None:
    """A radial cell-to-cell growth ratio ("growth rate 1.05", "cell-to-cell ratio 1.1"), or None."""
    m = _GROWTH.search(text)
    if not m:
        return None
    value = float(m.group("n") or m.group("m"))
    return value if 1.0 < value <= 1.5 else None


def span_length(text: str, diameter: float) -> float | None:
    """A 3D O-grid's extent along z ("span 4 D", "spanwise length 0.4 m", "0.2 m deep"), or None."""
    m = _SPAN.search(text)
    if not m:
        return None
    return _metres(m, diameter) if m.group("n") else _metres(m, diameter, "n2", "d2", "u2")


def ogrid_fields(text: str, d: dict[str, Any]) -> bool:
    """Fill `d` (a cylinder's dimensions) for an O-domain when the words ask for one: the far field radius (left
    out when not given: the builder takes 20 D and says so), the wall cell, the growth ratio, the span, the centre
    (the origin when not placed) and the domain's extent across; True when they ask for one."""
    if not o_domain(text):
        return False
    dia = d.get("diameter", 0.1)
    radius = far_field_radius(text, dia)
    if radius is not None:
        d["far_field_radius"] = radius
    across = 2 * (radius or DEFAULT_RADIUS_D * dia)
    d.update(domain="O", free_stream=True, length=across, height=across)
    d.setdefault("center_x", 0.0)
    d.setdefault("center_y", 0.0)
    for key, value in (("first_cell", first_cell(text, dia)), ("growth_ratio", growth_ratio(text)),
                       ("span_length", span_length(text, dia))):
        if value is not None:
            d[key] = value
    return True
