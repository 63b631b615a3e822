"""Where a described shape sits and how big its sections are, from coordinates in the words:
"x 0..1", "from x = -0.2 m to x = 0", "y +-0.025", "at x = 0.3 m the floor rises", "lower left
corner at the origin", "300 mm downstream of the inlet", "a 6 cm high channel 50 cm long".

`place(shape, text, dims)` fills in the section dimensions the coordinates give and returns the
translation that moves the shape's own coordinates (steps and expansions: the change at x = 0;
nozzles and diffusers: the inlet at x = 0; symmetric shapes: centred on y = 0; channels and
cavities: the lower left corner at the origin) to where the request puts it. Pure functions;
lengths in metres."""

from __future__ import annotations

import re
from typing import Any

from tasks.geometry.spec import NUM, UNIT, NozzleDims, Point, unit_factor
from tasks.geometry.text_branch_side import tee_branch_below
from tasks.geometry.text_step_words import passage_origin

_LEN = rf"({NUM})\s*({UNIT})?"
_SEP = r"\s*(?:\.\.|…|\b(?:up\s+)?to\b|\buntil\b|–|(?<=\d)-(?=\.?\d))\s*"  # "x 0-0.5": a hyphen between two numbers


def _factor(unit: str | None) -> float:
    return unit_factor(unit)


def _after_number(text: str, at: int) -> bool:
    """True when the axis letter at `at` is the 'x' of "1 m x 0.1 m" (a product, not a coordinate)."""
    return re.search(rf"{NUM}\s*(?:{UNIT})?\s*$", text[:at]) is not None


def axis_ranges(text: str, axis: str) -> list[tuple[float, float]]:
    """Every coordinate range of one axis, in the order written: "x 0..1", "x from 0 to 1 m",
    "from x = 0 to x = 0.3 m", "between y = 0.05 and y = 0.1", "y +-0.025" (metres)."""
    a = re.escape(axis)
    out: list[tuple[int, float, float]] = []
    patterns = [
        rf"(?<![\w.]){a}\s*(?:=|:)?\s*(?:from\s+)?{_LEN}{_SEP}(?:{a}\s*=\s*)?{_LEN}",
        rf"from\s+{a}\s*=\s*{_LEN}{_SEP}(?:{a}\s*=\s*)?{_LEN}",
        rf"between\s+{a}\s*=\s*{_LEN}\s*and\s*(?:{a}\s*=\s*)?{_LEN}",
        rf"(?<![\w.]){a}\s*(?:=|:)?\s*between\s+{_LEN}\s*and\s*{_LEN}",  # "x between -0.1016 and 0 m"
        rf"(?<![\w.])({NUM})\s*({UNIT})?\s*(?:<=?|≤|⩽)\s*{a}\s*(?:<=?|≤|⩽)\s*{_LEN}",  # "0 < x < 2 m"
        rf"(?<![\w.]){a}\s*(?:in|∈|=)\s*\[\s*({NUM})\s*({UNIT})?\s*[,;]\s*({NUM})\s*\]\s*({UNIT})?",  # "x in [0, 3] m"
        rf"(?<![\w.])({NUM})\s*({UNIT})?\s*(?:–|-|\bto\b|\.\.)\s*({NUM})\s*({UNIT})\s+(?:in|along)\s+(?:the\s+)?{a}\b(?![\w-])",
    ]
    taken: list[tuple[int, int]] = []
    for pattern in patterns:
        for m in re.finditer(pattern, text, re.I):
            if pattern is patterns[0] and _after_number(text, m.start()):
                continue
            if any(s < m.end() and m.start() < e for s, e in taken):
                continue
            u = m.group(4) or m.group(2)
            lo, hi = float(m.group(1)) * _factor(m.group(2) or u), float(m.group(3)) * _factor(u)
            out.append((m.start(), min(lo, hi), max(lo, hi)))
            taken.append((m.start(), m.end()))
    for m in re.finditer(rf"(?<![\w.]){a}\s*(?:=\s*)?(?:\+-|±|\+/-)\s*{_LEN}", text, re.I):
        v = float(m.group(1)) * _factor(m.group(2))
        out.append((m.start(), -abs(v), abs(v)))
    return [(lo, hi) for _, lo, hi in sorted(out)]


def axis_values(text: str, axis: str) -> list[float]:
    """Single coordinates of one axis ("at x = 0.3 m", "to x = 1"), those inside ranges included."""
    a = re.escape(axis)
    out = []
    for m in re.finditer(rf"(?<![\w.]){a}\s*=\s*{_LEN}", text, re.I):
        unit = m.group(2)
        if not unit:  # "from x = 0 to x = 1 m": the unit written once, at the end
            later = re.match(rf"{_SEP}(?:{a}\s*=\s*)?{NUM}\s*({UNIT})", text[m.end():], re.I)
            unit = later.group(1) if later else None
        out.append(float(m.group(1)) * _factor(unit))
    return out


def _coordinates(text: str, axis: str) -> list[float]:
    values = [v for r in axis_ranges(text, axis) for v in r] + axis_values(text, axis)
    return sorted({round(v, 12) for v in values})


def at_origin(text: str) -> bool:
    """"lower left corner at the origin", "from the origin", "origin lower-left"."""
    return re.search(r"(?:corner|start\w*|begin\w*|from|origin\s+(?:at\s+)?(?:the\s+)?(?:lower|bottom)[- ]left"
                     r"|at)\s+(?:at\s+)?(?:the\s+)?origin|origin\s+(?:at\s+)?(?:the\s+)?(?:lower|bottom)[- ]?left"
                     r"|origin\s+(?:is\s+)?(?:(?:at|on|in)\s+)?the\s+(?:(?:centre|center|middle)\s+of\s+the\s+)?"
                     r"(?:inlet|entrance|left\s+end|upstream\s+end)"  # "the origin is the centre of the inlet plane"
                     r"|(?:inlet|entrance)(?:\s+(?:plane|face|section))?\s+(?:cent(?:re|er)\s+)?(?:is\s+)?at\s+the\s+origin"
                     r"|(?:inlet|entrance)\s+cent(?:re|er)\s+at\s+(?:the\s+)?origin",
                     text, re.I) is not None


def _lengths_before(text: str, word: str) -> list[float]:
    """Lengths followed by `word` ("2 cm high", "10 cm long"), in order; also "for another 50 cm"."""
    out = [(m.start(), float(m.group(1)) * _factor(m.group(2)))
           for m in re.finditer(rf"(?<![\w.]){NUM.join(['(', ')'])}\s*({UNIT})\s*(?:-\s*)?{word}\b", text, re.I)]
    if word.startswith("long"):
        out += [(m.start(), float(m.group(1)) * _factor(m.group(2)))
                for m in re.finditer(rf"(?:for\s+(?:an)?other|over\s+the\s+next|continues?\s+for|(?:straight|runs?|extends?)\s+for)"
                                     rf"\s+{_LEN}", text, re.I)
                if m.group(2)]
        # "then 600 mm of 200 mm pipe": a length of pipe said before its diameter
        out += [(m.start(), float(m.group(1)) * _factor(m.group(2)))
                for m in re.finditer(rf"(?<![\w.]){_LEN}\s+of\s+(?:the\s+)?(?:{NUM}\s*{UNIT}\s+)?(?:wide\s+|diameter\s+)?"
                                     r"(?:pipe|tube|duct|channel)\b", text, re.I) if m.group(2)]
    return [v for _, v in sorted(out)]


def _downstream_of(text: str, what: str) -> float | None:
    m = re.search(rf"{NUM.join(['(', ')'])}\s*({UNIT})\s+(?:downstream|behind|after|from)\s+(?:of\s+|from\s+)?(?:the\s+)?{what}\b"
                  r"(?!\s+to\s+(?:the\s+)?(?:outlet|exit|outflow|end))",
                  text, re.I)
    return float(m.group(1)) * _factor(m.group(2)) if m else None


_INLET = r"(?:inlet|entrance|entry|inflow(?:\s+boundary)?|upstream\s+end|left\s+end)"


def inlet_x(text: str) -> float | None:
    """The x a request gives the inlet itself: "inlet at x = 0", "the entrance is at x = -0.2 m",
    "x = 0 at the inlet", "a symmetric nozzle starting at x = 0"."""
    m = re.search(rf"\b{_INLET}\s+(?:(?:plane|boundary|face|section)\s+)?(?:is\s+|lies\s+|sits\s+)?(?:(?:at|on)\s+)?x\s*=\s*{_LEN}",
                  text, re.I) or re.search(rf"(?<![\w.])x\s*=\s*{_LEN}\s+(?:is\s+)?(?:at\s+)?the\s+{_INLET}", text, re.I)
    if m is None:  # "a nozzle about y = 0, starting at x = 0": where the whole shape starts (not a step or a taper)
        # "total 200 mm along x from x = 0": the whole length's start
        for start in re.finditer(rf"\b(?:starting|starts|beginning|begins)\s+(?:at|from)\s+x\s*=\s*{_LEN}"
                                 rf"|\b(?:total|overall|in\s+all|altogether)\b[^.;,]{{0,30}}?\bfrom\s+x\s*=\s*{_LEN}", text, re.I):
            if not re.search(rf"\b(?:{_CHANGE_WORDS})\w*\W+(?:\w+\W+){{0,2}}$", text[max(0, start.start() - 40):start.start()], re.I):
                m = start
                break
    if m is None:
        return None
    value = next(i for i in range(1, (m.lastindex or 1) + 1, 2) if m.group(i) is not None)
    return float(m.group(value)) * _factor(m.group(value + 1))


_CHANGE_WORDS = "step|taper|expan|contract|narrow|widen|diverg|converg|change|throat|block|obstacle|cylinder|body"


_CHANGE_AT_ORIGIN = re.compile(r"\b(?:step|expansion|contraction|enlargement|throat)(?:\s+(?:edge|corner|face|lip))?\s+"
                               r"(?:is\s+|lies\s+|sits\s+)?at\s+the\s+origin"
                               r"|origin\s+(?:is\s+)?(?:at|on)\s+the\s+(?:step|expansion|contraction)", re.I)


def _start_and_changes(text: str) -> tuple[list[float], float | None]:
    """The x coordinates the request gives (without the inlet's, when it is the only one) and where
    the sections start: the inlet's x, or 0 when the shape starts at the origin (else None)."""
    xs, start = _coordinates(text, "x"), inlet_x(text)
    if not xs and start is None and _CHANGE_AT_ORIGIN.search(text):
        return [0.0], None  # "the step edge at the origin": the change of section is at x = 0
    if start is None:
        return xs, 0.0 if at_origin(text) else None
    return ([] if len(xs) == 1 and abs(xs[0] - start) < 1e-12 else xs), start


def place(shape: str, text: str, dims: dict[str, Any]) -> Point:
    """Fill `dims` (in place) from the coordinates and section words of `text`; the translation
    from the shape's own coordinates to the request's."""
    if shape in ("backward_step", "forward_step"):
        return _place_step(shape, text, dims)
    if shape in ("sudden_expansion", "sudden_contraction"):
        return _place_expansion(shape, text, dims)
    if shape in ("nozzle", "diffuser"):
        return _place_nozzle(shape, text, dims)
    if shape in ("channel", "rectangle", "lid_driven_cavity", "heated_cavity", "box", "channel_with_obstacles"):
        return _place_box(shape, text, dims)
    if shape == "cylinder_crossflow":
        return _place_cylinder(text, dims)
    if shape == "t_junction":
        return _place_tee(text, dims)
    return (0.0, 0.0)


def _place_tee(text: str, dims: dict[str, Any]) -> Point:
    """A T-junction given by coordinates: the longest x range is the main channel, another x range the
    branch ("between x = 0.45 and 0.55 m"); the first y range is the main channel's height and the
    branch reaches a second y range's top or "up to y = 0.5 m"."""
    origin = [0.0, 0.0]
    xs, ys = axis_ranges(text, "x"), axis_ranges(text, "y")
    said = dims.get("length")
    if len(xs) == 1 and said and xs[0][1] - xs[0][0] < said - 1e-9 * said and xs[0][1] <= said + 1e-9 * said:
        # "main channel 0.5 m long ... a branch between x = 0.2 and 0.25 m": the one range narrower than the main
        # channel said, inside it from x = 0, is the branch's
        dims["branch_width"] = round(xs[0][1] - xs[0][0], 12)
        dims["branch_position"] = round((xs[0][0] + xs[0][1]) / 2, 12)
    elif xs:
        main = max(xs, key=lambda r: r[1] - r[0])
        dims["length"], origin[0] = main[1] - main[0], main[0]
        branch = [r for r in xs if r != main]
        if branch:
            dims["branch_width"] = round(branch[0][1] - branch[0][0], 12)
            dims["branch_position"] = round((branch[0][0] + branch[0][1]) / 2 - main[0], 12)
    if ys:
        dims["width"], origin[1] = ys[0][1] - ys[0][0], ys[0][0]
        top = ys[1][1] if len(ys) > 1 else None
        up = re.search(rf"\b(?:up\s+to|reaching|as\s+far\s+as|until|to)\s+y\s*(?:=|:)?\s*{_LEN}", text, re.I)
        if up:
            top = float(up.group(1)) * _factor(up.group(2))
        if top is not None and top > ys[0][1]:
            dims["branch_length"] = round(top - ys[0][1], 12)
    below = tee_branch_below(text, ys, ys[0] if ys else None)  # "y -4..0 in", "joining from below": the sign kept
    if below is not None:
        dims.update({"branch_below": True, **({"branch_length": below} if below > 0 else {})})
    return origin[0], origin[1]


_BODY_AT_ORIGIN = re.compile(r"(?:cent(?:re|er)(?:e?d)?|sits?|sitting|located|placed|positioned|lies|lying|is|axis)\s+"
                             r"(?:\w+\s+)?(?:at|on)\s+(?:the\s+)?origin|\b(?:cylinder|rod|body|disc|disk)\b[^.;:]{0,30}?\bat\s+(?:the\s+)?origin"
                             r"|(?:cent(?:re|er)|axis)\s+(?:is\s+)?at\s+x\s*=\s*y\s*=\s*0(?![\d.])|(?:cent(?:re|er)(?:e?d)?|at)\s*(?:at\s*)?"
                             r"\(\s*0(?:\.0*)?\s*,\s*0(?:\.0*)?\s*\)", re.I)


def body_at_origin(text: str) -> bool:
    """The request puts the body's centre at the origin ("centred at the origin", "axis at x = y = 0")."""
    return _BODY_AT_ORIGIN.search(text) is not None


def _place_cylinder(text: str, dims: dict[str, Any]) -> Point:
    """A cylinder's domain from coordinate ranges ("x -0.5..1 m, y -0.4..0.4 m", the centre then in
    the same coordinates), or a domain sized about a cylinder said to sit at the origin: the shape's
    own domain starts at (0, 0), so the translation is the domain's lower left corner."""
    at_zero = _BODY_AT_ORIGIN.search(text) is not None
    origin = [0.0, 0.0]
    for k, (axis, size, centre) in enumerate((("x", "length", "center_x"), ("y", "height", "center_y"))):
        ranges = axis_ranges(text, axis)
        if ranges:
            lo, hi = min(r[0] for r in ranges), max(r[1] for r in ranges)
            dims[size] = round(hi - lo, 12)
            said = 0.0 if at_zero else dims.get(centre)
            if said is not None:
                dims[centre] = round(said - lo, 12)
            origin[k] = lo
        elif at_zero and dims.get(centre, 0.0) > 0:
            origin[k] = -dims[centre]  # the domain was sized about the cylinder; its centre is the origin
    return origin[0], origin[1]


_CORNERS = re.compile(rf"from\s+\(\s*({NUM})\s*,\s*({NUM})\s*\)\s*({UNIT})?\s*to\s+\(\s*({NUM})\s*,\s*({NUM})\s*\)\s*({UNIT})?",
                      re.I)


def _place_box(shape: str, text: str, dims: dict[str, Any]) -> Point:
    long_name = "width" if "cavity" in shape else "length"
    origin = [0.0, 0.0]
    corners = _CORNERS.search(text)  # "a rectangular domain from (0, 0) to (2, 0.5) m"
    if corners and (not axis_ranges(text, "x") or shape == "channel_with_obstacles"):
        f = _factor(corners.group(6) or corners.group(3))
        (x0, y0), (x1, y1) = [(float(corners.group(i)) * f, float(corners.group(i + 1)) * f) for i in (1, 4)]
        dims[long_name], dims["height"] = abs(x1 - x0), abs(y1 - y0)
        # the bodies' coordinates are the request's: text.py moves them and the channel together
        return (0.0, 0.0) if shape == "channel_with_obstacles" else (min(x0, x1), min(y0, y1))
    for k, (axis, name) in enumerate((("x", long_name), ("y", "height"))):
        ranges = axis_ranges(text, axis)
        if ranges:
            lo, hi = min(r[0] for r in ranges), max(r[1] for r in ranges)
            dims[name] = hi - lo
            origin[k] = lo
    if shape == "channel" and not axis_ranges(text, "x") and (start := inlet_x(text)) is not None:
        origin[0] = start  # "a channel 60 cm long, inlet at x = -10 cm": its start
    z = axis_ranges(text, "z")
    if z and shape in ("channel", "box"):
        dims["width" if shape == "box" else "depth"] = max(r[1] for r in z) - min(r[0] for r in z)
    if shape == "channel_with_obstacles":
        return 0.0, 0.0  # the obstacles' centres are given in the request's own coordinates
    return origin[0], origin[1]


def _sections(xs: list[float], lengths: list[float | None], start: float | None) -> list[float] | None:
    """The x of each section boundary (inlet, changes..., outlet) from the coordinates given and
    the section lengths known (None: unknown)."""
    n = len(lengths) + 1
    if len(xs) == n:
        return xs
    if start is not None and None not in lengths:  # from the inlet by the lengths, when every x given is a boundary of it
        chain = [start]
        for length in lengths:
            chain.append(chain[-1] + length)  # type: ignore[operator]
        if xs and all(any(abs(x - b) <= 1e-9 * max(1.0, abs(b)) for b in chain) for x in xs):
            return chain  # "... so the domain ends at x = 1.2 m": the outlet's x, no change of section
    if len(xs) == 1 and n == 3 and lengths[0] is not None and lengths[1] is not None:
        return [xs[0] - lengths[0], xs[0], xs[0] + lengths[1]]  # the change position
    if len(xs) == 1 and n == 4 and lengths[0] is not None and None not in lengths:
        return [xs[0] - lengths[0], xs[0], xs[0] + lengths[1], xs[0] + lengths[1] + lengths[2]]  # type: ignore[operator]
    if len(xs) == 2 and n == 3:
        if None not in lengths and abs(xs[1] - xs[0] - lengths[0]) < 1e-9:  # type: ignore[operator]
            return [xs[0], xs[1], xs[1] + lengths[1]]  # type: ignore[operator]  # the inlet and the change by coordinates
        if lengths[0] is None and lengths[1] is not None and xs[1] - xs[0] <= lengths[1] + 1e-12:
            return [xs[0], xs[1], xs[1] + lengths[1]]  # the inlet section by coordinates, the outlet one by its length
        if lengths[0] is not None:
            return [xs[0], xs[0] + lengths[0], xs[1]]
        if lengths[1] is not None:
            return [xs[0], xs[1] - lengths[1], xs[1]]
    if len(xs) == n - 1 >= 2 and lengths[-1] is not None and (lengths[0] is None or
                                                              abs(xs[1] - xs[0] - lengths[0]) < 1e-9):
        return [*xs, xs[-1] + lengths[-1]]  # the last section given by its length ("continues for another 20 cm")
    if len(xs) == n - 1 >= 2 and lengths[0] is not None and lengths[-1] is None and \
            abs(xs[1] - xs[0] - lengths[0]) > 1e-9:
        return [xs[0] - lengths[0], *xs]
    if len(xs) == n - 1 and start is not None and start < xs[0] - 1e-12:
        return [start, *xs]  # "the step starts at x = 0.25 m and runs to the outlet at x = 1 m", from the origin
    if not xs and start is not None and None not in lengths:
        out = [start]
        for length in lengths:
            out.append(out[-1] + length)  # type: ignore[operator]
        return out
    return None


# the floor's change placed by its distance along the channel: "20 cm downstream the floor jumps up 2 cm",
# "50 mm along, the bottom wall steps down"
_WALL_CHANGE_AT = re.compile(rf"{NUM.join(['(', ')'])}\s*({UNIT})\s+(?:downstream|along|further\s+on|in)\s*,?\s+(?:the\s+)?"
                             r"(?:floor|bottom(?:\s+wall)?|lower\s+wall|bed)\b", re.I)
_OUTLET_X = re.compile(rf"\b(?:outlet|exit|outflow)\s+(?:(?:plane|boundary|face|section)\s+)?(?:is\s+|lies\s+)?(?:at|on)\s+x\s*=\s*{_LEN}",
                       re.I)


def _place_step(shape: str, text: str, dims: dict[str, Any]) -> Point:
    xs, start = _start_and_changes(text)
    end = _OUTLET_X.search(text)
    if end is not None and len(xs) >= 2 and start is not None:  # "to the outlet at x = 0.6 m": the end, not the step
        at_end = float(end.group(1)) * _factor(end.group(2))
        if any(abs(x - at_end) < 1e-12 for x in xs):
            xs = [x for x in xs if abs(x - at_end) >= 1e-12]
            dims.setdefault("total_length", at_end - start)
    ys = _coordinates(text, "y")
    up = _downstream_of(text, "inlet")
    if up is None and (change := _WALL_CHANGE_AT.search(text)) is not None:
        up = float(change.group(1)) * _factor(change.group(2))
    down = _downstream_of(text, "step") or dims.get("downstream_length")
    total = dims.pop("total_length", None)
    if up is not None:
        dims["upstream_length"] = up
    up = dims.get("upstream_length")
    if total and not up and not down and len(xs) == 2:
        up, down = xs[1] - xs[0], xs[0] + total - xs[1]  # "60 cm long, inlet at x = 0, the floor rises at x = 25 cm"
    elif total and not up and not down and len(xs) == 1 and start is not None and start < xs[0] < start + total:
        up, down = xs[0] - start, start + total - xs[0]
    if total and up and not down:
        down = total - up
    origin_x = 0.0
    bounds = _sections(xs, [up, down], start)
    if bounds:
        dims["upstream_length"], dims["downstream_length"] = bounds[1] - bounds[0], bounds[2] - bounds[1]
        origin_x = bounds[1]
    elif down:
        dims["downstream_length"] = down
    origin_y = 0.0
    if (foot := passage_origin(ys, dims)) is not None:  # one y range, the passage over the step's top
        origin_y = foot
    elif len(ys) >= 2:
        origin_y = ys[0]
        dims["height"] = ys[-1] - ys[0]
        if len(ys) == 3 and "step_height" not in dims:
            dims["step_height"] = ys[1] - ys[0]
    if "step_height" not in dims and "inlet_height" in dims and "height" in dims and shape == "backward_step":
        dims["step_height"] = dims["height"] - dims["inlet_height"]  # the inlet channel sits on the step
    dims.pop("inlet_height", None)
    return origin_x, origin_y


def _place_expansion(shape: str, text: str, dims: dict[str, Any]) -> Point:
    y_ranges = axis_ranges(text, "y")
    highs = _lengths_before(text, "(?:high|wide|tall)")
    longs = _lengths_before(text, "long")
    if len(y_ranges) >= 2:
        dims["inlet_height"] = y_ranges[0][1] - y_ranges[0][0]
        dims["outlet_height"] = y_ranges[1][1] - y_ranges[1][0]
    elif len(highs) >= 2 and "outlet_height" not in dims:
        dims["inlet_height"], dims["outlet_height"] = highs[0], highs[1]
    if len(longs) >= 2:
        dims.setdefault("upstream_length", longs[0])
        dims["downstream_length"] = longs[1]
    total = dims.pop("total_length", None)
    if total:  # "40 cm long in total": what one section leaves to the other, else halves
        up, down = dims.get("upstream_length"), dims.get("downstream_length")
        if up and not down:
            dims["downstream_length"] = total - up
        elif down and not up:
            dims["upstream_length"] = total - down
        elif not up and not down:
            dims["upstream_length"] = dims["downstream_length"] = total / 2
    xs, start = _start_and_changes(text)
    bounds = _sections(xs, [dims.get("upstream_length"), dims.get("downstream_length")], start)
    origin_x = 0.0
    if bounds:
        dims["upstream_length"], dims["downstream_length"] = bounds[1] - bounds[0], bounds[2] - bounds[1]
        origin_x = bounds[1]
    wide = [r for r in y_ranges if r[1] - r[0] == max(q[1] - q[0] for q in y_ranges)] if y_ranges else []
    if wide:
        origin_y = (wide[0][0] + wide[0][1]) / 2
    elif at_origin(text) and not re.search(r"(?:centred|centered|symmetric\w*)\s+(?:on|about)\s+y\s*=\s*0", text, re.I):
        wider = max(v for v in (dims.get("inlet_height"), dims.get("outlet_height"), 0.0) if v is not None)
        origin_y = wider / 2 if wider else 0.0
    else:
        origin_y = 0.0
    return origin_x, origin_y


# the words that make an x range the taper's: "converging over x -0.1..0", "the taper spans x = 0 to 0.2 m"
_TAPER_RANGE = re.compile(r"(?:converg|diverg|taper|narrow|widen|contract|expand|open)\w*(?:[^.;\n]{0,40}?)\b(?:over|spans?|spanning|across|covering)\s*$", re.I)


def _taper_range(text: str) -> tuple[float, float] | None:
    """The x range a request gives a nozzle's or diffuser's taper, when the words before it name the
    change of section ("converging from 6 cm to 2 cm over x -0.1..0")."""
    for m in re.finditer(r"(?<![\w.])x\b", text):
        if not _TAPER_RANGE.search(text[max(0, m.start() - 80):m.start()]):
            continue
        ranges = axis_ranges(text[m.start():m.start() + 60], "x")
        if ranges:
            return ranges[0]
    return None


# where the taper ends, by its x: "then a cone out to 200 mm diameter ending at x = 600 mm"
_TAPER_END = re.compile(rf"\b(?:cone|conical|taper\w*|expansion|contraction|diffuser|converg\w*|diverg\w*|widen\w*|narrow\w*)\b"
                        rf"[^.;]{{0,60}}?\b(?:ending|ends|finishing|finishes|stopping|up\s+to|until)\s+(?:at\s+)?x\s*=\s*{_LEN}", re.I)


def _place_nozzle(shape: str, text: str, dims: dict[str, Any]) -> Point:
    y_ranges = axis_ranges(text, "y")
    if len(y_ranges) >= 2:
        dims["inlet_height"] = y_ranges[0][1] - y_ranges[0][0]
        dims["outlet_height"] = y_ranges[-1][1] - y_ranges[-1][0]
    longs = _lengths_before(text, "long")
    over = re.search(rf"over\s+(?:the\s+next\s+|a\s+length\s+of\s+)?{_LEN}", text, re.I)
    if over and over.group(2):
        dims["taper_length"] = float(over.group(1)) * _factor(over.group(2))
        longs = [v for v in longs if abs(v - dims["taper_length"]) > 1e-12 or longs.count(v) > 1]
    if len(longs) >= 2:
        dims.setdefault("upstream_length", longs[0])
        dims.setdefault("downstream_length", longs[-1])
    taper = _taper_range(text)
    if taper:  # "converging over x -0.1..0": the taper's own x range
        dims["taper_length"] = taper[1] - taper[0]
    xs, start = _start_and_changes(text)
    end = _TAPER_END.search(text)
    if end and end.group(2) and not taper and len(longs) >= 1 and (start is not None):
        at = float(end.group(1)) * _factor(end.group(2))  # "a cone out to 200 mm diameter ending at x = 600 mm"
        if at > start + longs[0]:
            dims["upstream_length"], dims["taper_length"] = longs[0], at - start - longs[0]
            if len(longs) >= 2:
                dims["downstream_length"] = longs[-1]
            xs = [x for x in xs if abs(x - at) > 1e-9 * max(1.0, abs(at))]
    lengths = [dims.get("upstream_length"), dims.get("taper_length"), dims.get("downstream_length")]
    bounds = _sections(xs, lengths, start)
    if taper and (bounds is None or len(bounds) != 4 or abs(bounds[1] - taper[0]) > 1e-9):
        upstream = dims.get("upstream_length") or NozzleDims.model_fields["upstream_length"].default
        bounds = [taper[0] - upstream]
    if bounds is None and len(xs) == 1 and lengths[0] is not None:
        bounds = [xs[0] - lengths[0]]
    origin_x = 0.0
    if bounds and len(bounds) == 4:
        dims["upstream_length"], dims["taper_length"], dims["downstream_length"] = (
            bounds[1] - bounds[0], bounds[2] - bounds[1], bounds[3] - bounds[2])
    if bounds:
        origin_x = bounds[0]
    origin_y = (y_ranges[0][0] + y_ranges[0][1]) / 2 if y_ranges else 0.0
    return origin_x, origin_y


# --- where a body sits in a channel, in words ---------------------------------------------------
