"""Binder steps for values of a Lagrangian cloud the words give the particles rather than the
carrier flow: "particles injected at 15 m/s" is each injection model's U0 (its direction kept),
"fuel injected at 400 K" the parcels' initial temperature T0 (constantProperties). Mixed into
`tasks.plan.bind.Binder`, whose recording (`set`), words (`_words_of`) and cloud files it uses.
"""

from __future__ import annotations

import re

from tasks.foam import dictionary as fd
from tasks.plan.bind_cloud_cone import CloudConeBinding
from tasks.plan.bind_cloud_density import CloudDensityBinding
from tasks.plan.bind_cloud_distribution import CloudDistributionBinding
from tasks.plan.bind_cloud_place import CloudPlaceBinding
from tasks.plan.bind_cloud_rates import CloudRateBinding
from tasks.plan.bind_cloud_sizes import CloudSizeBinding
from tasks.plan.bind_cloud_table import CloudTableBinding
from tasks.plan.bind_cloud_windows import CloudWindowBinding
from tasks.plan.bind_durations import DurationBinding
from tasks.plan.bind_small_lengths import SmallLengthBinding
from tasks.plan.cloud_words import CARRIER_WORDS, PARTICLE_WORDS, particles_meant, particles_meant_in
from tasks.plan.foam_values import direction, fmt, vec
from tasks.plan.foam_values import leaves_get as _leaves_get
from tasks.plan.stated import StatedQuantity

_VELOCITY_KEYS = ("U0", "Umag", "UMag")


def _mass_of_cloud(quantity: str, head: str, tail: str, sentence: str) -> bool:
    """A mass whose own clause names no fluid ("solids 1.8 g/cm3, 300 g charged in total", "0.1 lb
    charged") is the particles': a cloud's injected mass (massTotal) is the one mass entry of a
    case. `sentence` is kept for a fluid named before the clause ("the water, 20 kg")."""
    if quantity != "mass":
        return False
    own = f"{head} {tail}"
    if CARRIER_WORDS.search(own) or _FLUID_WORDS.search(own):
        return False
    return not _FLUID_WORDS.search(sentence[-40:]) or bool(PARTICLE_WORDS.search(own))


# a liquid or the carrier named by a mass's words: not the particles
_FLUID_WORDS = re.compile(r"\b(?:water|liquid|oil|brine|fluid|gas|air|steam)\b")


class CloudBinding(CloudConeBinding, CloudPlaceBinding, CloudDistributionBinding, CloudWindowBinding,
                   CloudDensityBinding, CloudRateBinding, CloudSizeBinding, CloudTableBinding, DurationBinding,
                   SmallLengthBinding):
    def bind_cloud_first(self, stated: list[StatedQuantity]) -> list[StatedQuantity]:
        """The cloud values the run controls and the by-name binder must not take: a named size
        distribution's parameters ("n = 3" is no decomposition's n), an injection window's
        times (no run's start or end), the particles' density (no `rho` of a scheme, no
        carrier's), a parcel rate said after its number, a spray cone's angle (no mesh's) and an
        injector's position and direction; the quantities taken."""
        return self.bind_size_distributions(stated) + self.bind_injection_windows(stated) + \
            self.bind_particle_densities(stated) + self.bind_parcel_rates(stated) + \
            self.bind_parcel_counts(stated) + self.bind_cone_angles(stated) + self.bind_injector_places(stated)

    def bind_cloud(self, q: StatedQuantity) -> bool:
        """A velocity, temperature, mass or mass flow of the particles: the cloud's injection
        velocity, parcel temperature, massTotal / massFlowRate, and a table injection's rows
        (tasks.plan.bind_cloud_table); a time of a part of the run (an injection's duration or
        start: DurationBinding). One the words give the particles that no model takes is not
        applied with why; False (left to the flow binders) when the words give it the carrier."""
        if self.bind_part_time(q):
            return True
        if q.quantity not in ("velocity", "temperature", "mass", "mass_flow") or not self._cloud_files():
            return False
        clause, sentence = self._words_of(q)
        head, _, tail = clause.partition(q.text.lower())
        if particles_meant_in(head, tail, sentence.partition(q.text.lower())[0]) and not particles_meant(head, tail):
            head = sentence.partition(q.text.lower())[0]  # "make the droplets ..., and warmer, at 313 K"
        if not particles_meant(head, tail) and not _mass_of_cloud(q.quantity, head, tail, sentence):
            return False
        if q.quantity == "temperature":  # a table injection's rows hold their own T (tasks.plan.bind_cloud_table)
            return self._parcel_temperature(q) | self.bind_table_column(q, "T") or \
                (particles_meant(head, tail) and self._refuse_temperature(q))
        if q.quantity in ("mass", "mass_flow"):
            done = self._injected_mass(q) | (q.quantity == "mass_flow" and self.bind_table_column(q, "mDot"))
            return done or (particles_meant(head, tail) and self._refuse_mass(q))
        if self._injection_velocity(q) | self.bind_table_column(q, "U"):
            return True
        reason = velocity_refusal(self._injection_entries())
        if reason is not None:
            self.refuse(q, f"{q.text} is the particles' injection velocity, but {reason}")
            return True
        return False

    def _refuse_temperature(self, q: StatedQuantity) -> bool:
        """A temperature the words give the particles in a base whose clouds carry none (a
        kinematic cloud: no T0, no table T): not applied, so no carrier inlet takes it instead."""
        if not self._injection_entries():
            return False
        self.refuse(q, f"{q.text} is the particles' temperature, but the base's clouds carry none "
                       f"({', '.join(self._cloud_files())} hold no constantProperties T0: a kinematic cloud's parcels "
                       f"have no temperature); a reacting or thermo cloud base takes one")
        return True

    def _refuse_mass(self, q: StatedQuantity) -> bool:
        """A mass or mass flow the words give the particles that no injection model takes (a manual
        injection has no duration to spread a flow over; a base without injection models): not
        applied, with the entries the models have, so no carrier inlet takes it instead."""
        models = self._injection_entries()
        if not models:
            return False
        said = "; ".join(f"{name}: {', '.join(entries)}" for name, entries in models.items())
        what = "mass flow" if q.quantity == "mass_flow" else "injected mass"
        self.refuse(q, f"{q.text} is the particles' {what}, but no injection model of the base takes one ({said}): "
                       f"a mass flow needs massFlowRate, or massTotal with a duration; a mass needs massTotal")
        return True

    def _injection_entries(self) -> dict[str, list[str]]:
        """'<cloud file> <model> (<type>)' -> the entries of each injection model of the base."""
        out: dict[str, list[str]] = {}
        for rel in self._cloud_files():
            text = self.base.text(rel) or ""
            for model in fd.keys(text, ["subModels", "injectionModels"]):
                path = ["subModels", "injectionModels", model]
                kind = (fd.get(text, path + ["type"]) or "").strip()
                out[f"{rel} {model} ({kind})"] = [k for k in fd.keys(text, path) if k != "type"]
        return out

    def _injected_mass(self, q: StatedQuantity) -> bool:
        """A mass of particles is the injection models' massTotal; a mass flow their massFlowRate,
        else their massTotal over each model's own duration (the duration kept). Several models
        share the stated total in the proportions the base gives them."""
        models = []
        for rel in self._cloud_files():
            text = self.base.text(rel) or ""
            for model in fd.keys(text, ["subModels", "injectionModels"]):
                path = ["subModels", "injectionModels", model]
                entries = {k: _leaves_get(text, path + [k]) for k in _MASS_KEYS if fd.find(text, path + [k]) is not None}
                if injected_mass(q.quantity, q.value, entries) is not None:
                    models.append((rel, model, path, entries))
        parts = shares([base_rate(q.quantity, entries) for *_, entries in models])
        for (rel, model, path, entries), part in zip(models, parts):
            key, value, how = injected_mass(q.quantity, q.value * part, entries)
            self.set(rel, path + [key], value, f"{how} of {model}", q)
            if key == "massTotal" and q.quantity == "mass_flow":
                self.assumptions.append(f"{q.text} over the injection's duration of {model}: massTotal {value} kg")
        if len(models) > 1:
            self.assumptions.append(f"{q.text} shared by the injection models "
                                    f"({', '.join(f'{m[1]} {p:.3g}' for m, p in zip(models, parts))}) as in the base")
        return bool(models)

    def _parcel_temperature(self, q: StatedQuantity) -> bool:
        done = False
        for rel in self._cloud_files():
            text = self.base.text(rel) or ""
            if fd.find(text, ["constantProperties", "T0"]) is not None:
                self.set(rel, ["constantProperties", "T0"], fmt(q.value), "parcel temperature (T0)", q)
                done = True
        return done

    def _injection_velocity(self, q: StatedQuantity) -> bool:
        """Each injection model's U0 (the stated speed along its own direction, or the stated
        axis), or its speed Umag (and its direction when one is stated)."""
        if self.refuse_unplaced_vertical(q):  # "downward" in a case with no vertical (tasks/plan/bind_directions.py)
            return True
        axis = self._stated_direction(q) or getattr(self, "injection_axis", None)  # CloudPlaceBinding
        done = False
        for rel in self._cloud_files():
            text = self.base.text(rel) or ""
            for model in fd.keys(text, ["subModels", "injectionModels"]):
                path = ["subModels", "injectionModels", model]
                key = next((k for k in _VELOCITY_KEYS if fd.find(text, path + [k]) is not None), None)
                if key is None:
                    continue
                raw = _leaves_get(text, path + [key]).strip()
                if raw.startswith("("):
                    way = axis or direction(raw)
                    if not way:
                        continue
                    new = vec([q.value * d for d in way])
                else:
                    new = f"constant {fmt(q.value)}" if raw.startswith("constant") else fmt(q.value)
                    if axis:  # a speed alone (Umag): its direction is a cone's axis (tasks/plan/bind_directions.py)
                        self.aim_injector(rel, path, axis)
                self.set(rel, path + [key], new, f"injection velocity of {model}", q)
                done = True
        return done


_MASS_KEYS = ("massTotal", "massFlowRate", "duration")


def velocity_refusal(models: dict[str, list[str]]) -> str | None:
    """Why injection models with these entries take no stated injection velocity (none holds U0,
    Umag or UMag as a number or vector the binder could scale), None without injection models."""
    if not models:
        return None
    if any(k in entries for entries in models.values() for k in _VELOCITY_KEYS):
        return ("the base's injection velocity (U0) is a zero vector, with no direction to keep: state the direction "
                "too ('2 m/s downward', 'injected at (0 -2 0) m/s')")
    said = "; ".join(f"{name}: {', '.join(entries)}" for name, entries in models.items())
    return (f"the base's injection models hold no injection velocity entry (U0, Umag): {said}. A nozzle "
            f"injection's speed follows from its mass flow (massTotal over duration, flowRateProfile), nozzle "
            f"diameter and discharge coefficient (Cd); a table injection keeps each parcel's (u v w) in its inputFile")


def injected_mass(quantity: str, value: float, entries: dict[str, str]) -> tuple[str, str, str] | None:
    """(entry, value, what) an injection model with these `entries` (raw) takes for a stated mass
    (kg) or mass flow (kg/s): massTotal for a mass; massFlowRate (a Function1's "constant" kept),
    else massTotal = flow x duration for a flow. None when the model has no such entry."""
    if quantity == "mass":
        return ("massTotal", fmt(value), "injected mass") if "massTotal" in entries else None
    rate = entries.get("massFlowRate")
    if rate is not None:
        return "massFlowRate", (f"constant {fmt(value)}" if rate.strip().startswith("constant") else fmt(value)), \
            "injected mass flow"
    duration = re.fullmatch(r"\s*([-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)\s*", entries.get("duration", ""))
    if "massTotal" in entries and duration and float(duration.group(1)) > 0:
        return "massTotal", fmt(value * float(duration.group(1))), "injected mass (flow x duration)"
    return None


def _number(raw: str | None) -> float | None:
    found = re.findall(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?", raw or "")
    return float(found[-1]) if len(found) == 1 or (raw or "").strip().startswith("constant") else None


def base_rate(quantity: str, entries: dict[str, str]) -> float | None:
    """The mass (kg) or mass flow (kg/s) an injection model of the base injects, None when its
    entries do not say it as plain numbers."""
    total, rate, duration = (_number(entries.get(k)) for k in ("massTotal", "massFlowRate", "duration"))
    if quantity == "mass":
        return total
    if rate is not None:
        return rate
    return total / duration if total is not None and duration else None


def shares(rates: list[float | None]) -> list[float]:
    """Each model's part of a stated total: in proportion to the base's rates, else equal."""
    if not rates:
        return []
    if any(r is None or r <= 0 for r in rates):
        return [1 / len(rates)] * len(rates)
    total = sum(rates)
    return [r / total for r in rates]
