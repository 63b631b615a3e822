"""The words an OpenFOAM patch name is made of and the words it stands for: 'sideWalls' is
side + walls, 'inletfuel' is inlet + fuel, a patch named floor is what a request calls the
bottom, inletCH4 is the fuel inlet. Pure functions over names, shared by the planner and
`modify`."""

from __future__ import annotations

import re
from collections.abc import Iterable

# Words a patch name stands for, beyond its own: a request says "bottom" for a patch named
# floor, "top" for ceiling, "heated" for hot.
PATCH_ALIASES: dict[str, tuple[str, ...]] = {
    "floor": ("bottom", "lower", "base", "ground"),
    "bottom": ("floor", "lower", "base", "ground"),
    "ground": ("floor", "bottom"),
    "lower": ("bottom", "floor"),
    "ceiling": ("top", "upper", "roof"),
    "top": ("ceiling", "upper", "roof"),
    "upper": ("top", "ceiling"),
    "hot": ("heated", "warm", "hotter", "warmer"),
    "heated": ("hot",),
    "cold": ("cool", "cooled", "colder", "cooler", "chilled"),
    "cool": ("cold", "cooled"),
    "heater": ("heater",),
    "moving": ("lid",),
    "lid": ("moving",),
    "left": ("left-hand",),
    "right": ("right-hand",),
    # what flows through a patch named by its species: "the fuel inlet" is inletCH4
    "ch4": ("fuel", "methane"), "c3h8": ("fuel", "propane"), "h2": ("fuel", "hydrogen"),
    "c7h16": ("fuel", "heptane"), "o2": ("oxidiser", "oxidizer", "oxygen"),
    "air": ("oxidiser", "oxidizer"), "fuel": ("methane", "propane", "hydrogen"),
    "central": ("centre", "center", "middle", "core"), "centre": ("central", "middle", "center"),
}

# Name parts too common to tell patches apart on their own ("walls", "inlet").
GENERIC_PARTS = {"wall", "walls", "inlet", "inlets", "outlet", "outlets", "patch", "patches", "boundary", "side",
            "sides", "fixed", "velocity", "pressure", "default", "faces", "front", "back", "and", "empty", "frontandback",
            "symmetry", "plane", "in", "out", "x", "y", "z"}


def name_words(patch: str) -> list[str]:
    """'sideWalls' -> [side, walls]; 'velocity-inlet-6' -> [velocity, inlet, 6]; 'outlet2' -> [outlet, 2];
    a chemical formula stays whole: 'inletCH4' -> [inlet, ch4]."""
    words: list[str] = []
    for piece in re.split(r"[\s_\-.]+|(?<=[a-z])(?=[A-Z])", patch):
        if _FORMULA.fullmatch(piece):
            words.append(piece.lower())
            continue
        spaced = re.sub(r"(?<=[a-z])(?=[A-Z])|(?<=[A-Za-z])(?=\d)|(?<=\d)(?=[A-Za-z])", " ", piece)
        words += [part for w in spaced.split() if w for part in _compound(w.lower())]
    return words


# a kind word run together with another word in a one-case name ("inletfuel", "burnerwall")
_COMPOUND = re.compile(r"(?:(inlet|outlet|inflow|outflow)([a-z]{3,})|([a-z]{3,}?)(inlet|outlet|walls?|sides?))")


def _compound(word: str) -> list[str]:
    """'inletfuel' -> [inlet, fuel]; 'burnerwall' -> [burner, wall]; other words stay whole."""
    m = _COMPOUND.fullmatch(word)
    if m is None:
        return [word]
    return [w for w in m.groups() if w]


_STREAM_KINDS = {"inlet", "outlet", "inflow", "outflow"}


def stream_part_patches(words: str, patches: Iterable[str]) -> list[str]:
    """The inlets and outlets whose distinctive name part, or a word it stands for, the words
    say ("the fuel jet" for inletfuel, "co-flow air" for inletair, "the central stream" for
    inletCentral, "the methane" for inletCH4): patches named by a kind word and one more."""
    low = words.lower()
    found = []
    for patch in patches:
        parts = name_words(patch)
        if not _STREAM_KINDS & set(parts):
            continue
        own = {w for w in parts if w not in GENERIC_PARTS and not w.isdigit() and len(w) > 1}
        said = own | {a for w in own for a in PATCH_ALIASES.get(w, ())}
        if own and any(re.search(rf"(?<![\w-]){re.escape(w)}(?![\w-])", low) for w in said):
            found.append(patch)
    return found


# a species formula in a patch name (CH4, O2, C3H8, CO2): one word
_FORMULA = re.compile(r"(?=[A-Za-z0-9]*\d)(?:(?:Cl|Br|Ar|He|C|H|O|N|S|F|I|P)\d*){1,4}")


# The words a request uses for a patch's kind: "the exit" is an outlet, "the intake" an inlet.
KIND_WORDS: dict[str, tuple[str, ...]] = {
    "inlet": ("inlet", "inflow", "entry", "entries", "entrance", "intake", "supply", "feed", "inlet port"),
    "outlet": ("outlet", "outflow", "exit", "discharge", "exhaust", "outfall", "vent"),
    "wall": ("wall",),
}
ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "1st": 1, "2nd": 2, "3rd": 3,
            "4th": 4, "5th": 5, "6th": 6}
KIND_ALT = _KIND_ALT = "|".join(sorted({w for ws in KIND_WORDS.values() for w in ws}, key=len, reverse=True))
# the start of a unit after a number: "2 bar", "2 m/s", "2 K", "2 %", "2 degC"
UNIT_AFTER = (r"[°%µ/^*x×]|(?:m|k|pa|kpa|mpa|hpa|bar|barg|mbar|psi|psig|atm|s|ms|min|h|c|f|degc|degf|deg|kg|g|l|mm|cm|km"
               r"|ft|in|rpm|hz|w|kw|j|n|kelvin|celsius|fahrenheit|degrees?|metres?|meters?|seconds?|liters?|litres?"
               r"|times|iterations?|steps?|cells?)\b|m[23]|m\^")
# "the second outlet", "the first branch exit", "2nd side inlet"; "outlet number 2", "exit no. 2", "inlet #1"
_RANKED = re.compile(rf"\b(?P<rank>{'|'.join(ORDINALS)})\s+(?:[a-z'’-]+\s+){{0,2}}?(?P<kind>{_KIND_ALT})(?:e?s)?\b"
                     rf"|\b(?P<kind2>{_KIND_ALT})\s*(?:number|no\.?|#|nr\.?)\s*(?P<num>\d+)\b"
                     # "outlet 2 should see 4 m2/s2", "exit 1: 3 bar": a one-digit number right after the kind
                     # word names the patch when no unit follows it ("outlet 2 bar" is a value)
                     rf"|\b(?P<kind3>{_KIND_ALT})\s+(?P<num3>\d)(?![\d.]|,\d)(?!\s*(?:{UNIT_AFTER}))")


def kind_of_word(word: str) -> str | None:
    """The patch kind a request's word stands for ("exit" -> outlet, "intake" -> inlet), or None."""
    low = word.lower().strip()
    return next((kind for kind, words in KIND_WORDS.items() if low in words or low.rstrip("s") in words
                 or low.removesuffix("es") in words), None)


def number_of(patch: str) -> int | None:
    """The number a patch name ends its words with ('outlet2' -> 2, 'velocity-inlet-6' -> 6)."""
    digits = [w for w in name_words(patch) if w.isdigit()]
    return int(digits[-1]) if digits else None


def ranked_patches(words: str, patches: Iterable[str], kinds: dict[str, str] | None = None) -> list[tuple[int, str]]:
    """(end of the mention, patch) for each patch the words name by rank or number: "the second
    outlet" or "exit no. 2" is outlet2 of outlet1/outlet2, "the first inlet" velocity-inlet-5 of
    velocity-inlet-5/6. A patch's kind is its role in `kinds` (patch -> inlet/outlet/wall/
    moving_wall) where given, else a kind word in its name; only kinds whose patches all carry a
    number are ranked (by that number)."""
    low = words.lower()
    patches = list(patches)
    found: list[tuple[int, str]] = []
    for m in _RANKED.finditer(low):
        kind = kind_of_word(m.group("kind") or m.group("kind2") or m.group("kind3") or "")
        if kind is None:
            continue
        if kinds:
            of_kind = [p for p in patches if kinds.get(p, "").removeprefix("moving_") == kind]
        else:
            of_kind = [p for p in patches if kind in name_words(p) or f"{kind}s" in name_words(p)]
        numbered = {p: number_of(p) for p in of_kind}
        if len(numbered) < 2 or None in numbered.values():
            continue
        if m.group("rank"):
            ranked = sorted(numbered, key=lambda p: numbered[p] or 0)
            rank = ORDINALS[m.group("rank")]
            if rank <= len(ranked):
                found.append((m.end(), ranked[rank - 1]))
        else:
            found += [(m.end(), p) for p, n in numbered.items() if n == int(m.group("num") or m.group("num3"))]
    return found
