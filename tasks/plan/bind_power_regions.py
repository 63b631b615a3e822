"""A start temperature said of the gas AND of a solid region of a fire case ("the test hall and
panels start at 20 degC", "ambient and panels at 68 degF"): fireFoam's pyrolysis and film regions
keep their own fields in 0/<region>/ (oppositeBurningPanels' 0/panelRegion/T), outside any
regionProperties. Once the gas's 0/T internalField holds the value, each region the value's
sentence names ("panels" -> panelRegion, "pyrolysis" -> pyrolysisRegion, "film" -> filmRegion)
takes it too: its internalField, and each patch `value` that holds the base's start temperature
(the coupled "(region0_to.*)" patches' initial value). Only entries change: every patch entry of
the region's field, mapped ones and regex keys included, stays as the base writes it.
Mixed into `tasks.plan.bind_thermal_power.ThermalPowerBinding`; bind.py calls
`follow_region_temperatures` after the stated values are bound.
"""

from __future__ import annotations

import re

from tasks.foam import dictionary as fd
from tasks.plan.bind_motion_zones import camel_words
from tasks.plan.extract import normalise
from tasks.plan.stated import StatedQuantity

_NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
_GENERIC = {"region", "zone", "domain", "mesh"}


def region_words(region: str) -> set[str]:
    """The words that name a field region ("panelRegion" -> panel, panels, panelregion), generic
    ones ("region") left out."""
    words = {w for w in camel_words(region) if w not in _GENERIC} | {region.lower()}
    return words | {f"{w}s" for w in words}


def regions_named(sentence: str, regions: list[str]) -> list[str]:
    """The regions whose words the sentence says."""
    said = set(re.findall(r"[a-z]+", sentence.lower()))
    return [r for r in regions if region_words(r) & said]


def same_number(raw: str, value: float) -> bool:
    """`raw` ("uniform 298.15", "298.15") holds the one number `value` (to 6 digits)."""
    numbers = _NUMBER.findall(raw)
    return len(numbers) == 1 and abs(float(numbers[0]) - value) <= 1e-6 * max(1.0, abs(value))


class RegionTemperatureBinding:
    """The gas's start temperature followed into the fire case's solid regions the words name."""

    def _field_regions(self) -> list[str]:
        """The folders of 0/ that hold their own temperature field (0/panelRegion/T)."""
        zero = self.base.root / "0"
        if not zero.is_dir():
            return []
        return sorted(p.name for p in zero.iterdir()
                      if p.is_dir() and ((p / "T").is_file() or (p / "T.gz").is_file()))

    def follow_region_temperatures(self, stated: list[StatedQuantity]) -> None:
        """Each temperature written to the gas's 0/T internalField also starts the regions its sentence names."""
        regions = self._field_regions()
        if not regions:
            return
        low = normalise(self.text).lower()
        for q in stated:
            if q.quantity != "temperature" or not any(b.stated == q.text and b.file == "0/T" and
                                                      b.entry == ["internalField"] for b in self.bindings):
                continue
            at = self.value_at(low, q)
            sentence = re.split(r"[.;!?\n]\s", low[max(0, at - 160):at])[-1] + \
                re.split(r"[.;!?\n]", low[at:at + 120])[0] if at >= 0 else ""
            for region in regions_named(sentence, regions):
                self._start_region(q, f"0/{region}/T")

    def _start_region(self, q: StatedQuantity, rel: str) -> None:
        text = self.base.text(rel) or ""
        old = fd.get(text, ["internalField"]) or ""
        value = f"uniform {q.value:.6g}"
        self.set(rel, ["internalField"], value, f"start temperature {q.text} of {rel.split('/')[1]}", q)
        kept = _NUMBER.findall(old)
        span = fd.body_span(text, ["boundaryField"])
        for patch in (e for e in fd.entries(text, *span) if e.kind == "dict") if span and kept else []:
            raw = fd.get(text, ["boundaryField", patch.name, "value"]) or ""
            if same_number(raw, float(kept[0])):
                self.set(rel, ["boundaryField", patch.name, "value"], value,
                         f"initial value of {patch.name} with the region's start temperature")
        self.assumptions.append(f"{q.text} also starts {rel.split('/')[1]} ({rel} internalField, and its patch values "
                                f"that held the base's {' '.join(old.split())})")
