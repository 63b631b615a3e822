"""How the flow enters a generated case besides a fixed velocity: driven by a stated pressure
(`pressure_driven`: an inlet held at a pressure, pressureInletOutletVelocity U; a pressure "drop" or
"difference" is the inlet's pressure above the outlet's) or, for an LES, with the stated turbulence
intensity as random fluctuations about the mean inflow (`les_inflow`: turbulentInlet, as in the
pisoFoam LES pitzDaily tutorial).

Pure functions on stated quantities, and writers that edit a scratch case's 0/ files in place.
"""

from __future__ import annotations

import re
from pathlib import Path

from tasks.foam import dictionary as fd
from tasks.foam.physics import fmt, model_spec
from tasks.plan.stated import Binding, StatedQuantity

_DRIVEN_BY_SPEED = frozenset({"inlet_velocity", "inlet_flow_rate", "inlet_mass_flow", "reynolds", "lid_velocity",
                              "wall_velocity", "angular_velocity"})


_DROP = re.compile(r"\b(?:drop|difference|differential|head|loss|delta[\s_-]*p|dp)\b[^,;.]{0,30}$", re.I)


def as_pressure_drop(text: str, q: StatedQuantity) -> StatedQuantity:
    """A pressure stated as a drop or difference ("a pressure drop of 0.2 kPa", "the inlet 2 kPa
    above the outlet": role pressure_drop from the planner, or a plain pressure whose words name a
    drop) is what the inlet is held at above the outlet: the quantity with the pressure-drop role
    (the binder adds it to the outlet's level); any other quantity as it is."""
    if q.quantity != "pressure" or q.role in ("inlet_pressure", "outlet_pressure"):
        return q
    if q.role == "pressure_drop":
        return q
    at = text.lower().find(q.text.lower())
    if at < 0 or not _DROP.search(text[max(0, at - 45):at]):
        return q
    return q.model_copy(update={"role": "pressure_drop"})


_DRIVING_ROLES = ("inlet_pressure", "pressure_drop")


def pressure_driven(stated: list[StatedQuantity]) -> StatedQuantity | None:
    """The stated inlet pressure (or pressure drop) of a flow the request drives by pressure alone:
    no inflow speed, flow rate, Reynolds number or moving wall is stated. None otherwise."""
    if any(q.role in _DRIVEN_BY_SPEED for q in stated):
        return None
    return next((q for q in stated if q.role in _DRIVING_ROLES), None)


def bernoulli_speed(dp: float, rho: float) -> float:
    """sqrt(2 dp / rho): the speed a pressure difference can give a fluid at most (m/s)."""
    if rho <= 0:
        raise ValueError(f"a density must be positive (got {rho})")
    return (2.0 * abs(dp) / rho) ** 0.5


def open_inlets(case: Path, inlets: list[str]) -> list[str]:
    """Inlets held at a pressure instead of a velocity: p fixedValue (its value bound from the
    request afterwards), U pressureInletOutletVelocity. The patches changed."""
    u_path, p_path = Path(case) / "0/U", Path(case) / "0/p"
    if not u_path.is_file() or not p_path.is_file():
        return []
    u, p = u_path.read_text(), p_path.read_text()
    for name in inlets:
        u = fd.set_entry(u, ["boundaryField", name], {"type": "pressureInletOutletVelocity",
                                                      "value": "uniform (0 0 0)"})
        p = fd.set_entry(p, ["boundaryField", name], {"type": "fixedValue", "value": "uniform 0"})
    u_path.write_text(u)
    p_path.write_text(p)
    return list(inlets)


def les_inflow(case: Path, model: str, stated: list[StatedQuantity], inlets: list[str], mean: str) -> Binding | None:
    """A stated turbulence intensity of an LES inflow: the inlets' velocity becomes turbulentInlet, random
    fluctuations of that size (fluctuationScale (I I I)) about the mean inflow `mean` (as in the pisoFoam LES
    pitzDaily tutorial); its binding, or None (not LES, no intensity, no fixed inlet)."""
    q = next((q for q in stated if q.role == "turbulence_intensity" and 0 < q.value < 1), None)
    path = Path(case) / "0/U"
    if q is None or model_spec(model).simulation_type != "LES" or not inlets or not path.is_file():
        return None
    text = path.read_text()
    held = [n for n in inlets if (fd.get(text, ["boundaryField", n, "type"]) or "").strip() == "fixedValue"]
    scale = f"({fmt(q.value)} {fmt(q.value)} {fmt(q.value)})"
    for name in held:
        text = fd.set_entry(text, ["boundaryField", name], {
            "type": "turbulentInlet", "referenceField": f"uniform {mean}", "fluctuationScale": scale,
            "value": f"uniform {mean}"})
    path.write_text(text)
    return Binding(stated=q.text, file="0/U", entry=["boundaryField", held[0], "fluctuationScale"], value=scale,
                   how="turbulentInlet fluctuations of the stated intensity about the mean inflow") if held else None
