"""A nozzle's sections by their roles: a converging-diverging nozzle (a venturi) given by its inlet,
throat and outlet sizes and the lengths it converges and diverges over ("inlet height 60 mm, throat
20 mm, outlet 40 mm, converging length 100 mm, diverging length 150 mm", "the walls converge over
100 mm to a 20 mm throat, then diverge over 150 mm to a 40 mm outlet"), and a round nozzle or diffuser
meshed axisymmetric ("axisymmetric converging nozzle: inlet pipe D 50 mm ... cone to D 20 mm").

Sizes said with their role's own words ("throat of 4 cm", "widening back to 8 cm", "inlet/throat/outlet =
10/4/10 cm") go to that role (`text_duct_roles`); the others go to the station cue nearest them and lengths
to the taper cue nearest them (`text_role_binding`). A straight duct before or after a converging-diverging nozzle is there only
when the request says so. Pure functions; metres."""

from __future__ import annotations

import re
from typing import Any

from tasks.geometry.spec import NUM, UNIT
from tasks.geometry.text_duct_roles import lengths_from_angles, venturi_roles
from tasks.geometry.text_role_binding import LENGTH_WITH_UNIT, bind_lengths

_THROAT = re.compile(r"\bthroat\b|\bventuri\b|converging[- ]diverging|convergent[- ]divergent|\bde\s*laval\b|\bc-d\s+nozzle\b", re.I)
_NOT_SIZE = r"(?!\s+(?:velocity|speed|flow|pressure|temperature|conditions?|boundary|patch|value|turbulence|mach)\b)"
_STATIONS = {"inlet_height": rf"\b(?:inlet|entry|entrance|inflow|upstream){_NOT_SIZE}\b",
             "throat_height": r"\b(?:throat|neck)\b",
             "outlet_height": rf"\b(?:outlet|exit|outflow|downstream){_NOT_SIZE}\b"}
_TAPERS = {"taper_length": r"\b(?:converg\w*|contraction|contracts?|convergent|narrows?)\b",
           "diverging_length": r"\b(?:diverg\w*|divergent|expansion|expands?|widens?|diffus\w*)\b",
           "upstream_length": r"\b(?:straight|parallel)\s+(?:inlet|entry|upstream)\b|\b(?:inlet|entry)\s+(?:duct|pipe|section)\b"
                              r"|\b(?:before|upstream|ahead)\b",
           "downstream_length": r"\b(?:straight|parallel)\s+(?:outlet|exit|downstream)\b|\b(?:outlet|exit)\s+(?:duct|pipe|section)\b"
                                r"|\b(?:after|downstream|behind|follows?)\b"}
_DUCTS = {k: _TAPERS[k] for k in ("upstream_length", "downstream_length")}
_ROUND_LENGTHS = {"taper_length": r"\b(?:cones?|conical|taper\w*|diffus\w*|converg\w*|diverg\w*|contraction)\b", **_DUCTS}
_PLANAR_LENGTHS = {"taper_length": r"\b(?:converg\w*|diverg\w*|contraction|taper\w*|opens?|opening|widens?|narrows?)\b",
                   "upstream_length": _TAPERS["upstream_length"] + r"|\blead-?in\b|\binlet\s+duct\b",
                   "downstream_length": _TAPERS["downstream_length"] + r"|\btail\b|\boutlet\s+duct\b"}
# a length along the flow, not a size across it: "100 mm long", "over 150 mm", "length 0.1 m"
_ALONG = re.compile(r"^\s*(?:-\s*)?(?:long|in\s+length|of\s+(?:straight\s+)?(?:(?:inlet|outlet|exit|entry)\s+)?(?:pipe|duct|channel|tube|section)|of\s+(?:convergence|divergence"
                    r"|contraction|expansion|taper)|(?:further\s+)?(?:before|after|upstream|downstream|ahead|behind)\b)", re.I)
_ALONG_BEFORE = re.compile(r"(?:\bover|\blength|\blong|\bspans?|\bruns?|\bfor(?:\s+another)?|\btail|\blead-?in|\bsection|\bduct|\bpipe)\s*"
                           r"(?:of\s+|=\s*|:\s*|is\s+|a\s+)?$", re.I)
_ACROSS_AFTER = re.compile(r"^\s*(?:-\s*)?(?:high|wide|tall|deep|across|diameter|dia|bore|in\s+(?:height|width|diameter))\b", re.I)
# "a 300 mm outlet duct": a duct's length (its height is said as a height)
_DUCT_AFTER = re.compile(r"^\s*(?:straight\s+)?(?:inlet|outlet|exit|entry)\s+(?:duct|pipe|section|channel|passage)\b", re.I)
_SIZE_BEFORE = re.compile(r"(?:\bbores?|\bdiameters?|(?-i:\bD)|Ø|\bheights?|\bwidths?|\bthroat|\binlet|\boutlet|\bexit)\s*"
                          r"(?:of\s+|=\s*|:\s*|is\s+)?$", re.I)
_ROUND = re.compile(r"\baxi-?symmetric|\bwedge\b|\bround\b|\bconical\b|\bcone\b|\bcircular\b", re.I)
_DIAMETER = re.compile(r"\bdiameters?\b|\bbores?\b|(?-i:\bD\b)|Ø|\bdia\b", re.I)


def _split(text: str) -> tuple[list[re.Match[str]], list[re.Match[str]]]:
    """The lengths of `text` along the flow and the sizes across it."""
    along, across = [], []
    for m in LENGTH_WITH_UNIT.finditer(text):
        before = text[max(0, m.start() - 25):m.start()]
        if _SIZE_BEFORE.search(before) or _ACROSS_AFTER.match(text[m.end():]):  # "bore 5 cm upstream", "0.1 m high"
            across.append(m)
        elif _ALONG.match(text[m.end():]) or _ALONG_BEFORE.search(before) or _DUCT_AFTER.match(text[m.end():]):
            along.append(m)
        elif not re.search(r"(?:[xyz]\s*=|\bat)\s*$", before, re.I):  # "at x = 0", "at 0.3 m": places
            across.append(m)
    return along, across


def nozzle_roles(text: str) -> dict[str, Any]:
    """The dimensions a nozzle's or diffuser's words give by role: for a converging-diverging nozzle the
    three sizes and the two taper lengths (straight ducts 0 unless stated); for a round one
    `axisymmetric` and its diameters as the heights. {} when the text is about neither."""
    out: dict[str, Any] = {}
    round_ = bool(_ROUND.search(text))
    if round_:
        out["axisymmetric"] = True
    if not _THROAT.search(text):
        if not round_:  # a planar taper: only its lengths along the flow ("opens at 7 degrees for 200 mm", "tail: 30 cm")
            along, across = _split(text)
            sizes = bind_lengths(text, {k: v for k, v in _STATIONS.items() if k != "throat_height"}, across)
            return {**sizes, **bind_lengths(text, _PLANAR_LENGTHS, along)}
        text = radii_as_diameters(text)  # "inlet pipe R 0.02 m", "a radius of 0.04 m": its diameter
        if _DIAMETER.search(text):
            along, across = _split(text)
            out.update(bind_lengths(text, _ROUND_LENGTHS, along))  # "8 cm of straight pipe before", "a 0.2 m long cone"
            named = [m for m in across if _DIAMETER.search(text[max(0, m.start() - 20):m.end() + 12])]
            across = named if len(named) >= 2 else across  # the sizes said to be diameters
            sizes = bind_lengths(text, {k: v for k, v in _STATIONS.items() if k != "throat_height"}, across)
            if len(across) >= 2 and len(sizes) < 2:  # "from D 50 mm ... to D 20 mm": first and last
                sizes = {"inlet_height": _metres(across[0]), "outlet_height": _metres(across[-1]), **sizes}
            if len(across) >= 2 and sizes.get("inlet_height") == sizes.get("outlet_height") and \
                    _metres(across[0]) != _metres(across[-1]):  # no station word near them: in the order of the flow
                sizes = {"inlet_height": _metres(across[0]), "outlet_height": _metres(across[-1])}
            out.update(sizes)
        return out
    along, across = _split(text)
    out.update(bind_lengths(text, _STATIONS, across))
    out.update(bind_lengths(text, _TAPERS, along))
    said = venturi_roles(text)  # the sizes said with their role's own words win over the nearest cue
    out.update({k: v for k, v in lengths_from_angles(text, {**out, **said}).items() if k not in said})
    out.update(said)
    out.setdefault("upstream_length", 0.0)
    out.setdefault("downstream_length", 0.0)
    return out


_R_SYMBOL = re.compile(rf"(?-i:\bR)\s*(?:=|:)?\s*(?P<a>{NUM})\s*(?P<ua>{UNIT})?(?:\s*(?:->|→|to)\s*(?P<b>{NUM}))?"
                       rf"\s*(?P<u>{UNIT})?(?![\w.])")
_RADIUS_AFTER = re.compile(rf"(?<![\w.])(?P<a>{NUM})\s*(?P<u>{UNIT})\s*(?:-\s*)?radius\b", re.I)
_RADIUS_BEFORE = re.compile(rf"\bradius\s*(?P<link>of|=|:|is)?\s*(?P<a>{NUM})\s*(?P<u>{UNIT})", re.I)


def radii_as_diameters(text: str) -> str:
    """A round duct's radii said as its diameters, so one reader takes both: "R 0.02 m" -> "D 0.04 m", "R 0.02 ->
    0.04" -> "D 0.04 -> 0.08 m" (a bare radius takes the unit of the text's other radii, else metres), "0.02 m
    radius" -> "0.04 m diameter", "a radius of 0.04 m" -> "a diameter of 0.08 m"."""
    said = [m.group("ua") or m.group("u") for m in _R_SYMBOL.finditer(text) if m.group("ua") or m.group("u")]

    def symbol(m: re.Match[str]) -> str:
        unit = m.group("ua") or m.group("u") or (said[0] if said else "m")
        a = f"{2 * float(m.group('a')):g}"
        b = f" -> {2 * float(m.group('b')):g}" if m.group("b") else ""
        return f"D {a}{b} {unit}"

    text = _R_SYMBOL.sub(symbol, text)
    text = _RADIUS_AFTER.sub(lambda m: f"{2 * float(m.group('a')):g} {m.group('u')} diameter", text)
    return _RADIUS_BEFORE.sub(lambda m: f"diameter {m.group('link') or ''} {2 * float(m.group('a')):g} {m.group('u')}", text)


def _metres(m: re.Match[str]) -> float:
    from tasks.geometry.spec import unit_factor

    return float(m.group(1)) * unit_factor(m.group(2))
