"""A thin internal wall attached to one boundary of a 2D channel, tank or cavity, from a request's words: a baffle
hanging from the lid down to a given level ("hangs from the top between x = 0.5 and 0.54 m, down to y = 0.4 m", "a
plate 4 cm thick hanging from the lid, its left face 50 cm from the inlet wall and its lower edge 40 cm above the
floor"), a partition standing on the floor ("5 mm thick, 50 mm high, on the floor at x 47.5..52.5 mm"), a fin from a
side wall, or a divider from an end wall that splits a channel into two legs (a hairpin or U-turn: "a 10 mm divider
on the centreline from x = 0 to 900 mm", inlet on the lower leg and outlet on the upper leg of the same end).

The body's words (its clause and those that go on about it) are read for where it is and how far it stands out; the
rest of the text, without them, is the domain's (its sizes, cells, wall temperatures), read by the caller's parser.
Why: the body's numbers read as the domain's give another cavity, and a body dropped or refused is another flow.
Pure functions; metres."""

from __future__ import annotations

import re
from typing import Any, Callable, Literal

from pydantic import BaseModel, ConfigDict

from tasks.geometry.spec import NUM, UNIT, unit_factor
from tasks.geometry.text_sections import blank
from tasks.geometry.text_words import plain_lengths

Wall = Literal["top", "bottom", "left", "right"]

_NOUN = re.compile(rf"\b(?P<noun>baffle|partition|divider|plate|fin|splitter|vane)s?\b"
                   rf"|\b(?:split|divided|separated)\s+by\s+an?\s+(?:[^,;.]{{0,30}}?\s)?(?P<wall>wall)\b", re.I)
_PLURAL = re.compile(r"\b(?:two|three|four|five|several|\d+)\s+(?:[\w.-]+\s+){0,3}?(?:baffles|partitions|dividers|plates|fins)\b",
                     re.I)
_L = rf"({NUM})\s*({UNIT})?"
_TOP = r"top(?:\s+wall)?|ceiling|roof|lid|upper\s+wall"
_BOTTOM = r"floor|bottom(?:\s+wall)?|base|lower\s+wall|bed"
_U_TURN = re.compile(r"\b(?:hairpin|u[- ]?(?:turn|bend|shaped)|180[- ]?(?:degree|deg|°)\s*(?:turn|bend|return)|turn[- ]?around"
                     r"|return\s+(?:leg|channel|bend)|two[- ]pass)\b|\b(?:lower|bottom)\s+leg\b.*\b(?:upper|top)\s+leg\b"
                     r"|\bsame\s+(?:left\s+|right\s+)?end\b"
                     r"|\b(?:inlet|inflow|enters|in)\b[^.;]{0,60}?\b(?P<e>left|right)\s+end\b[^|]*?\b(?:outlet|outflow|exits|leaves|out)\b"
                     r"[^.;]{0,60}?\b(?P=e)\s+end\b", re.I | re.S)
_VESSEL = re.compile(r"\b(?:tank|vessel|container|enclosure|box|chamber|reservoir|basin)\b", re.I)
_BARE_SIDE = re.compile(rf"\b(?:cavity|enclosure|box)\s+(?:square\s+)?(?:of\s+)?(?:side\s+)?{_L}"
                        rf"(?!\s*(?:-\s*)?(?:x|by|long|high|wide|tall)\b)",
                        re.I)
# a U-turn fed through its upper leg: "inlet on the upper leg", "enters through the top half", "outlet on the lower leg"
_LEG = r"(?:upper|top)\s+(?:leg|half|passage|branch|part|channel)"
_IN_WORDS = r"inlet|inflow|enters?|entering|(?:comes?|flows?|goes)\s+in"
_OUT_WORDS = r"outlet|outflow|exits?|exiting|leaves|leaving|(?:comes?|flows?|goes)\s+out"
_UPPER_INLET = re.compile(rf"\b(?:{_IN_WORDS})\b(?:(?!\b(?:{_OUT_WORDS})\b)[^.;|]){{0,50}}?\b{_LEG}\b"
                          rf"|\b(?:{_OUT_WORDS})\b(?:(?!\b(?:{_IN_WORDS})\b)[^.;|]){{0,50}}?\b(?:lower|bottom)\s+"
                          rf"(?:leg|half|passage|branch|part|channel)\b", re.I)
_SENTENCE = re.compile(r"(?<=[.?!])\s+(?=[A-Z0-9|])|;|\n")
# a fragment that is about the domain or the flow, not the body: it ends the body's words
_OTHER = re.compile(r"\b(?:cavity|tank|channel|duct|enclosure|box|domain|passage|container|mesh|cells?|grid)\b|\d\s*(?:K|°\s*[CF]|F|C)\b"
                    r"|\b(?:hot|cold|heated|cooled|inlet|outlet|inflow|outflow|velocity|water|air|fluid)\b(?!\s+(?:wall|face|end))",
                    re.I)
_FOLLOW = re.compile(r"^\s*(?:it|its|it's|his|this|the\s+(?:baffle|partition|divider|plate|fin)|(?:left|right|lower|upper|bottom|top)"
                     r"\s+(?:face|edge)|thickness|height|position|\d)", re.I)


class Partition(BaseModel):
    """A rectangle attached to `wall` of a `length` x `height` domain: its span along that wall (`lo`..`hi`) and how far
    it stands out of it (`reach`)."""

    model_config = ConfigDict(extra="forbid")

    name: str
    wall: Wall
    lo: float
    hi: float
    reach: float

    def box(self, length: float, height: float) -> tuple[float, float, float, float]:
        """x0, y0, x1, y1 in the domain's own coordinates (x 0..length, y 0..height)."""
        return {"bottom": (self.lo, 0.0, self.hi, self.reach), "top": (self.lo, height - self.reach, self.hi, height),
                "left": (0.0, self.lo, self.reach, self.hi), "right": (length - self.reach, self.lo, length, self.hi)}[self.wall]


def _metres(value: str, unit: str | None, fallback: str | None = None) -> float:
    return float(value) * unit_factor(unit or fallback)


_LEG_RANGES = re.compile(r"(?:[^.;\n]|\.\d)*?\b(?:inlet|outlet|inflow|outflow|enters|leaves|exits)\b(?:[^.;\n]|\.\d)*?\by\s*="
                         r"(?:[^.;\n]|\.\d)*", re.I)


def _fragment(sentence: str, noun: re.Match[str], lead: int) -> tuple[int, int]:
    """The words of one mention of the body in `sentence`: from the comma, 'with' or colon before its noun (not before
    `lead`, the end of its last mention) to the next fragment about the domain (after a comma or a colon)."""
    before = sentence[:noun.start()]
    marks = [m.end() for m in re.finditer(r"\bwith\b|\bcontains\b|\bthere\s+is\b|:|\|", before, re.I)]
    start = max([lead, *marks])
    commas = [m.end() for m in re.finditer(r",", before) if m.end() > start]
    if commas and (lead or any(_OTHER.search(piece) for piece in before[start:].split(",")[:-1])):
        start = commas[-1]  # "a 0.5 in wide, 4 in high partition" keeps its sizes; "cavity 0.1 m, a fin" does not
    head = sentence[start:noun.start()]
    split = re.search(r"\b(?:split|divided|separated|partitioned)\b", head, re.I)
    if split:  # "a 1 m x 0.2 m rectangle split along y = 0.1 m by a partition": the body's words start at the split
        start, head = start + split.start(), head[split.start():]
    elif _OTHER.search(head) and not re.search(r"\b(?:wall|end)\b", head, re.I):
        start = noun.start() - len(re.search(r"(?:\b(?:an?|the)\s+(?:[\w.]+\s+){0,4})?$", head).group(0))
    stop = len(sentence)
    for comma in re.finditer(r"[,:]", sentence[noun.end():]):
        rest = sentence[noun.end() + comma.end():]
        piece = re.split(r"[,:]", rest, maxsplit=1)[0]
        if _OTHER.search(piece) and not _NOUN.search(piece) and not re.search(r"\b(?:its|his|it)\b", piece, re.I):
            stop = noun.end() + comma.start()
            break
    return start, stop


def body_spans(text: str) -> list[tuple[int, int]]:
    """The spans of `text` that are about one attached body: the fragment naming it (from the comma, 'with' or
    sentence start before its noun to the next fragment about the domain) and the sentences that go on about it."""
    if _PLURAL.search(text):
        return []
    spans: list[tuple[int, int]] = []
    bounds = [0] + [m.end() for m in _SENTENCE.finditer(text)] + [len(text)]
    last = False
    for a, b in zip(bounds, bounds[1:]):
        sentence = text[a:b]
        noun = _NOUN.search(sentence)
        if noun is None:
            if last and _FOLLOW.search(sentence) and not _OTHER.search(sentence):
                spans.append((a, b))
            else:
                last = False
            continue
        done = 0  # the body said again later in the sentence ("..., plate along the centreline from the inlet to x = 0")
        for noun in _NOUN.finditer(sentence):
            if noun.start() < done:
                continue
            start, stop = _fragment(sentence, noun, done)
            spans.append((a + start, a + stop))
            done = stop
        last = True
    return spans


def _ranges(words: str, axis: str) -> list[tuple[float, float, tuple[int, int]]]:
    """'x = a to b', 'between x = a and b', 'x from a to b', 'x range: a to b', 'x a..b', 'from x = a to x = b'."""
    out = []
    pat = re.compile(rf"(?:\bbetween\s+|\bfrom\s+)?(?<![\w.]){axis}(?:\s*(?:=|range|from|:|between))*\s*{_L}\s*"
                     rf"(?:to|and|\.\.|-|–)\s*(?:{axis}\s*=\s*)?{_L}", re.I)
    for m in pat.finditer(words):
        a, b = _metres(m.group(1), m.group(2), m.group(4)), _metres(m.group(3), m.group(4))
        out.append((min(a, b), max(a, b), m.span()))
    return out


def _find(words: str, patterns: list[str]) -> tuple[float, tuple[int, int]] | None:
    for p in patterns:
        m = re.search(p, words, re.I)
        if m:
            return _metres(m.group("v"), m.group("u")), m.span()
    return None


_V = rf"(?P<v>{NUM})\s*(?P<u>{UNIT})?"
# a body attached at the inlet end: "from the inlet to x = 0.1 m", "starts at the inlet", "divides the inlet"
_AT_INLET = (r"\b(?:from|at|on)\s+the\s+(?:inlet|entrance|inflow)(?:\s+(?:plane|end|face|boundary))?\b(?!\s+(?:wall|side)\b)"
             r"|\b(?:divides?|splits?|separates?)\s+the\s+(?:inlet|inflow|entrance|incoming)")
# a coordinate or a range of one: "x = -0.1", "y 0.018..0.022", "from y = 0.018 m to y = 0.022 m"
_COORD = re.compile(rf"\b(?P<axis>[xy])(?P<link>\s*(?:=|:)?\s*)(?P<a>{NUM})(?P<ua>\s*{UNIT})?"
                    rf"(?:(?P<sep>\s*(?:\.\.|…|–|\bto\b|\band\b)\s*)(?P<ax2>[xy]\s*=\s*)?(?P<b>{NUM})(?P<ub>\s*{UNIT})?)?(?![\w.])",
                    re.I)


def _shifted(words: str, origin: tuple[float, float]) -> str:
    """The words with their x and y coordinates moved into the domain's own (its lower left corner at 0, 0), in metres."""
    if not any(origin):
        return words

    def moved(m: re.Match[str]) -> str:
        k = 0 if m.group("axis").lower() == "x" else 1
        unit = (m.group("ub") or m.group("ua") or "").strip() or None
        first = f"{m.group('axis')}{m.group('link')}{float(m.group('a')) * unit_factor((m.group('ua') or '').strip() or unit) - origin[k]:.12g} m"
        if m.group("b") is None:
            return first
        second = float(m.group("b")) * unit_factor(unit) - origin[k]
        return f"{first}{m.group('sep')}{m.group('ax2') or ''}{second:.12g} m"

    return _COORD.sub(moved, words)


def _wall(words: str, u_turn: bool, hot: str) -> Wall | None:
    """The boundary the body is attached to: the lid it hangs from, the floor it stands on, the side or end wall it
    stands out of (a heated cavity's hot wall on its `hot` side, the cold one opposite). Places measured from a wall
    ("30 mm from the top", "40 cm above the floor") say where it is, not what holds it."""
    plain = re.sub(rf"(?<!out\s)(?<!\bprotrudes\s)(?<!\bextends\s)(?<!\bprojects\s)(?<![\w.])"
                   rf"{_V}\s+(?:from|above|below|off|under|right\s+of|left\s+of)\s+(?:the\s+)?[\w-]+(?:\s+(?:end\s+)?wall)?",
                   " ", words, flags=re.I)
    if re.search(rf"\b(?:hangs?|hanging|hung|suspended)\b|\b(?:from|to|on)\s+the\s+(?:{_TOP})\b|\bdown(?:wards?)?\s+(?:to|until)\b"
                 rf"|\bdownwards?\b|\b(?:lower|bottom)\s+edge\b", plain, re.I):
        return "top"
    if re.search(rf"\b(?:on|from)\s+(?:the\s+)?(?:{_BOTTOM})\b|\bstand(?:s|ing)?\b(?!\s+out)|\brises?\b|\brising\b"
                 rf"|\bfloor\s+(?:partition|baffle|fin|plate)\b", plain, re.I):
        return "bottom"
    side = re.search(r"\b(?P<s>left|right)(?:[- ]hand)?\s+(?:end\s+)?(?:wall|end|side)\b|\b(?P<hc>hot|cold|heated|cooled)\s+wall\b",
                     plain, re.I)
    if side and side.group("s"):
        return "left" if side.group("s").lower() == "left" else "right"
    if side:
        heated = side.group("hc").lower() in ("hot", "heated")
        near = hot if heated else {"left": "right", "right": "left", "bottom": "top", "top": "bottom"}.get(hot, "right")
        return near if near in ("top", "bottom", "left", "right") else None  # type: ignore[return-value]
    if u_turn or re.search(r"\bcent(?:re|er)[- ]?line\b|\bfrom\s+x\s*=\s*0\b(?!\.\d*[1-9])|" + _AT_INLET, plain, re.I):
        return "left"
    return None


def read_partition(words: str, length: float, height: float, u_turn: bool, hot: str = "left") -> Partition | None:
    """The body the words attach to a wall of a `length` x `height` domain; None when a size or its place is missing."""
    m = _NOUN.search(words)
    if m is None:
        return None
    name = (m.group("noun") or "divider").lower()
    wall = _wall(words, u_turn, hot)
    if wall is None:
        return None
    along, across = ("x", "y") if wall in ("top", "bottom") else ("y", "x")
    span_along = length if along == "x" else height
    span_across = height if across == "y" else length
    used: list[tuple[int, int]] = []

    def take(found: tuple[float, tuple[int, int]] | None) -> float | None:
        if found is None:
            return None
        used.append(found[1])
        return found[0]

    lo = hi = reach = None
    for a, b, sp in _ranges(words, along):
        lo, hi = a, b
        used.append(sp)
        break
    for a, b, sp in _ranges(blank(words, used), across):
        far = span_across * (1 - 1e-9)
        if a > 1e-12 and b < far and wall in ("left", "right"):
            return None  # "from x = 0.05 to x = 0.1 m" inside the domain: a body standing free, on no end wall
        if wall in ("left", "right") and (a <= 1e-12) != (b >= far):  # the range says which end it stands on
            wall = "left" if a <= 1e-12 else "right"
        if wall in ("bottom", "left") and a <= 1e-12:
            reach = b
        elif wall in ("top", "right") and b >= far:
            reach = b - a
        elif wall == "top":  # "y 0.4 to 0.6 m" in a 0.6 m tall tank, or its lower edge only
            reach = height - a
        if reach is not None:
            used.append(sp)
        break
    plain = blank(words, used)
    # the level its free edge reaches: "down to y = 0.4 m", "lower edge 40 cm above the floor", "ends 0.3 m above the bottom"
    if reach is None and wall == "top":
        level = take(_find(plain, [rf"\bdown(?:wards?)?\s+(?:to|until|till|as\s+far\s+as)\s+"
                                   rf"(?:a\s+height\s+of\s+|y\s*=\s*|the\s+level\s+)?{_V}",
                                   rf"\b(?:lower|bottom)\s+edge\b[^.;,]*?(?:y\s*=\s*|at\s+|is\s+|:\s*)?{_V}",
                                   rf"{_V}\s+(?:above|from|off)\s+(?:the\s+)?(?:{_BOTTOM})",
                                   rf"\bends?\s+(?:at\s+)?(?:y\s*=\s*)?{_V}",
                                   rf"\breach(?:es|ing)?\s+(?:down\s+)?(?:to\s+)?y\s*=\s*{_V}"]))
        if level is not None:
            reach = height - level
    if reach is None and wall == "bottom":
        reach = take(_find(plain, [rf"\b(?:up\s+to|top\s+edge\b[^.;,]*?|reach(?:es|ing)?\s+(?:up\s+)?(?:to\s+)?(?=y))"
                                   rf"\s*(?:y\s*=\s*|at\s+)?{_V}"]))
    if reach is None and wall in ("left", "right"):  # its free end: "to x = 0.9 m", "out to 1.7 m", "from x = 0.15 m"
        end = take(_find(plain, [rf"\b(?:to|until|as\s+far\s+as)\s+x\s*=\s*{_V}", rf"\bout\s+to\s+(?:x\s*=\s*)?{_V}"]))
        if end is None:
            wall_x = 0.0 if wall == "left" else length
            for m in re.finditer(rf"(?<![\w.])x\s*=\s*{_V}", plain, re.I):
                if abs(_metres(m.group("v"), m.group("u")) - wall_x) > 1e-9 * length:
                    end = take((_metres(m.group("v"), m.group("u")), m.span()))
                    break
        if end is not None:
            reach = end if wall == "left" else length - end
    plain = blank(words, used)
    thick = take(_find(plain, [rf"{_V}\s*(?:-\s*)?(?:thick|wide)\b", rf"\b(?:thickness|width)\b\s*(?:of|is|:|=)?\s*{_V}",
                               rf"\b(?:thick|wide)\b\s*(?:of|is|:|=)?\s*{_V}",
                               rf"{_V}\s+(?:[\w-]+\s+){{0,2}}?(?:baffle|partition|divider|plate|fin|wall)\b"]))
    plain = blank(words, used)
    if reach is None:
        reach = _reach(plain, used)
    plain = blank(words, used)
    if lo is None:
        if thick is None:
            return None
        place = _place(plain, along, span_along)
        if place is None:
            return None
        at, ref = place
        lo = {"centre": at - thick / 2, "front": at, "rear": at - thick}[ref]
        hi = lo + thick
    if reach is None or not (0 < reach < span_across) or not (0 <= lo < hi <= span_along):
        return None
    return Partition(name=name, wall=wall, lo=lo, hi=hi, reach=reach)  # type: ignore[arg-type]


def _reach(plain: str, used: list[tuple[int, int]]) -> float | None:
    """How far the body stands out of its wall: '60 mm high', 'height 0.1 m', 'extends 0.25 m', 'sticks out 60 mm'."""
    for p in (rf"{_V}\s*(?:-\s*)?(?:high|tall|long|deep)\b", rf"\b(?:height|length|depth)\b\s*(?:of|is|:|=)?\s*{_V}",
              rf"\b(?:extends?|extending|protrud\w*|(?:sticks?|stands?|standing|sticking)\s+out|reach(?:es|ing)?|projects?|juts?)"
              rf"\s+(?:\w+\s+)?{_V}"):
        m = re.search(p, plain, re.I)
        if m:
            used.append(m.span())
            return _metres(m.group("v"), m.group("u"))
    return None


def _place(plain: str, along: str, span: float) -> tuple[float, Literal["centre", "front", "rear"]] | None:
    """Where the body is along its wall and which of its faces that place is of."""
    ref: Literal["centre", "front", "rear"] = "centre"
    face = r"\s+(?:face|side|edge|surface)\b"  # "its front side is 30 cm from the inlet"
    if re.search((r"\b(?:left|upstream|front|leading|windward)" if along == "x" else r"\b(?:lower|bottom)") + face, plain, re.I):
        ref = "front"
    elif re.search((r"\b(?:right|downstream|rear|trailing|leeward)" if along == "x" else r"\b(?:upper|top)") + face, plain, re.I):
        ref = "rear"
    m = re.search(rf"(?<![\w.]){along}\s*=\s*{_V}", plain, re.I)
    if m:
        return _metres(m.group("v"), m.group("u")), ref
    start = r"left(?:\s+(?:end\s+)?wall)?|inlet(?:\s+wall)?|upstream\s+end" if along == "x" else rf"{_BOTTOM}"
    end = r"right(?:\s+(?:end\s+)?wall)?|outlet(?:\s+wall)?" if along == "x" else rf"{_TOP}"
    m = re.search(rf"{_V}\s+(?:from|downstream\s+of|after|right\s+of|above)\s+(?:the\s+)?(?P<w>{start}|{end})\b", plain, re.I)
    if m:
        at = _metres(m.group("v"), m.group("u"))
        return (at if re.fullmatch(start, m.group("w"), re.I) else span - at), ref
    if re.search(r"\bmid[- ]?(?:width|length|height|span|way|point|plane)\b|\bmiddle\b|\bcent(?:re|er)[- ]?line\b|\bhalf[- ]?way\b",
                 plain, re.I):
        return span / 2, "centre"
    return None


def partition_fields(text: str, parse: Callable[[str], Any], hot: Callable[[str], str | None]) -> dict[str, Any] | None:
    """The GeometrySpec fields of a 2D domain with one thin body attached to its wall, or None when the words say no
    such body whole. `parse`: the geometry parser for the domain's words (the body's taken out); `hot`: the hot side a
    heated cavity's words name (tasks.geometry.text_cavity.hot_side)."""
    norm = plain_lengths(text)
    spans = body_spans(norm)
    if not spans:
        return None
    words = " ".join(norm[a:b] for a, b in spans)
    u_turn = bool(_U_TURN.search(norm)) and bool(re.search(r"\bdivider|\bsplit\b|\bdivided\b|\bseparat", norm, re.I))
    rest = blank(norm, spans)
    if u_turn:
        # "inlet: the left end of the lower leg (x = 0, y = 0 to 95 mm)": a leg's ranges are not the domain's
        rest = blank(rest, [m.span() for m in _LEG_RANGES.finditer(rest)])
        rest = _U_TURN.sub(lambda m: "channel" if len(m.group(0)) < 40 else " " * len(m.group(0)), rest)
    try:
        domain = parse(rest)
        if domain is None or (domain.shape == "box" and "width" not in domain.dimensions):  # "a closed tank 1.2 m x 0.7 m":
            domain = parse(_VESSEL.sub("channel", rest))  # sized two ways, its sizes as a 2D channel's
    except Exception:  # noqa: BLE001 - the domain's words alone may not make a shape: no partition read then
        return None
    if domain is None or domain.obstacles or domain.two_d is False:
        return None
    words = _shifted(words, domain.origin)  # "from x = -0.1 m" in a channel from x = -0.1: its own x = 0
    d = domain.dimensions
    side = _BARE_SIDE.search(rest)  # "cavity square 15 cm": one length after the noun is the side of a square
    length = d.get("length") or d.get("width") or (_metres(side.group(1), side.group(2)) if side else None)
    height = d.get("height") or (length if side and not d.get("width") else None)
    if not length or not height or domain.shape not in ("channel", "rectangle", "heated_cavity", "lid_driven_cavity",
                                                         "channel_with_obstacles"):
        return None
    body = read_partition(words, length, height, u_turn, hot(text) or "left")
    if body is None:
        return None
    if u_turn and body.wall not in ("left", "right"):
        return None
    closed = domain.shape in ("heated_cavity", "lid_driven_cavity") or \
        (bool(re.search(r"\b(?:tank|enclosure|cavity|closed)\b", norm, re.I)) and
         not re.search(r"\b(?:inlet|outlet|inflow|outflow|m\s*/\s*s)\b", rest, re.I))
    x0, y0, x1, y1 = body.box(length, height)
    dims: dict[str, Any] = {"length": length, "height": height, **({"closed": True} if closed else {})}
    if domain.shape == "lid_driven_cavity":
        dims["moving_walls"] = d.get("moving_walls") or ["top"]
    if u_turn:
        dims["u_turn"] = body.wall
        if _UPPER_INLET.search(norm):
            dims["inlet_leg"] = "upper"
    split = not closed and not u_turn and body.wall == "left"  # a splitter plate: the inlet in two streams
    if split:
        dims["split_inlet"] = True
    obstacle = {"kind": "rectangle", "center": (round((x0 + x1) / 2, 12), round((y0 + y1) / 2, 12)),
                "width": round(x1 - x0, 12), "height": round(y1 - y0, 12)}
    if closed or u_turn or split:  # its own patch by its noun (an open channel's single body keeps the patch name 'obstacle')
        obstacle["name"] = body.name
    where = f"x = {x0:g} to {x1:g} m, y = {y0:g} to {y1:g} m"
    notes = [f"The {body.name} is attached to the {body.wall} wall ({where}); no cells inside it, its faces are their own "
             f"wall patch ({obstacle.get('name', 'obstacle')})" + (", adiabatic unless given a temperature." if closed else ".")]
    if u_turn:
        inlet, outlet = ("upper", "lower") if dims.get("inlet_leg") == "upper" else ("lower", "upper")
        notes.append(f"U-turn: the {body.name} splits the {body.wall} end into two legs, the inlet on the {inlet} leg and "
                     f"the outlet on the {outlet} leg; the far end is a wall.")
    if split:
        notes.append(f"Split inlet: the {body.name} divides the inlet into two streams, inletLower below it and inletUpper "
                     "above it, each with its own velocity.")
    mesh = domain.mesh.model_dump(exclude_defaults=True)
    return {"shape": "channel_with_obstacles", "dimensions": dims, "obstacles": [obstacle], "two_d": True,
            **({"origin": domain.origin} if any(domain.origin) else {}),
            "notes": list(domain.notes) + notes, **({"mesh": mesh} if mesh else {})}
