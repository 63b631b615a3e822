"""Binding: every stated quantity becomes a concrete edit (file, entry, value) of a base case.

The base is any case folder (an installed tutorial, or the user's example). Where a value
goes is read from the base's own files: which patches are inlets, outlets, moving or heated
walls (their names, mesh types and boundary conditions), which file holds the viscosity,
whether pressure is kinematic or absolute, which blocks the mesh has. A quantity that cannot
be bound goes to `not_applied` with the reason; nothing is dropped silently. Pure: reads
the base, returns edits.
"""

from __future__ import annotations

import re
from pathlib import Path

from tasks.foam import dictionary as fd
from tasks.foam.allrun_inputs import made_files
from tasks.plan.particle_pronouns import with_particle_antecedents
from tasks.plan.bind_angles import edge_angles_deg, hex_edge_angles_deg
from tasks.plan.bind_base import SIDES, Base, patch_roles
from tasks.plan.bind_function1 import OSCILLATING_ROLES
from tasks.plan.bind_layers import bind_layers
from tasks.plan.bind_list_items import item_leaves
from tasks.plan.bind_by_name import ByNameBinding
from tasks.plan.stated_unread import UNREAD, read_by_name
from tasks.plan.bind_include_named import clause_before, field_takes_named
from tasks.plan.bind_include_scoped import note_shared, scoped_home
from tasks.plan.bind_includes import list_macro_changes, shared_internal
from tasks.plan.bind_internal_readers import keeps_own_variable, pin_internal_readers, says_start
from tasks.plan.bind_cloud import CloudBinding
from tasks.plan.bind_ignition import bind_ignition
from tasks.plan.bind_inlet_turbulence import InletTurbulenceBinding
from tasks.plan.bind_fan import FanBinding
from tasks.plan.bind_initial_state import InitialStateBinding
from tasks.plan.bind_inlets import PARTICLE_BOUNDARY_T, InletBinding, velocity_fields
from tasks.plan.bind_region_boxes import apply_region_boxes
from tasks.plan.bind_motion import MotionBinding
from tasks.plan.bind_parts import PartsBinding
from tasks.plan.bind_patch_names import PatchNameBinding
from tasks.plan.bind_phase_coeffs import bind_phase_coeffs
from tasks.plan.bind_phase_models import bind_phase_models
from tasks.plan.bind_phase_turbulence import bind_phase_turbulence
from tasks.plan.bind_sigma import screen_pair_tensions
from tasks.plan.bind_places import own_place
from tasks.plan.bind_pressure import PressureBinding
from tasks.plan.bind_properties import PropertyBinding
from tasks.plan.bind_ramps import RampBinding
from tasks.plan.bind_schemes import bind_schemes
from tasks.plan.bind_relax import factor_ok, is_relaxation_entry, is_residual_entry, relaxation_said, residual_said
from tasks.plan.bind_run import RunBinding
from tasks.plan.bind_run_writes import keep_end_written
from tasks.plan.bind_setfields import SetFieldsBinding
from tasks.plan.bind_setfields_fill import apply_fills
from tasks.plan.bind_species import SpeciesBinding
from tasks.plan.bind_thermal import ThermalBinding
from tasks.plan.bind_velocity import VelocityBinding
from tasks.plan.bind_radiation import bind_radiation
from tasks.plan.bind_waves import bind_waves
from tasks.plan.stated_roles_coeffs import bind_coefficients
from tasks.plan.stated_roles import VESSEL_OF_PARTICLES
from tasks.plan.bind_words import appositive_lead, list_key, next_value_words, own_words, words_until_next_key
from tasks.plan.extract import normalise
from tasks.plan.foam_values import direction as _direction
from tasks.plan.foam_values import fmt, vec
from tasks.plan.foam_values import leaves as _leaves
from tasks.plan.foam_values import leaves_get as _leaves_get
from tasks.plan.manifest import FileEdit
from tasks.plan.multi_region import RegionDictBinding
from tasks.plan.regions import raw_entry
from tasks.plan.stated import Binding, NotApplied, StatedQuantity, in_case_time, plain_forms
from tasks.plan.values_restated import restatement_clash

__all__ = ["Base", "Binder", "bind_all", "edge_angles_deg", "hex_edge_angles_deg", "patch_roles", "vec"]

_JOIN = r"\band\b|\bwhile\b|\bwhereas\b|\bbut\b"
# words that place a value in a part of the domain ("on the right", "inside the bubble")
_PLACE_CUE = re.compile(r"\b(?:left|right|top|bottom|upper|lower|upstream|downstream|inside|outside|inner|outer|"
                        r"half|region|zone|box|bubble|column|driver|driven|high-pressure|low-pressure|rest)\b")


# solver-control words before a named value: "residualControl p 1e-5 U 1e-4" sets controls, no field's values
_CONTROL_NEAR = re.compile(r"residual|relax|toleran|converge|criteri|factor", re.I)

# words that give a value to every phase at once
_EVERY_PHASE = re.compile(r"\bboth\b|\ball\s+(?:the\s+|three\s+|four\s+)?phases\b|\b(?:each|every)\s+phase\b")


# entries named by a kind's plain word, and the roles that place a value of that kind on a boundary (its own binder's)
_KIND_WORDS = ("temperature", "pressure", "velocity")
_PLACE_ROLES = ("inlet", "outlet", "wall", "hot", "cold", "lid", "moving")


class Binder(VelocityBinding, PressureBinding, ThermalBinding, InitialStateBinding, FanBinding, PatchNameBinding, SetFieldsBinding,
             PropertyBinding, RunBinding, ByNameBinding, PartsBinding, RegionDictBinding, InletBinding,
             CloudBinding, InletTurbulenceBinding, MotionBinding, SpeciesBinding, RampBinding):
    """Collects the edits of one plan: every stated quantity bound, or not applied with why. Each
    kind of quantity is bound by its mixin (velocities, pressures, temperatures, named patches,
    setFields regions, properties, run controls, entries named in the request, ...); this class
    records the edits and sends each quantity to its binder."""

    sides = SIDES  # the words of each side, for the mixins

    def __init__(self, base: Base, solver: str, text: str) -> None:
        self.base = base
        self.solver = solver
        self.text = plain_forms(with_particle_antecedents(text))  # "0,5 m/s", "velocity [m/s]: 2" read as the stated quantities are
        self.edits: list[FileEdit] = []
        self.bindings: list[Binding] = []
        self.not_applied: list[NotApplied] = []
        self.assumptions: list[str] = []
        self.u_field = "U" if base.field_rels("U") else next(iter(velocity_fields(base.fields())), "U")
        self.roles = patch_roles(base, self.u_field)
        self.relaxation_at: list[int] = []
        self.filled: list[StatedQuantity] = []  # lengths a fill level or a region's size took (no domain sizes)

    def set(self, rel: str, entry: list[str], value: str | dict, reason: str, q: StatedQuantity | None = None) -> None:
        if isinstance(value, str):
            start = entry == ["internalField"] and q is not None and says_start(self, q)  # "initially 400 K"
            rel, entry, value = self._through_macro(rel, entry, value, start)
            homes = self._through_list_macros(rel, entry, value, start)
            if homes:  # `($nx $ny $nz)`: each changed number goes to its variable
                for home_rel, home_entry, home_value in homes:
                    self.set(home_rel, home_entry, home_value,
                             f"{reason} (${home_entry[-1]} in {home_rel})", q)
                return
        if q is not None and isinstance(value, str):
            clash = next((b for b in self.bindings if b.file == rel and b.entry == entry and b.stated != q.text
                          and " ".join(b.value.split()) != " ".join(value.split())), None)
            if clash is not None and (why := restatement_clash(
                    self.text, next((s for s in self._stated if s.text == clash.stated), None), q)) is not None:
                self.refuse(q, why)  # "120 rpm (31.4 rad/s)": a restatement that does not agree
                return
            if clash is not None:  # the later value would overwrite the earlier one
                self.refuse(q, f"{clash.stated} is already written to {rel} {'/'.join(entry)}; say which part of "
                               f"the case {q.text} is for (a region, a side, a patch or a phase)")
                return
        self.edits.append(FileEdit(file=rel, entry=entry, value=value, reason=reason, locked=q is not None))
        twin = rel.endswith(".orig") and any(b.file == rel.removesuffix(".orig") and b.entry == entry and
                                             b.stated == q.text for b in self.bindings) if q is not None else False
        if q is not None and isinstance(value, str) and not twin:  # 0/alpha.water.orig: one binding with its twin
            self.bindings.append(Binding(stated=q.text, file=rel, entry=entry, value=value, how=reason))

    def _through_macro(self, rel: str, entry: list[str], value: str, start: bool = False) -> tuple[str, list[str], str]:
        """Where the base writes the entry as a macro (`uniform $pOut`, `$Tinlet`), the macro's
        definition takes the value, so every entry that reads it agrees (a far field's internal
        and patch values); `$internalField` stays a patch's own, and so does a macro another
        value already went to."""
        own = self.base.text(rel) or ""
        raw = " ".join((fd.get(self.base.expanded(rel) or own, entry) or "").split())
        m = re.fullmatch(r"(?:uniform\s+|constant\s+)?\$(\w+)", raw)
        if not m and (scoped := scoped_home(self.base, rel, raw, value)) is not None:
            return scoped  # `uniform $:pipe.CH4`: the sub-entry of the #include'd dictionary
        if not m or not re.fullmatch(r"(?:uniform\s+|constant\s+)?[^$;{}]+", value):
            return rel, entry, value
        if start and keeps_own_variable(own, self.roles):
            return rel, entry, value  # `$Tinlet` is also the free stream's: the start state is the field's own
        if m.group(1) == "internalField" and not shared_internal(own):
            return rel, entry, value
        home = self._macro_home(rel, raw)
        if home is None:
            return rel, entry, value
        home_raw = " ".join((fd.get(self.base.text(home[0]) or "", home[1]) or "").split())
        bare = re.sub(r"^(?:uniform|constant)\s+", "", value)
        new = value if re.match(r"(?:uniform|constant)\s", home_raw) else bare
        if any(b.file == home[0] and b.entry == home[1] and " ".join(b.value.split()) != new for b in self.bindings):
            return rel, entry, value
        note_shared(self, rel, entry, raw, home)  # "$turbulentKE is also the outlet's inletValue"
        return home[0], home[1], new

    def _through_list_macros(self, rel: str, entry: list[str], value: str,
                             start: bool = False) -> list[tuple[str, list[str], str]]:
        """Where the base's entry is a list that reads variables (`hex (...) ($nx $ny $nz)`,
        `($L $y1 0)`) and the new value differs from it only in numbers those variables give,
        each changed number goes to its variable's definition (same file or an #include'd one),
        so the entry keeps its macros and every other reader of the variable agrees; [] when the
        value changes anything else (then the entry is written as it is)."""
        if start and keeps_own_variable(self.base.text(rel) or "", self.roles):
            return []  # `uniform $Tinlet` that the free stream reads too: the start state is the field's own
        defs = self.base.expanded(rel) or ""
        changed = list_macro_changes(defs, fd.get(defs, entry) or "", value)
        homes = []
        for name, number in changed.items():
            home = self._macro_home(rel, f"${name}")
            if home is None:
                return []
            homes.append((home[0], home[1], number))
        return homes

    def hold_fixed(self, rel: str, patch: str, value: str, what: str, was: str, q: StatedQuantity,
                   assumption: str) -> None:
        """A patch whose condition cannot carry a value (zeroGradient, a wall model, ...) becomes
        fixedValue at it; the binding and the assumption say so."""
        self.set(rel, ["boundaryField", patch], {"type": "fixedValue", "value": value}, f"{what} on {patch} (was {was})")
        self.bindings.append(Binding(stated=q.text, file=rel, entry=["boundaryField", patch, "value"], value=value,
                                     how=f"{what} on {patch}"))
        self.assumptions.append(assumption)

    def refuse(self, q: StatedQuantity, reason: str) -> None:
        if not any(n.text == q.text for n in self.not_applied):
            self.not_applied.append(NotApplied(text=q.text, reason=reason))

    def current(self, rel: str, key: str) -> str:
        """A top-level entry as this plan leaves it: the last value set here, else the base's."""
        for e in reversed(self.edits):
            if e.file == rel and e.entry == [key] and isinstance(e.value, str):
                return e.value
        return raw_entry(self.base.text(rel) or "", key)

    def patches(self, role: str) -> list[str]:
        return [p for p, r in self.roles.items() if r == role]

    def entry_index(self) -> dict[str, list[tuple[str, list[str]]]]:
        """Entry name -> where the base has it, for the entries that hold one number."""
        index: dict[str, list[tuple[str, list[str]]]] = {}
        for rel in self._dictionaries():
            text = self.base.text(rel) or ""
            for entry, raw in [*_leaves(text), *item_leaves(text)]:  # a list item's too: the Lee model's C
                if re.fullmatch(r"(?:\w+\s+)?(?:\[[^\]]*\]\s*)?[-+\d.eE]+|(?:constant\s+)?[-+\d.eE]+|\([-+\d.eE\s]+\)", raw):
                    # `E { type uniform; value 2e+11; }` is the entry E
                    name = entry[-2] if entry[-1] == "value" and len(entry) > 1 and rel.startswith("constant/") \
                        else entry[-1]
                    index.setdefault(name, []).append((rel, entry))
                    for plain in _regex_names(entry[-1]):  # `"(k|epsilon)" 1e-3;` holds k's and epsilon's
                        if not any(r == rel and e[:-1] == entry[:-1] and e[-1] == plain for r, e in index.get(plain, [])):
                            index.setdefault(plain, []).append((rel, [*entry[:-1], plain]))
        return index

    def bind_named(self, stated: list[StatedQuantity], skip: list[StatedQuantity] = ()) -> list[StatedQuantity]:
        """Set the entries the request names ("DT 0.002", "Young's modulus 70 GPa"); returns the
        stated quantities they took (new ones for unit-less parameters are added to `stated`)."""
        from tasks.plan.named import find_named, stated_for

        index = self.entry_index()
        taken: list[StatedQuantity] = []
        low = self.text.lower()
        for match in find_named(self.text, index):
            name, value = match[0], match[1]
            if match[3] in getattr(self, "model_said_at", set()):
                continue  # placed by an earlier binder ("latitude 35.68": the sun's position, bind_radiation_sun)
            if self.in_control_words(match[3]):
                continue  # "relax p 0.3": a relaxation factor, not the field p
            where = self._relaxation_kept(index[name], value, match[3], q_text=f"{name} {match[2]}")
            if not where or (not _CONTROL_NEAR.search(low[max(0, match[3] - 80):match[3]]) and
                             field_takes_named(self.base, name, where, match[2], clause_before(low, match[3]))):
                continue  # "k 0.135" without relaxation words, "inlet k 0.06": the field k's value (its own binder)
            if len(where) > 1:  # the same name in several places (each phase's rho): the one named nearby
                near = low[max(0, match[3] - 40):match[3]]
                where = [w for w in where if any(part.lower() in near for part in w[1][:-1] + [w[0].rsplit("/", 1)[-1]])]
                if len(where) != 1:
                    continue
            q = stated_for(match, stated, normalise(self.text))
            if any(q is t or q.text == t.text or q.text.endswith(f" {t.text}") for t in skip):
                continue  # a model's coefficient, set in its <Model>Coeffs; a layer's value ("nu 1e-5 m2/s")
            if name.lower() in _KIND_WORDS and q.role.split("_")[0] in _PLACE_ROLES:
                continue  # "an inlet of air at a temperature of 313 K": the inlet's, not an option's `temperature`
            if q.role in self._OWN_ROLES or self.thermo_owns(q, [rel for rel, _ in where]) or \
                    self.motion_owns(q, where):  # a motion's amplitude or rate: converted by bind_motion
                continue  # its role binder knows the entry's form (a Darcy d's relative components) or owner
            if q not in stated:
                stated.append(q)
            if q.quantity == "time":  # "expiry one year": the case's own unit of time
                value = in_case_time(q.value, self.solver)
            for rel, entry in where:
                raw = _leaves_get(self.base.text(rel) or "", entry)
                if raw.startswith("("):
                    direction = _direction(raw)
                    new = vec([value * d for d in direction]) if direction else f"({fmt(value)} {fmt(value)} {fmt(value)})"
                else:
                    new = self._keep_dims(raw, value) if not raw.startswith("constant") else f"constant {fmt(value)}"
                self.set(rel, entry, new, f"{name} = {fmt(value)} (named in the request)", q)
            taken.append(q)
        return taken

    def _relaxation_kept(self, where: list[tuple[str, list[str]]], value: float, at: int,
                         q_text: str) -> list[tuple[str, list[str]]]:
        """The places of a named value without the relaxation factors its words do not make it
        one of (no relaxation words leading its list, or a factor outside (0, 1])."""
        low = normalise(self.text).lower()
        residual = [w for w in where if is_residual_entry(*w)]
        if residual and residual_said(low, at):
            return residual  # "residual targets: p 1e-4": the targets, not the field p
        where = [w for w in where if not is_residual_entry(*w)]  # "nuTilda 3e-5": the field's value
        relax = [w for w in where if is_relaxation_entry(*w)]
        if not relax:
            return where
        said = relaxation_said(low, at)
        if said and not factor_ok(value):
            self.not_applied.append(NotApplied(text=q_text, reason=f"a relaxation factor lies in (0, 1]; "
                                                                   f"{fmt(value)} is not one"))
            return []
        return relax if said else [w for w in where if not is_relaxation_entry(*w)]

    t_field = "T"  # the temperature field the quantity being bound is for (T, or T.<phase>)

    def _t_field_for(self, q: StatedQuantity) -> str | None:
        """The temperature field a value is for: T, else the phase temperature T.<phase> its words
        name (singular or plural, "gas"/"air" for a gas phase), else the phase whose velocity
        they drive; None when the base has several and nothing tells which."""
        if self.base.field_rels("T") or q.quantity != "temperature":
            return "T"
        if self.base.field_rels(PARTICLE_BOUNDARY_T):
            return PARTICLE_BOUNDARY_T  # dsmcFoam: the walls' and inflow's temperatures
        phases = [f for f in self.base.fields() if f.startswith("T.") and self.base.field_rels(f)]
        if len(phases) < 2:
            return phases[0] if phases else "T"
        clause, sentence = self._words_of(q)
        if q.role == "initial_temperature" and _EVERY_PHASE.search(clause):
            return None  # "gas and water both start at 330 K", "for both phases": every phase starts there
        for words in (VESSEL_OF_PARTICLES.sub("", clause), VESSEL_OF_PARTICLES.sub("", sentence)):  # "the bubble column": no gas
            named = [f for f in phases if re.search(rf"\b{re.escape(f[2:].lower().removesuffix('s'))}s?\b", words)]
            if not named and re.search(r"\b(?:gas|air|bubbles?|vapou?r|steam)\b", words):
                named = [f for f in phases if f[2:].lower() in self._GAS_PHASES]
            if not named and re.search(r"\b(?:liquids?|solids?|grains?)\b", words):  # the phase that is no gas
                named = [f for f in phases if f[2:].lower() not in self._GAS_PHASES]
            if len(named) == 1:
                return named[0]
        if q.role == "initial_temperature":
            return None  # no phase named: every phase starts there
        u = self._velocity_field_for(q)
        return f"T.{u[2:]}" if u.startswith("U.") and f"T.{u[2:]}" in phases else None

    # roles whose binder, not the by-name one, writes the entry: a Darcy d's relative components; a change
    # relative to the base's value ("DT 50 % larger") and a range ("between 1 and 2 bar") are no value to write
    _OWN_ROLES = ("darcy", "relative_change", "range", "molar_mass", "fan_jump")  # molWeight is in kg/kmol, not SI

    def bind(self, q: StatedQuantity, stated: list[StatedQuantity]) -> None:
        if self.bind_in_region(q):
            return
        self.t_field = self._t_field_for(q) or "T"
        if q.role == "initial_temperature" and self._t_field_for(q) is None:
            for field in [f for f in self.base.fields() if f.startswith("T.") and self.base.field_rels(f)]:
                self.t_field = field  # every phase starts at the stated temperature
                self._initial_temperature(q, stated)
            self.t_field = "T"
            return
        handler = getattr(self, f"_{q.role}", None)
        if handler is None:
            what = q.role.replace('_', ' ')
            self.refuse(q, f"Casewright cannot set {'an' if what[:1] in 'aeiou' else 'a'} {what} in this {self.solver} case")
            return
        handler(q, stated)

    _stated: list[StatedQuantity] = []

    def _dictionaries(self) -> list[str]:
        out: list[str] = []
        for folder in ("constant", "system"):
            root = self.base.root / folder
            if root.is_dir():
                out += sorted(f"{folder}/{p.name.removesuffix('.gz')}" for p in root.iterdir()
                              if p.is_file() and not p.name.endswith((".orig", ".org", ".template")))
        out += sorted(rel for rel in made_files(self.base.root) if rel not in out)
        return out + sorted(rel.removesuffix(".gz") for rel in self.base.resources()
                            if rel.split("/", 1)[0] in ("constant", "system") and rel.count("/") == 1
                            and rel.removesuffix(".gz") not in out)

    def value_at(self, low: str, q: StatedQuantity) -> int:
        """Where a stated value is in the lower-case text `low`, -1 if nowhere: a whole number ("5 degc"
        is not the end of "45 degc"), and the n-th of equal values ("floor: 15 degC, ceiling: 15
        degC") at the n-th place the text is."""
        index = next((i for i, s in enumerate(self._stated) if s is q), 0)
        nth = [s.text for s in self._stated[:index]].count(q.text)
        hits = [m.start() for m in re.finditer(rf"(?<![\w.]){re.escape(q.text.lower())}", low)]
        return hits[min(nth, len(hits) - 1)] if hits else low.find(q.text.lower())

    def _words_of(self, q: StatedQuantity) -> tuple[str, str]:
        """(its clause, its sentence) up to the quantity, each with the words right after it; a
        listed value with its own place ("hot and cold walls at 40 and 10 degC") reads only that."""
        own = own_place(q)
        if own is not None:
            return f"{own} {q.text.lower()}", f"{own} {q.text.lower()}"
        text = normalise(self.text).lower()
        at = self.value_at(text, q)
        if at < 0:
            return "", ""
        sentence = re.split(r"[.!?]\s|\n", text[max(0, at - 160):at])[-1]
        clause = re.split(r"[,;:]\s*", sentence)[-1]
        key = list_key(sentence, text[at + len(q.text):at + len(q.text) + 120]) or appositive_lead(sentence)
        if key is not None:  # "- side inlets: 450 K", "fuel: 20 cm/s, 320 K": the item's key is its words;
            clause = f"{key} {clause}"  # "the air temperature, 300 K, ...": the phrase it stands for
        digits = list(re.finditer(r"\d", clause))
        if digits:  # "1 bar on the right and 10 bar", "the water at 290 K and the air at": the words
            # after the join are this value's own when they name something
            parts = re.split(_JOIN, clause[digits[-1].end():])
            if len(parts) > 1 and (_PLACE_CUE.search(parts[0]) or own_words(parts[-1])):
                clause = parts[-1]
        after = words_until_next_key(text[at + len(q.text):at + len(q.text) + 120])
        own = re.split(_JOIN, after, maxsplit=1)  # "... on the right and 10 bar on the left": up to the next value
        if len(own) > 1:
            split = next_value_words(own[1])
            # words that name something before the next value are that value's ("while the left half is
            # at 10 bar", "and the air at 310 K", however far the next value is); a place named after
            # both ("1.5 bar and 350 K on the left") is shared
            if _PLACE_CUE.search(own[0][:40]):
                after = own[0]
            elif split is not None and own_words(split[0]):
                after = f"{own[0]} {split[1]}"
        after = after[:40]  # the words right after it
        return f"{clause} {q.text.lower()} {after}", f"{sentence} {q.text.lower()} {after}"

    @staticmethod
    def _keep_dims(old: str, value: float) -> str:
        """`[0 2 -1 0 0 0 0] 1e-05` keeps its dimension set; `nu nu [..] 1e-5` its name."""
        m = re.match(r"^(.*?\])\s*[-+\d.eE]+\s*$", old)
        if m:
            return f"{m.group(1)} {fmt(value)}"
        m = re.match(r"^(\w+\s+)?[-+\d.eE]+$", old.strip())
        return f"{(m.group(1) or '') if m else ''}{fmt(value)}"


def bind_all(base_dir: Path, solver: str, text: str, stated: list[StatedQuantity], olds: list | None = None) -> Binder:
    """Bind every stated quantity to the base case; geometry lengths are left to the geometry layer. `olds`:
    the old values a change request names beside its new ones ("5 cm instead of 10 cm", when the text given
    no longer holds them: tasks.edit.modify_instead.OldValue)."""
    binder = Binder(Base(base_dir), solver, text)
    binder.olds = olds
    unread = [q for q in stated if q.quantity == UNREAD]  # in a unit no binder reads: no binder sees them
    stated[:] = [q for q in stated if q.quantity != UNREAD]
    binder._stated = stated
    turned = bind_phase_turbulence(binder, stated)  # "kinetic theory for the particles": before the model's coefficients
    models = turned + bind_layers(binder, stated)  # "DT 1000 m2/s for z < 0 and 1 m2/s above": per-region values
    models += bind_waves(binder, stated) + bind_coefficients(binder, stated)  # a wave's height, period, still-water depth: before any size or time pass
    models += bind_radiation(binder, stated)  # "radiation solved every 5 iterations", a solar flux: before the run controls
    models += bind_phase_coeffs(binder, stated)  # IATE dMax/dMin, isothermal d0/p0, a phase's residualAlpha
    models += screen_pair_tensions(binder, stated)  # "sigma water/glycerol" on a case without it, "other pairs keep 0.07"
    models += binder.bind_oscillations(stated)  # a value oscillating in time: before any pass writes it steady
    models += binder.bind_cloud_first(stated)  # "Rosin-Rammler with d = 80 um, n = 3", "injected between t = 0 and 1 s"
    models += bind_ignition(binder, stated)  # a spark's place, size, start, duration: before the run controls
    models += binder.bind_models(stated) + binder.bind_controls(stated)
    models += binder.pair_speeds([q for q in stated if not any(q is m for m in models)])
    named = models + binder.bind_named(stated, skip=models)
    named += binder.bind_motion_amplitudes(stated)  # "the box heaves 5 cm", "sways 10 deg": its amplitude (bind_motion)
    named += binder.bind_fields(stated, skip=named)
    named += binder.bind_phase_values(stated)
    named += binder.bind_small_lengths(stated, skip=named)  # a film's thickness, a roughness: no domain size
    named += binder.bind_species(stated)
    named += binder.bind_initial_velocities(stated, skip=named)
    named += binder.bind_region_boxes(stated)
    # an angle of attack turns every velocity after it
    ordered = sorted(stated, key=lambda q: q.role != "angle" and not binder.attack_angle(q))
    for q in ordered:
        if q.role == "range":  # "hot wall between 300 and 320 K": no one value, whatever patch it names
            binder.bind(q, stated)
            continue
        if binder.bind_region_size(q):
            continue
        if q.role == "geometry" or any(q is n for n in named) or binder.bind_load(q) or binder.bind_cloud(q) or \
                binder.bind_patch(q) or binder.bind_region(q):
            continue
        binder.bind(q, stated)
    binder.bind_ramps(stated)  # "inlet ramps to 10 m/s over 0.1 s": the bound inlet values become tables in time
    pin_internal_readers(binder)  # "initially 400 K": an inlet reading $internalField keeps its value
    binder.follow_preprocessing()  # a 0/ patch value changeDictionary or createBaffles writes over: set there too
    binder.follow_region_temperatures(stated)  # "hall and panels start at 20 degC": 0/T and 0/panelRegion/T
    binder.bind_turn_words(stated)  # "reverse the rotation", "the stator turns the other way": no speed stated
    bind_phase_models(binder)  # "Ishii-Zuber drag", "no virtual mass": the Euler-Euler pair models named
    bind_schemes(binder)  # "vanLeer for T", "Crank-Nicolson 0.9", "least squares gradients": fvSchemes
    # "the lower half filled with water", "water up to 0.3 m": the interface of the base's setFields box
    binder.filled = apply_fills(binder, text, stated)
    binder.filled += apply_region_boxes(binder, text, stated)  # "water column x 0-0.5, ...", "obstacle (..)-(..)"
    binder.restated_ratios()  # "N2 5e19 and O2 5e19 (50/50)": the members' ratio, no fill
    binder.one_gas_state()  # dsmcFoam: a free stream the gas also starts in
    for q in read_by_name(stated + unread):  # "absorptivity 0.2 1/m" was read by its name after all
        if any(q is u for u in unread):
            binder.refuse(q, q.note or f"{q.text}: a unit Casewright does not read")
    stated += unread
    keep_end_written(binder, stated)  # a run shortened below its write interval: its end still written
    return binder


def _regex_names(key: str) -> list[str]:
    """The plain names a (quoted) regex key of alternatives stands for (`"(k|epsilon|omega)"`,
    `"U|k"`, `"(U|k)Final"` -> Ufinal...); [] for any other key. Setting one of them writes an
    entry of that name, which OpenFOAM prefers to the pattern."""
    m = re.fullmatch(r'"?\(?(?P<alts>\w+(?:\|\w+)+)\)?(?P<suffix>\w*)"?', key)
    return [f"{alt}{m.group('suffix')}" for alt in m.group("alts").split("|")] if m else []


def oscillating_values(base_dir: Path, solver: str, text: str, stated: list[StatedQuantity]) -> list[StatedQuantity]:
    """The stated boundary values `text` makes oscillate in time (with their rate), for a planner
    that bound values itself (a family recipe) to hand them to the binder instead."""
    probe = Binder(Base(base_dir), solver, text)
    probe._stated = stated
    found = [q for q in stated if q.role in OSCILLATING_ROLES and probe.oscillation_of(q)]
    rate = probe.oscillation_rate()
    return found + ([rate] if found and rate is not None else [])


def ramped_values(base_dir: Path, solver: str, text: str, stated: list[StatedQuantity]) -> list[StatedQuantity]:
    """The stated boundary values `text` ramps over a time (with their start values and the ramp
    time), for a planner that bound values itself (a family recipe) to hand them to the binder."""
    probe = Binder(Base(base_dir), solver, text)
    probe._stated = stated
    return probe.ramp_quantities(stated)
