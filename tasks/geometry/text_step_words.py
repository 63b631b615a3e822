"""A step said by what its floor does rather than named: "the floor drops by 5 cm", "a 5 cm tall inlet
passage along the ceiling, then ..." (a backward-facing step), "the floor rises by 2 cm" (a forward-facing
one). Pure functions."""

from __future__ import annotations

import re

from tasks.geometry.spec import Shape, unit_factor
from tasks.geometry.text_numbers import LENGTH

_WALL = r"(?:floor|bottom(?:\s+wall)?|bed|lower\s+wall)"
_ADVERB = r"(?:(?:suddenly|abruptly|sharply|vertically)\s+)?"
_DOWN = re.compile(rf"\b{_WALL}\s+(?:then\s+)?{_ADVERB}(?:drops|falls|steps\s+down|goes\s+down|jumps\s+down|is\s+lowered)\b"
                   rf"|\b(?:sudden\s+|abrupt\s+)?drop\s+(?:in|of)\s+the\s+{_WALL}"
                   r"|\b(?:inlet|entry|upstream|entrance)\s+(?:passage|duct|channel|section|slot)\b[^.;]{0,40}?"
                   r"\balong\s+the\s+(?:ceiling|top(?:\s+wall)?|roof|upper\s+wall)\b", re.I)
_UP = re.compile(rf"\b{_WALL}\s+(?:then\s+)?{_ADVERB}(?:rises|steps\s+up|goes\s+up|jumps\s+up|is\s+raised)\b"
                 rf"|\b(?:sudden\s+|abrupt\s+)?rise\s+(?:in|of)\s+the\s+{_WALL}", re.I)


def stepped_channel(text: str) -> Shape | None:
    """"backward_step" for a channel whose floor drops (or that enters along the ceiling), "forward_step"
    for one whose floor rises, else None."""
    down, up = _DOWN.search(text), _UP.search(text)
    if down and not up:
        return "backward_step"
    if up and not down:
        return "forward_step"
    return None


_DROP = re.compile(rf"\b{_WALL}\s+(?:then\s+)?{_ADVERB}(?:drops|falls|steps\s+(?:down|up)|rises|goes\s+(?:down|up)|jumps\s+(?:down|up)"
                   rf"|is\s+(?:lowered|raised))\s+{_ADVERB}(?:by\s+)?{LENGTH}", re.I)
_STEP_HEIGHT = re.compile(rf"\bstep(?:'s)?\s+(?:of\s+)?height\s*(?:of|=|:|is)?\s*{LENGTH}", re.I)  # "step height 0.02 m"
# the section after the step, by its two sizes: "downstream the duct is 0.1 m by 0.1 m in section", "into a 10 x 10 cm section"
_AFTER = re.compile(rf"\b(?:downstream|after\s+(?:the\s+)?step|beyond\s+(?:the\s+)?step|into|then)\b[^.;]{{0,40}}?(?<![\w.])"
                    rf"{LENGTH}\s*(?:x|by|×)\s*{LENGTH}\s+(?:in\s+)?(?:square\s+)?(?:cross[- ]?)?section", re.I)


def step_lengths(shape: str, text: str) -> dict[str, float]:
    """A step's sizes said by what its floor does: the step height ("the floor drops by 0.05 m", "step height
    2 cm") and, for a backward step, the height of the square section after it ("downstream the duct is 0.1 m by
    0.1 m in section"; a section of two different sizes does not say which is its height)."""
    out: dict[str, float] = {}
    drop = _DROP.search(text) or _STEP_HEIGHT.search(text)
    if drop and drop.group(2):
        out["step_height"] = float(drop.group(1)) * unit_factor(drop.group(2))
    after = _AFTER.search(text)
    if after and after.group(4) and shape == "backward_step":
        a = float(after.group(1)) * unit_factor(after.group(2) or after.group(4))
        b = float(after.group(3)) * unit_factor(after.group(4))
        if abs(a - b) < 1e-12:  # a square section: its height whichever size is said first
            out["outlet_height"] = a
    return out


def with_step_lengths(shape: str, text: str, lengths: dict[str, float]) -> dict[str, float]:
    """`lengths` with the step's sizes said by its floor or as "step height" added (those already read kept), and
    without a section height that is the step height read as one ("step height 20 mm" is not a 20 mm channel)."""
    stepped = step_lengths(shape, text)
    out = {**stepped, **lengths}
    if "step_height" not in lengths and "step_height" in stepped and out.get("channel_height") == stepped["step_height"] \
            and _STEP_HEIGHT.search(text):
        del out["channel_height"]
    return out


_RATIO_BEFORE_NOUN = re.compile(r"\b((?:expansion|contraction|area|height)\s+ratio\s*(?:of|=|:|is)?\s*[\d.]+)\s+"
                                r"(?=(?:backward|forward|rearward|step|channel|duct)\b)", re.I)
_RATIO_LABEL = re.compile(r"\b((?:expansion|contraction|area|height|step)\s+ratio)\s*\(\s*[A-Za-z_]{1,8}\s*/\s*[A-Za-z_]{1,8}"
                          r"\s*\)", re.I)


def unlabelled_ratios(text: str) -> str:
    """`text` without the symbol label of a section ratio ("expansion ratio (H/h) 1.5" -> "expansion ratio 1.5")
    and with the ratio parted from the noun it qualifies ("expansion ratio 2 step" -> "expansion ratio 2, step")."""
    return _RATIO_BEFORE_NOUN.sub(r"\1, ", _RATIO_LABEL.sub(r"\1", text))


def passage_origin(ys: list[float], dims: dict[str, float]) -> float | None:
    """The y of a step's foot when the only y range given is the narrow passage over the step ("the inlet duct
    is 0.05 m high, y from 0.05 to 0.1 m" with a 0.05 m step in a 0.1 m channel), else None."""
    if len(ys) != 2 or "step_height" not in dims or "height" not in dims:
        return None
    narrow, span = dims["height"] - dims["step_height"], ys[1] - ys[0]
    if narrow <= 0 or abs(span - narrow) > 1e-9 * dims["height"]:
        return None
    return round(ys[0] - dims["step_height"], 12)
