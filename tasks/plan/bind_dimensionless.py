"""A dimensionless number stated WITH all its ingredients ("Re = 100 with U 0.1 m/s, D 1 cm and nu
1e-5 m2/s", "Pr 0.71: mu 1.8e-5 Pa s, cp 1005 J/(kg K), k 0.0255 W/(m K)") is a check, not a value
of its own: the ingredients are written where they live, and the number is verified by computing
it from them (within 5 %; else the reason says by how much it is off). Which length is the
reference one cannot be read from the numbers alone, so a Reynolds number is checked only when the
request states one length (the width, diameter or edge it names).

Pure: the stated quantities in, (agrees, reading) out. `tasks.edit.verify` calls `check_group`
where it would otherwise say "no entry of the case holds 100 for the reynolds".
"""

from __future__ import annotations

from typing import Callable

from tasks.plan.foam_values import fmt
from tasks.plan.stated import StatedQuantity

TOLERANCE = 0.05


def _one(stated: list[StatedQuantity], quantity: str) -> float | None:
    """The value of the one stated quantity of that kind (None for none, or several that differ)."""
    values = {float(f"{s.value:.9g}") for s in stated if s.quantity == quantity and s.value > 0}
    return values.pop() if len(values) == 1 else None


def _kinematic_viscosity(stated: list[StatedQuantity]) -> tuple[float, str] | None:
    """(nu, how it was read): a stated nu, else mu / rho both stated."""
    nu = _one(stated, "kinematic_viscosity")
    if nu is not None:
        return nu, f"nu {fmt(nu)} m2/s"
    mu, rho = _one(stated, "dynamic_viscosity"), _one(stated, "density")
    if mu is not None and rho is not None and rho > 0:
        return mu / rho, f"mu / rho = {fmt(mu)} / {fmt(rho)} m2/s"
    return None


def _reynolds(stated: list[StatedQuantity]) -> tuple[float, str] | None:
    speed, length, nu = _one(stated, "velocity"), _one(stated, "length"), _kinematic_viscosity(stated)
    if speed is None or length is None or nu is None or nu[0] <= 0:
        return None
    return speed * length / nu[0], f"U L / nu = {fmt(speed)} m/s x {fmt(length)} m / ({nu[1]})"


def _prandtl(stated: list[StatedQuantity]) -> tuple[float, str] | None:
    mu, cp, k = _one(stated, "dynamic_viscosity"), _one(stated, "specific_heat"), _one(stated, "thermal_conductivity")
    if mu is None or cp is None or k is None or k <= 0:
        return None
    return mu * cp / k, f"mu cp / k = {fmt(mu)} x {fmt(cp)} / {fmt(k)}"


_GROUPS: dict[str, tuple[str, Callable[[list[StatedQuantity]], tuple[float, str] | None]]] = {
    "reynolds": ("Re", _reynolds),
    "prandtl": ("Pr", _prandtl),
}


def check_group(q: StatedQuantity, stated: list[StatedQuantity]) -> tuple[bool, str] | None:
    """(whether the stated number agrees within 5 % with the one its stated ingredients give, the
    reading) for a dimensionless number whose every ingredient is stated; None when an ingredient
    is missing or stated twice, or the number is of a kind not checked here."""
    group = _GROUPS.get(q.quantity)
    if group is None or q.value <= 0:
        return None
    computed = group[1](stated)
    if computed is None:
        return None
    value, how = computed
    gap = abs(value - q.value) / q.value
    reading = f"{group[0]} = {how} = {value:.4g}"
    if gap <= TOLERANCE:
        return True, f"{q.text} checked: {reading}, as stated (within {gap:.1%})"
    return False, (f"{q.text} disagrees with the stated values: {reading}, {gap:.0%} off; the stated values are "
                   f"written, state the one to change")
