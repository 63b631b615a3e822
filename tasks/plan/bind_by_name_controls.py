"""Binder steps for solver controls and switches a request names ("3 non-orthogonal
correctors", "no momentum predictor", "relaxation factors: U 0.7, k 0.6", "residuals 1e-5").
Part of `tasks.plan.bind_by_name.ByNameBinding`.
"""

from __future__ import annotations

import re

from tasks.core.config import get_settings
from tasks.foam import dictionary as fd
from tasks.plan.bind_by_name_common import _in_words, _stated_at
from tasks.plan.bind_relax import factor_ok, relaxation_pairs
from tasks.plan.controls import (
    FIELD_NAMES,
    SWITCH_WORDS,
    algorithm_switches,
    solver_controls,
    solver_entries,
)
from tasks.plan.extract import normalise
from tasks.plan.foam_values import fmt
from tasks.plan.foam_values import leaves as _leaves
from tasks.plan.foam_values import leaves_get as _leaves_get
from tasks.plan.stated import Binding, StatedQuantity

class ControlBinding:
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

    def in_control_words(self, at: int, text: str | None = None) -> bool:
        """Position `at` of the normalised request (or of `text`, the request as a binder rewrote it)
        lies in the words of a stated control ("p" and "0.3" in "relax p 0.3" name no field and no
        entry of their own)."""
        said = self.text if text is None else text
        return (said == self.text and at in self.relaxation_at) or \
            any(c.start <= at < c.start + len(c.text) for c in solver_controls(normalise(said)))

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
        raw = (fd.get(self.base.text(self._FV_SOLUTION) or "", [algo, key]) or "").strip()
        count = q.value == int(q.value) and (not raw or re.fullmatch(r"[-+]?\d+", raw))  # a coefficient keeps its fraction
        self.set(self._FV_SOLUTION, [algo, key], str(int(q.value)) if count else fmt(q.value), f"{key} in {algo}", q)

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
        elif not done:  # a switch kept in a sub-dictionary (tabulation { active on; }), else refused
            self.bind_kept_switch(q)
