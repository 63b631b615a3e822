"""Binding temperatures stated as a difference between two places ("the floor 2 K warmer than the
ceiling", "walls 20 K apart", "a 250 K difference between patch4 and patch2") or through a buoyancy
group the base's properties turn into one (Grashof, Rayleigh, Richardson number: the temperature
difference from the base's beta, nu, Pr, gravity and height). Mixed into
`tasks.plan.bind_thermal.ThermalBinding`.
"""

from __future__ import annotations

import math
import re

from tasks.foam import dictionary as fd
from tasks.plan.bind_base import SIDES as _SIDES
from tasks.plan.bind_thermal_words import patches_named_by_words, role_after, says_start_state, source_kind
from tasks.plan.bind_words import said_kind, thermal_kind
from tasks.plan.foam_values import fmt
from tasks.plan.stated import StatedQuantity
from tasks.geometry.text_differences import (
    Sign,
    between_places,
    compared_by,
    compared_to,
    difference_sign,
    split_difference,
)

_NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
_VECTOR = re.compile(r"\(\s*([-+\d.eE]+)\s+([-+\d.eE]+)\s+([-+\d.eE]+)\s*\)")
# words that measure a difference from the fluid's own temperature, not from a wall's
# words that make the inflow the subject of a difference ("the supply air is 6 K colder")
_INFLOW = re.compile(r"\b(?:inlets?|inflow|incoming|enter\w*|suppl\w*|feed|fed|comes? in|coming in|inflowing|"
                     r"intake|jet)\b")
# words that make a label a boundary's, not the fluid's ("the air-side wall")
_BOUNDARY = re.compile(r"\b(?:walls?|patch\w*|boundar\w*|surfaces?|plates?|floor|ceiling|sides?|inlet|outlet)\b")
_FLUID_REFERENCE = re.compile(r"\b(?:ambient|initial|room|surround\w*|fluid|air|water|gas|bulk|interior|domain)\b")


def last_number(raw: str | None) -> float | None:
    """The value of an entry written as a number, with or without "uniform" or dimensions
    ("uniform 300", "[0 2 -1 0 0 0 0] 1e-05"); None when it is no number."""
    if not raw:
        return None
    found = _NUMBER.findall(re.sub(r"\[[^\]]*\]", " ", raw))
    try:
        return float(found[0]) if len(found) == 1 else None
    except ValueError:
        return None


def height_along_gravity(block_mesh: str, gravity: str) -> float | None:
    """The extent of a blockMesh domain along gravity (its height), in metres: the vertices'
    span along the axis gravity points along, times convertToMeters (or scale)."""
    g = _VECTOR.search(gravity or "")
    points = [tuple(float(x) for x in m.groups()) for m in _VECTOR.finditer(fd.get(block_mesh, ["vertices"]) or "")]
    if g is None or not points:
        return None
    axis = max(range(3), key=lambda i: abs(float(g.group(i + 1))))
    scale = last_number(fd.get(block_mesh, ["convertToMeters"]) or fd.get(block_mesh, ["scale"])) or 1.0
    span = (max(p[axis] for p in points) - min(p[axis] for p in points)) * scale
    return span if span > 0 else None


def buoyancy_delta_t(group: str, value: float, g: float, beta: float, length: float, nu: float,
                     prandtl: float | None = None, speed: float | None = None) -> float:
    """The temperature difference (K) a buoyancy group stands for: Gr = g beta dT L^3 / nu^2,
    Ra = Gr Pr, Ri = g beta dT L / U^2. Raises ValueError naming what is missing or not positive."""
    for name, x in (("gravity", g), ("beta", beta), ("length", length)):
        if x <= 0:
            raise ValueError(f"a {group} number needs a positive {name} (got {x})")
    if group == "richardson":
        if not speed:
            raise ValueError("a Richardson number needs the flow speed it is based on")
        return value * speed ** 2 / (g * beta * length)
    if nu <= 0:
        raise ValueError(f"a {group} number needs a positive kinematic viscosity (got {nu})")
    grashof = value
    if group == "rayleigh":
        if not prandtl:
            raise ValueError("a Rayleigh number needs the Prandtl number (Pr) of the fluid")
        grashof = value / prandtl
    return grashof * nu ** 2 / (g * beta * length ** 3)


_RELATIVE = frozenset({"temperature_difference", "pressure_drop"})
# roles of a temperature a patch named by a piece of its name takes (not an inflow's or a reference)
_PLACED = frozenset({"wall_temperature", "hot_wall_temperature", "cold_wall_temperature", "initial_temperature"})


class ThermalDifferenceBinding:
    """Temperatures measured from another one, and the buoyancy groups that give a difference."""

    def bind_patch(self, q: StatedQuantity) -> bool:
        """A difference is no patch's value, whatever patch its words name ("patch4 250 K above
        patch2"): left to its role binder, which measures it from the other place. Any other
        value goes to the by-patch-name binder (`PatchNameBinding.bind_patch`, next in the MRO)."""
        if q.role in _RELATIVE:
            return False
        if q.quantity == "temperature" and says_start_state(self._words_of(q)[0].split(q.text.lower())[0]):
            return False  # "..., and the metal begins at 20 degC": the start state, not the patch named before
        if q.quantity == "temperature" and q.role in _PLACED and self._bind_role_after(q):
            return True
        if super().bind_patch(q):  # type: ignore[misc]
            return True
        return q.quantity == "temperature" and q.role in _PLACED and (self._bind_name_piece(q) or self._bind_source(q))

    def _bind_role_after(self, q: StatedQuantity) -> bool:
        """"500 degC: the walls. 30 degC: the gas at t = 0.": a temperature labelled after it (a
        colon or an arrow) belongs to what those words name, a start state or the fluid (the
        initial temperature), else the walls they name; False when no such label follows."""
        low = self.text.lower()
        at = self.value_at(low, q)
        own = role_after(low[at + len(q.text):at + len(q.text) + 120]) if at >= 0 else ""
        if not own:
            return False
        if says_start_state(own) or (_FLUID_REFERENCE.search(own) and not _BOUNDARY.search(own)):
            self._initial_temperature(q, self._stated)
            return True
        walls = [p for p in self.base.patch_bcs(self.t_field)
                 if self.roles.get(p) not in ("inlet", "outlet", "constraint") and p not in self._held_patches(q)]
        named = [p for p in walls if re.search(rf"(?<![\w]){re.escape(p.lower())}(?![\w])", own)] or \
            patches_named_by_words(own, walls) or self._named_walls(own, walls)
        if not named and re.search(r"\bwalls\b|\ball (?:the )?walls?\b", own):
            named = [p for p in walls if self.roles.get(p) in ("wall", "moving_wall")]
        return bool(named) and self._set_t(q, named, "temperature")

    def _bind_source(self, q: StatedQuantity) -> bool:
        """"The radiator at 70 degC", "a window at 5 degC": a heat source or a cold surface the base
        has no patch named for is its hottest (coldest) fixed-temperature wall or setFields heater
        (the hot and cold wall binder picks it); False when the base has neither to choose from."""
        kind = source_kind(self._words_of(q)[0].split(q.text.lower())[0])
        if kind is None:
            return False
        temps = {t for p in self._wall_t_patches() if (t := self._current_t(p)) is not None}
        heater = re.search(r"volScalarFieldValue\s+T\s", self.current("system/setFieldsDict", "regions") or "")
        if len(temps) < 2 and not heater:
            return False
        self._hot_wall_temperature(q, self._stated, cold=kind == "cold")  # type: ignore[attr-defined]
        return True

    def _bind_name_piece(self, q: StatedQuantity) -> bool:
        """"The freezers run at 40 degC" where the patches are twoFridgeFreezers_*: the walls whose
        names have a piece the value's own words say, whatever its role words made of it."""
        walls = [p for p in self.base.patch_bcs(self.t_field)
                 if self.roles.get(p) not in ("inlet", "outlet", "constraint") and p not in self._held_patches(q)]
        named = patches_named_by_words(self._words_of(q)[0], walls)
        return bool(named) and self._set_t(q, named, "temperature")

    def _temperature_difference(self, q: StatedQuantity, stated: list[StatedQuantity]) -> None:
        low = self.text.lower()
        at = self.value_at(low, q)
        after = low[at + len(q.text):at + len(q.text) + 90] if at >= 0 else ""
        clause = self._words_of(q)[0]
        before = clause.split(q.text.lower())[0] if q.text.lower() in clause else clause
        sign = difference_sign(after)
        if sign and re.match(r"\s*[-−]", q.text):
            sign = -sign  # "-5 K relative to the inlet"
        by = compared_by(before)
        if by is not None:  # "the floor is warmer than the ceiling by 5 K"
            self._apply_difference(q, q.value, by[2], by[0], by[1])
            return
        first, second = between_places(after)
        if first and self._named_walls(first, self._wall_t_patches() or list(self._t_patches())):
            before = first  # "a 250 K difference between patch4 (hot) and patch2": patch4 measured from patch2
        self._apply_difference(q, q.value, sign, before, compared_to(after) or second)

    def _apply_difference(self, q: StatedQuantity, delta: float, sign: Sign, subject_words: str,
                          reference_words: str) -> None:
        """Hold the place a difference is stated for at the reference's value plus (or minus) it:
        the subject and reference are the fixed-temperature walls their words name, else the walls
        other stated values hold (the reference) and the others (the subject)."""
        fixed = self._wall_t_patches() or list(self._t_patches())
        if _FLUID_REFERENCE.search(reference_words) and not self._named_walls(reference_words, fixed):
            reference = self._fluid_temperature()
            subject = self._named_walls(subject_words, fixed) or fixed
            if reference is None or not subject:
                self.refuse(q, f"{q.text} is a difference from the fluid's temperature, which the base does not hold "
                               "as one value; state the temperature itself")
                return
            self._hold_difference(q, subject, split_difference(said_kind(subject_words), sign, reference, delta),
                                  f"{fmt(reference)} K of the fluid")
            return
        if self._inflow_difference(q, delta, sign, subject_words, reference_words, fixed):
            return
        if len(fixed) < 2:
            self.refuse(q, f"{q.text} is a difference between two walls; the base holds {len(fixed)} wall(s) at a "
                           f"fixed temperature ({', '.join(fixed) or 'none'}): state the temperature itself")
            return
        subject = self._named_walls(subject_words, fixed)
        reference = [p for p in self._named_walls(reference_words, fixed) if p not in subject]
        held = [p for p in fixed if p in self._held_patches(q) and p not in subject]
        if not reference:
            reference = held or [p for p in fixed if p not in subject]
        if not subject:
            subject = [p for p in fixed if p not in reference]
        if not subject or not reference or len({p for p in reference}) > 1 and not held:
            self._difference_by_kind(q, delta, sign, subject_words, fixed)
            return
        level = self._t_value(reference[0])
        if level is None:
            self.refuse(q, f"{reference[0]} holds no single temperature to measure {q.text} from; state its value")
            return
        kind = said_kind(subject_words) or thermal_kind(subject[0])
        if kind is None and sign == 0:
            base_subject, base_ref = self._current_t(subject[0]), self._current_t(reference[0])
            if base_subject is not None and base_ref is not None and base_subject != base_ref:
                kind = "hot" if base_subject > base_ref else "cold"
        self._hold_difference(q, subject, split_difference(kind, sign, level, delta),
                              f"{reference[0]} at {fmt(level)} K")

    def _inflow_difference(self, q: StatedQuantity, delta: float, sign: Sign, subject_words: str,
                           reference_words: str, fixed: list[str]) -> bool:
        """"The supply air 6 K colder than the room", "inlet 10 K above the floor": the inlets with a
        fixed temperature held at the wall's (named) or the fluid's temperature plus or minus the
        difference. False when the words are not about the inflow or the base has no such inlet."""
        if not _INFLOW.search(subject_words) or self._named_walls(subject_words, [p for p in fixed
                                                                               if self.roles.get(p) != "inlet"]):
            return False
        inlets = [p for p in self.patches("inlet") if p in self._t_patches()]
        walls = [p for p in self._named_walls(reference_words, fixed) if p not in inlets]
        level = self._t_value(walls[0]) if walls else self._fluid_temperature()
        if not inlets or level is None:
            return False
        self._hold_difference(q, inlets, split_difference(said_kind(subject_words), sign, level, delta),
                              f"{walls[0]} at {fmt(level)} K" if walls else f"{fmt(level)} K of the fluid")
        return True

    def _difference_by_kind(self, q: StatedQuantity, delta: float, sign: Sign, words: str, fixed: list[str]) -> None:
        """"Walls 20 K apart" with no wall named: the hot walls held that much above the cold ones
        (the base's hottest and coldest fixed-temperature walls)."""
        temps = {p: t for p in fixed if (t := self._t_value(p)) is not None}
        if len(set(temps.values())) < 2:
            self.refuse(q, f"which wall {q.text} is measured from is not clear (fixed-temperature walls: "
                           f"{', '.join(fixed)}); name the two walls")
            return
        cold = min(temps.values())
        hot = [p for p, t in temps.items() if t == max(temps.values())]
        self._hold_difference(q, hot, split_difference("hot", sign or 1, cold, delta),
                              f"the coldest wall at {fmt(cold)} K")

    def _hold_difference(self, q: StatedQuantity, patches: list[str], value: float, reference: str) -> None:
        self.assumptions.append(f"{', '.join(patches)} at {fmt(value)} K: {q.text} from {reference}")
        if not self._set_t(q.model_copy(update={"value": round(value, 10)}), patches, "temperature from a difference"):
            self.refuse(q, f"no patch of the base can hold the temperature {q.text} sets")

    def _named_walls(self, words: str, fixed: list[str]) -> list[str]:
        """The walls the words name: by the patch's own name, by a side word ("floor", "left"), by a
        hot or cold word (the patch called so, else the hottest or coldest)."""
        words = words.lower()
        if not words.strip():
            return []
        named = [p for p in fixed if re.search(rf"(?<![a-z0-9]){re.escape(p.lower())}(?![a-z0-9])", words)]
        if named:
            return named
        for side, side_words in _SIDES.items():
            if any(re.search(rf"\b{w}\b", words) for w in side_words):
                named = [p for p in fixed if any(w in p.lower() for w in side_words)] or \
                    [p for p in self._walls_at(side) if p in fixed]
                if named:
                    return named
        kind = said_kind(words)
        if kind is None:
            return []
        named = [p for p in fixed if thermal_kind(p) == kind]
        if named:
            return named
        temps = {p: t for p in fixed if (t := self._current_t(p)) is not None}
        if len(set(temps.values())) < 2:
            return []
        pick = (max if kind == "hot" else min)(temps.values())
        return [p for p, t in temps.items() if t == pick]

    def _t_value(self, patch: str) -> float | None:
        """A patch's temperature as this plan leaves it: the value a stated one wrote, else the base's."""
        rels = set(self.base.field_rels(self.t_field))
        for b in reversed(self.bindings):
            if b.file in rels and b.entry[:2] == ["boundaryField", patch]:
                value = last_number(b.value)
                if value is not None:
                    return value
        return self._current_t(patch)

    def _fluid_temperature(self) -> float | None:
        stated = next((s for s in self._stated if s.role == "initial_temperature"), None)
        if stated is not None:
            return stated.value
        rel = next(iter(self.base.field_rels(self.t_field)), None)
        return last_number(fd.get(self.base.text(rel) or "", ["internalField"])) if rel else None

    # buoyancy groups ---------------------------------------------------------------------
    def _grashof(self, q: StatedQuantity, stated: list[StatedQuantity]) -> None:
        self._buoyancy_group(q, stated, "grashof")

    def _rayleigh(self, q: StatedQuantity, stated: list[StatedQuantity]) -> None:
        self._buoyancy_group(q, stated, "rayleigh")

    def _richardson(self, q: StatedQuantity, stated: list[StatedQuantity]) -> None:
        self._buoyancy_group(q, stated, "richardson")

    def _buoyancy_group(self, q: StatedQuantity, stated: list[StatedQuantity], group: str) -> None:
        """A Grashof, Rayleigh or Richardson number as the walls' temperature difference, from the
        base's beta, nu and Pr (stated values first), its gravity, and the stated length (else the
        domain's height along gravity)."""
        props = self.base.text("constant/transportProperties") or ""
        beta = last_number(fd.get(props, ["beta"]))
        if beta is None:
            self.refuse(q, f"a {group.capitalize()} number is turned into a temperature difference with the base's "
                           f"thermal expansion coefficient beta; {self.solver}'s base has none: state the wall "
                           "temperatures instead")
            return
        said = {s.role: s.value for s in reversed(stated)}
        nu = said.get("nu") or last_number(fd.get(props, ["nu"])) or 0.0
        prandtl = said.get("prandtl") or last_number(fd.get(props, ["Pr"]))
        g_raw = fd.get(self.base.text("constant/g") or "", ["value"]) or ""
        g_vec = _VECTOR.search(g_raw)
        g = said.get("gravity") or (math.sqrt(sum(float(x) ** 2 for x in g_vec.groups())) if g_vec else 0.0)
        lengths = [s for s in stated if s.role == "geometry" and s.quantity == "length"]
        length = lengths[0].value if len(lengths) == 1 else \
            height_along_gravity(self.base.text("system/blockMeshDict") or "", g_raw)
        speed = said.get("inlet_velocity") or said.get("lid_velocity")
        try:
            delta = buoyancy_delta_t(group, q.value, g, beta, length or 0.0, nu, prandtl, speed)
        except ValueError as e:
            self.refuse(q, f"{e}; state it, or state the wall temperatures instead")
            return
        self.assumptions.append(f"{q.text}: temperature difference {fmt(round(delta, 6))} K (beta {fmt(beta)} 1/K, "
                                f"nu {fmt(nu)} m2/s, g {fmt(g)} m/s2, L {fmt(length or 0.0)} m"
                                + (f", Pr {fmt(prandtl)}" if group == "rayleigh" and prandtl else "")
                                + (f", U {fmt(speed)} m/s" if group == "richardson" and speed else "") + ")")
        self._apply_difference(q, round(delta, 6), 0, "", "")
