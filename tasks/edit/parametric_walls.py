"""The hot and cold wall temperatures of a generated heated shape from what the request states:
the two temperatures themselves, one of them and the difference between them ("walls 25 K apart",
"a 15 degC difference between the plates"), or the difference alone measured from a stated
temperature (else the fluid's). A Grashof number is a Rayleigh number over the Prandtl number
(Ra = Gr Pr). Pure functions; parametric_boussinesq writes what they give.
"""

from __future__ import annotations

from dataclasses import dataclass

from tasks.foam.physics import fmt
from tasks.plan.stated import StatedQuantity

# an absolute temperature the difference is measured from when neither wall's is stated (the cold one)
_BASE_ROLES = ("wall_temperature", "initial_temperature", "temperature", "reference_temperature",
               "inlet_temperature")


@dataclass(frozen=True)
class WallPair:
    hot: float | None
    cold: float | None
    note: str = ""  # the assumption saying how a difference was placed ("" when none was)
    taken: tuple[str, ...] = ()  # the stated texts used here (not to be bound again)
    refused: str = ""  # why a stated difference was not used ("" when it was, or none was stated)


def walls_from_difference(hot: float | None, cold: float | None, stated: list[StatedQuantity],
                          fluid_t: float) -> WallPair:
    """(hot, cold) with a stated temperature difference placed: the missing wall is the stated one
    plus or minus it; with neither stated, the cold wall at a stated absolute temperature (else the
    fluid's `fluid_t`) and the hot one dT above it. Both stated: kept, the difference checked."""
    dt_q = next((q for q in stated if q.role == "temperature_difference" and abs(q.value) > 0), None)
    if dt_q is None:
        return WallPair(hot, cold)
    dt = abs(dt_q.value)
    if hot is not None and cold is not None:
        if abs(abs(hot - cold) - dt) > 1e-6 * max(1.0, dt):
            return WallPair(hot, cold, refused=(f"{dt_q.text} disagrees with the wall temperatures stated "
                                                f"({fmt(hot)} K and {fmt(cold)} K are {fmt(abs(hot - cold))} K apart); "
                                                "drop one of the three"))
        return WallPair(hot, cold, taken=(dt_q.text,))
    if hot is not None:
        return WallPair(hot, hot - dt, f"cold wall {fmt(hot - dt)} K = hot wall {fmt(hot)} K - {dt_q.text} (the "
                                       "stated difference)", (dt_q.text,))
    if cold is not None:
        return WallPair(cold + dt, cold, f"hot wall {fmt(cold + dt)} K = cold wall {fmt(cold)} K + {dt_q.text} (the "
                                         "stated difference)", (dt_q.text,))
    base = next((q for role in _BASE_ROLES for q in stated if q.role == role), None)
    low = base.value if base is not None else fluid_t
    said = f"{base.text}, stated" if base is not None else "the fluid's temperature"
    taken = (dt_q.text,) + ((base.text,) if base is not None and base.role == "wall_temperature" else ())
    return WallPair(low + dt, low, f"cold wall {fmt(low)} K ({said}), hot wall {fmt(low + dt)} K = cold + "
                                   f"{dt_q.text} (the stated difference)", taken)


def rayleigh_of(stated: list[StatedQuantity], pr: float) -> StatedQuantity | None:
    """The stated Rayleigh number, else a stated Grashof number as one (Ra = Gr Pr, its text kept so
    the binding names what the user wrote); None when neither is stated."""
    ra = next((q for q in stated if q.role == "rayleigh" and q.value > 0), None)
    if ra is not None:
        return ra
    gr = next((q for q in stated if q.role == "grashof" and q.value > 0), None)
    return gr.model_copy(update={"role": "rayleigh", "value": gr.value * pr}) if gr is not None else None
