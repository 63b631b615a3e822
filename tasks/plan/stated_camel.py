"""A patch's name typed as the request's place words: "hotWall 320 K" is the hot wall's, "coldWall",
"lowerWall", "movingWall", "sideWalls", "innerInlet" read as "cold wall", "lower wall", "moving
wall", "side walls", "inner inlet". Only names made wholly of place words are split (at least one
of them a place noun), so a tutorial's or a solver's name ("pitzDaily", "buoyantCavity",
"frontAndBack") stays as written. The binders match a patch by its name's words, so the split
words still name the same patch. Pure functions over text.
"""

from __future__ import annotations

import re

# the nouns of a place and the words that tell places apart, as a patch's name puts them together
_PLACE_NOUNS = frozenset({"wall", "walls", "inlet", "inlets", "outlet", "outlets", "side", "sides", "floor",
                          "ceiling", "roof", "plate", "plates", "lid", "boundary", "surface", "face", "faces",
                          "exit", "entry", "patch", "heater", "cylinder"})
_PLACE_QUALIFIERS = frozenset({"hot", "cold", "warm", "cool", "heated", "cooled", "top", "bottom", "left", "right",
                               "lower", "upper", "moving", "fixed", "static", "stationary", "inner", "outer",
                               "main", "side", "front", "back", "north", "south", "east", "west", "central",
                               "small", "large", "big", "fuel", "air"})
# a camelCase identifier: a lower-case head, then capitalised words ("hotWall", "lowerWall")
_CAMEL = re.compile(r"(?<![\w$./\\-])(?P<name>[a-z]+(?:[A-Z][a-z]+)+)(?![\w/\\-])")


def _parts(name: str) -> list[str]:
    return [p.lower() for p in re.findall(r"[A-Z]?[a-z]+", name)]


def place_words(name: str) -> str | None:
    """The words of a patch-like name made wholly of place words ("hotWall" -> "hot wall"), or None."""
    parts = _parts(name)
    if len(parts) < 2 or not any(p in _PLACE_NOUNS for p in parts):
        return None
    if not all(p in _PLACE_NOUNS or p in _PLACE_QUALIFIERS for p in parts):
        return None
    return " ".join(parts)


def split_place_names(text: str) -> str:
    """The text with each camelCase name made of place words written as those words ("hotWall 320 K
    coldWall 290 K" -> "hot wall 320 K cold wall 290 K")."""
    return _CAMEL.sub(lambda m: place_words(m.group("name")) or m.group(0), text)
