"""Binder steps for values of one part of the case: one phase of two ("rho 1025 vs 1000",
"sea water 1025 kg/m3 in the left half"), and (from `bind_parts_regions`) the size of a region
setFields fills ("a bubble of radius 0.05 m", "a column 0.1 m wide and 0.2 m high"). Mixed into
`tasks.plan.bind.Binder`. `patches_on_side` and `phase_blocks` are re-exported for their callers.
"""

from __future__ import annotations

import re
from typing import ClassVar

from tasks.foam import dictionary as fd
from tasks.plan.extract import normalise
from tasks.plan.foam_values import fmt
from tasks.plan.regions import read_set_fields, target_for
from tasks.plan.bind_parts_layouts import PhaseEntry, phase_block_spans, phase_blocks, phase_entries, phase_names
from tasks.plan.bind_parts_fractions import FractionBinding
from tasks.plan.bind_parts_inlet_fractions import InletFractionBinding
from tasks.plan.bind_parts_viscosity import PhaseViscosityBinding
from tasks.plan.bind_parts_pairs import PairTensionBinding
from tasks.plan.bind_parts_substitute import SubstituteBinding
from tasks.plan.bind_parts_regions import RegionPartsBinding
from tasks.plan.bind_parts_sides import patches_on_side
from tasks.plan.bind_words import nearest_name, words_named_after, words_since_value
from tasks.plan.stated import Binding, StatedQuantity

__all__ = ["PartsBinding", "patches_on_side", "phase_blocks", "set_in_phase_block"]


class PartsBinding(RegionPartsBinding, PairTensionBinding, InletFractionBinding, FractionBinding, SubstituteBinding,
                   PhaseViscosityBinding):
    # one property, one value per phase ("rho 1025 vs 1000", "sea water 1025 kg/m3 in the left half") ---
    _PHASE_PROPERTIES: ClassVar[dict[str, str]] = {"density": "rho", "nu": "nu"}

    def _phase_entries(self, key: str) -> dict[str, PhaseEntry]:
        """The base's phases that hold `key`, with where each holds it (any multiphase layout)."""
        return {e.phase: e for e in phase_entries(self.base.text, key)}

    def _phases_with(self, key: str) -> list[str]:
        return list(self._phase_entries(key))

    def _base_phase_value(self, where: PhaseEntry) -> str:
        """A phase's property as the base writes it ("rho [1 -3 0 0 0 0 0] 1000", "1000")."""
        if where.form == "list":
            body = phase_blocks(fd.get(self.base.text(where.file) or "", ["phases"]) or "").get(where.phase, "")
            m = re.search(rf"(?:^|[;\s]){re.escape(where.key)}\s+([^;{{}}]*);", body)
            return m.group(1) if m else ""
        return fd.get(self.base.text(where.file) or "", where.entry) or ""

    def _set_phase_value(self, where: PhaseEntry, value: float, how: str, q: StatedQuantity) -> None:
        """One phase's property set to `value`, in the layout the base keeps it: its dictionary,
        its block of the `phases` list (the whole list rewritten, earlier changes kept), or its
        thermophysicalProperties.<phase> equation of state."""
        if where.form == "list":
            new = set_in_phase_block(self.current(where.file, "phases"), where.phase, where.key, fmt(value))
            if new is None:
                return
            self.set(where.file, ["phases"], new, how)
            # the key and its value, which later edits of the list (another phase, another key) keep
            self.bindings.append(Binding(stated=q.text, file=where.file, entry=["phases"],
                                         value=f"{where.key} {fmt(value)}", how=how))
            return
        if where.form == "thermo":
            self.set(where.file, where.entry, fmt(value), how, q)
            if where.key == "rho0":
                self.assumptions.append(f"{q.text} is the {where.phase} density at the reference state "
                                        f"(its equation of state's rho0)")
            return
        self.set(where.file, where.entry, self._keep_dims(self._base_phase_value(where), value), how, q)

    def bind_phase_values(self, stated: list[StatedQuantity]) -> list[StatedQuantity]:
        """Two values of one property for the two phases of the base: a list after the
        property's symbol goes in the order of `phases (a b)`; values said of materials go to
        the phase whose region (setFields) or name their words give. Ambiguous: not applied."""
        from tasks.plan.named import _value_after

        sized = self.bind_particle_sizes(stated)
        taken: list[StatedQuantity] = sized + self._bind_phase_diameters([q for q in stated if not any(q is s for s in sized)]) + \
            self.bind_pair_tensions(stated) + self.bind_inlet_fractions(stated) + self.bind_phase_fractions(stated) + \
            self.bind_phase_dynamic_viscosities(stated)
        self.bind_substituted_fluids(stated)
        text = normalise(self.text)
        for key in ("rho", "nu"):
            where = self._phase_entries(key)
            phases = list(where)
            # compressibleInterFoam, the Euler-Euler solvers: a perfect gas holds no density, so one
            # phase may hold it; a value said of a named phase still goes to that phase's thermo
            own_thermo = bool(where) and all(e.form == "thermo" for e in where.values())
            if len(phases) < 2 and not own_thermo:
                continue
            for m in re.finditer(rf"(?<![\w.]){key}(?![\w.])", text):  # "rho 1025 vs 1000"
                first = _value_after(text, m.end(), r"\s*(?:=|:)?\s*")
                if first is None:
                    continue
                values = [first]
                at = first[2] + len(first[1])
                role = next(r for r, k in self._PHASE_PROPERTIES.items() if k == key)
                while len(values) < len(phases):
                    more = re.match(r"\s*(?:vs\.?|versus|against|and|/|,)\s*", text[at:])
                    nxt = _value_after(text, at + more.end(), r"") if more else None
                    if nxt is None or _unit_of(nxt[1]) != _unit_of(first[1]):
                        if nxt is not None and not _unit_of(first[1]) and self._is_role(stated, nxt[1], role):
                            # "rho 1000, 850 and 1.2 kg/m3": the unit written once, after the last value
                            values = _in_unit_of(values, nxt)
                        break  # "nu 1e-6 m2/s, 100 s": the next item is another quantity
                    values.append(nxt)
                    at = nxt[2] + len(nxt[1])
                if len(values) < 2 or (len(phases) > 2 and len(values) < len(phases)):
                    continue  # three of four phases' values: which three is not said by the order
                for phase, (value, raw, _) in zip(phases, values):
                    q = next((s for s in stated if s.text.strip() in (raw.strip(), f"{key} {raw.strip()}")), None) or \
                        StatedQuantity(text=f"{key} {raw}", quantity="parameter", value=value, role=f"entry:{key}")
                    if q not in stated:
                        stated.append(q)
                    self._set_phase_value(where[phase], value, f"{phase} {key} (phase order)", q)
                    taken.append(q)
                self.assumptions.append(f"{key} values in the order of the base's phases ({' '.join(phases)})")
            role = next(r for r, k in self._PHASE_PROPERTIES.items() if k == key)
            said = [q for q in stated if q.role == role and not any(q is t for t in taken)]
            if len(said) < 2 and not (own_thermo and said):
                continue
            chosen = {id(q): self._phase_of(q, phases) for q in said}
            if own_thermo and len(said) == 1 and chosen[id(said[0])] is None:
                q = said[0]
                held_not = self._phase_named_without(q, phases)
                if held_not is not None:
                    self.refuse(q, f"the {held_not} phase has no fixed density in the base (its "
                                   f"thermophysicalProperties.{held_not} equation of state gives it from p and T); "
                                   f"state the density of {', '.join(phases)}")
                    taken.append(q)
                elif key == "rho" and (phase := self._phase_by_magnitude(q.value, where)) is not None:
                    # "liquid to 60 %, 0.95 g/cm3" of compressibleInterFoam: a liquid's density, which only
                    # one phase of the base (the liquid, not the gas) has the order of magnitude of
                    self._set_phase_value(where[phase], q.value, f"{phase} {key} (the phase of that order of "
                                                                 f"magnitude)", q)
                    self.assumptions.append(f"{q.text} is the {phase} density: no other phase of the base has a "
                                            f"density of that order ({', '.join(phases)})")
                    taken.append(q)
                continue  # one value, no phase named: the single-fluid rules decide
            free = [p for p in phases if p not in chosen.values()]
            if len(said) == len(phases) and len(free) == 1 and list(chosen.values()).count(None) == 1:
                chosen = {i: p or free[0] for i, p in chosen.items()}
            picked = [p for p in chosen.values() if p]
            cues = [self._weight_cue(q) for q in said]
            if key == "rho" and len(said) == len(phases) == 2 and len(set(picked)) < 2 and sorted(cues) == [-1, 1]:
                # "salt water 1.025 g/cm3 against fresh water 1.000": the words call one the heavier and the other
                # the lighter; the heavier value goes to the base's heavier phase
                base_rho = {p: _number(self._base_phase_value(where[p])) for p in phases}
                heavier_said = [q.value for q, c in zip(said, cues) if c == 1][0] > \
                    [q.value for q, c in zip(said, cues) if c == -1][0]
                if None not in base_rho.values() and base_rho[phases[0]] != base_rho[phases[1]] and heavier_said:
                    heavy = max(phases, key=lambda p: base_rho[p])
                    light = min(phases, key=lambda p: base_rho[p])
                    chosen = {id(q): heavy if q.value == max(x.value for x in said) else light for q in said}
                    picked = list(chosen.values())
                    self.assumptions.append(f"densities by weight: the heavier to {heavy}, the lighter to {light} "
                                            f"(the base's order)")
            for q in said:
                phase = chosen[id(q)]
                if phase is None or picked.count(phase) > 1:
                    self.refuse(q, f"which phase ({', '.join(phases)}) has {q.text} is not clear; name the phase "
                                   f"or the region it fills")
                    taken.append(q)
                    continue
                self._set_phase_value(where[phase], q.value, f"{phase} {key}", q)
                taken.append(q)
        return taken

    # "2.5 mm (diameter) air bubbles", "0.5 mm oil droplets": a size whose dispersed thing follows it
    _DISPERSED_AFTER = re.compile(r"\s*(?:\((?:diameter|size|dia\.?|d)\)\s*)?(?:[a-z]+\s+)?"
                                  r"(?:bubbles?|droplets?|drops|particles?|grains?|beads?)\b")
    _GAS_WORDS = re.compile(r"\b(?:bubbles?|gas|air|vapou?r|steam)\b")

    def _bind_phase_diameters(self, stated: list[StatedQuantity]) -> list[StatedQuantity]:
        """A dispersed phase's size where each phase's block of a `phases ( air { ... constantCoeffs
        { d 3e-3; } } ... )` list holds one (multiphaseEulerFoam): "2 mm air bubbles", "oil droplets
        of 0.5 mm": the phase its words name, else for bubbles the one gas phase. Sizes no phase
        takes are left to the cloud and phaseProperties binders."""
        where = {e.phase: e for e in phase_entries(self.base.text, "d") if e.form == "list"}
        if not where:
            return []
        phases = list(where)
        taken: list[StatedQuantity] = []
        low = normalise(self.text).lower()
        for q in stated:
            at = self.value_at(low, q)
            tail = low[at + len(q.text):] if at >= 0 else ""
            if q.quantity != "length" or not (q.role == "particle_diameter" or self._DISPERSED_AFTER.match(tail)):
                continue
            clause, sentence = self._words_of(q)
            head = sentence[:sentence.find(q.text.lower())][-40:] if q.text.lower() in sentence else ""
            gases = [p for p in phases if self._GAS_WORDS.search(p.lower())]
            bubble_size = re.search(r"\bbubbles?\s+(?:diameter|size|dia\.?)\s*(?:of|is|=|:)?\s*$", head)
            phase = gases[0] if bubble_size and len(gases) == 1 else self._phase_of(q, phases)  # "bubble diameter 3 mm"
            if phase is None and re.search(r"\bbubbles?\b", f"{head} {clause}") and len(gases) == 1:
                phase = gases[0]
            if phase is None:
                continue
            self._set_phase_value(where[phase], q.value, f"{phase} diameter (constantCoeffs d)", q)
            taken.append(q)
        return taken

    def _phase_by_magnitude(self, value: float, where: dict[str, PhaseEntry]) -> str | None:
        """The one phase whose base density is of the order of `value` (within a factor 3) while
        every other phase's differs by more than a factor 10 (a liquid's 950 kg/m3 against air's 1),
        else None; a phase whose density the base does not write as a number is no candidate."""
        base = {p: _number(self._base_phase_value(e)) for p, e in where.items()}
        return phase_by_magnitude(value, {p: v for p, v in base.items() if v is not None and v > 0})

    @staticmethod
    def _is_role(stated: list[StatedQuantity], raw: str, role: str) -> bool:
        """Whether the request's value written `raw` was read as a `role` quantity (a density)."""
        return any(q.text.strip() == raw.strip() and q.role == role for q in stated)

    def _phase_named_without(self, q: StatedQuantity, holding: list[str]) -> str | None:
        """The one phase of the base that a value's words name but that does not hold the property
        ("air 1.2 kg/m3" where air is a perfect gas), else None."""
        clause, _ = self._words_of(q)
        others = [p for p in phase_names(self.base.text) if p not in holding and
                  re.search(rf"\b{re.escape(p.lower())}\b", clause)]
        return others[0] if len(others) == 1 else None

    _HEAVY = re.compile(r"\b(?:salt|salty|saline|sea|brine|brackish|heavy|heavier|dense|denser)\b")
    _LIGHT = re.compile(r"\b(?:fresh|light|lighter|less dense)\b")

    def _weight_cue(self, q: StatedQuantity) -> int:
        """+1 when a density's own words call its fluid the heavier ("salt water"), -1 the lighter
        ("fresh water"), 0 when they say neither or both."""
        clause, _ = self._words_of(q)
        head = re.split(r"\d", clause.split(q.text.lower())[0])[-1]  # its own words, after any value before it
        heavy, light = bool(self._HEAVY.search(head)), bool(self._LIGHT.search(head))
        return 1 if heavy and not light else -1 if light and not heavy else 0

    def _phase_of(self, q: StatedQuantity, phases: list[str]) -> str | None:
        """The phase a value's words place it in: the setFields region (alpha.<phase> 1 there),
        else the one phase they name."""
        clause, _ = self._words_of(q)
        sf = read_set_fields(self.base.text("system/setFieldsDict") or "")
        for phase in phases:
            field = f"alpha.{phase}"
            if not sf.holds(field):
                continue
            target = target_for(clause, field, sf, self._bounds())
            if target is not None and clause.strip() and any(w in clause for w in ("left", "right", "top", "bottom",
                                                                                   "upper", "lower", "half", "side")):
                inside = sf.value(target, field)
                if inside is not None:
                    return phase if inside >= 0.5 else (next(p for p in phases if p != phase)
                                                        if len(phases) == 2 else None)
        own = self._phase_by_words(q, phases)
        if own is not None:
            return own
        named = [p for p in phases if re.search(rf"\b{re.escape(p.lower())}\b", clause)]
        return named[0] if len(named) == 1 else None

    def _phase_by_words(self, q: StatedQuantity, phases: list[str]) -> str | None:
        """The phase a value's own words pair it with where one sentence gives several: the phase
        named right after it by for/of/in ("998 kg/m3 for the water"), else the phase named last
        in the words since the value before it ("sludge (density 1030 kg/m3) against water (998",
        "oil, 900 kg/m3, over water")."""
        text = normalise(self.text).lower()
        at = self.value_at(text, q)
        if at < 0:
            return None
        key = re.search(r"(?<![\w.])([a-z_][\w.]*)\s*[:=]\s*$", text[:at])
        if key is not None and (keyed := nearest_name(key.group(1), phases)) is not None:
            return keyed  # "oil: 880 kg/m3", "mercury = 13.6 g/cm3": the item's key names its phase
        tail = text[at + len(q.text):]
        after = nearest_name(words_named_after(tail), phases)
        if after:
            return after
        since = words_since_value(text[:at])
        claimed = _postfix_name(since, phases)
        # the name after a measured value ("870 kg/m3 oil over"), not after a count ("4 phases oil 880 kg/m3")
        prev = re.search(r"\d[ \t]*([^\s,;:()]*)[ \t]*$", text[:at - len(since)])
        follows_value = prev is not None and (prev.group(1) == _unit_of(q.text) or bool(re.search(r"[/\d]", prev.group(1))))
        if claimed and len(since) < at and follows_value and nearest_name(words_since_value(_before_last_value(text[:at - len(since)])),
                                                        phases) is None:
            # "870 kg/m3 oil over 998 kg/m3 water": the name right after the value before this one is its own
            since = since.replace(claimed, " ", 1)
        return nearest_name(since, phases) or _postfix_name(tail, phases)


def phase_by_magnitude(value: float, densities: dict[str, float]) -> str | None:
    """The phase of `densities` within a factor 3 of `value` when all the others are more than a
    factor 10 away from it, else None (two liquids, 850 against oil 684 and water 1000: not told)."""
    if value <= 0 or not densities:
        return None
    near = [p for p, v in densities.items() if max(v, value) / min(v, value) <= 3]
    far = [p for p, v in densities.items() if max(v, value) / min(v, value) > 10]
    return near[0] if len(near) == 1 and len(far) == len(densities) - 1 else None


def set_in_phase_block(raw: str, phase: str, key: str, value: str) -> str | None:
    """The list with `key` of `phase`'s block set to `value`; None when the block has no such key."""
    for name, start, end in phase_block_spans(raw):
        if name != phase:
            continue
        body, n = re.subn(rf"(^|[;\s]){re.escape(key)}(\s+)[^;{{}}]*;", rf"\g<1>{key}\g<2>{value};", raw[start:end], count=1)
        return raw[:start] + body + raw[end:] if n else None
    return None


def _postfix_name(after: str, names: list[str]) -> str | None:
    """The name written right after a value and its unit ("870 kg/m3 oil over ...", "1.2 kg/m3 of
    air"), else None."""
    m = re.match(r"\s*(?:of\s+)?(?:the\s+|an?\s+)?([a-z_][\w.]*)", after.lower())
    return next((n for n in names if m and m.group(1) == n.lower()), None)


def _before_last_value(before: str) -> str:
    """The words before the last number (and its unit) of `before`."""
    found = list(re.finditer(r"(?<![\w\-])[-+]?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?(?:\s*[^\s,;:()]*)?", before))
    return before[:found[-1].start()] if found else before


def _in_unit_of(values: list[tuple[float, str, int]], last: tuple[float, str, int]) -> list[tuple[float, str, int]]:
    """Unitless values of a list and its last value, which carries the unit for them all: each
    earlier value scaled as the last one is ("1, 0.85 and 13.6 g/cm3" -> 1000, 850, 13600)."""
    found = re.match(r"\s*([-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)", last[1])
    written = float(found.group(1)) if found else 0.0
    scale = last[0] / written if written else 1.0
    return [(v * scale, raw, at) for v, raw, at in values] + [last]


def _number(raw: str) -> float | None:
    """The last number of an entry ("rho [1 -3 0 0 0 0 0] 1000" -> 1000), or None."""
    found = re.findall(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?", raw.split("]")[-1])
    return float(found[-1]) if found else None


def _unit_of(raw: str) -> str:
    """The unit a value is written with ("1e-6 m2/s" -> "m2/s"; "1000" -> "")."""
    return re.sub(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?", "", raw, count=1).strip().lower()
