"""Ways of writing a length that the geometry parser reads in one form: spelled numbers before a
unit ("one and a half metres", "half a metre", "ten inches"), multiples in words ("twice as tall",
"one and a half times"), hyphenated sizes ("a 4-inch-high channel"), axis notes after a length
("2 m (x) x 0.1 m (y)"), points with units inside ("(0.2 m, 0.2 m)") and arrows between two sizes
("20 mm -> 40 mm"): `plain_lengths` rewrites them all as digits and units. Also proportions and
multiples in words ("twice as deep as it is wide", "aspect ratio H/W = 4", "L = 20H"). Pure functions."""

from __future__ import annotations

import re

from tasks.geometry.spec import NUM, UNIT, unit_factor
from tasks.geometry.text_phrasings import canonical_phrasing
from tasks.geometry.text_drafting import drafting_words
from tasks.geometry.text_lengths_us import feet_inches_words
from tasks.geometry.text_numbers import feet_and_inches
from tasks.geometry.text_shared_unit import shared_units, spelled_ratios
from tasks.geometry.text_symbols import symbol_lengths

_ONES = ("zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen "
         "sixteen seventeen eighteen nineteen").split()
_TENS = {w: 10 * i for i, w in enumerate("_ _ twenty thirty forty fifty sixty seventy eighty ninety".split()) if i > 1}
_WORD = "|".join(sorted([*_ONES, *_TENS, "hundred", "thousand"], key=len, reverse=True))
# words a spelled number may stand before: length units, reference lengths, "times"
_UNIT_WORD = (r"(?:millimet(?:er|re)s?|centimet(?:er|re)s?|met(?:er|re)s?|inch(?:es)?|feet|foot|mm|cm|m"
              r"|diameters?|chords?(?:\s+lengths?)?|step[- ]heights?|radii|times)\b")
_SPELLED = re.compile(rf"(?<![\w.-])(?P<num>(?:{_WORD})(?:(?:\s+and\s+|[\s-]+)(?:{_WORD}))*)"
                      rf"(?P<frac>\s+and\s+an?\s+(?:half|quarter))?[\s-]+(?P<unit>{_UNIT_WORD})(?!\s*(?:per\b|/))", re.I)
# "half an inch", "a quarter of an inch", "quarter-inch cells", "half-metre cells"
_FRACTION = re.compile(rf"\b(?:(?P<half>half)\s+an?|an?\s+(?P<quarter>quarter)\s+of\s+an?|(?:(?P<half2>half)|quarter)[- ])\s*"
                       rf"(?P<unit>{_UNIT_WORD})\b", re.I)
_LENGTH_UNIT = r"(?:millimet(?:er|re)s?|centimet(?:er|re)s?|met(?:er|re)s?|inch(?:es)?|feet|foot|mm|cm|m|in|ft)"


def spelled_value(words: str) -> int | None:
    """The integer a run of number words names ("forty", "one hundred and twenty", "twenty-five")."""
    total, current = 0, 0
    for w in re.split(r"[\s-]+", words.lower()):
        if w == "and" or not w:
            continue
        if w in _ONES:
            current += _ONES.index(w)
        elif w in _TENS:
            current += _TENS[w]
        elif w == "hundred":
            current = max(current, 1) * 100
        elif w == "thousand":
            total, current = total + max(current, 1) * 1000, 0
        else:
            return None
    return total + current


def _follows(prev: str, word: str) -> bool:
    """Whether `word` goes on the number that `prev` ended ("thirty" "two", "two" "hundred"), not a new
    one ("two" "thirty": two things of thirty)."""
    if word in ("hundred", "thousand") or prev in ("hundred", "thousand", "and"):
        return True
    return prev in _TENS and word in _ONES[1:10]


def _last_number(words: str) -> tuple[str, str]:
    """(the words before the last whole number, the last number's words): "two thirty" -> ("two ", "thirty")."""
    parts = [p for p in re.split(r"([\s-]+)", words)]
    start = 0
    prev = ""
    for i in range(0, len(parts), 2):
        w = parts[i].lower()
        if prev and w != "and" and not _follows(prev, w):
            start = i
        prev = w if w else prev
    return "".join(parts[:start]), "".join(parts[start:])


def _spelled(m: re.Match[str]) -> str:
    before, words = _last_number(m.group("num"))
    value = spelled_value(words)
    if value is None:
        return m.group(0)
    frac = m.group("frac")
    if frac:
        value += 0.5 if "half" in frac.lower() else 0.25  # type: ignore[assignment]
    return f"{before}{value:g} {m.group('unit')}"


def table_rows(text: str) -> str:
    """A table written with bars ("| step height | 20 mm |") as one "name: value;" clause per row;
    separator rows ("|---|---|") dropped. Text without such rows comes back unchanged."""
    if not re.search(r"^\s*\|.*\|", text, re.M):
        return text
    out = []
    for line in text.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")] if line.lstrip().startswith("|") else None
        if cells is None:
            out.append(line)
        elif not all(re.fullmatch(r":?-*:?", c) for c in cells):
            out.append(f"{cells[0]}: {', '.join(cells[1:])};" if len(cells) > 1 else f"{cells[0]};")
    return "\n".join(out)


# a line's bullet or number: "- ", "* ", "• ", "1. ", "2) "
_BULLET = r"(?:[-*•·‣▪]\s+|\(?\d{1,2}[.)]\s+)"


# "Length: 800 mm", "Inlet velocity: 0.02 m/s", "step height: 1 in": a key (a capitalised word or a few words) and its value
_KEY = r"(?:^|(?<=\s))[A-Za-z][\w-]*(?:\s[a-z][\w-]*){0,2}:\s"


def list_lines(text: str) -> str:
    """A request written as lines ("Length: 800 mm", "- step height 1 in") as one clause per line:
    each line break that ends a line without punctuation becomes "; ", and bullets are dropped, so
    one line's value is not read with the next line's first word ("40 mm" + "Inlet at x = 0").
    The same list with its line breaks already joined into spaces ("Length: 800 mm Height: 40 mm
    Inlet at x = 0", "* step height: 1 in * inlet channel ...") gets its clauses back from its
    bullets, or from the capital letter that starts each line after a value. Other text comes back
    unchanged."""
    t = text.strip()
    if "\n" in t:
        t = re.sub(rf"^\s*{_BULLET}", "", t)
        t = re.sub(rf"(?<=[.;,:!?])[ \t]*\n\s*{_BULLET}?", " ", t)
        return re.sub(rf"[ \t]*\n\s*{_BULLET}?", "; ", t)
    bullet = re.match(r"\s*([-*•·‣▪])\s+", t)
    if bullet and t.count(f" {bullet.group(1)} ") >= 2:  # "- a ... - b ... - c": the bullets of joined lines
        t = t[bullet.end():]
        return re.sub(rf"(?<![;,.:])\s+{re.escape(bullet.group(1))}\s+", "; ", t).replace(f" {bullet.group(1)} ", "; ")
    if len(re.findall(_KEY, t)) >= 3:  # "Geometry: ... Length: 800 mm Height: 40 mm": each capital after a value opens a line
        return re.sub(r"(?<=[\w)%°])\s+(?=[A-Z][a-z])", "; ", t)
    return text


def plain_lengths(text: str) -> str:
    """`text` with the lengths written in words, hyphens, axis notes or arrows rewritten as
    "<number> <unit>" (the rest of the text unchanged)."""
    t = re.sub(r"(?<=[A-Za-z])[‐‑–—](?=[A-Za-z])", "-", list_lines(table_rows(drafting_words(text))))  # "Taylor–Couette", "forward‑facing"
    t = feet_inches_words(feet_and_inches(t))  # 3'-2", "3 ft 2 in", "2 feet 6 inches": one length, in inches
    t = _SPELLED.sub(_spelled, t)
    t = _FRACTION.sub(lambda m: f"{0.5 if m.group('half') or m.group('half2') else 0.25:g} {m.group('unit')}", t)
    # "cells of about a centimetre", "a metre long": one of the unit
    t = re.sub(r"\b(?<!per\s)an?\s+(millimet(?:er|re)|centimet(?:er|re)|met(?:er|re)|inch|foot)\b(?!\s*(?:per\b|/))", r"1 \1", t,
               flags=re.I)
    # "a 1/2 in pipe", "1 1/2 inch", "3/4-inch": a fraction before a length unit as a decimal
    t = re.sub(rf"(?<![\w./])(?:(\d+)[ -])?(\d+)/(\d+)(?=\s*-?\s*{_LENGTH_UNIT}\b|\s*\")",
               lambda m: f"{int(m.group(1) or 0) + int(m.group(2)) / int(m.group(3)):g}" if int(m.group(3)) else m.group(0), t)
    t = re.sub(r"\btwice\b", "2 times", t, flags=re.I)
    t = re.sub(r"\bthrice\b", "3 times", t, flags=re.I)
    # "a 4-inch-high channel", "a 10-cm-long section", "a 2-inch pipe"
    t = re.sub(rf"(?<![\w.])({NUM})\s*-\s*({_LENGTH_UNIT})(?:\s*-\s*(?=[a-z])|(?=\W|$))", r"\1 \2 ", t, flags=re.I)
    t = re.sub(rf"(?<![\w.])({NUM}\s*{_LENGTH_UNIT})-(?=[a-z])", r"\1 ", t, flags=re.I)  # "5 foot-long" (from "five-foot-long")
    t = canonical_phrasing(re.sub(r"  +", " ", t))  # "a cube of 1 ft", "long 0.4 m", "152.4 mm in y"
    # "2 m (x) x 0.1 m (y)", "0.1 m (in x)": the axis a length lies along, said after it
    t = re.sub(rf"(?<=[a-z\d])\s*\(\s*(?:in\s+|along\s+)?[xyz](?:[- ]direction)?\s*\)", "", t, flags=re.I)
    t = re.sub(r"(?<=[a-z\d])\s*\(\s*(?:streamwise|cross[- ]?stream|spanwise|wall[- ]normal|in\s+the\s+flow\s+direction"
               r"|along\s+the\s+flow|across\s+the\s+flow)\s*\)", "", t, flags=re.I)
    t = shared_units(t)  # "60 cm long, 10 cm tall and 5 deep": one unit for the list
    t = spelled_ratios(t)  # "expansion ratio three", "an aspect ratio of four"
    # "(0.2 m, 0.2 m)", "(20 cm, 5 cm)": a point with its units inside, in metres
    t = re.sub(rf"\(\s*({NUM})\s*({UNIT})\s*([,;])\s*({NUM})\s*({UNIT})\s*\)",
               lambda m: f"({float(m.group(1)) * unit_factor(m.group(2)):g}{m.group(3)} {float(m.group(4)) * unit_factor(m.group(5)):g})",
               t, flags=re.I)
    # "20 mm -> 40 mm", "2 cm → 6 cm": from one size to another
    t = re.sub(rf"(?<![\w.])({NUM}\s*{_LENGTH_UNIT}?)\s*(?:->|→|=>|⟶)\s*(?=[-+.\d])", r"from \1 to ", t, flags=re.I)
    return symbol_lengths(t)


_DIM_ADJ = r"(?:tall|high|deep|wide|long|broad)"


_PARTS = {"half": 2, "third": 3, "quarter": 4, "fourth": 4, "fifth": 5, "sixth": 6, "tenth": 10}


def times_as(text: str) -> tuple[str, str, float] | None:
    """A proportion in words: "twice as deep as it is wide" -> ("deep", "wide", 2.0), "1.5 times as
    tall as wide", "three times longer than it is high" -> ("long", "high", 3.0) (after `plain_lengths`)."""
    t = plain_lengths(text)
    m = re.search(rf"(?<![\w.])({NUM})\s+times\s+(?:as\s+({_DIM_ADJ})\s+as|(tall|high|deep|wide|long|broad)(?:er|r)?\s+than)\s+"
                  rf"(?:it\s+is\s+|its\s+)?({_DIM_ADJ}|width|height|depth|length)", t, re.I)
    part = None if m else re.search(rf"\b(?:(?:a|one)\s+)?(half|third|quarter|fourth|fifth|sixth|tenth)\s+as\s+({_DIM_ADJ})\s+as\s+"
                                    rf"(?:it\s+is\s+|its\s+)?({_DIM_ADJ}|width|height|depth|length)", t, re.I)
    if part:  # "half as high as it is wide", "a third as deep as it is long"
        second = {"width": "wide", "height": "high", "depth": "deep", "length": "long"}.get(part.group(3).lower(), part.group(3).lower())
        return part.group(2).lower(), second, 1 / _PARTS[part.group(1).lower()]
    if not m or float(m.group(1)) <= 0:
        return None
    second = {"width": "wide", "height": "high", "depth": "deep", "length": "long"}.get(m.group(4).lower(), m.group(4).lower())
    return (m.group(2) or m.group(3)).lower(), second, float(m.group(1))


_REF = {"h": "height", "d": "diameter", "w": "width", "r": "radius", "height": "height", "diameter": "diameter", "width": "width",
        "radius": "radius", "radii": "radius"}


def length_in_multiples(text: str) -> tuple[float, str] | None:
    """A length counted in another size of the shape: "L = 20H", "length 40 D", "40 diameters long",
    "a length of 30 channel heights" -> (20, "height"), (40, "diameter"), ..."""
    ref = r"(?:(?-i:([HDWRhdwr]))\b|(?:channel\s+|pipe\s+)?(heights?|diameters?|widths?|radii|radius)\b)"
    m = re.search(rf"(?:\bL\b|\blength\b)\s*(?:=|:|of|is)?\s*(?:about\s+)?({NUM})\s*(?:x\s*|×\s*|\*\s*)?{ref}", text) or \
        re.search(rf"(?<![\w.])({NUM})\s*(?:x\s*|×\s*|\*\s*)?{ref}\s*(?:-\s*)?(?:long|in\s+length)\b", text)
    if not m or float(m.group(1)) <= 0:
        return None
    word = (m.group(2) or m.group(3)).lower().rstrip("s") if (m.group(2) or m.group(3)).lower() != "radius" else "radius"
    return float(m.group(1)), _REF.get(word, _REF.get(word + "s", "height"))


_UP, _ACROSS = ("tall", "high", "deep", "height", "depth", "h", "d"), ("wide", "long", "broad", "width", "length", "w", "l")


_DIM_NOUN = r"(height|depth|width|length)"
_PROPORTIONS = [  # (pattern, group of the first size, of the second, of the number)
    (re.compile(rf"\b{_DIM_NOUN}\s+(?:is\s+|of\s+)?({NUM})\s+times\s+(?:the\s+|its\s+)?{_DIM_NOUN}\b", re.I), 1, 3, 2),
    (re.compile(rf"\b{_DIM_NOUN}[- ]to[- ]{_DIM_NOUN}\s+ratio\s*(?:of|=|:|is)?\s*({NUM})", re.I), 1, 2, 3),
    (re.compile(rf"\(?\s*\b([HDWLhdwl]|height|depth|width|length)\s*/\s*([HDWLhdwl]|height|depth|width|length)\b"
                rf"(?:\s*\)\s*(?:=|:|of|is|,)?|\s*(?:=|:|of|is))\s*({NUM})(?![\d.]|\s*{UNIT})"), 1, 2, 3),  # "(height/width) 1.5", "H/W = 4"
    # "aspect ratio 4 (height/width)", "a ratio of 3 (L/H)": the value before the ratio's name
    (re.compile(rf"(?<![\w.])({NUM})\s*\(\s*([HDWLhdwl]|height|depth|width|length)\s*/\s*([HDWLhdwl]|height|depth|width|length)"
                rf"\s*\)"), 2, 3, 1),
]


def proportion(text: str) -> tuple[str, str, float] | None:
    """Two sizes in proportion, as the words name them: "twice as deep as it is wide" -> ("deep", "wide", 2),
    "L/H = 20" -> ("l", "h", 20), "length-to-height ratio 10" -> ("length", "height", 10)."""
    said = times_as(text)
    for pattern, first, second, number in _PROPORTIONS:
        m = None if said else pattern.search(text)
        if m:
            said = (m.group(first).lower(), m.group(second).lower(), float(m.group(number)))
    return said if said and said[2] > 0 else None


_ALONG = ("long", "length", "l")


def channel_proportion(text: str, wide_along: bool = False) -> float | None:
    """A channel's length over its height when the words say which is which: "L/H = 20", "length-to-height
    ratio of 30", "ten times longer than it is high", "(length/width) 12" (None otherwise). With `wide_along`
    (a 2D channel, whose width can only run along the flow), "four times as wide as it is high" is one too."""
    said = proportion(text)
    if not said:
        return None
    along = (*_ALONG, *(("wide", "width", "w", "broad") if wide_along else ()))
    if said[0] in along and said[1] in (*_UP, "wide", "width", "w") and said[1] not in along:
        return said[2]
    if said[1] in along and said[0] in (*_UP, "wide", "width", "w") and said[0] not in along:
        return 1 / said[2]
    return None


def cavity_proportion(text: str) -> float | None:
    """A cavity's height over its width when the words say which is which: "twice as deep as it is wide",
    "aspect ratio H/W = 4", "depth to width ratio 3", "height is 2 times the width" (None otherwise)."""
    said = proportion(text)
    if not said:
        return None
    if said[0] in _UP and said[1] in _ACROSS:
        return said[2]
    if said[0] in _ACROSS and said[1] in _UP:
        return 1 / said[2]
    return None
