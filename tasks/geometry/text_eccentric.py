"""How far the inner wall of an annulus sits off the outer wall's centre, from the request's words: a length
("inner cylinder offset 5 mm from the outer centre", "displaced 0.5 cm from the axis", "4 mm off-centre",
"eccentricity e = 2 mm") or a ratio to the gap ("eccentricity ratio 0.5", "relative eccentricity 0.3", a bare
"eccentricity 0.5"), the ratio being offset / (R_o - R_i). Pure functions; metres.

Why: an eccentric journal-bearing gap built concentric is a different flow; the offset is either read and built
or the request is refused, never dropped."""

from __future__ import annotations

import re

from tasks.core.errors import RequestError
from tasks.geometry.spec import NUM, UNIT, unit_factor

_RATIO = re.compile(rf"\b(?:(?:relative|dimensionless|normali[sz]ed)\s+eccentricity|eccentricity\s+ratio)\s*"
                    rf"(?:\([^)]*\)\s*)?(?:(?:of|=|:|is|\u03b5|epsilon)\s*)*({NUM})(?!\s*{UNIT})", re.I)
_LENGTH_SAID = rf"({NUM})\s*({UNIT})"
# "eccentricity 0.25 in", "eccentricity e = 2 mm", "eccentricity of 0.5" (no unit: a ratio to the gap)
_ECC = re.compile(rf"\beccentricity\s*(?!ratio)(?:(?:of|=|:|is|e)\s*)*({NUM})\s*({UNIT})?", re.I)
_MOVED = r"(?:offset|displaced|shifted|moved|off[\s-]+cent(?:re|er)(?:d)?|off[\s-]+axis|eccentric(?:ally)?)"
# in order of trust: "offset (by) 5 mm", "centres 5 mm apart", "4 mm off-centre" (the last can take the inner
# wall's own size before a participle: "inner cylinder of radius 3 cm displaced 0.5 cm")
_OFFSETS = [re.compile(rf"\b{_MOVED}\s+(?:(?:by|of)\s+)?(?:an?\s+)?(?:(?:distance|amount)\s+(?:of\s+)?)?{_LENGTH_SAID}", re.I),
            re.compile(rf"\b(?:centres?|centers?|axes)\s+(?:are\s+)?{_LENGTH_SAID}\s+apart\b", re.I),
            re.compile(rf"(?<![\w.]){_LENGTH_SAID}\s+{_MOVED}\b", re.I)]
_ECCENTRIC = re.compile(r"\b(?:eccentric(?:ity|ally)?|off[\s-]+cent(?:re|er)d?|non[\s-]?concentric)\b", re.I)


def eccentricity(text: str, inner_radius: float | None, outer_radius: float | None) -> float | None:
    """The inner wall's offset (m) from the outer wall's centre, or None when the words say none. Raises
    RequestError when they say the walls are eccentric without a readable offset, when a ratio is given but
    not the gap it scales, or when a length and a ratio disagree."""
    if not _ECCENTRIC.search(text) and not any(p.search(text) for p in _OFFSETS):
        return None
    gap = outer_radius - inner_radius if inner_radius and outer_radius else None
    by_length = _offset_length(text)
    ratio = _ratio(text)
    if ratio is not None and gap is None:
        raise RequestError(f"geometry refused: eccentricity ratio {ratio:g} given but not both radii of the annulus, so "
                           "the offset (ratio x (R_o - R_i)) cannot be worked out; give the inner and outer radius")
    by_ratio = ratio * gap if ratio is not None and gap is not None else None
    if by_length is not None and by_ratio is not None and abs(by_length - by_ratio) > 1e-3 * max(by_length, by_ratio):
        raise RequestError(f"geometry refused: the inner cylinder's offset is said twice and the two disagree ({by_length:g} m "
                           f"and eccentricity ratio {ratio:g} x gap {gap:g} m = {by_ratio:g} m); give one of them")
    offset = by_length if by_length is not None else by_ratio
    if offset is None:
        raise RequestError("geometry refused: the annulus is said to be eccentric (off-centre) but no offset could be read; "
                           "give it as a length ('inner cylinder offset 2 mm from the outer centre') or as "
                           "'eccentricity ratio 0.5' (offset / (R_o - R_i))")
    return offset


def _offset_length(text: str) -> float | None:
    """The offset said as a length: after "offset"/"displaced"/"eccentricity", before "off-centre", or as the
    distance between the two centres."""
    for pattern in _OFFSETS:
        if m := pattern.search(text):
            return float(m.group(1)) * unit_factor(m.group(2))
    e = _ECC.search(text)
    if e and e.group(2):
        return float(e.group(1)) * unit_factor(e.group(2))
    return None


def _ratio(text: str) -> float | None:
    """The offset said as a fraction of the gap: "eccentricity ratio 0.5", or a bare "eccentricity 0.5" below one."""
    m = _RATIO.search(text)
    if m:
        return float(m.group(1))
    e = _ECC.search(text)
    if e and not e.group(2) and 0 <= float(e.group(1)) < 1:
        return float(e.group(1))
    return None
