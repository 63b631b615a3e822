"""Wave-flume values (interFoam/interIsoFoam waves tutorials): the wave a request states goes to
the generating patch's entries of constant/waveProperties (waveHeight, wavePeriod, waveLength,
waveAngle, rampTime, waveModel) or of a paddle's `waveMaker` condition in
0.orig/pointDisplacement (waveHeight, wavePeriod, waveAngle, rampTime, initialDepth,
motionType); a still-water depth is the top of the setFields water box measured from the
flume's floor (and a paddle's initialDepth). A wave's height is never a region's size.
Active absorption on/off is a plain switch of waveProperties (the switch binder sets it). Runs
before the other binders and takes the quantities it placed or refused (their role becomes
"wave"), so no later binder reads them as a domain or region size.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from pathlib import Path

from tasks.foam import dictionary as fd
from tasks.plan.bind_base import Base
from tasks.plan.bind_waves_words import PERIODIC, SOLITARY, said_paddle_motion, said_wave_models, wave_role
from tasks.plan.extract import normalise
from tasks.plan.foam_values import fmt, vec
from tasks.plan.regions import read_set_fields, region_key, set_region_key
from tasks.plan.stated import Binding, StatedQuantity
from tasks.plan.wave_theory import periodic_model

WAVES = "constant/waveProperties"
_ABSORBING = ("shallowWaterAbsorption",)
_REGULAR = re.compile(r"\b(?:regular|periodic|monochromatic|sinusoidal|harmonic)\s+(?:(?:water|surface)\s+)?waves?\b"
                      r"|\bwave\s+trains?\b", re.I)
_SIDES = ("left", "right", "inlet", "outlet", "front", "back", "upstream", "downstream")
_ENTRY = {"height": "waveHeight", "amplitude": "waveHeight", "period": "wavePeriod", "frequency": "wavePeriod",
          "length": "waveLength", "angle": "waveAngle", "ramp": "rampTime"}
_WORDS = {"waveHeight": "a wave height", "wavePeriod": "a wave period", "waveLength": "a wavelength",
          "waveAngle": "a wave angle", "rampTime": "a ramp time"}


@dataclass(frozen=True)
class Home:
    """A wave generator of the base: a patch dictionary of waveProperties or a paddle's waveMaker condition."""

    rel: str
    path: tuple[str, ...]
    name: str
    model: str  # waveModel, or "paddle:<motionType>" for a waveMaker condition

    def get(self, text: str, key: str) -> str | None:
        return fd.get(text, [*self.path, key])


def wave_homes(base) -> tuple[list[Home], list[str]]:
    """(the generators, the names of the absorbing-only patches) of a base; ([], []) for a base with no waves."""
    homes: list[Home] = []
    absorbers: list[str] = []
    text = base.text(WAVES) or ""
    for e in fd.entries(text):
        model = fd.get(text, [e.name, "waveModel"]) if e.kind == "dict" else None
        if model is None:
            continue
        if model in _ABSORBING:
            absorbers.append(e.name)
        else:
            homes.append(Home(WAVES, (e.name,), e.name, model))
    for rel in base.field_rels("pointDisplacement"):
        field = base.text(rel) or ""
        for patch, kind in base.patch_bcs("pointDisplacement").items():
            if kind == "waveMaker" and fd.get(field, ["boundaryField", patch, "type"]) == "waveMaker":
                motion = fd.get(field, ["boundaryField", patch, "motionType"]) or ""
                homes.append(Home(rel, ("boundaryField", patch), patch, f"paddle:{motion}"))
    return homes, absorbers


def _said_sides(words: str) -> set[str]:
    return {s for s in _SIDES if re.search(rf"\b{s}\b", words)}


def _own_sentence(before: str, after: str) -> str:
    """The words about a value that lie in its own sentence ("absorbed at the outlet. The wave height is
    0.04 m": the outlet is another sentence's)."""
    return re.split(r"[.!?;]\s+", before)[-1] + " " + re.split(r"[.!?;](?:\s|$)", after, maxsplit=1)[0]


def _chosen(homes: list[Home], absorbers: list[str], words: str) -> tuple[list[Home], str | None]:
    """The generators the words name by a side ("on the left paddle"), all when they name none;
    with why not when they name only an absorbing patch."""
    sides = _said_sides(words.lower())
    if not sides:
        return homes, None
    named = [h for h in homes if any(s in h.name.lower() for s in sides)]
    if named:
        return named, None
    if any(s in a.lower() for a in absorbers for s in sides):
        return [], (f"the {', '.join(absorbers)} patch only absorbs waves (shallowWaterAbsorption) in this case; "
                    f"the waves are generated at {', '.join(h.name for h in homes)}")
    return homes, None


class WaveBinder:
    """Places the wave values of one request in one base through the binder's `set`/`refuse`."""

    def __init__(self, binder, homes: list[Home], absorbers: list[str]) -> None:
        self.binder = binder
        self.homes = homes
        self.absorbers = absorbers
        self.plain = normalise(binder.text)
        self.low = self.plain.lower()
        self.taken: list[StatedQuantity] = []  # the switches it read

    def text(self, rel: str) -> str:
        return self.binder.base.text(rel) or ""

    def words(self, q: StatedQuantity) -> tuple[str, str]:
        """(the text right before the value, the text right after it), as written."""
        at = self.binder.value_at(self.low, q)
        if at < 0:
            return "", ""
        return self.plain[max(0, at - 80):at], self.plain[at + len(q.text):at + len(q.text) + 60]

    def place(self, q: StatedQuantity, role: str) -> None:
        """One wave value: its entry in each chosen generator, or not applied with why."""
        if role == "depth":
            self.depth(q)
            return
        if role == "stroke":
            self.binder.refuse(q, "v1912's waveMaker paddle takes the wave height (waveHeight) and computes its own "
                                  "stroke; state the wave height instead")
            return
        before, after = self.words(q)
        homes, why = _chosen(self.homes, self.absorbers, _own_sentence(before[-40:], after[:30]))
        if why is not None:
            self.binder.refuse(q, why)
            return
        entry = _ENTRY[role]
        value = q.value * 2 if role == "amplitude" else (1 / q.value if role == "frequency" else q.value)
        if role == "frequency" and q.value <= 0:
            self.binder.refuse(q, "a wave frequency must be positive to give a period")
            return
        done = [h for h in homes if self.set_one(q, h, entry, value, role)]
        if not done and not any(n.text == q.text for n in self.binder.not_applied):
            self.binder.refuse(q, f"no wave generator of this case takes {_WORDS[entry]} ({entry})")

    def set_one(self, q: StatedQuantity, home: Home, entry: str, value: float, role: str) -> bool:
        """Set one entry of one generator; False (with the reason recorded) when it cannot take it."""
        text = self.text(home.rel)
        model = home.model
        if model == "streamFunction" and entry in ("waveHeight", "wavePeriod", "waveLength"):
            self.binder.refuse(q, f"the streamFunction wave of {home.name} is given by Fourier coefficients (Bjs, Ejs) "
                                  f"solved for its own height, period and length; Casewright does not solve them anew: "
                                  f"ask for StokesV or cnoidal waves to change {entry}")
            return False
        if home.get(text, f"{entry}s") is not None:
            self.binder.refuse(q, f"{home.name}'s {model} waves are a sum of components ({entry}s lists); one "
                                  f"{entry} does not define them")
            return False
        solitary = model in SOLITARY or model == "paddle:solitary"
        if entry == "wavePeriod" and solitary:
            self.binder.refuse(q, f"a solitary wave ({model.removeprefix('paddle:')} at {home.name}) has no period; "
                                  f"ask for periodic waves (StokesI, StokesII, StokesV, cnoidal) to give one")
            return False
        if home.get(text, entry) is None and not (entry in ("wavePeriod", "rampTime") and model in PERIODIC):
            return False
        reason = f"{entry} of {home.name} ({model.removeprefix('paddle:')} waves)" + \
            (f" = 2 x the amplitude {q.text}" if role == "amplitude" else "") + \
            (f" = 1 / {q.text}" if role == "frequency" else "")
        self.binder.set(home.rel, [*home.path, entry], fmt(round(value, 10)), reason, q)
        return True

    def depth(self, q: StatedQuantity) -> None:
        """A still-water depth: the top of the water box from the floor, and each paddle's initialDepth."""
        bounds = self.binder._bounds()
        rel = "system/setFieldsDict"
        if bounds is None or not self.text(rel):
            self.binder.refuse(q, "the still-water depth is set by the setFields water box, and this case has none")
            return
        up = self.binder._up_axis()
        floor, ceiling = bounds[up]
        if not floor < floor + q.value < ceiling:
            self.binder.refuse(q, f"a still-water depth of {q.text} does not fit in the flume, whose height is "
                                  f"{fmt(ceiling - floor)} m")
            return
        raw = self.binder.current(rel, "regions")
        sf = read_set_fields(self.text(rel))
        water = [i for i, r in enumerate(sf.regions) if r.selector == "boxToCell" and (sf.value(i, "alpha.water") or 0) >= 0.5
                 and region_key(raw, i, "box")]
        if len(water) != 1:
            self.binder.refuse(q, "the still water is not one setFields box of alpha.water 1 in this case; "
                                  "Casewright cannot tell which region the depth is the top of")
            return
        numbers = [float(x) for x in re.findall(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?", region_key(raw, water[0], "box") or "")]
        top = floor + q.value
        if len(numbers) != 6 or numbers[up] > floor + 1e-9:
            self.binder.refuse(q, "the water box does not start at the flume's floor; Casewright cannot place its top")
            return
        where = f"setFields region {water[0] + 1} (boxToCell, the still water)"
        if abs(numbers[3 + up] - top) <= 1e-9 * max(1.0, abs(top)):  # restated: the base's own depth, kept as it is
            self.binder.bindings.append(Binding(stated=q.text, file=rel, entry=["regions"], value=f"box {region_key(raw, water[0], 'box')}",
                                                how=f"the top of {where}, already {fmt(top)} m above the floor"))
        else:
            lo, hi = numbers[:3], numbers[3:]
            hi[up] = round(top, 10)
            box = f"{vec(lo)} {vec(hi)}"
            self.binder.set(rel, ["regions"], set_region_key(raw, water[0], "box", box),
                            f"{where}: still-water depth {q.text} above the floor at {fmt(floor)} m", q)
            self.binder.assumptions.append(f"the still water fills {where} up to {fmt(top)} m ({q.text} above the floor)")
        for home in self.homes:
            if home.get(self.text(home.rel), "initialDepth") is not None:
                self.binder.set(home.rel, [*home.path, "initialDepth"], fmt(q.value),
                                f"initialDepth of the paddle {home.name} (the still-water depth)", q)

    def switches(self) -> None:
        """The wave model, active absorption and paddle motion the request names in words."""
        current = {h.model for h in self.homes if h.rel == WAVES}
        models = {name: words for name, words in said_wave_models(self.plain) if name not in current}
        if len(models) == 1:  # a model other than the base's own ("the stokesI flume with cnoidal waves")
            self.model(*next(iter(models.items())))
        elif models:
            self.binder.refuse(self.said(" and ".join(models.values()), "wave"),
                               f"the request names several wave models ({', '.join(models)}); name one")
        elif not said_wave_models(self.plain):
            self.regular()
        paddle = said_paddle_motion(self.plain)
        if paddle is not None:
            self.switch_all(paddle[1], "motionType", paddle[0], "paddle motion")

    def regular(self) -> None:
        """Regular waves asked of a base whose generators make solitary waves ("regular waves",
        or a period stated, no model named): the periodic model that suits the stated height,
        period and depth (wave_theory), said as an assumption; refused when no period is given."""
        homes = [h for h in self.homes if h.rel == WAVES]
        m = _REGULAR.search(self.plain)
        if not homes or any(h.model not in SOLITARY for h in homes) or not (m or self.period_said()):
            return
        period = self.stated("period") or (1 / f if (f := self.stated("frequency")) else None)
        if period is None:
            self.binder.refuse(self.said(m.group() if m else "regular waves", "wave"),
                               f"the waves of this case are solitary ({homes[0].model}); regular waves need a "
                               f"period: state it (\"wave period 2 s\")")
            return
        height = self.stated("height") or (2 * a if (a := self.stated("amplitude")) else None) or \
            next((float(v) for h in homes if (v := h.get(self.text(h.rel), "waveHeight")) is not None), None)
        if height is None:
            return
        name, why = periodic_model(height, period, self.stated("depth"))
        for h in homes:
            self.binder.set(h.rel, [*h.path, "waveModel"], name, f"waveModel of {h.name} (regular waves: {why})")
        self.homes = [replace(h, model=name) if h in homes else h for h in self.homes]
        self.binder.assumptions.append(f"regular waves in place of the base's solitary wave: {why}")

    def stated(self, role: str) -> float | None:
        """The value the request states for a wave role (height, period, depth ...), None when none."""
        return next((q.value for q in self.binder._stated if self.role(q) == role), None)

    def said(self, words: str, role: str) -> StatedQuantity:
        """A switch the words state, reported (added to the binder's stated) and taken by this binder."""
        # not a "switch" quantity (those the controls binder reads again); lower case, as the
        # switch reader says its words, so it does not read the statement twice
        q = StatedQuantity(text=words.lower(), quantity="wave_setting", value=1.0, role=role)
        self.binder._stated.append(q)
        self.taken.append(q)
        return q

    def switch_all(self, words: str, entry: str, value: str, what: str) -> None:
        """An on/off or kind entry set in every generator that has it, else not applied."""
        q = self.said(words, "wave")
        homes = [h for h in self.homes if h.get(self.text(h.rel), entry) is not None]
        if not homes:
            self.binder.refuse(q, f"no wave generator of this case has {entry} ({what})")
        for h in homes:
            self.binder.set(h.rel, [*h.path, entry], value, f"{entry} of {h.name} ({what} as said)", q)

    def model(self, name: str, words: str) -> None:
        """Switch the generators' waveModel to the one named, where the entries it needs are there."""
        homes = [h for h in self.homes if h.rel == WAVES]
        q = self.said(words, "wave")
        if not homes:
            self.binder.refuse(q, "the waves of this case come from a moving paddle (waveMaker), which has no waveModel")
        elif name in ("irregular", "streamFunction"):
            self.binder.refuse(q, f"{words}: v1912 needs {'the component lists (waveHeights, wavePeriods, ...)' if name == 'irregular' else 'the Fourier coefficients (Bjs, Ejs)'} "
                                  f"of such waves, which Casewright does not compute; pick the tutorial "
                                  f"{'irregularMultiDirection' if name == 'irregular' else 'streamFunction'} instead")
        elif name in PERIODIC and any(h.get(self.text(h.rel), "wavePeriod") is None for h in homes) and \
                not self.period_said():
            self.binder.refuse(q, f"{name} waves need a period: state it (\"wave period 2 s\")")
        else:
            for h in homes:
                self.binder.set(h.rel, [*h.path, "waveModel"], name, f"waveModel of {h.name} ({words} as said)", q)
            self.homes = [replace(h, model=name) if h in homes else h for h in self.homes]  # its values follow

    def complete(self) -> None:
        """A generator switched to periodic waves needs a rampTime (v1912 stops without one):
        one wave period when the request states none (an assumption, said)."""
        for h in self.homes:
            if h.rel != WAVES or h.model not in PERIODIC or h.get(self.text(h.rel), "rampTime") is not None or \
                    self.planned(h, "rampTime") is not None:
                continue
            period = self.planned(h, "wavePeriod") or h.get(self.text(h.rel), "wavePeriod")
            if period is None:
                continue  # the switch was refused for want of a period
            self.binder.set(h.rel, [*h.path, "rampTime"], period, f"rampTime of {h.name} (one wave period)")
            self.binder.assumptions.append(f"{h.name}: the {h.model} waves ramp up over one period ({period} s)")

    def planned(self, home: Home, key: str) -> str | None:
        """The value this plan gives a generator's entry, None when it sets none."""
        return next((e.value for e in reversed(self.binder.edits) if e.file == home.rel and
                     e.entry == [*home.path, key] and isinstance(e.value, str)), None)

    def period_said(self) -> bool:
        return any(q.quantity in ("time", "frequency") and self.role(q) in ("period", "frequency")
                   for q in self.binder._stated)

    def role(self, q: StatedQuantity) -> str | None:
        if q.quantity not in ("length", "time", "frequency", "angle"):
            return None
        before, after = self.words(q)
        return wave_role(q.quantity, before, after)


def reads_wave_length(case_dir: Path, text: str, q: StatedQuantity) -> bool:
    """Whether a case that makes waves reads the stated length as a wave's or the still water's
    ("make the waves 8 cm high", "still water depth 0.5 m"): a change request hands it to the
    binder instead of dropping it as a domain size."""
    plain = normalise(text)
    at = plain.lower().find(q.text.lower())
    if q.quantity != "length" or at < 0 or not wave_homes(Base(case_dir))[0]:
        return False
    return wave_role(q.quantity, plain[max(0, at - 80):at], plain[at + len(q.text):at + len(q.text) + 60]) is not None


def bind_waves(binder, stated: list[StatedQuantity]) -> list[StatedQuantity]:
    """Place every wave value of the request in a base that makes waves; returns the quantities
    taken (bound or refused), each with role "wave" so no later binder reads it again."""
    homes, absorbers = wave_homes(binder.base)
    if not homes:
        return []
    waves = WaveBinder(binder, homes, absorbers)
    waves.switches()  # the model first: the values are placed as the new model reads them
    taken: list[StatedQuantity] = []
    for q in list(stated):
        role = waves.role(q)
        if role is None:
            continue
        waves.place(q, role)
        q.role = "wave"
        taken.append(q)
    waves.complete()
    return taken + waves.taken
