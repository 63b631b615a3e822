"""Words and numbers the two phase-fraction binders share: a volume fraction in the initial
state (tasks.plan.bind_parts_fractions) and where a phase enters
(tasks.plan.bind_parts_inlet_fractions); and the phases of an Euler-Euler base by name and kind
(gas, solid, liquid) that the bind_phase_* binders read. Pure regexes and helpers, no binder state.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

PCT = r"(?:%|percent\b|per\s*cent\b)"
# a number and, if written, its percent sign: "0.4", "25 %", "2e-3" (a number glued to letters is a
# name: "2D", "k2"; a sentence's full stop after it is no decimal point)
FRACTION_NUMBER = re.compile(rf"(?<![\w.\-])(?P<v>\d+(?:\.\d+)?(?:e-?\d+)?|\.\d+)(?!\.?\d)(?![a-z_])\s*(?P<pct>{PCT})?")
# units that make a number no fraction ("0.3 m", "20 s"); each binder adds the ones its requests use
_UNITS = r"m|cm|mm|km|s|ms|min|h|kg|g|k|pa|kpa|bar|psi|rpm|l|deg\w*|°\w*"
# words that make a number a volume fraction of a phase; each binder adds its own
_FRACTION_WORDS = (r"volume\s+fractions?|fractions?|hold[\s-]?up|voidage|by\s+volume|vol(?:ume)?[\s.-]*%|loading|"
                   r"concentration|content")
GAS = re.compile(r"^(?:air|gas|vapou?r|steam)\d*$")
_ALPHA = re.compile(r"alpha\.(?P<phase>[A-Za-z]\w*)")


def unit_after(more: str) -> re.Pattern[str]:
    """A unit right after a number: the shared units and `more` (regex alternatives)."""
    return re.compile(rf"\s*(?:{_UNITS}|{more})\b")


def fraction_words(more: str) -> re.Pattern[str]:
    """Words that say a fraction of a phase: the shared ones and `more` (regex alternatives)."""
    return re.compile(rf"\b(?:{_FRACTION_WORDS}|{more})\b")


def alpha_phases(fields: Iterable[str]) -> list[str]:
    """The phases of a case's alpha.<phase> fields, sorted (not alpha.phi nor alphat):
    ["alpha.water", "alpha.air", "alphat"] -> ["air", "water"]."""
    return sorted({m.group("phase") for f in fields if (m := _ALPHA.fullmatch(f))})


def phase_mentions(words: str, phases: Iterable[str]) -> list[tuple[int, str]]:
    """Where each of `phases` is named in `words` (lower case): (start, phase), in phase order."""
    return [(m.start(), p) for p in phases for m in re.finditer(rf"\b{re.escape(p.lower())}\b", words)]


# a phase of an Euler-Euler case by what it is: its name says gas ("air", "gas2"), solid ("particles") or else liquid
SOLID = re.compile(r"^(?:solids?|particles?|sand|grains?|beads?|powders?|catalyst|dispersed)\d*$")
# bubbles are the gas phase; a bubble column is no phase
BUBBLES = r"bubbles|bubble(?![\s-]*columns?\b)"
KIND_WORDS = {"gas": rf"\b(?:gas|gases|air|{BUBBLES}|vapou?r|steam)\b",
              "solid": r"\b(?:solids?|particles?|particulates?|sand|grains?|beads?|powders?|catalyst|pellets?)\b",
              "liquid": r"\b(?:liquids?|water|oil|coolant|continuous phase|droplets?|drops)\b"}


def phase_kind(phase: str) -> str:
    """What a phase is by its name: "gas" (air, vapour, steam, gas2), "solid" (particles, solid)
    or "liquid" (any other: water, liquid, oil)."""
    low = phase.lower()
    return "gas" if GAS.match(low) else "solid" if SOLID.match(low) else "liquid"


def listed_phases(raw: str) -> list[str]:
    """The phase names of a `phases` entry: "(air water)" -> ["air", "water"]; a list of phase
    dictionaries (multiphaseEulerFoam's transportProperties, `( air { ... } water { ... } )`) ->
    the dictionaries' names."""
    body = raw.strip()
    body = body[1:-1] if body.startswith("(") and body.endswith(")") else body
    if "{" not in body:
        return re.findall(r"[A-Za-z_][\w.]*", body)
    depth, names = 0, []
    for m in re.finditer(r"([A-Za-z_][\w.]*)\s*(?=\{)|[{}]", body):
        if m.group() == "{":
            depth += 1
        elif m.group() == "}":
            depth -= 1
        elif depth == 0:
            names.append(m.group(1))
    return names


def phase_named(words: str, phases: list[str]) -> str | None:
    """The one phase `words` (lower case) are about: a phase named by its name (the first named,
    the sentence's subject, when several are), else by its kind ("the gas", "liquid", "particles");
    None when the words name none, or a kind several phases share."""
    mentions = sorted(phase_mentions(words, phases))
    if mentions:
        return mentions[0][1]
    kinds = sorted((m.start(), kind) for kind, pattern in KIND_WORDS.items() for m in re.finditer(pattern, words))
    for _, kind in kinds[:1]:
        of_kind = [p for p in phases if phase_kind(p) == kind]
        return of_kind[0] if len(of_kind) == 1 else None
    return None
