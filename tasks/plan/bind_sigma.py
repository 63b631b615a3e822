"""Surface tensions the pair binder (tasks/plan/bind_parts_pairs) must not write: one said of a
pair of fluids the case does not have ("sigma water/glycerol 0.02 N/m" on a water-oil-mercury-air
case, "between oil and air" on interFoam's water-air dam break) is refused, naming the phases the
case has; one the other pairs keep ("all other pairs keep 0.07 N/m") is the base's own, bound to
those pairs as they are. Pure readers of the words plus `screen_pair_tensions`, a Binder pass run
before the by-name binders.
"""

from __future__ import annotations

import re

from tasks.foam import dictionary as fd
from tasks.plan.bind_parts_layouts import phase_names
from tasks.plan.bind_parts_phase_words import phase_kind
from tasks.plan.bind_parts_pairs import PAIR_LISTS, pairs_named, tension_pairs
from tasks.plan.foam_values import fmt
from tasks.plan.stated import Binding, StatedQuantity

# words of fluids a request pairs; kind words stand for any phase of that kind
_KIND_WORDS = {"gas": "gas", "vapour": "gas", "vapor": "gas", "liquid": "liquid", "solid": "solid",
               "particles": "solid"}
_FLUID = r"[a-z][a-z0-9]*"
# "water-oil", "water/oil", "between (the) water and (the) oil", "of water and oil", "water and oil surface"
_PAIR_WORDS = re.compile(rf"\b(?P<a>{_FLUID})\s*(?:-|/|–)\s*(?P<b>{_FLUID})\b|"
                         rf"\b(?:between|of)\s+(?:the\s+)?(?P<c>{_FLUID})\s+(?:and|&)\s+(?:the\s+)?(?P<d>{_FLUID})\b")
_NOT_FLUID = {"the", "a", "an", "each", "every", "all", "other", "both", "surface", "interfacial", "tension", "sigma",
              "pair", "pairs", "phases", "phase", "mn", "n", "m", "dyn", "cm", "it", "them", "two", "in", "is"}
# "all other pairs keep 0.07 N/m", "the remaining pairs stay at 0.07", "the others unchanged (0.07 N/m)"
_OTHER_PAIRS = re.compile(r"\b(?:other|remaining)\s+(?:phase\s+)?(?:pairs?|interfaces?|ones)\b|"
                          r"\bthe\s+(?:rest|others)\b|\bothers\b")
_KEPT = re.compile(r"\b(?:keep|keeps|kept|stay|stays|remain|remains|unchanged|untouched|as\s+(?:is|before)|still)\b")


def said_pair(words: str) -> tuple[str, str] | None:
    """The two fluids the words pair ("water-oil", "between the water and the oil"), lower case;
    None when they name no pair of fluid words."""
    for m in _PAIR_WORDS.finditer(words.lower()):
        a, b = (m.group("a"), m.group("b")) if m.group("a") else (m.group("c"), m.group("d"))
        if a not in _NOT_FLUID and b not in _NOT_FLUID and a != b and not a.isdigit() and not b.isdigit():
            return a, b
    return None


def is_phase(word: str, phases: list[str]) -> bool:
    """Whether a fluid word names a phase of the case: by name ("water", "alpha.water"'s water) or
    by a kind the case has ("gas", "liquid")."""
    low = {p.lower() for p in phases}
    return word in low or word.rstrip("s") in low or \
        (word in _KIND_WORDS and any(phase_kind(p) == _KIND_WORDS[word] for p in phases))


def foreign_pair(words: str, phases: list[str], request: str = "") -> tuple[str, str] | None:
    """The pair the words name when one of its fluids is a phase of the case and the other a word
    that is none ("water/glycerol"), else None (no pair said, both the case's, or no fluid words:
    "kg/m3"). A fluid the request names again elsewhere ("ethanol instead of water ... ethanol-air
    surface tension") is taken as the case's fluid, not refused."""
    pair = said_pair(words)
    if pair is None or len(phases) < 2:
        return None
    known = [is_phase(w, phases) for w in pair]
    strange = [w for w, k in zip(pair, known) if not k]
    if not any(known) or not strange or not all(w.isalpha() and len(w) > 2 for w in strange):
        return None
    again = any(len(re.findall(rf"\b{re.escape(w)}\b", request.lower())) > 1 for w in strange)
    return None if again else pair


def keeps_other_pairs(text: str, said: str) -> bool:
    """Whether a surface tension's own words (since the value before it, and after it up to the
    next value or bracket) say the other pairs keep it ("all other pairs keep 0.07 N/m", "0.07
    N/m for the remaining pairs, unchanged")."""
    at = text.lower().find(said.lower())
    if at < 0:
        return False
    before = re.split(r"\d", text[max(0, at - 60):at])[-1]
    after = re.split(r"[\d(]", text[at + len(said):at + len(said) + 60])[0]
    own = f"{before} {after}".lower()
    return bool(_OTHER_PAIRS.search(own) and _KEPT.search(own))


def kept_pair_entry(binder, value: float, sentence: str) -> tuple[str, str, str] | None:
    """(file, list key, one pair's entry as written) of the base's pair list whose pairs other than
    those the sentence names ("between water and oil ..., all other pairs keep 0.07") all hold
    `value`; None when one holds another value or the base keeps no list of pairs."""
    for rel, key in PAIR_LISTS:
        text = binder.base.text(rel) or ""
        if fd.find(text, [key]) is None:
            continue
        raw = fd.strip_comments(binder.current(rel, key)).strip()  # as written: its entries keep their spacing
        pairs = tension_pairs(raw)
        named = pairs_named(pairs, sentence) if len(pairs) > 1 else []
        others = [p for p in pairs if p not in named]
        if others and all(float(raw[p.start:p.end]) == float(fmt(value)) for p in others):
            return rel, key, raw[others[0].begin:others[0].end]
    return None


def screen_pair_tensions(binder, stated: list[StatedQuantity]) -> list[StatedQuantity]:
    """Refuse each surface tension whose words pair a fluid the case lacks, and bind as kept each
    one the other pairs keep where the base's other pairs all hold it (a Binder's base, text,
    `_words_of`, refuse, bindings); the quantities taken. Any other is left to the pair binder."""
    phases = phase_names(binder.base.text)
    taken = []
    for q in stated:
        if q.role != "surface_tension":
            continue
        clause, sentence = binder._words_of(q)
        pair = foreign_pair(clause, phases, binder.text)
        if pair is not None:
            binder.refuse(q, f"the case has no {pair[0]}-{pair[1]} interface (its phases: {', '.join(phases)}); "
                             f"name two of its phases")
            taken.append(q)
        elif keeps_other_pairs(binder.text, q.text) and (kept := kept_pair_entry(binder, q.value, sentence)):
            binder.bindings.append(Binding(stated=q.text, file=kept[0], entry=[kept[1]], value=kept[2],
                                           how="surface tension the other pairs keep (the base's)"))
            binder.assumptions.append(f"{q.text}: the other pairs keep their surface tension (as the base has it)")
            taken.append(q)
    return taken
