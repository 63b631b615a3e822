"""A round region of the other phase inside the one a setFields region fills: "an air bubble of
radius 3 cm at (0.07, 0.1, 0) in the water column", "a 2 cm gas pocket in the liquid". The base's
region stays; a sphereToCell (3D) or cylinderToCell through the empty direction (2D) is appended
after it, with each phase fraction of that region flipped (alpha.water 1 -> 0), so setFields
writes it last. Pure: the raw `regions` list in, the new one out.
"""

from __future__ import annotations

import re

from tasks.foam import dictionary as fd
from tasks.plan.foam_values import fmt, vec

# words that make a round thing the gas in a liquid
GAS_THING = re.compile(r"\b(?:bubbles?|gas\s+pockets?|pockets?\s+of\s+(?:air|gas)|(?:air|gas|vapou?r)\s+"
                       r"(?:bubbles?|pockets?|voids?|cavit(?:y|ies)))\b|\bvoids?\b")


def flipped_values(values: dict[str, str]) -> dict[str, str]:
    """The phase fractions of a region flipped (1 -> 0, 0 -> 1); other fields and fractions
    between 0 and 1 are left out."""
    out = {}
    for field, raw in values.items():
        if not field.startswith("alpha"):
            continue
        try:
            value = float(raw)
        except ValueError:
            continue
        if value in (0.0, 1.0):
            out[field] = fmt(1.0 - value)
    return out


def add_inclusion(regions_raw: str, centre: list[float], radius: float, values: dict[str, str],
                  bounds: list[tuple[float, float]], flat_axis: int | None) -> str:
    """The `regions` list with a round region appended: a sphere of `radius` around `centre`, or
    (with `flat_axis`, a 2D mesh) a cylinder along that axis through the domain; `values` its
    volScalarFieldValues. ValueError when the list has no closing bracket or values are empty."""
    if not values:
        raise ValueError("a round region needs at least one phase fraction to set")
    clean = fd.strip_comments(regions_raw)
    close = clean.rfind(")")
    if close < 0:
        raise ValueError("the setFieldsDict regions list has no closing ')'")
    if flat_axis is None:
        selector, where = "sphereToCell", f"origin {vec(centre)}; radius {fmt(radius)};"
    else:
        p1, p2 = list(centre), list(centre)
        p1[flat_axis], p2[flat_axis] = bounds[flat_axis]
        selector, where = "cylinderToCell", f"p1 {vec(p1)}; p2 {vec(p2)}; radius {fmt(radius)};"
    lines = "\n".join(f"            volScalarFieldValue {f} {v}" for f, v in values.items())
    region = (f"    {selector}\n    {{\n        {where}\n        fieldValues\n        (\n{lines}\n        );\n"
              f"    }}\n")
    return clean[:close].rstrip() + "\n" + region + clean[close:]
