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
from tasks.plan.stated import StatedQuantity


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
