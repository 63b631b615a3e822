"""Which side of its main channel a T-junction's branch lies on, from the request's y ranges or words
("y -4..0 in" under "y 0..1 in", "joining from below"). Pure function."""

from __future__ import annotations

import re

# a branch said to join from below the main channel: "joining from below", "enters from the bottom", "branch below"
_BELOW = re.compile(r"\b(?:from|at|on|off)\s+(?:the\s+)?(?:below|bottom|underneath|lower\s+(?:wall|side))\b"
                    r"|\bbranch\w*\b[^.;]{0,40}?\b(?:below|beneath|under(?:neath)?|downwards?)\b"
                    # "..., pointing down", "the side arm goes straight down": the branch's way in a T-junction's words
                    r"|\b(?:point|go|goe|run|extend|face|lead|head|hang)(?:s|ing)?\s+(?:straight\s+)?down(?:wards?)?\b", re.I)


def tee_branch_below(text: str, ys: list[tuple[float, float]], main: tuple[float, float] | None) -> float | None:
    """The length of a T-junction's branch that lies below its main channel (y range `main`, when one is given):
    a second y range that ends where the main channel starts ("y -4..0 in" under "y 0..1 in") gives it; words
    ("joining from below") alone give 0.0 (below, its length said elsewhere); None when the branch is not below."""
    if main is not None:
        below = [r for r in ys if r != main and r[1] <= main[0] + 1e-9 * max(1.0, abs(main[0])) and r[0] < r[1]]
        if below:
            return round(main[0] - below[0][0], 12)
        if any(r != main and r[0] >= main[1] - 1e-12 for r in ys):
            return None  # a y range above the main channel: the branch is above, whatever the words say
    return 0.0 if _BELOW.search(text) else None
