"""A material property of one region of a multi-region case (chtMultiRegion*): the conductivity,
specific heat or density written in constant/<region>/thermophysicalProperties of the region(s)
the value's own words name, whether they come after the value ("200 W/(m K) in the left solid",
"16 W/mK (rightSolid)", "390 W/mK = heater") or lead to it ("the heater block is copper, 390
W/(m K)", "the side plates, leftSolid and rightSolid, are FR4 at 0.3 W/(m K)"). Several regions
named together each take the value. A value whose words name no region is left to the next
binder (`tasks.plan.multi_region.RegionDictBinding`), which asks for one.

Mixed into `tasks.plan.bind.Binder` through `ThermalBinding`."""

from __future__ import annotations

import re

from tasks.foam import dictionary as fd
from tasks.plan.bind_thermal_segments import names_said, nearest_group, own_words, referred_sentence
from tasks.plan.extract import normalise
from tasks.plan.foam_values import fmt
from tasks.plan.multi_region import region_names
from tasks.plan.stated import StatedQuantity

# where a region's thermo keeps each property (the first path the region's file holds is written)
PROPERTY_PATHS: dict[str, tuple[tuple[str, ...], ...]] = {
    "thermal_conductivity": (("mixture", "transport", "kappa"),),
    "specific_heat": (("mixture", "thermodynamics", "Cp"), ("mixture", "thermodynamics", "Cv")),
    "density": (("mixture", "equationOfState", "rho"),),
}
# words that say a temperature is what flows in (its region named after it)
_INFLOW_WORDS = re.compile(r"\binlets?\b|\bintakes?\b|\binflow\w*|\benter(?:s|ing)?\b|\bcom(?:es|ing) in\b|"
                           r"\bblown in\b|\bsuppl(?:y|ied)\b|\bt_?in(?:let)?\b")
# position words a region name may be said by alone ("the left plate" for leftSolid)
_POSITIONS = ("left", "right", "top", "bottom", "upper", "lower", "inner", "outer", "front", "back")


def regions_in(words: str, regions: list[str], last: bool = True) -> list[str]:
    """The regions the words name: whole ("leftSolid", "left solid": the group said nearest the
    value, the last for `last` words that lead to it, the first for words after it), else by a
    position word that one region's name alone has ("the left plate" -> leftSolid)."""
    said = nearest_group(words, regions, last)
    if said:
        return said
    low = words.lower()
    found: list[str] = []
    for pos in _POSITIONS:
        if re.search(rf"\b{pos}\b", low):
            having = [r for r in regions if pos in r.lower()]
            if len(having) == 1 and having[0] not in found:
                found.append(having[0])
    return found


def property_regions(leading: str, trailing: str, regions: list[str]) -> list[str]:
    """The regions a property is for: those its trailing words name (said right after it), else
    those its leading words name. Empty when neither names one."""
    return regions_in(trailing, regions, last=False) or regions_in(leading, regions)


class ThermalRegionPropertyBinding:
    """Per-region material properties of a multi-region case."""

    def _stated_spans(self, low: str) -> list[tuple[int, int]]:
        spans = []
        for s in self._stated:
            at = self.value_at(low, s)
            spans.append((at, at + len(s.text)) if at >= 0 else (-1, -1))
        return spans

    def _region_property(self, q: StatedQuantity) -> bool:
        """Bind q in the thermophysicalProperties of the regions its own words name; False when the
        case has no regions, q is no such property, or its words name no region holding it."""
        paths = PROPERTY_PATHS.get(q.quantity)
        regions = region_names(self.base.text("constant/regionProperties") or "")
        if not paths or not regions:
            return False
        holding = {r: next((list(p) for p in paths if fd.find(self._region_thermo(r), list(p)) is not None), None)
                   for r in regions}
        holding = {r: p for r, p in holding.items() if p is not None}
        low = normalise(self.text).lower()
        index = next((i for i, s in enumerate(self._stated) if s is q), -1)
        spans = self._stated_spans(low)
        leading, trailing = own_words(low, spans, index)
        said = property_regions(leading, trailing, list(regions))
        if not said and 0 <= index < len(spans) and spans[index][0] >= 0:  # "... steel. Its conductivity is"
            said = regions_in(referred_sentence(low, spans[index][0], leading), list(regions))
        chosen = [r for r in said if r in holding]
        if not chosen:
            return False
        for region in chosen:
            path = holding[region]
            self.set(f"constant/{region}/thermophysicalProperties", path, fmt(q.value), f"{path[-1]} of {region}", q)
        return True

    def _region_thermo(self, region: str) -> str:
        return self.base.text(f"constant/{region}/thermophysicalProperties") or ""

    def _region_after_temperature(self, q: StatedQuantity) -> bool:
        """A temperature whose region is named only after it ("146.85 degC coming into the porous
        region, 16.85 degC at the air intake"): bound in that region (`bind_in_region`) with its
        own words as its place. False when the case has no regions or the words after it name none,
        or the words before it already name one (the ordinary reading holds)."""
        regions = region_names(self.base.text("constant/regionProperties") or "")
        if q.quantity != "temperature" or q.place or len(regions) < 2:
            return False
        low = normalise(self.text).lower()
        index = next((i for i, s in enumerate(self._stated) if s is q), -1)
        leading, trailing = own_words(low, self._stated_spans(low), index)
        after = names_said(trailing, list(regions))
        if len(after) != 1 or names_said(leading, list(regions)):
            return False
        update: dict[str, str] = {"place": f"{leading} {trailing}".strip()}
        if q.role in ("initial_temperature", "temperature") and _INFLOW_WORDS.search(f"{leading} {trailing}"):
            update["role"] = "inlet_temperature"  # "323.15 K blown in at the cabin inlet", "T_in = 295 K (air)"
        return bool(self.bind_in_region(q.model_copy(update=update)))

    def bind_patch(self, q: StatedQuantity) -> bool:
        """A region's material property goes to the regions its own words name, a temperature to the
        region named right after it; any other value to the next binder in the MRO
        (`ThermalConvectiveBinding.bind_patch`)."""
        if self._region_property(q) or self._region_after_temperature(q):
            return True
        return bool(super().bind_patch(q))  # type: ignore[misc]
