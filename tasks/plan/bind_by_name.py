"""Binder steps for values a request gives by name: a field of the base ("B 10 T (y)",
"inlet T 5", "sludge alpha 0.002") and a selectable model with its coefficients ("a
Bird-Carreau fluid, nu0 0.01, n 0.5"). Mixed into `tasks.plan.bind.Binder`, whose recording
(`set`, `refuse`), patch roles and base view they use.
"""

from __future__ import annotations

import math
import re
from typing import ClassVar

from tasks.core.config import get_settings
from tasks.foam import dictionary as fd
from tasks.plan.controls import (
    FIELD_NAMES,
    SWITCH_WORDS,
    algorithm_switches,
    solver_controls,
    solver_entries,
)
from tasks.plan.extract import normalise
from tasks.plan.foam_values import VECTOR as _VECTOR
from tasks.plan.foam_values import direction as _direction
from tasks.plan.foam_values import fmt, vec
from tasks.plan.foam_values import leaves as _leaves
from tasks.plan.foam_values import leaves_get as _leaves_get
from tasks.plan.foam_values import magnitude as _magnitude
from tasks.plan.bind_places import overlaps, own_span
from tasks.plan.bind_relax import factor_ok, relaxation_pairs, relaxation_said, residual_said
from tasks.plan.stated import Binding, StatedQuantity, written_as


class ByNameBinding:
    # models switched by name ("a Bird-Carreau fluid: nu0 0.01, n 0.5") ------------------------
    def bind_models(self, stated: list[StatedQuantity]) -> list[StatedQuantity]:
        """Switch a selectable model the request names (transportModel CrossPowerLaw ->
        BirdCarreau) and set the coefficients it states in <Model>Coeffs; the coefficient
        names and defaults come from a tutorial that uses the model."""
        from tasks.plan.models import model_table, named_model, switchable
        from tasks.plan.named import (
            _LINK,
            _SYMBOL_LINK,
            _value_after,
            aliases,
            stated_for,
        )

        table = model_table(str(get_settings().tutorials_dir))
        taken: list[StatedQuantity] = self._porous_coefficients(stated) + self._named_in_several_files(stated)
        text = normalise(self.text)
        for rel in self._dictionaries():
            body = self.base.text(rel) or ""
            for entry, raw in _leaves(body):
                key, current = entry[-1], raw.strip()
                models = [m for m in table.get(key, {}) if switchable(key, m)]
                if not models or not re.fullmatch(r"\w+", current):
                    continue
                hit = named_model(text, models + ([current] if current not in models else []))
                if hit is None:
                    continue
                model = hit[0]
                coeffs_path = entry[:-1] + [f"{model}Coeffs"]
                have = fd.get(body, coeffs_path) is not None
                coeffs = {e[-1]: v for e, v in _leaves(body) if e[:-1] == coeffs_path} if have else \
                    dict(table.get(key, {}).get(model, {}))
                if not coeffs:
                    continue
                if model != current:
                    self.set(rel, entry, model, f"{key} {model} (named in the request; was {current})")
                    self.assumptions.append(f"{key} {model} instead of the base's {current}; coefficients not "
                                            f"stated keep {'the base' if have else 'a tutorial'}'s values")
                phrases = {c: [c] + [p for p, names in aliases().items() if c in names] for c in coeffs}
                stated_coeffs: dict[str, tuple[StatedQuantity, float]] = {}
                used: set[int] = set()  # a value goes to one coefficient ("consistency index 5" is k, not n)
                pairs = sorted(((c, n) for c, names in phrases.items() for n in names), key=lambda cn: -len(cn[1]))
                for coeff, name in pairs:  # longest phrase first: "consistency index" before "index"
                    flags = re.I if name != coeff else 0
                    for m in re.finditer(rf"(?<![\w.'-]){re.escape(normalise(name))}(?![\w.'-])", text, flags):
                        got = _value_after(text, m.end(), _SYMBOL_LINK if name == coeff else _LINK)
                        if not got or coeff in stated_coeffs or got[2] in used:
                            continue
                        used.add(got[2])
                        q = _stated_at(text, got[2], got[1], got[0], stated) or \
                            stated_for((coeff, got[0], got[1], got[2]), [])
                        if any(q is t for t in taken):
                            continue
                        if q not in stated:
                            stated.append(q)
                        stated_coeffs[coeff] = (q, got[0])
                        taken.append(q)
                for coeff, (q, value) in stated_coeffs.items():
                    coeffs[coeff] = self._keep_dims(coeffs[coeff], value)
                if have:
                    for coeff, (q, _) in stated_coeffs.items():
                        self.set(rel, coeffs_path + [coeff], coeffs[coeff], f"{model} {coeff}", q)
                else:
                    self.set(rel, coeffs_path, coeffs, f"{model} coefficients (from a tutorial that uses it)")
                    for coeff, (q, _) in stated_coeffs.items():
                        self.bindings.append(Binding(stated=q.text, file=rel, entry=coeffs_path + [coeff],
                                                     value=coeffs[coeff], how=f"{model} {coeff}"))
        return taken

    # solver controls and switches ("3 non-orthogonal correctors", "no momentum predictor") ----
    def bind_controls(self, stated: list[StatedQuantity]) -> list[StatedQuantity]:
        """Set the stated solver controls in fvSolution and the switches in the dictionaries
        that hold them; returns the stated quantities taken."""
        taken = [q for q in stated if q.quantity in ("control", "switch")]
        taken += self._read_as_controls(taken, stated)
        taken += self._relaxation_list(stated)
        for q in taken:
            if q.quantity not in ("control", "switch"):
                continue
            if q.quantity == "switch":
                self._bind_switch(q)
            elif q.role == "control:residualControl":
                self._bind_residual(q)
            elif q.role.startswith("control:relaxationFactors"):
                self._bind_relaxation(q)
            elif q.role.startswith("control:solvers:"):
                self._bind_tolerance(q)
            else:
                self._bind_count(q)
        return taken

    def _relaxation_list(self, stated: list[StatedQuantity]) -> list[StatedQuantity]:
        """The "name factor" pairs of a list relaxation words lead ("relaxation factors: U 0.7,
        k 0.6") that the solver controls did not read, one relaxation control each, for the
        base's fields; added to `stated`."""
        out: list[StatedQuantity] = []
        text = normalise(self.text)
        for name, value, at, words in relaxation_pairs(text):
            if self.in_control_words(at):
                continue  # read as a control already ("relax p 0.3, U 0.7")
            if not (self.base.field_rels(name) or name.lower() in FIELD_NAMES):
                continue
            q = StatedQuantity(text=f"relaxationFactors {name} {fmt(value)}", quantity="control", value=value,
                               role=f"control:relaxationFactors:{name}")
            if any(s.text == q.text for s in stated):
                continue
            stated.append(q)
            out.append(q)
            self.relaxation_at.append(at)
        return out

    relaxation_at: list[int] = []  # where the relaxation list's factors stand in the normalised request

    def in_control_words(self, at: int) -> bool:
        """Position `at` of the normalised request lies in the words of a stated control ("p"
        and "0.3" in "relax p 0.3" name no field and no entry of their own)."""
        return at in self.relaxation_at or \
            any(c.start <= at < c.start + len(c.text) for c in solver_controls(normalise(self.text)))

    _FV_SOLUTION = "system/fvSolution"
    _NOT_ALGORITHMS = ("FoamFile", "solvers", "relaxationFactors", "cache")

    def _algorithm(self, key: str | None = None) -> str | None:
        """The fvSolution dictionary the solver reads its controls from (SIMPLE, PISO, PIMPLE,
        potentialFlow, stressAnalysis, ...): the one the solver's name names, else the only one
        (holding `key`, when given)."""
        text = self.base.text(self._FV_SOLUTION) or ""
        algos = [e.name for e in fd.entries(text) if e.kind == "dict" and e.name not in self._NOT_ALGORITHMS]
        holding = [a for a in algos if key and fd.find(text, [a, key]) is not None] or algos
        named = [a for a in holding if re.findall(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+", a)[0].lower() in self.solver.lower()]
        if len(named) == 1:
            return named[0]
        return holding[0] if len(holding) == 1 else None

    def _read_as_controls(self, controls: list[StatedQuantity], stated: list[StatedQuantity]) -> list[StatedQuantity]:
        """The other stated quantities whose number a named control holds ("max time step 5 ms"
        is maxDeltaT, not the time step; "max alpha Courant 0.3" is maxAlphaCo, not maxCo):
        taken with the control, so no other binder sets them."""
        text = normalise(self.text)
        out: list[StatedQuantity] = []
        found = solver_controls(text)
        held = [(c.start, c.start + len(c.text)) for c in found]
        for c in found:
            if c.number == c.text or not any(q.role == f"control:{c.key}" for q in controls):
                continue  # a control read from its words alone
            words = (c.start, c.start + len(c.text))
            others = [h for h in held if h != words]
            raw, at = c.number, c.number_at
            same = _stated_at(text, at, raw, c.value, [q for q in stated if q.quantity not in
                                                       ("control", "switch", "parameter")])
            if same is not None and not _in_words(text, same, stated, held, others, words):
                same = None  # "max time step 0.01 s, write every 0.01 s": the write interval is written elsewhere
            if same is None:  # "0.3" of "Courant number of 0.3" was read with its words
                same = next((q for q in stated if q.quantity not in ("control", "switch") and
                             abs(q.value - c.value) <= 1e-9 * max(1.0, abs(c.value)) and
                             q.text.endswith(raw) and text[max(0, at - 40):at + len(raw)].endswith(q.text)
                             and _in_words(text, q, stated, held, others, words)), None)
            if same is not None and not any(same is t for t in out):
                out.append(same)
        return out

    def _named_control(self, key: str) -> list[tuple[str, list[str]]]:
        """Where the base has the numeric control `key` outside fvSolution's algorithm
        dictionaries: controlDict's top level, every solver dictionary of fvSolution that has it
        (a regex key such as "alpha.water.*" included)."""
        where: list[tuple[str, list[str]]] = []
        home = self.control_home(key)
        if home is not None:
            where.append(home)
        fv = self.base.text(self._FV_SOLUTION) or ""
        where += [(self._FV_SOLUTION, e) for e in solver_entries(fv, [], key)]
        return where

    def control_home(self, key: str) -> tuple[str, list[str]] | None:
        """Where controlDict's own (top-level) `key` is: controlDict, else a file it #includes
        (windshieldCondensation's system/solverControls); never a function object's entry of the
        same name. None when neither has it."""
        control = self.base.text("system/controlDict") or ""
        if fd.find(control, [key]) is not None:
            return "system/controlDict", [key]
        for include in re.findall(r'^\s*#include\s+"([^"/]+)"', fd.strip_comments(control), re.M):
            rel = f"system/{include}"
            if fd.find(self.base.text(rel) or "", [key]) is not None:
                return rel, [key]
        return None

    def _bind_count(self, q: StatedQuantity) -> None:
        from tasks.plan.controls import installed_controls

        key = q.role.removeprefix("control:")
        if key == "writeInterval" and q.value != int(q.value):  # "writeInterval 0.05": seconds, not steps
            self._write_interval(q.model_copy(update={"quantity": "time"}), [])
            return
        fv = self.base.text(self._FV_SOLUTION) or ""
        held = self._named_control(key)
        in_algorithm = any(fd.find(fv, [a, key]) is not None for a in fd.keys(fv, []) if a not in self._NOT_ALGORITHMS)
        if held and not in_algorithm:
            for rel, entry in held:
                raw = _leaves_get(self.base.text(rel) or "", entry)
                value = str(int(q.value)) if q.value == int(q.value) and re.fullmatch(r"[-+]?\d+", raw.strip()) \
                    else fmt(q.value)
                self.set(rel, entry, value, f"{key} = {value} (named in the request)", q)
            return
        known = installed_controls(str(get_settings().tutorials_dir))
        elsewhere = set(known.get("controlDict", [])) | set(known.get("solvers", []))
        if not in_algorithm and key in elsewhere:  # maxAlphaCo on a single-phase base: nothing reads it
            if key in known.get("controlDict", []):
                self.refuse(q, f"the base case has no {key} in system/controlDict, and {self.solver} may not read "
                               f"it: choose a base that has it, or add it by hand")
            else:
                self.refuse(q, f"no linear solver of the base's {self._FV_SOLUTION} has {key} (its solvers may not "
                               f"take it): add it by hand to the solver it is for")
            return
        algo = self._algorithm(key)
        if algo is None:
            self.refuse(q, f"which dictionary of {self._FV_SOLUTION} {self.solver} reads {key} from is not clear")
            return
        self.set(self._FV_SOLUTION, [algo, key], str(int(q.value)), f"{key} in {algo}", q)

    def _bind_residual(self, q: StatedQuantity) -> None:
        """A residual target: every field's tolerance in residualControl; a steady (SIMPLE)
        dictionary without one gets one for all fields."""
        text = self.base.text(self._FV_SOLUTION) or ""
        algo = self._algorithm("residualControl")
        found = [(e, raw) for e, raw in _leaves(text) if algo and e[:2] == [algo, "residualControl"] and
                 re.fullmatch(r"[-+\d.eE]+", raw)]
        for entry, _ in found:
            self.set(self._FV_SOLUTION, entry, fmt(q.value), f"residual target of {fd.unquote(entry[-1])}", q)
        if found:
            return
        if algo == "SIMPLE":
            self.set(self._FV_SOLUTION, [algo, "residualControl"], {'".*"': fmt(q.value)}, "residual target")
            self.bindings.append(Binding(stated=q.text, file=self._FV_SOLUTION, entry=[algo, "residualControl"],
                                         value=fmt(q.value), how="residual target of every field"))
            return
        self.refuse(q, f"a residual target ends a steady (SIMPLE) run; {self.solver}'s {algo or 'fvSolution'} "
                       f"has no residualControl with one tolerance per field")

    def _bind_relaxation(self, q: StatedQuantity) -> None:
        """A relaxation factor for the fields the words name (pressure: p_rgh or p), else for
        every factor of relaxationFactors; a field only a regex key covers gets its own key."""
        text = self.base.text(self._FV_SOLUTION) or ""
        word = q.role.split(":", 2)[2]
        if not factor_ok(q.value):
            self.refuse(q, f"a relaxation factor lies in (0, 1]; {fmt(q.value)} is not one: state a factor such "
                           f"as 0.3 for pressure or 0.7 for the other fields")
            return
        fields = [f for f in FIELD_NAMES.get(word.lower(), [word]) if self.base.field_rels(f)][:1] if word else []
        factors = [(e, raw) for e, raw in _leaves(text) if e[0] == "relaxationFactors" and re.fullmatch(r"[-+\d.eE]+", raw)]
        if word and not fields:
            self.refuse(q, f"the base case solves no {word} field to relax")
            return
        if not word:
            for entry, _ in factors:
                self.set(self._FV_SOLUTION, entry, fmt(q.value), f"relaxation factor of {fd.unquote(entry[-1])}", q)
            if not factors:
                self.refuse(q, "the base case has no relaxation factors; name the field to relax")
            return
        field = fields[0]
        exact = [e for e, _ in factors if e[-1] == field]
        covering = [e for e, _ in factors if fd.key_matches(e[-1], field)]
        if exact or covering:
            path = exact[0] if exact else covering[0][:-1] + [field]
        else:
            path = ["relaxationFactors", "fields" if field.startswith("p") else "equations", field]
        self.set(self._FV_SOLUTION, path, fmt(q.value), f"relaxation factor of {field}", q)

    def _bind_tolerance(self, q: StatedQuantity) -> None:
        """A linear-solver tolerance (or relTol) for the solvers of the fields the words name
        (pressure: p_rgh or p, with their Final variants), else for every solver that has one."""
        text = self.base.text(self._FV_SOLUTION) or ""
        _, _, key, word = q.role.split(":", 3)
        fields = [f for f in FIELD_NAMES.get(word.lower(), [word]) if self.base.field_rels(f)][:1] if word else []
        if word and not fields:
            self.refuse(q, f"the base case solves no {word} field")
            return
        entries = solver_entries(text, fields, key)
        if not entries:
            self.refuse(q, f"no linear solver of {self._FV_SOLUTION} has a {key} for "
                           f"{fields[0] if fields else 'any field'}")
            return
        for entry in entries:
            self.set(self._FV_SOLUTION, entry, fmt(q.value), f"{key} of the {entry[1]} solver", q)

    def _bind_switch(self, q: StatedQuantity) -> None:
        """A switch turned on or off where the base has it, written in the base's own words
        (on/off, yes/no, true/false)."""
        name = q.role.removeprefix("switch:")
        done = False
        for rel in self._dictionaries():
            for entry, raw in _leaves(self.base.text(rel) or ""):
                if entry[-1] == name and raw in SWITCH_WORDS and "functions" not in entry:
                    on = raw in ("on", "yes", "true")
                    new = raw if on == bool(q.value) else SWITCH_WORDS[raw]
                    self.set(rel, entry, new, f"{name} {new} ({q.text})", q)
                    done = True
        algo = self._algorithm()
        if not done and algo and name in algorithm_switches(str(get_settings().tutorials_dir)):
            self.set(self._FV_SOLUTION, [algo, name], "yes" if q.value else "no", f"{name} ({q.text})", q)
        elif not done:
            self.refuse(q, f"the base case has no {name} switch to turn {'on' if q.value else 'off'}")

    # properties by their meaning ("an ion mobility of 2e-4 m2/(V s)", "5 mS/cm") --------------
    _MEANINGS: ClassVar[dict[str, str]] = {"mobility": "mobility", "conductivity": "electrical conductivity",
                                           "charge_density": "charge density", "surface_tension": "surface tension",
                                           "thermal_conductivity": "thermal conductivity",
                                           "specific_heat": "specific heat"}

    def _by_meaning(self, q: StatedQuantity, stated: list[StatedQuantity]) -> None:
        """A quantity whose unit says what it is: the one entry of the base that the quantity's
        name means (canonical/entry_names.yaml), keeping its dimension set."""
        from tasks.plan.named import aliases

        phrase = self._MEANINGS[q.role]
        names = aliases().get(phrase, [])
        index = self.entry_index()
        for name in names:
            if len(index.get(name, [])) == 1:
                rel, entry = index[name][0]
                self.set(rel, entry, self._keep_dims(_leaves_get(self.base.text(rel) or "", entry), q.value), phrase, q)
                return
        self.refuse(q, f"the base case has no {phrase} entry ({', '.join(names) or 'none known'})")

    _mobility = _conductivity = _charge_density = _surface_tension = _thermal_conductivity = _specific_heat = \
        _by_meaning

    # a porous zone's resistance ("a Darcy coefficient of 1e8 m^-2") ----------------------------
    def _darcy(self, q: StatedQuantity, stated: list[StatedQuantity]) -> None:
        """The Darcy coefficient of the base's DarcyForchheimer zone (porosityProperties, fvOptions'
        explicitPorositySource): a scalar D that d refers to ($D), else the positive components
        of the vector d (a negative one is a multiple of the largest and stays)."""
        done = False
        isotropic = bool(re.search(r"\bisotropic|\bevery direction|\ball directions", self._words_of(q)[1]))
        for rel in self._dictionaries():
            text = self.base.text(rel) or ""
            for entry, raw in _leaves(text):
                if entry[-1] not in ("D", "d") or fd.get(text, entry[:-1] + ["type"]) != "DarcyForchheimer":
                    continue
                if entry[-1] == "D" and re.fullmatch(r"[-+\d.eE]+", raw.strip()):
                    self.set(rel, entry, fmt(q.value), "Darcy coefficient", q)
                    done = True
                elif entry[-1] == "d" and "$" not in raw and _VECTOR.search(raw):
                    numbers = [float(x) for x in _VECTOR.search(raw).groups()]
                    new = vec([q.value if x > 0 or isotropic else x for x in numbers])
                    self.set(rel, entry, _VECTOR.sub(new, raw, count=1), "Darcy coefficient (d)", q)
                    done = True
        if not done:
            self.refuse(q, "the base case has no DarcyForchheimer porous zone (porosityProperties or fvOptions) "
                           "to set a Darcy coefficient in")

    # the kind of quantity (tasks.plan.units) each coefficient's unit makes: d in 1/m2 ("darcy");
    # f in 1/m, which no stated kind is (a stated quantity of any kind has other dimensions)
    _POROUS_KINDS: ClassVar[dict[str, str]] = {"d": "darcy", "f": "parameter"}

    def _porous_coefficients(self, stated: list[StatedQuantity]) -> list[StatedQuantity]:
        """The d / f vectors of the base's DarcyForchheimer zones the request names by symbol or
        meaning ("d = (5e7 -1000 -1000)", "Darcy d 1e8 along e1", "inertial coefficient 0.5
        1/m"): a stated unit must have the entry's dimensions (d 1/m2, f 1/m); returns the
        stated quantities taken (new unit-less ones are added to `stated`)."""
        from tasks.plan.named import find_porous_values, porous_vector

        zones = [(rel, entry, raw) for rel in self._dictionaries()
                 for entry, raw in _leaves(self.base.text(rel) or "")
                 if entry[-1] in ("d", "f") and _VECTOR.search(raw) and "$" not in raw
                 and fd.get(self.base.text(rel) or "", entry[:-1] + ["type"]) == "DarcyForchheimer"]
        if not zones:
            return []
        text = normalise(self.text)
        low = text.lower()
        taken: list[StatedQuantity] = []
        for found in find_porous_values(text):
            if not any(entry[-1] == found.key for _, entry, _ in zones):
                continue  # "d ($D $D $D)": the scalar D is the Darcy binder's
            q = next((s for s in stated if low.startswith(s.text.lower(), found.at)), None)
            if q is not None and q.quantity not in ("parameter", self._POROUS_KINDS[found.key]):
                self.refuse(q, f"{found.key} of a DarcyForchheimer zone is in 1/m{'2' if found.key == 'd' else ''}; "
                               f"{q.text} has other dimensions: state it per m{'^2' if found.key == 'd' else ''}")
                taken.append(q)
                continue
            if q is None:
                q = StatedQuantity(text=f"{found.key} {found.raw}", quantity="parameter",
                                   value=found.value if found.value is not None else found.vector[0],
                                   role=f"entry:{found.key}", vector=found.vector)
                stated.append(q)
            elif found.value is not None:
                found = found.model_copy(update={"value": q.value})  # in SI: "5e4 cm^-2" is 5e8 m^-2
            for rel, entry, raw in zones:
                if entry[-1] != found.key:
                    continue
                old = [float(x) for x in _VECTOR.search(raw).groups()]
                new = vec(porous_vector(old, found))
                way = "every direction" if found.component is None and found.vector is None else \
                    ("the whole vector" if found.vector is not None else f"e{found.component + 1}")
                self.set(rel, entry, _VECTOR.sub(new, raw, count=1), f"porous {found.key} ({way}) as stated", q)
            taken.append(q)
        return taken

    # one name in several dictionaries ("emissivity 0.8": a wall's or the gas's) ---------------
    def _named_in_several_files(self, stated: list[StatedQuantity]) -> list[StatedQuantity]:
        """A value set by an entry's name (or meaning) that the base has in several dictionaries:
        the one place whose dimension set the stated unit has ("absorptivity 0.2 1/m" is the
        medium's [0 -1 0 0 0 0 0], not a wall's pure number), else the one the words place
        (a wall's, the gas's); a refusal naming the places otherwise. Places in one file (each
        phase's rho) and relaxation factors are left to the by-name binder."""
        from tasks.plan.bind_relax import is_relaxation_entry, is_residual_entry
        from tasks.plan.named import find_named, stated_for

        index = self.entry_index()
        text = normalise(self.text)
        low = text.lower()
        taken: list[StatedQuantity] = []
        for match in find_named(self.text, index):
            name, value, raw, at = match
            where = index[name]
            if len({rel for rel, _ in where}) < 2 or any(is_relaxation_entry(*w) or is_residual_entry(*w) for w in where):
                continue
            near = low[max(0, at - 40):at]
            if len([w for w in where if any(part.lower() in near for part in w[1][:-1] + [w[0].rsplit("/", 1)[-1]])]) == 1:
                continue  # its words name the place: the by-name binder's
            number = re.match(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?", raw)
            dims = unit_dims_after(text, at + (number.end() if number else len(raw)))
            fit = [w for w in where if dims is not None and entry_dims(_leaves_get(self.base.text(w[0]) or "", w[1])) == dims]
            if not fit:
                fit = [w for w in where if place_said(w[0], near + low[at:at + 60])]
            q = stated_for(match, stated)
            if len(fit) != 1 and q in stated:
                continue  # a stated quantity of a known kind: its role binder may place it
            if q not in stated:
                stated.append(q)
            taken.append(q)
            if len(fit) != 1:
                places = ", ".join(f"{rel} ({'/'.join(entry)})" for rel, entry in where)
                self.refuse(q, f"the base has {name} in several places: {places}; say which (a wall's "
                               f"or the medium's) or give its unit")
                continue
            rel, entry = fit[0]
            self.set(rel, entry, self._keep_dims(_leaves_get(self.base.text(rel) or "", entry), value),
                     f"{name} = {fmt(value)} (named in the request; {rel})", q)
        return taken

    # the mesh ("32 cells per side") and the fields that follow its size ------------------------
    def _mesh_cells_each(self, q: StatedQuantity, stated: list[StatedQuantity]) -> None:
        """The same cell count in every direction the base's one-block mesh resolves (a 2D
        mesh keeps its one cell across)."""
        text, blocks = self.base.blocks()
        if len(blocks) != 1:
            self.refuse(q, f"the base mesh has {len(blocks)} blocks; a cell count per direction fits a one-block "
                           f"mesh: ask for a refinement factor ('refine the mesh by 2')")
            return
        new = [int(q.value) if c > 1 else c for c in blocks[0]]
        self._set_block_counts(text, blocks[0], new, q)

    def reset_sized_fields(self) -> None:
        """After the mesh changes size, every non-uniform list of the base's fields (an initial
        field a utility generated, boxTurb's U) holds the wrong number of values: each becomes
        uniform at its mean. A utility the run steps call (boxTurb, setFields) writes it anew."""
        reset = []
        for field in self.base.fields():
            for rel in self.base.field_rels(field):
                text = self.base.text(rel) or ""
                for entry, raw in fd.leaves(text):
                    if entry[0] in ("internalField", "boundaryField") and raw.lstrip().startswith("nonuniform"):
                        self.set(rel, entry, f"uniform {_mean_of_list(raw)}", "the mesh changed size")
                        reset.append(f"{rel} {'/'.join(entry)}")
        if reset:
            self.assumptions.append(f"the mesh changed size: non-uniform values become uniform at their mean "
                                    f"({', '.join(reset)})")

    # loads on a solid ("50 kPa traction on the right edge", "a pressure of 1 MPa on the hole") ---
    _PULL_WORDS = r"tract|pull|tension|tensile|load|stretch"

    _PUSH_WORDS = r"\bpressur|compress|push"

    def _pushes(self, clause: str, value: str) -> bool:
        """Whether the words make a load a pressure pushing on the face rather than a pull: the
        load word nearest the value ("load the plate by a pressure of 5 MPa" pushes, "a pressure
        vessel pulled by 5 MPa" pulls)."""
        head, _, tail = clause.partition(value)
        def nearest(words: str, last: bool) -> tuple[int, int]:
            push = [m.start() for m in re.finditer(self._PUSH_WORDS, words)]
            pull = [m.start() for m in re.finditer(self._PULL_WORDS, words)]
            pick = max if last else min
            return (pick(push) if push else -1), (pick(pull) if pull else -1)
        push, pull = nearest(head, True)
        if push >= 0 or pull >= 0:
            return push > pull
        push, pull = nearest(tail, False)
        return push >= 0 and (pull < 0 or push < pull)

    _FREE_WORDS = re.compile(r"\btraction[- ]?free\b|\bno (?:traction|load)\b|\bunloaded\b|\bfree of (?:traction|load)|"
                             r"\bload[- ]?free\b|\bstress[- ]?free\b|"
                             r"\b(?:edge|side|face|boundary|surface)s?\s+(?:is\s+|are\s+|left\s+|kept\s+)?free\b")
    _ALL_OTHER = re.compile(r"\b(?:outer|other|remaining|all)\s+(?:edges|sides|boundaries|faces)\b")

    def _free_of_load(self, rels: list[str], loaded: list[str], patch: str, sides: dict) -> None:
        """"Leave the right edge traction free", "outer edges traction-free": the named loaded
        boundaries (or all but the one the stated load is on) carry no traction and no pressure."""
        from tasks.plan.fields import names_patch

        low = normalise(self.text).lower()
        for clause in re.split(r"[,;]\s|\.\s|\binstead\b|\bbut\b", low):
            if not self._FREE_WORDS.search(clause):
                continue
            free = [p for p in loaded if p != patch and (names_patch(clause, p) or any(
                re.search(rf"\b{w}\b", clause) and p.lower().startswith(w) for s, ws in sides.items()
                if re.search(rf"\b{s}\b", clause) for w in ws))]
            if not free and self._ALL_OTHER.search(clause):
                free = [p for p in loaded if p != patch]
            for p in free:
                for rel in rels:
                    self.set(rel, ["boundaryField", p, "traction"], "uniform (0 0 0)", f"{p} traction free (as said)")
                    self.set(rel, ["boundaryField", p, "pressure"], "uniform 0", f"{p} traction free (as said)")
                self.assumptions.append(f"{p} carries no load (the request leaves it traction free)")

    def bind_load(self, q: StatedQuantity) -> bool:
        """A pressure-unit value on a patch of a solid whose displacement D has traction
        boundaries (tractionDisplacement): a pull is the traction vector (along the stated axis,
        else the base's direction there, else the side's outward normal), a pressure pushes in.
        The patch is the one the words name, else the only loaded one of the base."""
        rels = self.base.field_rels("D")
        loaded = [p for p, bc in self.base.patch_bcs("D").items() if bc == "tractionDisplacement"]
        if q.quantity != "pressure" or not rels or not loaded:
            return False
        text = self.base.text(rels[0]) or ""
        clause, _ = self._words_of(q)
        side = self._side_word(q)
        sides = {**self.sides, "top": (*self.sides["top"], "up"), "bottom": (*self.sides["bottom"], "down")}
        patches = [p for p in self._named_patches(clause) if p in loaded] or \
            [p for p in loaded if side and any(p.lower().startswith(w) for w in sides[side])]
        if not patches:
            patches = [p for p in loaded if _magnitude(_leaves_get(text, ["boundaryField", p, "traction"])) > 0 or
                       re.search(r"[1-9]", _leaves_get(text, ["boundaryField", p, "pressure"]))]
        if len(patches) != 1:
            self.refuse(q, f"which boundary carries {q.text} is not clear (traction boundaries: {', '.join(loaded)}); "
                           f"name it")
            return True
        patch = patches[0]
        self._free_of_load(rels, loaded, patch, sides)
        if self._pushes(clause, q.text.lower()):
            for rel in rels:
                self.set(rel, ["boundaryField", patch, "pressure"], f"uniform {fmt(q.value)}", f"pressure on {patch}", q)
                if _magnitude(_leaves_get(text, ["boundaryField", patch, "traction"])) > 0:  # the stated load replaces it
                    self.set(rel, ["boundaryField", patch, "traction"], "uniform (0 0 0)",
                             f"{patch} loaded by the stated pressure only")
            return True
        axis = self._axis_hint(q)
        base = _direction(_leaves_get(text, ["boundaryField", patch, "traction"]))
        outward = {"right": [1.0, 0.0, 0.0], "left": [-1.0, 0.0, 0.0], "top": [0.0, 1.0, 0.0],
                   "bottom": [0.0, -1.0, 0.0]}
        direction = [float(i == axis) for i in range(3)] if axis is not None else \
            base or outward.get(next((s for s, ws in sides.items() if any(patch.lower().startswith(w) for w in ws)), ""))
        if direction is None:
            self.refuse(q, f"the direction of the traction on {patch} is not clear; say it ('in x', '(1 0 0)')")
            return True
        for rel in rels:
            self.set(rel, ["boundaryField", patch, "traction"], f"uniform {vec([q.value * d for d in direction])}",
                     f"traction on {patch}", q)
            if re.search(r"[1-9]", _leaves_get(text, ["boundaryField", patch, "pressure"])):  # the stated load replaces it
                self.set(rel, ["boundaryField", patch, "pressure"], "uniform 0", f"{patch} loaded by the stated traction only")
        return True

    # fields set by name ("B 10 T (y)", "inlet T 5", "sludge alpha 0.002") -------------------
    _ROLE_FIELDS = ("U", "p", "p_rgh", "T")  # a value with a unit for these goes to its role's binder

    def bind_fields(self, stated: list[StatedQuantity], skip: list[StatedQuantity] = ()) -> list[StatedQuantity]:
        """Set the fields the request names with a value; returns the stated quantities taken
        (new ones for unit-less values are added to `stated`); `skip` are taken already."""
        from tasks.plan.fields import find_field_values

        taken: list[StatedQuantity] = []
        fields = [f for f in self.base.fields() if self.base.field_rels(f) and
                  "boundaryField" in (self.base.text(self.base.field_rels(f)[0]) or "")]
        dims = {}
        for f in fields:
            found = re.findall(r"-?\d+", fd.get(self.base.text(self.base.field_rels(f)[0]) or "", ["dimensions"]) or "")
            if len(found) >= 5:
                dims[f] = [int(x) for x in found] + [0] * (7 - len(found))
        tp = self.base.text("constant/transportProperties") or ""
        coupled_t = self.base.text("constant/thermophysicalProperties") is not None or \
            any(fd.find(tp, [k]) is not None for k in ("beta", "TRef", "Pr"))
        for fv in find_field_values(self.text, fields, list(self.roles), dims):
            low = normalise(self.text).lower()
            if self.in_control_words(fv.start) or relaxation_said(low, fv.start) or residual_said(low, fv.start):
                continue  # "relaxation factors: U 0.7, k 0.6": factors, set by name or as controls
            if fv.field == "T" and fv.named_as.lower() != "t" and coupled_t:
                continue  # "concentration", "tracer" name T only where T is a passive scalar
            same = _stated_at(normalise(self.text), fv.start, fv.text, fv.value, stated) \
                if fv.value is not None else None
            if same is not None and any(same is t for t in [*taken, *skip]):
                continue
            if same is not None and fv.field.split(".")[0] in self._ROLE_FIELDS and same.quantity != "fraction":
                continue  # "T 350 K", "p 1 bar": the role binders know kinematic pressure, regions, ...
            q = same or StatedQuantity(text=f"{fv.field} {fv.text}", quantity="parameter",
                                       value=fv.value if fv.value is not None else
                                       math.sqrt(sum(x * x for x in fv.vector or [])), role=f"field:{fv.field}")
            if same is None:
                stated.append(q)
            self._set_field(fv, q)
            taken.append(q)
        return taken

    def _field_value(self, fv, raw: str) -> str | None:
        """The value to write where the base has `raw`: a scalar, a given vector, or a vector of
        the stated magnitude along the named axis, else along the base's own direction there."""
        if fv.vector is not None:
            return vec(fv.vector)
        if not _VECTOR.search(raw):
            return fmt(fv.value)
        direction = fv.axis or _direction(raw)
        return vec([fv.value * d for d in direction]) if direction else None

    def _set_field(self, fv, q: StatedQuantity) -> None:
        from tasks.plan.fields import spoken

        rels = self.base.field_rels(fv.field)
        text = self.base.text(rels[0]) or ""
        bcs = self.base.patch_bcs(fv.field)
        patches = list(fv.patches)
        for place in fv.places:
            if place in ("inlet", "outlet"):
                patches += [p for p in self.patches(place) if p in bcs]
            elif place == "body":  # "at the wire": the one fixed patch that is not a side of the domain
                sides = r"left|right|up|down|top|bottom|front|back|inlet|outlet|in|out|side|empty|default|atmosphere"
                inner = [p for p in bcs if self.roles.get(p) not in ("constraint", "inlet", "outlet") and
                         not re.fullmatch(rf"(?:{sides})\w*", spoken(p).split()[0] if spoken(p) else "")]
                patches += inner if len(inner) == 1 else []
            elif place == "wall":
                patches += [p for p in self.patches("wall") + self.patches("moving_wall")
                            if bcs.get(p) in ("fixedValue", "uniformFixedValue")]
        internal = "internal" in fv.places or not patches
        internal_raw = " ".join((fd.get(text, ["internalField"]) or "").split())
        if internal and not fv.places and not fv.patches:
            same = [p for p, bc in bcs.items() if bc == "fixedValue" and
                    " ".join((fd.get(text, ["boundaryField", p, "value"]) or "").split()) == internal_raw]
            fixed = [p for p, bc in bcs.items() if bc == "fixedValue"]
            if same and same == fixed and re.search(r"[1-9]", internal_raw):  # one uniform imposed field
                patches = same
                self.assumptions.append(f"{q.text}: the base holds {fv.field} uniform over the domain and its "
                                        f"fixed-value patches ({', '.join(same)}); all of them take it")
            elif (source := self._source_patch(fv.field, internal_raw)) is not None:
                patches = [source]
                internal = False
                self.assumptions.append(f"{q.text}: {fv.field} is zero in the domain and set on {source} only in the "
                                        f"base (its source); {source} takes it")
            else:
                self.assumptions.append(f"{q.text}: no place named, so the initial {fv.field} (internalField)")
        if not patches and not internal:
            self.refuse(q, f"{fv.field} has no patch there (patches: {', '.join(bcs)})")
            return
        missing = False
        for rel in rels:
            text = self.base.text(rel) or ""
            if internal:
                raw = fd.get(text, ["internalField"]) or ""
                value = self._field_value(fv, raw if raw.startswith("uniform") else (_VECTOR.search(raw) and
                                                                                      _VECTOR.search(raw).group(0)) or raw)
                if value is None:
                    missing = True
                else:
                    self.set(rel, ["internalField"], f"uniform {value}", f"initial {fv.field}", q)
                    if fv.field == "T":
                        self._companion_temperatures(rel, fmt(fv.value), q)
            for patch in dict.fromkeys(patches):
                bc = fd.get(text, ["boundaryField", patch, "type"]) or ""
                key = {"uniformFixedValue": "uniformValue", "inletOutlet": "inletValue",
                       "freestream": "freestreamValue"}.get(bc, "value")
                raw = fd.get(text, ["boundaryField", patch, key]) or internal_raw
                value = self._field_value(fv, raw)
                if value is None:
                    missing = True
                    continue
                value = f"constant {value}" if key == "uniformValue" else f"uniform {value}"
                if bc in ("fixedValue", "uniformFixedValue", "inletOutlet", "freestream", "") and \
                        (key != "value" or fd.find(text, ["boundaryField", patch, "value"]) is not None or bc == ""):
                    self.set(rel, ["boundaryField", patch, key], value, f"{fv.field} on {patch}", q)
                else:
                    self.hold_fixed(rel, patch, value, fv.field, bc, q,
                                    f"{patch} holds {fv.field} = {fv.text} (fixedValue instead of {bc})")
        if missing:
            self.refuse(q, f"{fv.field} is a vector: say its direction ('in y', '(0 1 0)') or give the vector")

    def _source_patch(self, field: str, internal_raw: str) -> str | None:
        """The one fixed-value patch with a non-zero value of a field that is zero in the domain
        (electrostaticFoam's charge density on the wire): where a value for the field goes."""
        if re.search(r"[1-9]", internal_raw) or not internal_raw.startswith("uniform"):
            return None
        text = self.base.text(self.base.field_rels(field)[0]) or ""
        sources = [p for p, bc in self.base.patch_bcs(field).items() if bc == "fixedValue" and
                   re.search(r"[1-9]", _leaves_get(text, ["boundaryField", p, "value"]))]
        return sources[0] if len(sources) == 1 else None

    def _companion_temperatures(self, rel: str, value: str, q: StatedQuantity) -> None:
        """The other temperatures of the same gas start with T: the unburnt-gas Tu of a premixed
        flame, each phase's T.<phase>, when the base starts them at T's value."""
        folder, name = rel.rsplit("/", 1)
        if name.removesuffix(".orig") != "T":
            return  # a phase's own temperature (T.particles) leaves the other phases alone
        base_t = " ".join((fd.get(self.base.text(rel) or "", ["internalField"]) or "").split())
        for other in self.base.fields():
            if other == "T" or not re.fullmatch(r"T(?:u|\.\w+)", other):
                continue
            orel = f"{folder}/{other}"
            otext = self.base.text(orel)
            if otext is None or " ".join((fd.get(otext, ["internalField"]) or "").split()) != base_t:
                continue
            if any(e.file == orel and e.entry == ["internalField"] for e in self.edits):
                continue
            self.set(orel, ["internalField"], f"uniform {value}", f"initial {other} = initial T", q)
            self.assumptions.append(f"{other} starts at the initial T too (the base starts both at {base_t})")


def _in_words(text: str, q: StatedQuantity, stated: list[StatedQuantity], held: list[tuple[int, int]],
              others: list[tuple[int, int]], words: tuple[int, int]) -> bool:
    """`q` itself is written in a control's words: its own place (outside every control's words)
    overlaps them, or it has no place outside them and one inside these ("max alpha Courant 0.5"
    does not take the "Courant 0.5" written before it)."""
    outside = own_span(text, q, stated, held)
    if outside is not None:
        return overlaps(outside, *words)
    return overlaps(own_span(text, q, stated, others), *words)


def _stated_at(text: str, at: int, raw: str, value: float, stated: list[StatedQuantity]) -> StatedQuantity | None:
    """The stated quantity written `raw` at position `at` of the (normalised) request: with
    "lambda 2 s ... endTime 2 s", the second "2 s" is the second stated one."""
    same = [q for q in stated if written_as(q, raw) and abs(q.value - value) <= 1e-9 * max(1.0, abs(value))]
    low = text.lower()
    spans = {id(q): [(m.start(), m.end()) for m in re.finditer(re.escape(q.text.lower()), low)] for q in same}
    here = [q for q in same if any(a <= at < b for a, b in spans[id(q)])]
    if here:
        return here[0]
    if same and all(spans[id(q)] for q in same):
        return None  # each is written elsewhere ("Mach 2 (U 2, c = 1), endTime 2": the 2 of endTime is none)
    nth = len(re.findall(rf"(?<![\w.]){re.escape(raw.strip())}", text[:at]))
    return same[nth] if nth < len(same) else (same[-1] if same else None)


def _mean_of_list(raw: str) -> str:
    """The mean of a `nonuniform List<scalar|vector> N (...)` value, as OpenFOAM text."""
    body = raw[raw.find("(", raw.find("List")):] if "List" in raw else raw
    vectors = [[float(x) for x in m.groups()] for m in _VECTOR.finditer(body)]
    if vectors:
        return vec([sum(v[i] for v in vectors) / len(vectors) for i in range(3)])
    numbers = [float(x) for x in re.findall(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?", body)]
    return fmt(sum(numbers) / len(numbers)) if numbers else "0"


# words that place a value on a boundary (a wall's emissivity) or in the medium (the gas's)
_SURFACE_WORDS = re.compile(r"\b(?:walls?|surfaces?|boundar(?:y|ies)|patch(?:es)?|faces?|solid)\b")
_MEDIUM_WORDS = re.compile(r"\b(?:gas|medium|media|air|fluid|participating|volume|volumetric|bulk)\b")


def place_said(rel: str, words: str) -> bool:
    """The words put the value where `rel` holds it: a boundary dictionary for a wall's words,
    any other for the medium's (and only one of the two kinds is said)."""
    surface, medium = bool(_SURFACE_WORDS.search(words)), bool(_MEDIUM_WORDS.search(words))
    if surface == medium:
        return False
    return surface == ("boundary" in rel.rsplit("/", 1)[-1].lower())


def entry_dims(raw: str) -> tuple[int, ...] | None:
    """The SI dimensions (kg, m, s, K, A, rad) of an entry's `[0 -1 0 0 0 0 0]` set; a plain
    number is dimensionless."""
    from tasks.plan.units import _expression

    m = re.search(r"\[([^\]]*)\]", raw)
    if m is None:
        return (0, 0, 0, 0, 0, 0) if re.fullmatch(r"[-+\d.eE]+", raw.strip()) else None
    inner = m.group(1).strip()
    if re.fullmatch(r"[-\d\s.]+", inner):
        d = [int(float(x)) for x in inner.split()]
        return (d[0], d[1], d[2], d[3], d[5], 0) if len(d) == 7 else None
    stops = [s for s in _expression(inner, 0) if s.end == len(inner)]  # "[ m^-1 ]", "[kg/m^3]"
    return tuple(stops[0].unit.dims) if stops else None


def unit_dims_after(text: str, at: int) -> tuple[int, ...] | None:
    """The dimensions of the unit written right after a number ("1/m", "m^-1", "per metre"),
    (0,)*6 when no unit follows (the next word is no unit), None when unreadable."""
    from tasks.plan.units import _expression

    m = re.match(r"\s*(?:(per)\s+)?", text[at:])
    start = at + m.end()
    stops = _expression(text, start)
    if not stops:
        return (0, 0, 0, 0, 0, 0) if not m.group(1) else None
    dims = max(stops, key=lambda s: s.end).unit.dims
    return tuple(-x for x in dims) if m.group(1) else tuple(dims)
