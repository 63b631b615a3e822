"""Thermophysical properties where a compressible or buoyant case defines them: the Prandtl
number of a thermophysical dictionary (mixture/transport/Pr of a const transport, the case's,
a phase's or a region's; `bind_props_thermo`), before the incompressible transportProperties' Pr.
Mixed into `tasks.plan.bind.Binder`."""

from __future__ import annotations

from tasks.foam import dictionary as fd
from tasks.plan.stated import StatedQuantity


class ThermalPropertyBinding:
    """Thermophysical properties of a plan (Prandtl number of the thermo)."""

    def _prandtl(self, q: StatedQuantity, stated: list[StatedQuantity]) -> None:
        if fd.find(self.base.text("constant/transportProperties") or "", ["Pr"]) is None and \
                self.bind_thermo_property(q, "prandtl", stated, refuse=False):  # type: ignore[attr-defined]
            return  # a const transport's Pr, of the phase or region named
        super()._prandtl(q, stated)  # type: ignore[misc]  # the next binder: transportProperties' Pr
