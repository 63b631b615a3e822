"""Values a request sets by an entry's name or meaning: "DT 0.002", "a diffusivity of 0.002
m2/s", "Young's modulus 70 GPa", "strike 50". Only entries the base case really has are set.

Pure: the base's dictionaries in, (stated quantity, file, entry, value) matches out.
"""

from __future__ import annotations

import re
from functools import lru_cache

import yaml

from tasks.core.paths import CANONICAL_DIR
from tasks.plan.extract import _QUANTITY, _kind_of, normalise, parse_number
from tasks.plan.stated import StatedQuantity, written_as

_NUM = r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?"
_LINKWORD = r"(?:=|:|of|is|to|at|be|are|equal to|set to|becomes|around|about|~)"
# "DT 0.002", "D = 5e3", "the diffusivity between them should be 1e-8": a few words may sit between
# the name and the number, but then a linking word must come right before the number
_LINK = (rf"\s*(?:\([^)]*\)\s*)?(?:(?:[A-Za-z'-]+\s+|\d+\s+(?=[A-Za-z]{{3,}})){{0,6}}?{_LINKWORD}\s*|{_LINKWORD}?\s*)"
         r"(?:of\s+|about\s+|around\s+)?")
_SYMBOL_LINK = r"\s*(?:=|:)?\s*"
_COMMON = {"on", "off", "in", "to", "a", "an", "the", "and", "or", "of", "is", "at", "by", "as", "it", "no", "yes",
           "type", "value", "values", "name", "model", "file", "mesh", "inlet", "outlet", "wall", "walls", "p", "U",
           "T", "k", "x", "y", "z", "s", "m", "K", "e", "d", "f", "r", "E", "h"}


@lru_cache(maxsize=1)
def aliases() -> dict[str, list[str]]:
    data = yaml.safe_load((CANONICAL_DIR / "entry_names.yaml").read_text()) or {}
    return {phrase.lower(): list(names) for phrase, names in data.items()}


def _value_after(text: str, at: int, link: str = _LINK) -> tuple[float, str, int] | None:
    """(SI value, its text, its start) of the number right after position `at`."""
    m = re.match(link + rf"(?P<num>{_NUM})", text[at:])
    between = re.sub(r"\b\d+\s+[A-Za-z]{3,}\b", "", text[at:at + m.start("num")]) if m else ""  # "the 2 liquids"
    if m and re.search(r"[\d.,;]", between):
        return None  # another number or clause lies between the name and this one
    if not m:
        return None
    start = at + m.start("num")
    q = _QUANTITY.match(text, start)
    if q is not None and q.start() == start:
        kind, scale, offset = _kind_of(q.group("unit"))
        return parse_number(q.group("num")) * scale + offset, q.group(0), start
    part = re.match(r"(\d+)\s+(half|halves|thirds?|quarters?|fifths?|tenths?)\b", text[start:])
    if part:  # "one half" (normalised to "1 half")
        den = {"hal": 2, "thi": 3, "qua": 4, "fif": 5, "ten": 10}[part.group(2)[:3]]
        return int(part.group(1)) / den, part.group(0), start
    pct = re.match(rf"({_NUM})\s*(%|percent)", text[start:])
    if pct:
        return float(pct.group(1)) / 100, pct.group(0), start
    return float(m.group("num")), m.group("num"), start


def find_named(text: str, entries: dict[str, list[tuple[str, list[str]]]]) -> list[tuple[str, float, str, int]]:
    """(entry name, value, value text, position) for every entry the request sets by name.

    `entries` maps an entry name to where the base has it ([(file, key path), ...])."""
    text = normalise(text)
    low = text.lower()
    found: dict[int, tuple[str, float, str, int]] = {}
    for phrase, names in sorted(aliases().items(), key=lambda kv: -len(kv[0])):
        name = next((n for n in names if n in entries), None)
        if name is None:
            continue
        # not the tail of a hyphenated word: the omega of "k-omega SST" names a model, not the entry
        for m in re.finditer(rf"(?<![\w'-])({re.escape(phrase)})(?![\w])", low):
            got = _value_after(text, m.end())
            before = re.search(rf"(?<![\w.])({_NUM})(\s*(?:%|percent\b))?\s+(?:\w+\s+)?$",
                               text[max(0, m.start() - 20):m.start()])
            if got is None and before is not None:  # "3 non-orthogonal correctors", "30 % volatility"
                start = m.start() - len(text[max(0, m.start() - 20):m.start()]) + before.start(1)
                scale = 0.01 if before.group(2) else 1.0
                got = (float(before.group(1)) * scale, before.group(1) + (before.group(2) or ""), start)
            if got and got[2] not in found:
                found[got[2]] = (name, got[0], got[1], got[2])
    for name in entries:
        symbol = name in _COMMON or len(name) < 2
        if symbol and len(entries[name]) != 1:
            continue  # a one-letter symbol binds only to an entry the base has exactly once
        for m in re.finditer(rf"(?<![\w.'-]){re.escape(name)}(?![\w.'])", text):
            if re.search(rf"(?<![\w.]){_NUM}\s*$", text[max(0, m.start() - 25):m.start()]) and \
                    not re.match(rf"{_SYMBOL_LINK}{_NUM}", text[m.end():]):
                continue  # "90 rpm": the unit of the number before it, not the entry rpm ("nu 0.3 rho 2700" is)
            got = _value_after(text, m.end(), _SYMBOL_LINK if symbol else _LINK)
            if got and got[2] not in found:
                found[got[2]] = (name, got[0], got[1], got[2])
    return sorted(found.values(), key=lambda f: f[3])


def stated_for(match: tuple[str, float, str, int], stated: list[StatedQuantity]) -> StatedQuantity:
    """The stated quantity a named value is (same text), or a new one for a unit-less parameter."""
    name, value, raw, _ = match
    same = next((q for q in stated if written_as(q, raw) and abs(q.value - value) <= 1e-9 * max(1, abs(value))), None)
    if same is not None:
        return same
    return StatedQuantity(text=f"{name} {raw}".strip(), quantity="parameter", value=value, role=f"entry:{name}")
