"""A constant dispersed-phase diameter a request asks for in an Euler-Euler case ("constant bubble
diameter 3 mm", "diameterModel constant") whose base sizes the phase another way (isothermal d0
and p0, a velocityGroup of a population balance): the phase's diameterModel becomes constant with
constantCoeffs d, the stated size (bound by the phase-diameter binders) or else the base's own.
A population balance is not turned off: that is refused with why. Part of
`tasks.plan.bind_phase_models.bind_phase_models`.
"""

from __future__ import annotations

import re

from tasks.foam import dictionary as fd
from tasks.plan.bind_parts_phase_words import listed_phases, phase_kind
from tasks.plan.foam_values import fmt
from tasks.plan.stated import Binding, StatedQuantity

PHASES_FILE = "constant/phaseProperties"
CONSTANT_SIZE = re.compile(r"\b(?:constant|fixed|uniform|single|mono[- ]?disperse)\s+(?:(?P<what>bubble|particle|"
                           r"droplet|drop|grain)s?\s+)?(?:diameter|size)s?\b|\bdiameterModel\s+constant\b", re.I)
_KIND_OF = {"bubble": "gas", "particle": "solid", "grain": "solid", "droplet": "liquid", "drop": "liquid"}


def sized_phase(what: str | None, phases: list[str], bound: list[str], continuous: str | None) -> str | None:
    """The phase a constant size is for: the kind its words name (bubbles: the gas), else the
    phase a stated size was bound to, else the one phase other than the continuous one."""
    if what:
        of_kind = [p for p in phases if phase_kind(p) == _KIND_OF[what.lower()]]
        return of_kind[0] if len(of_kind) == 1 else None
    if len(set(bound)) == 1:
        return bound[0]
    dispersed = [p for p in phases if p != continuous] if continuous in phases else \
        [p for p in phases if phase_kind(p) != "liquid"]
    return dispersed[0] if len(dispersed) == 1 else None


def bind_constant_diameter(binder, continuous: str | None) -> None:
    """Switch the named phase's diameterModel to constant when the request asks for a constant
    size and the base's phase has another model (a Binder's base, text, set, bindings, refuse)."""
    text = binder.base.text(PHASES_FILE) or ""
    m = CONSTANT_SIZE.search(binder.text)
    raw = fd.get(text, ["phases"])
    if m is None or not raw:
        return
    phases = listed_phases(raw)
    bound = [b for b in binder.bindings if b.file == PHASES_FILE and b.entry and b.entry[0] in phases
             and b.entry[-1] in ("d", "d0")]
    phase = sized_phase(m.group("what"), phases, [b.entry[0] for b in bound], continuous)
    model = (fd.get(text, [phase, "diameterModel"]) or "").strip() if phase else ""
    if not model or model == "constant":
        return
    said = StatedQuantity(text=m.group().strip(), quantity="switch", value=1.0, role="phase_model")
    binder._stated.append(said)
    if model == "velocityGroup":
        binder.refuse(said, f"{phase}'s size comes from a population balance (diameterModel velocityGroup); a "
                            "constant diameter would leave its size groups unsolved: ask for a base without one")
        return
    size = next((b.value for b in bound if b.entry[0] == phase), None) or \
        fd.get(text, [phase, f"{model}Coeffs", "d0"]) or fd.get(text, [phase, f"{model}Coeffs", "d"])
    if size is None:
        binder.refuse(said, f"state {phase}'s diameter: its {model} model gives none to keep")
        return
    d = fmt(float(size))
    binder.set(PHASES_FILE, [phase, "diameterModel"], "constant", f"{phase}: constant diameter (was {model})", said)
    binder.set(PHASES_FILE, [phase, "constantCoeffs"], {"d": d}, f"{phase} diameter {d} m")
    for b in [b for b in bound if b.entry[0] == phase]:  # the size stated is now constantCoeffs d
        binder.bindings.remove(b)
        binder.bindings.append(Binding(stated=b.stated, file=PHASES_FILE, entry=[phase, "constantCoeffs", "d"],
                                       value=d, how=f"{phase} constant diameter"))
    binder.assumptions.append(f"{said.text}: {phase}'s diameterModel constant (was {model}), d = {d} m"
                              + ("" if bound else f" (the base's {model} size)"))
