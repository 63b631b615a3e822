"""Value words of a change request: relative changes ("raise ... by 10 K", "double the inlet
velocity", "5 K warmer"), temperature differences, hot and cold patch words, surface tension.
Pure functions over text, re-exported by `tasks.edit.patch_words`."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from tasks.edit.patch_words_run import FACTOR_WORDS as _TIMES
from tasks.edit.patch_words_run import FACTOR_WORDS_RE as _TIMES_RE


_TENSION_WORDS = re.compile(r"\b(?:(?:surface|interfacial)\s+tension|sigma)\b", re.IGNORECASE)
# a value, not a factor of the present one ("sigma +50%", "surface tension x2", "2 times")
_TENSION_VALUE = re.compile(r"(?<![+x×*/\d.-])(\d*\.?\d+(?:e[-+]?\d+)?)\s*(mn/m|n/m|dynes?/cm|dyn/cm)?(?![\w/%.])"
                            r"(?!\s*(?:%|percent|per\s*cent|times\b|x\b))", re.IGNORECASE)
_TENSION_UNITS = {"n/m": 1.0, "mn/m": 1e-3, "dyn/cm": 1e-3, "dyne/cm": 1e-3, "dynes/cm": 1e-3}


def surface_tension(text: str) -> tuple[float, str] | None:
    """A surface tension the words state, in N/m, with the words: 'surface tension 0.03 N/m',
    'interfacial tension of 45 mN/m', 'sigma = 0.06'. A bare number of 1 or more is read in
    mN/m (no liquid pair has a surface tension of 1 N/m; water-air is 72 mN/m)."""
    for m in _TENSION_WORDS.finditer(text):
        clause = re.split(r"[;,]|\.(?!\d)", text[m.end():m.end() + 80], maxsplit=1)[0]
        v = _TENSION_VALUE.search(clause)
        if v is None:
            continue
        value = float(v.group(1))
        unit = (v.group(2) or ("mn/m" if value >= 1 else "n/m")).lower()
        return value * _TENSION_UNITS[unit], f"{m.group(0)} {v.group(0).strip()}"
    return None


# --- values changed relative to what the case has: "by 10 K", "by 50%", "double the inlet velocity" ---

_UP = r"increas|rais|heat|warm|speed|accelerat|add|boost|higher|faster|hotter|up\b"
_DOWN = r"decreas|reduc|lower|cool|drop|slow|cut|subtract|colder|slower|down\b"


def increment_sign(before: str) -> int | None:
    """+1 or -1 when the words right before a stated value make it a change of the present
    value ("raise the floor temperature by 10 K", "lower the inlet velocity by 2 m/s",
    "cool the hot wall by 5 K"); None when the value is the new value itself."""
    clause = re.split(r"[.;,]|\band\b", before.lower())[-1]
    if not re.search(r"\bby\s*$", clause):
        return None
    if re.search(rf"\b(?:{_DOWN})", clause):
        return -1
    return 1 if re.search(rf"\b(?:{_UP})", clause) else None


_SCALED = re.compile(
    rf"\b(?P<word>{_TIMES_RE})\s+(?P<what>(?:the\s+)?(?:(?!(?:and|then|but|while)\b)[\w-]+\s+){{0,5}}?(?P<kind>velocity|speed|temperature|pressure|viscosity|density|flow ?rate|mass flow|discharge))\b"
    r"|\b(?P<verb>increas\w*|rais\w*|reduc\w*|decreas\w*|lower\w*|cut\w*|boost\w*)\s+(?P<what2>(?:the\s+)?[\w\s-]{0,40}?\b"
    r"(?P<kind2>velocity|speed|temperature|pressure|viscosity|density|flow ?rate|mass flow|discharge))\s+by\s+(?P<pct>\d+(?:\.\d+)?)\s*(?:%|percent)"
    r"|\b(?P<what3>(?:the\s+)?[\w\s-]{0,40}?\b(?P<kind3>velocity|speed|temperature|pressure|viscosity|density|flow ?rate|mass flow|discharge))\s+(?:\w+\s+){0,2}"
    r"(?P<pct3>\d+(?:\.\d+)?)\s*(?:%|percent)\s+(?P<dir>lower|higher|faster|slower|smaller|larger|greater|less|more)\b")


def scaled_values(text: str) -> list[tuple[str, str, float]]:
    """(kind, the words naming it, factor) for each value the words scale without giving it:
    'double the inlet velocity' (velocity, 'the inlet velocity', 2), 'increase the lid speed by
    50%' (velocity, ..., 1.5), 'reduce the outlet pressure by 10 percent' (pressure, ..., 0.9).
    Kinds: velocity (speed), temperature, pressure, viscosity, density ('twice as viscous'),
    flow_rate (flow rate, mass flow, discharge)."""
    out = []
    for m in _SCALED.finditer(text.lower()):
        if m.group("word"):
            kind, what, factor = m.group("kind"), m.group("what"), _TIMES[m.group("word")]
        elif m.group("pct3"):  # "make the inlet velocity 25% lower"
            pct = float(m.group("pct3")) / 100
            down = m.group("dir") in ("lower", "slower", "smaller", "less")
            kind, what, factor = m.group("kind3"), m.group("what3"), (1 - pct) if down else (1 + pct)
        else:
            pct = float(m.group("pct")) / 100
            down = re.match(rf"(?:{_DOWN})", m.group("verb"))
            kind, what, factor = m.group("kind2"), m.group("what2"), (1 - pct) if down else (1 + pct)
        kind = {"speed": "velocity", "mass flow": "flow_rate", "discharge": "flow_rate"}.get(kind, kind)
        out.append(("flow_rate" if kind.startswith("flow") else kind, what.strip(), factor))
    taken = [m.span() for m in _SCALED.finditer(text.lower())]
    for m in _AS_FAST.finditer(text.lower()):  # "make the lid go twice as fast", "the inflow 40 % faster"
        if any(a < m.end() and m.start() < b for a, b in taken):
            continue
        clause = re.split(r"[.;,]|\band\b", text.lower()[:m.start()])[-1]
        if _NOT_FLOW.search(clause):
            continue  # a rotor spun faster, a run made faster: no velocity of a patch
        if m.group("pct"):
            n = 1.0 + float(m.group("pct")) / 100 * (-1 if m.group("dir") == "slower" else 1)
        elif m.group("n"):
            n = float(m.group("n")) if m.group("fs") == "faster" else 1.0 / float(m.group("n"))
        else:
            n = _TIMES[m.group("word")]
        out.append(("velocity", clause.strip(), n))
    for m in _AS_PROPERTY.finditer(text.lower()):  # "twice as viscous", "3 times more viscous", "25 % less viscous"
        if m.group("pct"):
            n = 1.0 + float(m.group("pct")) / 100 * (-1 if m.group("dir") == "less" else 1)
        else:
            n = float(m.group("n")) if m.group("n") else _TIMES[m.group("word")]
        out.append(("viscosity" if m.group("adj") in ("viscous", "thick") else "density", m.group(0), n))
    return out


_AS_FAST = re.compile(rf"\b(?:(?P<word>{_TIMES_RE})\s+as\s+fast|(?P<n>\d+(?:\.\d+)?)\s*(?:times|x)\s+(?P<fs>faster|slower)"
                      r"|(?P<pct>\d+(?:\.\d+)?)\s*(?:%|percent|per cent)\s+(?P<dir>faster|slower))\b")
_NOT_FLOW = re.compile(r"\b(?:rotor|spin\w*|rotat\w*|rpm|omega|impeller|fan|propeller|mixer|stirrer|run|simulation|solver|"
                       r"computation|code|job)\b")
_AS_PROPERTY = re.compile(rf"(?:\b(?:(?P<n>\d+(?:\.\d+)?)\s*(?:times|x)|(?P<word>{_TIMES_RE}))\s+(?:as\s+|more\s+)"
                          r"|(?P<pct>\d+(?:\.\d+)?)\s*(?:%|percent|per cent)\s+(?P<dir>more|less)\s+)"
                          r"(?P<adj>viscous|thick|dense)\b")


# --- relative words right after a value, temperature differences, hot and cold patch words ---

_AFTER_UP = r"warmer|hotter|higher|more|greater|larger|faster"
_AFTER_DOWN = r"colder|cooler|lower|less|smaller|slower"
_AFTER_RELATIVE = re.compile(rf"\s*(?:(?P<up>{_AFTER_UP})|(?P<down>{_AFTER_DOWN}))\b(?!\s+than\b)", re.IGNORECASE)


def after_sign(after: str) -> int | None:
    """+1 or -1 when the words right after a stated value make it a change of the present value
    ("50 K warmer", "5 degrees colder", "2 m/s faster"); None when they do not ("10 K lower
    than the wall" compares, it does not change)."""
    m = _AFTER_RELATIVE.match(after)
    if m is None:
        return None
    return 1 if m.group("up") else -1


_TEMPERATURE_SCALES = ((re.compile(r"°?\s*(?:deg(?:rees?)?\s*)?(?:f\b|fahrenheit)|°f|degf|rankine|\br\b"), 5.0 / 9.0),
                       (re.compile(r"k\b|kelvin|°?\s*c\b|°c|degc|celsius|centigrade|deg(?:rees?)?\b"), 1.0))


def temperature_difference(quantity: str) -> float | None:
    """A temperature as written ("10 degC", "18 °F", "5 K") read as a difference in kelvin (10,
    10, 5): a change of 10 degC is 10 K, not 283.15 K. None when its unit is not a temperature."""
    m = re.match(r"\s*([-+]?\d*\.?\d+(?:[eE][-+]?\d+)?)\s*(.*)$", quantity)
    if m is None:
        return None
    number, unit = float(m.group(1)), m.group(2).strip().lower()
    for pattern, scale in _TEMPERATURE_SCALES:
        if pattern.match(unit):
            return number * scale
    return None


_HOT_COLD = re.compile(r"\b(?P<hot>hot|hotter|hottest|heated|heating|warm|warmer|warmest)\b"
                       r"|\b(?P<cold>cold|colder|coldest|cool|cooler|coolest|cooled|cooling|chilled)\b")


def hot_or_cold(segment: str) -> str | None:
    """'hot' or 'cold' for the last hot or cold word of the words before a value ("the heated
    wall", "and the cold side"), leaving out a relative word that belongs to the value before
    ("5 K warmer and the cooled wall": cold). None when there is none."""
    low = _AFTER_RELATIVE.sub("", segment.lower(), count=1) if _AFTER_RELATIVE.match(segment) else segment.lower()
    found = list(_HOT_COLD.finditer(low))
    if not found:
        return None
    return "hot" if found[-1].group("hot") else "cold"


def extreme_patch(word: str, values: Mapping[str, float], among: Iterable[str] | None = None) -> str | None:
    """The patch a hot or cold word means: of the patches with a fixed temperature (`values`,
    patch -> K; only those in `among` when given), the one with the highest (hot) or lowest
    (cold) value; None when they all hold the same value or two share the extreme."""
    pool = {p: v for p, v in values.items() if among is None or p in set(among)}
    if len(set(pool.values())) < 2:
        return None
    best = (max if word == "hot" else min)(pool.values())
    chosen = [p for p, v in pool.items() if v == best]
    return chosen[0] if len(chosen) == 1 else None
