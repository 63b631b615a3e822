"""A length that sizes the region one phase fills ("a 5 cm mercury layer", "the mercury layer 5 cm
thick", "water column 0.2 m wide"): which stated lengths are such sizes, so `modify` hands them to
the binder's setFields boxes (tasks/plan/bind_parts_regions) instead of reading them as the
domain's size, and says so when no box takes them. Pure readers of the words and setFieldsDict.
"""

from __future__ import annotations

import re

from tasks.plan.stated import StatedQuantity

# the words of a region's size near a phase's name
_REGION_SIZE = re.compile(r"\b(?:layers?|columns?|pool|height|high|thick(?:ness)?|deep|depth|wide|width|level)\b")


def setfields_phases(set_fields: str) -> list[str]:
    """The phases a setFieldsDict fills (alpha.<phase> of its fieldValues), in order of mention."""
    return list(dict.fromkeys(re.findall(r"volScalarFieldValue\s+alpha\.([A-Za-z]\w*)", set_fields)))


def region_phase(text: str, q: StatedQuantity, phases: list[str]) -> str | None:
    """The phase a stated length sizes the region of: one of `phases` (those the case's setFields
    fills) named in its sentence part (up to 40 characters either side) with a region's size word
    ("5 cm mercury layer"), the one named first; None when the words size no phase's region."""
    if q.quantity != "length" or not phases:
        return None
    low = text.lower()
    at = low.find(q.text.lower())
    if at < 0:
        return None
    near = re.split(r"[,;]|\.(?!\d)", low[max(0, at - 40):at])[-1] + " " + \
        re.split(r"[,;]|\.(?!\d)", low[at + len(q.text):at + len(q.text) + 40])[0]
    named = sorted((m.start(), p) for p in phases for m in [re.search(rf"\b{re.escape(p.lower())}\b", near)] if m)
    return named[0][1] if named and _REGION_SIZE.search(near) else None


def sizes_phase_region(text: str, q: StatedQuantity, phases: list[str]) -> bool:
    """Whether a stated length's words size the region of a phase the case's setFields fills."""
    return region_phase(text, q, phases) is not None


def unplaced_region_sizes(text: str, stated: list[StatedQuantity], phases: list[str], binder) -> list[str]:
    """The "not applied" notes of the region sizes a binder (its bindings, not_applied) neither
    wrote nor refused: a geometry length no setFields box took would otherwise vanish."""
    notes = []
    for q in stated:
        phase = region_phase(text, q, phases) if q.role == "geometry" else None
        if phase and not any(b.stated == q.text for b in binder.bindings) and \
                not any(n.text == q.text for n in binder.not_applied):
            notes.append(f"not applied: {q.text} (it sizes the {phase} region, but no one boxToCell region of "
                         f"system/setFieldsDict fills {phase}: resize that region by hand)")
    return notes
