"""Thermophysical properties where a compressible or buoyant case defines them: the Prandtl
number of constant/thermophysicalProperties (mixture/transport/Pr, a const transport), before the
incompressible transportProperties' Pr. Mixed into `tasks.plan.bind.Binder`."""

from __future__ import annotations

from tasks.foam import dictionary as fd
from tasks.plan.stated import StatedQuantity

THERMO = "constant/thermophysicalProperties"
PRANDTL_PATH = ["mixture", "transport", "Pr"]


def thermo_prandtl_path(thermo: str) -> list[str] | None:
    """Where a thermophysicalProperties text keeps its Prandtl number: mixture/transport/Pr
    (const or polynomial transport), None when it keeps none (sutherland computes kappa itself)."""
    return PRANDTL_PATH if fd.find(thermo, PRANDTL_PATH) is not None else None


class ThermalPropertyBinding:
    """Thermophysical properties of a plan (Prandtl number of the thermo)."""

    def _prandtl(self, q: StatedQuantity, stated: list[StatedQuantity]) -> None:
        if fd.find(self.base.text("constant/transportProperties") or "", ["Pr"]) is None and \
                self.bind_thermo_property(q, "prandtl", stated, refuse=False):  # type: ignore[attr-defined]
            return  # a const transport's Pr, of the phase or region named
        super()._prandtl(q, stated)  # type: ignore[misc]  # the next binder: transportProperties' Pr
