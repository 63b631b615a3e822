"""Values a tutorial keeps in its fvOptions sources: a fixedCoeff porous zone's alpha and beta
vectors ("porous resistance alpha 800 along the duct": the main (e1) component, the relative
negative ones kept), the temperature a fixedTemperatureConstraint holds a zone at ("the porous
zone held at 100 degC"), and the bulk velocity a meanVelocityForce drives ("a mean velocity of
0.15 m/s": Ubar, in its direction). Pure readers of the base's text, and a mixin for
`tasks.plan.bind.Binder`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from tasks.foam import dictionary as fd
from tasks.plan.extract import normalise
from tasks.plan.foam_values import VECTOR, fmt, leaves, vec
from tasks.plan.foam_values import direction as unit_direction
from tasks.plan.stated import StatedQuantity

# the vectors of a fixedCoeff porosity model (alpha [1/s], beta [1/m]) and the words for them
_FIXED_COEFF = {"alpha": r"alpha|linear\s+(?:resistance|coefficient)", "beta": r"beta|quadratic\s+(?:resistance|coefficient)"}
# the porosity models a porous zone may use (porosityModel types)
_POROSITY_MODELS = {"DarcyForchheimer", "fixedCoeff", "powerLaw"}
_POROUS_WORDS = re.compile(r"\b(?:porous|porosity|resistance|fixedcoeff|linear|quadratic)\b")
_ALL_WAYS = re.compile(r"\bisotropic|\ball\s+(?:three\s+)?directions|\bevery\s+direction|\beach\s+direction")
_AXES = (("e2", 1), ("e3", 2), ("e1", 0))
# words that put a temperature in a zone of cells (not on a patch)
_ZONE_WORDS = re.compile(r"\b(?:porous|zone|region|medium|cell\s*zone|cells|block|core|matrix)\b")
_PATCH_WORDS = re.compile(r"\b(?:inlet|outlet|inflow|outflow|wall|walls|patch|surface|boundary)\b")
_BULK_WORDS = re.compile(r"\b(?:mean|bulk|average|averaged|ubar)\b")


@dataclass(frozen=True)
class SourceEntry:
    """One entry of an fvOptions source: the file, the path, the source's type, its raw value."""

    rel: str
    entry: tuple[str, ...]
    kind: str
    raw: str


def source_entries(rel: str, text: str, names: tuple[str, ...]) -> list[SourceEntry]:
    """The entries of these names in the sources of one fvOptions/fvConstraints file, with the
    type of the source (or porosity model) that holds each."""
    out = []
    for entry, raw in leaves(text):
        if entry[-1] not in names:
            continue
        kinds = [fd.get(text, [*entry[:i], "type"]) or "" for i in range(len(entry) - 1, 0, -1)]
        kind = next((k.strip() for k in kinds if k.strip()), "")
        out.append(SourceEntry(rel, tuple(entry), kind, raw))
    return out


def component_said(words: str) -> int | None:
    """The porous zone's axis the words give a scalar to: None for every direction, e2/e3 when
    named, else the main axis e1 ("along the duct", "streamwise")."""
    if _ALL_WAYS.search(words):
        return None
    return next((i for axis, i in _AXES if re.search(rf"\b{axis}\b", words)), 0)


_GLOBAL_AXIS = re.compile(r"\b(?:in|along|into)\s+(?:the\s+)?([xyz])\b(?![-+]?\s*\d)|\b([xyz])[\s-]*(?:direction|component)\b")


def clause_around(low: str, at: int) -> str:
    """The words of the clause a value at `at` is in (up to 40 characters each side, not past a
    comma, semicolon, sentence end or "and")."""
    before = re.split(r"[;,\n]|\.\s|\band\b", low[max(0, at - 40):at])[-1]
    after = re.split(r"[;,\n]|\.\s|\band\b", low[at:at + 40])[0]
    return before + after


def global_axis_said(words: str) -> int | None:
    """The global axis the words name (0, 1, 2 for "in x", "along y", "the z-direction"), or None."""
    m = _GLOBAL_AXIS.search(words.lower())
    return "xyz".index(m.group(1) or m.group(2)) if m else None


def zone_axes(text: str, entry: tuple[str, ...]) -> list[list[float]]:
    """The local axes (e1, e2, e3) of the porous zone an entry belongs to, from the nearest
    coordinateSystem on its path (e3 = e1 x e2 when not given); the global axes without one."""
    for depth in range(len(entry) - 1, -1, -1):
        for sub in ([], ["coordinateRotation"], ["rotation"]):
            path = [*entry[:depth], "coordinateSystem", *sub]
            given = {k: VECTOR.search(fd.get(text, [*path, k]) or "") for k in ("e1", "e2", "e3")}
            got = {k: [float(x) for x in m.groups()] for k, m in given.items() if m}
            if len(got) >= 2:
                return _completed(got)
    return [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]]


def _cross(a: list[float], b: list[float]) -> list[float]:
    return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]


def _completed(got: dict[str, list[float]]) -> list[list[float]]:
    """e1, e2, e3 from any two of them (right-handed)."""
    e1, e2, e3 = got.get("e1"), got.get("e2"), got.get("e3")
    if e3 is None:
        e3 = _cross(e1, e2)
    elif e2 is None:
        e2 = _cross(e3, e1)
    elif e1 is None:
        e1 = _cross(e2, e3)
    return [e1, e2, e3]


def local_component(axes: list[list[float]], axis: int) -> int | None:
    """The local axis that lies along a global one (x of a zone whose e1 is (1 0 0) is e1);
    None when none does (x of a duct turned 45 degrees)."""
    for i, e in enumerate(axes):
        size = sum(c * c for c in e) ** 0.5
        if size > 0 and abs(e[axis]) / size > 0.999:
            return i
    return None


def with_component(raw: str, value: float, component: int | None) -> str:
    """A porous vector with one component (or all) set; the others, relative negative ones
    too, stay."""
    old = [float(x) for x in VECTOR.search(raw).groups()]
    new = [value] * 3 if component is None else [value if i == component else x for i, x in enumerate(old)]
    return VECTOR.sub(vec(new), raw, count=1)


class KeptSourceBinding:
    """Mixed into the Binder (through `ModelBinding`): values kept in fvOptions sources."""

    def _source_files(self) -> list[str]:
        """fvOptions, fvConstraints and porosityProperties (of the case or a region)."""
        return [rel for rel in self._dictionaries() if re.search(r"(?:^|/)(?:fvOptions|fvConstraints|porosityProperties)$", rel)]

    def _other_porosity(self, stated: list[StatedQuantity]) -> list[StatedQuantity]:
        """fixedCoeff's alpha or beta said of a base whose porous zones use another model
        (DarcyForchheimer's d and f): refused with the zone's model, never put in d."""
        from tasks.plan.controls import find_named
        from tasks.plan.named import stated_for

        models = sorted({s.kind for rel in self._source_files() for s in source_entries(rel, self.base.text(rel) or "", ("type",))
                         if s.kind in _POROSITY_MODELS})
        if not models:
            return []
        text = normalise(self.text)
        low = text.lower()
        said = [stated_for(m, stated, text) for m in find_named(self.text, {n: [("", [n])] for n in _FIXED_COEFF})
                if _POROUS_WORDS.search(low[max(0, m[3] - 50):m[3]])]  # "alpha 1 at the inlet": a phase fraction
        for q in said:
            if q not in stated:
                stated.append(q)
            self.refuse(q, f"alpha and beta are coefficients of a fixedCoeff porous zone; the base's porous zone is "
                           f"{' and '.join(models)} (d in 1/m2, f in 1/m): state the Darcy coefficient d")
        return said

    def bind_kept_sources(self, stated: list[StatedQuantity]) -> list[StatedQuantity]:
        """Bind the fixedCoeff vectors, zone temperatures and bulk velocities the request
        states; returns the quantities taken (new unit-less ones are added to `stated`)."""
        return self._fixed_coeff(stated) + [q for q in stated if self._zone_temperature(q) or self._bulk_velocity(q)]

    def _fixed_coeff(self, stated: list[StatedQuantity]) -> list[StatedQuantity]:
        from tasks.plan.controls import find_named
        from tasks.plan.named import stated_for

        places = [s for rel in self._source_files() for s in source_entries(rel, self.base.text(rel) or "", tuple(_FIXED_COEFF))
                  if s.kind == "fixedCoeff" and VECTOR.search(s.raw) and "$" not in s.raw]
        if not places:
            return self._other_porosity(stated)
        text = normalise(self.text)
        low = text.lower()
        index = {name: [(places[0].rel, [name])] for name in {p.entry[-1] for p in places}}
        taken: list[StatedQuantity] = []
        for match in find_named(self.text, index, {n: _FIXED_COEFF[n] for n in index}):
            name, value, raw, at = match
            q = stated_for(match, stated, text)
            if q.quantity != "parameter":
                self.refuse(q, f"{name} of a fixedCoeff porous zone is in {'1/s' if name == 'alpha' else '1/m'}; "
                               f"{q.text} has other dimensions")
                taken.append(q)
                continue
            if q not in stated:
                stated.append(q)
            self.model_said_at = getattr(self, "model_said_at", set()) | {at}
            words = clause_around(low, at)
            component = component_said(words)
            axis = global_axis_said(words)
            if axis is not None and component is not None:
                component = local_component(zone_axes(self.base.text(places[0].rel) or "", places[0].entry), axis)
                if component is None:
                    self.refuse(q, f"{'xyz'[axis]} is no axis of the base's porous zone (see its coordinateSystem); "
                                   f"say along the duct (e1), e2 or e3, or every direction")
                    taken.append(q)
                    continue
            way = "every direction" if component is None else f"e{component + 1}"
            for p in places:
                if p.entry[-1] == name:
                    self.set(p.rel, list(p.entry), with_component(p.raw, value, component),
                             f"fixedCoeff {name} ({way}) as stated", q)
            taken.append(q)
        return taken

    def _zone_temperature(self, q: StatedQuantity) -> bool:
        """A temperature the words put in a zone of cells ("the porous zone held at 400 K"):
        the uniform temperature of the base's fixedTemperatureConstraint."""
        if q.quantity != "temperature" or q.role == "range":
            return False
        places = [s for rel in self._source_files() for s in source_entries(rel, self.base.text(rel) or "", ("temperature",))
                  if s.kind == "fixedTemperatureConstraint" and re.fullmatch(r"[-+\d.eE]+", s.raw)]
        clause, _ = self._words_of(q)
        if not places or not _ZONE_WORDS.search(clause) or _PATCH_WORDS.search(clause):
            return False
        for p in places:
            self.set(p.rel, list(p.entry), fmt(q.value), f"temperature the {p.entry[0]} constraint holds its cells at", q)
        return True

    def _bulk_velocity(self, q: StatedQuantity) -> bool:
        """A mean (bulk) velocity of a base a meanVelocityForce drives: its Ubar, in the
        direction it had."""
        if q.quantity != "velocity" or q.role == "inlet_velocity":  # an inlet velocity's binder sets Ubar itself
            return False
        places = [s for rel in self._source_files() for s in source_entries(rel, self.base.text(rel) or "", ("Ubar",))
                  if s.kind == "meanVelocityForce" and VECTOR.search(s.raw)]
        clause, _ = self._words_of(q)
        if not places or not _BULK_WORDS.search(clause):
            return False
        for p in places:
            way = unit_direction(p.raw) or [1.0, 0.0, 0.0]
            self.set(p.rel, list(p.entry), VECTOR.sub(vec([q.value * c for c in way]), p.raw, count=1),
                     "bulk velocity the meanVelocityForce drives", q)
        return True
