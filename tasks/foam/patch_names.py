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
