"""Sizes said relative to another size of the same request: "30 D long", "a length of 15 channel
heights", "L = 20H", "15 times its 4 cm height", "a third of the channel height", "H/3", "five side
lengths downstream of the inlet". `absolute_lengths` rewrites each as "<metres> m" once the size it
counts in is known from the words ("D = 20 mm", "a cylinder of radius 1 cm", "step height 25 mm",
"channel height H = 60 mm"), so the readers of plain lengths take it from there. A count whose
reference size is not stated stays as written. Pure functions; metres."""

from __future__ import annotations

import re
from collections.abc import Callable

from tasks.geometry.spec import NUM, UNIT, unit_factor
from tasks.geometry.text_numbers import digits

# what a reference size is called -> the size names (of `named_lengths`) it stands for, the first known wins
_REFERENCES: list[tuple[str, tuple[str, ...]]] = [
    (r"step[- ]heights?|(?-i:h)", ("step_height", "height")),
    (r"(?:(?:channel|duct|domain|inlet|outlet)\s+)?heights?|(?-i:H)", ("height",)),
    (r"diameters?|(?-i:[Dd])", ("diameter",)),
    (r"radii|(?-i:R)", ("radius",)),
    (r"chords?(?:\s+lengths?)?|(?-i:c)", ("chord",)),
    (r"(?:(?:channel|duct)\s+)?widths?|(?-i:W)", ("width",)),
    (r"side(?:\s+|-)lengths?|(?:block\s+|obstacle\s+)?sides", ("side",)),
]
# sizes the readers of positions already count in ("5 D downstream", "10 step heights before the step",
# "20 chords behind the aerofoil"): a place counted in them is left to those readers
_COUNTED_ELSEWHERE = ("diameter", "step_height", "chord")
_SIZE_AFTER = r"(?:-\s*)?(?:long|high|tall|wide|deep|thick|across|in\s+(?:length|height|width|depth))\b"
_SIZE_NOUN = r"(?:length|height|width|depth|thickness|(?-i:[LHW]))"
_PLACE_AFTER = (r"(?:away\s+)?(?:(?:down|up)stream\s+(?:of|from)|from|after|behind|past|above|below|before|ahead\s+of)"
                r"\s+(?:the\s+)?(?:inlet|entrance|entry|inflow|outlet|exit|floor|bottom|top|ceiling|lower|upper|wall)\b")
_FRACTIONS = {"half": 1 / 2, "third": 1 / 3, "quarter": 1 / 4, "fourth": 1 / 4, "fifth": 1 / 5, "sixth": 1 / 6, "tenth": 1 / 10}
_DIM_NOUN = {"height": "height", "depth": "height", "width": "width", "length": "length", "diameter": "diameter",
             "radius": "radius", "chord": "chord", "side": "side"}
_NUMBER_WORDS = (r"(?:(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)(?:[- ](?:one|two|three|four|five|six|seven"
                 r"|eight|nine))?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen"
                 r"|sixteen|seventeen|eighteen|nineteen|a\s+hundred|one\s+hundred)")


_SYMBOLS = {"h": ("step_height", "height"), "H": ("height",), "D": ("diameter",), "d": ("diameter",), "W": ("width",),
            "c": ("chord",), "R": ("radius",)}


def symbol_sizes(text: str) -> dict[str, float]:
    """Sizes given to a symbol: "h = 10 mm" (a step's height where a step is named, else the height), "D = 2 cm"."""
    out: dict[str, float] = {}
    step = re.search(r"\bstep\b", text, re.I) is not None
    for m in re.finditer(rf"(?<![\w.])([hHDdWcR])\s*=\s*({NUM})\s*({UNIT})", text):
        names = _SYMBOLS[m.group(1)]
        name = names[0] if step or len(names) == 1 else names[1]
        out.setdefault(name, float(m.group(2)) * unit_factor(m.group(3)))
    return out


def reference_sizes(lengths: dict[str, float]) -> dict[str, float]:
    """The sizes a request may count in, from its named lengths: a radius gives the diameter and back."""
    refs = {k: v for k, v in lengths.items() if v > 0}
    if "diameter" not in refs and "radius" in refs:
        refs["diameter"] = 2 * refs["radius"]
    if "radius" not in refs and "diameter" in refs:
        refs["radius"] = refs["diameter"] / 2
    return refs


def _metres(value: float) -> str:
    return f"{value:.6g} m"


def _reference(word: str, refs: dict[str, float]) -> tuple[str, float] | None:
    """The size a reference word counts in ("diameters" -> ("diameter", 0.02)), if it is known."""
    for pattern, names in _REFERENCES:
        if re.fullmatch(pattern, word.strip(), re.I):
            for name in names:
                if name in refs:  # a size named but not known yet (0) stops the search: "h" of a step is not the height
                    return (name, refs[name]) if refs[name] > 0 else None
            return None
    return None


def _sub(pattern: str, text: str, value: Callable[[re.Match[str]], str | None]) -> str:
    """`text` with each match of `pattern` replaced by `value(match)` (kept as written when None)."""
    return re.sub(pattern, lambda m: value(m) or m.group(0), text, flags=re.I)


def absolute_lengths(text: str, refs: dict[str, float]) -> str:
    """`text` with the sizes counted in a known reference size written in metres: "30 D long" ->
    "0.6 m long", "upstream length: 5 step heights" -> "upstream length: 0.125 m", "15 times its 4 cm
    height" -> "0.6 m", "a third of the channel height" -> "0.02 m", "H/3" -> "0.02 m", "five side
    lengths downstream of the inlet" -> "0.254 m downstream of the inlet" (`refs`: `reference_sizes`)."""
    if not refs:
        return text
    ref_words = "|".join(f"(?:{p})" for p, _ in _REFERENCES)
    # "thirty step heights", "eight diameters": number words before a reference size as digits
    text = _sub(rf"\b{_NUMBER_WORDS}(?=\s+(?:{ref_words})\b)", text, lambda m: digits(m.group(0)))
    count = rf"(?<![\w.])({NUM})\s*(?:x\s*|×\s*|\*\s*|times\s+(?:the\s+|its\s+)?)?({ref_words})\b"

    def counted(m: re.Match[str], place: bool = False) -> str | None:
        ref = _reference(m.group(2), refs)
        if ref is None or (place and ref[0] in _COUNTED_ELSEWHERE):
            return None
        if re.fullmatch(r"[23]\s*D", m.group(0).strip(), re.I):
            return None  # "3D", "2 D": a dimensionality, not three diameters
        return _metres(float(m.group(1)) * ref[1])

    # a size: "30 D long", "10 channel heights high"
    text = _sub(rf"{count}(?=\s*{_SIZE_AFTER})", text, counted)
    # a size by its name: "length of 30 channel heights", "upstream length: 5 step heights", "L = 20H"
    # ("length is 4 times its height of 0.1 m": the reference's own size kept for its reader, "... and height 0.1 m")
    text = _sub(rf"(\b{_SIZE_NOUN}\s*(?:of|=|:|is)?\s*(?:about\s+)?){count}(?!\s*{_PLACE_AFTER})(\s+(?:of|=|:)\s*(?={NUM}))?", text,
                lambda m: (m.group(1) + v + (f" and {m.group(3)} " if m.group(4) else "")) if (v := counted(_Shifted(m))) else None)
    # a count that ends its clause is a size ("the passage after the step 30 step heights."); not a coordinate
    # ("x = 10 W") nor a diameter or a chord, which the place readers count in ("the cylinder sits at 5 D.",
    # "far field 15 chords")
    text = _sub(rf"(?<![xyz]=)(?<![xyz]\s=)(?<![xyz]=\s)(?<![xyz]\s=\s){count}(?=\s*(?:[.;,\n)]|$))", text,
                lambda m: None if (ref := _reference(m.group(2), refs)) and ref[0] in ("diameter", "radius", "chord") else counted(m))
    # a place counted in a size no other reader counts in: "five side lengths downstream of the inlet"
    text = _sub(rf"{count}(?=\s+{_PLACE_AFTER})", text, lambda m: counted(m, place=True))
    # "15 times its 4 cm height", "3 times the width"
    def times(m: re.Match[str]) -> str | None:
        if m.group(3):  # the reference said here too: kept for its own reader
            return (f"{_metres(float(m.group(1)) * float(m.group(2)) * unit_factor(m.group(3)))} "
                    f"(with a {m.group(2)} {m.group(3)} {m.group(4)})")
        ref = refs.get(_DIM_NOUN[m.group(4).lower()])
        return _metres(float(m.group(1)) * ref) if ref and not m.group(5) else None
    text = _sub(rf"(?<![\w.])({NUM})\s+times\s+(?:the|its|that)\s+(?:({NUM})\s*({UNIT})\s+)?(?:channel\s+)?"
                rf"(height|depth|width|length|diameter|radius|chord)\b(\s+of\b)?", text, times)

    # "depth is a third of its width", "the step rises a third of the channel height", "the narrow one a quarter of that height"
    def part(m: re.Match[str]) -> str | None:
        if m.group(4):  # the whole said here too: kept for its own reader
            return None
        whole = refs.get(_DIM_NOUN[m.group(5).lower()])
        return m.group(1) + _metres(whole * _FRACTIONS[m.group(2).lower()]) if whole else None
    text = _sub(rf"(\b(?:height|depth|width|length|thickness|is|rises|drops|falls|measures|by|one)\s+)(?:a|one)\s+"
                rf"(half|third|quarter|fourth|fifth|sixth|tenth)\s+(?:of\s+)?(?:the|its|that|this)\s+(?:({NUM})\s*({UNIT})\s+)?"
                rf"(?:channel\s+|duct\s+|cavity\s+)?(height|depth|width|length|diameter|chord)\b(?!\s+of\b)", text, part)
    # "0.12 m/4" (a symbol already written as its length): a length over a count
    text = _sub(rf"(?<![\w.])({NUM})\s*(mm|cm|m|in|ft)\s*/\s*(\d+(?:\.\d+)?)(?![\w./])", text,
                lambda m: _metres(float(m.group(1)) * unit_factor(m.group(2)) / float(m.group(3))) if float(m.group(3)) > 0 else None)
    # "H/3", "D/2": a symbol over a count
    return _sub(rf"(?<![\w/])((?-i:[HDWLhc]))\s*/\s*(\d+(?:\.\d+)?)(?![\w./])", text,
                lambda m: _metres(ref[1] / float(m.group(2))) if (ref := _reference(m.group(1), refs)) and float(m.group(2)) > 0
                else None)


class _Shifted:
    """A match seen from its second group on (the count after a size's name)."""

    def __init__(self, m: re.Match[str]) -> None:
        self._m = m

    def group(self, i: int) -> str:
        return self._m.group(0)[len(self._m.group(1)):] if i == 0 else self._m.group(i + 1)
