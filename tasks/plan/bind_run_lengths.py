"""The reference length a dimensionless group's words name on a blockMesh base: "Re = 10^4 based
on the step height" (the step of a backward-facing step: the domain's size across the inlet less
the inlet's height), "based on the inlet height", "the lid length", "the outlet width", "the
channel height", "the cavity side". Pure: the binder (tasks/plan/bind_run_groups.py) hands in the
lengths the base has; this picks the one the words name.
"""

from __future__ import annotations

import re

from tasks.plan.stated import based_on

# reference words -> the length they name, the first that fits
_NAMED: tuple[tuple[str, str], ...] = (
    ("step", r"\bsteps?\b(?:[\s-]+(?:height|size|depth))?"),
    ("lid", r"\blid\b|\bmoving\s+wall\b|\bsliding\s+wall\b"),
    ("inlet", r"\binlet\b|\binflow\s+(?:height|width|channel|section)\b|\bentrance\b|\bupstream\s+channel\b"),
    ("outlet", r"\boutlet\b|\bexit\b|\bdownstream\s+channel\b"),
    ("half", r"\bhalf[- ]?(?:(?:channel|duct|gap)[- ]?)?(?:height|width|gap|depth)\b|\b(?:channel|duct)(?:'s)?\s+half[- ]?"
             r"(?:height|width)\b|\bδ\b|\bdelta\b"),
    ("height", r"\b(?:channel|duct|domain|gap|cavity|box)\s+(?:height|width)\b|\bheight\s+of\s+the\s+"
               r"(?:channel|duct|domain|gap|cavity|box)\b"),
    ("side", r"\b(?:cavity|box|domain|square)(?:'s)?\s+(?:side|length|size)\b"
             r"|\bside\s+(?:length|of\s+the\s+(?:cavity|box|square))\b"),
)
# a patch named for its speed, temperature, ... ("based on the inlet speed") names no length
_NOT_A_LENGTH = re.compile(r"\s*(?:speed|velocit|flow|temperature|pressure|condition|mass|rate|value|turbulen)", re.I)
WINDOW = 60  # characters after the group that can name its reference length


def named_reference(text: str, end: int) -> str | None:
    """The reference the words right after a group (ending at `end` of the lower-case text) name
    ("step", "lid", "inlet", "outlet", "half" (height), "height", "side"), joined to it by "based on", "on", "with",
    "(", ...; None when they name none."""
    window = re.split(r"[.;\n]\s|[;\n]", text[end:end + WINDOW])[0]
    hits = [(m.start(), name) for name, pattern in _NAMED for m in re.finditer(pattern, window)
            if not _NOT_A_LENGTH.match(window, m.end())]
    if not hits:
        return None
    at, name = min(hits)
    before = window[:at]
    if re.search(r"\d", before) or not based_on(before):
        return None
    return name


def step_height(domain: list[float], inlet: list[float], flat: set[int]) -> float | None:
    """The height of a backward-facing step: along the inlet's resolved direction, the domain's
    size less the inlet's (None when the inlet spans the domain: no step)."""
    axes = [a for a in range(3) if a not in flat and inlet[a] > 0]
    if not axes:
        return None
    axis = max(axes, key=lambda a: inlet[a])
    step = domain[axis] - inlet[axis]
    return step if step > 1e-12 * max(domain[axis], 1e-30) else None
