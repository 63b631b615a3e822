"""Words naming a geometry the shape library has no model for: a sphere, an ellipsoid, a pipe bend, a
NACA section that is not a 4-digit one, another aerofoil family. A request naming one is refused with
the reason (never built as the nearest library shape with the body dropped or swapped). Pure functions."""

from __future__ import annotations

import re

from tasks.geometry.text_lone_body import unsized_body
from tasks.geometry.text_ogrid import o_domain
from tasks.geometry.text_outlines import names_described_body

# (words, what the library cannot build and what to give instead)
_UNBUILDABLE: list[tuple[re.Pattern[str], str]] = [
    (re.compile(r"\bspher(?:e|es|ical)\b|\bball\b", re.I),
     "a sphere is not a shape of the library (its bodies are 2D: squares, rectangles, circles, polygons)"),
    # a 2D ellipse is built as a polygon body (text_outlines); an ellipsoid, an oval or an elliptic vessel is not
    (re.compile(r"\bellipsoid\w*|\bspheroid\w*|\boval\b|\bellip(?:se|ses|tic|tical)\b(?=\s+(?:tank|vessel|container"
                r"|chamber|duct|pipe|tube|domain|region|enclosure|cavity|box)\b)", re.I),
     "an ellipsoid, an oval or an elliptic vessel is not a shape of the library (its ellipses are 2D bodies in a "
     "channel, sized by their semi-axes)"),
    (re.compile(r"\b(?:elbow|u[- ]bend|bend|bent|curved\s+(?:pipe|duct|channel|tube)|helical|helix|coil(?:ed)?)\b"
                r"(?!\s+(?:radius|stiffness))", re.I),
     "a round pipe's elbow or a coil is not a shape of the library (its bends are 2D ducts: say 2D, or give the duct width)"),
    (re.compile(r"\b(?:y[- ]?(?:piece|junction|joint|branch|fitting|connector|shaped\s+(?:junction|branch|pipe|duct|channel))"
                r"|wye\b|lateral\s+(?:junction|tee|fitting)|angled\s+(?:branch|tee|junction)|(?<![\d.])(?!90(?![\d.]))(?:\d+(?:\.\d+)?\s*-?\s*(?:°|deg\w*)\s+)"
                r"(?:branch|tee|junction))", re.I),
     "a Y-junction (a branch at an angle other than 90 degrees) is not a shape of the library (its T-junction has a "
     "square branch)"),
    (re.compile(r"\bNACA\s*[- ]?\s*(?:\d{5,6}|6\d-?\d{3}|\d{1,3}(?!\d))\b", re.I),
     "only 4-digit NACA sections (NACA 0012, NACA 2412, ...) are in the library"),
    (re.compile(r"\b(?:clark[- ]?y|eppler|selig|s\d{4}|sd\d{4}|goe\s*\d+|rae\s*\d+|wortmann|fx\s*\d+)\b", re.I),
     "only 4-digit NACA sections (NACA 0012, NACA 2412, ...) are in the library"),
]
_ELSE = "; give the geometry as an STL (--geometry F.stl, meshed with snappyHexMesh) or name a tutorial that has it"


_BEND = _UNBUILDABLE[2][0]
_WYE = _UNBUILDABLE[3][0]


def unbuildable_reason(text: str, bend_built: bool = False, y_built: bool = False) -> str | None:
    """Why the shape library cannot build the geometry the words name, or None when nothing in them
    is outside the library (with `bend_built`, the bend words name the 2D bend being built; with `y_built`,
    the Y-junction words name the angled branch of the T-junction being built)."""
    for pattern, why in _UNBUILDABLE:
        if (bend_built and pattern is _BEND) or (y_built and pattern is _WYE):
            continue
        m = pattern.search(text)
        if m:
            return f"{why} ('{m.group(0)}'){_ELSE}"
    return None


# a body the flow meets, of a kind the library cannot build: "flow past a sphere", "around a 2 cm ball",
# "an ellipse in a stream", "an elliptical cylinder in cross-flow" (not "0.5 cm spheres" of a particle cloud)
_BODY = r"(?:spher(?:e|ical\s+\w+)|ball|ellip(?:se|soid|tic(?:al)?\s+\w+)|oval(?:\s+\w+)?)"
_FLOW_BODY = re.compile(
    rf"\b(?:past|around|round|over|behind|about|across|on|onto|towards?|in\s+front\s+of|downstream\s+of|wake\s+of)\s+"
    rf"(?:an?\s+|the\s+|one\s+|single\s+)?(?:[\w.-]+\s+){{0,3}}?{_BODY}\b"
    rf"|\b{_BODY}\s+(?:\w+\s+){{0,2}}?(?:in|inside|within|placed\s+in|held\s+in)\s+(?:an?\s+|the\s+)?(?:[\w-]+\s+)?"
    r"(?:stream|flow|cross-?flow|free[- ]?stream|wind\s+tunnel|channel|duct|domain|box|uniform\s+flow|current)\b", re.I)


def unbuildable_body(text: str) -> str | None:
    """Why the library cannot build the body the flow meets, when the words name one it has no model for
    ("flow past a sphere", "an ellipse in a stream"), else None."""
    m = _FLOW_BODY.search(text)
    if not m:
        return None
    return unbuildable_reason(m.group(0)) or (unsized_body(text) if names_described_body(m.group(0)) else None)


def round_far_field(text: str, shape: str) -> str | None:
    """Why a body in a free stream with a round far field (an O-domain) is not built, None when it is or the words
    ask for no round far field: one circular cylinder (`shape` cylinder_crossflow) is built as a structured O-grid
    (tasks/geometry/shape_ogrid.py); a square, an ellipse or several bodies in a round domain are not, and a
    rectangle built instead would be a geometry other than the one asked for."""
    m = o_domain(text)
    if m is None or shape == "cylinder_crossflow":
        return None
    return (f"a round far field (an O-domain, '{m.group(0)}') is built about one circular cylinder only, not about "
            f"the bodies named here (a square, an ellipse, a polygon or several bodies); state the domain as a "
            f"rectangle by its distances (e.g. '10 D upstream, 20 D downstream, 10 D to each side'){_ELSE}")
