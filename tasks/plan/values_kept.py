"""Which quantities read from a request are stated values of the case, and which are not one
value: the upper end of a range ("between 290 and 310 K"), a dimensionless group the request
explains by the value it stands for ("Ha 10 (..., so B = 10 T)"), a velocity vector the field
binder writes whole (along no one axis, or named by its field: "U (0 0 5) m/s").

Pure functions over the normalised request text and tasks.plan.extract's quantities.
"""

from __future__ import annotations

import re

from tasks.plan.controls_relative import relative_sizes
from tasks.plan.extract import GROUP_KINDS, TAKES_TIME, Quantity
from tasks.plan.values_vectors import find_vectors

_BARE_NUM = r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?"
# the upper end of a range of values: "between 290 and 310 K", "ranging from 1 to 3 bar", "290–310 K",
# "290..310 K" (a range of lengths or times is read as before: a shape's extent, a run's span)
_RANGE_BEFORE = re.compile(
    rf"(?:\bbetween\s+{_BARE_NUM}\s*(?:[^\s\d,;]+\s*)?and"
    rf"|\b(?:rang(?:e|es|ing)|vary|varies|varying|spanning|spans?|sweep(?:ing)?)\s+(?:from\s+|of\s+|over\s+)?"
    rf"{_BARE_NUM}\s*(?:[^\s\d,;]+\s*)?(?:to|-|–|and)"
    rf"|(?<![\w.]){_BARE_NUM}\s*(?:\.\.|–|—|\s-(?=\s))"  # "290–310 K", "2 - 3 l/min"
    # "2 to 3 m/s", "2 m/s to 3 m/s", "2-3 m/s": not a change ("ramp from 0 to 10 m/s", "raise it 2 to 3 m/s")
    # (a power in a unit is no low end: "6 W/(m^2 K) to 10 degC")
    rf"|(?<![\w.\-^]){_BARE_NUM}\s*(?:[^\s\d,;]+\s*)?to|(?<![\w.\-^]){_BARE_NUM}-)\s*$", re.I)
_CHANGE_BEFORE = re.compile(r"\b(?:ramp\w*|increas\w*|decreas\w*|rais\w*|lower\w*|reduc\w*|accelerat\w*|rise|rises|"
                            r"rising|drops?|dropping|goes|going|go|chang\w*|grow\w*)\b[^,;.\n]*$", re.I)
# the end of a range the request says to use: "between 2 and 3 m/s, use the upper end", "(take the lower value)"
_WHICH_END = re.compile(r"^[^.;\n\d]{0,12}?\b(?:use|take|pick|choose|with|at|set)\s+(?:the\s+)?"
                        r"(?P<end>upper|higher|top|max(?:imum)?|high|lower|bottom|min(?:imum)?|low)\b", re.I)


def range_start(text: str, q: Quantity) -> int | None:
    """Where the range a quantity ends starts ("between 290 and 310 K"), or None when it is one value."""
    if q.kind in ("length", "time", "iterations", "cells", "count"):
        return None  # a span of time is the run's ("over 0–2 s": end at 2 s), of lengths the shape's extent
    m = _RANGE_BEFORE.search(text, max(0, q.start - 60), q.start)
    if m is None:
        return None
    if re.search(r"(?:\bto|\d-)\s*$", m.group(0)) and not re.search(r"\b(?:between|rang|var|span|sweep)", m.group(0), re.I) \
            and _CHANGE_BEFORE.search(text[max(0, m.start() - 40):m.start()]):
        return None  # "ramp the inlet from 0 to 10 m/s": the value it ends at
    if re.search(r"(?:\bto|\d-)\s*$", m.group(0)) and TAKES_TIME.search(text[q.start + len(q.text):]):
        return None  # "from 300 K to 350 K until t = 3 s": a ramp's end
    from tasks.plan.extract import quantities

    low = quantities(m.group(0))
    if low and low[0].kind != q.kind:
        return None  # "h 2.5 W/(m2 K) to 26 degC": a coefficient and its ambient; a range's ends measure one thing
    return m.start()


def range_end_chosen(text: str, q: Quantity) -> str | None:
    """"upper" or "lower" when the words after a range say which end to use, else None."""
    m = _WHICH_END.search(text[q.start + len(q.text):q.start + len(q.text) + 60])
    if m is None:
        return None
    return "upper" if m.group("end").lower() in ("upper", "higher", "top", "max", "maximum", "high") else "lower"


# "Hartmann number 10 (..., so B = 10 T)", "Fr 0.5 (i.e. U = 1.1 m/s)": the bracket states the value the
# group stands for; that value is the stated one
_EXPLAINED = re.compile(r"\s*\([^()]*?\b(?:so|i\.?\s?e\.?|hence|giving|thus|that is|which gives|meaning)\b"
                        r"[^()]*?(?:=|:)\s*[-+]?\.?\d[^()]*\)", re.I)


def off_axis(q: Quantity) -> bool:
    """A velocity stated as a vector along no one axis ("(10 1 0) m/s", "10 m/s in x and 1 m/s in y"):
    the field binder writes it whole (tasks.plan.fields reads it as a value of U by its unit); a
    role binder would write its size along the base's direction."""
    return q.vector is not None and sum(1 for c in q.vector if c) > 1


# the velocity field by its name (the field's symbol or canonical/entry_names.yaml's "velocity vector"),
# then a place and linking words, as tasks.plan.fields reads a value it gives a field by name
_VECTOR_NAME = re.compile(r"(?<![\w.'/-])(?:U(?:\.\w+)?|[Vv]elocity [Vv]ector)(?![\w'/-])"
                          r"(?:\s+(?:at|on|along|across|through|for)\s+(?:the\s+|both\s+|all\s+)?(?:[A-Za-z-]+\s+)??[A-Za-z-]+)?"
                          r"\s*(?:(?:should|must|shall|will|would|to)\s+be\s+|is\s+|are\s+|of\s+|=\s*|:\s*|be\s+)?"
                          r"(?:(?:fixed|set|held|kept|equal)\s+(?:at|to)\s+|at\s+|to\s+)?$")


def named_vectors(text: str) -> set[int]:
    """Where the request gives the velocity field a vector by its name ("U (0 0 5) m/s", "velocity
    vector (0 0 5) m/s"): the field binder (tasks.plan.fields) writes those whole."""
    return {v.start for v in find_vectors(text) if _VECTOR_NAME.search(text, max(0, v.start - 60), v.start)}


# a length that only says what a rate is per: "50 m3/s (per the 1 m depth of the 2D domain)", "per 1 m of span"
_PER_LENGTH = re.compile(r"\bper\s+(?:the\s+|a\s+|unit\s+|each\s+)?$", re.I)


def explained(text: str, q: Quantity) -> bool:
    """A dimensionless group followed by a bracket giving the value it implies; a length a rate is said per
    ("per the 1 m depth"): the unit of the rate, no size of the case."""
    if q.kind == "length" and _PER_LENGTH.search(text[max(0, q.start - 20):q.start]):
        return True
    return q.kind in GROUP_KINDS and _EXPLAINED.match(text, q.start + len(q.text)) is not None


# a group said as the name of the tutorial it describes ("Periodic channel (Re_tau 395 tutorial)")
_NAMES_THE_BASE = re.compile(r"\s*(?:tutorial|example|benchmark|reference\s+case|case\s+from)\b", re.I)


def names_the_base(text: str, q: Quantity) -> bool:
    """A Reynolds number right before "tutorial" ("(Re_tau 395 tutorial)"): which case, no value to set."""
    return q.kind in ("reynolds", "friction_reynolds") and _NAMES_THE_BASE.match(text, q.start + len(q.text)) is not None


def relative_cell_size(text: str, q: Quantity) -> bool:
    """A ratio inside a cell size said relative to the base's ("cells 50 % of the original size",
    "cells a third of the current size"): the mesh refinement's (tasks.plan.controls_relative), no value."""
    return q.kind == "fraction" and any(r.start <= q.start < r.start + len(r.text) for r in relative_sizes(text))
