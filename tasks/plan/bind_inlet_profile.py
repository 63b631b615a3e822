"""A parabolic (fully developed laminar) inlet profile a request asks for ("a parabolic inlet
profile with a mean velocity of 0.5 m/s", "Poiseuille inflow, centreline speed 2 m/s"), as the
`fixedProfile` condition of v1912 (no coded condition): a polynomial of the coordinate across the
inlet, zero at its walls. Planar (2-D) inlets only: one resolved direction across the patch.
Pure; tasks/plan/bind_velocity.py applies it.
"""

from __future__ import annotations

import re

from tasks.plan.foam_values import fmt

_PARABOLIC = re.compile(r"\bparabolic\b|\bpoiseuille\b|\bfully[\s-]+developed\s+(?:laminar\s+)?"
                        r"(?:velocity\s+)?(?:profile|flow|inflow|inlet)", re.I)
_PEAK = re.compile(r"\b(?:max(?:imum)?|peak|cent(?:re|er)[\s-]?line|cent(?:re|er)|core)\b", re.I)


def parabolic_said(words: str) -> str | None:
    """"max" when the words ask for a parabolic profile of the stated peak (centreline) speed,
    "mean" for one of the stated mean (bulk) speed (the reading when they do not say), None when
    they ask for no parabolic profile."""
    if not _PARABOLIC.search(words):
        return None
    return "max" if _PEAK.search(words) else "mean"


def parabolic_profile(speed: float, kind: str, bounds: list[tuple[float, float]], flow: list[float],
                      flat: set[int]) -> dict[str, str] | None:
    """The fixedProfile entries of a planar parabolic profile of `speed` (its mean or its peak,
    `kind`) along `flow`, across the inlet's one resolved direction (bounds per axis); None when
    the inlet spans no or two directions."""
    across = [a for a in range(3) if a not in flat and bounds[a][1] - bounds[a][0] > 0]
    if len(across) != 1:
        return None
    axis = across[0]
    lo, hi = bounds[axis]
    half = (hi - lo) / 2
    peak = speed * 1.5 if kind == "mean" else speed  # a planar Poiseuille profile: mean = 2/3 of its peak
    a = [peak * f for f in flow]
    b = [-peak * f / half ** 2 for f in flow]
    vec = lambda v: "(" + " ".join(fmt(x) for x in v) + ")"  # noqa: E731
    power = [2.0 if abs(f) > 0 else 0.0 for f in flow]
    direction = [1.0 if i == axis else 0.0 for i in range(3)]
    return {"type": "fixedProfile",
            "profile": f"polynomial ( ({vec(a)} (0 0 0)) ({vec(b)} {vec(power)}) )",
            "direction": vec(direction), "origin": fmt(lo + half)}
