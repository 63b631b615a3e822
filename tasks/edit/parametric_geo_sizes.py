"""A product of numbers that the stated-value reader took for cell counts ("W x H x L: 40 x 30 x 500 mm" ->
"40 x 30") but that the shape's dimensions show to be its sizes in one length unit. Pure functions."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from tasks.geometry.spec import NUM, UNIT

# the length units a drawing's product may be written in (metres per unit)
_FACTORS = (1.0, 1e-3, 1e-2, 0.0254, 0.3048)


def sizes_in_product(numbers: Sequence[float], dimensions: Mapping[str, object], rtol: float = 1e-6) -> list[str] | None:
    """The names of the shape's dimensions that `numbers` are, all in one length unit (None when no unit
    makes every number one of them): [40, 30] with {"depth": 0.04, "height": 0.03} -> ["depth", "height"]."""
    sizes = {k: float(v) for k, v in dimensions.items() if isinstance(v, (int, float)) and not isinstance(v, bool) and v > 0}
    if len(numbers) < 2 or not sizes:
        return None
    for factor in _FACTORS:
        names = []
        for n in numbers:
            key = next((k for k, v in sizes.items() if abs(n * factor - v) <= rtol * v), None)
            if key is None:
                break
            names.append(key)
        else:
            return names
    return None


def written_with_a_length_unit(request: str, product: str) -> bool:
    """Whether the product is written with a length unit after it or after one more factor ("40 x 30 x 500 mm",
    "40 x 30 mm"): only then can its numbers be sizes (a bare "100 x 10" stays a cell count)."""
    return bool(re.search(rf"{re.escape(product)}\s*(?:[x×]\s*{NUM}\s*)?{UNIT}", request, re.I))
