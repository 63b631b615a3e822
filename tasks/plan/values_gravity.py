"""Gravity written as a signed component or a vector ("g = -9.81 y", "-9.8 g in y", "g=(0 -9.7 0)
m/s2", "gravity vector (0 0 -9.81)", "g = -9.81") put in the words the request reader takes as a gravity
with its direction: "gravity 9.81 m/s2 along -y" (a bare "g = -9.81": along the case's own). A bare "g" after a number is otherwise a gram, and a
vector after "g" no quantity at all. A vector with more than one non-zero component is left as
written. Pure: text in, text out.
"""

from __future__ import annotations

import re

_NUM = r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?"
_ACCEL = r"(?:\s*(?:m\s*/\s*s\s*(?:\^\s*2|\*\*\s*2|2|²)|m\s*s\s*\^?\s*-\s*2|m/sec\^?2))?"
_AXIS = r"(?P<sign>[+-])?\s*(?P<axis>[xyz])(?:[\s-]*(?:direction|axis|component))?(?![\w])"
_GRAVITY_WORD = r"(?:gravity|gravitational\s+acceleration|acceleration\s+(?:of|due\s+to)\s+gravity|g)"
_LINK = r"\s*(?:=|:|is|of)?\s*"
# "g = -9.81 y", "gravity: -9.81 in y", "g = 9.81 m/s2 along -z"
_COMPONENT = re.compile(rf"(?<![\w.]){_GRAVITY_WORD}(?:\s+vector)?{_LINK}(?P<num>{_NUM}){_ACCEL}\s*"
                        rf"(?:(?:in|along|towards?|pointing)\s+(?:the\s+)?)?{_AXIS}", re.I)
# "-9.8 g in y", "9.81 g along -z" (a number, then g, then its axis)
_NUMBER_FIRST = re.compile(rf"(?<![\w.])(?P<num>{_NUM})\s*g\s+(?:(?:in|along|towards?|pointing)\s+(?:the\s+)?){_AXIS}",
                           re.I)
# "g = -9.81", "g: 9.8" with neither unit nor axis: a gravity along the case's own (a gram has no "=")
_BARE = re.compile(rf"(?<![\w.])(?:gravity|g)\s*(?:=|:)\s*(?P<num>{_NUM})(?!\w|\.\d|\s*(?:(?!(?:down(?:wards?)?|pointing|acting|"
                   rf"vertical(?:ly)?)\b)[a-zA-Z/(]|\d))", re.I)  # "g = 9.81 downward": the case's own direction
# "g = (0 -9.7 0) m/s2", "gravity vector (0, 0, -9.81)"
_VECTOR = re.compile(rf"(?<![\w.]){_GRAVITY_WORD}(?:\s+vector)?{_LINK}\(\s*(?P<x>{_NUM})\s*[,\s]\s*(?P<y>{_NUM})\s*[,\s]\s*"
                     rf"(?P<z>{_NUM})\s*\){_ACCEL}", re.I)


def _fmt(value: float) -> str:
    return f"{value:g}"


def _words(value: float, axis: str, sign: str) -> str:
    """"gravity <|value|> m/s2 along <signed axis>" for `value` along the (signed) axis."""
    negative = (value < 0) != (sign == "-")
    return f"gravity {_fmt(abs(value))} m/s2 along {'-' if negative else '+'}{axis.lower()}"


def gravity_forms(text: str) -> str:
    """The text with each gravity given as a signed component or a one-axis vector written as
    "gravity <magnitude> m/s2 along <signed axis>"."""

    def component(m: re.Match[str]) -> str:
        return _words(float(m.group("num")), m.group("axis"), m.group("sign") or "")

    def vector(m: re.Match[str]) -> str:
        parts = [float(m.group(a)) for a in "xyz"]
        nonzero = [i for i, v in enumerate(parts) if v != 0]
        if len(nonzero) != 1:
            return m.group(0)
        return _words(parts[nonzero[0]], "xyz"[nonzero[0]], "")

    text = _VECTOR.sub(vector, text)
    text = _COMPONENT.sub(component, text)
    text = _NUMBER_FIRST.sub(component, text)
    return _BARE.sub(lambda m: f"gravity {_fmt(abs(float(m.group('num'))))} m/s2", text)


_SENTENCE_STOP = re.compile(r"[;!?\n]|\.(?!\d)")
_GRAVITY_NAMED = re.compile(r"(?<![\w.])(?:gravity|gravitational|g)(?![\w.])", re.I)


def gravity_words(text: str, at: int) -> str:
    """The words from the last gravity word before `at` in its sentence up to `at` ("gravity along -x
    (", "g acting in the negative z direction, magnitude "): where a gravity's direction is said
    when it is not right beside its value; "" when the sentence names no gravity before it."""
    start = max([0] + [m.end() for m in _SENTENCE_STOP.finditer(text[:at])])
    named = list(_GRAVITY_NAMED.finditer(text[start:at]))
    return text[start + named[-1].start():at] if named else ""
