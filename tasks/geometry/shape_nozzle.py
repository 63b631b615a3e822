"""The stations of a nozzle or diffuser: where its section changes along x and how high it is there
(inlet duct, the taper to the outlet or to a throat and on to the outlet, outlet duct). Pure functions;
metres."""

from __future__ import annotations

import math

from tasks.geometry.spec import GeometrySpec, resolved_heights


def nozzle_stations(spec: GeometrySpec) -> tuple[list[float], list[float]]:
    """The x of each change of a nozzle's or diffuser's section and its height there (a diameter when
    axisymmetric): inlet duct, taper(s) with a straight throat between, outlet duct; a section of length 0 is left
    out."""
    d = spec.dims
    hi, ho = resolved_heights(spec)
    segments = [(d.upstream_length, hi), (d.taper_length, d.throat_height or ho)]
    if d.throat_height:
        segments.append((d.throat_length, d.throat_height))
        segments.append((d.diverging_length or d.taper_length, ho))
    segments.append((d.downstream_length, ho))
    xs, heights = [0.0], [hi]
    for length, height in segments:
        if length > 0:
            xs.append(xs[-1] + length)
            heights.append(height)
    return xs, heights


def wall_heights(spec: GeometrySpec, heights: list[float]) -> tuple[list[float], list[float]]:
    """(lower, upper) wall y at each station of a planar nozzle or diffuser with the inlet centred on y = 0:
    symmetric about y = 0, or with one wall straight (`flat_wall`) at the inlet's edge and the other sloping."""
    flat = getattr(spec.dims, "flat_wall", None)
    edge = heights[0] / 2
    if flat == "bottom":
        return [-edge] * len(heights), [h - edge for h in heights]
    if flat == "top":
        return [edge - h for h in heights], [edge] * len(heights)
    return [-h / 2 for h in heights], [h / 2 for h in heights]


def one_wall_angle(spec: GeometrySpec) -> dict[str, float]:
    """The angle (degrees) of a planar nozzle's or diffuser's taper walls without a throat: {"sloping_wall": a} when
    one wall is straight, {"each_wall": a} when both slope symmetrically; {} for a venturi or a round nozzle."""
    d = spec.dims
    if d.throat_height or d.axisymmetric:
        return {}
    hi, ho = resolved_heights(spec)
    rise = abs(ho - hi) / (1 if d.flat_wall else 2)
    return {"sloping_wall" if d.flat_wall else "each_wall": round(math.degrees(math.atan(rise / d.taper_length)), 6)}


def venturi_angles(inlet: float, throat: float, outlet: float, converging: float, diverging: float) -> dict[str, float]:
    """The included and half angles (degrees) of a venturi's converging and diverging walls."""
    out: dict[str, float] = {}
    for name, end, length in (("converging", inlet, converging), ("diverging", outlet, diverging)):
        half = math.degrees(math.atan((end - throat) / 2 / length))
        out.update({name: round(2 * half, 6), f"{name}_half": round(half, 6)})
    return out
