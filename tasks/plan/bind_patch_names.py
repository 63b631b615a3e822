"""Binding a value to the patch the request names ("floor 290 K", "the fuel jet at 0.2 m/s"),
or to the patch the flow value it is joined to went to. Mixed into `tasks.plan.bind.Binder`.
"""

from __future__ import annotations

import re

from tasks.plan.bind_places import own_place
from tasks.plan.bind_words import thermal_kind
from tasks.plan.extract import normalise
from tasks.plan.stated import StatedQuantity


class PatchNameBinding:
    """Values for the patches a request names."""

    def _named_patches(self, words: str, field: str | None = None) -> list[str]:
        """The base's patches the words name ("floor", "lower wall" for lowerWall, "fuel"); with
        `field`, also the patches of that field where the case has no velocity or mesh file to
        list them (a converted mesh's patch4 of laplacianFoam's T)."""
        from tasks.plan.fields import names_patch

        known = list(self.roles) + [p for p in (self.base.patch_bcs(field) if field else {}) if p not in self.roles]
        return [p for p in known if len(p) > 2 and p.lower() not in ("inlet", "outlet", "inflow", "outflow")
                and names_patch(words, p)]

    def bind_patch(self, q: StatedQuantity) -> bool:
        """A temperature or velocity for a patch the request names ("floor 290 K", "the fuel
        jet at 0.2 m/s", "lowerWall 300 K"): that patch's value, whatever the role words say."""
        if q.quantity not in ("temperature", "velocity", "pressure"):
            return False
        if q.quantity == "temperature":
            self.t_field = self._t_field_for(q) or "T"
        clause, _ = self._words_of(q)
        clause = self._listed_before(q) + " " + clause + " " + self._listed_after(q)  # "20 degC floor, ceiling and air"
        before, _, after = clause.partition(q.text.lower())
        clause = before + q.text.lower() + re.split(r"(?<![a-z_])\d", after, maxsplit=1)[0]  # not the next value's words
        field = self.t_field if q.quantity == "temperature" else "p" if q.quantity == "pressure" else None
        named = self._named_patches(before, field) or self._named_patches(clause, field) or self._patch_of_joined(q)
        if q.quantity == "temperature" and q.role in ("hot_wall_temperature", "cold_wall_temperature"):
            # "the cold side at 290 K and the warm one at 320 K": a patch whose own name says hot or cold
            # takes the value of its kind, whatever order the patches were named in
            kind = q.role.split("_", 1)[0]
            if any(thermal_kind(p) for p in named):
                named = [p for p in named if thermal_kind(p) in (kind, None)]
                if not any(thermal_kind(p) == kind for p in named):
                    return False  # its role binder finds the patch of its kind
        if q.quantity == "pressure":
            named = [p for p in named if self.roles.get(p) in ("inlet", "outlet", "other")]
            return bool(named) and not self.base.field_rels("D") and self._set_pressure_on(q, named, "pressure")
        if q.quantity == "temperature" and not named and re.search(r"\bwalls\b", clause) and \
                self._side_word(q) is None and own_place(q) is None:  # "hot and cold walls at ..": one each  # "walls 293 K": every fixed-temperature wall another value does not hold
            named = [p for p in self._t_patches() if self.roles.get(p) in ("wall", "moving_wall")
                     and p not in self._held_patches(q)]
        if not named:
            return False
        if q.quantity == "temperature":
            self.t_field = self._t_field_for(q) or "T"
            if not self.base.field_rels(self.t_field):
                return False
            done = self._set_t(q, named, "temperature")
            if done and re.search(r"\binitial(?:ly)?\b", clause):
                self._initial_too(q)
            return done
        return self._velocity_on(q, named, "velocity")

    _JOIN = re.compile(r"\s*(?:and\s+|with\s+)?(?:at\s+)?(?:an?\s+|the\s+)?"
                       r"(?:(?:static\s+|total\s+)?(?:temperature|pressure|t|p)\s*(?:of|=|:|is)?\s*)?")

    def _patch_of_joined(self, q: StatedQuantity) -> list[str]:
        """The patch of a flow value this one is joined to ("pilot 11 m/s at 1880 K", "coflow 1 m/s
        and 291 K", "fuel 0.1 kg/s with a temperature of 300 K"): the patch that value went to."""
        text = normalise(self.text).lower()
        at = self.value_at(text, q)
        if at < 0:
            return []
        flows = [s for s in self._stated if s.quantity in ("velocity", "volume_flow", "mass_flow") and s is not q]
        for s in flows:
            end = text.rfind(s.text.lower(), 0, at)
            if end < 0 or not self._JOIN.fullmatch(text[end + len(s.text):at]):
                continue
            patches = {b.entry[1] for b in self.bindings if b.stated == s.text and len(b.entry) > 2
                       and b.entry[0] == "boundaryField"}
            if len(patches) == 1:
                return list(patches)
        return []

    def _listed_after(self, q: StatedQuantity) -> str:
        """The short items listed after a value ("20 degC floor, ceiling and initial air, beta
        ..." -> "ceiling and initial air"): comma-separated, no number, at most four words."""
        text = normalise(self.text).lower()
        at = self.value_at(text, q)
        if at < 0 or own_place(q) is not None:
            return ""
        rest = re.split(r"[.;]\s|\.$|\n", text[at + len(q.text):])[0].split(",")[1:]
        items = []
        for item in rest:
            if re.search(r"\d", item) or len(item.split()) > 4:
                break
            items.append(item.strip())
        return " ".join(items)

    def _listed_before(self, q: StatedQuantity) -> str:
        """The short items listed before a value's clause ("the ceiling, the floor and the air at
        285 K" -> "the ceiling")."""
        text = normalise(self.text).lower()
        at = self.value_at(text, q)
        if at < 0 or own_place(q) is not None:
            return ""
        items = re.split(r"[.;:!?]\s|\n", text[:at])[-1].split(",")[:-1]
        kept: list[str] = []
        for item in reversed(items):
            if re.search(r"\d", item) or len(item.split()) > 4:
                break
            kept.insert(0, item.strip())
        return " ".join(kept)
