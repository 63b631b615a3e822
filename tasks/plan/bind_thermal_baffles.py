"""Heat fluxes on walls the tutorial makes itself: the baffles `createBaffles` cuts from
system/createBafflesDict (circuitBoardCooling's heated board), whose temperature condition is
written in that dictionary, often through an #include of 0/include/... . A flux stated for "the
baffles", "the board", "the heated plate" goes to that condition's own heat-flux entry (qs of a
thermalBaffle1D, q of an externalWallHeatFluxTemperature), where the case keeps it. Pure readers
of the base's text, and a mixin for `tasks.plan.bind.Binder`.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Callable
from dataclasses import dataclass

from tasks.foam import dictionary as fd
from tasks.foam.patch_names import name_words
from tasks.plan.bind_words import words_named_after
from tasks.plan.extract import normalise
from tasks.plan.foam_values import fmt
from tasks.plan.stated import StatedQuantity

BAFFLES_DICT = "system/createBafflesDict"
# a baffle condition -> the entry that holds the heat flux it adds (W/m2)
FLUX_ENTRIES = {"thermalBaffle1D": "qs", "externalWallHeatFluxTemperature": "q"}
# words a request uses for a wall the tutorial makes inside the domain
_PART_WORDS = re.compile(r"\b(?:baffles?|boards?|pcb|plates?|panels?|chips?|fins?|sheets?|heater|partition|"
                         r"membranes?)\b")
_INCLUDE = re.compile(r'#include\s+"([^"]+)"')
_PAIR_KEYS = (["patchPairs", "patchFields"], ["patches", "master", "patchFields"], ["patches", "slave", "patchFields"])


@dataclass(frozen=True)
class BaffleHeat:
    """Where a created baffle's temperature condition is written, and its heat-flux entry."""

    baffle: str  # the baffle's name in createBafflesDict
    file: str  # the file whose text holds the T condition (the dictionary or its include)
    entry: list[str]  # the path to the T condition in that file
    condition: str  # its type, without a `compressible::` prefix or a template argument
    flux_entry: str | None  # qs, q; None when the condition takes no flux


def condition_kind(raw: str) -> str:
    """`compressible::thermalBaffle1D<hConstSolidThermoPhysics>` -> thermalBaffle1D."""
    return re.sub(r"<.*$", "", raw.strip()).split("::")[-1]


def _case_rel(from_rel: str, include: str, has_orig: bool) -> str:
    """The case file an #include names: relative to the including file's folder, or the case
    (`./0/include/x` from system/: the 0 folder, kept in 0.orig before the run restores it)."""
    if include.startswith(("./", "$FOAM_CASE/", "${FOAM_CASE}/")):
        rel = posixpath.normpath(include.split("/", 1)[1])
    else:
        rel = posixpath.normpath(posixpath.join(posixpath.dirname(from_rel), include))
    if has_orig and rel.split("/")[0] == "0":
        rel = "0.orig/" + rel.split("/", 1)[1]
    return rel


def baffle_heats(read: Callable[[str], str | None], has_orig: bool) -> list[BaffleHeat]:
    """The temperature condition of every baffle createBafflesDict makes, where it is written
    (in place, or in a file its patchFields #include); `read` gives a case file's text."""
    text = read(BAFFLES_DICT) or ""
    body = fd.body_span(text, ["baffles"])
    if body is None:
        return []
    found: list[BaffleHeat] = []
    for e in fd.entries(text, *body):
        if e.kind != "dict":
            continue
        for keys in _PAIR_KEYS:
            path = ["baffles", e.name, *keys]
            if fd.find(text, [*path, "T"]) is not None:
                found.append(_heat(e.name, BAFFLES_DICT, [*path, "T"], fd.get(text, [*path, "T", "type"]) or ""))
                break
            fields = fd.get(text, path)
            held = next((rel for rel in (_case_rel(BAFFLES_DICT, i, has_orig) for i in _INCLUDE.findall(fields or ""))
                         if fd.find(read(rel) or "", ["T"]) is not None), None)
            if held is not None:
                found.append(_heat(e.name, held, ["T"], fd.get(read(held) or "", ["T", "type"]) or ""))
                break
    return found


def _heat(baffle: str, rel: str, entry: list[str], raw_type: str) -> BaffleHeat:
    kind = condition_kind(raw_type)
    return BaffleHeat(baffle, rel, entry, kind, FLUX_ENTRIES.get(kind))


def baffles_said(words: str, heats: list[BaffleHeat]) -> list[BaffleHeat]:
    """The baffles the words point at: those whose distinctive name part they say ("the 1D
    baffle"), else every baffle that takes a heat flux when they name a made part ("the
    baffles", "the board", "the heated plate"); empty when the words name no part."""
    low = words.lower()
    own = [h for h in heats if any(re.search(rf"\b{re.escape(w)}\b", low) for w in name_words(h.baffle)
                                   if w not in ("baffle", "baffles", "faces", "thermo") and len(w) > 1)]
    if own:
        return own
    if not _PART_WORDS.search(low):
        return []
    return [h for h in heats if h.flux_entry is not None]


class BaffleFluxBinding:
    """Mixed into the Binder (through `ThermalFluxBinding`): a heat flux on created baffles."""

    def bind_baffle_flux(self, q: StatedQuantity, sentence_wide: bool = False) -> bool:
        """Set a stated heat flux on the baffles its clause names (with `sentence_wide`, its
        sentence: when no wall of the base is named either), in their condition's flux entry;
        False when the base makes no baffles or the words name none (the walls binder goes on)."""
        heats = baffle_heats(self.base.text, bool(self.base.field_rels("T")) and
                             self.base.field_rels("T")[0].startswith("0.orig"))
        if not heats:
            return False
        clause, sentence = self._words_of(q)
        text = normalise(self.text).lower()
        at = self.value_at(text, q)
        owner = words_named_after(text[at + len(q.text):]) if at >= 0 else ""  # "0.3 kW/m2 on the floor"
        said = baffles_said(sentence if sentence_wide else owner or clause, heats)
        if not said:
            return False
        takes = [h for h in said if h.flux_entry is not None]
        if not takes:
            self.refuse(q, f"the baffles {', '.join(h.baffle for h in said)} ({', '.join(h.condition for h in said)}) "
                           "take no heat flux of their own; state it for a wall, or use a 1D thermal baffle")
            return True
        for h in takes:
            self.set(h.file, [*h.entry, h.flux_entry], f"uniform {fmt(q.value)}",
                     f"heat flux {fmt(q.value)} W/m2 on the baffle {h.baffle} ({h.condition} {h.flux_entry})", q)
        skipped = [h.baffle for h in said if h.flux_entry is None]
        if skipped:
            self.assumptions.append(f"{q.text} set on {', '.join(h.baffle for h in takes)}; "
                                    f"{', '.join(skipped)} take no heat flux of their own and keep theirs")
        return True
