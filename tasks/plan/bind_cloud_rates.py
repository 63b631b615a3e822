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


# "5000 parcels in total", "a total of 2e4 parcels", "inject 800 parcels": the parcels of the whole injection
_COUNTS = (re.compile(rf"(?<![\w.])(?P<num>{_NUM})\s*parcels?\b(?!\s*(?:per\b|/|a\s+second|each\b|every\b|s\^?-1))"
                      rf"(?=[^.;]*\b(?:total|altogether|overall|in all|inject\w*|releas\w*|spray\w*)\b)"),
           re.compile(rf"\b(?:total of|inject\w*|releas\w*)\s+(?P<num>{_NUM})\s*parcels?\b"
                      rf"(?!\s*(?:per\b|/|a\s+second))"))
_PER_INJECTOR = re.compile(rf"(?<![\w.])(?P<num>{_NUM})\s*parcels?\s*(?:per|for each|from each)\s+"
                           rf"(?:injector|nozzle|injection point)|\bparcelsperinjector\s*(?:=|:)?\s*(?P<num2>{_NUM})")
# "10 particles per parcel", "each parcel holds 10 particles", "nParticle 10"
_PER_PARCEL = re.compile(rf"(?<![\w.])(?P<num>{_NUM})\s*(?:particles?|droplets?)\s*"
                         rf"(?:per|in each|in every|to each|to a)\s+parcel\b|"
                         rf"\b(?:each|every|a) parcel\s+(?:holds|contains|carries|represents|has|is)\s+"
                         rf"(?P<num2>{_NUM})\s*(?:real\s+|physical\s+)?(?:particles?|droplets?)|\bnparticle\s*(?:=|:)?\s*"
                         rf"(?P<num3>{_NUM})")


def _found(patterns, low: str) -> list[tuple[str, float]]:
    found: dict[int, tuple[str, float]] = {}
    for pattern in patterns:
        for m in pattern.finditer(low):
            key = next(k for k in ("num", "num2", "num3") if m.groupdict().get(k))
            found.setdefault(m.start(key), (m.group(key), float(m.group(key).replace(",", ""))))
    return [found[k] for k in sorted(found)]


def parcel_counts(low: str) -> tuple[list[tuple[str, float]], list[tuple[str, float]], list[tuple[str, float]]]:
    """(parcels of the whole injection, parcels per injector, particles per parcel) the lower-case
    request states, each as (number as written, value)."""
    per_injector = _found([_PER_INJECTOR], low)
    totals = [c for c in _found(_COUNTS, low) if c not in per_injector]
    return totals, per_injector, _found([_PER_PARCEL], low)


def parcel_rates(low: str) -> list[tuple[str, float]]:
    """(number as written, value) of each parcel rate the lower-case request states."""
    found: dict[int, tuple[str, float]] = {}
    for pattern in _RATES:
        for m in pattern.finditer(low):
            raw = m.group("num")
            found.setdefault(m.start("num"), (raw, float(raw.replace(",", ""))))
    return [found[k] for k in sorted(found)]


def _seconds(raw: str | None) -> float | None:
    try:
        value = float((raw or "").strip())
    except ValueError:
        return None
    return value if value > 0 else None


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
                    duration = _seconds(fd.get(base, path[:-1] + ["duration"]))
                    if fd.find(base, path) is not None:
                        self.set(rel, path, fmt(value), f"parcels injected per second by {model}", q)
                        done.append(model)
                    elif fd.find(base, path[:-1] + ["parcelsPerInjector"]) is not None and duration:
                        count = float(f"{value * duration:.6g}")  # a cone injection counts parcels per injector
                        self.set(rel, path[:-1] + ["parcelsPerInjector"], fmt(count),
                                 f"parcels per injector of {model} ({raw}/s over {fmt(duration)} s)", q)
                        self.assumptions.append(f"{raw} parcels per second from each injector of {model} over its "
                                                f"{fmt(duration)} s injection: parcelsPerInjector {fmt(count)}")
                        done.append(model)
            if not done:
                self.refuse(q, f"{raw} parcels per second: {self._no_rate_reason()}")
            elif len(done) > 1:
                self.assumptions.append(f"{raw} parcels per second for each injection model ({', '.join(done)})")
        return taken

    def bind_parcel_counts(self, stated: list[StatedQuantity]) -> list[StatedQuantity]:
        """A stated number of parcels (the whole injection's, or each injector's) into each
        injection model's parcelsPerInjector, else its parcelsPerSecond over its duration; a number
        of particles per parcel into nParticle where the model's parcelBasisType is fixed. Not
        applied, with the entries the models hold, where none takes it."""
        from tasks.plan.extract import normalise

        taken: list[StatedQuantity] = []
        if not self._cloud_files():
            return taken
        totals, per_injector, per_parcel = parcel_counts(normalise(self.text).lower())
        for raw, value, entry in [(r, v, "parcels") for r, v in totals] + \
                [(r, v, "parcelsPerInjector") for r, v in per_injector] + [(r, v, "nParticle") for r, v in per_parcel]:
            text = f"{entry} {raw}"
            q = StatedQuantity(text=text, quantity="parameter", value=value, role=f"entry:{entry}")
            stated.append(q)
            taken.append(q)
            if value <= 0:
                self.refuse(q, f"{raw} {'particles per parcel' if entry == 'nParticle' else 'parcels'}: give a "
                               f"positive number")
                continue
            share = value
            if entry == "parcels":  # the whole injection's parcels: shared equally by the models that count them
                takers = self._parcel_counters()
                share = value / len(takers) if takers else value
                if len(takers) > 1:
                    self.assumptions.append(f"{raw} parcels shared equally by the injection models "
                                            f"({', '.join(takers)}): {fmt(float(f'{share:.6g}'))} each")
            done = [m for rel in self._cloud_files() for m in self._count_into(rel, entry, share, q)]
            if not done:
                self.refuse(q, self._no_count_reason(raw, entry))
        return taken

    def _parcel_counters(self) -> list[str]:
        """The injection models that count their parcels (parcelsPerInjector, or parcelsPerSecond
        with a duration)."""
        out = []
        for rel in self._cloud_files():
            base = self.base.text(rel) or ""
            for model in fd.keys(base, ["subModels", "injectionModels"]):
                path = ["subModels", "injectionModels", model]
                if fd.find(base, path + ["parcelsPerInjector"]) is not None or (
                        fd.find(base, path + ["parcelsPerSecond"]) is not None and
                        _seconds(fd.get(base, path + ["duration"]))):
                    out.append(model)
        return out

    def _count_into(self, rel: str, entry: str, value: float, q: StatedQuantity) -> list[str]:
        """The models of one cloud file a parcel count or particles-per-parcel went into."""
        base = self.base.text(rel) or ""
        done = []
        for model in fd.keys(base, ["subModels", "injectionModels"]):
            path = ["subModels", "injectionModels", model]
            has = lambda k: fd.find(base, path + [k]) is not None  # noqa: E731
            if entry == "nParticle":
                if has("nParticle") and (fd.get(base, path + ["parcelBasisType"]) or "").strip() == "fixed":
                    self.set(rel, path + ["nParticle"], fmt(value), f"particles per parcel of {model}", q)
                    done.append(model)
                continue
            if has("parcelsPerInjector"):
                pairs = fd.get(base, path + ["positionAxis"]) or ""
                injectors = len(re.findall(r"\(\s*\([^()]*\)\s*\([^()]*\)\s*\)", pairs))
                each = float(f"{value / injectors:.6g}") if entry == "parcels" and injectors > 1 else value
                self.set(rel, path + ["parcelsPerInjector"], fmt(each), f"parcels per injector of {model}", q)
                if each != value:
                    self.assumptions.append(f"{fmt(value)} parcels over the {injectors} injectors of {model}: "
                                            f"parcelsPerInjector {fmt(each)}")
                done.append(model)
                continue
            duration = _seconds(fd.get(base, path + ["duration"]))
            if has("parcelsPerSecond") and duration:  # a patch's or a table's model is one injector
                rate = float(f"{value / duration:.6g}")
                self.set(rel, path + ["parcelsPerSecond"], fmt(rate), f"parcels per second of {model} "
                                                                      f"({fmt(value)} over {fmt(duration)} s)", q)
                self.assumptions.append(f"{fmt(value)} parcels over the {fmt(duration)} s injection of {model}: "
                                        f"parcelsPerSecond {fmt(rate)}")
                done.append(model)
        return done

    def _no_count_reason(self, raw: str, entry: str) -> str:
        """Why no injection model takes a stated parcel count or particles per parcel, with the
        parcel basis and the entries each one has."""
        models = [(rel, m, base) for rel in self._cloud_files() for base in [self.base.text(rel) or ""]
                  for m in fd.keys(base, ["subModels", "injectionModels"])]
        said = "; ".join(
            f"{rel} {m} ({(fd.get(base, ['subModels', 'injectionModels', m, 'type']) or '').strip()}, parcelBasisType "
            f"{(fd.get(base, ['subModels', 'injectionModels', m, 'parcelBasisType']) or '?').strip()})"
            for rel, m, base in models) or "the base's clouds have no injection model"
        if entry == "nParticle":
            return (f"{raw} particles per parcel: no injection model of the base fixes them ({said}); nParticle is "
                    f"read only where parcelBasisType is fixed, a mass or number basis derives each parcel's "
                    f"particles from the injected mass")
        return (f"{raw} parcels: no injection model of the base takes a number of parcels ({said}); it needs "
                f"parcelsPerInjector, or parcelsPerSecond with a duration; a manual injection puts one parcel at "
                f"each line of its positions file")

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
