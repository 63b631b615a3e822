"""The vocabulary of the fault suites: text -> text mutations (None deletes a file), the base
case a fault starts from, and the fault itself. Pure; `tasks/bench/faults.py` prepares and
scores them."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Callable

from tasks.core.errors import UsageError
from tasks.foam import dictionary as fd

Mutation = Callable[[str], "str | None"]


def sub(pattern: str, repl: str, count: int = 1, flags: int = re.M) -> Mutation:
    """A regex substitution that must match (a tutorial that changed is an error, not a pass)."""
    def mutate(text: str) -> str:
        new, n = re.subn(pattern, repl, text, count=count, flags=flags)
        if n == 0:
            raise UsageError(f"fault mutation did not match {pattern!r}; the tutorial is not the expected one")
        return new
    return mutate


def drop(*path: str) -> Mutation:
    def mutate(text: str) -> str:
        if fd.find(text, list(path)) is None:
            raise UsageError(f"fault mutation: {'/'.join(path)} is not in the file")
        return fd.remove_entry(text, list(path))
    return mutate


def put(path: str, value: str) -> Mutation:
    return lambda text: fd.set_entry(text, path.split("/"), value)


def delete(_: str) -> None:
    return None


def chain(*mutations: Mutation) -> Mutation:
    def mutate(text: str) -> str | None:
        out: str | None = text
        for m in mutations:
            out = m(out) if out is not None else None
        return out
    return mutate


@dataclass(frozen=True)
class Base:
    """A case a fault starts from: a tutorial (or probe) plus setup edits and locked values."""

    source: str                       # tutorial path, or "probe:<dir>"
    setup: dict[str, Mutation] = field(default_factory=dict)
    locked: tuple[tuple[str, str, str], ...] = ()


@dataclass(frozen=True)
class Fault:
    id: str
    base: str
    breaks: str
    expected_rule: str
    edits: dict[str, Mutation]
    locked: tuple[tuple[str, str, str], ...] = ()   # beyond the base's; same key overrides
    unlock: tuple[str, ...] = ()                    # base locks ("file:key") this fault drops
    moves: tuple[tuple[str, str], ...] = ()         # (from, to): files renamed after the edits
    kind: str = ""                                  # the class of mistake (suite 2: "syntax/...")
    held_out: bool = False                          # set from benchmarks/faults/held_out.yaml


def prepend(head: str) -> Mutation:
    return lambda text: head + text


def append(tail: str) -> Mutation:
    return lambda text: text + tail




def create(text: str) -> Mutation:
    """A file the fault adds (the case had none at that path)."""
    def mutate(_: str) -> str:
        return text
    mutate.creates = True  # type: ignore[attr-defined]
    return mutate
