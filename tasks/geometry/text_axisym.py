"""A round pipe whose diameter changes along its axis, from a request's words: an orifice plate or a restriction
ring in a pipe (the pipe's diameter and length, the bore or the beta ratio, the plate's thickness, where it stands:
in mm from the inlet, at x = ..., or in pipe diameters "3 D downstream"), or a pipe of straight sections one after
the other (a stepped pipe, a sudden expansion or contraction, a venturi-like run of sections: "40 mm diameter for
0.3 m, then 25 mm for 0.1 m ...", lists of diameters and lengths, or a table). `stepped_pipe_fields` gives the
GeometrySpec fields of the `stepped_pipe` shape: an axisymmetric wedge unless the request asks for full 3D.
Pure functions; metres."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from tasks.core.errors import RequestError
from tasks.geometry.spec import NUM, UNIT, unit_factor
from tasks.geometry.text_drawing import drawing_units, section_symbols
from tasks.geometry.text_mesh import mesh_request
from tasks.geometry.text_nominal import nominal_sizes
from tasks.geometry.text_words import plain_lengths

_ROUND = re.compile(r"\b(?:pipes?|tubes?|tubing|axi-?symmetric(?:al)?|wedge)\b", re.I)
_PLANAR = re.compile(r"\b(?:channel|slot|planar|rectangular|square\s+duct)\b", re.I)
# sloping walls, bodies in the flow, branches and bends: not a pipe of straight sections (other shapes read them)
_OTHER = re.compile(r"\b(?:taper(?:ed|ing|s)?|converg\w*|diverg\w*|cones?|conical|nozzles?|diffusers?|bends?|elbows?|tees?"
                    r"|junctions?|branch\w*|annul(?:us|ar)|coaxial|spheres?|cylinders?|airfoils?|heli\w+|coil\w*)\b"
                    r"|(?<![\w.])\d+(?:\.\d+)?\s*(?:°|deg(?:rees?)?\b)", re.I)
_FEATURE = re.compile(r"\b(?:orifices?|restrict(?:ion|or)s?|constrictions?|rings?|plates?)\b", re.I)
_FULL_3D = re.compile(r"\b(?:full(?:y)?\s+3-?D|3-?D|three[- ]dimensional)\b(?!\s+(?:wedge|axisym))", re.I)
_WEDGE = re.compile(r"\b(?:axi-?symmetric(?:al)?|wedge|2-?D|two[- ]dimensional)\b", re.I)
_NOT_WEDGE = re.compile(r"\b(?:not|rather\s+than|instead\s+of)\s+(?:as\s+)?(?:an?\s+)?(?:2-?D\s+)?(?:wedge|axi-?symmetric)", re.I)
_IN_BEFORE = r"in(?=\s+(?:dia\b|diam\b|ID\b|OD\b|bore\b))"  # "1.5 in dia": inches, though "dia" is no length word
_QTY = re.compile(rf"(?<![\w.])(?P<num>{NUM})\s*(?:(?P<unit>{UNIT}|{_IN_BEFORE})|(?P<dmul>D|diameters?|pipe\s+diameters?)\b"
                  rf"(?!\s*(?:=|axi|mesh|model|case|flow|simulation|wedge|geometry|domain|full|pipe\b|problem|\()))", re.I)
# "3 D downstream", "upstream length 5D": a number of pipe diameters (never the "2D" of "2D axisymmetric")
_DMUL_AFTER = re.compile(r"^\s*(?:of\s+pipe\s+)?(?:downstream|upstream|from|after|before|behind|ahead|long|length|away)\b", re.I)
_DMUL_BEFORE = re.compile(r"(?:\b(?:upstream|downstream|length|long|of|at|is)|[=:])\s*$", re.I)
_RADIUS = re.compile(r"(?:\bradius|(?-i:\bR\d?|\br))\s*(?:is|=|:|of)?\s*$|^\s*(?:-\s*)?radius\b", re.I)
_CLAUSE = re.compile(r"[,;:()\n|]|\.(?:\s|$)|\band\b|\bwith\b|\bthen\b", re.I)
_ORIFICE_OR_RING = re.compile(r"\b(?:orifice(?:\s+plate)?|restriction(?:\s+ring)?|restrictor|constriction(?:\s+ring)?)\b", re.I)
_SUBJECT = re.compile(r"\b(?P<pipe>pipes?|tubes?)\b|\b(?P<part>orifices?|plates?|rings?|restrict(?:ion|or)s?|constrictions?)\b",
                      re.I)


@dataclass
class _Qty:
    value: float  # metres (a multiple of the pipe diameter: the multiple, `of_d`)
    of_d: bool
    before: str  # the clause's words before the quantity
    after: str  # the clause's words after it
    subject: str  # "pipe" or "part": the last of them named before the quantity


# a range whose first number takes the unit said after the second: "from x = 150 to 155 mm", "x 150..155 mm"
_RANGE_UNIT = re.compile(rf"(?<![\w.])({NUM})(\s*(?:to|\.\.)\s*(?:x\s*=\s*)?)({NUM})\s*({UNIT})(?![\w/^²³])", re.I)
# a place said of the pipe's own end ("to the outlet at x = 500 mm", "inlet plane x = 0"): not a plate's
_END_PLACE = re.compile(r"\b(?P<end>inlet|outlet|exit|entrance|end)\s+(?:plane\s+|face\s+|section\s+)?(?:is\s+)?(?:at\s*)?"
                        r"(?:x\s*=)?\s*$", re.I)


def _quantities(text: str) -> list[_Qty]:
    out = []
    for m in _QTY.finditer(text):
        if m.group("unit") is None and m.group("dmul") is None:
            continue
        lo = max((c.end() for c in _CLAUSE.finditer(text, 0, m.start())), default=0)
        end = _CLAUSE.search(text, m.end())
        hi = end.start() if end else len(text)
        before, after = text[lo:m.start()], text[m.end():hi]
        if m.group("dmul") and not (_DMUL_AFTER.match(after) or _DMUL_BEFORE.search(before)):
            continue
        subj = None
        for s in _SUBJECT.finditer(text, 0, m.start()):
            subj = "pipe" if s.group("pipe") else "part"
        after_noun = _SUBJECT.match(text[m.end():].lstrip())  # "a 50 mm pipe", "a 3 mm plate"
        value = float(m.group("num"))
        unit = m.group("unit")
        radius = bool(unit) and bool(_RADIUS.search(before) or _RADIUS.match(after))  # "pipe radius 25 mm": a diameter of 50 mm
        value *= 2 if radius else 1
        if radius:
            before, after = re.sub(r"radius|\bR\d?\b|\br\b", "diameter", before), re.sub(r"radius", "diameter", after)
        out.append(_Qty(value * (unit_factor(unit) if unit else 1.0),
                        m.group("dmul") is not None, before, after,
                        ("pipe" if after_noun.group("pipe") else "part") if after_noun else subj or "pipe"))
    return out


_POS_AFTER = re.compile(r"^\s*(?:of\s+pipe\s+)?(?:straight\s+)?(?P<dir>from|downstream|after|upstream|before|behind|ahead|away)\b"
                        r"(?:\s+(?:of|from))?\s*(?:the\s+)?(?P<what>inlet|entry|entrance|start|outlet|exit|end|plate|orifice|ring"
                        r"|restriction|constriction|it)?", re.I)
_POS_BEFORE = re.compile(r"\b(?:at|located|placed|positioned|installed|start(?:s|ing)?|begin(?:s|ning)?|centred|centered|"
                         r"mounted|sits?|stands?)\s*(?:at)?\s*(?:x\s*=)?\s*$|\bx\s*=\s*$", re.I)
# "5 mm thick", and "the 4 mm plate" (a plate is named by its thickness, as its diameter is the pipe's)
_THICK = re.compile(r"^\s*(?:-\s*)?(?:thick\b|(?:orifice\s+)?plate\b)", re.I)
_THICK_BEFORE = re.compile(r"\b(?:thickness|thick|(?-i:t))\s*(?:=|:|is|of)?\s*$|\bplate\s*$", re.I)
_BORE_AFTER = re.compile(r"^\s*(?:-\s*)?(?:bore|hole|opening|orifice|aperture)\b(?!\s*(?:pipe|tube))", re.I)
_BORE_BEFORE = re.compile(r"(?:\b(?:bore|hole|opening|aperture|orifice|throat|inner\s+diameter|(?:orifice|hole|bore|ring|opening)"
                          r"\s+diameter|ID\s+of\s+the\s+ring)|(?-i:\bd))\s*(?:is|=|:|of|to)?\s*(?:is\s+)?$", re.I)
_DIAM_BEFORE = re.compile(r"(?:\b(?:diameter|dia|diam|ID|bore)|(?-i:\bD\d?)|Ø|⌀|\bpipe|\btube)\s*(?:is|=|:|of)?\s*$", re.I)
_DIAM_AFTER = re.compile(r"^\s*(?:-\s*)?(?:in\s+)?(?:pipes?|tubes?|diameter|dia\.?|diam|ID|across|bore\s+pipe|Ø)\b", re.I)
_LONG_AFTER = re.compile(r"^\s*(?:-\s*)?(?:long|length|in\s+length)\b", re.I)
_LONG_BEFORE = re.compile(r"(?:\b(?:length|long|for|over|runs?\s+for)|(?-i:\bL\d?)|[×x*])\s*(?:is|=|:|of)?\s*$", re.I)
_BETA = re.compile(rf"(?:\bbeta|β|\bd\s*/\s*D|\bdiameter\s+ratio)\s*(?:ratio)?\s*(?:\(\s*d\s*/\s*D\s*\))?\s*(?:=|of|:|is)?\s*"
                   rf"({NUM})(?!\s*(?:{UNIT}))", re.I)


def _role(q: _Qty) -> str | None:
    """What a quantity of an orifice-plate request is: pipe diameter D, bore d, thickness t, pipe length L, the plate's
    place x (from the inlet), `xc` (its centre), `xo` (from the outlet), `up`/`down` (straight pipe before/after it)."""
    end = _END_PLACE.search(q.before)
    if end:  # the pipe's end: the outlet's place is the pipe's length
        return None if end.group("end").lower() in ("inlet", "entrance") or q.value <= 0 else "L"
    pos = _POS_AFTER.match(q.after)
    if pos:
        direction, what = pos.group("dir").lower(), (pos.group("what") or "").lower()
        at_part = what in ("plate", "orifice", "ring", "restriction", "constriction", "it")
        if what in ("outlet", "exit", "end"):
            return "xo"
        if direction in ("upstream", "before", "ahead"):
            return "up" if at_part or not what else "x"
        if direction in ("downstream", "after", "behind") and (at_part or not what):
            return "down"
        return "xc" if re.search(r"\bcent(?:red|ered)\b", q.before, re.I) else "x"
    if _POS_BEFORE.search(q.before) or (q.subject == "part" and re.search(r"\bfrom\s+x\s*=\s*$", q.before, re.I)):
        return "xc" if re.search(r"\bcent(?:red|ered)\b", q.before, re.I) else "x"
    if re.search(r"\bupstream\b", q.before, re.I):
        return "up"
    if re.search(r"\bdownstream\b", q.before, re.I):
        return "down"
    if re.search(r"(?-i:\bD\d?)\s*[=:]\s*$", q.before):  # "D = 80 mm": the pipe's, whatever was named before
        return "D"
    part_said = q.subject == "part" and not re.search(r"\b(?:pipe|tube|total|overall)\b", q.before + q.after, re.I)
    # the words after the number say what it is more surely than those before it ("a 40 mm pipe 0.8 m long")
    if _THICK.match(q.after):
        return "t"
    if _BORE_AFTER.match(q.after):
        return "d"
    if _LONG_AFTER.match(q.after):
        return "tl" if part_said else "L"
    if _DIAM_AFTER.match(q.after):
        return "d" if part_said else "D"
    if _THICK_BEFORE.search(q.before):
        return "t"
    if _BORE_BEFORE.search(q.before):  # "an inner diameter of 50 mm" said of the pipe is the pipe's
        return "D" if q.subject == "pipe" and re.search(r"\binner\s+diameter\b[^\d]*$", q.before, re.I) else "d"
    if _DIAM_BEFORE.search(q.before):
        return "d" if part_said else "D"
    if _LONG_BEFORE.search(q.before):
        return "tl" if part_said else "L"
    return None


def _plate_sections(text: str, missing: list[str] | None = None) -> list[tuple[float, float]] | None:
    """The sections of a pipe with one or more orifice plates or rings of one size: (length, diameter) from the
    inlet; None when the diameter, the bore, the thickness or the place is not all said (the ones not read are
    added to `missing`)."""
    missing = [] if missing is None else missing
    roles: dict[str, list[float]] = {}
    multiples = []
    for q in _quantities(_RANGE_UNIT.sub(r"\1 \4\2\3 \4", text)):  # a plate's span "from x = 150 to 155 mm"
        role = _role(q)
        if role is None:
            continue
        if q.of_d:
            multiples.append((role, q.value))
            continue
        roles.setdefault(role, []).append(q.value)
    if "tl" in roles:  # "a ring 10 mm long" in a pipe "1.5 m long": the part's own length is its thickness
        lengths = sorted(roles.pop("tl") + roles.pop("L", []))
        if not roles.get("t"):  # a thickness said as such: the lengths are the pipe's
            roles["t"], lengths = [lengths[0]], lengths[1:]
        if lengths:
            roles["L"] = [lengths[-1]]
    if not roles.get("D"):
        missing.append("the pipe's diameter")
        return None
    D = max(roles["D"])
    for role, k in multiples:
        roles.setdefault(role, []).append(k * D)
    beta = _BETA.search(text)
    bore = min(roles["d"]) if roles.get("d") else float(beta.group(1)) * D if beta else None
    t = min(roles["t"]) if roles.get("t") else None
    if bore is None or t is None or bore >= D:
        missing += (["the bore (or the beta ratio d/D)"] if bore is None else ["a bore smaller than the pipe"] if bore >= D
                    else []) + (["the plate's thickness"] if t is None else [])
        return None
    starts = [x for x in roles.get("x", [])] + [x - t / 2 for x in roles.get("xc", [])]
    length = max(roles["L"]) if roles.get("L") else None
    up, down = (roles.get(k, [None])[0] for k in ("up", "down"))
    if not starts and up is not None:
        starts = [up]
    if length is None and starts and down is not None and len(starts) == 1:
        length = starts[0] + t + down
    if not starts and roles.get("xo") and length is not None:
        starts = [length - x - t for x in roles["xo"]]
    if not starts or length is None:
        missing += (["where it stands (from the inlet, or x = ...)"] if not starts else []) + \
            (["the pipe's length (or the lengths before and after it)"] if length is None else [])
        return None
    starts = sorted(starts)
    out, x = [], 0.0
    for s in starts:
        if s < x - 1e-12 or s + t > length + 1e-12:
            missing.append("places that keep each plate inside the pipe and clear of the others")
            return None
        if s > x:
            out.append((s - x, D))
        out.append((t, bore))
        x = s + t
    if length > x + 1e-12:
        out.append((length - x, D))
    return out


# --- a pipe of sections ------------------------------------------------------------------------------------------

_HEADER_UNIT = re.compile(rf"[(\[]\s*({UNIT})\s*[)\]]", re.I)
_DIAM_HEAD = re.compile(r"\b(?:diameter|dia|diam|ID|bore|(?-i:D))\b|Ø|⌀", re.I)
_RADIUS_HEAD = re.compile(r"\b(?:radius|(?-i:R|r))\b", re.I)
_LENGTH_HEAD = re.compile(r"\b(?:length|long|(?-i:L))\b", re.I)
_CELL = re.compile(rf"^\s*({NUM})\s*({UNIT})?\s*$", re.I)


def _table_sections(text: str) -> list[tuple[float, float]] | None:
    """Sections from a table with a diameter (or radius) column and a length column, one row a section."""
    rows = [[c.strip() for c in line.strip().strip("|").split("|")] for line in text.splitlines()
            if line.strip().startswith("|") and not re.fullmatch(r"[|\s:-]+", line.strip())]
    if len(rows) < 3:
        return None
    head = rows[0]
    find = lambda pattern: next((k for k, h in enumerate(head) if pattern.search(h)), None)  # noqa: E731
    dk, rk, lk = find(_DIAM_HEAD), find(_RADIUS_HEAD), find(_LENGTH_HEAD)
    across = dk if dk is not None else rk
    if across is None or lk is None or across == lk:
        return None
    units = [(_HEADER_UNIT.search(h).group(1) if _HEADER_UNIT.search(h) else None) for h in head]
    out = []
    for row in rows[1:]:
        if len(row) <= max(across, lk):
            return None
        values = []
        for k in (lk, across):
            m = _CELL.match(row[k])
            if not m or not (m.group(2) or units[k]):
                return None
            values.append(float(m.group(1)) * unit_factor(m.group(2) or units[k]))
        out.append((values[0], values[1] * (1 if across == dk else 2)))
    return out


_LIST = rf"{NUM}(?:\s*{UNIT})?(?:\s*(?:,|and|then|to|->|→)\s*(?:and\s+)?{NUM}(?:\s*{UNIT})?)+"
_DIAM_LIST = re.compile(rf"\bdiameters?\s*(?:of|:|=)?\s*(?:from\s+)?(?P<a>{_LIST})|(?:from\s+)?(?P<b>{_LIST})\s*(?:diameters?|dia)\b",
                        re.I)
_LEN_LIST = re.compile(rf"\blengths?\s*(?:of|:|=)?\s*(?P<a>{_LIST})|(?P<b>{_LIST})\s*long\b", re.I)
_EACH_LONG = re.compile(rf"\beach\s+(?:section\s+|part\s+|one\s+)?(?:is\s+)?({NUM})\s*({UNIT})\s+long\b|\beach\s+(?:section|part)?"
                        rf"\s*(?:length|long)\s*(?:of|=|:)?\s*({NUM})\s*({UNIT})", re.I)


def _list_values(words: str) -> list[float]:
    """The numbers of "20, 30 and 40 mm" in metres (a number without its unit takes the next one said)."""
    found = re.findall(rf"({NUM})\s*({UNIT})?", words, re.I)
    out, pending = [], []
    for num, unit in found:
        pending.append(float(num))
        if unit:
            out += [v * unit_factor(unit) for v in pending]
            pending = []
    return out if not pending else []


def _list_sections(text: str) -> list[tuple[float, float]] | None:
    """Sections from a list of diameters and a list of lengths (or one length for each)."""
    dm = _DIAM_LIST.search(text)
    if not dm:
        return None
    diameters = _list_values(dm.group("a") or dm.group("b"))
    rest = text[:dm.start()] + " " * (dm.end() - dm.start()) + text[dm.end():]
    lm, each = _LEN_LIST.search(rest), _EACH_LONG.search(rest)
    lengths = _list_values(lm.group("a") or lm.group("b")) if lm else []
    if each and not lengths:
        value = float(each.group(1) or each.group(3)) * unit_factor(each.group(2) or each.group(4))
        lengths = [value] * len(diameters)
    if len(diameters) < 2 or len(lengths) != len(diameters):
        return None
    return list(zip(lengths, diameters))


def _paired_sections(text: str) -> list[tuple[float, float]] | None:
    """Sections said as a diameter and a length each, in order ("40 mm diameter for 0.3 m, then 25 mm ...")."""
    diams, lengths = [], []
    for q in _quantities(text):
        if q.of_d:
            continue
        if _LONG_AFTER.match(q.after):
            lengths.append(q.value)
        elif _DIAM_AFTER.match(q.after) or _DIAM_BEFORE.search(q.before) or \
                re.match(rf"^\s*(?:for|over)\s+(?:the\s+next\s+|a\s+length\s+of\s+)?{NUM}", q.after, re.I):
            diams.append(q.value)  # "30 mm for 100 mm": a section's diameter, then its length
        elif _LONG_BEFORE.search(q.before):
            lengths.append(q.value)
    if len(diams) < 2 or len(diams) != len(lengths):
        return None
    return list(zip(lengths, diams))


# "a 2 degree wedge", "wedge angle 3°", "a wedge with an angle of 2.5 degrees", "a 5 degree-type wedge mesh"
WEDGE_ANGLE = re.compile(r"(?<![\w.])(\d+(?:\.\d+)?)\s*(?:°|-?\s*deg(?:rees?|\.)?)(?:-?(?:type|style))?\s*(?:axisymmetric\s+)?wedge"
                         r"|\bwedge\b(?:[a-z\s]{0,25}?\bangle)?\s*(?:of|=|:|is)?\s*(\d+(?:\.\d+)?)\s*(?:°|deg(?:rees?)?\b)", re.I)


def wedge_angle(text: str) -> float | None:
    """The wedge angle an axisymmetric request states (degrees), or None."""
    m = WEDGE_ANGLE.search(text)
    return float(m.group(1) or m.group(2)) if m else None


def _radial_and_axial(text: str) -> tuple[dict[str, Any], str]:
    """The radial count or size and the axial size a request gives ("30 radial cells", "25 cells radially", "radial
    cell size 0.5 mm"), and the text without them (so the general mesh readers do not take them for the whole)."""
    out: dict[str, Any] = {}
    spans = []
    for m in re.finditer(rf"(?<![\w.])(\d+)\s*(?:radial\s+cells|cells?\s+(?:radially|in\s+the\s+radial\s+direction|"
                         rf"across\s+the\s+(?:pipe\s+)?radius|along\s+the\s+radius))|\bradial(?:ly)?\s*(?:cells|cell\s+count|resolution)"
                         rf"\s*(?:of|=|:)?\s*(\d+)\b(?!\s*{UNIT})", text, re.I):
        out["radial_cells"] = int(m.group(1) or m.group(2))
        spans.append(m.span())
    for m in re.finditer(rf"(?<![\w.])(\d+)\s*(?:axial\s+cells|cells?\s+(?:axially|in\s+the\s+axial\s+direction|along\s+the\s+"
                         rf"(?:axis|pipe)))|\baxial(?:ly)?\s*(?:cells|cell\s+count)\s*(?:of|=|:)?\s*(\d+)\b(?!\s*{UNIT})", text, re.I):
        out["axial_cells"] = int(m.group(1) or m.group(2))
        spans.append(m.span())
    for m in WEDGE_ANGLE.finditer(text):
        out["wedge_angle"] = float(m.group(1) or m.group(2))
        spans.append(m.span())
    # "radial cell size 1 mm", "a radial spacing of 1.25 mm", "1.25 mm radial spacing", "2.5 mm axial cells"
    for m in re.finditer(rf"\b(?P<d1>radial|axial)\s+(?:cell\s+)?(?:size|length|spacing)\s*(?:of|=|:|is)?\s*(?P<v1>{NUM})\s*"
                         rf"(?P<u1>{UNIT})|(?<![\w.])(?P<v2>{NUM})\s*(?P<u2>{UNIT})\s+(?P<d2>radial|axial)\s+"
                         r"(?:cell\s+(?:size|length|spacing)|spacing|cells?)\b", text, re.I):
        direction, value, unit = (m.group("d1"), m.group("v1"), m.group("u1")) if m.group("d1") else \
            (m.group("d2"), m.group("v2"), m.group("u2"))
        out["radial_cell" if direction.lower() == "radial" else "axial_cell"] = float(value) * unit_factor(unit)
        spans.append(m.span())
    for a, b in spans:
        text = text[:a] + " " * (b - a) + text[b:]
    return out, text


_STEP_SIZES = {"inlet_height", "outlet_height", "upstream_length", "downstream_length"}


def _plate_in_pipe(text: str) -> bool:
    """A plate or ring is said with a bore or an inner diameter (a part across the pipe, not a word in passing)."""
    return bool(re.search(r"\b(?:bore|hole|opening|inner\s+diameter|ID|beta)\b", text, re.I))


def is_round_step(spec: Any) -> bool:
    """`spec` is a round pipe's sudden expansion or contraction (an axisymmetric one of that shape) with both
    sections' diameters and lengths read from the request (none of them left at the shape's defaults)."""
    return spec is not None and spec.shape in ("sudden_expansion", "sudden_contraction") and \
        bool(getattr(spec.dims, "axisymmetric", False)) and _STEP_SIZES <= spec.dims.model_fields_set


def stepped_pipe_fields(text: str, one_change: bool = False) -> dict[str, Any] | None:
    """The `stepped_pipe` fields of a round pipe whose diameter changes along it, or None when the request is not
    one (no round pipe, a planar channel, one diameter only) or its sections cannot all be read. A plain two-section
    expansion or contraction asked as a wedge is left to the `sudden_expansion` shape (None) unless `one_change` or
    full 3D."""
    cells, plain = _radial_and_axial(text)
    if not _ROUND.search(text) or _OTHER.search(plain) or \
            (_PLANAR.search(text) and not re.search(r"\b(?:pipe|tube|axi-?symmetric)", text, re.I)):
        return None
    three_d = bool(_FULL_3D.search(text) or _NOT_WEDGE.search(text)) and not re.search(r"\b(?:2-?D\s+)?axi-?symmetric", text, re.I) \
        or bool(_NOT_WEDGE.search(text))
    # lengths in words, "Ø40 x 200 (mm)", "Lup = 10D", nominal pipe sizes: written as "<number> <unit>" first
    words = drawing_units(plain_lengths(section_symbols(nominal_sizes(plain))))
    sections = _table_sections(plain)
    feature = bool(_FEATURE.search(text))
    missing: list[str] = []
    if sections is None and feature:
        sections = _plate_sections(words, missing)
    if sections is None and not missing:
        sections = _paired_sections(words) or _list_sections(words)  # "D 40 mm, 200 mm long, ...", then lists
    named = _ORIFICE_OR_RING.search(text) or _FEATURE.search(text)
    if sections is None and missing and named and (_ORIFICE_OR_RING.search(text) or _plate_in_pipe(words)):
        # a plate or ring not read whole: refused, never the pipe's other sections built without it
        raise RequestError(f"geometry refused: the {named.group(0).lower()} in the round pipe was not read whole: "
                           f"{', '.join(missing)} not found; say e.g. 'a 50 mm pipe 1 m long, orifice bore 25 mm, plate "
                           "3 mm thick, 200 mm from the inlet'")
    if not sections or len({round(d, 12) for _, d in sections}) < 2 or min(length for length, _ in sections) <= 0:
        return None  # a coordinate read as a section's length ("runs from x = -0.1 m"): not read whole here
    changes = sum(1 for a, b in zip(sections, sections[1:]) if abs(a[1] - b[1]) > 1e-12)
    if changes < 2 and not feature and not three_d and not one_change:
        return None  # one change of diameter: the sudden expansion/contraction shape reads it
    fields: dict[str, Any] = {"shape": "stepped_pipe", "two_d": not three_d,
                              "dimensions": {"sections": [{"length": L, "diameter": D} for L, D in sections], **cells}}
    mesh = mesh_request(words)
    if mesh.get("cell_size") or mesh.get("resolution"):
        fields["mesh"] = {k: v for k, v in mesh.items() if k in ("cell_size", "resolution", "wall_grading")}
    if not (_WEDGE.search(text) or three_d):
        fields["notes"] = ["Neither axisymmetric nor 3D was said: the round pipe is meshed as an axisymmetric wedge."]
    return fields
