"""Factors of the present value said in words, written as the symbols the rules of `modify`
read: "one and a half times as long" is "endTime x1.5", "1.2 times what is set now" and "at
90 % of its present speed" are "x1.2" and "x0.9", "a fifth slower" is "-20%", "up by a
quarter" is "+25%". A leaf of the rules of `modify`: it reads words only."""

from __future__ import annotations

import re

_NUM = r"\d+(?:\.\d+)?"
_WHOLE = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5}
_PART = {"half": 0.5, "third": 1 / 3, "quarter": 0.25, "fifth": 0.2, "tenth": 0.1}
_PARTS = {"a half": 0.5, "one half": 0.5, "a third": 1 / 3, "one third": 1 / 3, "a quarter": 0.25,
          "one quarter": 0.25, "a fifth": 0.2, "one fifth": 0.2, "a tenth": 0.1, "one tenth": 0.1,
          "two thirds": 2 / 3, "three quarters": 0.75}
_PARTS_RE = "|".join(sorted(_PARTS, key=len, reverse=True))

# "one and a half times", "two and a quarter times": a whole number and a part
_MIXED = re.compile(rf"\b(?P<whole>{'|'.join(_WHOLE)}|\d+)\s+and\s+an?\s+(?P<part>{'|'.join(_PART)})\b", re.I)
# the present value a factor applies to ("what is set now", "the current value", "its present speed")
_PRESENT = (r"(?:what\s+(?:is\s+set|it\s+is|we\s+have|there\s+is|is\s+there|it'?s)(?:\s+(?:now|set|at\s+present|currently))?"
            r"|(?:the|its|their)\s+(?:present|current|existing|old)\s+(?:value|setting|one|\w+)|(?:the\s+)?value\s+now|now)")
# "1.5 times as long", "1.5 times longer", "run 1.5x as long": a factor of the run's length with a
# decimal point (whole factors, "run 2x as long", are the run-control rules' to read)
_AS_LONG = re.compile(rf"(?:\b(?:run|simulate|go)\s+(?:for\s+)?)?(?<![\w.])(?P<n>\d+\.\d+)\s*(?:times|[x×])\s+"
                      rf"(?:as\s+long|longer)\b(?:\s+as\s+(?:now|before|it\s+is))?", re.I)
# "1.2 times what is set now", "0.8 times the present value": a factor of the present value
_TIMES_PRESENT = re.compile(rf"(?<![\w.])(?P<n>{_NUM})\s*(?:times|[x×])\s+{_PRESENT}\b", re.I)
# "at 90 % of its present speed", "90 percent of what it is now"
_PERCENT_OF = re.compile(rf"(?:\bat\s+)?(?<![\w.])(?P<n>{_NUM})\s*(?:%|percent\b|per\s*cent\b)\s+of\s+{_PRESENT}\b", re.I)
# "a fifth slower", "a quarter faster", "up by a third", "a tenth less"
_UP = r"faster|quicker|higher|more|larger|bigger|greater|hotter|warmer|longer|up|increased|raised"
_DOWN = r"slower|lower|less|smaller|colder|cooler|shorter|down|reduced|decreased|cut"
_PART_THEN_DIR = re.compile(rf"\b(?P<part>{_PARTS_RE})\s+(?P<dir>{_UP}|{_DOWN})\b", re.I)
# "up by a quarter", "raise the inlet by a third", "cut it by half": the verb before says the sign
_BY_PART = re.compile(rf"\bby\s+(?P<part>{_PARTS_RE}|half)\b", re.I)


def _number(value: float) -> str:
    return f"{value:.12g}"


def _signed(direction: str, part: str) -> str:
    pct = _PARTS[" ".join(part.lower().split())] * 100
    sign = "-" if re.fullmatch(rf"{_DOWN}|reduce|decrease|lower", direction, re.I) else "+"
    return f"{sign}{_number(pct)}%"


# a measured value's uncertainty: "12.0 ± 0.2 m/s", "9.5 +/- 0.1", "80 ± 1 cm/s", "300 K ± 0.5 K", "(± 2 %)"
_UNIT_WORD = r"(?:[a-zA-Zµμ°%][\w/°²³^.·*-]*)"
_UNCERTAINTY = re.compile(rf"(?<=[\d\w%)(])\s*(?:±|\+\s*/\s*-|\+-|\+\s*or\s*-|plus\s+or\s+minus)\s*{_NUM}(?:e[-+]?\d+)?"
                          rf"(?:\s*%|\s*{_UNIT_WORD}(?=\s*(?:$|[,;.)\n]|\s(?:and|with|at|for|on|in)\b)))?", re.I)
_NOMINAL_UNIT = re.compile(rf"(?<![\w.])(?P<n>{_NUM}(?:e[-+]?\d+)?)\s*(?:±|\+\s*/\s*-|\+-|plus\s+or\s+minus)\s*{_NUM}"
                           rf"(?:e[-+]?\d+)?\s*(?P<unit>(?!%){_UNIT_WORD})", re.I)


def nominal_values(text: str) -> str:
    """The request with each measured value's uncertainty dropped, its unit kept on the nominal
    value: "12.0 ± 0.2 m/s" is "12.0 m/s", "300 K ± 0.5 K" is "300 K", "1.6e-5 m2/s (± 2 %)" is
    "1.6e-5 m2/s ()"."""
    text = _NOMINAL_UNIT.sub(lambda m: f"{m.group('n')} {m.group('unit')}", text)
    return _UNCERTAINTY.sub("", text)


def spelled_factors(text: str) -> str:
    """The request with factors of the present value written as symbols (see the module), and
    measured values at their nominal value (nominal_values)."""
    text = nominal_values(text)
    text = _MIXED.sub(lambda m: _number(int(_WHOLE.get(m.group("whole").lower(), m.group("whole")))
                                        + _PART[m.group("part").lower()]), text)
    text = _AS_LONG.sub(lambda m: f"endTime x{m.group('n')}", text)
    text = _TIMES_PRESENT.sub(lambda m: f"x{m.group('n')}", text)
    text = _PERCENT_OF.sub(lambda m: f"x{_number(float(m.group('n')) / 100)}", text)
    text = _PART_THEN_DIR.sub(lambda m: _signed(m.group("dir"), m.group("part")), text)
    return _BY_PART.sub(lambda m: f"by {_number(_PARTS.get(m.group('part').lower(), 0.5) * 100)}%", text)
