"""Shapes described part by part: a table of parts ("| part | x range (m) | y range (m) |" then one row per part)
written out as the ranges it gives, a nozzle's or diffuser's ducts and tapers by their coordinate ranges
("inlet duct x 0..0.3 y 0..0.3, converging walls x 0.3..0.6, outlet duct x 0.6..1.0 y 0.1..0.2"), a stepped
pipe's sections by their diameters, bores or radii and where they run ("D 0.02 m for x 0..0.1 then D 0.04 m for
x 0.1..0.5", "20 mm bore for the first 100 mm, then 40 mm bore for the remaining 400 mm"), and a "throat" that is
the narrow end duct of a plain contraction (or the narrow start of a diffuser). Pure functions; metres."""

from __future__ import annotations

import re
from bisect import bisect_right
from typing import Any, NamedTuple

from tasks.geometry.spec import NUM, UNIT, unit_factor
from tasks.geometry.text_range_parts import coordinate_ranges

_TABLE = re.compile(r"(?:\|[^|\n]*)+\|(?:[ \t]*\n(?:[ \t]*\n)*[ \t]*(?:\|[^|\n]*)+\|)*")  # rows may have blank lines between
_RANGE_CELL = re.compile(rf"^\s*({NUM})\s*({UNIT})?\s*(?:\.\.|…|to|–|—|-)\s*({NUM})\s*({UNIT})?\s*$", re.I)
_VALUE_CELL = re.compile(rf"^\s*({NUM})\s*({UNIT})?\s*$", re.I)
_HEADER_UNIT = re.compile(rf"[(\[]\s*({UNIT})\s*[)\]]", re.I)
# what a column of a table of parts holds, by its header: a coordinate range or a size (the words it is written as)
_COLUMNS = [(re.compile(r"^\s*x\b|\bx[- ]?(?:range|extent|span|from)", re.I), "x"),
            (re.compile(r"^\s*y\b|\by[- ]?(?:range|extent|span|from)", re.I), "y"),
            (re.compile(r"\bdiameter|\bbore\b|^\s*d\b|\bdia\b", re.I), "diameter"),
            (re.compile(r"\bradius\b|^\s*r\b", re.I), "radius"),
            (re.compile(r"\blength\b|\blong\b", re.I), "long"),
            (re.compile(r"\bheight\b|\bhigh\b", re.I), "high"),
            (re.compile(r"\bwidth\b|\bwide\b", re.I), "wide"),
            (re.compile(r"\bcent(?:re|er)(?:line)?\s+(?:offset|y|at)\b|\by[- ]?(?:cent(?:re|er)|c|mid)\b", re.I), "centre"),
            (re.compile(r"\boffset\b|\bfloor\b|\bbottom\b|\by[- ]?(?:min|low)\b", re.I), "floor")]


def _cells(block: str) -> list[str]:
    """The cells of a table written with bars, separator rows ("---") and empty cells left out."""
    return [c.strip() for c in block.split("|") if c.strip() and not re.fullmatch(r":?-{2,}:?", c.strip())]


_LOW_END = re.compile(r"\b(?:start|from|min(?:imum)?|begin(?:ning)?|low|left|bottom|lower)\b", re.I)
_HIGH_END = re.compile(r"\b(?:end|to|max(?:imum)?|high|right|top|upper)\b", re.I)


def _column_kind(header: str) -> str | None:
    """What a table column holds ("x", "y", "diameter", "radius", "long", "high", "wide") by its header, or None; one end of
    a coordinate range in its own column is "x_lo", "x_hi" ("x start (m)", "y top (m)")."""
    kind = next((kind for pattern, kind in _COLUMNS if pattern.search(header)), None)
    if kind in ("x", "y") and (_LOW_END.search(header) or _HIGH_END.search(header)):
        return f"{kind}_lo" if _LOW_END.search(header) else f"{kind}_hi"
    return kind


def _row_words(name: str, row: list[str], kinds: list[str | None], units: list[str | None]) -> str | None:
    """One table row as the words of a part ("branch x 0.25..0.35 m, y 0.1..0.4 m"); None when a cell does not read."""
    words = []
    ends: dict[str, str] = {}
    for cell, kind, unit in zip(row, kinds, units):
        rng, one = _RANGE_CELL.match(cell), _VALUE_CELL.match(cell)
        if kind is None:
            continue
        if kind[1:] in ("_lo", "_hi") and one:  # one end of a range: "x start (m)" 0, "x end (m)" 0.8
            ends[kind] = f"{one.group(1)}{' ' + u if (u := one.group(2) or unit) else ''}"
            if f"{kind[0]}_lo" in ends and f"{kind[0]}_hi" in ends:
                words.append(f"{kind[0]} {ends[kind[0] + '_lo']} to {ends[kind[0] + '_hi']}")
            continue
        if kind in ("x", "y") and rng:
            u = rng.group(4) or rng.group(2) or unit or "m"
            words.append(f"{kind} {rng.group(1)}..{rng.group(3)} {u}")
        elif kind in ("diameter", "radius") and one:
            words.append(f"{kind} {one.group(1)} {one.group(2) or unit or 'm'}")
        elif kind in ("long", "high", "wide") and one:
            words.append(f"{one.group(1)} {one.group(2) or unit or 'm'} {kind}")
        elif kind in ("floor", "centre") and one:  # a section's offset: where its bottom wall (or its centre) is
            words.append(f"{kind} at y = {one.group(1)} {one.group(2) or unit or 'm'}")
        else:
            return None
    return f"{name} " + ", ".join(words) if words else None


def table_ranges(text: str) -> str:
    """`text` with each table of parts ("| part | x range (m) | y range (m) |", a row per part, on one line or many)
    written as the parts' words: "main run x 0..0.6 m, y 0..0.1 m; branch x 0.25..0.35 m, y 0.1..0.4 m." A table
    whose headers name no range or size, or whose rows do not read, is left as written."""
    from tasks.geometry.text_drawing import _DECLARED

    declared = _DECLARED.search(text)  # "the table below (millimetres, origin at ...)": the cells' unit
    drawn = next(g for g in declared.groups() if g) if declared else None
    out, last = [], 0
    for m in _TABLE.finditer(text):
        cells = _cells(m.group())
        first_number = next((k for k, c in enumerate(cells) if re.search(r"\d", c) and not _HEADER_UNIT.search(c)), None)
        lines = [_cells(line) for line in m.group().splitlines() if _cells(line)]
        if len(lines) > 1 and first_number is not None and len(lines[0]) > first_number - 1 \
                and not any(re.search(r"\d", c) and not _HEADER_UNIT.search(c) for c in lines[0]):
            first_number = len(lines[0]) + 1  # a table on lines whose rows are named by numbers ("| 1 | 8 | 3 |")
        if first_number is None or first_number < 2:
            continue
        headers = cells[:first_number - 1]  # the last cell before the first number is the first row's name
        kinds = [_column_kind(h) for h in headers[1:]]
        units = [(u.group(1) if (u := _HEADER_UNIT.search(h)) else drawn) for h in headers[1:]]
        width = len(headers)
        rows = [cells[k:k + width] for k in range(first_number - 1, len(cells), width)]
        if not any(kinds) or any(len(r) != width for r in rows):
            continue
        parts = [_row_words(r[0], r[1:], kinds, units) for r in rows]
        if any(p is None for p in parts):
            continue
        centred = " (centred on y = 0)" if any(re.search(r"\bcent(?:red|ered)\b|\bsymmetric", h, re.I) for h in headers) else ""
        out.append(text[last:m.start()] + "\n" + "; ".join(p for p in parts if p) + centred + ".\n")
        last = m.end()
    return "".join(out) + text[last:]


class Part(NamedTuple):
    """A part placed along x: its name (the words before its range), x range, and the y ranges said of it (a taper's
    start and end sections, a duct's one section)."""

    name: str
    x: tuple[float, float]
    ys: list[tuple[float, float]]


_CLAUSE = re.compile(r"[;\n]|\.(?:\s|$)")
_RANGE_AFTER_RANGE = re.compile(rf"({NUM}\s*(?:{UNIT})?)\s+"
                                rf"([xyz]\s*(?:=|:)?\s*(?:from\s+)?{NUM}\s*(?:{UNIT})?\s*(?:\.\.|…|to\b|–|—))", re.I)
_TAPER = re.compile(r"\bconverg\w*|\bdiverg\w*|\btaper\w*|\bcontract\w*|\bexpan\w*|\bcon(?:e|ical)\b|\bslop\w*|\bnarrow\w*"
                    r"|\bwiden\w*|\btransition\b", re.I)


def placed_parts(text: str) -> list[Part]:
    """The parts the text places one after another by x ranges, each with the y ranges said in its words (a y range
    goes to the x range before it in its clause, or to the clause's only x range), in the order of x."""
    text = _RANGE_AFTER_RANGE.sub(r"\1, \2", text)  # "x 0..0.3 y 0..0.3": two ranges, not a product "0.3 y"
    xs = [(s, e, r) for s, e, r in coordinate_ranges(text, "x") if None not in r]
    ys = [(s, e, r) for s, e, r in coordinate_ranges(text, "y") if None not in r]
    ends = sorted(e for _, e, _ in xs + ys)
    bounds = [0] + [m.end() for m in _CLAUSE.finditer(text)]

    def clause_of(at: int) -> int:
        return bisect_right(bounds, at) - 1
    parts: list[Part] = []
    for k, (s, _, (x0, x1)) in enumerate(xs):
        start = max([e for e in ends if e <= s] + [bounds[clause_of(s)]])
        name = re.sub(r"\s+", " ", text[start:s]).strip(" ,:(").lower()
        parts.append(Part(name, (float(x0), float(x1)), []))  # type: ignore[arg-type]
    for s, _, (y0, y1) in ys:
        same = [k for k, (xs_, _, _) in enumerate(xs) if clause_of(xs_) == clause_of(s)]
        before = [k for k in same if xs[k][0] < s]
        owner = before[-1] if before else same[0] if len(same) == 1 else None
        if owner is not None:
            parts[owner].ys.append((float(y0), float(y1)))  # type: ignore[arg-type]
    return sorted(parts, key=lambda p: p.x[0])


def _centre(span: tuple[float, float]) -> float:
    return (span[0] + span[1]) / 2


def _is_taper(part: Part) -> bool:
    """A part whose section changes along it: named so, or given no section (or two)."""
    return bool(_TAPER.search(part.name)) or len(part.ys) != 1


def nozzle_parts(text: str) -> tuple[dict[str, Any], tuple[float, float] | None]:
    """A nozzle's or diffuser's dimensions from its parts placed end to end along x (duct, taper, duct; or duct,
    taper, throat duct, taper, duct; a duct may be left out) with each duct's y range, and the translation that puts
    the inlet's centre where the ranges do; ({}, None) when the parts do not describe one (not contiguous, a duct
    without its section, walls neither symmetric nor one of them straight)."""
    parts = placed_parts(text)
    if len(parts) < 2 or any(abs(a.x[1] - b.x[0]) > 1e-9 for a, b in zip(parts, parts[1:])):
        return {}, None
    kinds = "".join("t" if _is_taper(p) else "d" for p in parts)
    if kinds not in ("dtd", "td", "dt", "dtdtd"):
        return {}, None
    sections: list[tuple[float, float]] = []  # the section at each station, inlet to outlet
    for k, p in enumerate(parts):
        if kinds[k] == "d":
            sections.append(p.ys[0])
        elif k == 0 and len(p.ys) == 2:
            sections.append(p.ys[0])  # a taper first: "from y 0..0.3 to y 0.1..0.2"
        elif k == len(parts) - 1 and p.ys:
            sections.append(p.ys[-1])
    if len(sections) != kinds.count("d") + (kinds[0] == "t") + (kinds[-1] == "t"):
        return {}, None
    inlet, outlet = sections[0], sections[-1]
    flat = None if abs(_centre(inlet) - _centre(outlet)) <= 1e-9 else "bottom" if abs(inlet[0] - outlet[0]) <= 1e-9 \
        else "top" if abs(inlet[1] - outlet[1]) <= 1e-9 else "skew"
    if flat == "skew" or (kinds == "dtdtd" and flat is not None):
        return {}, None
    lengths = [round(p.x[1] - p.x[0], 12) for p in parts]
    dims: dict[str, Any] = {"inlet_height": round(inlet[1] - inlet[0], 12), "outlet_height": round(outlet[1] - outlet[0], 12),
                            "upstream_length": lengths[0] if kinds[0] == "d" else 0.0,
                            "downstream_length": lengths[-1] if kinds[-1] == "d" else 0.0,
                            "taper_length": lengths[kinds.index("t")]}
    if kinds == "dtdtd":
        throat = sections[1]
        dims.update(throat_height=round(throat[1] - throat[0], 12), throat_length=lengths[2], diverging_length=lengths[3])
    if flat:
        dims["flat_wall"] = flat
    return dims, (parts[0].x[0], _centre(inlet))


_SIZE_WORD = r"(?:diameters?|bores?|dia\b|Ø|(?-i:\b[Dd]\d?\b)|radius|radii|(?-i:\b[Rr]\d?\b))"
# "the diameter drops abruptly to 20 mm", "the bore narrows down to 20 mm"
_CHANGES_TO = r"(?:\s+(?:then\s+)?(?:drops|falls|narrows|shrinks|reduces|decreases|steps|changes|jumps|widens|grows|increases|" \
              r"expands|opens)(?:\s+\w+ly)?(?:\s+(?:down|up|out))?\s+to\b)"
_ACROSS = re.compile(rf"(?P<w1>{_SIZE_WORD})(?:\s*(?:of|=|:|is)|{_CHANGES_TO})?\s*(?P<n1>{NUM})\s*(?P<u1>{UNIT})"
                     rf"|(?<![\w.])(?P<n2>{NUM})\s*(?P<u2>{UNIT})\s*(?:-\s*)?(?:internal\s+|inner\s+|inside\s+)?"
                     rf"(?P<w2>{_SIZE_WORD})", re.I)
_ALONG = re.compile(rf"(?:\bfor|\bover|\balong|\bon)\s+(?:the\s+)?(?:first|next|remaining|last|following|other|rest\s+of\s+the|another|a\s+further|further)?\s*"
                    rf"(?P<n1>{NUM})\s*(?P<u1>{UNIT})"
                    rf"|(?<![\w.])(?P<n2>{NUM})\s*(?P<u2>{UNIT})\s*(?:-\s*)?(?:long|in\s+length)\b", re.I)
_ON_TO = re.compile(rf"\b(?:continues|continuing|runs|running|extends|extending|goes|going|carries\s+on)\s+(?:on\s+)?"
                    rf"(?:up\s+)?(?:to|until)\s+x\s*=\s*({NUM})\s*({UNIT})?", re.I)
_BARE_SPAN = re.compile(rf"\bfrom\s+({NUM})\s*({UNIT})?\s*(?:to|until|up\s+to)\s+({NUM})\s*({UNIT})", re.I)
_PIPE_CLAUSE = re.compile(r"[;\n]|\.(?:\s|$)|,?\s*\b(?:and\s+)?then\b|\bfollowed\s+by\b|\bchanging\s+to\b"
                          r"|\bafter\s+(?:that|this|it)\b|\bafterwards\b|\bstepping\s+(?:up|down|out)\b")


def _metres(m: re.Match[str]) -> float:
    """A length matched as (n1, u1) or (n2, u2), in metres."""
    return float(m.group("n1") or m.group("n2")) * unit_factor(m.group("u1") or m.group("u2"))


def pipe_parts(text: str) -> tuple[dict[str, float], float | None]:
    """A stepped round pipe's two sections, each said with its size across (diameter, bore or radius) and where it
    runs (an x range, or a length "for the first 100 mm", "400 mm long"): inlet and outlet diameters, upstream and
    downstream lengths, and the x of the step when x ranges place it; ({}, None) unless exactly two sections are
    said so."""
    sections: list[tuple[float, float, tuple[float, float] | None]] = []
    bounds = [0] + [m.end() for m in _PIPE_CLAUSE.finditer(text)] + [len(text)]
    clauses = []
    for a, b in zip(bounds, bounds[1:]):  # "small pipe R 10 mm for x -0.1..0, large pipe R 25 mm for x 0..0.4": one each
        words = text[a:b]
        clauses += re.split(r",\s+", words) if len(_ACROSS.findall(words)) > 1 else [words]
    for words in clauses:
        across, along = _ACROSS.search(words), _ALONG.search(words)
        xs = [r for _, _, r in coordinate_ranges(words, "x") if None not in r] or \
            [(float(m.group(1)) * unit_factor(m.group(2) or m.group(4)), float(m.group(3)) * unit_factor(m.group(4)))
             for m in _BARE_SPAN.finditer(words)]  # "then radius 15 mm from 150 mm to 450 mm"
        end = _ON_TO.search(words) if not xs and along is None and sections and sections[-1][2] else None
        if end is not None:  # "... opens into a pipe of radius 25 mm that continues to x = 0.4 m": from the last one's end
            xs = [(sections[-1][2][1], float(end.group(1)) * unit_factor(end.group(2)))]  # type: ignore[index]
        if across is None or (along is None and len(xs) != 1):
            continue
        value = _metres(across)
        radius = re.match(r"radi|r", across.group("w1") or across.group("w2"), re.I) is not None
        span = (float(xs[0][0]), float(xs[0][1])) if len(xs) == 1 else None  # type: ignore[arg-type]
        length = span[1] - span[0] if span else _metres(along)  # type: ignore[arg-type]
        sections.append((2 * value if radius else value, length, span))
    if len(sections) != 2 or sections[0][0] == sections[1][0] or min(s[1] for s in sections) <= 0:
        return {}, None
    (d_in, l_in, x_in), (d_out, l_out, _) = sections
    dims = {"inlet_height": round(d_in, 12), "outlet_height": round(d_out, 12),
            "upstream_length": round(l_in, 12), "downstream_length": round(l_out, 12)}
    start = _inlet_start(text) if not x_in else None  # "inlet face at the origin", "inlet at x = -4 in": the step after it
    return dims, (x_in[1] if x_in else round(start + l_in, 12) if start is not None else None)


_INLET_AT_ORIGIN = re.compile(r"\b(?:inlet|entrance|entry|inflow)(?:\s+(?:face|plane|end|section|boundary))?\s+"
                              r"(?:is\s+|lies\s+|sits\s+)?(?:at|on)\s+(?:the\s+)?origin\b", re.I)


def _inlet_start(text: str) -> float | None:
    """The x where a stepped pipe's inlet is said to be ("inlet at x = -0.1 m", "inlet face at the origin"); None
    when not said."""
    from tasks.geometry.placement import inlet_x

    at = inlet_x(text)
    return at if at is not None else 0.0 if _INLET_AT_ORIGIN.search(text) else None


_DIVERGING = re.compile(r"\bdiverg\w*|\bexpan\w*|\bwiden\w*|\bdiffus\w*|\bopens?\s+(?:up|out)\b|\brecover\w*|\bventuri\b"
                        r"|\bconvergent[- ]divergent\b|\bde\s*laval\b|\bc-d\b", re.I)
_CONVERGING = re.compile(r"\bconverg\w*|\bcontract\w*|\bnarrow\w*|\bnozzle\b|\bventuri\b|\bde\s*laval\b", re.I)


def throat_as_end(shape: str, text: str) -> str:
    """`text` with a "throat" that is a plain contraction's narrow outlet duct ("down to a 100 mm throat section 400 mm
    long", nothing diverging after it) called its outlet, or a plain diffuser's narrow inlet duct called its inlet:
    that duct, not a throat between two tapers; `text` as written otherwise."""
    if shape == "nozzle" and not _DIVERGING.search(text):
        return re.sub(r"\bthroat\b", "outlet", text, flags=re.I)
    if shape == "diffuser" and not _CONVERGING.search(text):
        return re.sub(r"\bthroat\b", "inlet", text, flags=re.I)
    return text


# what a size's own words call it: the cue right after it ("30 cm long", "30 cm from the inlet") or before it
_CUES = {"position": r"cent(?:re|er)(?:line)?|position(?:ed)?|located|placed|from\s+the\s+(?:inlet|start|left|upstream\s+end)|at\s+x",
         "length": r"long|length", "width": r"wide|width|across", "height": r"high|tall|height"}


def _cue(words: str, after: bool) -> str | None:
    """The kind of size ("position", "length", "width", "height") `words` name: the first cue when they come after
    the size, the last when before it."""
    found = [(m.start(), kind) for kind, pattern in _CUES.items() for m in re.finditer(rf"\b(?:{pattern})\b", words, re.I)]
    return (min(found) if after else max(found))[1] if found else None


def said_dimension(text: str, words: str, nth: int, keys: list[str]) -> str | None:
    """Of the dimensions `keys` that equal a stated size (`words`, said for the `nth` time, counted from 0), the one
    its own words name ("branch centre 30 cm from the inlet": `branch_position`, "branch 30 cm long":
    `branch_length`); the first key when the words name none of them, None when there is no key."""
    if len(keys) <= 1:
        return keys[0] if keys else None
    places = [m for m in re.finditer(rf"(?<![\w.]){re.escape(words)}(?![\w.])", text)]
    if nth >= len(places):
        return keys[0]
    at = places[nth]
    clause_start = max([m.end() for m in re.finditer(r"[,;:(]|\.(?:\s|$)", text[:at.start()])] + [0])
    before, after = text[clause_start:at.start()], re.split(r"[,;(]|\.(?:\s|$)", text[at.end():], maxsplit=1)[0][:40]
    kind = _cue(after, True) or _cue(before, False)
    named = [k for k in keys if kind and (k == kind or k.endswith("_" + kind))]
    near = before + " " + " ".join(after.split()[:3])  # "branch 30 cm long", "a 10 cm wide branch"
    owner = [k for k in named if "_" in k and re.search(rf"\b{k.split('_')[0]}\w*", near, re.I)]
    return (owner or named or keys)[0]


_CONE_WORDS = re.compile(r"\b(?:cone|conical|taper\w*|contraction|converg\w*|diverg\w*|expansion\s+cone|reducer|transition)\b",
                         re.I)


_DOTTED_X = re.compile(rf"(?<![\w.])x\s*(?:=\s*)?({NUM})\s*\.\.\s*({NUM})\s*({UNIT})?", re.I)


def coned_pipe(text: str) -> dict[str, float] | None:
    """A round pipe said section by section along x with a cone between two straight runs ("pipe R 20 mm for
    x 0..0.05, cone contraction to R 10 mm over x 0.05..0.1, pipe R 10 mm x 0.1..0.2"): the nozzle's or diffuser's
    diameters and lengths, and `start`, the inlet's x; None unless three ranges follow each other end to end, the
    first and last each with its size across and the middle one named a cone."""
    ranges = [(s, e, r) for s, e, r in coordinate_ranges(text, "x") if None not in r and r[1] > r[0]]
    for m in _DOTTED_X.finditer(text):  # "R 10 mm x 0.1..0.2": a range, though "mm x 0.1" reads as a product
        if not any(s < m.end() and m.start() < e for s, e, _ in ranges):
            factor = unit_factor(m.group(3) or "m")
            ranges.append((m.start(), m.end(), (float(m.group(1)) * factor, float(m.group(2)) * factor)))
    ranges.sort()
    if len(ranges) != 3 or any(abs(a[2][1] - b[2][0]) > 1e-9 for a, b in zip(ranges, ranges[1:])):
        return None
    words = [text[(ranges[i - 1][1] if i else 0):e] for i, (_, e, _) in enumerate(ranges)]
    sizes = []
    for part in (words[0], words[2]):
        found = list(_ACROSS.finditer(part))
        if not found:
            return None
        m = found[-1]  # the size nearest the section's range
        word = m.group("w1") or m.group("w2")
        value = float(m.group("n1") or m.group("n2")) * unit_factor(m.group("u1") or m.group("u2"))
        sizes.append(2 * value if re.match(r"radi|r", word, re.I) else value)
    if not _CONE_WORDS.search(words[1]) or abs(sizes[0] - sizes[1]) <= 1e-12:
        return None
    (a, b), (_, c), (_, d) = (r for _, _, r in ranges)
    return {"inlet_height": round(sizes[0], 12), "outlet_height": round(sizes[1], 12), "upstream_length": round(b - a, 12),
            "taper_length": round(c - b, 12), "downstream_length": round(d - c, 12), "start": a}
