"""Convective walls: a heat transfer coefficient h (W/(m2 K)) with the ambient temperature Ta it
exchanges heat with. A wall the base already makes convective (`externalWallHeatFluxTemperature`
mode coefficient: a windshield's exterior, a burner's outer solid face) takes the stated h and
Ta; any other wall the words name becomes one, where a thermo gives the conductivity
(kappaMethod fluidThermo in a fluid, solidThermo in a solid region). The ambient temperature is
the convective wall's Ta, never a wall, inlet or start temperature. Mixed into
`tasks.plan.bind.Binder` through `ThermalBinding`."""

from __future__ import annotations

import re
from dataclasses import dataclass

from tasks.foam import dictionary as fd
from tasks.plan.bind_thermal_segments import ALL_WALLS, names_said, own_words
from tasks.plan.bind_thermal_walls import heat_sources
from tasks.plan.bind_thermal_words import label_before, patches_named_by_words
from tasks.plan.foam_values import fmt
from tasks.plan.multi_region import region_names
from tasks.plan.stated import Binding, StatedQuantity

CONVECTIVE = "externalWallHeatFluxTemperature"
_THERMO = "constant/thermophysicalProperties"
_CONSTRAINTS = ("empty", "wedge", "symmetry", "symmetryPlane", "cyclic", "cyclicAMI", "processor")
_COUPLED = re.compile(r"coupled|mapped|baffle", re.I)

# words that say a temperature is the surroundings a convective wall loses heat to
_AMBIENT_WORDS = re.compile(
    r"\b(?:ambient|surround\w*|environment\w*|outside|outdoors?|exterior|external|externally|sink|plenum|"
    r"lab(?:oratory)?|room|atmospher\w*|design[- ]day|far[- ]?field|free[- ]?stream|bulk|coolant|"
    r"t_?(?:a|amb|ambient|inf|infinity|ext|env|out|sink|bulk|surr)|t∞)\b|t∞")
# the words of the surroundings alone, where no coefficient is stated to pair with ("outside air -10 degC")
_OUTSIDE_WORDS = re.compile(r"\b(?:ambient|surround\w*|environment\w*|outside|outdoors?|exterior|external|externally|"
                            r"design[- ]day|t_?(?:a|amb|ambient|inf|infinity|ext|env|surr)|t∞)\b|t∞")
# words that say a temperature is where something starts, or where a stream comes in
_NOT_AMBIENT = re.compile(r"\b(?:start(?:s|ing)?|begin\w*|initial(?:ly)?|t\s*=\s*0|inlet|intake|supply|supplied|"
                          r"inflow|enter\w*|incoming|held|kept|maintained|fixed)\b")
# what joins a coefficient to the temperature it exchanges heat with ("12 W/m2K to 280 K")
_TOWARD = re.compile(r"\b(?:to|towards?|against|into|with|from)\b")


@dataclass(frozen=True)
class ConvectivePlace:
    """One patch of one temperature dictionary that a stated h goes to."""

    rel: str  # the file (0/T, 0.orig/solid/T, system/floor/changeDictionaryDict)
    prefix: tuple[str, ...]  # the path to the field's dictionary inside it (() in a field file)
    patch: str
    kappa_method: str  # fluidThermo | solidThermo
    existing: bool  # the base already has the patch convective (mode coefficient)


def coefficient_patch(h: float, ambient: str, kappa_method: str, value: str) -> dict[str, str]:
    """The boundary condition of a wall that loses heat by convection: q = h (Ta - T)."""
    if h <= 0:
        raise ValueError(f"a heat transfer coefficient must be positive (got {h} W/(m2 K))")
    return {"type": CONVECTIVE, "mode": "coefficient", "h": f"uniform {fmt(h)}", "Ta": ambient,
            "kappaMethod": kappa_method, "kappa": "none", "value": value}


def says_ambient(before: str, after: str) -> bool:
    """Whether the words around a temperature (before it in its clause, after it up to the next
    value) say it is the surroundings' ("ambient -5 degC", "300 K is the surroundings'
    temperature", "T_inf: 350 K") and not a start, inlet or held-wall temperature."""
    return bool(_AMBIENT_WORDS.search(f"{before} {after}")) and not _NOT_AMBIENT.search(before[-40:])


def joined_to_coefficient(between: str) -> bool:
    """Whether the words between a coefficient and the temperature right after it join them
    ("12 W/m2K to 280 K", "5 W/m2K towards the room at 293 K"): short, no other value."""
    return len(between) <= 45 and not re.search(r"\d", between) and bool(_TOWARD.search(between))


def nearest(at: int, spans: list[tuple[int, int]]) -> int | None:
    """The index of the span nearest the position `at`, None when there is none."""
    if not spans:
        return None
    return min(range(len(spans)), key=lambda i: min(abs(at - spans[i][0]), abs(at - spans[i][1])))


class ThermalConvectiveBinding:
    """Heat transfer coefficients and their ambient temperatures."""

    # ---- which temperature is which coefficient's ambient ----

    def _value_spans(self, low: str, qs: list[StatedQuantity]) -> list[tuple[int, int]]:
        spans = []
        for q in qs:
            at = self.value_at(low, q)
            spans.append((at, at + len(q.text)) if at >= 0 else (-1, -1))
        return spans

    def _ambient_pairs(self, stated: list[StatedQuantity]) -> list[tuple[StatedQuantity, StatedQuantity]]:
        """(ambient temperature, its coefficient) for every temperature the words make a convective
        wall's surroundings; nothing when no coefficient is stated."""
        coefficients = [s for s in stated if s.role == "heat_transfer_coefficient"]
        if not coefficients:
            return []
        low = self.text.lower()
        h_spans = self._value_spans(low, coefficients)
        pairs = []
        for t in [s for s in stated if s.quantity == "temperature"]:
            at = self.value_at(low, t)
            if at < 0:
                continue
            before = re.split(r"[,;:.!?]\s|\n|[;:]", low[max(0, at - 80):at])[-1]
            if not before.strip():  # "T_inf: 350 K", "- outdoor: 6.85 degC": the key before the colon
                before = label_before(low[max(0, at - 80):at]) or ""
            after = re.split(r"[,;.!?]\s|\n|\d", low[at + len(t.text):at + len(t.text) + 60])[0]
            h_before = [i for i, (_, end) in enumerate(h_spans) if 0 <= end <= at]
            joined = bool(h_before) and joined_to_coefficient(low[h_spans[h_before[-1]][1]:at])
            if says_ambient(before, after) or joined:
                i = h_before[-1] if joined else nearest(at, h_spans)
                if i is not None:
                    pairs.append((t, coefficients[i]))
        return pairs

    def _coefficient_of(self, q: StatedQuantity, stated: list[StatedQuantity]) -> StatedQuantity | None:
        """The coefficient whose ambient the temperature q is, or None."""
        return next((h for t, h in self._ambient_pairs(stated) if t is q), None)

    def _ambient_of(self, h: StatedQuantity, stated: list[StatedQuantity]) -> StatedQuantity | None:
        return next((t for t, c in self._ambient_pairs(stated) if c is h), None)

    # ---- where a coefficient goes ----

    def _temperature_dicts(self) -> list[tuple[str, tuple[str, ...], str]]:
        """(file, path to the T dictionary in it, kappaMethod) of every temperature the case keeps:
        its own field files, each region's (0.orig/<region>/T) and each region's changeDictionaryDict."""
        found: list[tuple[str, tuple[str, ...], str]] = []
        thermo = "fluidThermo" if self.base.text(_THERMO) is not None else ""
        found += [(rel, (), thermo) for rel in self.base.field_rels("T")]
        for region, kind in region_names(self.base.text("constant/regionProperties") or "").items():
            method = "solidThermo" if kind == "solid" else "fluidThermo"
            found += [(rel, (), method) for rel in self.base.field_rels(f"{region}/T")]
            rel = f"system/{region}/changeDictionaryDict"
            text = self.base.text(rel) or ""
            for prefix in (("dictionaryReplacement", "T"), ("T",)):
                if fd.find(text, [*prefix, "boundaryField"]) is not None:
                    found.append((rel, prefix, method))
                    break
        return found

    def _temperature_places(self) -> list[ConvectivePlace]:
        """Every wall patch of every temperature dictionary the case keeps (no constraint, coupled
        interface, inlet or outlet), with the kappaMethod a convective condition on it would use."""
        walls: list[ConvectivePlace] = []
        for rel, prefix, method in self._temperature_dicts():
            text = self.base.text(rel) or ""
            body = fd.body_span(text, [*prefix, "boundaryField"])
            if body is None:
                continue
            for e in fd.entries(text, *body):
                bc = fd.get(text, [*prefix, "boundaryField", e.name, "type"]) or ""
                if e.kind != "dict" or bc in _CONSTRAINTS or _COUPLED.search(bc) or re.search(r"[*|(\"]", e.name):
                    continue
                if not prefix and not rel.count("/") > 1 and self.roles.get(e.name) in ("inlet", "outlet", "constraint"):
                    continue
                if bc in ("inletOutlet", "outletInlet") or re.search(r"inlet|outlet|_to_", e.name, re.I):
                    continue  # an open boundary, or a region's interface to another (floor_to_air)
                existing = bc == CONVECTIVE and fd.get(text, [*prefix, "boundaryField", e.name, "mode"]) == "coefficient"
                walls.append(ConvectivePlace(rel, prefix, e.name, method, existing))
        return walls

    def _convective_places(self, h: StatedQuantity) -> list[ConvectivePlace] | str:
        """The patches the coefficient goes to: the walls its words name (by name or a piece of it,
        by region, by side, "the walls"), else the base's convective walls, else the only wall.
        A string (why not) when none is clear or no thermo gives the walls' conductivity."""
        clause, sentence = self._words_of(h)
        label = label_before(sentence.split(h.text.lower())[0]) or ""
        words = f"{label} {clause}"
        regions = region_names(self.base.text("constant/regionProperties") or "")
        region_said = [r for r in regions if re.search(rf"\b{re.escape(r.lower())}\b", words)]
        walls = self._temperature_places()
        if region_said:
            walls = [w for w in walls if any(f"/{r}/" in f"/{w.rel}/" for r in region_said)] or walls
        names = sorted({w.patch for w in walls})
        for r in region_said:  # "the floor slab" names the region floor, not its interface floor_to_domain3
            words = re.sub(rf"\b{re.escape(r.lower())}\b", " ", words)
        said = [p for p in names if re.search(rf"(?<![\w]){re.escape(p.lower())}(?![\w])", words)] or \
            patches_named_by_words(words, names)
        if not said and self._side_word(h):
            side = self._side_word(h)
            said = [p for p in names if any(w in p.lower() for w in self.sides[side])] or \
                [p for p in self._walls_at(side) if p in names]
        if not said:
            said = sorted({w.patch for w in walls if w.existing})
        if not said:
            said = self._walls_in_own_words(h, names, f"{label} {words}")
        if not said and len(names) == 1:
            said = names
        if not said and walls and not any(w.kappa_method or w.existing for w in walls):
            said = names  # no wall can take it: the reason is the missing thermo, not which wall
        if not said:
            return (f"which wall takes the heat transfer coefficient {h.text} is not clear; name it "
                    f"(walls: {', '.join(names) or 'none'})")
        chosen = [w for w in walls if w.patch in said]
        if any(not w.kappa_method and not w.existing for w in chosen):
            return (f"{self.solver} has no thermo to give a wall's conductivity, so a convective wall "
                    f"({CONVECTIVE}) cannot be made; state a wall temperature or a heat flux instead")
        return chosen

    def _walls_in_own_words(self, h: StatedQuantity, names: list[str], words: str) -> list[str]:
        """The walls a coefficient's own words name, read up to the values next to it (its paired
        ambient is part of its words): a patch by name ("the external envelope, i.e. the
        fixedWalls, ... 0.35 W/m2K"), else every wall when they say the walls, the envelope or the
        enclosure ("the walls of the room ...: all of them lose heat ... 4 W/m2K") - less the walls
        other stated values hold and the base's heat sources (a box held hotter than the room)."""
        low = self.text.lower()
        paired = {id(t) for t, c in self._ambient_pairs(self._stated) if c is h}
        spans = [(-1, -1) if id(s) in paired else span
                 for s, span in zip(self._stated, self._value_spans(low, self._stated))]
        index = next((i for i, s in enumerate(self._stated) if s is h), -1)
        leading, trailing = own_words(low, spans, index)
        own = f"{leading} {trailing}"
        named = [p for p in names if re.search(rf"(?<![\w]){re.escape(p.lower())}(?![\w])", own)] or \
            names_said(own, names)
        if named:
            return named
        if not ALL_WALLS.search(f"{own} {words}".replace("_", " ")):  # "h_walls: 12 W/m2K"
            return []
        held = self._held_by_other_values(h, names, spans, paired)
        places = self._temperature_places()
        sources = set().union(*(heat_sources(self.base.text(rel) or "", prefix) for rel, prefix in
                                {(w.rel, w.prefix) for w in places})) if places else set()
        return [p for p in names if p not in held and p not in sources] or names

    def _held_by_other_values(self, h: StatedQuantity, names: list[str], spans: list[tuple[int, int]],
                              paired: set[int]) -> set[str]:
        """The walls other stated temperatures' and fluxes' own words name ("the floor slab held at
        18 degC"): they keep those values, not a convective condition."""
        low = self.text.lower()
        held: set[str] = set()
        for i, s in enumerate(self._stated):
            if s is h or id(s) in paired or s.quantity not in ("temperature", "heat_flux"):
                continue
            leading, trailing = own_words(low, spans, i)
            own = f"{leading} {trailing}"
            held |= {p for p in names if re.search(rf"(?<![\w]){re.escape(p.lower())}(?![\w])", own)}
        return held

    # ---- binding ----

    def _heat_transfer_coefficient(self, q: StatedQuantity, stated: list[StatedQuantity]) -> None:
        places = self._convective_places(q)
        ambient = self._ambient_of(q, stated)
        if isinstance(places, str):
            self.refuse(q, places)
            if ambient is not None:
                self.refuse(ambient, f"{ambient.text} is the ambient of the convective wall, which was not made "
                                     f"({places})")
            return
        if ambient is not None:
            self._drop_bindings(ambient)
        for place in places:
            path = [*place.prefix, "boundaryField", place.patch]
            text = self.base.text(place.rel) or ""
            if place.existing:
                self.set(place.rel, [*path, "h"], f"uniform {fmt(q.value)}", f"heat transfer coefficient on {place.patch}", q)
                if ambient is not None:
                    self.set(place.rel, [*path, "Ta"], f"uniform {fmt(ambient.value)}",
                             f"ambient temperature of {place.patch}", ambient)
                continue
            ta = f"uniform {fmt(ambient.value)}" if ambient is not None else self._convective_ta(place)
            value = fd.get(text, [*path, "value"]) or "$internalField"
            self.set(place.rel, path, coefficient_patch(q.value, ta, place.kappa_method, value),
                     f"{place.patch} loses heat by convection, h {fmt(q.value)} W/(m2 K)")
            self.bindings.append(Binding(stated=q.text, file=place.rel, entry=[*path, "h"], value=f"uniform {fmt(q.value)}",
                                         how=f"heat transfer coefficient on {place.patch}"))
            if ambient is not None:
                self.bindings.append(Binding(stated=ambient.text, file=place.rel, entry=[*path, "Ta"], value=ta,
                                             how=f"ambient temperature of {place.patch}"))
            else:
                self.assumptions.append(f"{place.patch} exchanges heat with an ambient at {ta.split()[-1]} "
                                        f"(no ambient temperature stated: the base's)")
        self._drop_refusals(ambient)

    def _convective_ta(self, place: ConvectivePlace) -> str:
        """The ambient temperature a new convective wall sees when none is stated: the base's own
        internal temperature (a number, not `$internalField`, so Ta stays put if that changes)."""
        text = self.base.text(place.rel) or ""
        raw = fd.get(text, [*place.prefix, "internalField"]) or ""
        m = re.search(r"[-+]?\d+(?:\.\d*)?(?:[eE][-+]?\d+)?", raw)
        return f"uniform {m.group()}" if m else "$internalField"

    def _bind_ambient(self, q: StatedQuantity, h: StatedQuantity) -> None:
        """An ambient temperature bound before its coefficient: the convective walls' Ta where the
        base already has them (a wall made convective later takes it with its h)."""
        places = self._convective_places(h)
        if isinstance(places, str):
            self.refuse(q, f"{q.text} is the ambient of a convective wall, and {places}")
            return
        for place in places:
            if place.existing:
                self.set(place.rel, [*place.prefix, "boundaryField", place.patch, "Ta"], f"uniform {fmt(q.value)}",
                         f"ambient temperature of {place.patch}", q)

    def _drop_bindings(self, q: StatedQuantity) -> None:
        """Take back what another binder did with an ambient temperature (a wall's or the start
        temperature): it is the convective wall's Ta."""
        gone = [b for b in self.bindings if b.stated == q.text and b.entry[-1:] != ["Ta"]]
        if not gone:
            return
        self.bindings[:] = [b for b in self.bindings if b not in gone]
        keys = {(b.file, tuple(b.entry)) for b in gone}
        self.edits[:] = [e for e in self.edits if (e.file, tuple(e.entry)) not in keys]

    def _drop_refusals(self, q: StatedQuantity | None) -> None:
        if q is not None:
            self.not_applied[:] = [n for n in self.not_applied if n.text != q.text]

    def bind_patch(self, q: StatedQuantity) -> bool:
        """A stated coefficient's ambient temperature is its convective walls' Ta, whatever patch or
        region its words name ("the fixedWalls, 12 W/m2K to 280 K"); any other value goes to the
        next binder in the MRO (`ThermalDifferenceBinding.bind_patch`)."""
        if q.quantity == "temperature" and (self._claimed_as_ambient(q, self._stated) or self._outside_of_walls(q)):
            return True
        return bool(super().bind_patch(q))  # type: ignore[misc]

    def _outside_of_walls(self, q: StatedQuantity) -> bool:
        """"Outside air -10 degC", "the surroundings of the solid at 280 K" where no coefficient is
        stated: the Ta of the base's convective walls (those of the region or patch the words name).
        False when the base has none or the words say no surroundings."""
        if any(s.role == "heat_transfer_coefficient" for s in self._stated):
            return False
        low = self.text.lower()
        at = self.value_at(low, q)
        if at < 0:
            return False
        before = re.split(r"[,;.!?]\s|\n", low[max(0, at - 80):at])[-1]
        after = re.split(r"[,;.!?]\s|\n|\d", low[at + len(q.text):at + len(q.text) + 60])[0]
        if not _OUTSIDE_WORDS.search(f"{before} {after}") or _NOT_AMBIENT.search(before[-40:]):
            return False
        walls = [p for p in self._temperature_places() if p.existing]
        words = f"{before} {after}"
        named = [p for p in walls if re.search(rf"\b{re.escape(p.patch.lower())}\b", words)
                 or any(f"/{r}/" in f"/{p.rel}/" and re.search(rf"\b{re.escape(r.lower())}\b", words)
                        for r in region_names(self.base.text("constant/regionProperties") or ""))]
        for place in named or walls:
            self.set(place.rel, [*place.prefix, "boundaryField", place.patch, "Ta"], f"uniform {fmt(q.value)}",
                     f"ambient temperature of {place.patch}", q)
        return bool(walls)

    def _claimed_as_ambient(self, q: StatedQuantity, stated: list[StatedQuantity]) -> bool:
        """True (and q bound as Ta where the base has convective walls) when q is a stated
        coefficient's ambient temperature."""
        h = self._coefficient_of(q, stated)
        if h is None:
            return False
        self._bind_ambient(q, h)
        return True
