"""Binding a starting state that no field holds (canonical/initial_state.yaml): a particle method's
gas or liquid (dsmcInitialiseDict, mdInitialiseDict), an equilibration's target temperature
(mdEquilibrationDict), a single-cell reactor's initial conditions (chemFoam). Mixed into
`tasks.plan.bind.Binder`."""

from __future__ import annotations

import functools
import re
from collections.abc import Callable

import yaml

from tasks.core.paths import CANONICAL_DIR
from tasks.foam import dictionary as fd
from tasks.plan.bind_inlets import PARTICLE_BOUNDARY_T, PARTICLE_BOUNDARY_U
from tasks.plan.manifest import FileEdit
from tasks.plan.stated import StatedQuantity

_NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
_INFLOW_WORDS = re.compile(r"\b(?:boundar\w*|inflow\w*|inlets?|entering|enters|free[- ]?stream)\b", re.I)
_STREAM_KINDS = {PARTICLE_BOUNDARY_U: "velocity", PARTICLE_BOUNDARY_T: "temperature"}


@functools.cache
def initial_state_terms() -> dict:
    """canonical/initial_state.yaml: the dictionaries, their entries by kind, the words of start and target."""
    return yaml.safe_load((CANONICAL_DIR / "initial_state.yaml").read_text())


def _expand(text: str, path: list[str]) -> list[list[str]]:
    """The concrete entry paths of `path` in `text`: "*" is every sub-dictionary holding the rest."""
    if "*" not in path:
        return [path] if fd.find(text, path) is not None else []
    at = path.index("*")
    head, rest = path[:at], path[at + 1:]
    out: list[list[str]] = []
    for key in fd.keys(text, head):
        out += _expand(text, [*head, key, *rest])
    return out


def state_entries(texts: Callable[[str], str | None], kind: str, words: str) -> list[tuple[str, list[str], str]]:
    """(file, entry, which) of every place of the case that holds a `kind` ("temperature", "velocity",
    "pressure") of its starting or target state, narrowed to start or target when `words` say which."""
    terms = initial_state_terms()
    said = {which for which, pattern in terms["words"].items() if re.search(pattern, words, re.I)}
    found = []
    for rel, groups in terms["dictionaries"].items():
        text = texts(rel)
        if not text:
            continue
        for which, by_kind in groups.items():
            for entry in _expand(text, list(by_kind.get(kind, []))) if kind in by_kind else []:
                found.append((rel, entry, which))
    narrowed = [f for f in found if f[2] in said]
    return narrowed or found


class InitialStateBinding:
    """A temperature, velocity or pressure of a case whose state lives in a dictionary, not a field."""

    def initial_state(self, q: StatedQuantity, kind: str, value: Callable[[str], str | None]) -> bool:
        """Set every place `state_entries` finds for the stated value; `value` makes the new entry from
        the old one (None: leave it). True when one was set."""
        clause, sentence = self._words_of(q)
        done = False
        for rel, entry, which in state_entries(self.base.text, kind, f"{clause} {sentence}"):
            new = value(fd.get(self.base.text(rel) or "", entry) or "")
            if new is None or any(e.file == rel and e.entry == entry for e in self.edits):
                continue
            what = "target" if which == "target" else "initial"
            self.set(rel, entry, new, f"{what} {kind} ({rel.rsplit('/', 1)[-1]} {'/'.join(entry)})", q)
            done = True
        return done

    def one_gas_state(self) -> None:
        """A particle method's free stream and starting gas as one state where the base has them so
        (wedge15Ma5 starts its domain at the inflow's 1736 m/s and 300 K): a stated inflow value moves the
        start state with it, a stated start state the inflow, unless that one was stated too. Values
        whose own words say "initially" set only the start state."""
        for rel, kind in _STREAM_KINDS.items():
            field_rel = next(iter(self.base.field_rels(rel)), None)
            if field_rel is None:
                continue
            text = self.base.text(field_rel) or ""
            inflows = [p for p in self.patches("inlet") if fd.get(text, ["boundaryField", p, "value"])]
            starts = [(f, e) for f, e, which in state_entries(self.base.text, kind, "") if which == "start"]
            for patch in inflows:
                old_in = fd.get(text, ["boundaryField", patch, "value"]) or ""
                pairs = [(f, e) for f, e in starts if _same(fd.get(self.base.text(f) or "", e) or "", old_in)]
                if not pairs or not numbers_of(old_in):
                    continue
                inflow_edit = self._edit_at(field_rel, ["boundaryField", patch, "value"])
                start_edits = [self._edit_at(f, e) for f, e in pairs]
                if inflow_edit is not None:
                    for (f, e), done in zip(pairs, start_edits):
                        if done is None:
                            new = " ".join(numbers_of(inflow_edit.value))
                            new = f"({new})" if kind == "velocity" else new
                            self.set(f, e, new, f"initial {kind}: the free stream's (the base starts the gas "
                                                f"at its inflow state)")
                elif len({e.value for e in start_edits if e is not None}) == 1 and all(start_edits):
                    edit = start_edits[0]
                    said = next((b.stated for b in self.bindings if b.file == edit.file and b.entry == edit.entry), None)
                    q = next((q for q in self._stated if q.text == said), None)
                    clause = self._words_of(q)[0] if q is not None else ""
                    at = self.text.find(q.text) if q is not None else -1
                    rest = re.split(r"(?<!\d)\.(?!\d)|[;\n]", self.text[at:])[0] if at >= 0 else ""  # to the sentence's end
                    if re.search(initial_state_terms()["words"]["start"], clause, re.I) and not _INFLOW_WORDS.search(rest):
                        continue  # "the gas initially at 200 K": the start only (not "... and on the boundaries")
                    value = " ".join(numbers_of(edit.value))
                    self.set(field_rel, ["boundaryField", patch, "value"],
                             f"uniform ({value})" if kind == "velocity" else f"uniform {value}",
                             f"inflow {kind} on {patch}: the gas state the case starts from (the base's "
                             f"inflow and start state are one)")

    def _edit_at(self, rel: str, entry: list[str]) -> FileEdit | None:
        return next((e for e in self.edits if e.file == rel and e.entry == entry), None)


def numbers_of(value: str | dict) -> list[str]:
    """The numbers an entry's value holds, as written ("uniform (1736 0 0)" -> 1736, 0, 0)."""
    return _NUMBER.findall(value) if isinstance(value, str) else []


def _same(a: str, b: str) -> bool:
    """Two entries holding the same numbers (300 and 300.0; (1736 0 0) and uniform (1736 0 0))."""
    x, y = numbers_of(a), numbers_of(b)
    return len(x) == len(y) and all(float(u) == float(v) for u, v in zip(x, y))
