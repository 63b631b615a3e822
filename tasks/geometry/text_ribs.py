"""Ribs and bumps on a channel wall whose outline is said in words: a triangular rib (base and height, apex angle,
base range and apex point, isosceles or right-angled with its vertical face up- or downstream), a trapezoidal rib
(bottom and top widths), a semicircular (half-round) bump, a rib by its vertices, a square or rectangular rib, and
rows of them at a pitch ("five ribs every 50 mm from x = 0.2 m"). The words read here are the rib's own (the rib
segments of the request), so the channel's length and height are never taken from the rib's numbers; the spans
read are handed back to be kept out of the channel's sizes. Pure functions; metres.

The rib's outline is built in `shape_ribs` once the channel is sized (a height said as a part of the channel's
needs it)."""

from __future__ import annotations

import math
import re
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from tasks.core.errors import RequestError
from tasks.geometry.shape_body_place import body_x, x_list
from tasks.geometry.spec import NUM, UNIT, Point, unit_factor
from tasks.geometry.text_numbers import digits
from tasks.geometry.text_outlines import TRAPEZOID, right_triangle_outline, trapezoid_outline, wedge_outline
from tasks.geometry.text_points import find_points, vertices

Outline = Literal["triangle", "right_triangle", "trapezoid", "semicircle", "rectangle", "polygon"]
Reference = Literal["leading", "centre", "trailing", "apex"]
Wall = Literal["bottom", "top", "both"]

RIB_NOUN = re.compile(r"\b(?:ribs?|bumps?|ridges?|humps?|beads?|turbulators?|roughness\s+elements?"
                      r"|(?:half|semi|hemi)[- ]?cylinders?|semi[- ]?circles?)\b", re.I)
# what separates the rib's words from the channel's before its noun ("a 1 x 0.1 m channel with a triangular rib")
_LEAD = re.compile(r"\bwith\b|\bhas\b|\bhaving\b|\bcontaining\b|\bthere\s+(?:is|are)\b|\bwhere\b|,|:|\(|\)|\|")
# the channel the rib sits in, said after the rib's noun: its sizes are the channel's
_IN_CHANNEL = re.compile(r"\b(?:in|inside|within|along)\s+(?:a|an|the)\s+(?:[\w.-]+\s+){0,6}?(?:channel|duct|passage)\b", re.I)
# the mesh said in the rib's clause ("..., apex (0.32, 0.02), 5 mm cells"): not the rib's
_MESH_WORDS = re.compile(rf"(?<![\w.]){NUM}\s*(?:{UNIT})?\s*(?:-\s*)?(?:square\s+)?(?:cells?|mesh|grid)\b"
                         r"|\b(?:cell\s+size|mesh|grid|cells?|resolution)\b", re.I)
# a clause going on about the rib before it: its place or its sizes, without a noun of its own
_FOLLOWER = re.compile(r"\s*(?:(?:it|its|they|their|each|which|whose|base|bottom|top|height|width|radius|diameter|pitch"
                       r"|spacing|apex|crest)\b|the\s+(?:first|last|apex|base|crest|leading|trailing)\b"
                       rf"|{NUM}\s*{UNIT}\s*(?:-\s*)?(?:high|tall|wide|thick|long|radius|diameter|base|pitch)\b"
                       r"|(?:placed|located|positioned|cent(?:re|er)e?d|starting|at)\b"
                       rf"|{NUM}\s*{UNIT}\s+(?:from|downstream|after)\b"
                       r"|x\s*=)", re.I)
_OTHER_NOUN = re.compile(r"\b(?:channel|duct|inlet\s+(?:velocity|speed)|velocity|viscosity|solver|model|turbulen\w*|air|water"
                         r"|iterations?|time\s*step|end\s*time)\b", re.I)
# a rib's place said before its noun, in its own clause ("on its floor, 20 in from the entrance, sits a bump")
_PLACE_BEFORE = re.compile(rf"(?<![\w.]){NUM}\s*{UNIT}\s+(?:downstream\s+)?(?:from|of|after|behind)\s+(?:the\s+)?"
                           r"(?:inlet|entrance|entry|start)\b|\bat\s+x\s*=", re.I)
_CLAUSE_END = re.compile(r";|[.?!](?=\s|$)|\n")
_LEN = rf"({NUM})\s*({UNIT})"

_SEMICIRCLE = re.compile(r"\bsemi[- ]?circ\w*|\bhalf[- ]?(?:round|circ\w*|cylind\w*|disc|disk)\b"
                         r"|\b(?:semi|hemi)[- ]?cylind\w*|\bcircular[- ]arc\b|\brounded\s+(?:bump|rib)\b", re.I)
_RIGHT = re.compile(r"\bright[- ]?(?:angled?\s+)?(?:triang\w*|wedges?)\b|\bright[- ]?angled?\b|\bramps?\b", re.I)
_TRIANGLE = re.compile(r"\btriang\w*|\bwedges?\b|\bwedge[- ]shaped\b|\bisosceles\b|\bequilateral\b|\bdelta\b|\bapex\b"
                       r"|\bsaw[- ]?tooth\b", re.I)
_EDGE = re.compile(rf"\b(?:sides?|edges?)(?:\s+length)?\s*(?:of|=|:|is)?\s*{_LEN}|(?<![\w.]){_LEN}\s*(?:-\s*)?(?:sides?|edges?)\b",
                   re.I)
_RECTANGLE = re.compile(r"\bsquare\b|\brectang\w*|\bblock\b", re.I)
_BOTH = re.compile(r"\bboth\s+walls\b|\b(?:top|upper)\s+and\s+(?:the\s+)?(?:bottom|lower)\b"
                   r"|\b(?:bottom|lower)\s+and\s+(?:the\s+)?(?:top|upper)\b|\bfloor\s+and\s+(?:the\s+)?ceiling\b"
                   r"|\bceiling\s+and\s+(?:the\s+)?floor\b|\beach\s+wall\b", re.I)
_TOP = re.compile(r"\b(?:top|upper)\s+(?:wall|plate|surface|side)\b|\bceiling\b|\broof\b|\bhangs?\b|\bhanging\b", re.I)
_STAGGERED = re.compile(r"\bstaggered\b|\balternat\w*\b", re.I)

_LEADING = re.compile(r"\b(?:leading|front|upstream|windward)\s+(?:vertical\s+)?(?:edge|face|side|corner|toe|foot)\b"
                      r"|\b(?:starts?|starting|begins?|beginning)\b(?!\s+(?:at\s+)?(?:the\s+)?(?:inlet|entrance))", re.I)
_TRAILING = re.compile(r"\b(?:trailing|rear|back|downstream|leeward)\s+(?:vertical\s+)?(?:edge|face|side|corner|toe|foot)\b"
                       r"|\bends?\s+(?:at|\d)", re.I)
_APEX_AT = re.compile(rf"\b(?:apex|crest|peak|tip|summit)\s+(?:is\s+)?(?:(?:at|located|positioned|placed|lies)\b|{NUM}\s*{UNIT}\s+from)",
                      re.I)

# a rib height said as a part of the channel's: "rib height is 1/4 of the channel height", "e/H = 0.1",
# "a quarter of the channel height high", "10 % of the duct height"
_WORD_FRACTION = {"half": 0.5, "third": 1 / 3, "quarter": 0.25, "fourth": 0.25, "fifth": 0.2, "sixth": 1 / 6,
                  "eighth": 0.125, "tenth": 0.1, "twentieth": 0.05}
_FRACTION = (rf"(?P<f>\d+\s*/\s*\d+|{NUM}\s*(?:%|per\s*cent)|{NUM}(?!\s*(?:{UNIT}))"
             rf"|(?:a|an|one|1)\s+(?:{'|'.join(_WORD_FRACTION)})|half)")
_OF_HEIGHT = re.compile(rf"(?:\b(?:rib\s+|bump\s+)?(?:height|e)\s*(?:is|of|=|:|equal\s+to)?\s*(?:about\s+)?)?{_FRACTION}\s+"
                        r"(?:of\s+|times\s+)?(?:the\s+)?(?:channel|duct|passage)(?:'s)?\s+height(?:\s+(?:high|tall))?"
                        rf"|\be\s*/\s*H\s*(?:=|:|is)\s*(?P<r>{NUM})", re.I)

_PITCH = re.compile(rf"\bpitch(?:\s+of)?\s*(?:=|:|is)?\s*(?:about\s+)?{_LEN}|\bevery\s+{_LEN}"
                    rf"|(?<![\w.]){_LEN}\s+(?:pitch|apart|on\s+cent(?:re|er)s|cent(?:re|er)[- ]to[- ]cent(?:re|er))"
                    rf"|\bspac(?:ed|ing)\s+(?:of\s+|at\s+|=\s*|is\s+)?{_LEN}|(?<![\w/])p\s*=\s*{_LEN}", re.I)
_PITCH_RATIO = re.compile(r"\b(?:p\s*/\s*e|pitch[- ]to[- ](?:rib[- ])?height(?:\s+ratio)?|pitch\s+ratio)"
                          rf"\s*(?:of|=|:|is)?\s*({NUM})", re.I)
_COUNT = re.compile(rf"(?<![\w.])(\d+)\s+(?!(?:{UNIT})\b)(?:[\w-]+\s+){{0,3}}?"
                    r"(?:ribs|bumps|ridges|humps|turbulators|roughness\s+elements)\b"
                    r"|\b(?:row|series|array|set)\s+of\s+(\d+)\b", re.I)
_ROW_END = re.compile(rf"\b(?:from|between)\s+x\s*=\s*{_LEN}?\s*(?:to|and|-|\.\.)\s*(?:x\s*=\s*)?{_LEN}", re.I)
_BASE_RANGE = re.compile(rf"\bbase\b[^\d;]{{0,40}}?(?:\b(?:from|between)\s+)?\bx\s*(?:=|:)?\s*({NUM})\s*({UNIT})?"
                         rf"\s*(?:\.\.|to|and|-|–)\s*(?:x\s*=\s*)?({NUM})\s*({UNIT})?", re.I)
_APEX_POINT = re.compile(r"\b(?:apex|tip|peak|crest|top\s+(?:vertex|corner|point))\b[^;|()]{0,30}(\([^()]*\)(?:\s*[a-z]+)?)",
                         re.I)


ADJECTIVE = {"triangle": "triangular", "right_triangle": "right-angled triangular", "trapezoid": "trapezoidal",
             "semicircle": "semicircular", "rectangle": "rectangular", "polygon": "polygonal"}
_EXAMPLE = {"triangle": "'base 10 mm, height 5 mm' or 'rib height is 1/4 of the channel height'",
            "semicircle": "'radius 8 mm' or 'a 16 mm diameter half-round bump'",
            "trapezoid": "'bottom width 12 mm, top width 4 mm, height 5 mm'"}
_NEEDS = {"triangle": "its base and height (or apex angle)", "right_triangle": "its length along the wall and its height",
          "trapezoid": "its bottom and top widths and its height", "semicircle": "its radius or diameter"}
_APEX_ANGLE = re.compile(rf"\b(?:apex|included|vertex|opening|wedge)\s+angle\s*(?:of|=|:|is)?\s*({NUM})\s*(?:°|degrees?\b|deg\b)"
                         rf"|({NUM})\s*(?:°|degrees?\b|deg\b)\s*(?:-\s*)?(?:apex|included|wedge)", re.I)


class RibRow(BaseModel):
    """What the words say about a channel's ribs: their outline and its sizes (metres), the wall they stand on, where
    the first one is (the x of its `reference`), how many and at what pitch; `height_fraction` a rib height said
    as a part of the channel's; `spans` the characters of the request read for them."""

    model_config = ConfigDict(extra="forbid")

    outline: Outline
    words: str
    wall: Wall = "bottom"
    sizes: dict[str, float] = Field(default_factory=dict)
    vertices: list[Point] | None = None
    height_fraction: float | None = None
    at: float | None = None
    positions: list[float] | None = None  # each rib's x (of its reference), when the words list them
    reference: Reference = "centre"
    count: int = Field(1, ge=1)
    pitch: float | None = None
    pitch_ratio: float | None = None
    spans: list[tuple[int, int]] = Field(default_factory=list)


def rib_segments(text: str) -> list[tuple[int, int]]:
    """The spans of the request's words about its ribs: from each rib noun's phrase (after "with", "has", a comma,
    a table cell's bar) to the end of its clause, without a channel said after it ("in a 1 m channel")."""
    out: list[tuple[int, int]] = []
    for m in RIB_NOUN.finditer(text):
        if out and m.start() < out[-1][1]:
            continue
        clause_start = max((c.end() for c in _CLAUSE_END.finditer(text, 0, m.start())), default=0)
        end_m = _CLAUSE_END.search(text, m.end())
        end = _with_followers(text, end_m.start() if end_m else len(text))
        leads = [d.end() for d in _LEAD.finditer(text, clause_start, m.start())]
        start = leads[-1] if leads else clause_start
        before = text[clause_start:start]
        if _PLACE_BEFORE.search(before) and not _OTHER_NOUN.search(before):
            start = clause_start  # "on its floor, 20 inches from the entrance, sits a bump": its place said first
        stops = [s.start() for s in (_IN_CHANNEL.search(text, m.end(), end), _MESH_WORDS.search(text, m.end(), end)) if s]
        out.append((start, min(stops, default=end)))
    return out


def _with_followers(text: str, end: int) -> int:
    """The end of a rib's words taken on over the clauses after it that only go on about it ("; its leading edge
    0.2 m from the inlet", ". It is 5 mm high")."""
    while end < len(text):
        nxt = _CLAUSE_END.search(text, end + 1)
        stop = nxt.start() if nxt else len(text)
        clause = text[end + 1:stop]
        if not _FOLLOWER.match(clause) or RIB_NOUN.search(clause) or _OTHER_NOUN.search(clause):
            return end
        end = stop
    return end


def _outline(words: str) -> Outline | None:
    """The rib's outline the words name (vertices given: a polygon), or None when they name none."""
    if len(vertices(words) or []) >= 3:
        return "polygon"
    if _SEMICIRCLE.search(words):
        return "semicircle"
    if TRAPEZOID.search(words):
        return "trapezoid"
    if _RIGHT.search(words):
        return "right_triangle"
    if _TRIANGLE.search(words):
        return "triangle"
    if _RECTANGLE.search(words) or re.search(r"\b(?:wide|thick|thickness|width)\b", words, re.I):
        return "rectangle"
    return None


def _fraction(m: re.Match[str]) -> float | None:
    """The part of the channel's height an `_OF_HEIGHT` match says ("1/4", "10 %", "a tenth", "e/H = 0.1")."""
    if m.group("r"):
        return float(m.group("r"))
    f = re.sub(r"\s+", " ", m.group("f").lower())
    if "/" in f:
        top, bottom = (float(v) for v in f.split("/"))
        return top / bottom if bottom else None
    if "%" in f or "per" in f:
        return float(re.match(NUM, f).group(0)) / 100  # type: ignore[union-attr]
    word = f.split()[-1]
    if word in _WORD_FRACTION:
        return _WORD_FRACTION[word]
    value = float(f)
    return value if 0 < value < 1 else None


def _length(m: re.Match[str], first: int) -> float:
    """Metres of the first (number, unit) group pair from group `first` on that the match filled."""
    value, unit = next((m.group(i), m.group(i + 1)) for i in range(first, m.re.groups, 2) if m.group(i) is not None)
    return float(value) * unit_factor(unit)


def _sizes(outline: Outline, words: str, wall: str) -> dict[str, float]:
    """The rib's sizes the words give, by its outline: base and height (triangles), base, top and height
    (trapezoids), radius (semicircles), width and height (rectangles)."""
    side = "top" if wall == "top" else "bottom"
    if outline == "triangle" and re.search(r"\bequilateral\b", words, re.I) and (edge := _EDGE.search(words)):
        return {"base": _length(edge, 1), "height": _length(edge, 1) * math.sqrt(3) / 2}
    if outline == "triangle":
        found = wedge_outline(words, side)
        return dict(found[1]) if found else _plain_sizes(words)
    if outline == "right_triangle":
        found = right_triangle_outline(words, side)
        return {"base": found[1]["length"], "height": found[1]["height"]} if found else _plain_sizes(words)
    if outline == "trapezoid":
        found = trapezoid_outline(words, side)
        return dict(found[1]) if found else _plain_sizes(words)
    if outline == "semicircle":
        m = re.search(rf"\bradius\s*(?:of|=|:|is)?\s*(?:about\s+)?{_LEN}|(?<![\w.]){_LEN}\s*(?:-\s*)?radius\b"
                      rf"|\bdiameter\s*(?:of|=|:|is)?\s*(?:about\s+)?{_LEN}|(?<![\w.]){_LEN}\s*(?:-\s*)?diameter\b", words, re.I)
        if m:
            r = _length(m, 1)
            return {"radius": r / 2 if m.group(5) or m.group(7) else r}
        plain = _plain_sizes(words)
        r = plain.get("height") or (plain["base"] / 2 if "base" in plain else None)
        return {"radius": r} if r else {}
    return _plain_sizes(words)


def _plain_sizes(words: str) -> dict[str, float]:
    """A rib's base (width along the wall) and height said plainly: "10 mm wide", "width 5 mm", "5 mm thick",
    "base 1 cm", "height 5 mm", "4 mm high", "e = 4 mm"."""
    out: dict[str, float] = {}
    wide = re.search(rf"\b(?:base|width|thickness|w)\s*(?:of|=|:|is)?\s*(?:about\s+)?{_LEN}"
                     rf"|(?<![\w.]){_LEN}\s*(?:-\s*)?(?:wide|thick|base|in\s+width)\b",
                     words, re.I)
    high = re.search(rf"\b(?:height|e|h)\s*(?:of|=|:|is)?\s*(?:about\s+)?{_LEN}"
                     rf"|(?<![\w.]){_LEN}\s*(?:-\s*)?(?:high|tall|in\s+height)\b",
                     words, re.I)
    if wide:
        out["base"] = _length(wide, 1)
    if high:
        out["height"] = _length(high, 1)
    square = re.search(rf"(?<![\w.]){_LEN}\s*(?:-\s*)?square\b|\bsquare\b[^;]*?\bside\s*(?:of|=|:)?\s*{_LEN}"
                       rf"|\bsquare\s+(?:\w+\s+)?(?:of\s+)?(?:side\s+)?{_LEN}"
                       r"(?!\s*(?:-\s*)?(?:high|tall|wide|thick|long|apart|pitch))", words, re.I)
    if square:
        side = _length(square, 1)
        out.setdefault("base", side)
        out.setdefault("height", side)
    if re.search(r"\bsquare\b", words, re.I) and len(out) == 1:
        out = {"base": next(iter(out.values())), "height": next(iter(out.values()))}
    return out


def _reference(words: str) -> Reference:
    """Which point of the rib its place is said of: its leading or trailing edge, its apex, else its centre."""
    if _LEADING.search(words):
        return "leading"
    if _TRAILING.search(words):
        return "trailing"
    if _APEX_AT.search(words):
        return "apex"
    return "centre"


def _count(words: str, plural: bool) -> int | None:
    """How many ribs the words count ("five ribs", "a row of 6"); one for a rib said in the singular."""
    m = _COUNT.search(words)
    if m:
        return int(m.group(1) or m.group(2))
    return None if plural else 1


def read_ribs(text: str) -> RibRow | None:
    """The ribs the request's rib segments describe, or None when it names no rib with an outline (or names square
    or rectangular ribs the words do not size or count, left to the readers of wall bodies). Raises RequestError
    when it names ribs of another outline without their sizes, or a row of them without its count or pitch."""
    spans = rib_segments(text)
    if not spans:
        return None
    words = digits(", ".join(text[a:b] for a, b in spans))
    outline = _outline(words)
    if outline is None:
        return None
    try:
        return _read_row(outline, words, spans)
    except RequestError:
        if outline == "rectangle":
            return None
        raise


def _read_row(outline: Outline, words: str, spans: list[tuple[int, int]]) -> RibRow:
    """`read_ribs` for ribs of a known outline."""
    wall: Wall = "both" if _BOTH.search(words) else "top" if _TOP.search(words) else "bottom"
    fraction_m = _OF_HEIGHT.search(words)
    fraction = _fraction(fraction_m) if fraction_m else None
    sized = words.replace(fraction_m.group(0), " ") if fraction_m else words
    row = RibRow(outline=outline, words=words, wall=wall, height_fraction=fraction, spans=spans,
                 reference=_reference(sized))
    sized = _read_placed_points(row, sized)
    row.sizes = {**_sizes(outline, sized, wall), **row.sizes}
    if not row.sizes and row.vertices is None and fraction is None:
        noun = RIB_NOUN.search(words).group(0).lower()  # type: ignore[union-attr]
        raise RequestError(f"geometry refused: the {ADJECTIVE[outline]} {noun} is not sized: give "
                           f"{_NEEDS.get(outline, 'its width and height')}, e.g. {_EXAMPLE.get(outline, _EXAMPLE['triangle'])}")
    _check_apex_angle(sized, row.sizes)
    xs = x_list(sized)
    if row.at is None and len(xs) >= 2:  # "three ribs at x = 0.2, 0.4 and 0.6 m"
        row.positions = xs
    elif row.at is None:
        row.at = body_x(sized)
    _read_count(row, words, sized)
    return row


def _read_placed_points(row: RibRow, sized: str) -> str:
    """Fill in the rib's vertices, its base range ("base x = 0.30..0.34 m") or apex point ("apex (0.32, 0.02)");
    the words without them."""
    base = _BASE_RANGE.search(sized)
    apex = _APEX_POINT.search(sized)
    if row.outline == "polygon":
        row.vertices = vertices(sized)
    elif base:
        x0, x1 = sorted(float(base.group(i)) * unit_factor(base.group(u) or base.group(4) or base.group(2))
                        for i, u in ((1, 2), (3, 4)))
        row.sizes["base"], row.at, row.reference = x1 - x0, x0, "leading"
        sized = sized.replace(base.group(0), " ")
    if apex and row.vertices is None and find_points(apex.group(1)):
        ax, ay = _unit_point(apex.group(1))
        row.sizes["apex_x"], row.sizes["apex_y"] = ax, ay
        if base is None:  # placed by its apex: "apex at (0.32, 0.02)"
            row.at, row.reference = ax, "apex"
        sized = sized.replace(apex.group(0), " ")
    return sized


def _read_count(row: RibRow, words: str, sized: str) -> None:
    """How many ribs and at what pitch (in `row`); refuses a row not counted or without its pitch."""
    plural = bool(re.search(r"\b(?:ribs|bumps|ridges|humps|turbulators|elements)\b", words, re.I))
    pitch = _PITCH.search(sized)
    row.pitch = _length(pitch, 1) if pitch else None
    ratio = _PITCH_RATIO.search(sized)
    row.pitch_ratio = float(ratio.group(1)) if ratio else None
    count = _count(words, plural)
    if row.positions:
        if count is not None and count != len(row.positions):
            raise RequestError(f"geometry refused: {count} ribs but {len(row.positions)} places given for them: give "
                               "one place per rib")
        row.count = len(row.positions)
        return
    if count is None and (row.pitch or row.pitch_ratio):
        count = _count_in_range(sized, row.pitch)
    if count is None:
        raise RequestError("geometry refused: the ribs are not counted: say how many ribs there are ('five ribs "
                           "every 50 mm from x = 0.2 m') or where the row ends ('ribs every 50 mm from x = 0.2 to 0.5 m')")
    row.count = count
    if count > 1 and row.pitch is None and row.pitch_ratio is None:
        raise RequestError(f"geometry refused: {count} ribs without a pitch: say how far apart they are "
                           "('at a pitch of 50 mm', 'every 5 cm', 'p/e = 10')")
    if count > 1 and _STAGGERED.search(words):
        raise RequestError("geometry refused: staggered ribs of this outline are not built: give each rib's place, "
                           "or ribs on one wall")


def _check_apex_angle(words: str, sizes: dict[str, float]) -> None:
    """Refuse a triangle whose apex angle, base and height are all said and disagree (which to keep is the user's
    choice, not ours)."""
    m = _APEX_ANGLE.search(words)
    if not m or "base" not in sizes or "height" not in sizes:
        return
    said = float(m.group(1) or m.group(2))
    made = 2 * math.degrees(math.atan(sizes["base"] / 2 / sizes["height"]))
    if abs(made - said) > 0.02 * said:
        raise RequestError(f"geometry refused: the rib's apex angle {said:g} degrees disagrees with its base "
                           f"{sizes['base']:g} m and height {sizes['height']:g} m (which make {made:.3g} degrees): "
                           "give two of the three")


def _unit_point(words: str) -> Point:
    """The (x, y) point in `words` in metres: "(0.32, 0.02) m", "(32, 2) cm", "(320 mm, 20 mm)"."""
    found = vertices(f"points {words}")
    return found[0] if found else find_points(words)[0]


def _count_in_range(words: str, pitch: float | None) -> int | None:
    """How many ribs a row "every 50 mm from x = 0.2 to 0.5 m" holds (both ends), when the pitch divides it."""
    m = _ROW_END.search(words)
    if not m or not pitch:
        return None
    unit = m.group(4)
    x0 = float(m.group(1)) * unit_factor(m.group(2) or unit)
    x1 = float(m.group(3)) * unit_factor(unit)
    steps = (x1 - x0) / pitch
    return int(round(steps)) + 1 if steps > 0 and abs(steps - round(steps)) < 1e-6 else None
