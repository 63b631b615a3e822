"""The place words of a stated value that the request listed with others ("inlet and outlet at
250 and 80 bar": 80 bar is the outlet's). stated.py reads them into StatedQuantity.place; the
binders read a placed value's own words instead of searching its text in the request (the second
value of a list would find the first one's words)."""

from __future__ import annotations

import re

from tasks.plan.stated import StatedQuantity


def own_place(q: StatedQuantity) -> str | None:
    """The value's own place words, lower case ("central inlets at"), or None when the request
    did not list it with its place."""
    if not q.place or not q.place.strip():
        return None
    return re.sub(r"\s+", " ", q.place.strip().lower())


def own_span(text: str, q: StatedQuantity, stated: list[StatedQuantity],
             skip: list[tuple[int, int]] = ()) -> tuple[int, int] | None:
    """Where in the (normalised) request `q` itself is written: the n-th place its text occurs
    when it is the n-th stated quantity with that text (two "5 s" are two places); places that
    start inside a `skip` span (a solver control's words, read apart) are not its."""
    low = text.lower()
    key = q.text.lower()
    hits = [(m.start(), m.start() + len(key)) for m in re.finditer(rf"(?<![\w.]){re.escape(key)}", low)
            if not any(a <= m.start() < b for a, b in skip)]
    twins = [s for s in stated if s.text.lower() == key]
    nth = next((i for i, s in enumerate(twins) if s is q), None)
    if not hits or nth is None:
        return None
    return hits[min(nth, len(hits) - 1)]


def overlaps(span: tuple[int, int] | None, start: int, end: int) -> bool:
    """The span shares a character with [start, end)."""
    return span is not None and span[0] < end and start < span[1]
