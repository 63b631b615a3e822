"""The tutorial's dimensions against the lengths a request states: does a tutorial lack the shape
or a size the request describes (lacks_shape, has_dimension), and is a stated length a size of the
domain at all or a parameter (a wave height, a particle diameter, how far a body moves:
describes_domain). Pure apart from reading the tutorial's mesh dictionaries.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path
from typing import NamedTuple

from tasks.foam.generated_mesh import generated_lengths, mesh_generator
from tasks.foam import block_vars
from tasks.foam import dictionary as fd
from tasks.foam.files import find_file, read_text
from tasks.foam.m4 import expand_template
from tasks.knowledge.casebase import m4_mesh_template
from tasks.plan.flow_lengths import is_particle_size, small_length_kind
from tasks.plan.stated import StatedQuantity


def lacks_shape(case_dir: Path, spec, stated: list[StatedQuantity]) -> bool:
    """The tutorial lacks what the request states of the described shape: a length of the shape
    (from its words or its coordinates) that none of the tutorial's lengths matches, an obstacle,
    the wall temperatures of a heated cavity (the library puts them on the walls named), or walls other than a
    cavity's one lid moving."""
    from tasks.geometry.build import recorded_lengths

    lengths = [v for _, v in recorded_lengths({"dimensions": spec.dimensions}) if v > 0]
    if spec.shape in ("rectilinear", "polygon_domain"):  # rectangles part by part, or slanted walls: no tutorial's mesh
        return True
    if any(not has_dimension(case_dir, v) for v in lengths) or spec.obstacles:
        return True
    if not spec.two_d and tutorial_is_2d(case_dir):  # a 3D cube is not the tutorial's one-cell-thick square
        return True
    if not fits_extents(domain_extents(spec), tutorial_extents(case_dir)):
        return True
    if spec.dimensions.get("moving_walls"):  # walls other than the one lid move: each its own patch and velocity
        return True
    return spec.shape == "heated_cavity" and any(
        q.role in ("hot_wall_temperature", "cold_wall_temperature", "wall_temperature") for q in stated)


def tutorial_is_2d(case_dir: Path) -> bool:
    """The tutorial's blockMesh mesh is 2D: it has an empty or wedge patch (False when it has no
    plain blockMeshDict)."""
    found = find_file(case_dir / "system", "blockMeshDict")
    return found is not None and re.search(r"\btype\s+(?:empty|wedge)\s*;", read_text(found)) is not None


def domain_extents(spec) -> list[float]:
    """The sides of a box-like shape's domain as the request gave them (length and height of a
    channel, width and height of a cavity, all three of a box); [] for other shapes or none given."""
    names = {"rectangle": ("length", "height", "depth"), "channel": ("length", "height", "depth"),
             "box": ("length", "height", "width"), "lid_driven_cavity": ("width", "height", "depth"),
             "heated_cavity": ("width", "height", "depth")}.get(spec.shape, ())
    return [float(spec.dimensions[n]) for n in names if isinstance(spec.dimensions.get(n), (int, float))]


def fits_extents(sides: list[float], extents: list[float], rel_tol: float = 0.01) -> bool:
    """Every side of the requested domain is a different full extent of the tutorial's mesh: a
    channel 1 m long and 0.1 m high is not a tutorial 1 m in one direction and 0.2 m in the others,
    even though 0.1 m is half of one of them (True when either is unknown)."""
    if not sides or not extents:
        return True
    free = list(extents)
    for side in sorted(sides, reverse=True):
        match = next((e for e in free if abs(side - e) <= rel_tol * e), None)
        if match is None:
            return False
        free.remove(match)
    return True


def tutorial_extents(case_dir: Path) -> list[float]:
    """The full extents (x, y, z) of a tutorial's blockMesh vertices, in metres ([] when unknown)."""
    points = _block_points(case_dir)
    return [max(p[a] for p in points) - min(p[a] for p in points) for a in range(3)] if points else []


def tutorial_bounds(case_dir: Path) -> list[tuple[float, float]]:
    """The (min, max) of a tutorial's blockMesh vertices along x, y, z, in metres ([] when unknown)."""
    points = _block_points(case_dir)
    return [(min(p[a] for p in points), max(p[a] for p in points)) for a in range(3)] if points else []


def _block_points(case_dir: Path) -> list[tuple[float, ...]]:
    """The vertices of a tutorial's blockMesh mesh as blockMesh reads them, scaled to metres: its
    system/blockMeshDict with its variables and #eval/#calc expressions evaluated, else what its m4
    template expands to ([] when it has neither or they cannot be read)."""
    text = tutorial_block_mesh(case_dir)
    points = block_vars.points(text) if text is not None else None
    if not points:
        return []
    factor = block_vars.scale_of(text or "")
    return [tuple(v * factor for v in p) for p in points]


def tutorial_block_mesh(case_dir: Path) -> str | None:
    """The tutorial's blockMeshDict text: system/blockMeshDict, else its m4 template expanded (as its
    scripts do); None when it has neither."""
    found = find_file(case_dir / "system", "blockMeshDict")
    if found is not None:
        return read_text(found)
    rel = m4_mesh_template(case_dir) if case_dir.is_dir() else None
    return expand_template(case_dir / rel, case_dir) if rel is not None else None


def tutorial_lengths(case_dir: Path) -> list[float]:
    """`mesh_lengths` of the tutorial (cached: an m4 template is expanded once)."""
    return list(mesh_lengths(case_dir))


@lru_cache(maxsize=64)
def mesh_lengths(case_dir: Path) -> tuple[float, ...]:
    """The lengths a tutorial's blockMesh geometry has, in metres: the extent of its vertices in
    each direction and half of it (a channel's half-width), and each block's extent along each
    direction (a step's height, an inlet section's length) ([] when it has no readable blockMesh
    mesh). A tutorial meshed by another generator (`createBoxTurb -createBlockMesh`) has the
    lengths of the mesh that generator makes (tasks.foam.generated_mesh), not its blockMeshDict's."""
    if mesh_generator(case_dir) is not None:
        return tuple(sorted({round(v, 12) for _, _, v in generated_lengths(case_dir) if v > 0}))
    points = _block_points(case_dir)
    if not points:
        return ()
    lengths: list[float] = []
    for axis in range(3):
        values = [p[axis] for p in points]
        extent = max(values) - min(values)
        lengths += [extent, extent / 2]
    text = tutorial_block_mesh(case_dir) or ""
    for corners in block_corners(text, len(points)):
        lengths += [max(points[i][a] for i in corners) - min(points[i][a] for i in corners) for a in range(3)]
    return tuple(sorted({round(v, 12) for v in lengths if v > 0}))


def block_corners(text: str, n_points: int) -> list[list[int]]:
    """The eight vertex labels of each live hex block whose labels are plain numbers within the
    vertex list (blocks named by m4 macros or out of range left out)."""
    out: list[list[int]] = []
    for m in re.finditer(r"\bhex\s*\(([^()]*)\)", fd.strip_comments(text)):
        labels = m[1].split()
        if len(labels) == 8 and all(x.isdigit() for x in labels) and max(int(x) for x in labels) < n_points:
            out.append([int(x) for x in labels])
    return out


def agrees_to_stated_digits(value: float, q: StatedQuantity) -> bool:
    """`value` (metres) is the stated length as far as its digits go, when it gives three or more
    significant digits ("3.1416 m" is pi metres, "25.4 mm" is 0.0254 m); a shorter number ("2 m")
    must agree to rounding only."""
    m = re.search(r"\d+(?:\.\d+)?(?:[eE][-+]?\d+)?", q.text)
    if m is None or float(m[0]) == 0:
        return False
    mantissa = m[0].split("e")[0].split("E")[0]
    significant = len(mantissa.replace(".", "").lstrip("0"))
    if significant < 3:
        return abs(value - q.value) <= 1e-6 * abs(q.value)
    decimals = len(mantissa.split(".")[1]) if "." in mantissa else 0
    exponent = int(m[0].lower().split("e")[1]) if "e" in m[0].lower() else 0
    half_digit = 0.5 * 10.0 ** (exponent - decimals) * q.value / float(m[0])
    return abs(value - q.value) <= abs(half_digit) * (1 + 1e-9)


def has_dimension(case_dir: Path, value: float, rel_tol: float = 0.01) -> bool:
    """The tutorial's geometry already has this length (a stated size that agrees with it)."""
    return any(abs(value - v) <= rel_tol * v for v in tutorial_lengths(case_dir))


_DIMENSION_WORDS = re.compile(r"\b(long|length|wide|width|high|height|tall|deep|depth|diameter|radius|side|chord|"
                              r"gap|apart|spacing|span|thick|thickness|across|domain|channel|pipe|duct|box|cube|tank|"
                              r"cavity|room|enclosure|chamber|vessel|container|annulus)\b")


# Lengths that are a model's parameters, not the domain's sizes: a wave's height or length, a
# liquid's depth or fill level, a film, a particle, a roughness, a first cell, a mixing length, where
# an injector or probe sits.
_PARAMETER_WORDS = (
    r"wave\s*(?:height|length|amplitude)|wavelength|amplitude|(?:water|liquid|fill(?:ing)?|free[- ]surface|initial)\s+"
    r"(?:depth|level|height|column(?:\s+(?:height|width))?)|filled\s+(?:to|up\s+to)|(?:film|liquid\s+film|sheet)\s+"
    r"thickness|(?:particle|droplet|drop|bubble|grain|parcel|sand[- ]grain)s?\s+(?:size|diameter|radius)|"
    r"roughness(?:\s+(?:height|length))?|\bks\b|(?:first|wall)[- ](?:cell|layer)\s+(?:height|thickness|size)|"
    r"first[- ]layer|y\s*\+|mixing[- ]length|(?:turbulent\s+|integral\s+)?length[- ]scale|"
    r"(?:injector|injection|nozzle|probe|sensor|source)\s+(?:position|location|height|at|placed\s+at|located\s+at)|"
    # a probe's own size: 'thermocouple diameter 0.5 mm', 'bead dia. 500 micron', 'sensor bead diameter of 1 mm'
    r"(?:thermocouple|thermistor|sensor|probe|bead)s?\s+(?:bead\s+)?(?:size|diameter|dia\.?|radius)|"
    # how far a body moves: 'a stroke of 30 mm', 'moves back and forth by 0.05 m', 'swings sideways by 0.2 m'
    r"stroke|excursion|displacement|heave|(?:back\s+and\s+forth|to\s+and\s+fro|up\s+and\s+down|side\s+to\s+side|"
    r"sideways|oscillat\w*|shak\w*|heav\w*|swing\w*|sway\w*|mov(?:es|ed|ing)|displaced|translat\w*)\s+by")
_PARAMETER_BEFORE = re.compile(rf"(?:{_PARAMETER_WORDS})\s*(?:of|=|:|is|at|to|equal\s+to|about|around|~|\(\w+\))?\s*$")
_PARAMETER_AFTER = re.compile(rf"^\s*(?:{_PARAMETER_WORDS})")


def names_parameter(before: str, after: str) -> bool:
    """The words right before a length ("wave height 0.05 m", "particle diameter of 1 mm") or
    right after it ("a 2 mm film thickness") name a model parameter, not a size of the domain."""
    return bool(_PARAMETER_BEFORE.search(before) or _PARAMETER_AFTER.search(after))


_NUM = r"[-+−]?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?"
_LEN_UNIT = r"(?:mm|cm|km|m)(?![\w/^²³])"
_SCALE = {"mm": 1e-3, "cm": 1e-2, "m": 1.0, "km": 1e3}
# a coordinate range: "from z = -1 m to z = 1 m", "z -1..1 m", "between x = 0 and 2 m", "z from -100 cm to
# 100 cm", "-1 m < z < 1 m", "from -1 m to +1 m" (an axis, a 'from'/'between' or '..' marks it a range)
_RANGE = re.compile(
    rf"(?:(?P<lead>\b(?:from|between|spans?|spanning|runs?|running|extends?|extending|ranges?|ranging)\s+)|"
    rf"(?<![\w.])(?P<axis0>[xyz])\s*(?:from\s+|between\s+|:\s*|\s)?)"
    rf"(?:(?P<axis1>[xyz])\s*=\s*)?(?P<a>{_NUM})\s*(?P<ua>{_LEN_UNIT})?\s*"
    rf"(?P<sep>\.\.\.?|…|–|—|\bto\b|\band\b|\buntil\b|\bup\s+to\b)\s*"
    rf"(?:(?P<axis2>[xyz])\s*=\s*)?(?P<b>{_NUM})\s*(?P<ub>{_LEN_UNIT})")
_BETWEEN = re.compile(rf"(?<![\w.])(?P<a>{_NUM})\s*(?P<ua>{_LEN_UNIT})?\s*<=?\s*(?P<axis1>[xyz])\s*<=?\s*"
                      rf"(?P<b>{_NUM})\s*(?P<ub>{_LEN_UNIT})")


class CoordinateRange(NamedTuple):
    """A stretch of the domain the request gives by its end coordinates (metres), along `axis`
    (0, 1, 2; None when not named), written at text[start:end]."""

    axis: int | None
    low: float
    high: float
    start: int
    end: int


def _metres(number: str, unit: str | None, other: str | None) -> float:
    return float(number.replace("−", "-")) * _SCALE[(unit or other or "m").lower()]


def coordinate_ranges(text: str) -> list[CoordinateRange]:
    """The coordinate ranges the request gives ("from z = -1 m to z = 1 m", "z -1..1 m"): ends
    of a stretch of the domain, whose lengths are coordinates, not sizes."""
    low = text.lower()
    out: list[CoordinateRange] = []
    for m in [*_RANGE.finditer(low), *_BETWEEN.finditer(low)]:
        groups = m.groupdict()
        axis = next((groups.get(k) for k in ("axis0", "axis1", "axis2") if groups.get(k)), None)
        lead = groups.get("lead")
        sep = (groups.get("sep") or "..").strip()
        a, b = _metres(m["a"], m["ua"], m["ub"]), _metres(m["b"], m["ub"], m["ua"])
        if a == b or (axis is None and min(a, b) > 0):
            continue  # "from 2 m to 3 m" names no axis and no end a size cannot have: sizes, no coordinates
        out.append(CoordinateRange("xyz".index(axis) if axis else None, min(a, b), max(a, b), m.start(), m.end()))
    return out


def in_coordinate_range(text: str, q: StatedQuantity) -> CoordinateRange | None:
    """The coordinate range a stated length is an end of, or None."""
    spans = [m.start() for m in re.finditer(rf"(?<![\w.]){re.escape(q.text.lower())}", text.lower())]
    return next((r for r in coordinate_ranges(text) for at in spans if r.start <= at < r.end), None)


def range_fits(case_dir: Path, r: CoordinateRange, rel_tol: float = 0.01) -> bool:
    """The range is a stretch of the tutorial's mesh: its ends are the mesh's bounds along its axis
    (any axis when it names none), or its extent is the mesh's extent there (the same size, placed
    elsewhere); True when the mesh cannot be read (nothing to compare)."""
    bounds = tutorial_bounds(case_dir)
    if not bounds:
        return True
    extent = r.high - r.low
    for axis in ([r.axis] if r.axis is not None else range(3)):
        lo, hi = bounds[axis]
        size = hi - lo
        if size > 0 and abs(extent - size) <= rel_tol * size:
            return True
    return False


def range_outside(case_dir: Path, r: CoordinateRange, rel_tol: float = 0.01) -> bool:
    """The range reaches beyond the tutorial's mesh along its axis (along every axis when it names
    none): a stretch of another domain, not a part of this one (a layer, a probe line)."""
    bounds = tutorial_bounds(case_dir)
    if not bounds:
        return False
    def beyond(lo: float, hi: float) -> bool:
        slack = rel_tol * (hi - lo)
        return r.low < lo - slack or r.high > hi + slack
    return all(beyond(*bounds[a]) for a in ([r.axis] if r.axis is not None else range(3)))


def other_domain_ranges(text: str, case_dir: Path) -> list[str]:
    """The coordinate ranges of the request (as written) that describe another domain than the
    tutorial's: neither its extent nor within its mesh ("a column from z = 0 to z = 3 m" on a
    2 m column); a range within the mesh is a part of it (a layer, a probe line), left to the binders."""
    return [text[r.start:r.end].strip() for r in coordinate_ranges(text)
            if not range_fits(case_dir, r) and range_outside(case_dir, r)]


def names_coordinate(before: str) -> bool:
    """The words right before a length make it a coordinate ("at z = 0.5 m", "x: 0.3 m", "the
    point (x = 1 m)"), a position in the domain, not a size of it."""
    return re.search(r"(?<![\w.])[xyz]\s*(?:=|:|≈|~)\s*$|\b(?:at|located|placed|positioned|position|point|"
                     r"coordinate|level|elevation)\s+(?:of\s+|at\s+)?(?:[xyz]\s*=\s*)?$", before) is not None


_POINT = re.compile(r"\s*[-+]?[\d.]+(?:e[-+]?\d+)?\s*[a-z]*(?:\s*[,;]?\s*[-+]?[\d.]+(?:e[-+]?\d+)?\s*[a-z]*){1,2}\s*")
_PLACE_BEFORE = re.compile(r"\b(?:cent(?:re|er)(?:d|ed)?|at|positions?|located|placed|origin|point)\s*(?:at|=|:|of)?\s*$")


def _in_placed_point(low: str, at: int, end: int) -> bool:
    """The length at low[at:end] is a component of a point placed in brackets ("centred at (40 cm, 35 cm, 35 cm)")."""
    opened, closed = low.rfind("(", 0, at), low.find(")", end)
    if opened < 0 or closed < 0 or ")" in low[opened:at] or "(" in low[end:closed]:
        return False
    return bool(_POINT.fullmatch(low[opened + 1:closed])) and bool(_PLACE_BEFORE.search(low[max(0, opened - 30):opened]))


def describes_domain(text: str, q: StatedQuantity) -> bool:
    """A length that sizes the domain ("a channel 2 m long", "cavity of side 0.1 m"), not a
    particle, a wire, a model parameter (a wave height, a roughness), a small length of the flow
    (a film's thickness, a porous layer; tasks.plan.bind_small_lengths) or an unnamed length."""
    low = text.lower()
    whole = re.search(rf"(?<![\w.]){re.escape(q.text.lower())}", low)  # "5 cm" is not the end of "15 cm"
    at = whole.start() if whole else low.find(q.text.lower())
    if at < 0:
        return False
    end = at + len(q.text)
    before, after = re.split(r"[,;]", low[max(0, at - 40):at])[-1], re.split(r"[,;)]", low[end:end + 30])[0]
    if in_coordinate_range(text, q) is not None or names_coordinate(before) or _in_placed_point(low, at, end):
        return False  # a coordinate ("from z = -1 m to z = 1 m", "at x = 0.3 m", "centred at (40 cm, 35 cm)")
    if names_parameter(before, after) or small_length_kind(low[:at], low[end:], q.value) is not None or \
            is_particle_size(low[:at], low[end:], q.value):
        return False  # a film's thickness, a roughness, a porous layer, a particle's size ("bubbles of 4 mm")
    # a wave's own size, the wave named before the length or after it: 'waves 5 cm high', 'waves with a
    # height of 0.1 m', '5 cm high sea waves', 'a 5 cm wave' (not 'a 3 m long wave tank', 'a flume 10 m
    # long where waves break')
    wave = r"(?:waves?|swells?|ripples?|breakers?)"
    link = r"(?:with|in|of|and|on|at|for|to|the|a|an|where|which|that|so|as|while|when|until|there|then|is|are)"
    wave_before = rf"\b{wave}(?:\s+(?:\w+\s+){{0,3}}?(?:height|amplitude))?\s*(?:of|=|:|is|about|around)?\s*$"
    wave_after = (rf"^\s*(?:(?!{link}\b)[\w-]+\s+){{0,3}}?{wave}\b"
                  r"(?!\s*(?:tank|flume|basin|channel|maker|generator|paddle|piston|flap))")
    if re.search(wave_before, before) or re.search(wave_after, after):
        return False
    window = low[max(0, at - 40):end + 25]
    return bool(_DIMENSION_WORDS.search(window))


LINE_POINTS = 30.0  # a 1D mesh for a request that says '1D' (half for a bar, a rod, a column only)
LAYER_POINTS = 30.0  # a property field set by region for a request that describes layers
# the dimensions [kg m s K ...] of a property a region may set (a diffusivity, a conductivity, a viscosity)
_PROPERTY_DIMENSIONS = ("[0 2 -1 0 0 0 0]", "[1 1 -3 -1 0 0 0]", "[1 -1 -1 0 0 0 0]")


@lru_cache(maxsize=512)
def is_line_mesh(case_dir: Path) -> bool:
    """The tutorial's blockMeshDict mesh is 1D: every block one cell across in two directions (its
    system/blockMeshDict only: ranking reads every tutorial, no m4 template is expanded for it)."""
    found = find_file(case_dir / "system", "blockMeshDict") if case_dir.is_dir() else None
    text = read_text(found) if found is not None else None
    counts = re.findall(r"\bhex\s*\([^()]*\)\s*\(\s*(\S+)\s+(\S+)\s+(\S+)\s*\)", fd.strip_comments(text or ""))
    return bool(counts) and all(c.count("1") >= 2 and all(x.isdigit() for x in c) for c in counts)


@lru_cache(maxsize=512)
def sets_property_by_region(case_dir: Path) -> bool:
    """The tutorial's setFieldsDict sets a property field by region (a 0/DT diffusivity in layers)."""
    found = find_file(case_dir / "system", "setFieldsDict") if case_dir.is_dir() else None
    if found is None:
        return False
    names = set(re.findall(r"\bvolScalarFieldValue\s+(\w+)", fd.strip_comments(read_text(found))))
    for name in names:
        for folder in ("0.orig", "0"):
            field = find_file(case_dir / folder, name)
            raw = fd.get(read_text(field), ["dimensions"]) if field is not None else None
            if raw is not None and " ".join(raw.split()) in _PROPERTY_DIMENSIONS:
                return True
    return False


def layout_points(case_dir: Path, line_words: float, layered: bool) -> tuple[float, str | None]:
    """Points (and why) for a tutorial laid out as the request describes: a 1D mesh when it says
    1D (or a bar, a rod, a column), a property set by region when it describes layers."""
    points, why = 0.0, []
    if line_words and is_line_mesh(case_dir):
        points += LINE_POINTS * line_words
        why.append("a 1D mesh, as said")
    if layered and sets_property_by_region(case_dir):
        points += LAYER_POINTS
        why.append("a property set by region (layers)")
    return points, "; ".join(why) or None
