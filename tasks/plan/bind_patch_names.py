"""Binding a value to the patch the request names ("floor 290 K", "the fuel jet at 0.2 m/s"),
or to the patch the flow value it is joined to went to. Mixed into `tasks.plan.bind.Binder`.
"""

from __future__ import annotations

import re

from tasks.foam.patch_names import name_words, ranked_patches, stream_part_patches
from tasks.foam import dictionary as fd
from tasks.plan.bind_parts import patches_on_side
from tasks.plan.bind_places import own_place
from tasks.plan.bind_region_patches import carried_patches
from tasks.plan.bind_words import (
    nearest_name,
    relative_head,
    thermal_kind,
    without_datums,
    words_named_after,
    words_since_value,
)
from tasks.plan.extract import normalise
from tasks.plan.bind_wall_sides import LATERAL  # "the side walls": the thermal binder's
from tasks.plan.stated import StatedQuantity
from tasks.plan.stated_spelling import respelled
from tasks.plan.stated_symbols import symbol_places


# a digit that starts the next value, not one that numbers a patch ("exit number 2", "outlet #2")
_NEXT_VALUE = re.compile(r"(?<![a-z_])(?<!number )(?<!no\. )(?<!no )(?<!#)(?<!# )(?<!nr )\d")


def _until_next_value(after: str) -> str:
    """The words after a value up to the next value ("on exit number 2, 5 m/s at" -> "on exit number 2, ")."""
    return _NEXT_VALUE.split(after, maxsplit=1)[0]


class PatchNameBinding:
    """Values for the patches a request names."""

    def _named_patches(self, words: str, field: str | None = None) -> list[str]:
        """The base's patches the words name ("floor", "lower wall" for lowerWall, "fuel"); with
        `field`, also the patches of that field where the case has no velocity or mesh file to
        list them (a converted mesh's patch4 of laplacianFoam's T)."""
        from tasks.plan.fields import names_patch

        known = list(self.roles) + [p for p in (self.base.patch_bcs(field) if field else {}) if p not in self.roles]
        # "the floro": the floor; "T_floor", "p_outlet2": the patch a symbol's subscript names
        words = respelled(symbol_places(words), [w for p in known for w in name_words(p)])
        named = [p for p in known if len(p) > 2 and p.lower() not in ("inlet", "outlet", "inflow", "outflow")
                 and names_patch(words, p)]
        # "the second exit", "outlet no. 2": the numbered patch of that kind (outlet2 of outlet1/outlet2)
        ranked = [p for _, p in ranked_patches(words, known, self.roles)]
        return named + [p for p in dict.fromkeys(ranked) if p not in named]

    def _stream_named(self, words: str, field: str | None) -> list[str]:
        """The one inlet or outlet whose own name part the words say ("the fuel jet" for
        inletfuel, "co-flow air" for inletair, "the middle stream" for inletCentral), else, of
        several inlets, the one whose species or comment the words say (inlet1 fixing CH4 for
        "the fuel")."""
        known = list(self.roles) + [p for p in (self.base.patch_bcs(field) if field else {}) if p not in self.roles]
        found = stream_part_patches(words, known)
        inlets = self.patches("inlet")
        if not found and len(inlets) > 1:  # inlet1 brings CH4: "the fuel" is inlet1
            found = carried_patches(words, self.carried_of("", inlets))
        return found if len(found) == 1 else []

    _ALL_WALLS = re.compile(r"\b(?:all|every|each)\s+(?:of\s+)?(?:the\s+)?(?:\w+\s+)?(?:walls?|boundar(?:y|ies)|surfaces?)\b")

    def _every_wall(self, q: StatedQuantity, clause: str) -> list[str]:
        """"All walls at 350 K", "every wall at 17 degC": each wall patch of the temperature field
        that no other stated value holds, whether the base fixes its temperature or not."""
        if not self._ALL_WALLS.search(clause) or own_place(q) is not None:
            return []
        return [p for p in self.base.patch_bcs(self.t_field) if self.roles.get(p) in ("wall", "moving_wall")
                and p not in self._held_patches(q) and not re.search(r"[*|(\"]", p)]

    def bind_patch(self, q: StatedQuantity) -> bool:
        """A temperature or velocity for a patch the request names ("floor 290 K", "the fuel
        jet at 0.2 m/s", "lowerWall 300 K"): that patch's value, whatever the role words say."""
        if q.quantity not in ("temperature", "velocity", "pressure"):
            return False
        if q.quantity == "temperature":
            self.t_field = self._patch_t_field(q)
        clause, _ = self._words_of(q)
        clause = self._listed_before(q) + " " + clause + " " + self._listed_after(q)  # "20 degC floor, ceiling and air"
        before, _, after = clause.partition(q.text.lower())
        before = without_datums(before)  # "50 m above ground is where it reaches 12 m/s": the ground is no place of 12 m/s
        clause = before + q.text.lower() + _until_next_value(after)  # not the next value's words
        field = self.t_field if q.quantity == "temperature" else "p" if q.quantity == "pressure" else None
        named = self._named_patches(before, field) or self._named_patches(clause, field) or \
            self._stream_named(words_since_value(before), field) or \
            self._stream_named(words_since_value(before) + clause[len(before):], field) or self._patch_of_joined(q)
        named = self._owner_of(q, field) or self._untaken(q, named, field)
        rest = self._rest_of_walls(q) if q.quantity == "temperature" else []
        if rest:
            return self._set_t(q, rest, "temperature")
        if q.quantity == "temperature" and q.role in ("hot_wall_temperature", "cold_wall_temperature"):
            # "the cold side at 290 K and the warm one at 320 K": a patch whose own name says hot or cold
            # takes the value of its kind, whatever order the patches were named in
            kind = q.role.split("_", 1)[0]
            if any(thermal_kind(p) for p in named):
                named = [p for p in named if thermal_kind(p) in (kind, None)]
                if not any(thermal_kind(p) == kind for p in named):
                    return False  # its role binder finds the patch of its kind
        if q.quantity == "temperature":
            named = self._coordinated(q, named, field) or self._side_stream(q) or self._only_fixed_wall(q)
            excepted = self._excepted(before, field)
            if excepted:  # "every wall except the floor at 300 K": the floor is the one it is not
                named = [p for p in named if p not in excepted] or \
                    [p for p in self.base.patch_bcs(self.t_field) if self.roles.get(p) in ("wall", "moving_wall")
                     and p not in excepted and p not in self._held_patches(q) and not re.search(r"[*|(\"]", p)]
                if not named:
                    return False
        if q.quantity == "pressure":
            named = [p for p in named if self.roles.get(p) in ("inlet", "outlet", "other")]
            return bool(named) and not self.base.field_rels("D") and self._set_pressure_on(q, named, "pressure")
        if q.quantity == "temperature" and not named:
            named = self._every_wall(q, before)
        if q.quantity == "temperature" and not named and re.search(r"\bwalls\b", clause) and \
                not LATERAL.search(clause) and \
                self._side_word(q) is None and own_place(q) is None:  # "hot and cold walls at ..": one each  # "walls 293 K": every fixed-temperature wall another value does not hold
            named = [p for p in self._t_patches() if self.roles.get(p) in ("wall", "moving_wall")
                     and p not in self._held_patches(q)]
        if not named:
            return False
        if q.quantity == "temperature":
            self.t_field = self._patch_t_field(q)
            if not self.base.field_rels(self.t_field):
                return False
            done = self._set_t(q, named, "temperature")
            if done and re.search(r"\binitial(?:ly)?\b", clause):
                self._initial_too(q)
            return done
        return self._velocity_on(q, named, "velocity")

    def _owner_of(self, q: StatedQuantity, field: str | None) -> list[str]:
        """The one patch a value's own words pair it with where a sentence pairs several: a patch
        named right after it by on/at/for ("350 degC on patch4 and 10 degC on patch2"), else the
        patch nearest before a relative clause that leads to it ("patch4 and patch2, which stays
        at 283 K"). Empty when neither says one patch."""
        text = normalise(self.text).lower()
        at = self.value_at(text, q)
        if at < 0 or own_place(q) is not None:
            return []
        right = self._named_patches(words_named_after(text[at + len(q.text):]), field)
        if len(right) == 1:
            return right
        head = relative_head(re.split(r"[.;!?]\s|\n", text[:at])[-1])
        if head is None or re.search(r"\b(?:which|that)\s+are\b", text[len(head):at]):
            return []  # "patch4 and patch2, which are at ..": the list shares it
        words = head.split()
        for k in range(1, min(len(words), 6) + 1):
            near = self._named_patches(" ".join(words[-k:]), field)
            if near:
                return near if len(near) == 1 else []
        return []

    def _untaken(self, q: StatedQuantity, named: list[str], field: str | None) -> list[str]:
        """Of several patches the words before a value name, those no earlier value of the same
        field holds ("350 degC on patch4 and patch2 10 degC": patch2); all when every one is held."""
        if len(named) < 2:
            return named
        name = (field or self.u_field).split("/")[-1]
        held = {b.entry[1] for b in self.bindings if b.stated != q.text and len(b.entry) > 2
                and b.entry[0] == "boundaryField" and b.file.removesuffix(".orig").rsplit("/", 1)[-1] == name}
        return [p for p in named if p not in held] or named

    # "the remaining walls", "the other two sides", "the rest of the walls", "the three fixed ones",
    # "everything else": the walls no other stated value holds
    _REST = re.compile(r"\b(?:(?:remaining|other|rest\s+of\s+the|all\s+other|every\s+other|all\s+the\s+other)\s+"
                       r"(?:(?P<n>two|three|four|five|six|\d)\s+)?(?:(?P<f>fixed|heated|cooled|solid)\s+)?"
                       r"(?:walls?|sides?|faces?|surfaces?|boundar(?:y|ies)|patches|ones)|(?:the\s+)?(?P<n2>two|three|four|"
                       r"five|six|\d)\s+(?P<f2>fixed|heated|cooled)\s+(?:ones|walls|sides|faces)|everything\s+else|"
                       r"(?:the\s+)?others)\b")
    _COUNT = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6}

    def _rest_of_walls(self, q: StatedQuantity) -> list[str]:
        """The wall patches of a group the words give by what is left ("the remaining walls at 305
        K", "the other two sides 290 K", "the three fixed ones at 300 K"): every wall of the
        temperature field that no other stated value holds (only the fixed-temperature ones when
        the words say fixed, or when a count said matches those); empty when a count said fits neither."""
        text = normalise(self.text).lower()
        at = self.value_at(text, q)
        if at < 0 or own_place(q) is not None:
            return []
        sentence = re.split(r"[.;!?]\s|\n", text[:at])[-1]
        ends = [sentence.rfind(s.text.lower()) + len(s.text) for s in self._stated
                if s is not q and s.text.lower() in sentence]  # a count ("the other 3 faces") is no value
        since = sentence[max(ends, default=0):]
        m = self._REST.search(since) or self._REST.search(words_named_after(text[at + len(q.text):], 5))
        if m is None or not self.base.field_rels(self.t_field):
            return []
        held = self._held_patches(q)
        walls = [p for p in self.base.patch_bcs(self.t_field) if self.roles.get(p, "wall") in ("wall", "moving_wall")
                 and p not in held and not re.search(r"[*|(\"]", p)]  # no velocity to say (a conduction case): walls
        fixed = [p for p in walls if p in self._t_patches()]
        said = m.group("n") or m.group("n2")
        count = int(said) if said and said.isdigit() else self._COUNT.get(said or "", 0)
        if m.group("f") or m.group("f2"):
            walls = fixed
        if count and len(walls) != count:
            walls = fixed if len(fixed) == count else []
        if walls:
            self.assumptions.append(f"{q.text}: '{m.group(0)}' taken as {', '.join(walls)}, the walls no other value "
                                    f"holds")
        return walls

    def _patch_t_field(self, q: StatedQuantity) -> str:
        """The temperature field whose patches a value may name: T (or the phase's T.<phase>), else,
        where the case keeps its fields in the folder of its one region (jouleHeatingSolid's
        0/solid/T), that region's T."""
        field = self._t_field_for(q) or "T"
        if self.base.field_rels(field):
            return field
        folders = self._region_folders("T")
        return f"{next(iter(folders))}/T" if len(folders) == 1 else field

    _EXCEPT = re.compile(r"\b(?:except(?:ing)?|excluding|other than|apart from|but not|save for|besides)\b")

    def _excepted(self, before: str, field: str | None) -> list[str]:
        """The patches the words before a value leave out ("all walls except the floor", "every
        wall other than the box and the ceiling"): those named after an excepting word, up to the
        value."""
        found = list(self._EXCEPT.finditer(before))
        return self._named_patches(before[found[-1].end():], field) if found else []

    _AND = re.compile(r"\band\b|,|&|\bboth\b|\bas well as\b|\bplus\b")

    def _coordinated(self, q: StatedQuantity, named: list[str], field: str | None) -> list[str]:
        """The patches a coordinated list before the value names together ("both the floor and
        the ceiling are at 290 K", "inlet, outlet and walls 300 K"): the words since the value
        before it in its sentence, when they name more patches than its clause does."""
        if own_place(q) is not None:
            return named  # "hot and cold walls at 40 and 10 degC": one patch each
        text = normalise(self.text).lower()
        at = self.value_at(text, q)
        seg = words_since_value(text[:at]) if at >= 0 else ""
        more = self._named_patches(seg, field) if self._AND.search(seg) else []
        return more if len(more) >= 2 and set(named) < set(more) else named

    def _side_stream(self, q: StatedQuantity) -> list[str]:
        """The one inlet or outlet with a fixed temperature that lies wholly on the side the words
        name ("from the left: 20 cm/s, 320 K" for the fuel inlet at the low x), else, for a wall
        temperature, the one wall there ("the bottom plate at 305 K" for the floor), from the
        blockMeshDict's vertices."""
        side = self._side_word(q)
        if side is None:
            return []
        on_side = patches_on_side(self.base.text("system/blockMeshDict") or "", side,
                                  fd.get(self.base.text("constant/g") or "", ["value"]) or "")
        found = [p for p in on_side if p in self._t_patches() and self.roles.get(p) in ("inlet", "outlet")]
        if not found and q.role == "wall_temperature":  # "the bottom at 305 K": the floor, not a heater region on it
            bcs = self.base.patch_bcs(self.t_field)
            found = [p for p in on_side if p in bcs and self.roles.get(p) in ("wall", "moving_wall")]
        return found if len(found) == 1 else []

    def _only_fixed_wall(self, q: StatedQuantity) -> list[str]:
        """"The heated side at 380 K" where the base holds one wall at a fixed temperature above the
        domain's initial one (below it for a cooled side): that wall, when no other stated value is
        the other kind's."""
        if q.role not in ("hot_wall_temperature", "cold_wall_temperature"):
            return []
        kind = q.role.split("_", 1)[0]
        other = "cold_wall_temperature" if kind == "hot" else "hot_wall_temperature"
        if any(s.role == other for s in self._stated if s is not q):
            return []
        walls = [p for p in self._t_patches() if self.roles.get(p, "wall") in ("wall", "moving_wall", "other")]
        if len(walls) != 1:
            return []
        rels = self.base.field_rels(self.t_field)
        text = (self.base.text(rels[0]) or "") if rels else ""
        inside = re.findall(r"[-+]?\d+\.?\d*(?:[eE][-+]?\d+)?", fd.get(text, ["internalField"]) or "")
        held = self._current_t(walls[0])
        if inside and held is not None and (held > float(inside[-1])) != (kind == "hot"):
            return []  # the one fixed wall is the other kind's
        self.assumptions.append(f"{q.text}: the {'heated' if kind == 'hot' else 'cooled'} wall is {walls[0]}, the one "
                                f"wall the base holds at a fixed temperature")
        return walls

    _JOIN = re.compile(r"\s*(?:and\s+|with\s+)?(?:at\s+)?(?:an?\s+|the\s+)?"
                       r"(?:(?:static\s+|total\s+)?(?:temperature|pressure|t|p)\s*(?:of|=|:|is)?\s*)?")

    def _patch_of_joined(self, q: StatedQuantity) -> list[str]:
        """The patch of a flow value this one is joined to ("pilot 11 m/s at 1880 K", "coflow 1 m/s
        and 291 K", "fuel 0.1 kg/s with a temperature of 300 K"): the patch that value went to."""
        text = normalise(self.text).lower()
        at = self.value_at(text, q)
        if at < 0:
            return []
        # a value of the same kind joined by "and" is the next of a list ("2 and 5 m/s"), not an attribute of it
        flows = [s for s in self._stated if s.quantity in ("velocity", "volume_flow", "mass_flow") and s is not q
                 and s.quantity != q.quantity]
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
