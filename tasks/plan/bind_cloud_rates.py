"""A parcel rate the request states ("inject 1000 parcels per second", "2e4 parcels/s",
"parcels per second: 500", "an injection rate of 300 particles a second") is each injection
model's `parcelsPerSecond`; a base whose injection models hold none (a manual injection puts its
parcels in once) gets it in not_applied with the entries they have. Found by its words, whichever
side of the number they are, so the by-name binder (name before the number only) never drops it.
Mixed into `tasks.plan.bind.Binder` (through `CloudBinding`).
"""

from __future__ import annotations

import re

from tasks.foam import dictionary as fd
from tasks.plan.foam_values import fmt
from tasks.plan.stated import StatedQuantity

_NUM = r"(?:\d+(?:,\d{3})*(?:\.\d+)?|\.\d+)(?:e[-+]?\d+)?"
_PER_SECOND = r"(?:per\s+second|per\s+s\b|/\s*s\b|a\s+second|each\s+second|every\s+second|s\^?-1|s⁻¹)"
_COUNTED = r"(?:parcels?|particles?|droplets?)"
_RATES = (re.compile(rf"(?<![\w.])(?P<num>{_NUM})\s*{_COUNTED}\s*{_PER_SECOND}"),
          re.compile(rf"\b(?:parcels?|particles?)\s*(?:per\s+second|/\s*s\b)\s*(?:of|=|:|is|to)?\s*(?P<num>{_NUM})"
                     rf"(?!\s*(?:[a-z%/]))"),
          re.compile(rf"\bparcelspersecond\s*(?:=|:)?\s*(?P<num>{_NUM})"))


def parcel_rates(low: str) -> list[tuple[str, float]]:
    """(number as written, value) of each parcel rate the lower-case request states."""
    found: dict[int, tuple[str, float]] = {}
    for pattern in _RATES:
        for m in pattern.finditer(low):
            raw = m.group("num")
            found.setdefault(m.start("num"), (raw, float(raw.replace(",", ""))))
    return [found[k] for k in sorted(found)]


class CloudRateBinding:
    def bind_parcel_rates(self, stated: list[StatedQuantity]) -> list[StatedQuantity]:
        """Each stated parcel rate into the injection models' parcelsPerSecond (the quantities
        taken, added to `stated` under the by-name binder's own text so it skips them)."""
        from tasks.plan.extract import normalise

        taken: list[StatedQuantity] = []
        if not self._cloud_files():
            return taken
        for raw, value in parcel_rates(normalise(self.text).lower()):
            text = f"parcelsPerSecond {raw}"
            q = next((s for s in stated if s.text == text), None) or \
                StatedQuantity(text=text, quantity="parameter", value=value, role="entry:parcelsPerSecond")
            if not any(q is s for s in stated):
                stated.append(q)
            if any(q is t for t in taken):
                continue
            taken.append(q)
            if value <= 0:
                self.refuse(q, f"{raw} parcels per second injects nothing: give a positive rate")
                continue
            done = []
            for rel in self._cloud_files():
                base = self.base.text(rel) or ""
                for model in fd.keys(base, ["subModels", "injectionModels"]):
                    path = ["subModels", "injectionModels", model, "parcelsPerSecond"]
                    if fd.find(base, path) is not None:
                        self.set(rel, path, fmt(value), f"parcels injected per second by {model}", q)
                        done.append(model)
            if not done:
                self.refuse(q, f"{raw} parcels per second: {self._no_rate_reason()}")
            elif len(done) > 1:
                self.assumptions.append(f"{raw} parcels per second for each injection model ({', '.join(done)})")
        return taken

    def _no_rate_reason(self) -> str:
        """Why no injection model takes a parcel rate, with the entries each one has."""
        models = [(rel, m, base) for rel in self._cloud_files() for base in [self.base.text(rel) or ""]
                  for m in fd.keys(base, ["subModels", "injectionModels"])]
        if not models:
            return "the base's clouds have no injection model (their parcels are in the case from the start)"
        said = "; ".join(f"{rel} {m} ({(fd.get(base, ['subModels', 'injectionModels', m, 'type']) or '').strip()}: "
                         f"{', '.join(k for k in fd.keys(base, ['subModels', 'injectionModels', m]) if k != 'type')})"
                         for rel, m, base in models)
        return (f"the base's injection models hold no parcelsPerSecond ({said}); a manual injection puts its "
                f"parcels in once, from its positions file")
