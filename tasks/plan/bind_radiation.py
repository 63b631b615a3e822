"""Radiation quantities a request states, placed where the radiation model reads them: how often
the model is solved (radiationProperties `solverFreq`, never the controlDict's writeInterval); a
solar load (the sun's direct and diffuse fluxes of the constant sun-load model, the sun's
direction); a gas's absorption or emission coefficient in 1/m (the constant absorption-emission
model, switched on where a fire tutorial reads the species instead); a wall's emissivity or
absorptivity (`tasks.plan.bind_radiation_surfaces`); where the sun stands (`tasks.plan.bind_radiation_sun`). The places are data in
canonical/radiation.yaml; the homes are the base's own radiationProperties files (constant/ and
constant/<region>/) that solve radiation. Called from `tasks.plan.bind.bind_all` before the run
controls read a count of iterations and before the by-name binders read a coefficient.

An imposed flux on a wall ("a radiant heater of 25 kW/m2 on the panel") stays a wall heat flux
(`tasks.plan.bind_thermal_flux`)."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

import yaml
from pydantic import BaseModel, ConfigDict

from tasks.core.paths import CANONICAL_DIR
from tasks.foam import dictionary as fd
from tasks.plan.bind_radiation_sun import bind_sun_position
from tasks.plan.bind_radiation_surfaces import BOUNDARY_FILE, SurfacePlacer
from tasks.plan.foam_values import fmt
from tasks.plan.stated import Binding, NotApplied, StatedQuantity
from tasks.plan.stated_solar import SunPositionTerms

_VECTOR = r"\(\s*([-+]?[\d.]+(?:e[-+]?\d+)?)\s*,?\s+([-+]?[\d.]+(?:e[-+]?\d+)?)\s*,?\s+([-+]?[\d.]+(?:e[-+]?\d+)?)\s*\)"


class _Switch(BaseModel):
    model_config = ConfigDict(extra="forbid")
    entry: str
    constant: str


class _FvDomSwitch(BaseModel):
    model_config = ConfigDict(extra="forbid")
    dictionary: str
    entry: str


class _Frequency(BaseModel):
    model_config = ConfigDict(extra="forbid")
    entry: str
    words: list[str]
    not_words: list[str]
    period_words: list[str]


class _Surfaces(BaseModel):
    model_config = ConfigDict(extra="forbid")
    properties: list[str]
    surface_words: list[str]
    medium_words: list[str]


class _Medium(BaseModel):
    model_config = ConfigDict(extra="forbid")
    model_entry: str
    constant: str
    coefficients: str
    absorption: str
    emission: str
    spoken: dict[str, str]
    both: str


class _Solar(BaseModel):
    model_config = ConfigDict(extra="forbid")
    dictionaries: list[str]
    words: list[str]
    load_model: _Switch
    direct: str
    diffuse: str
    diffuse_words: list[str]
    direction_model: _Switch
    direction: str
    fvdom_switch: _FvDomSwitch


class RadiationTerms(BaseModel):
    """canonical/radiation.yaml."""

    model_config = ConfigDict(extra="forbid")
    properties: str
    not_solved: list[str]
    surfaces: _Surfaces
    medium: _Medium
    frequency: _Frequency
    solar: _Solar
    sun_position: SunPositionTerms


@lru_cache(maxsize=1)
def radiation_terms() -> RadiationTerms:
    return RadiationTerms.model_validate(yaml.safe_load((CANONICAL_DIR / "radiation.yaml").read_text()))


def radiation_on(text: str) -> bool:
    """A radiationProperties that solves radiation: not switched off (`radiation off`) and a model
    that solves a radiation field (not none, not a solid's opaqueSolid, which only hands its
    emissivity to the coupled fluid)."""
    switch = (fd.get(text, ["radiation"]) or "").strip().lower()
    model = (fd.get(text, ["radiationModel"]) or "none").strip()
    return switch not in ("off", "false", "no", "0") and model not in radiation_terms().not_solved


def says_any(words: list[str], sentence: str) -> bool:
    """Whether the sentence holds one of the words (whole words, case-blind)."""
    return any(re.search(rf"(?<![a-z0-9]){re.escape(w)}(?![a-z0-9])", sentence.lower()) for w in words)


def solar_home(text: str) -> str | None:
    """The dictionary of a radiationProperties that holds the sun's load (solarLoadCoeffs,
    solarCalculatorCoeffs); None when it has none."""
    return next((d for d in radiation_terms().solar.dictionaries if fd.find(text, [d]) is not None), None)


def stated_vector(text: str, words: list[str]) -> tuple[str, list[float]] | None:
    """A vector "(a b c)" the request gives in a sentence that names the sun: its text and
    components; None when there is none."""
    for sentence in re.split(r"(?<!\d)[.!?;](?!\d)|\n", text):
        m = re.search(_VECTOR, sentence, re.I)
        if m and says_any(words, sentence[:m.start()]) and says_any(["direction", "ray", "rays", "shines",
                                                                         "from", "towards", "vector"], sentence):
            return m.group(0), [float(g) for g in m.groups()]
    return None


class _RadiationPlacer:
    """Places the radiation quantities of one plan on its base's radiation homes."""

    def __init__(self, binder: Any) -> None:
        self.b = binder
        self.terms = radiation_terms()
        self.homes = self._homes()

    def _files(self) -> list[str]:
        """The base's radiationProperties files (constant/ and constant/<region>/), as case paths."""
        root = self.b.base.root / "constant"
        rels = [str(p.relative_to(self.b.base.root)).removesuffix(".gz")
                for p in sorted(root.rglob(f"{self.terms.properties}*"))] if root.is_dir() else []
        return [rel for rel in rels if rel.endswith(f"/{self.terms.properties}")]

    def boundary_files(self) -> list[str]:
        """The base's boundaryRadiationProperties files, beside a radiationProperties that solves
        radiation."""
        return [f"{rel.rsplit('/', 1)[0]}/{BOUNDARY_FILE}" for rel in self.homes
                if self.b.base.text(f"{rel.rsplit('/', 1)[0]}/{BOUNDARY_FILE}") is not None]

    def _homes(self) -> dict[str, str]:
        """rel -> text of every radiationProperties of the base that solves radiation."""
        texts = {rel: self.b.base.text(rel) or "" for rel in self._files()}
        return {rel: text for rel, text in texts.items() if radiation_on(text)}

    def sentence(self, q: StatedQuantity) -> str:
        """The request's sentence around the quantity (up to it and a few words after)."""
        _clause, sentence = self.b._words_of(q)
        return sentence

    def frequency(self, q: StatedQuantity) -> bool:
        """A count of iterations or time steps said of the radiation: every home's solverFreq."""
        before = self.b._words_of(q)[0].split(q.text.lower())[0]
        if q.quantity != "iterations" or not says_any(self.terms.frequency.words, self.sentence(q)) or \
                says_any(self.terms.frequency.not_words, before):
            return False  # "write every 50 iterations" in a sentence about radiation is a write interval
        if not says_any(self.terms.frequency.period_words, before + " " + self._just_after(q)):
            return False  # "P1 radiation, 300 iterations": the run's length, not how often radiation is solved
        if not self.homes:
            off = [rel for rel in self._files() if (fd.get(self.b.base.text(rel) or "", ["radiation"]) or "").strip()
                   in ("off", "false", "no")]
            why = f"radiation is switched off in {', '.join(off)}" if off else \
                f"{self.b.base.root.name} solves no radiation"
            self.b.refuse(q, f"{why}, so there is no radiation solver frequency to set; pick a base that solves "
                             f"radiation (hotRadiationRoom, a fireFoam fire)")
            return True
        if q.value < 1 or q.value != int(q.value):
            self.b.refuse(q, f"the radiation is solved once every N iterations or time steps: N must be a whole "
                             f"number of at least 1 (got {fmt(q.value)})")
            return True
        entry = self.terms.frequency.entry
        for rel in self.homes:
            self.b.set(rel, [entry], str(int(q.value)),
                       f"radiation solved once every {int(q.value)} iterations or time steps", q)
        return True

    def _just_after(self, q: StatedQuantity) -> str:
        """The few words after a quantity, up to the end of its clause ("10-iteration intervals")."""
        low = self.b.text.lower()
        at = low.find(q.text.lower())
        return re.split(r"[,;.\n]", low[at + len(q.text):at + len(q.text) + 30])[0] if at >= 0 else ""

    def solar(self, q: StatedQuantity, fluxes: list[StatedQuantity]) -> bool:
        """A flux in W/m2 said of the sun: the constant sun-load model's direct or diffuse flux in
        every home that holds a sun load; refused where the base has none."""
        solar = self.terms.solar
        sentence = self.sentence(q)
        if q.quantity != "heat_flux" or not says_any(solar.words, sentence):
            return False
        homes = {rel: d for rel, text in self.homes.items() if (d := solar_home(text))}
        if not homes:
            self.b.refuse(q, f"{self.b.base.root.name} has no solar load (no {' or '.join(solar.dictionaries)} in "
                             f"its {self.terms.properties}); pick a solar tutorial (simpleCarSolarPanel, "
                             f"externalSolarLoad, solarBeamWithTrees)")
            return True
        clause = self.b._words_of(q)[0]
        diffuse = says_any(solar.diffuse_words, clause)
        entry = solar.diffuse if diffuse else solar.direct
        others = [s for s in fluxes if s is not q]
        for rel, home in homes.items():
            self.b.set(rel, [home, solar.load_model.entry], solar.load_model.constant,
                       "a constant sun load carries the stated solar flux")
            self.b.set(rel, [home, entry], fmt(q.value), f"{'diffuse' if diffuse else 'direct'} solar flux "
                                                           f"{fmt(q.value)} W/m2", q)
            if not others:
                other = solar.direct if diffuse else solar.diffuse
                self.b.set(rel, [home, other], "0", "the constant sun load needs both fluxes; the other is not stated")
                self.b.assumptions.append(f"{q.text} is the only solar flux stated: {other} 0 in {rel}")
            self._solar_on(rel, home)
        return True

    def _solar_on(self, rel: str, home: str) -> None:
        """fvDOM reads its solar calculator only when its coefficients say useSolarLoad true."""
        switch = self.terms.solar.fvdom_switch
        text = self.homes[rel]
        if home != "solarLoadCoeffs" and fd.find(text, [switch.dictionary]) is not None and \
                (fd.get(text, [switch.dictionary, switch.entry]) or "").strip() != "true":
            self.b.set(rel, [switch.dictionary, switch.entry], "true", "the solar load is read by fvDOM")

    def sun_direction(self) -> None:
        """A direction "(a b c)" said of the sun: the constant-direction model and its vector."""
        solar = self.terms.solar
        said = stated_vector(self.b.text, solar.words)
        if said is None:
            return
        words, vector = said
        homes = {rel: d for rel, text in self.homes.items() if (d := solar_home(text))}
        if not homes or not any(vector):
            why = "a zero vector gives no direction" if homes else \
                f"{self.b.base.root.name} has no solar load to take a sun direction"
            self.b.not_applied.append(NotApplied(text=words, reason=why))
            return
        value = "(" + " ".join(fmt(c) for c in vector) + ")"
        for rel, home in homes.items():
            self.b.set(rel, [home, solar.direction_model.entry], solar.direction_model.constant,
                       "a constant sun direction is stated")
            self.b.edits[-1].locked = True
            self.b.set(rel, [home, solar.direction], value, "the sun's direction as stated")
            self.b.edits[-1].locked = True
            self.b.bindings.append(Binding(stated=words, file=rel, entry=[home, solar.direction], value=value,
                                           how="sun direction"))


class _MediumPlacer:
    """A gas's absorption (or emission) coefficient in 1/m, said of the medium: the constant
    absorption-emission model's coefficients of every home that keeps them. Where the base runs
    another model (greyMeanAbsorptionEmission of the fire tutorials, from the species), the
    constant model is switched on, its emission coefficient equal to the absorption one (a grey
    gas) unless stated too."""

    def __init__(self, binder: Any, homes: dict[str, str], surfaces: _Surfaces) -> None:
        self.b, self.homes, self.surfaces = binder, homes, surfaces
        self.terms = radiation_terms().medium

    def take(self, stated: list[StatedQuantity]) -> list[StatedQuantity]:
        from tasks.plan.bind_by_name_common import unit_dims_after, unit_factor_after
        from tasks.plan.bind_radiation_surfaces import said_of_surface
        from tasks.plan.controls import find_named
        from tasks.plan.extract import normalise
        from tasks.plan.named import stated_for

        m = self.terms
        index: dict[str, list[tuple[str, list[str]]]] = {}
        for rel, text in self.homes.items():
            for name in (m.absorption, m.emission):
                if fd.get(text, [m.coefficients, name]) is not None:
                    index.setdefault(name, []).append((rel, [m.coefficients, name]))
        if not index:
            return []
        text = normalise(self.b.text)
        low = text.lower()
        said: dict[str, tuple[StatedQuantity, float]] = {}
        both = f"{m.absorption}+{m.emission}"  # one value said of both coefficients
        named = {**index, both: index.get(m.absorption, []) + index.get(m.emission, [])}
        for match in find_named(self.b.text, named, {**m.spoken, both: m.both}):
            name, value, raw, at = match
            near = re.split(r"[.;,]\s", low[max(0, at - 60):at])[-1]
            number = re.match(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?", raw)
            end = at + (number.end() if number else len(raw))
            unit = unit_dims_after(text, end) == (0, -1, 0, 0, 0, 0)  # "1/m", "m^-1", "per cm"
            if unit and number and number.end() == len(raw.strip()):
                value *= unit_factor_after(text, end)  # "0.03 per cm" is 3 1/m
            if said_of_surface(near, self.surfaces.surface_words, self.surfaces.medium_words) or \
                    (not unit and not says_any(self.surfaces.medium_words, near)):
                continue  # a wall's, or not said: the surface placer or the by-name binder
            q = stated_for(match, stated, text)
            if q not in stated:
                stated.append(q)
            self.b.model_said_at = getattr(self.b, "model_said_at", set()) | {at}
            for each in (name.split("+") if name == both else [name]):
                if each in index:
                    said[each] = (q, value)
        for name, (q, value) in said.items():
            if value < 0:
                self.b.refuse(q, f"an {name} coefficient is not negative (got {fmt(value)} 1/m)")
                continue
            for rel, entry in index[name]:
                raw = fd.get(self.homes[rel], entry) or ""
                self.b.set(rel, entry, _with_dims(raw, value), f"gas {name} coefficient {fmt(value)} 1/m", q)
                self._switch_on(rel, q, value if name == m.absorption and m.emission not in said else None)
        return [q for q, _ in said.values()]

    def _switch_on(self, rel: str, q: StatedQuantity, grey: float | None) -> None:
        """Make the constant model the one the case reads; its emission equal to `grey` (set)."""
        m = self.terms
        text = self.homes[rel]
        was = (fd.get(text, [m.model_entry]) or "").strip()
        if was == m.constant:
            return
        self.b.set(rel, [m.model_entry], m.constant, f"a constant gas absorption coefficient is stated ({q.text})")
        self.b.edits[-1].locked = True
        if grey is not None:
            raw = fd.get(text, [m.coefficients, m.emission]) or ""
            self.b.set(rel, [m.coefficients, m.emission], _with_dims(raw, grey), "a grey gas emits as it absorbs")
        self.b.assumptions.append(f"{q.text}: {rel} switched from {was or 'no'} {m.model_entry} to {m.constant}"
                                  + (f", emission coefficient {fmt(grey)} 1/m as well (a grey gas)" if grey is not None else ""))


def _with_dims(raw: str, value: float) -> str:
    """The value in the entry's written form: "absorptivity [0 -1 0 0 0 0 0] 0.5" keeps its name
    and dimensions, a bare number stays bare."""
    head = re.match(r"^(.*\])\s*[-+\d.eE]+\s*$", raw.strip())
    return f"{head.group(1)} {fmt(value)}" if head else fmt(value)


def bind_radiation(binder: Any, stated: list[StatedQuantity]) -> list[StatedQuantity]:
    """Place the radiation quantities of the request (a radiation solver frequency, a solar flux,
    the sun's direction); returns the quantities taken (bound or refused), so no later binder
    reads them as a write interval or a wall's heat flux."""
    placer = _RadiationPlacer(binder)
    fluxes = [q for q in stated if q.quantity == "heat_flux" and says_any(placer.terms.solar.words, placer.sentence(q))]
    taken = [q for q in stated if placer.frequency(q) or placer.solar(q, fluxes)]
    for q in taken:
        q.role = "radiation"  # read: no later binder takes it for a write interval or a wall's flux
    placer.sun_direction()
    taken += bind_sun_position(binder, stated, placer._files(), placer.terms.solar.dictionaries)  # site and moment
    place_model(binder, placer._files())
    terms = placer.terms.surfaces
    taken += _MediumPlacer(binder, placer.homes, terms).take(stated)
    surfaces = SurfacePlacer(binder, placer.boundary_files(), terms.surface_words, terms.medium_words)
    return taken + surfaces.take(stated, terms.properties)


def place_model(binder: Any, files: list[str]) -> None:
    """The radiation model the request names, selected in the base's radiationProperties that
    solve radiation (with the model's coefficients when the base lacks them; its field, solver
    and schemes are written with the case, `tasks.edit.caseops_switch.complete_radiation`).
    Not applied where the base has no radiationProperties, or lacks what the model needs."""
    from tasks.plan.bind_radiation_models import model_entries, said_radiation_model, switch_targets, unmet_need

    texts = {rel: binder.base.text(rel) or "" for rel in files}
    model = said_radiation_model(binder.text, radiative_case=any(radiation_on(t) for t in texts.values()))
    if model is None:
        return
    if not files:
        if model != "none":
            binder.not_applied.append(NotApplied(text=f"{model} radiation", reason=(
                f"{binder.base.root.name} has no radiationProperties; pick a base that solves radiation "
                f"(hotRadiationRoom, a fireFoam fire, a chtMultiRegion heater)")))
        return
    root = binder.base.root
    why = unmet_need(model, {str(p.relative_to(root)) for p in root.rglob("*") if p.is_file()})
    targets = switch_targets(texts, [rel for rel, t in texts.items() if radiation_on(t)])
    if why or not targets:
        binder.not_applied.append(NotApplied(text=f"{model} radiation", reason=why or (
            f"no radiationProperties of {root.name} solves radiation in the fluid; say which region")))
        return
    for rel in targets:
        for entry, value, reason in model_entries(texts[rel], model, binder.text):
            binder.set(rel, entry, value, reason)
            binder.edits[-1].locked = True
            binder.bindings.append(Binding(stated=f"{model} radiation", file=rel, entry=entry,
                                           value=value if isinstance(value, str) else model, how="radiation model"))
