"""One value said for several inflows at once: "both streams at 600 degC", "each inlet 2 m/s",
"both preheated to 450 degC", "fuel and air at 873 K", "the two jets enter at 300 K". Such a value is
every inlet's, never the fluid's initial state.

Pure functions over lower-case words and the base's inlet patch names.
"""

from __future__ import annotations

import re

_STREAM_NOUNS = r"streams?|inlets?|inflows?|jets?|feeds?|nozzles?|flows?|gases|supplies|inlet\s+streams?"
_SHARED = re.compile(rf"\b(?:both|each|all|every|the\s+two|the\s+three)\s+(?:of\s+the\s+)?(?:\w+\s+)?(?:{_STREAM_NOUNS})\b")
# "both preheated to", "both enter at", "both at the inlet": "both" with inflow words and no wall's
_BOTH = re.compile(r"\b(?:both|each)\b")
_INFLOW_WORDS = re.compile(r"\bpre-?heated\b|\bpre-?cooled\b|\benter(?:s|ing)?\b|\bsupplied\b|\binjected\b|\bfed\b"
                           r"|\bcom(?:e|es|ing)\s+in\b|\binlets?\b|\bstreams?\b|\bjets?\b")
_WALL_WORDS = re.compile(r"\bwalls?\b|\bplates?\b|\bsurfaces?\b|\bsides?\b|\bpanels?\b|\bcylinders?\b|\bbod(?:y|ies)\b")


def names_listed(words: str, names: list[str]) -> list[str]:
    """The patch names the words join with "and" or commas ("fuel and air", "inlet1, inlet2 and
    inlet3"), in the order of `names`; [] when fewer than two are joined."""
    low = words.lower()
    said = [n for n in names if re.search(rf"(?<![\w-]){re.escape(n.lower())}(?![\w-])", low)]
    if len(said) < 2:
        return []
    alternation = "|".join(re.escape(n.lower()) for n in said)
    joined = re.search(rf"(?:{alternation})(?:\s*(?:,|\band\b|&)\s*(?:the\s+)?(?:{alternation}))+", low)
    return [n for n in said if joined and re.search(rf"(?<![\w-]){re.escape(n.lower())}(?![\w-])", joined.group(0))]


def shared_by_inflows(clause: str, inlets: list[str]) -> list[str]:
    """The inlets one value is for when its clause gives it to several inflows at once: every inlet
    for "both streams", "each inlet", "both preheated to"; the named ones for "fuel and air at";
    [] otherwise (also for walls: "both walls at 300 K")."""
    if len(inlets) < 2:
        return []
    low = clause.lower()
    named = names_listed(low, inlets)
    if len(named) >= 2:
        return named
    if _WALL_WORDS.search(low):
        return []
    if _SHARED.search(low) or (_BOTH.search(low) and _INFLOW_WORDS.search(low)):
        return list(inlets)
    return []
