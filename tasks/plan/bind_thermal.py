"""Binding temperatures: hot, cold and named walls, inlets, far fields, the initial and
reference temperature, a setFields heater. Mixed into `tasks.plan.bind.Binder`.
"""

from __future__ import annotations

import re

from tasks.foam import dictionary as fd
from tasks.plan.bind_base import SIDES as _SIDES
from tasks.plan.bind_inlets import PARTICLE_BOUNDARY_T, field_patches, with_number
from tasks.plan.bind_parts_sides import patches_on_side
from tasks.plan.bind_places import own_place
from tasks.plan.bind_thermal_convective import ThermalConvectiveBinding
from tasks.plan.bind_thermal_differences import ThermalDifferenceBinding
from tasks.plan.bind_thermal_flux import ThermalFluxBinding
from tasks.plan.bind_thermal_power import ThermalPowerBinding
from tasks.plan.bind_thermal_props import ThermalPropertyBinding
from tasks.plan.bind_thermal_regions import ThermalRegionPropertyBinding
from tasks.plan.bind_thermal_words import (
    backflow_following_internal,
    label_before,
    patches_named_by_words,
    says_start_state,
)
from tasks.plan.bind_streams import shared_by_inflows
from tasks.plan.bind_wall_sides import LATERAL, WallSideBinding
from tasks.plan.bind_words import list_key, said_kind, thermal_kind
from tasks.plan.foam_values import fmt
from tasks.plan.regions import read_set_fields, set_default
from tasks.plan.stated import Binding, StatedQuantity

_END_SIDES = ("left", "right", "top", "bottom", "front", "back")  # the sides of a box, not inner or outer


# conditions holding the wall's own temperature apart from the gas's at the wall (a temperature
# jump on a rarefied wall): a stated wall temperature is that entry, the condition stays
WALL_TEMPERATURE_ENTRY = {"smoluchowskiJumpT": "Twall"}
# the walls a request keeps insulated beside the one it heats: "(the other walls stay adiabatic)", "the rest remain
# insulated"; they take no stated temperature
KEPT_ADIABATIC = re.compile(r"\(?\b(?:the\s+)?(?:other|remaining|rest\s+of\s+the|all\s+other)\s+(?:walls?|sides?|boundaries|surfaces)\b"
                            r"[^.;()]*?\b(?:stay|stays|remain|remains|are|is|kept|left|being)\s+(?:\w+\s+)?"
                            r"(?:adiabatic|insulated|zero[- ]gradient)\b\)?|\b(?:the\s+)?rest\s+(?:stays?|remains?|is|are)\s+"
                            r"(?:adiabatic|insulated)\b", re.I)
_WALL_NOUN = re.compile(r"\b(?:lid|floor|ceiling|roof)\b")
_NO_SUBJECT = re.compile(r"\s*(?:is|are|gets?|kept|held|heated|cooled|maintained|set)\b")


class ThermalBinding(ThermalPowerBinding, ThermalRegionPropertyBinding, WallSideBinding,
                     ThermalConvectiveBinding, ThermalFluxBinding, ThermalPropertyBinding, ThermalDifferenceBinding):
    """Temperatures of a plan."""

    def _t_patches(self) -> dict[str, str]:
        """The patches holding a fixed temperature; a mesh patch the field sets through a regex key
        ("inlet.*" for inlet_air and inlet_fuel) is listed under its own name."""
        bcs = self.base.patch_bcs(self.t_field)
        rels = self.base.field_rels(self.t_field)
        text = self.base.text(rels[0]) or "" if rels else ""
        keyed = {p: bcs.get(self._t_key(text, p), "") for p in self.roles if p not in bcs}
        return {p: bc for p, bc in {**bcs, **keyed}.items() if bc in ("fixedValue", "uniformFixedValue")}

    @staticmethod
    def _t_key(text: str, patch: str) -> str:
        """The boundaryField key of a temperature file that sets a mesh patch: its own name, else the
        regex key covering it ("inlet.*")."""
        return next(iter(field_patches(text, [patch])), patch) if text else patch

    def _set_t(self, q: StatedQuantity, patches: list[str], what: str) -> bool:
        """Hold the patches at the stated temperature: a fixedValue's value, a uniformFixedValue's
        uniformValue; any other condition (zeroGradient, a lumped-mass wall) becomes fixedValue. False
        where the thermo computes T on every patch (no patch can hold one)."""
        if self._t_follows_internal():
            return False
        patches = self._mesh_patches(patches)
        olds = {p: self._current_t(p) for p in patches}
        value = f"uniform {fmt(q.value)}"
        for rel in self.base.field_rels(self.t_field):
            text = self.base.text(rel) or ""
            for patch in dict.fromkeys(self._t_key(text, p) for p in patches):
                bc = fd.get(text, ["boundaryField", patch, "type"]) or ""
                if bc == "uniformFixedValue":
                    self.set(rel, ["boundaryField", patch, "uniformValue"], f"constant {fmt(q.value)}",
                             f"{what} on {patch}", q)
                elif bc in ("fixedValue", "") or fd.find(text, ["boundaryField", patch]) is None:
                    self.set(rel, ["boundaryField", patch, "value"], value, f"{what} on {patch}", q)
                elif bc in WALL_TEMPERATURE_ENTRY and fd.find(text, ["boundaryField", patch, WALL_TEMPERATURE_ENTRY[bc]]):
                    # a rarefied wall: the gas next to it jumps from the wall's own temperature, kept as such
                    self.set(rel, ["boundaryField", patch, WALL_TEMPERATURE_ENTRY[bc]], value,
                             f"{what} on {patch} (the wall temperature of its {bc})", q)
                elif bc == "inletOutlet" and fd.find(text, ["boundaryField", patch, "inletValue"]) is not None:
                    # a far field or an open boundary: the temperature of what comes in through it
                    self.set(rel, ["boundaryField", patch, "inletValue"], value, f"{what} entering through {patch}", q)
                else:
                    self.hold_fixed(rel, patch, value, what, bc, q,
                                    f"{patch} is held at {q.text} (fixedValue instead of the base's {bc})")
        if patches and self.base.field_rels(self.t_field) and q.role.endswith("wall_temperature"):
            self._isothermal_start(q, self._stated, olds)
        return bool(patches and self.base.field_rels(self.t_field))

    def _mesh_patches(self, patches: list[str]) -> list[str]:
        """Of `patches`, those that are the mesh's: not a patch group the other fields list for every
        patch of a type (`wall` of BenardCells' U, k, nut), which "the bottom wall" must not name."""
        mesh = self.base.mesh_types()
        groups = set(mesh.values())
        return [p for p in patches if not (mesh and p not in mesh and p in groups)]

    def _initial_too(self, q: StatedQuantity) -> None:
        """The same temperature for the initial state: setFields' defaults where setFields sets
        T (the heater region keeps its own), else the internalField."""
        rel = "system/setFieldsDict"
        sf = read_set_fields(self.base.text(rel) or "")
        for r in self.base.field_rels(self.t_field):
            self.set(r, ["internalField"], f"uniform {fmt(q.value)}", "initial temperature", q)
        if "T" in sf.default:
            new = set_default(self.current(rel, "defaultFieldValues"), "T", fmt(q.value))
            self.set(rel, ["defaultFieldValues"], new, "initial T of the domain (setFields defaults)")
            self.bindings.append(Binding(stated=q.text, file=rel, entry=["defaultFieldValues"],
                                         value=f"volScalarFieldValue T {fmt(q.value)}", how="initial T"))

    def _current_t(self, patch: str) -> float | None:
        text = next((self.base.text(r) for r in self.base.field_rels(self.t_field)), "") or ""
        m = re.search(r"[-+\d.eE]+", fd.get(text, ["boundaryField", self._t_key(text, patch), "value"]) or "")
        try:
            return float(m.group()) if m else None
        except ValueError:
            return None

    def _hot_wall_temperature(self, q: StatedQuantity, stated: list[StatedQuantity], cold: bool = False) -> None:
        fixed = [p for p in self._t_patches() if self.roles.get(p) in ("wall", "moving_wall", "other")]
        words = ("cold", "cool", "chill") if cold else ("hot", "heat", "warm")
        side = self._side_word(q)
        # "the left side wall heated to 50 degC": the wall on that side, whatever the base calls it
        # (buoyantCavity's left wall is its patch `cold`); "the hot cylinder": the patch named hot
        named = self._side_walls(side, fixed) if side in _END_SIDES else []
        named = named or [p for p in fixed if any(w in p.lower() for w in words)]
        if not named and side:
            named = self._side_walls(side, fixed)
        if not named:
            temps = [(t, p) for p in fixed if (t := self._current_t(p)) is not None]
            distinct = sorted({t for t, _ in temps})
            if len(distinct) >= 2:
                pick = distinct[0] if cold else distinct[-1]
                named = [p for t, p in temps if t == pick]
                self.assumptions.append(f"{'cold' if cold else 'hot'} wall = {', '.join(named)} (the "
                                        f"{'coldest' if cold else 'hottest'} fixed-temperature wall of the base)")
        if not named and self._set_t_region(q, cold):
            return
        if not named:
            named = self._all_walls_said(q)
        if not named and not fixed and re.search(r"\binitial(?:ly)?\b|\bstarts?\b|\bat start\b", self._words_of(q)[0]):
            # "a hot bed: particles initially at 500 K" is a start temperature, not a wall's
            self._initial_temperature(q, stated)
            return
        if not named and side and self.split_side_wall(q, side, f"{'cold' if cold else 'hot'} wall temperature") is None:
            return  # the side's faces of a wall patch spanning several sides, split off (bind_wall_sides)
        if not self._set_t(q, named, f"{'cold' if cold else 'hot'} wall temperature"):
            self.refuse(q, f"no fixed-temperature wall of the base case is the {'cold' if cold else 'hot'} one "
                           f"(walls with a fixed T: {', '.join(fixed) or 'none'})")

    def _set_t_region(self, q: StatedQuantity, cold: bool) -> bool:
        """A heater (or cooler) made by setFields: its region's temperature."""
        rel = "system/setFieldsDict"
        raw = self.current(rel, "regions")
        found = list(re.finditer(r"(volScalarFieldValue\s+T\s+)([-+\d.eE]+)", raw))
        if not found:
            return False
        pick = (min if cold else max)(found, key=lambda m: float(m.group(2)))
        new_raw = raw[:pick.start(2)] + fmt(q.value) + raw[pick.end(2):]
        self.set(rel, ["regions"], new_raw if new_raw.strip().startswith("(") else "(" + new_raw,
                 f"{'cooler' if cold else 'heater'} region temperature")
        self.bindings.append(Binding(stated=q.text, file=rel, entry=["regions"],
                                     value=f"volScalarFieldValue T {fmt(q.value)}", how="setFields region"))
        self.assumptions.append(f"{'cold' if cold else 'hot'} = the setFields region at "
                                f"{pick.group(2)} K in the base (a {'cooler' if cold else 'heater'})")
        return True

    def _cold_wall_temperature(self, q: StatedQuantity, stated: list[StatedQuantity]) -> None:
        self._hot_wall_temperature(q, stated, cold=True)

    def _side_word(self, q: StatedQuantity) -> str | None:
        own = own_place(q)
        if own is not None:  # "left and right walls at 320 and 280 K": each value's own side
            hits = [(own.rfind(w), side) for side, ws in _SIDES.items() for w in ws if re.search(rf"\b{w}\b", own)]
            return max(hits)[1] if hits else None
        low = self.text.lower()
        at = self.value_at(low, q)
        clause = low[max(0, at - 60):at] if at >= 0 else ""
        clause = re.split(r"[,;.\n]", clause)[-1]  # a list's line ends its value's words
        digits = list(re.finditer(r"\d", clause))
        if digits:  # "11.85 degC on the left side wall and 41.85 degC ...": the earlier value's words are its own
            piece = re.split(r"\band\b|\bwhile\b|\bwith\b", clause[digits[-1].end():])[-1] \
                if re.search(r"\band\b|\bwhile\b|\bwith\b", clause[digits[-1].end():]) else ""
            # "the lid slides at 1 cm/s and is heated to 40 degC": no subject of its own, the clause's
            clause = clause[:digits[0].start()] if _NO_SUBJECT.match(piece) else piece
        key = list_key(low[max(0, at - 80):at], low[at + len(q.text):at + len(q.text) + 80]) if at >= 0 else None
        if key is not None:  # "- left wall: 300 K - right wall: 310 K": the item's key
            clause = key
        hits = [(clause.rfind(w), side) for side, ws in _SIDES.items() for w in ws if w in clause]
        if not hits and at >= 0:  # "41.85 degC on the right side wall"
            after = re.split(r"[,;\n]|\.\s|\band\b", low[at + len(q.text):at + len(q.text) + 40])[0]
            hits = [(-after.find(w), side) for side, ws in _SIDES.items() for w in ws
                    if re.search(rf"\b{w}\b", after)]
        return max(hits)[1] if hits else None

    def _wall_t_patches(self) -> list[str]:
        """The fixed-temperature patches that are walls (not an inlet, outlet or constraint)."""
        return [p for p in self._t_patches() if self.roles.get(p) not in ("inlet", "outlet", "constraint")]

    def _side_walls(self, side: str, fixed: list[str]) -> list[str]:
        """The walls on a side: the fixed-temperature ones whose names say it ("leftWall"), else
        those that lie wholly on it."""
        return [p for p in fixed if any(w in p.lower() for w in _SIDES[side])] or self._walls_at(side)

    def _walls_at(self, side: str) -> list[str]:
        """The wall patches that lie wholly on a side of the domain ("the left wall" of a mesh
        whose patches are named hot and cold), from the blockMeshDict's vertices."""
        on_side = patches_on_side(self.base.text("system/blockMeshDict") or "", side,
                                  fd.get(self.base.text("constant/g") or "", ["value"]) or "")
        return [p for p in on_side if self.roles.get(p, "wall") in ("wall", "moving_wall", "other")]

    def _held_patches(self, q: StatedQuantity) -> set[str]:
        """The temperature patches other stated values are bound to ("the box at 500 K, the walls
        at 300 K": the walls are the others)."""
        rels = set(self.base.field_rels(self.t_field))
        return {b.entry[1] for b in self.bindings if b.stated != q.text and b.file in rels and len(b.entry) > 2
                and b.entry[0] == "boundaryField"}

    def _all_walls_said(self, q: StatedQuantity) -> list[str]:
        """"The walls at 350 K", "walls are heated to 350 K": every wall patch of the base (held
        at a fixed value where the base lets the temperature float)."""
        clause, _ = self._words_of(q)
        if not re.search(r"\bwalls\b|\ball (?:the )?walls?\b", clause) or self._side_word(q) is not None:
            return []
        if own_place(q) is not None and not re.search(r"\ball (?:the )?walls?\b|\bevery wall", clause):
            return []  # "the hot and cold walls at 40 and 10 degC": the plural is the list's, each value is one wall's
        bcs = [p for p in self.base.patch_bcs(self.t_field) if p not in self._held_patches(q)]
        return [p for p in bcs if self.roles.get(p) in ("wall", "moving_wall") and not re.search(r"[*|(]", p)] or \
            [p for p in bcs if self.roles.get(p) in ("wall", "moving_wall")]

    def _wall_temperature(self, q: StatedQuantity, stated: list[StatedQuantity]) -> None:
        clause = self._words_of(q)[0]
        if says_start_state(clause.split(q.text.lower())[0]):
            # "the gas inside should start at 303 K", "the metal begins at 20 degC": where it starts
            self._initial_temperature(q, stated)
            return
        side = self._side_word(q)
        kind = said_kind(clause.split(q.text.lower())[0])
        if side is None and kind is not None and any(thermal_kind(p) == kind for p in self._t_patches()):
            # "the hotter plate 330 K", "the warmer wall": the patch whose name says so
            self._hot_wall_temperature(q, stated, cold=kind == "cold")
            return
        fixed = self._wall_t_patches()
        named = self._side_walls(side, fixed) if side else []
        if side is None and LATERAL.search(clause.split(q.text.lower())[0]):
            self.lateral_walls(q, "wall temperature")  # "the two side walls at 300 K" (bind_wall_sides)
            return
        if not named and side is None:  # "the fridges at 35 degC", "patch2: 300 K": the patches the words name
            label = label_before(self._words_of(q)[1].split(q.text.lower())[0])
            named = [p for p in fixed if label and re.search(rf"(?<![\w]){re.escape(p.lower())}(?![\w])", label)] or \
                [p for p in patches_named_by_words(f"{label} {clause}", fixed) if p not in self._held_patches(q)]
        kept = KEPT_ADIABATIC.search(clause)
        if kept and not named and side is None:  # "heat the lid to 330 K (the other walls stay adiabatic)": the one named
            before = KEPT_ADIABATIC.sub(" ", self._words_of(q)[1].split(q.text.lower())[0])
            walls = fixed or [p for p in self.base.patch_bcs(self.t_field) if self.roles.get(p) in ("wall", "moving_wall")]
            named = patches_named_by_words(before, walls) or \
                ([p for p in walls if self.roles.get(p) == "moving_wall"] if re.search(r"\blids?\b", before) else [])
        if not named and side is None and len(fixed) == 1:
            named = fixed
        if not named and not kept:
            named = self._all_walls_said(q)
        if not named and not fixed and side is None and self._t_follows_internal() and \
                not re.search(r"\bwalls?\b|\bsurface|\bboundar|\bpatch", self._words_of(q)[0]):
            # "temperature 250 K" where the thermo computes T on every patch: the gas's temperature
            self._internal_temperature(q, stated)
            return
        if self._set_t(q, named, "wall temperature"):
            return
        if side is not None and not named:
            why = self.split_side_wall(q, side, "wall temperature")  # tasks/plan/bind_wall_sides.py
            if why is None:
                return
            walls = [p for p, r in self.roles.items() if r in ("wall", "moving_wall") and p in self.base.mesh_types()]
            self.refuse(q, f"no wall patch of the base case holds a temperature Casewright can fix on the {side} "
                           f"side alone (its walls: {', '.join(walls) or 'none'}; one patch may span several sides) "
                           f"and none can be split off: {why}; name the patch for {q.text}")
            return
        self.refuse(q, f"which wall is at {q.text} is not clear from the base case's patches "
                       f"(fixed-temperature patches: {', '.join(fixed) or 'none'}); name it")

    def _isothermal_start(self, q: StatedQuantity, stated: list[StatedQuantity], olds: dict[str, float | None]) -> None:
        """A base that starts in equilibrium with its walls (internal T = every fixed wall's T: a room
        whose heater is the only disturbance) keeps doing so when one stated value holds all those
        walls and no start temperature is stated: the fluid starts at the new wall temperature."""
        rels = self.base.field_rels(self.t_field)
        raw = " ".join((fd.get(self.base.text(rels[0]) or "", ["internalField"]) or "").split()) if rels else ""
        internal = re.fullmatch(r"uniform\s+([-+\d.eE]+)", raw)
        if internal is None or not olds:
            return
        start = float(internal.group(1))
        if abs(q.value - start) < 1e-9:
            return  # the walls stay at the start temperature: nothing to carry
        # every wall at the start temperature, fixed or not (hotRoom's lumped-mass ceiling): "floor 290 K"
        # alone moves one of them, so the room no longer starts in equilibrium with one value
        walls = [p for p in self.base.patch_bcs(self.t_field) if self.roles.get(p) in ("wall", "moving_wall", "other")]
        level = [p for p in walls if (t := self._current_t(p)) is not None and abs(t - start) < 1e-9]
        if any(t is None or abs(t - start) > 1e-9 for t in olds.values()) or set(level) - set(olds):
            return
        temps = [s for s in stated if s.quantity == "temperature"]
        if any(s.role in ("initial_temperature", "reference_temperature") for s in temps) or \
                any(says_start_state(self._words_of(s)[0].split(s.text.lower())[0]) for s in temps):
            return
        if any(b.entry == ["internalField"] and b.file in rels for b in self.bindings):
            return
        self._initial_too(q)
        self.assumptions.append(f"the fluid starts at the walls' {q.text}, as the base starts at its walls' temperature "
                                f"(no start temperature stated)")

    def _t_follows_internal(self) -> bool:
        """Every patch of the temperature field is `calculated` (or a constraint): the thermo computes
        T from the state inside (rhoPimpleAdiabaticFoam), so the internal field is the one value set."""
        bcs = self.base.patch_bcs(self.t_field)
        kept = [bc for bc in bcs.values() if bc not in ("empty", "wedge", "symmetry", "symmetryPlane", "cyclic")]
        return bool(kept) and all(bc == "calculated" for bc in kept)

    def _internal_temperature(self, q: StatedQuantity, stated: list[StatedQuantity]) -> None:
        self._initial_temperature(q, stated)
        self.assumptions.append(f"{q.text} is the temperature of the domain: {self.solver} computes T on every "
                                f"patch of the base from the state inside (calculated), so it is the internal field")

    def _inlet_temperature(self, q: StatedQuantity, stated: list[StatedQuantity]) -> None:
        inlets = [p for p in self.patches("inlet") if p in self._t_patches()]
        if len(inlets) > 1:  # two inlets, two stated temperatures: each its own, in the order of the patches
            said = [s for s in self._stated if s.role == "inlet_temperature"]
            if len(said) == len(inlets) and q in said:
                inlets = [inlets[said.index(q)]]
                self.assumptions.append(f"{q.text} is the temperature of {inlets[0]} (the stated inlet temperatures "
                                        f"in the order of the base's inlets)")
        if self._set_t(q, inlets, "inlet temperature"):
            return
        if self._freestream_temperature(q):
            return
        if self._freestream_temperature(q, self._open_inflows()):  # "(inlet|outlet).*" inletOutlet of a far field
            return
        held = [p for p in self.patches("inlet") if p in self.base.patch_bcs(self.t_field)]
        if len(held) == 1 and self._set_t(q, held, "inlet temperature"):  # a mapped or computed inlet condition
            return
        if self.patches("inlet") and self._t_follows_internal():  # the inflow's T is computed from the state inside
            self._internal_temperature(q, stated)
            return
        self.refuse(q, "the base case has no inlet with a fixed temperature")

    _FAR_FIELD = ("freestream", "freestreamVelocity", "SRFFreestreamVelocity", "supersonicFreestream")

    def _open_inflows(self) -> list[str]:
        """The temperature's open (inletOutlet) patches that are where the flow comes in: an inlet's,
        or one whose name (a regex key too) says inlet, free stream or far field."""
        return [p for p, bc in self.base.patch_bcs(self.t_field).items() if bc == "inletOutlet" and
                (self.roles.get(p) == "inlet" or re.search(r"inlet|inflow|free|far|ambient", p, re.I))]

    def _freestream_temperature(self, q: StatedQuantity, patches: list[str] | None = None) -> bool:
        """The temperature a far-field patch lets in (inletOutlet inletValue, freestream
        freestreamValue), where its macro ($Tinlet) is defined when it uses one; `patches`: those of
        the temperature field to read (default: where the velocity has a far-field condition)."""
        far = patches if patches is not None else \
            [p for p, bc in self.base.patch_bcs(self.u_field).items() if bc in self._FAR_FIELD]
        done = False
        for rel in self.base.field_rels(self.t_field):
            text = self.base.text(rel) or ""
            for patch in far:
                bc = fd.get(text, ["boundaryField", patch, "type"]) or ""
                key = {"inletOutlet": "inletValue", "freestream": "freestreamValue", "fixedValue": "value"}.get(bc)
                raw = fd.get(text, ["boundaryField", patch, key]) if key else None
                if raw is None:
                    continue
                home = self._macro_home(rel, raw)
                if home and home[1] == ["internalField"]:
                    home = self._macro_home(rel, fd.get(text, ["internalField"]) or "") or home
                where, entry = home or (rel, ["boundaryField", patch, key])
                new = with_number(fd.get(self.base.text(where) or "", entry) or "", q.value)
                if new is None or any(e.file == where and e.entry == entry for e in self.edits):
                    continue
                self.set(where, entry, new, f"free-stream temperature on {patch}", q)
                done = True
        return done

    def _initial_temperature(self, q: StatedQuantity, stated: list[StatedQuantity]) -> None:
        if self._streams_temperature(q):
            return
        before = self._words_of(q)[0].split(q.text.lower())[0]
        own = re.split(r"[,;:.]\s|\d", before)[-1]
        if (_WALL_NOUN.search(own) or LATERAL.search(own)) and not says_start_state(before):
            self._wall_temperature(q, stated)  # "lid at 40 degC", "the floor 290 K": a wall's, not the fluid's
            return
        rels = self.base.field_rels(self.t_field)
        if (not rels or self.t_field == PARTICLE_BOUNDARY_T) and \
                self.initial_state(q, "temperature", lambda old: fmt(q.value)):
            return  # a particle method's gas starts from its initialise dictionary, not a field
        if not rels:
            self.refuse(q, f"{self.solver} solves no temperature")
            return
        for rel in rels:
            self.set(rel, ["internalField"], f"uniform {fmt(q.value)}", "initial temperature", q)
            self._companion_temperatures(rel, fmt(q.value), q)
            self._backflow_temperature(rel, q)

    def _streams_temperature(self, q: StatedQuantity) -> bool:
        """"Both streams preheated to 450 degC", "fuel and air at 873 K": every inflow its words
        name (tasks/plan/bind_streams.py), not the fluid's start state."""
        inlets = [p for p in self.patches("inlet") if p in self.base.patch_bcs(self.t_field)]
        shared = shared_by_inflows(self._words_of(q)[0], inlets)
        if not shared or not self._set_t(q, shared, "inlet temperature"):
            return False
        self.assumptions.append(f"{q.text} is the temperature of each stream its words name ({', '.join(shared)}), "
                                f"not the fluid's start state")
        return True

    def _backflow_temperature(self, rel: str, q: StatedQuantity) -> None:
        """The open boundaries (inletOutlet) whose backflow came in at the base's initial
        temperature let the new initial temperature in: the ambient fluid is what flows back."""
        text = self.base.text(rel) or ""
        bcs = {p: (fd.get(text, ["boundaryField", p, "type"]) or "", fd.get(text, ["boundaryField", p, "inletValue"]))
               for p in self.base.patch_bcs(self.t_field)}
        for patch in backflow_following_internal(bcs, fd.get(text, ["internalField"]) or ""):
            if any(e.file == rel and e.entry[:2] == ["boundaryField", patch] for e in self.edits):
                continue  # a value stated for that patch holds
            self.set(rel, ["boundaryField", patch, "inletValue"], f"uniform {fmt(q.value)}",
                     f"backflow temperature on {patch} = initial temperature", q)
            if (fd.get(text, ["boundaryField", patch, "value"]) or "").split() == (bcs[patch][1] or "").split():
                self.set(rel, ["boundaryField", patch, "value"], f"uniform {fmt(q.value)}",
                         f"starting value on {patch} = its backflow temperature")
            self.assumptions.append(f"what flows back in through {patch} is at the initial temperature {q.text}")

    def _reference_temperature(self, q: StatedQuantity, stated: list[StatedQuantity]) -> None:
        text = self.base.text("constant/transportProperties") or ""
        key = next((k for k in ("TRef", "Tref", "T0") if fd.find(text, [k])), None)
        if key is None:
            self.refuse(q, "the base case has no reference temperature (TRef) to set")
            return
        self.set("constant/transportProperties", [key], self._keep_dims(fd.get(text, [key]) or "", q.value),
                 "reference temperature", q)
