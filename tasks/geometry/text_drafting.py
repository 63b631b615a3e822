"""A drawing's dimension notation in plain words: tolerances ("800 ±0.5 mm", "120 (±0.5) mm", "Ø16 +/-0.1"),
"typ."/"ref."/"nom." after a size, "OAL" (overall length), "C/L" (centreline), drawing coordinates
("at X 200, Y 60") and labelled products ("W x H x L: 50 x 40 x 600 mm" -> "W 50 mm, H 40 mm, L 600 mm").
`drafting_words` rewrites them so the length readers see "<number> <unit>" with its name. Pure functions."""

from __future__ import annotations

import re

from tasks.geometry.spec import NUM, UNIT

_PM = r"(?:±|\+\s*/\s*-|\+-|\+/−)"
# a tolerance after a size, with or without brackets and its own unit: "±0.5", "(±0.5 mm)", "+/- 1"
_TOLERANCE = re.compile(rf"(?<=[\d.\s])\s*(?:\(\s*{_PM}\s*{NUM}\s*(?P<u1>{UNIT})?\s*\)|{_PM}\s*{NUM}(?:\s*(?P<u2>{UNIT}))?)"
                        rf"(?:\s+(?:typ|typical|ref|nom|max|min)\b\.?)?", re.I)
_QUALIFIER = re.compile(rf"(?<=[\d.])(?P<gap>\s*)(?:typ|typical|ref|nom|nominal)\b\.?(?!\w)", re.I)
_LABELS = r"(?-i:[LWHD])"
_LABELLED_PRODUCT = re.compile(
    rf"\b(?P<labels>{_LABELS}(?:\s*[x×]\s*{_LABELS}){{1,2}})\b\s*(?:[:=]|is|of)?\s*"
    rf"(?P<values>{NUM}\s*(?:{UNIT})?(?:\s*[x×]\s*{NUM}\s*(?:{UNIT})?){{1,2}})", re.I)


# labels and sizes in turn: "L 800 x H 120 mm" -> "L 800 mm, H 120 mm"
_INTERLEAVED = re.compile(rf"(?<![\w.])(?P<a>{_LABELS})\s*[=:]?\s*(?P<va>{NUM})\s*(?P<ua>{UNIT})?\s*[x×]\s*"
                          rf"(?P<b>{_LABELS})\s*[=:]?\s*(?P<vb>{NUM})\s*(?P<ub>{UNIT})?"
                          rf"(?:\s*[x×]\s*(?P<c>{_LABELS})\s*[=:]?\s*(?P<vc>{NUM})\s*(?P<uc>{UNIT})?)?", re.I)


_LABEL_ADJ = {"L": "long", "W": "wide", "H": "high"}


def _interleaved(m: re.Match[str]) -> str:
    last = m.group("uc") or m.group("ub") or m.group("ua")
    if not last:
        return m.group(0)
    items = [(m.group(k), m.group("v" + k), m.group("u" + k)) for k in "abc" if m.group(k)]
    return ", ".join(f"{label.upper()} {value} {unit or last}" for label, value, unit in items)


def _tolerance(m: re.Match[str], text: str) -> str:
    """Drop a tolerance after a size; when it carries the unit and its size does not ("800 ±0.5 mm"), the size keeps the unit."""
    unit = m.group("u1") or m.group("u2")
    before = text[:m.start()].rstrip()
    if not re.search(rf"(?<![A-Za-z0-9_.]){NUM}(?:\s*{UNIT})?$", before, re.I):
        return m.group(0)  # "y +-0.02", "at ±5 cm": a symmetric extent, not a size's tolerance
    if unit and re.search(rf"{NUM}$", before) and not re.search(rf"{NUM}\s*{UNIT}$", before, re.I):
        return f" {unit}"
    return ""


def _labelled(m: re.Match[str]) -> str:
    labels = re.split(r"\s*[x×]\s*", m.group("labels"))
    parts = re.findall(rf"({NUM})\s*({UNIT})?", m.group("values"), re.I)
    if len(labels) != len(parts):
        return m.group(0)
    last = next((u for _, u in reversed(parts) if u), "")
    return ", ".join(f"{label.upper()} {value} {unit or last}".rstrip() for label, (value, unit) in zip(labels, parts))


def drafting_words(text: str) -> str:
    """`text` with a drawing's dimension notation as plain sizes (see the module's docstring)."""
    t = _QUALIFIER.sub("", text)
    t = _TOLERANCE.sub(lambda m: _tolerance(m, m.string), t)
    t = _INTERLEAVED.sub(_interleaved, t)
    t = re.sub(rf"(?<![\w.])({NUM}(?:\s*{UNIT})?)\s*OAL\b", r"\1 long", t)  # "600 OAL": a size, 600 long
    t = re.sub(r"\bOAL\b", "overall length", t)
    # "600 mm long x 150 mm": the size across the one said long ("x 150 mm" with no word of its own): a channel's
    # height, a pipe's diameter
    t = re.sub(rf"(?<![\w.])({NUM}\s*(?:{UNIT})?\s*long)\s*[x×]\s*({NUM}(?:\s*{UNIT})?)(?!\s*(?:[\w.]*\d|[x×]|-?\s*(?:high|wide|tall|deep|thick|across)\b))",
               lambda m: f"{m.group(1)}, {m.group(2)} " + ("in diameter" if re.search(r"\b(?:pipe|tube|hose|rod|bar|bore)\b",
                                                                               t[max(0, m.start() - 25):m.start()], re.I) else "high"),
               t, flags=re.I)
    # "C/L", "the CL", "CL at y = 0" (not a lift coefficient "CL")
    t = re.sub(r"\bC\s*/\s*L\b|(?<=\bthe\s)CL\b|\bCL(?=\s+(?:at|of)\s)", "centreline", t)
    # a label after its size in a product or a list: "25 H x 125 L (mm)", "50 H x 750 L" -> "25 high x 125 long"
    t = re.sub(rf"(?<![\w.])({NUM}(?:\s*{UNIT})?)\s+(?-i:([LWH]))\b(?=\s*(?:[x×,;()]|$))",
               lambda m: m.group(0) if re.search(rf"(?<![\w.]){m.group(2)}\s*=", t) or re.search(r"[=:]\s*$", t[:m.start()])
               else f"{m.group(1)} {_LABEL_ADJ[m.group(2)]}", t)  # not a count of a symbol ("W = 5 cm ... x = 10 W")
    t = _LABELLED_PRODUCT.sub(_labelled, t)
    t = re.sub(rf"(?<![\w.])({NUM}\s*{UNIT})\s+(?-i:([LWH]))\b(?!\s*[=:/x×])", r"\2 \1", t, flags=re.I)  # "120 mm H" -> "H 120 mm"
    # drawing coordinates: "at X 200, Y 60", "X200 Y60" (a capital X not between two numbers, which is a product)
    return re.sub(rf"(?<![\w.])(?:(?<![\d.]\s)(?-i:(X))|(?-i:(Y)))\s*(?:=\s*)?(?=[-+]?(?:\d|\.\d))",
                  lambda m: f"{(m.group(1) or m.group(2)).lower()} = ", t)
