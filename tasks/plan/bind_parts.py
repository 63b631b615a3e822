"""Binder steps for values of one part of the case: one phase of two ("rho 1025 vs 1000",
"sea water 1025 kg/m3 in the left half") and the size of a region setFields fills ("a bubble
of radius 0.05 m", "a column 0.1 m wide and 0.2 m high"). Mixed into
`tasks.plan.bind.Binder`.
"""

from __future__ import annotations

import re
from typing import ClassVar

from tasks.foam import dictionary as fd
from tasks.plan.extract import normalise
from tasks.plan.foam_values import VECTOR, direction, fmt, vec
from tasks.plan.regions import SetFields, read_set_fields, target_for
from tasks.plan.bind_parts_layouts import PhaseEntry, phase_block_spans, phase_blocks, phase_entries, phase_names
from tasks.plan.bind_setfields_fill import fill_statements
from tasks.plan.bind_setfields_shapes import reshape_region, shape_of
from tasks.plan.bind_words import nearest_name, words_named_after, words_since_value
from tasks.plan.stated import Binding, StatedQuantity


class PartsBinding:
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
            self.bindings.append(Binding(stated=q.text, file=where.file, entry=["phases"], value=new, how=how))
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

        taken: list[StatedQuantity] = []
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
        tail = text[at + len(q.text):]
        after = nearest_name(words_named_after(tail), phases)
        if after:
            return after
        since = words_since_value(text[:at])
        claimed = _postfix_name(since, phases)
        if claimed and len(since) < at and nearest_name(words_since_value(_before_last_value(text[:at - len(since)])),
                                                        phases) is None:
            # "870 kg/m3 oil over 998 kg/m3 water": the name right after the value before this one is its own
            since = since.replace(claimed, " ", 1)
        return nearest_name(since, phases) or _postfix_name(tail, phases)

    _SIZE_WORDS: ClassVar[dict[str, str]] = {"radius": r"\bradius\b|\br\b|\bradii\b", "diameter": r"\bdiameter\b|\bd\b|\bacross\b|\bwide\b"}

    def bind_region_size(self, q: StatedQuantity) -> bool:
        """The radius (or diameter) of a region setFields fills ("a bubble of radius 0.05 m at
        (0.5 0.5)", "5 cm radius gas bubble"): the region selector's radius (and origin)."""
        from tasks.plan.regions import _REGION_WORDS, region_key, set_region_key

        rel = "system/setFieldsDict"
        if q.quantity != "length" or not self.base.text(rel):
            return False
        clause, sentence = self._words_of(q)
        size = self._round_size(q, clause)
        if size is None:
            return False
        low = normalise(self.text).lower()
        at = self.value_at(low, q)
        tail = low[at + len(q.text):] if at >= 0 else ""
        # the sentence around the value: its centre may come after it ("radius 5 cm, centred at (0.5, 0.4, 0)")
        around = low[max(0, at - 160):at] + re.split(r"[!?]\s|\.\s|\n", tail[:160])[0] if at >= 0 else sentence
        raw = self.current(rel, "regions")
        sf = read_set_fields(self.base.text(rel) or "")
        stated_centre = self._stated_centre(around)
        round_ = [i for i, r in enumerate(sf.regions) if region_key(raw, i, "radius") is not None]
        named = [i for i in round_ if any(re.search(rf"\b{w}\b", clause) for w in _REGION_WORDS.get(sf.regions[i].selector, ()))]
        pick = named if len(named) == 1 else round_
        radius = q.value if size == "radius" else q.value / 2
        if len(pick) != 1:  # no round region: one of the shape the words name ("a spherical drop of water")
            return self._reshape_region(q, size, radius, around, raw, sf, stated_centre)
        index = pick[0]
        new_raw = set_region_key(raw, index, "radius", fmt(radius))
        where = f"setFields region {index + 1} ({sf.regions[index].selector})"
        key = next((k for k in ("origin", "centre", "center") if region_key(raw, index, k)), None)
        if stated_centre and key:
            old = [float(x) for x in re.findall(r"[-+\d.eE]+", region_key(raw, index, key) or "")]
            xyz = stated_centre + old[len(stated_centre):3]
            new_raw = set_region_key(new_raw, index, key, vec(xyz))
            self.assumptions.append(f"the {where} is centred at {vec(xyz)} as stated")
        self.set(rel, ["regions"], new_raw, f"{size} {q.text} of {where}")
        self.bindings.append(Binding(stated=q.text, file=rel, entry=["regions"], value=f"radius {fmt(radius)}",
                                     how=f"radius of {where}"))
        if size == "diameter":
            self.assumptions.append(f"{q.text} is the diameter of the {where}: radius {fmt(radius)} m")
        return True

    _ROUND_AFTER = re.compile(r"\s*(?:-\s*)?(?:\w+\s+)?(?:bubble|sphere|ball|drop(?:let)?|charge|pocket|cylinder)s?\b")

    def _round_size(self, q: StatedQuantity, clause: str) -> str | None:
        """"radius" or "diameter" when q sizes a round region: its clause says which ("radius 5 cm"),
        or a round thing's name follows it ("a 5 cm bubble", "a 2 mm gas droplet": its size across)."""
        size = next((k for k, pattern in self._SIZE_WORDS.items() if re.search(pattern, clause)), None)
        if size is not None:
            return size
        low = normalise(self.text).lower()
        at = self.value_at(low, q)
        return "diameter" if at >= 0 and self._ROUND_AFTER.match(low[at + len(q.text):]) else None

    def _stated_centre(self, around: str) -> list[float] | None:
        """The centre the words give a region: a point ("centred at (0.5, 0.4, 0)", "centre (0.5 0.6
        0.5)"), or the domain's centre from the mesh bounds ("at the centre", "in the middle")."""
        centre = re.search(r"\b(?:at|centred at|centered at|centred|centered|centre|center|origin)\s*[:=]?\s*\(\s*"
                           r"([-+\d.eE]+)[\s,]+([-+\d.eE]+)(?:[\s,]+([-+\d.eE]+))?\s*\)", around)
        if centre:
            try:
                return [float(x) for x in centre.groups() if x is not None]
            except ValueError:
                return None
        middle = re.search(r"\b(?:at|in)\s+the\s+(?:very\s+)?(?:cent(?:re|er)|middle)\b(?!\s+of\s+the\s+(?!domain|box|tank|"
                           r"column|tube))", around)
        bounds = self._bounds()
        return [round((a + b) / 2, 9) for a, b in bounds] if middle and bounds else None

    def _reshape_region(self, q: StatedQuantity, size: str, radius: float, around: str, raw: str, sf: SetFields,
                        centre: list[float] | None) -> bool:
        """The one phase region (a box of water, say) rewritten as the sphere or cylinder the words
        name, around the stated centre (else its own, inside the domain). False when the words name
        no round shape or no single phase region is there to reshape."""
        rel = "system/setFieldsDict"
        if q.role == "particle_diameter" or self.base.text("constant/phaseProperties"):
            return False  # "bubbles of 5 mm" in a bubble column: the dispersed phase's size, no region's
        shape = shape_of(around)
        bounds = self._bounds()
        phase = [i for i, r in enumerate(sf.regions) if any(f.startswith("alpha") for f in r.values)]
        if shape not in ("sphereToCell", "cylinderToCell") or bounds is None or len(phase) != 1 or \
                sf.regions[phase[0]].selector == shape or sf.regions[phase[0]].centre is None:
            return False
        index = phase[0]
        own = [min(max(c, lo), hi) for c, (lo, hi) in zip(sf.regions[index].centre or [], bounds)]
        xyz = (centre or []) + own[len(centre or []):3]
        flat = sorted(self._flat_axes())
        axis = flat[0] if flat else self._up_axis()
        new_raw = reshape_region(raw, index, shape, xyz, radius, bounds, axis)
        where = f"setFields region {index + 1} ({shape}, was {sf.regions[index].selector})"
        self.set(rel, ["regions"], new_raw, f"{size} {q.text} of {where}")
        self.bindings.append(Binding(stated=q.text, file=rel, entry=["regions"], value=f"radius {fmt(radius)}",
                                     how=f"radius of {where}"))
        self.assumptions.append(f"the {where} is a {shape.removesuffix('ToCell')} of radius {fmt(radius)} m centred at "
                                f"{vec(xyz)}" + (f" ({q.text} is its diameter)" if size == "diameter" else ""))
        return True

    def _flat_axes(self) -> set[int]:
        """The directions every block has one cell in (a 2D mesh's empty direction): no region
        is sized along one ("the 1 m depth of the 2D domain" is the domain's, not the water's)."""
        _, blocks = self.base.blocks()
        return {a for a in range(3) if blocks and all(c[a] == 1 for c in blocks)}

    _AXIS_WORDS = ((0, r"\bwide\b|\bwidth\b|\blong\b|\blength\b"), (1, r"\bhigh\b|\bheight\b|\btall\b"),
                   (2, r"\bdeep\b|\bdepth\b|\bthick\b"))

    def _up_axis(self) -> int:
        """The axis gravity runs along (constant/g), y when the base has none."""
        g = VECTOR.search(fd.strip_comments(fd.get(self.base.text("constant/g") or "", ["value"]) or ""))
        if not g:
            return 1
        v = [abs(float(x)) for x in g.groups()]
        return max(range(3), key=lambda i: v[i]) if any(v) else 1

    def _axis_words(self) -> tuple[tuple[int, str], ...]:
        """Size words -> the axis they measure: height along gravity (z in a z-up tank), width
        and length along x, depth and thickness along the remaining axis."""
        up = self._up_axis()
        across = next(a for a in (2, 1, 0) if a not in (0, up))
        return ((0, r"\bwide\b|\bwidth\b|\blong\b|\blength\b"), (up, r"\bhigh\b|\bheight\b|\btall\b"),
                (across, r"\bdeep\b|\bdepth\b|\bthick\b"))

    def bind_region_boxes(self, stated: list[StatedQuantity]) -> list[StatedQuantity]:
        """The size of a box setFields fills ("a water column 0.1 m wide and 0.2 m high in the
        left corner", "10 cm x 20 cm column (width x height)"): its boxToCell box, anchored
        where the base's box (or the side words) put it; the 2D/empty direction is kept."""
        from tasks.plan.regions import _REGION_WORDS, region_key, set_region_key

        rel = "system/setFieldsDict"
        bounds = self._bounds()
        if not self.base.text(rel) or bounds is None:
            return []
        text = normalise(self.text).lower()
        raw = self.current(rel, "regions")
        sf = read_set_fields(self.base.text(rel) or "")
        boxes = [i for i, r in enumerate(sf.regions) if r.selector == "boxToCell" and region_key(raw, i, "box")]
        sizes: dict[int, StatedQuantity] = {}
        words = ""
        for q in stated:
            if q.quantity != "length" or q.role not in ("geometry", "particle_diameter"):
                continue
            clause, _ = self._words_of(q)
            at = self.value_at(text, q)
            if at >= 0 and self._ROUND_AFTER.match(text[at + len(q.text):]):
                continue  # "a 10 cm bubble": a round region's size (bind_region_size), no box's
            pair = re.match(r"\s*(?:[x×*]|by)\s*[-+\d.eE]+\s*\w*\s*(?:[a-z]+\s+){0,3}\(([a-z]+)\s*[x×*]\s*([a-z]+)",
                            text[at + len(q.text):]) if at >= 0 else None
            lead = re.search(r"\(([a-z]+)\s*[x×*]\s*([a-z]+)", clause[clause.find(q.text.lower()):]) \
                if at >= 0 and re.search(rf"[x×*]\s*{re.escape(q.text.lower())}", text[max(0, at - 30):at + len(q.text)]) \
                else None
            own = pair.group(1) if pair else (lead.group(2) if lead else
                                              clause[clause.find(q.text.lower()) + len(q.text):][:20])
            axis = next((a for a, pattern in self._axis_words() if re.search(pattern, own)), None)
            if axis is None and not pair and not lead:  # "water level 5 mm", "filled up to a height of 0.5 m"
                lead_words = clause[:clause.find(q.text.lower())] if q.text.lower() in clause else clause
                axis = self._up_axis() if _FILL_LEVEL.search(lead_words[-45:]) else None
                if axis is not None and at >= 0 and any(f.q is q for f in fill_statements(text, [(q, at)])):
                    continue  # a fill level ("free surface at y = 1.2 m"): apply_fills moves the interface
            if axis is not None and axis in self._flat_axes() and re.search(r"\bdeep\b|\bdepth\b", own):
                axis = self._up_axis()  # "water 5 mm deep" in a 2D tank: its depth is its level
            if axis is not None and axis not in sizes and axis not in self._flat_axes():
                sizes[axis] = q
                words += " " + clause
        if not sizes:
            return []
        named = [i for i in boxes if any(re.search(rf"\b{w}\b", words) for w in _REGION_WORDS["boxToCell"])]
        pick = named if len(named) == 1 else boxes
        if len(pick) != 1:
            return []
        index = pick[0]
        numbers = [float(x) for x in re.findall(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?", region_key(raw, index, "box") or "")]
        if len(numbers) != 6:
            return []
        lo, hi = numbers[:3], numbers[3:]
        for axis, q in sizes.items():
            low, high = bounds[axis]
            side = [s for s, (a, sign) in {"left": (0, -1), "right": (0, 1), "bottom": (1, -1), "top": (1, 1)}.items()
                    if a == axis and re.search(rf"\b{s}\b", words)]
            sign = {"left": -1, "bottom": -1, "right": 1, "top": 1}[side[0]] if len(side) == 1 else \
                (1 if hi[axis] >= high - 1e-9 * max(1.0, abs(high)) and lo[axis] > low else -1)
            if sign < 0:
                lo[axis] = min(lo[axis], low) if side else lo[axis]
                hi[axis] = lo[axis] + q.value
            else:
                hi[axis] = max(hi[axis], high) if side else hi[axis]
                lo[axis] = hi[axis] - q.value
        box = f"{vec(lo)} {vec(hi)}"
        where = f"setFields region {index + 1} (boxToCell)"
        self.set(rel, ["regions"], set_region_key(raw, index, "box", box),
                 f"{where}: {' x '.join(q.text for q in sizes.values())}")
        for q in sizes.values():
            self.bindings.append(Binding(stated=q.text, file=rel, entry=["regions"], value=f"box {box}",
                                         how=f"size of {where}"))
        self.assumptions.append(f"the {where} is the box {box} (the stated size from the base's anchor corner)")
        return list(sizes.values())


# words before a length that make it the fill level of the liquid region ("water level 5 mm",
# "filled to 0.5 m", "up to a height of 20 cm", "a depth of 3 cm of water")
_FILL_LEVEL = re.compile(r"\b(?:level|height|depth|filled\s+(?:up\s+)?to|fill(?:ed|s)?\s+(?:it\s+)?(?:up\s+)?to"
                         r"|up\s+to|to\s+a\s+height|free\s+surface\s+at)\b[^\d]{0,25}$")



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


# a side word -> (axis, +1 for the high end / -1 for the low end); "up" is against gravity
_SIDE_AXES: dict[str, tuple[str, int]] = {"left": ("x", -1), "right": ("x", 1), "bottom": ("up", -1), "top": ("up", 1)}


def patches_on_side(block_mesh: str, side: str, gravity: str = "") -> list[str]:
    """The blockMeshDict patches whose every face lies on the named side of the domain: left and
    right are the low and high x; bottom (floor) and top (ceiling, lid) the low and high end of
    the axis gravity runs along (y when the case has no gravity). Empty when the mesh's vertices
    are not plain numbers or no patch lies wholly on that side."""
    if side not in _SIDE_AXES:
        return []
    text = fd.strip_comments(block_mesh)
    points = [[float(x) for x in m.groups()] for m in VECTOR.finditer(fd.get(text, ["vertices"]) or "")]
    found = fd.find(text, ["boundary"])
    body = text[found.value_start:found.end] if found and found.kind == "value" else ""
    inner = body[body.find("(") + 1:body.rfind(")")] if "(" in body else ""
    if not points or not inner:
        return []
    axis_name, sign = _SIDE_AXES[side]
    g = direction(gravity) if gravity else None
    if axis_name == "x":
        axis = 0
    elif g:
        axis = max(range(3), key=lambda i: abs(g[i]))
        sign = sign if g[axis] < 0 else -sign  # "bottom" is where gravity points
    else:
        axis = 1
    bound = (max if sign > 0 else min)(p[axis] for p in points)
    tol = 1e-9 * max(1.0, max(abs(p[axis]) for p in points))
    out = []
    for entry in fd.entries(inner):
        if entry.kind != "dict":
            continue
        faces = re.findall(r"\(\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\)", fd.get(inner, [entry.name, "faces"]) or "")
        ids = [int(i) for face in faces for i in face]
        if faces and all(i < len(points) for i in ids) and all(abs(points[i][axis] - bound) <= tol for i in ids):
            out.append(entry.name)
    return out
