"""How full a setFields-initialised domain is: "the lower half filled with water", "half-full",
"water up to 0.3 m", "liquid 50 cm deep", "the bottom 30 cm of the column", "bed height 0.3 m",
"free surface at y = 1.2 m", "the left third". The statement gives the level of the interface
along gravity (constant/g; y without it), or along x for a left/right part, measured from the
filled end of the domain; the setFieldsDict box that reaches exactly one end along that axis
(the liquid below the level, or the gas above it) gets its inner face moved to that level.

Pure parsing (`fill_statements`) and one step after the binder (`apply_fills`), called by
tasks/plan/generic.py.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, NamedTuple

from tasks.foam import dictionary as fd
from tasks.plan.foam_values import fmt, vec
from tasks.plan.stated import Binding, StatedQuantity

# the Binder of tasks/plan/bind.py (its base, set/refuse and records), passed in by the mixin that
# calls these steps; not imported here, which would make an import cycle bind -> parts -> fill -> bind
Binder = Any

_RELS = "system/setFieldsDict"
_REGION_RELS = (_RELS, "system/setAlphaFieldDict")  # the dictionaries that size a region of the initial fields
_FRACTIONS = {"half": 0.5, "one half": 0.5, "a half": 0.5, "third": 1 / 3, "a third": 1 / 3, "one third": 1 / 3,
              "two thirds": 2 / 3, "quarter": 0.25, "a quarter": 0.25, "one quarter": 0.25, "three quarters": 0.75,
              "fourth": 0.25, "fifth": 0.2, "a fifth": 0.2, "two fifths": 0.4, "three fifths": 0.6,
              "four fifths": 0.8, "tenth": 0.1, "a tenth": 0.1}
_FRAC = (r"(?P<frac>(?:(?:a|one|two|three|four)[\s-]+)?(?:half|thirds?|quarters?|fourth|fifths?|tenth)"
         r"|\d+(?:\.\d+)?\s*(?:%|percent|per\s*cent))")
_SIDE = r"(?P<side>lower|lowest|bottom|left|right)(?:most|-hand)?"
# "the lower half", "the bottom 40 %", "left third"
_SIDE_FRACTION = re.compile(rf"\b{_SIDE}\s+{_FRAC}(?![\w-])")
# "half-full", "a third full", "40 % filled"; "filled to half (of) its height", "filled halfway"
_FULL = [re.compile(rf"(?<![\w-]){_FRAC}[\s-]+(?:full|filled)\b"),
         re.compile(rf"\bfilled\s+(?:up\s+)?to\s+{_FRAC}\s+of\s+(?:its|the)\b"),
         re.compile(r"\b(?:half[\s-]?way)\s+(?:full|filled|up)\b|\bfilled\s+half[\s-]?way\b"),
         # "liquid to mid-height", "filled up to half its height", "water at half depth": one half
         re.compile(r"\b(?:to|up\s+to|at|until)\s+(?:the\s+)?(?:mid|half)[\s-]?(?:height|depth|level|point)\b|"
                    r"\bto\s+half\s+(?:of\s+)?(?:its|the)\s+(?:height|depth)\b")]
# words that say the statement is about what fills the domain
_FILL_WORDS = re.compile(r"\b(?:fill\w*|full|water|liquid|oil|brine|mercury|melt|bed|packed|particles?|sand|"
                         r"occup\w*|contain\w*|holds?|pool|layer|phase|free\s+surface|surface|interface|meniscus|level)\b")
# a length is a fill level when these words come right before it ...
_LEVEL_BEFORE = re.compile(r"\b(?:level|depth|height|surface|fill(?:ed|s|ing)?(?:\s+up)?\s+to|up\s+to|to\s+a\s+"
                           r"(?:height|depth|level)|packed|bed|pool|layer|deep)\b[^\d;.]{0,30}$")
_BOTTOM_BEFORE = re.compile(r"\b(?P<side>bottom|lowest|lower|left|right)(?:most|-hand)?\s+(?:first\s+)?$")
_COORDINATE_BEFORE = re.compile(r"\b(?P<axis>[xyz])\s*(?:=|:)\s*$")
# ... or right after it
_LEVEL_AFTER = re.compile(r"^\s*(?:deep\b|of\s+(?:water|liquid|oil|fluid|particles|sand|brine)\b|(?:high|tall)\s+"
                          r"(?:of\s+)?(?:water|liquid)\b"
                          # the value before its role: "0.6 m is the initial height of the water", "40 cm as fill level"
                          r"|(?:is|as|for|=)\s+(?:the\s+|its\s+|their\s+)?(?:initial\s+|starting\s+|start\s+)?"
                          r"(?:(?:water|liquid|fill(?:ing)?|free[\s-]surface|bed)\s+)?(?:height|level|depth)\b)")
# not a level: a size of something else
_NOT_LEVEL_AFTER = re.compile(r"^\s*(?:wide|width|long|length|in\s+diameter|diameter|radius|across|cells?|"
                              r"thick|bubble|drop|sphere|cylinder|column\s+(?:wide|of))\b"
                              # a grain's size ("a bed of 500 micron sand"), not a "30 cm sand bed"
                              r"|^\s*(?:\w+\s+)?(?:sand|particles?|grains?|beads?|spheres?|pellets?|powder|droplets?)\b"
                              r"(?!\s+(?:bed|layer|column|pack|pile|level|height|depth))")
_NOT_LEVEL_BEFORE = re.compile(r"\b(?:radius|diameter|width|wide|long|length|size|cells?|spacing|resolution|"
                               r"thick\w*)\s*(?:of|=|:|is)?\s*$")
_NUMBER = r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?"
# words that spread a fill over the whole cross-section of the domain, not only the base's box
_WHOLE = re.compile(r"\b(?:whole|entire|full\s+(?:width|length|breadth)|wall[\s-]+to[\s-]+wall|layer|everywhere|"
                    r"all\s+(?:over|across)|across\s+the\s+(?:tank|domain|basin|channel|box|floor|bottom))\b")
_BOX = re.compile(rf"box\s*\(\s*({_NUMBER})\s+({_NUMBER})\s+({_NUMBER})\s*\)\s*\(\s*({_NUMBER})\s+({_NUMBER})\s+"
                  rf"({_NUMBER})\s*\)")


class Fill(NamedTuple):
    """One statement of how full the domain is: `kind` fraction (of the domain's extent), depth
    (a length from the filled end) or level (a coordinate); `side` the filled end (bottom, left,
    right); `words` the request's words; `q` the stated length, if any."""

    kind: str
    value: float
    side: str
    words: str
    q: StatedQuantity | None = None
    axis: int | None = None  # the axis a level's coordinate names ("z = -0.1 m"), else gravity's


def _fraction(raw: str) -> float | None:
    raw = re.sub(r"[\s-]+", " ", raw.lower().strip())
    pct = re.match(rf"({_NUMBER})\s*(?:%|percent|per\s*cent)", raw)
    if pct:
        return float(pct.group(1)) / 100
    return _FRACTIONS.get(raw) or _FRACTIONS.get(raw.rstrip("s"))


def spelled_fraction(raw: str) -> float | None:
    """A fraction as written: "a quarter" -> 0.25, "two thirds", "40 %" -> 0.4; None if not one."""
    return _fraction(raw)


def _sentence_of(low: str, start: int, end: int) -> str:
    a = max(low.rfind(".", 0, start), low.rfind(";", 0, start), low.rfind("\n", 0, start)) + 1
    stops = [i for i in (low.find(".", end), low.find(";", end), low.find("\n", end)) if i >= 0]
    return low[a:min(stops) if stops else len(low)]


def fill_statements(text: str, lengths: list[tuple[StatedQuantity, int]], phases: tuple[str, ...] = ()) -> list[Fill]:
    """The fill statements of a request (lower case or not): fractions by their words, lengths
    (stated quantities with their positions in `text`) by the words around them; `phases` the
    base's phase names ("sludge" of alpha.sludge), which say what fills the domain too."""
    low = text.lower()
    found: list[Fill] = []
    names = [re.escape(p.lower()) for p in phases if len(p) > 2]
    phase_words = re.compile(rf"\b(?:{'|'.join(names)})\b") if names else None

    def fill_said(words: str) -> bool:
        return bool(_FILL_WORDS.search(words) or (phase_words and phase_words.search(words)))

    for m in _SIDE_FRACTION.finditer(low):
        value = _fraction(m.group("frac"))
        side = "left" if m.group("side") == "left" else "right" if m.group("side") == "right" else "bottom"
        if value and 0 < value <= 1 and fill_said(_sentence_of(low, m.start(), m.end())):
            found.append(Fill("fraction", value, side, text[m.start():m.end()]))
    for m in (m for pattern in _FULL for m in pattern.finditer(low)):
        value = _fraction(m.group("frac")) if "frac" in m.re.groupindex else 0.5  # "halfway full"
        if "frac" not in m.re.groupindex and not fill_said(_sentence_of(low, m.start(), m.end())):
            continue  # "a probe at mid-height": no fill
        if value and 0 < value <= 1:
            found.append(Fill("fraction", value, "bottom", text[m.start():m.end()]))
    for q, at in lengths:
        if at < 0 or q.quantity != "length":
            continue
        end = at + len(q.text)
        before, after = low[max(0, at - 45):at], low[end:end + 30]
        clause = before[max(before.rfind(","), before.rfind(";"), before.rfind(".")) + 1:]
        if _NOT_LEVEL_AFTER.search(after) or _NOT_LEVEL_BEFORE.search(clause):
            continue
        sentence = _sentence_of(low, at, end)
        coordinate = _COORDINATE_BEFORE.search(clause)
        if coordinate and fill_said(clause):  # "free surface at z = -0.1 m", "meniscus at y = 5 mm", "oil up to x: 2"
            found.append(Fill("level", q.value, "bottom", q.text, q, "xyz".index(coordinate.group("axis"))))
        elif (end_word := _BOTTOM_BEFORE.search(clause)) and fill_said(sentence):
            side = end_word.group("side")  # "the leftmost 3 m", "the bottom 30 cm"
            found.append(Fill("depth", q.value, side if side in ("left", "right") else "bottom", q.text, q))
        elif (_LEVEL_BEFORE.search(clause) or _LEVEL_AFTER.search(after)) and fill_said(sentence):
            found.append(Fill("depth", q.value, "bottom", q.text, q))
    found += _bare_levels(text, fill_said)
    return found


# a coordinate written without a unit ("liquid below z = 0", "filled up to y: 0.3", "free surface at
# x = -0.1"), the interface's place along that axis (metres, as the dictionaries are): a word of place
# right before it (a few words may stand between: "below the mid-plane z = 0")
_BARE_LEVEL = re.compile(r"\b(?P<how>below|under|beneath|underneath|up\s+to|to|at|reaching|until|"
                         r"(?:level|surface|interface|meniscus)(?:\s*:|\s+at|\s+is\s+at)?)(?![\w-])"
                         # a few words, then the coordinate, maybe in brackets or after "i.e." ("to mid-height (z = 0)")
                         rf"(?P<gap>(?:\s+[a-z][\w-]*){{0,3}})(?:\s*(?:(?P<open>\()|,|-+|i\.\s?e\.|that\s+is|namely))*\s*"
                         rf"(?P<axis>(?<![\w-])[xyz])\s*(?:=|:)\s*(?P<v>{_NUMBER})"
                         r"(?!\.?\d)(?!\s*(?:m|cm|mm|km|in|inch(?:es)?|ft|feet|foot|\d)(?![a-z]))"
                         r"(?(open)|(?!\s*\)(?![a-z])))")  # a bracket closes only the one opened before the axis
_CENTRE_WORDS = re.compile(r"\b(?:cent(?:re|er)d?|origin|axis|through|located|placed|positioned|point|probe|"
                           r"inlet|outlet|wall|patch|plane\s+of\s+symmetry)\b")


def _bare_levels(text: str, fill_said) -> list[Fill]:
    """Fill levels stated as a unitless coordinate after a word of place, in a clause that says
    what fills the domain and names no centre, axis or patch (those coordinates place other things)."""
    low = text.lower()
    found = []
    for m in _BARE_LEVEL.finditer(low):
        start = max(low.rfind(",", 0, m.start()), low.rfind(";", 0, m.start()), low.rfind(". ", 0, m.start()),
                    low.rfind("\n", 0, m.start()))
        clause = low[start + 1:m.end()]
        if _CENTRE_WORDS.search(clause) or not fill_said(_sentence_of(low, m.start(), m.end())):
            continue
        found.append(Fill("level", float(m.group("v")), "bottom", text[m.start():m.end()], None,
                          "xyz".index(m.group("axis"))))
    return found


def _gravity(binder: Binder, raw: str, bounds: list[tuple[float, float]]) -> tuple[int, int] | None:
    """(the axis gravity runs along, -1 when it points to the low end there / +1 the high end); with
    no gravity (a sloshing tank moved by its mesh motion), the one axis along which a phase's box
    reaches one end of the domain, the filled end taken as the floor; None when no one axis does
    (a mixer: "filled" names no direction there)."""
    raw_g = fd.get(binder.base.text("constant/g") or "", ["value"]) or ""
    g = [float(x) for x in re.findall(_NUMBER, fd.strip_comments(raw_g))]
    if len(g) == 3 and any(g):
        axis = max(range(3), key=lambda a: abs(g[a]))
        return axis, -1 if g[axis] < 0 else 1
    if not binder.base.text("constant/g"):
        return 1, -1  # no gravity file: y up, as most 2D cases draw it
    boxes = [(a, box) for a in range(3) if (box := interface_box(raw, a, *bounds[a]))]
    if len(boxes) != 1:
        return None
    axis, (_, lo, _hi) = boxes[0]
    return axis, -1 if lo[axis] <= bounds[axis][0] + 1e-6 * max(1.0, bounds[axis][1] - bounds[axis][0]) else 1


def interface_box(raw: str, axis: int, low: float, high: float,
                  phase: str | None = None) -> tuple[re.Match[str], list[float], list[float]] | None:
    """The one box of a setFieldsDict `regions` list that sets a phase fraction (alpha.*) and reaches
    exactly one end of the domain along `axis` (its other face is the interface), or None when none
    or several do; of several, the one `phase` fills (alpha.<phase> 1) when only one does."""
    tol = 1e-6 * max(1.0, abs(high - low))
    found = []
    clean = fd.strip_comments(raw)
    for m in _BOX.finditer(clean):
        end = clean.find("}", m.end())
        if not re.search(r"\balpha[\w.]*\s", clean[m.end():end if end >= 0 else len(clean)]):
            continue  # a box of heat or pressure (a heater, a driver gas) is no fill
        lo, hi = [float(x) for x in m.groups()[:3]], [float(x) for x in m.groups()[3:]]
        at_low, at_high = lo[axis] <= low + tol, hi[axis] >= high - tol
        if at_low != at_high and lo[axis] < high and hi[axis] > low:
            found.append((m, lo, hi, clean[m.end():end if end >= 0 else len(clean)]))
    if len(found) > 1 and phase:
        fills = re.compile(rf"\balpha\.{re.escape(phase)}\s+(?:1(?:\.0*)?|0?\.[5-9]\d*)\s*[)\s]")
        found = [f for f in found if fills.search(f[3])]
    # a boxToCell and its boxToFace twin (DTCHull: the cells, then the patch faces) are one region
    one_region = len({(tuple(f[1]), tuple(f[2])) for f in found}) == 1
    return found[0][:3] if found and one_region else None


def _same_boxes(clean: str, lo: list[float], hi: list[float]) -> list[re.Match[str]]:
    """Every box of a (comment-free) regions list with the corners lo, hi: a region's cells and faces."""
    return [m for m in _BOX.finditer(clean) if [float(x) for x in m.groups()] == [*lo, *hi]]


_TAKEN_BACK = ("particle_diameter", "geometry")


def _drop(binder: Binder, gone: Callable[[Binding], bool]) -> None:
    """Drop the binder's bindings `gone` picks and the edits of their entries."""
    entries = [(b.file, b.entry) for b in binder.bindings if gone(b)]
    binder.bindings = [b for b in binder.bindings if not gone(b)]
    binder.edits = [e for e in binder.edits if (e.file, e.entry) not in entries]


def _take_back(binder: Binder, q: StatedQuantity) -> None:
    """Drop what the binder wrote for `q` elsewhere (its bindings and the edits of their entries)."""
    _drop(binder, lambda b: b.stated == q.text and b.file != _RELS)


_NAME_AND_NUMBER = re.compile(rf"^(?P<name>[a-z][\w.]*)\s*(?:=|:)?\s*(?P<v>{_NUMBER})$")


def _take_back_words(binder: Binder, fill: Fill) -> None:
    """Drop what the binder wrote, outside the region dictionaries, for a keyword and number the fill's
    own words hold ("level" of "water level z = 0.1" bound to a snappyHexMeshDict refinement level)."""
    words = fill.words.lower()
    own = {b.stated for b in binder.bindings if b.file not in _REGION_RELS and
           (m := _NAME_AND_NUMBER.match(b.stated.strip().lower())) and
           re.search(rf"\b{re.escape(m.group('name'))}\b", words) and abs(float(m.group("v")) - fill.value) < 1e-12}
    if own:
        _drop(binder, lambda b: b.stated in own)


def apply_fills(binder: Binder, text: str, stated: list[StatedQuantity]) -> list[StatedQuantity]:
    """Set the interface of the base's setFields box from the request's fill statement; returns the
    stated lengths it took, with those a region's size took. No edit when the binder already set that region from the same words,
    or the base has no such box."""
    # lengths a region's size or place took ("a bubble of radius 5 cm", "a disc of radius 0.2 m" of a
    # setAlphaFieldDict): no dimension of the domain
    sized = [q for q in stated if q.quantity == "length" and
             any(b.stated == q.text and b.file in _REGION_RELS for b in binder.bindings)]
    raw = binder.current(_RELS, "regions") if binder.base.text(_RELS) else ""
    bounds = binder._bounds() if raw else None
    if not raw or bounds is None:
        return sized
    bound = {b.stated for b in binder.bindings}
    return sized + [q for q in _apply_fill(binder, text, stated, raw, bounds, bound) if not any(q is s for s in sized)]


def _phases(raw_text: str) -> tuple[str, ...]:
    """The phase names a setFieldsDict sets (alpha.water -> water)."""
    return tuple(sorted(set(re.findall(r"\balpha\.(\w+)", raw_text))))


def _apply_fill(binder: Binder, text: str, stated: list[StatedQuantity], raw: str,
                bounds: list[tuple[float, float]], bound: set[str]) -> list[StatedQuantity]:
    low_text = text.lower()
    # a length read as a particle size whose words make it the fill level ("the particle bed fills the
    # bottom 30 cm") is the level: the size the binder wrote for it is taken back
    lengths = [(q, binder.value_at(low_text, q)) for q in stated if q.quantity == "length" and
               (q.text not in bound or q.role in _TAKEN_BACK)]
    # a fill in words already applied to a region ("40 % full" as a fill fraction) is not applied twice; a
    # number of its words bound elsewhere ("z = 0" read as a start time too) does not stop it
    in_regions = {b.stated for b in binder.bindings if b.file in _REGION_RELS}
    fills = [f for f in fill_statements(text, lengths, _phases(binder.base.text(_RELS) or ""))
             if f.q is not None or not any(b in f.words or f.words in b for b in in_regions if b)]
    if not fills:
        return []
    fill = fills[0]
    if fill.q is not None and fill.q.text in bound:
        _take_back(binder, fill.q)
    return place_fill(binder, fill, raw, bounds, [q for q, _ in lengths]) or []


def place_fill(binder: Binder, fill: Fill, raw: str, bounds: list[tuple[float, float]],
               lengths: list[StatedQuantity] = ()) -> list[StatedQuantity] | None:
    """Move the interface of the base's setFields box (`raw`, the regions list; `bounds`, the domain's)
    to the level `fill` states; the quantities it took (placed, or refused when the level is outside
    the domain), or None when the base has no one box to move."""
    low_text = binder.text.lower()
    gravity = _gravity(binder, raw, bounds)
    if gravity is None and fill.axis is None and fill.side in ("bottom", "top"):
        if fill.q is not None:
            binder.refuse(fill.q, f"{fill.words}: the base case has no gravity (constant/g is zero) and no one axis "
                                  f"its phase box fills from, so a level has no direction; state the region's box "
                                  f"or the axis (\"up to z = ...\")")
            return [fill.q]
        return None
    up, down = gravity or (1, -1)
    axis = 0 if fill.side in ("left", "right") else up if fill.axis is None else fill.axis
    low, high = bounds[axis]
    from_low = fill.side == "left" or (fill.side == "bottom" and down < 0) or (fill.side == "top" and down > 0)
    extent = high - low
    if fill.kind == "fraction":
        level = low + fill.value * extent if from_low else high - fill.value * extent
    elif fill.kind == "depth":
        level = low + fill.value if from_low else high - fill.value
    else:
        level = fill.value
    _take_back_words(binder, fill)
    if not low < level < high:  # a coordinate written without a unit is refused by its words
        q = fill.q or StatedQuantity(text=fill.words, quantity="length", value=level, unit="m", role="fill_level")
        binder.refuse(q, f"{fill.words} puts the fill level at {fmt(level)} m, outside the domain "
                         f"({fmt(low)} to {fmt(high)} m along {'xyz'[axis]}); state the level inside it")
        return [q]
    sentence = _sentence_of(low_text, max(0, low_text.find(fill.words.lower())), len(low_text))
    named = sorted((m.start(), p) for p in _phases(binder.base.text(_RELS) or "") if len(p) > 2
                   for m in [re.search(rf"\b{re.escape(p.lower())}\b", sentence)] if m)
    box = interface_box(raw, axis, low, high)
    one_of_several = box is None  # the box of the phase named, among several that reach that end
    box = box or interface_box(raw, axis, low, high, named[0][1] if named else None)
    if box is None:
        return None
    m, lo, hi = box
    clean = fd.strip_comments(raw)
    twins = _same_boxes(clean, lo, hi)
    if lo[axis] <= low + 1e-6 * max(1.0, extent):
        hi[axis] = level
    else:
        lo[axis] = level
    at = low_text.find(fill.words.lower())
    whole = [w.group(0) for w in _WHOLE.finditer(_sentence_of(low_text, at, at + len(fill.words)))] if at >= 0 else []
    if whole and not (one_of_several and set(whole) == {"layer"}):  # "a mercury layer" of a 4-phase tank: its box
        for other in (a for a in range(3) if a != axis):  # "a 5 cm layer over the whole floor": wall to wall
            lo[other], hi[other] = min(lo[other], bounds[other][0]), max(hi[other], bounds[other][1])
    new_raw = clean
    for twin in sorted(twins, key=lambda t: -t.start()):  # from the end, so the earlier spans stay put
        new_raw = new_raw[:twin.start()] + f"box {vec(lo)} {vec(hi)}" + new_raw[twin.end():]
    what = f"the fill level {fmt(level)} m along {'xyz'[axis]} ({fill.words})"
    binder.set(_RELS, ["regions"], new_raw, what)
    binder.bindings.append(Binding(stated=fill.words, file=_RELS, entry=["regions"], value=f"box {vec(lo)} {vec(hi)}",
                                   how=f"interface of the setFields box at {what}"))
    binder.assumptions.append(f"{fill.words}: the setFields box {vec(lo)} {vec(hi)} ends at the fill level "
                              f"{fmt(level)} m along {'xyz'[axis]}, measured from the {fill.side} of the domain")
    # the level restated as a coordinate ("7 m deep (free surface z = -3 m)"): the same interface
    said = [q for q in lengths if q is not fill.q and abs(q.value - level) <= 1e-9 * max(1.0, abs(level))
            and _COORDINATE_BEFORE.search(binder.text[:max(0, binder.text.find(q.text))][-12:].lower())]
    for q in said:
        binder.bindings.append(Binding(stated=q.text, file=_RELS, entry=["regions"], value=f"box {vec(lo)} {vec(hi)}",
                                       how=f"the fill level restated as {'xyz'[axis]} = {fmt(level)} m"))
    if fill.q is not None:
        binder.not_applied = [n for n in binder.not_applied if n.text not in {fill.q.text, *(q.text for q in said)}]
        return [fill.q, *said]
    return said
