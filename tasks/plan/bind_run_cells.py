"""A cell count stated without a direction: a total over the mesh's resolved directions ("6400
cells" on a 20 x 20 square is 80 x 80), or the product of counts stated beside it ("80 x 80 =
6400 cells", "6400 cells, 80 by 80"), which restates them. Pure; tasks/plan/bind_run.py applies it.
"""

from __future__ import annotations

import math
import re

from tasks.plan.stated import StatedQuantity

_PER_BLOCK = re.compile(r"^[^,;.]{0,30}?\b(?:per|each|every)\s+(?:of\s+the\s+)?(?:\w+\s+)?blocks?\b")


def restated_product(q: StatedQuantity, stated: list[StatedQuantity]) -> StatedQuantity | None:
    """The stated per-direction counts ("80 x 80") whose product the count is, or None."""
    return next((s for s in stated if s is not q and s.dims and len(s.dims) >= 2 and
                 math.prod(s.dims) == int(round(q.value))), None)


def per_block_said(low: str, at: int, words: str) -> bool:
    """The words after the count say it is each block's ("500 cells per block")."""
    return at >= 0 and _PER_BLOCK.match(low[at + len(words):]) is not None


def even_total(old: tuple[int, int, int], total: int, at_most: bool = False) -> list[int] | None:
    """The counts that bring a one-block mesh with two or three resolved directions to about
    `total` cells (no more than `total` when `at_most`: the largest count lowered until under it),
    each resolved direction scaled by the same factor (its aspect kept); None when fewer than two
    directions are resolved or the total is not larger than one cell per direction."""
    resolved = [i for i, c in enumerate(old) if c > 1]
    now = math.prod(old)
    if len(resolved) < 2 or total < 2 ** len(resolved) or now <= 0:
        return None
    factor = (total / now) ** (1.0 / len(resolved))
    new = [max(1, round(c * factor)) if i in resolved else c for i, c in enumerate(old)]
    while at_most and math.prod(new) > total and max(new) > 1:
        new[new.index(max(new))] -= 1
    return new
