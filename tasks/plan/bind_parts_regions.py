"""Binder steps for the size and place of a region setFields fills: "a bubble of radius 0.05 m
at (0.5 0.5)", "a 5 cm radius gas bubble", "a column 0.1 m wide and 0.2 m high in the left
corner". Mixed into `tasks.plan.bind.Binder` through `tasks.plan.bind_parts.PartsBinding`.
"""

from __future__ import annotations

import re
from typing import ClassVar

from tasks.foam import dictionary as fd
from tasks.plan.extract import normalise
from tasks.plan.foam_values import VECTOR, fmt, vec
from tasks.plan.regions import SetFields, read_set_fields
from tasks.plan.regions_alpha import ALPHA_DICT, alpha_shape, centre_by_axes, centre_words
from tasks.plan.bind_setfields_fill import fill_statements
from tasks.plan.bind_setfields_inclusion import GAS_THING, add_inclusion, flipped_values
from tasks.plan.bind_setfields_shapes import reshape_region, shape_of
from tasks.plan.stated import Binding, StatedQuantity


class RegionPartsBinding:
    _SIZE_WORDS: ClassVar[dict[str, str]] = {"radius": r"\bradius\b|\br\b|\bradii\b", "diameter": r"\bdiameter\b|\bd\b|\bacross\b|\bwide\b"}

    def bind_region_size(self, q: StatedQuantity) -> bool:
        """The radius (or diameter) of a region setFields fills ("a bubble of radius 0.05 m at
        (0.5 0.5)", "5 cm radius gas bubble"): the region selector's radius (and origin)."""
        from tasks.plan.regions import _REGION_WORDS, region_key, set_region_key

        rel = "system/setFieldsDict"
        if q.quantity != "length" or any(q is s for s in getattr(self, "sized_particles", [])):
            return False
        if self._bind_alpha_shape(q):  # the liquid's own round region (a setFieldsDict may cut a notch out of it)
            return True
        if not self.base.text(rel):
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
        if len(pick) != 1:  # no round region: one of the shape the words name ("a spherical drop of water"),
            # else a bubble of the other phase inside the filled one ("an air bubble in the water column")
            return self._reshape_region(q, size, radius, around, raw, sf, stated_centre) or \
                self._add_inclusion(q, size, radius, around, raw, sf, stated_centre)
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

    _ROUND_NOUNS = re.compile(r"\b(?:disc|disk|circle|circular|sphere|spherical|ball|blob|drop(?:let)?|bubble|"
                              r"cylinder|cylindrical|column|round)s?\b")

    def _bind_alpha_shape(self, q: StatedQuantity) -> bool:
        """The radius (or diameter) and centre of the sphere or cylinder of liquid a
        setAlphaFieldDict fills (the interIsoFoam cases: "a disc of radius 0.2 m centred at
        (0.5 0 0.4)", "a 20 cm ball of liquid, centre at 0.3 m in x, y and z"). False when the
        base has no such dictionary or the words size no round region."""
        shape = alpha_shape(self.base.text(ALPHA_DICT) or "")
        if shape is None:
            return False
        if any(b.stated == q.text and b.file == ALPHA_DICT and b.entry == ["origin"] for b in self.bindings):
            return True  # a coordinate of the centre, placed already
        clause, sentence = self._words_of(q)
        size = self._round_size(q, clause)
        said = re.search(r"\bradius\b|\bradii\b|\bdiameter\b", clause) or self._ROUND_NOUNS.search(clause)
        if size is None or not said:
            return False
        low = normalise(self.text).lower()
        at = self.value_at(low, q)
        tail = low[at + len(q.text):] if at >= 0 else ""
        around = low[max(0, at - 160):at] + re.split(r"[!?]\s|\.\s|\n", tail[:160])[0] if at >= 0 else sentence
        radius = q.value if size == "radius" else q.value / 2
        what = f"the {shape.kind} of {ALPHA_DICT}"
        self.set(ALPHA_DICT, ["radius"], fmt(radius), f"{size} {q.text} of {what}", q)
        if size == "diameter":
            self.assumptions.append(f"{q.text} is the diameter of {what}: radius {fmt(radius)} m")
        self._place_alpha_shape(around)
        return True

    def _place_alpha_shape(self, words: str) -> bool:
        """The centre the words give the sphere or cylinder of a setAlphaFieldDict ("centred at
        (0.5, 0, 0.4)", "its centre at x = 0.5, z = 0.4"), the axes not stated kept; once."""
        shape = alpha_shape(self.base.text(ALPHA_DICT) or "")
        if shape is None or any(e.file == ALPHA_DICT and e.entry == ["origin"] for e in self.edits):
            return False
        xyz = list(shape.origin)
        listed = self._stated_centre(words)
        by_axis = dict(enumerate(listed)) if listed else centre_by_axes(centre_words(words))
        for axis, value in by_axis.items():
            xyz[axis] = value
        if not by_axis or xyz == shape.origin:
            return False
        what = f"the {shape.kind} of {ALPHA_DICT}"
        self.set(ALPHA_DICT, ["origin"], vec(xyz), f"centre of {what}")
        for q in self._coordinates_said(words, list(by_axis.values())):  # "centre at x = 0.4 m, y = 0.35 m": its lengths
            self.set(ALPHA_DICT, ["origin"], vec(xyz), f"centre of {what}", q)
        self.assumptions.append(f"{what} is centred at {vec(xyz)}" +
                                (" (the axes not stated keep the base's)" if len(by_axis) < 3 else ""))
        return True

    def _coordinates_said(self, words: str, coordinates: list[float]) -> list[StatedQuantity]:
        """The stated lengths, not bound yet, that are the coordinates of a centre the words give with units ("its
        centre at x = 0.4 m, y = 0.35 m", "centred at (40 cm, 35 cm, 35 cm)")."""
        bound = {b.stated for b in self.bindings}
        return [q for q in self._stated if q.quantity == "length" and q.text not in bound and q.text.lower() in words
                and any(abs(q.value - c) <= 1e-9 * max(1.0, abs(c)) for c in coordinates)]

    _ROUND_AFTER = re.compile(r"\s*(?:-\s*)?(?:\w+\s+)?(?:bubble|sphere|ball|drop(?:let)?|charge|pocket|cylinder)s?\b")

    def _round_size(self, q: StatedQuantity, clause: str) -> str | None:
        """"radius" or "diameter" when q sizes a round region: its clause says which ("radius 5 cm"),
        or a round thing's name follows it ("a 5 cm bubble", "a 2 mm gas droplet": its size across)."""
        size = next((k for k, pattern in self._SIZE_WORDS.items() if re.search(pattern, clause)), None)
        if size is not None:
            return size
        low = normalise(self.text).lower()
        at = self.value_at(low, q)
        # its role word right before it, as a key ("an air bubble (radius: 15 mm)", "diameter = 2 cm")
        key = re.search(r"\b(radius|radii|diameter)\s*(?:of|=|:|is)?\s*$", low[max(0, at - 30):at]) if at >= 0 else None
        if key:
            return "diameter" if key.group(1) == "diameter" else "radius"
        return "diameter" if at >= 0 and self._ROUND_AFTER.match(low[at + len(q.text):]) else None

    def _stated_centre(self, around: str) -> list[float] | None:
        """The centre the words give a region: a point ("centred at (0.5, 0.4, 0)", "centre (0.5 0.6
        0.5)"), or the domain's centre from the mesh bounds ("at the centre", "in the middle")."""
        num = r"([-+\d.eE]+)\s*(mm|cm|m)?"  # each component may carry its unit: "(40 cm, 35 cm, 35 cm)"
        centre = re.search(r"\b(?:at|centred at|centered at|centred|centered|centre|center|origin)\s*[:=]?\s*\(\s*"
                           rf"{num}[\s,]+{num}(?:[\s,]+{num})?\s*\)", around)
        if centre:
            scale = {None: 1.0, "m": 1.0, "cm": 1e-2, "mm": 1e-3}
            groups = centre.groups()
            try:
                return [round(float(groups[i]) * scale[groups[i + 1]], 12) for i in range(0, len(groups), 2)
                        if groups[i] is not None]
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

    def _add_inclusion(self, q: StatedQuantity, size: str, radius: float, around: str, raw: str, sf: SetFields,
                       centre: list[float] | None) -> bool:
        """A round region of gas appended inside the one region that fills the liquid ("an air
        bubble of radius 3 cm at (0.07, 0.1, 0)"): its phase fractions flipped, at the stated
        centre (else the liquid region's). False in an Euler-Euler base (bubbles there are the
        dispersed phase's size) or when the words name no gas thing or the centre is outside."""
        rel = "system/setFieldsDict"
        bounds = self._bounds()
        if self.base.text("constant/phaseProperties") or bounds is None or not GAS_THING.search(around):
            return False
        liquid = [i for i, r in enumerate(sf.regions) if flipped_values(r.values) and
                  any(f.startswith("alpha") and v.strip() in ("1", "1.0") for f, v in r.values.items())]
        if len(liquid) != 1 or sf.regions[liquid[0]].centre is None:
            return False
        index = liquid[0]
        own = sf.regions[index].centre or []
        xyz = (centre or [])[:3] + [min(max(c, lo), hi) for c, (lo, hi) in zip(own, bounds)][len(centre or []):3]
        flat = sorted(self._flat_axes())
        if len(xyz) != 3 or any(not lo <= c <= hi for i, (c, (lo, hi)) in enumerate(zip(xyz, bounds))
                                if i not in flat):
            return False
        values = flipped_values(sf.regions[index].values)
        new_raw = add_inclusion(raw, xyz, radius, values, bounds, flat[0] if flat else None)
        where = f"setFields region {len(sf.regions) + 1} (a {'cylinder' if flat else 'sphere'} of gas in region {index + 1})"
        self.set(rel, ["regions"], new_raw, f"{size} {q.text} of {where}")
        self.bindings.append(Binding(stated=q.text, file=rel, entry=["regions"], value=f"radius {fmt(radius)}",
                                     how=f"radius of {where}"))
        self.assumptions.append(f"{where}: radius {fmt(radius)} m centred at {vec(xyz)}, "
                                f"{', '.join(f'{f} {v}' for f, v in values.items())} inside it")
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
        self._place_alpha_shape(normalise(self.text).lower())  # a setAlphaFieldDict's shape, placed as stated
        if not self.base.text(rel) or bounds is None:
            return []
        text = normalise(self.text).lower()
        raw = self.current(rel, "regions")
        sf = read_set_fields(self.base.text(rel) or "")
        boxes = [i for i, r in enumerate(sf.regions) if r.selector == "boxToCell" and region_key(raw, i, "box")]
        anchored = self._bind_by_old_extent(stated, raw, boxes, bounds)
        if anchored:
            return anchored
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
            if axis is None and _LAYER_AFTER.match(own):  # "a 5 cm mercury layer": a layer's size is its height
                axis = self._up_axis()
            lead_words = clause[:clause.find(q.text.lower())] if q.text.lower() in clause else clause
            if at >= 0 and _SIZE_OF_DOMAIN.match(text[at + len(q.text):at + len(q.text) + 40]):
                continue  # "the 7 m long flume": the domain's size, no region's
            if _WAVE_SIZE.search(lead_words[-40:]):
                continue  # "wave height 0.04 m": a wave's size (waveProperties), never a region's
            if _names_domain(lead_words[-40:]):
                continue  # "the tank 50 m wide": the domain's size (the mesh's), no region's
            size_before = _SIZE_BEFORE.search(lead_words[-30:])
            if axis is None and not pair and not lead and size_before:  # "column of water width 4 inch"
                axis = next((a for a, pattern in self._axis_words() if re.search(pattern, size_before.group(1))), None)
            if axis is None and not pair and not lead:  # "water level 5 mm", "filled up to a height of 0.5 m"
                axis = self._up_axis() if _FILL_LEVEL.search(lead_words[-45:]) else None
                if axis is not None and at >= 0 and any(f.q is q for f in fill_statements(text, [(q, at)])):
                    continue  # a fill level ("free surface at y = 1.2 m"): apply_fills moves the interface
            if axis is not None and axis in self._flat_axes() and re.search(r"\bdeep\b|\bdepth\b|\bthick\b", own):
                axis = self._up_axis()  # "water 5 mm deep", "a layer 5 cm thick" in a 2D tank: its level
            if axis is not None and (_whole_extent(q.value, bounds[axis]) or q.value > bounds[axis][1] - bounds[axis][0]):
                continue  # "the column of 0.15 m width and 1 m height" on a 0.15 x 1 m mesh, or wider: the domain's size
            if axis is not None and axis not in sizes and axis not in self._flat_axes():
                sizes[axis] = q
                words += " " + clause
        up = self._up_axis()
        if not sizes or (set(sizes) == {up} and (at := self.value_at(text, sizes[up])) >= 0 and
                         any(f.q is sizes[up] for f in fill_statements(text, [(sizes[up], at)]))):
            return []  # a level alone ("a layer 5 cm deep across the floor"): apply_fills moves the interface
        named = [i for i in boxes if any(re.search(rf"\b{w}\b", words) for w in _REGION_WORDS["boxToCell"])]
        pick = named if len(named) == 1 else boxes
        if len(pick) != 1:  # several boxes: the one filled with the phase the words name ("mercury layer 5 cm high")
            pick = phase_boxes(sf, boxes, words)
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
            # a size is measured from the domain's wall the box stands on, not from a corner the base
            # puts far outside the domain (`box (-10 -10 -10) (100 100 0.15)`: its water is 0.15 m deep)
            if sign < 0:
                lo[axis] = min(lo[axis], low) if side else lo[axis]
                hi[axis] = max(lo[axis], low) + q.value
            else:
                hi[axis] = max(hi[axis], high) if side else hi[axis]
                lo[axis] = min(hi[axis], high) - q.value
        box = f"{vec(lo)} {vec(hi)}"
        where = f"setFields region {index + 1} (boxToCell)"
        self.set(rel, ["regions"], set_region_key(raw, index, "box", box),
                 f"{where}: {' x '.join(q.text for q in sizes.values())}")
        for q in sizes.values():
            self.bindings.append(Binding(stated=q.text, file=rel, entry=["regions"], value=f"box {box}",
                                         how=f"size of {where}"))
        self.assumptions.append(f"the {where} is the box {box} (the stated size from the base's anchor corner)")
        return list(sizes.values())


    def _bind_by_old_extent(self, stated: list[StatedQuantity], raw: str, boxes: list[int],
                            bounds: list[tuple[float, float]]) -> list[StatedQuantity]:
        """A region's size said with the one it replaces ("half as high: 5 cm instead of 10 cm", "from 10 cm
        to 5 cm"): the one box with the old size along one axis takes the new, from the side it stands on."""
        from tasks.plan.old_values import old_values
        from tasks.plan.regions import region_key, set_region_key

        taken: list[StatedQuantity] = []
        olds = getattr(self, "olds", None)
        for old in olds if olds is not None else old_values(self.text):
            q = next((q for q in stated if q.quantity == "length" and q.role in ("geometry", "particle_diameter")
                      and q.text == old.new_text and q not in taken), None)
            if q is None or old.old <= 0:
                continue
            found = []
            for i in boxes:
                numbers = [float(x) for x in re.findall(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?",
                                                        region_key(raw, i, "box") or "")]
                if len(numbers) == 6:
                    found += [(i, a, numbers) for a in range(3) if a not in self._flat_axes()
                              and abs(numbers[3 + a] - numbers[a] - old.old) <= 1e-6 * old.old]
            if len(found) != 1:
                continue  # no box, or several, with the old size: the words decide (bind_region_boxes)
            index, axis, numbers = found[0]
            lo, hi = numbers[:3], numbers[3:]
            if hi[axis] >= bounds[axis][1] - 1e-9 * max(1.0, abs(bounds[axis][1])) and lo[axis] > bounds[axis][0]:
                lo[axis] = hi[axis] - q.value  # a box hanging from the top keeps its top
            else:
                hi[axis] = lo[axis] + q.value
            box = f"{vec(lo)} {vec(hi)}"
            where = f"setFields region {index + 1} (boxToCell)"
            raw = set_region_key(raw, index, "box", box)
            self.set("system/setFieldsDict", ["regions"], raw, f"{where}: {q.text} along {'xyz'[axis]} instead of "
                                                                f"{old.old_text}")
            self.bindings.append(Binding(stated=q.text, file="system/setFieldsDict", entry=["regions"],
                                         value=f"box {box}", how=f"{where}, the one box {old.old_text} along "
                                                                 f"{'xyz'[axis]}"))
            taken.append(q)
        return taken


# a layer's noun right after a length ("5 cm mercury layer", "a 3 cm thick layer of oil")
_LAYER_AFTER = re.compile(r"\s*(?:thick\s+|deep\s+)?(?:[a-z]+\s+)?layers?\b")
# a size word and the domain's noun right after a length ("7 m long flume", "a 2 m wide tank")
_SIZE_OF_DOMAIN = re.compile(r"\s*(?:(?:long|wide|high|tall|deep|broad)\s+)?(?:(?!of\b|in\b|at\b|inside\b|into\b|"
                             r"from\b|the\b)[a-z-]+\s+)?(?:tank|vessel|domain|container|basin|flume|enclosure|cavity"
                             r"|channel|duct|room)s?\b")
# the words of a wave's own size right before a length ("wave height 4 cm", "the waves, amplitude 2 cm")
_WAVE_SIZE = re.compile(r"\bwaves?\b[^\d,;]{0,20}\b(?:heights?|high|amplitude|length)\b[^\d,;]{0,15}$|"
                        r"\b(?:wave\s*length|amplitude)\b[^\d,;]{0,15}$")

# a size word of the region right before its length ("width 4 inch", "a width of 10 cm", "length: 0.2 m"),
# not of the container ("tank width 1 m"); a height or depth there is a fill level (_FILL_LEVEL)
# the whole domain's nouns: a size said of one is the mesh's, not a setFields region's
_DOMAIN_NOUN = re.compile(r"\b(?:tank|vessel|domain|container|basin|flume|enclosure|cavity|channel|duct|room)s?\b")
_BOX_NOUN = re.compile(r"\b(?:column|block|box|slab|pool|layer|blob|pocket|kernel|water|liquid|oil|fluid|region|zone)s?\b")


def _whole_extent(size: float, bound: tuple[float, float]) -> bool:
    """Whether a stated size is the domain's whole extent along its axis (within 1 %): a size of the mesh the
    base already has, which a region filling all of it would not need stated."""
    extent = bound[1] - bound[0]
    return extent > 0 and abs(size - extent) <= 0.01 * extent


def _names_domain(words: str) -> bool:
    """Whether the last noun the words name before a size is the domain's ("the tank 50 m wide"),
    not a region's ("the water column in the tank, 0.1 m wide" names the column last but one)."""
    domain = [m.end() for m in _DOMAIN_NOUN.finditer(words)]
    box = [m.end() for m in _BOX_NOUN.finditer(words)]
    return bool(domain) and max(domain) > max(box, default=-1)


_SIZE_BEFORE = re.compile(r"(?<!tank )(?<!domain )(?<!vessel )(?<!channel )(?<!basin )\b(width|length|thickness)"
                          r"\s*(?:of|=|:|is)?\s*(?:about\s+|approximately\s+)?$")

# words before a length that make it the fill level of the liquid region ("water level 5 mm",
# "filled to 0.5 m", "up to a height of 20 cm", "a depth of 3 cm of water")
_FILL_LEVEL = re.compile(r"\b(?:level|height|depth|filled\s+(?:up\s+)?to|fill(?:ed|s)?\s+(?:it\s+)?(?:up\s+)?to"
                         r"|up\s+to|to\s+a\s+height|free\s+surface\s+at)\b[^\d]{0,25}$")


def phase_boxes(sf: SetFields, boxes: list[int], words: str) -> list[int]:
    """The boxes (indices among `boxes`) that fill with the phase the words name first, whole
    word ("the mercury layer", "the mercury at the bottom of the water column": alpha.mercury 1);
    a name that fills several boxes names none."""
    phases = {f.split(".", 1)[1] for r in sf.regions for f in r.values if f.startswith("alpha.") and "." in f}
    said = sorted((m.start(), p) for p in phases if len(p) > 2
                  for m in [re.search(rf"\b{re.escape(p.lower())}\b", words)] if m)
    if not said:
        return []
    return [i for i in boxes if (sf.value(i, f"alpha.{said[0][1]}") or 0.0) >= 0.5]
