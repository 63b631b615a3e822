"""A heat flux on a region of a multi-region case ("the heater takes 20 kW/m2"): the region's
own outer patch, in the changeDictionaryDict that writes the region's values, becomes an
externalWallHeatFluxTemperature in flux mode (kappa from the region's thermo: solidThermo for a
solid, fluidThermo for a fluid). The patch is the one the words name, else the region's one
outer patch held at a fixed temperature (the heater's heated face). Mixed into
`tasks.plan.multi_region.RegionDictBinding`.
"""

from __future__ import annotations

import re

from tasks.foam import dictionary as fd
from tasks.plan.bind_region_patches import said_patches
from tasks.plan.foam_values import fmt
from tasks.plan.stated import Binding, StatedQuantity


def region_flux_condition(flux: float, kind: str, value: str) -> dict[str, str]:
    """The condition of a region's outer patch taking `flux` W/m2; `kind` is solid or fluid."""
    method = "solidThermo" if kind == "solid" else "fluidThermo"
    return {"type": "externalWallHeatFluxTemperature", "mode": "flux", "q": f"uniform {fmt(flux)}",
            "kappaMethod": method, "value": value}


def outer_fixed_patches(text: str, region: str) -> list[str]:
    """The patches a region's changeDictionaryDict names one by one (no pattern, no coupling to
    another region) and holds at a fixed temperature."""
    return [p for p in fd.keys(text, ["T", "boundaryField"])
            if re.fullmatch(r"\w+", p) and not p.startswith(f"{region}_to_")
            and fd.get(text, ["T", "boundaryField", p, "type"]) == "fixedValue"]


class RegionFluxBinding:
    """A stated heat flux on the region its words name."""

    def bind_region_flux(self, q: StatedQuantity, regions: dict[str, str], region: str | None, words: str) -> bool:
        """Set a heat flux on the outer patch of the region its words name (`region`, None when they
        name no one region: refused then), the patch they name, else the region's one outer patch
        held at a fixed temperature; refused when that is not one patch."""
        if region is None:
            self.refuse(q, f"which region takes the heat flux {q.text} is not clear; name it (regions of the base: "
                           f"{', '.join(regions)})")
            return True
        rel = f"system/{region}/changeDictionaryDict"
        text = self.base.text(rel) or ""
        flows = set(self._region_inlets(region))  # a fluid's inlet is no wall to heat
        listed = [p for p in fd.keys(text, ["T", "boundaryField"]) if re.fullmatch(r"\w+", p)
                  and not p.startswith(f"{region}_to_") and p not in flows and not re.search(r"(?i)inlet|outlet", p)]
        patches = said_patches(words, listed) or [p for p in outer_fixed_patches(text, region) if p in listed]
        if len(patches) != 1:
            self.refuse(q, f"which outer patch of {region} takes {q.text} is not clear; name one "
                           f"({', '.join(listed) or 'none listed by name'})")
            return True
        patch = patches[0]
        old = fd.get(text, ["T", "boundaryField", patch, "value"]) or "uniform 300"
        self.set(rel, ["T", "boundaryField", patch], region_flux_condition(q.value, regions[region], old),
                 f"heat flux {fmt(q.value)} W/m2 into {region} through {patch}")
        self.bindings.append(Binding(stated=q.text, file=rel, entry=["T", "boundaryField", patch, "q"],
                                     value=f"uniform {fmt(q.value)}", how=f"heat flux on {patch} of {region}"))
        was = fd.get(text, ["T", "boundaryField", patch, "type"]) or "?"
        self.assumptions.append(f"{q.text} enters {region} through {patch} (externalWallHeatFluxTemperature, mode "
                                f"flux, instead of the base's {was})")
        return True
