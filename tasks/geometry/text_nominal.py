"""Pipe sizes said by their nominal size: "DN50", "DN 100", "NPS 2", "a 2-inch NPS line", "4\" nominal bore".
`nominal_sizes` writes each as the bore it stands for ("50 mm bore"): DN is the bore in millimetres, NPS
the inch size whose DN the ISO 6708 / ASME B36.10 table gives (NPS 2 = DN50). Pure functions."""

from __future__ import annotations

import re

# NPS (inches) -> DN (mm), ASME B36.10 / ISO 6708
NPS_TO_DN: dict[float, int] = {
    0.125: 6, 0.25: 8, 0.375: 10, 0.5: 15, 0.75: 20, 1.0: 25, 1.25: 32, 1.5: 40, 2.0: 50, 2.5: 65, 3.0: 80, 3.5: 90,
    4.0: 100, 5.0: 125, 6.0: 150, 8.0: 200, 10.0: 250, 12.0: 300, 14.0: 350, 16.0: 400, 18.0: 450, 20.0: 500, 24.0: 600,
}
_INCH_NUM = r"\d+(?:\.\d+)?(?:\s*[-\s]\s*\d/\d)?|\d/\d|[¼½¾]|\d+\s*[¼½¾]"
_DN = re.compile(r"(?<![\w.])DN\s*[-=]?\s*(\d{1,4})(?![\w.])", re.I)
_NPS = re.compile(rf"(?<![\w.])(?:NPS|NB|nominal\s+(?:pipe\s+size|bore|size))\s*[-=:]?\s*({_INCH_NUM})(?:\s*(?:in(?:ch(?:es)?)?\b|\"|''))?"
                  rf"|(?<![\w.])({_INCH_NUM})\s*(?:-\s*)?(?:in(?:ch(?:es)?)?\b|\"|'')\s*(?:-\s*)?(?:NPS|NB|nominal(?:\s+(?:bore|size))?)\b",
                  re.I)
_GLYPH = {"¼": 0.25, "½": 0.5, "¾": 0.75}


def inches(word: str) -> float | None:
    """An inch size as written: "2" -> 2.0, "1-1/2" -> 1.5, "1 1/2" -> 1.5, "3/4" -> 0.75, "1½" -> 1.5."""
    w = word.strip()
    for glyph, value in _GLYPH.items():
        if w.endswith(glyph):
            whole = w[:-1].strip()
            return (float(whole) if whole else 0.0) + value
    m = re.fullmatch(r"(?:(\d+)\s*[-\s]\s*)?(\d)/(\d)", w)
    if m:
        return (float(m.group(1)) if m.group(1) else 0.0) + int(m.group(2)) / int(m.group(3))
    try:
        return float(w)
    except ValueError:
        return None


def nps_bore_mm(size_in: float) -> float:
    """The DN (mm) of an NPS size; off the table, the inch size in millimetres."""
    return float(NPS_TO_DN.get(size_in, round(size_in * 25.4, 1)))


def nominal_sizes(text: str) -> str:
    """`text` with each nominal pipe size written as a bore: "a DN50 pipe" -> "a 50 mm bore pipe",
    "NPS 2 tube" -> "50 mm bore tube", "a DN80 line" (no pipe word anywhere) -> "a 80 mm bore pipe line"."""
    # a nominal size is a pipe's: "a DN80 line" names a pipe even where no pipe word does
    noun = "" if re.search(r"\b(?:pipes?|tubes?|hoses?|tubing|piping)\b", text, re.I) else " pipe"

    def bore(mm: float, m: re.Match[str]) -> str:
        return f"{mm:g} mm bore" + (noun if not re.match(r"\s*(?:pipes?|tubes?|hoses?)\b", m.string[m.end():], re.I) else "")

    def nps(m: re.Match[str]) -> str:
        size = inches(m.group(1) or m.group(2))
        return m.group(0) if not size else bore(nps_bore_mm(size), m)
    text = _DN.sub(lambda m: bore(int(m.group(1)), m) if int(m.group(1)) > 0 else m.group(0), text)
    return _NPS.sub(nps, text)
