"""A duct or channel made of consecutive sections whose cross-section changes stepwise, read from the sizes a
request gives each section in turn, in 2D or 3D:
- in prose, one section after another ("a duct 10 cm long and 2 cm high, then a chamber 20 cm long and 10 cm high,
  then ..."; "1 cm high for the first 5 cm, 2 cm high for the next 5 cm"; "Section A: L = 40 mm, H = 10 mm");
- as rows of a table or a list, written as words by tasks.geometry.text_parts.table_ranges ("inlet x 0 mm to 100 mm,
  20 mm high; ..."; "1 8 cm long, 3 cm high, floor at y = -3 cm"; "40 mm x 8 mm" under "length x height");
- in 3D, by each section's cross-section ("a 20 x 20 mm square duct 100 mm long opening into a 60 x 60 mm duct",
  "side 2 cm to 6 cm", "40 mm wide and 10 mm high", an area ratio for the section whose size is not said) or by its
  x, y and z ranges ("x 0..0.1 m, y 0..0.02 m, z 0..0.02 m; and x 0.1..0.4 m, ...").
Each size fills a slot of the section being read (its length, its size across in y, in z, where it lies); a size
whose slot is already filled starts the next section. Sections without a place are laid end to end from x = 0,
centred on the axis when the words say symmetric or coaxial, else on a flat floor (text_rectilinear.stack).
Pure functions; metres."""

from __future__ import annotations

import math
import re
from typing import NamedTuple

from tasks.geometry.spec import NUM, UNIT, unit_factor
from tasks.geometry.text_range_parts import coordinate_ranges
from tasks.geometry.text_rectilinear import CENTRED, stack

_LEN = rf"(?P<v>{NUM})\s*(?P<u>{UNIT})"
_LEN2 = rf"(?P<v2>{NUM})\s*(?P<u2>{UNIT})"
_LEN0 = rf"(?:{_LEN}|(?P<v3>[-+]?0(?:\.0*)?)(?![\d.])(?:\s*(?P<u3>{UNIT}))?)"  # a place: a zero needs no unit
# a size and what it measures: the adjective after it, or the name before it ("length 30 cm", "L = 40 mm")
_SIZES = [
    ("length", re.compile(rf"(?<![\w.]){_LEN}\s*(?:-\s*)?(?:long|in\s+length)\b|\b(?:length|L\d?)\s*(?:of|=|:|is)?\s*{_LEN2}"
                          rf"|\b(?:for|over)\s+(?:the\s+|a\s+)?(?:first|next|last|remaining|following|another|further|"
                          rf"final|length\s+of)?\s*(?P<v3>{NUM})\s*(?P<u3>{UNIT})(?!\s*(?:-\s*)?(?:high|tall|wide|deep|side))"
                          # "4 cm of the small duct followed by 30 cm of the large one"
                          rf"|(?<![\w.])(?P<v4>{NUM})\s*(?P<u4>{UNIT})\s+of\s+(?:the\s+)?(?:\w+\s+){{0,2}}?"
                          rf"(?:ducts?|sections?|channels?|passages?|tubes?|one)\b")),
    ("height", re.compile(rf"(?<![\w.]){_LEN}\s*(?:-\s*)?(?:high|tall|in\s+height)\b|\b(?:height|H\d?)\s*(?:of|=|:|is)?\s*{_LEN2}")),
    ("width", re.compile(rf"(?<![\w.]){_LEN}\s*(?:-\s*)?(?:wide|deep|in\s+width)\b|\b(?:width|depth|W\d?)\s*(?:of|=|:|is)?\s*{_LEN2}")),
    ("side", re.compile(rf"(?<![\w.]){_LEN}\s*(?:-\s*)?(?:sides?|square(?!\s+(?:cells?|mesh|grid|elements?|quads?)\b))\b|\bsides?\s*(?:length\s*)?(?:of|=|:|is)?\s*{_LEN2}")),
    ("cross", re.compile(rf"(?<![\w.])(?P<v>{NUM})\s*(?P<u>{UNIT})?\s*(?:x|by|×)\s*{_LEN2}")),
    ("floor", re.compile(rf"\b(?:floor|bottom(?:\s+wall)?)\s+(?:is\s+|lies\s+)?(?:at|on)\s+y\s*=\s*{_LEN0}")),
    # "centre at y = 3 cm", "centred on y = 3 cm", "centreline at y = 30 mm"
    ("centre", re.compile(rf"\bcent(?:re|er)(?:e?d|\s*-?\s*line)?\s+(?:is\s+|lies\s+)?(?:at|on)\s+y\s*=\s*{_LEN0}")),
    # a section's x place said by one end: "ending at x = 0", "starts at x = -0.1 m"
    ("x_end", re.compile(rf"\b(?:ending|ends?|terminat\w*|finish\w*|stops?|stopping)\s+at\s+x\s*=\s*{_LEN0}")),
    ("x_start", re.compile(rf"\b(?:starting|starts?|beginning|begins?)\s+at\s+x\s*=\s*{_LEN0}")),
]
# two sections' sizes across in one phrase: "square duct side 2 cm to 6 cm", "the height steps from 2 cm to 5 cm"
# axes listed before one range: "(y, z -10..10 mm)", "y and z from -5 to 5 cm"
_AXIS_LIST = re.compile(r"\b[xyz](?:\s*(?:,|and|/|&)\s*[xyz])*\s*(?:,|and|/|&)\s*$", re.I)
_FROM_TO = re.compile(rf"\b(?P<kind>side|height|width)s?\s+(?:\w+\s+){{0,2}}?(?:from\s+)?{_LEN}\s*(?:to|->|→)\s*{_LEN2}", re.I)
_SLOTS = {"length": ("x",), "height": ("y",), "width": ("z",), "side": ("y", "z"), "floor": ("py",), "centre": ("cy",),
          "x_end": ("ex",), "x_start": ("sx",)}
_CLAUSE = re.compile(r"[;\n]|\.(?:\s|$)")
_THREE_D = re.compile(r"\b3-?d\b|three[- ]dimensional|\bfull(?:y)?\s+3", re.I)
_TWO_D = re.compile(r"\b2-?d\b|two[- ]dimensional|\bplanar\b", re.I)
_BOXED = re.compile(r"\b(?:square|rectangular)\s+(?:ducts?|channels?|cross[- ]?sections?|sections?|pipes?)\b", re.I)
_AREA_RATIO = re.compile(rf"\b(?:area|expansion|contraction|height|step)\s+ratio\s*(?:of|=|:|is)?\s*(?P<r>{NUM})(?:\s*:\s*1)?",
                         re.I)
_CONTRACTS = re.compile(r"\bcontract\w*|\bnarrow\w*|\breduc\w*", re.I)
# solid bodies in the duct: their sizes are not sections
_BODIES = re.compile(r"\b(?:obstacles?|blocks?|plates?|ribs?|baffles?|fins?|cylinders?|spheres?|bod(?:y|ies)|airfoils?"
                     r"|wings?|posts?|pillars?|orifices?|cavit(?:y|ies)|branch(?:es)?|bends?|elbows?|obstruct\w*|grooves?"
                     r"|trench(?:es)?|pockets?|notch(?:es)?|recess(?:es)?|slots?|inserts?|bars?|squares?\s+(?:cylinder|rod|prism)s?)\b",
                     re.I)
_ROUND = re.compile(r"\b(?:diameters?|bores?|radi(?:us|i)|axisymmetric|wedge|round|circular)\b", re.I)
_SIDE_FLUSH = re.compile(r"\bside\s+walls?\s+(?:are\s+)?(?:flush|aligned)|\bflush\s+(?:with\s+)?(?:one|a|the)\s+side\b", re.I)
_LENGTH_BY_HEIGHT = re.compile(r"\b(?:length|L)\s*(?:x|by|×)\s*(?:height|H)\b", re.I)
_HEIGHT_BY_LENGTH = re.compile(r"\b(?:height|H)\s*(?:x|by|×)\s*(?:length|L)\b", re.I)
_HEIGHT_BY_WIDTH = re.compile(r"\b(?:height|H)\s*(?:x|by|×)\s*(?:width|W)\b", re.I)


class _Size(NamedTuple):
    """A size read for a section: where it is written and the slots it fills."""

    start: int
    slots: dict[str, object]  # "x", "y", "z": a size (float) or a range (tuple); "py": the floor's y


def is_3d(text: str) -> bool:
    """The duct is 3D: said so, a square or rectangular duct not said 2D, or z ranges given."""
    if _TWO_D.search(text):
        return False
    return bool(_THREE_D.search(text) or _BOXED.search(text) or coordinate_ranges(text, "z"))


def _value(m: re.Match[str]) -> float | None:
    """The size a match gives, in metres (None when its unit is not said)."""
    for v, u in (("v", "u"), ("v2", "u2"), ("v3", "u3"), ("v4", "u4")):
        if m.groupdict().get(v) is not None and m.groupdict().get(u):
            return float(m.group(v)) * unit_factor(m.group(u))
        if m.groupdict().get(v) is not None and float(m.group(v)) == 0:
            return 0.0  # "floor at y = 0"
    return None


def _sizes(text: str, three_d: bool) -> list[_Size]:
    """Every size a section may take, in the order written (a range once, as a range)."""
    out: list[_Size] = []
    taken: list[tuple[int, int]] = []
    axes = ("x", "y", "z") if three_d else ("x", "y")
    for axis in axes:
        for s, e, (lo, hi) in coordinate_ranges(text, axis):
            if lo is not None and hi is not None:
                listed = _AXIS_LIST.search(text[max(0, s - 12):s])  # "y, z -10..10 mm": one range for both axes
                shared = [a for a in listed.group(0) if a in axes] if listed else []
                out.append(_Size(s, {a: (lo, hi) for a in dict.fromkeys([*shared, axis])}))
                taken.append((s, e))
    for m in _FROM_TO.finditer(text):
        kind = m.group("kind").lower()
        names = _SLOTS[kind] if three_d or kind == "height" else ("y",)
        for v, u, at in (("v", "u", m.start()), ("v2", "u2", m.start("v2"))):
            out.append(_Size(at, {n: float(m.group(v)) * unit_factor(m.group(u)) for n in names}))
        taken.append((m.start(), m.end()))
    pair = "lh" if _LENGTH_BY_HEIGHT.search(text) else "hl" if _HEIGHT_BY_LENGTH.search(text) else None
    for kind, pattern in _SIZES:
        for m in pattern.finditer(text):
            if any(s < m.end() and m.start() < e for s, e in taken):
                continue
            if kind == "cross":
                b = float(m.group("v2")) * unit_factor(m.group("u2"))
                a = float(m.group("v")) * unit_factor(m.group("u") or m.group("u2"))
                if pair == "lh":
                    slots: dict[str, object] = {"x": a, "y": b}
                elif pair == "hl":
                    slots = {"y": a, "x": b}
                elif three_d:  # width by height, as a duct's section is usually written, unless said otherwise
                    slots = {"y": a, "z": b} if _HEIGHT_BY_WIDTH.search(text) else {"z": a, "y": b}
                else:
                    continue  # two sizes of a 2D section with no word saying which is which
            else:
                value = _value(m)
                if value is None:
                    continue
                if kind == "width" and not three_d and re.search(r"\bdeep\b|\bdepth\b", m.group(0), re.I):
                    continue  # a 2D section's depth is across the plane (or a pocket's), not its height
                names = _SLOTS[kind] if three_d or kind not in ("width", "side") else ("y",)
                slots = {n: value for n in names}
            out.append(_Size(m.start(), slots))
            taken.append((m.start(), m.end()))
    return sorted(out, key=lambda size: size.start)


def _extent(value: object) -> float:
    return value[1] - value[0] if isinstance(value, tuple) else value  # type: ignore[index,operator,return-value]


def _places(held: object, said: object) -> bool:
    """`said` only places what the section already holds: a range as wide as its size ("20 x 20 mm (y, z -10..10 mm)"),
    or its size restated after its range."""
    if isinstance(held, tuple) == isinstance(said, tuple):
        return False
    return abs(_extent(held) - _extent(said)) <= 1e-9 * max(1.0, abs(_extent(held)))


def _grouped(sizes: list[_Size]) -> list[dict[str, object]]:
    """The sizes in sections: a size whose slot the section already holds starts the next section, unless it only
    places that size (a range as wide as it), which keeps the range."""
    sections: list[dict[str, object]] = []
    for size in sizes:
        held = sections[-1] if sections else {}
        clash = [k for k in size.slots if k in held]
        if not sections or (clash and not all(_places(held[k], size.slots[k]) for k in clash)):
            sections.append({})
        sections[-1].update({k: v for k, v in size.slots.items()
                             if isinstance(v, tuple) or not isinstance(sections[-1].get(k), tuple)})
    return sections


def _lone_leading(text: str, sizes: list[_Size]) -> list[_Size]:
    """`sizes` without those of a leading clause that holds one size only ("a duct of height h = 1 cm." before
    the sections: a reference size, not a section)."""
    bounds = [0] + [m.end() for m in _CLAUSE.finditer(text)] + [len(text) + 1]
    out = list(sizes)
    for a, b in zip(bounds, bounds[1:]):
        inside = [s for s in out if a <= s.start < b]
        if not inside:
            continue
        if len(inside) == 1 and len(inside[0].slots) == 1:
            out.remove(inside[0])
            continue
        break
    return out


def _paired(sizes: list[_Size]) -> list[dict[str, object]]:
    """The sections of a duct whose sizes across are said together, then their lengths ("from 1 in side to 3 in side;
    the 1 in duct is 4 in long and the 3 in duct 12 in long"): the n-th distinct size across with the n-th length."""
    across, lengths = [], []
    for s in sizes:
        if set(s.slots) == {"x"} and not isinstance(s.slots["x"], tuple):
            lengths.append(s.slots["x"])
        elif "x" not in s.slots and not any(isinstance(v, tuple) for v in s.slots.values()) and s.slots not in across:
            across.append(s.slots)
    if len(across) < 2 or len(across) != len(lengths):
        return []
    return [{**a, "x": n} for a, n in zip(across, lengths)]


def _complete(sections: list[dict[str, object]], three_d: bool) -> bool:
    needs = ("x", "y", "z") if three_d else ("x", "y")
    return len(sections) >= 2 and all(all(k in s for k in needs) for s in sections)


def _ratio_filled(text: str, sections: list[dict[str, object]], three_d: bool) -> list[dict[str, object]]:
    """Sections with the size across of the one section not given it (not the first) from the area or expansion
    ratio said ("area ratio 9": a square duct's side three times the one before; in 2D the height times the ratio)."""
    m = _AREA_RATIO.search(text)
    missing = [k for k, s in enumerate(sections) if "y" not in s and "z" not in s and "x" in s]
    if not m or len(missing) != 1 or missing[0] == 0 or float(m.group("r")) <= 0:
        return sections
    ratio = float(m.group("r"))
    ratio = 1 / ratio if _CONTRACTS.search(text) and ratio > 1 else ratio
    before = sections[missing[0] - 1]
    if not all(isinstance(before.get(k), float) for k in (("y", "z") if three_d else ("y",))):
        return sections
    scale = math.sqrt(ratio) if three_d and re.search(r"\barea\b", m.group(0), re.I) else ratio
    filled = dict(sections[missing[0]])
    filled["y"] = before["y"] * scale  # type: ignore[operator]
    if three_d:
        filled["z"] = before["z"] * scale  # type: ignore[operator]
    return sections[:missing[0]] + [filled] + sections[missing[0] + 1:]


def _widths_kept(sections: list[dict[str, object]]) -> list[dict[str, object]]:
    """3D sections with a height but no width taking the width of the section before (or, for the first, after):
    a duct whose width is said once keeps it ("a 50 mm wide duct: 10 mm high for 80 mm, then 25 mm high ...")."""
    widths = [s.get("z") for s in sections]
    out = []
    for k, s in enumerate(sections):
        if "z" not in s and "y" in s:
            near = [w for w in widths[k::-1] + widths[k:] if w is not None]
            s = {**s, "z": near[0]} if near else s
        out.append(s)
    return out


# one size said of the ducts on both sides of a chamber: "the inlet and outlet ducts are 1.5 cm high", "between two ducts"
_TWO_DUCTS = re.compile(r"\b(?:inlet|entry|upstream)\s+and\s+(?:outlet|exit|downstream|tail)\s+(?:ducts|pipes|channels|sections|tubes)"
                        r"|\b(?:between|joins?|connect\w*)\s+(?:the\s+)?two\s+(?:identical\s+|equal\s+|\w+\s+)?(?:ducts|pipes|channels|tubes)"
                        r"|\b(?:both|the\s+two)\s+(?:ducts|pipes|channels|tubes)\s+(?:are|each)\b", re.I)


def _chamber_between(text: str, sections: list[dict[str, object]]) -> list[dict[str, object]]:
    """Two sections read where the words give one size to the ducts on both sides of a chamber: the narrower one
    before and after the wider (the chamber), else the sections as read."""
    if len(sections) != 2 or not _TWO_DUCTS.search(text) or any(isinstance(v, tuple) for s in sections for v in s.values()):
        return sections
    duct, chamber = sorted(sections, key=lambda s: s["y"])  # type: ignore[arg-type,return-value]
    return [duct, chamber, dict(duct)] if duct["y"] < chamber["y"] else sections  # type: ignore[operator]


def read_sections(text: str, three_d: bool) -> list[dict[str, object]]:
    """The sections the text gives one after another (see the module doc), each a dict of slots: "x", "y", "z" a
    size or a (low, high) range, "py" the floor's y; [] when fewer than two complete sections are said."""
    sizes = _sizes(text, three_d)
    for candidate in (sizes, _lone_leading(text, sizes)):
        sections = _ratio_filled(text, _grouped(candidate), three_d)
        sections = _widths_kept(sections) if three_d else sections
        if _complete(sections, three_d):
            return _chamber_between(text, sections)
    sections = _paired(sizes)
    return sections if _complete(sections, three_d) else []


def _span(value: object, lo: float) -> tuple[float, float]:
    return value if isinstance(value, tuple) else (lo, lo + value)  # type: ignore[return-value,operator]


def placed_boxes(text: str, sections: list[dict[str, object]], three_d: bool) -> tuple[list[tuple[float, ...]], str]:
    """The sections as (x0, x1, y0, y1[, z0, z1]) in metres: x ranges as said, else end to end from the last; y as
    said (a range, or a floor), else stacked as the words align them; z (3D) as said, else centred on z = 0, or from
    z = 0 when a side wall is flush; with a sentence saying how they were placed."""
    xs, x = [], 0.0
    for s in sections:
        lo, hi = _span(s["x"], x)
        xs.append((round(lo, 12), round(hi, 12)))
        x = hi
    placed = next(((k, s) for k, s in enumerate(sections) if not isinstance(s["x"], tuple) and ("ex" in s or "sx" in s)), None)
    if placed is not None and not any(isinstance(s["x"], tuple) for s in sections):  # "a feed channel ending at x = 0"
        k, s = placed
        shift = s["ex"] - xs[k][1] if "ex" in s else s["sx"] - xs[k][0]  # type: ignore[operator]
        xs = [(round(a + shift, 12), round(b + shift, 12)) for a, b in xs]
    sizes = [(a, b, (s["y"][1] - s["y"][0]) if isinstance(s["y"], tuple) else s["y"]) for (a, b), s in zip(xs, sections)]
    centred = bool(CENTRED.search(text)) or (three_d and not _flush_floor(text))
    stacked, how = stack(sizes, text, centred)  # type: ignore[arg-type]
    boxes: list[tuple[float, ...]] = []
    for (a, b, y0, y1), s in zip(stacked, sections):
        if isinstance(s["y"], tuple):
            y0, y1 = s["y"]  # type: ignore[misc]
        elif "py" in s:
            y0, y1 = s["py"], s["py"] + s["y"]  # type: ignore[operator]
        elif "cy" in s:
            y0, y1 = s["cy"] - s["y"] / 2, s["cy"] + s["y"] / 2  # type: ignore[operator]
        box: tuple[float, ...] = (a, b, round(y0, 12), round(y1, 12))
        if three_d:
            z = s["z"]
            lo, hi = z if isinstance(z, tuple) else (0.0, z) if _SIDE_FLUSH.search(text) else (-z / 2, z / 2)  # type: ignore[misc,operator]
            box += (round(lo, 12), round(hi, 12))
        boxes.append(box)
    said = any(isinstance(s["y"], tuple) or "py" in s or "cy" in s for s in sections)
    if three_d:
        how = ("placed by their y and z ranges" if said else how) + (
            "; z from 0 (a side wall flush)" if _SIDE_FLUSH.search(text) else "; centred on z = 0")
    return boxes, ("placed by their y ranges" if said and not three_d else how)


def _flush_floor(text: str) -> bool:
    """The words put one wall of the sections in line (a flat floor or ceiling): not coaxial."""
    return bool(re.search(r"\b(?:bottom|floor|lower|top|ceiling|upper)s?(?:\s+walls?)?\s+(?:are\s+|is\s+|stays\s+)?"
                          r"(?:flush|aligned|flat|straight|in\s+line|shared)|\bflush\b|\bshare\s+the\s+(?:bottom|top|floor)",
                          text, re.I))


def duct_sections(text: str, three_d: bool) -> tuple[list[tuple[float, ...]], str] | None:
    """A duct of two to eight consecutive sections whose cross-section changes (boxes in 3D), and how they were
    placed; None when the words give no such duct (fewer than two sections, no change of section, a round duct or a
    solid body in it, parts that overlap or leave a gap along x)."""
    if _ROUND.search(text) or _BODIES.search(text):
        return None
    sections = read_sections(text, three_d)
    if not 2 <= len(sections) <= 8:
        return None
    boxes, how = placed_boxes(text, sections, three_d)
    if any(b[1] <= b[0] or b[3] <= b[2] or (three_d and b[5] <= b[4]) for b in boxes):
        return None
    ordered = sorted(boxes)
    if any(abs(p[1] - q[0]) > 1e-9 * max(1.0, abs(q[0])) for p, q in zip(ordered, ordered[1:])):
        return None  # not one after another
    if all(p[2:] == q[2:] for p, q in zip(boxes, boxes[1:])):
        return None  # one straight duct
    return boxes, f"{len(boxes)} sections in series, {how}"
