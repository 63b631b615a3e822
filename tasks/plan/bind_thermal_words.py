"""Pure readings of a temperature's words against a base case: the patches its words name by
the pieces of their names ("the fridges" -> twoFridgeFreezers_seal_0), whether the words say a
start state ("the gas should start at", "the metal begins at", "at t = 0"), and the open
boundaries whose backflow temperature follows the initial one."""

from __future__ import annotations

import re
from functools import lru_cache

import yaml

from tasks.core.paths import CANONICAL_DIR
from tasks.plan.select_names import camel_words, root

# pieces of a patch name that name no particular thing: a wall, a numbered part, a side
_GENERIC_PIECES = frozenset({
    "wall", "walls", "patch", "patches", "boundary", "fixed", "default", "faces", "face", "region", "side", "sides",
    "top", "bottom", "left", "right", "front", "back", "and", "the", "two", "one", "three", "four", "seal", "inlet",
    "outlet", "inner", "outer", "upper", "lower", "low", "high", "hot", "cold", "empty", "master", "slave",
    "heated", "heat", "cooled", "cool", "warm", "fluid", "solid", "air", "gas", "water",
})

# what says a temperature is where something starts, not where a wall is held
_START_STATE = re.compile(
    r"\b(?:start(?:s|ing)?|begin(?:s|ning)?|began|initial(?:ly)?|at first|at the start|to begin with|"
    r"at t\s*=\s*0(?:\.0*)?(?![\d.])|at time zero|at time 0|at t0|at t_0|from rest at|prior to)\b"
    # a start temperature's symbol: "T0 = 300 K", "T_init: 20 degC"
    r"|\bt_?(?:0|init|initial|ini|start)\s*(?:[=:]|is\b|of\b)")

# what says the words are about a wall or another boundary, not the matter inside
_BOUNDARY_WORDS = re.compile(r"\b(?:walls?|patch\w*|boundar\w*|surfaces?|plates?|floor|ceiling|heater|radiator|"
                             r"held|kept|maintained|fixed)\b")


def name_roots(patch: str) -> set[str]:
    """The roots of the words a patch name is made of, generic pieces left out:
    'twoFridgeFreezers_seal_0' -> {fridg, freezer}; 'heatedPlate' -> {plat}."""
    return {root(w) for w in camel_words(patch) if w.isalpha() and len(w) >= 3 and w not in _GENERIC_PIECES}


@lru_cache(maxsize=1)
def _synonym_roots() -> list[frozenset[str]]:
    """The roots of each group of canonical/patch_synonyms.yaml (words naming the same thing)."""
    groups = yaml.safe_load((CANONICAL_DIR / "patch_synonyms.yaml").read_text())["groups"]
    return [frozenset(root(w) for w in group) for group in groups]


def with_synonyms(roots: set[str]) -> set[str]:
    """The roots and those of their synonyms: {block} -> {block, box, cube, ...}."""
    out = set(roots)
    for group in _synonym_roots():
        if group & roots:
            out |= group
    return out


def patches_named_by_words(words: str, patches: list[str]) -> list[str]:
    """The patches one of whose name pieces the words say (singular or plural, any case):
    "fridge-freezer surfaces: 35 degC" names both twoFridgeFreezers_* patches. Where the words
    name none by its own name, a synonym does ("the heated block" is the patch box,
    canonical/patch_synonyms.yaml). Empty when none."""
    said = {root(w) for w in re.findall(r"[a-z]{3,}", words.lower())}
    return [p for p in patches if name_roots(p) & said] or \
        [p for p in patches if name_roots(p) & with_synonyms(said)]


def says_start_state(words: str) -> bool:
    """True when the words state where something starts ("the gas inside should start at",
    "the metal begins at", "the air at t = 0") and name no wall, surface or other boundary."""
    low = words.lower()
    return bool(_START_STATE.search(low)) and not _BOUNDARY_WORDS.search(low)


_LABEL = re.compile(r"([a-z_][\w-]*(?:\s+[a-z_][\w-]*){0,3})\s*[:=]\s*$")


def label_before(words: str) -> str:
    """The label a value is written after in a "key: value" line or an assignment ("patch4: 20
    kW/m2", "floor = 290 K"): up to four words before the colon or equals sign that ends `words`,
    lower case; "" when the words end in no label."""
    m = _LABEL.search(words.lower().rstrip())
    return m.group(1) if m else ""


_OWN_AFTER = re.compile(r"\s*(?::|->|→|—|–)\s*(?P<words>(?:[^.;\n\d]|(?<=[a-z_])\d)*?(?:t\s*=\s*0\b[^.;\n\d]*)?)"
                        r"(?:[.;\n]|(?<![\w])\d|$)")


def role_after(after: str) -> str:
    """The words a value is labelled with after it in a "value: role" line ("500 degC: the walls.",
    "30 degC -> the gas at t = 0"): lower case up to the end of the sentence or the next number;
    "" when the value is not followed by a colon or an arrow."""
    m = _OWN_AFTER.match(after.lower())
    return m.group("words").strip() if m else ""


# things that heat or cool a room or a box by being hot or cold themselves: the base's hottest
# (coldest) fixed-temperature wall or its setFields heater stands for them
_HEAT_SOURCE = re.compile(r"\b(?:radiators?|heaters?|convectors?|stoves?|boilers?|lamps?|bulbs?|burners?|fire|"
                          r"fireplace|chips?|cpus?|processors?|transistors?|resistors?|heating\s+(?:panel|element|"
                          r"coil|surface|pipe)s?|hot\s+box|underfloor\s+heating)\b")
_COLD_SOURCE = re.compile(r"\b(?:windows?|glazing|window\s*panes?|panes?|chillers?|coolers?|cooling\s+(?:panel|coil|"
                          r"ceiling|beam)s?|chilled\s+(?:ceiling|beam)s?|ice|evaporators?|cold\s+bridges?)\b")


def source_kind(words: str) -> str | None:
    """"hot" when the words name a heat source (a radiator, heater, convector, chip), "cold" a cold
    surface (a window, chiller, cooling panel); the one named nearest the end wins; None for neither."""
    low = words.lower()
    hits = [(m.end(), "hot") for m in _HEAT_SOURCE.finditer(low)] + \
        [(m.end(), "cold") for m in _COLD_SOURCE.finditer(low)]
    return max(hits)[1] if hits else None


def _number(raw: str) -> float | None:
    m = re.search(r"[-+]?\d+(?:\.\d*)?(?:[eE][-+]?\d+)?", raw or "")
    return float(m.group()) if m else None


def backflow_following_internal(bcs: dict[str, tuple[str, str | None]], internal: str) -> list[str]:
    """The inletOutlet patches (type, inletValue) whose inletValue is the base's initial
    temperature (the same number as the internalField, or `$internalField`): what flows back in
    through them is the ambient fluid, so it follows a new initial temperature. `$internalField`
    itself needs no edit and is left out."""
    start = _number(internal) if "$" not in internal else None
    out: list[str] = []
    for patch, (bc, inlet_value) in bcs.items():
        if bc != "inletOutlet" or inlet_value is None or "$" in inlet_value or start is None:
            continue
        value = _number(inlet_value)
        if value is not None and abs(value - start) <= 1e-9 * max(1.0, abs(start)):
            out.append(patch)
    return out
