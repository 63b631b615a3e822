"""A rotation speed written in a unit of frequency ("rotor at 500 min⁻¹", "the impeller turns at
25 Hz", "1500 1/min stirrer speed"): one turn per period, read as an angular velocity (2π rad per
turn), as "rpm" and "rev/s" are; a bare "1/s" or "s⁻¹" is OpenFOAM's omega, already rad/s. A frequency said of anything else ("oscillates at 5 Hz") stays one.

Pure functions over the normalised request text and tasks.plan.extract_models' quantities.
"""

from __future__ import annotations

import math
import re

from tasks.plan.extract_models import Quantity

# what turns: a rotor, an impeller, a fan, "rotates", "spins", "revolutions", "rotational speed"
_TURNING = (r"(?:rotor|rotat\w*|spin\w*|impeller|stirrer|agitator|propeller|fan|blades?|wheel|shaft|turbine|"
            r"turn(?:s|ing)?|revolv\w*|revolutions?|mixer|mrf|angular)")
_OSCILLATING = r"(?:oscillat\w*|vibrat\w*|pulsat\w*|flapp\w*|period\w*|wave\w*|sinus\w*|shedding|write|output|sampl\w*)"
# the clause before the value (back to the last punctuation), and the few words after it
_CLAUSE_BEFORE = re.compile(r"[^.;,:\n(]{0,60}$")
_WORDS_AFTER = re.compile(r"[^.;,:\n)]{0,30}")
# a bare "per second" ("10 1/s", "10 s^-1", "10 s⁻¹"): the dimension OpenFOAM writes omega in, read as rad/s
# (Hz, min⁻¹ and 1/min count turns)
_PER_SECOND = re.compile(r"(?:\b1\s*/\s*s|\bs\s*(?:\^|\*\*)?\s*-\s*1|\bs⁻¹|/\s*s(?:ec(?:ond)?)?)\s*$")


def _turning(words: str) -> bool:
    return bool(re.search(rf"\b{_TURNING}\b", words, re.I)) and not re.search(rf"\b{_OSCILLATING}\b", words, re.I)


def rotation_speeds(text: str, found: list[Quantity]) -> list[Quantity]:
    """The quantities with each frequency said of something that turns read as its angular velocity."""
    out = []
    for q in found:
        if q.kind == "frequency":
            before = _CLAUSE_BEFORE.search(text, 0, q.start)
            after = _WORDS_AFTER.match(text, q.start + len(q.text))
            said = (before.group(0) if before else "") + " " + (after.group(0) if after else "")
            if _turning(said):
                per_turn = 1.0 if _PER_SECOND.search(q.text) else 2 * math.pi  # "10 1/s": OpenFOAM's omega, rad/s
                q = q.model_copy(update={"kind": "angular_velocity", "value": q.value * per_turn})
        out.append(q)
    return out
