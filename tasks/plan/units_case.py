"""Unit symbols written in another letter case (tasks.plan.units): "5 MPA", "10 kpa", "2 KW",
"300 KG/M3", "3 M/S", "320k", "46.85c", "70f", "530r".

A symbol's case carries meaning (m, M; s, S; k, K), so a unit is first read as written; only when
that fails, or reads less than the whole token, is the token read again with each letter run in
its usual spelling (the one engineers mean when they write it in another case). Single letters
are the risky ones: a lone "k", "c", "f" or "r" is a temperature scale only glued to its number
("320k", "46.85c") and not where the value counts things ("a 200k mesh", "5k cells"); any other
single letter is refolded only inside a compound ("M/S", "KG/M3"). Pure functions; every rewrite
keeps the text's length, so positions read in the rewritten text hold in the original.
"""

from __future__ import annotations

import re

from tasks.plan.units_symbols import _PREFIXED

# the spelling meant when a symbol's case is lost: pressures and powers in mega, forces in milli
# (surface tensions in mN/m), times in seconds, not siemens
_PREFERRED = ("MPa", "kPa", "hPa", "GPa", "Pa", "mbar", "bar", "MW", "kW", "W", "MJ", "kJ", "J", "mN", "kN", "N",
              "mm", "cm", "km", "m", "ms", "s", "kg", "g", "mg", "mL", "L", "kHz", "MHz", "Hz", "cSt", "cP", "psi",
              "min", "h", "hr", "K", "kV", "V")
# the temperature scales by their letter (read as scales by tasks.plan.units_atoms)
_SCALES = {"k": "K", "c": "C", "f": "F", "r": "R"}
_NOT_FOLDED = frozenset({"nm", "t", "in", "a"})  # "5 NM" may be a torque; "T" a tesla; "IN", "A" words


def _folds() -> dict[str, str]:
    """lower-case symbol -> the spelling meant, where one is clear."""
    seen: dict[str, list[str]] = {}
    for symbol in _PREFIXED:
        seen.setdefault(symbol.lower(), []).append(symbol)
    out: dict[str, str] = {}
    for low, symbols in seen.items():
        distinct = {(_PREFIXED[s].dims, _PREFIXED[s].factor) for s in symbols}
        if len(distinct) == 1:
            out[low] = min(symbols, key=lambda s: (s not in _PREFERRED, s))
            continue
        liked = [s for s in _PREFERRED if s in symbols]
        if liked:
            out[low] = liked[0]
    for low, scale in _SCALES.items():
        out[low] = scale
    for low in _NOT_FOLDED:
        out.pop(low, None)
    return out


_FOLD = _folds()
_TOKEN = re.compile(r"[^\s,;]+")
_RUN = re.compile(r"[A-Za-z]+")
_MILLI_SECONDS = re.compile(r"\s*[·⋅.*-]?\s*s\b", re.I)  # "1 mpa.s", "2 MPA S": a millipascal second
# words near a glued "k" that make it a thousand, not a kelvin ("a 200k mesh", "Re 20k")
_COUNTING = re.compile(r"\b(?:mesh|meshes|cells?|grids?|elements?|resolution|re|reynolds|ra|rayleigh|iterations?|"
                       r"iters?|steps?|particles?|parcels?|points?|nodes?|faces?|samples?|counts?|hexahedra|"
                       r"cores?|processors?|dofs?|unknowns?|dollars?|budget)\b", re.I)
_CLAUSE_END = re.compile(r"\s*(?:[,;)\n]|\.(?:\s|$)|$)")  # "wall 350 k, ...": a spaced scale letter ends its clause
_NOT_A_SCALE_AFTER = re.compile(r"\s*(?:[-(]?\s*(?:up|down)[- ]?stream|from|away|behind|ahead|radi|diam|x\b|by\b|\*|/|\^|\d)",
                                re.I)


_NUMBER_BEFORE = re.compile(r"(\d+(?:\.\d*)?|\.\d+)\s?$")
_WORDS = re.compile(r"[A-Za-z]+")
_STATE_BEFORE = re.compile(r"\b(?:at|to|from|of\s+about)\s+$|[=@]\s*$", re.I)  # "a 20k mesh at 300k": a state


def _near_words(text: str, start: int, end: int) -> str:
    """Up to three words before the number at text[:start] and two after text[end:], in the clause."""
    left = re.split(r"[.,;\n!?]", text[max(0, start - 50):start])[-1]
    right = re.split(r"[.,;:\n!?()]", text[end:end + 30])[0]
    return " ".join(_WORDS.findall(left)[-4:] + _WORDS.findall(right)[:2])


def _scale_letter(text: str, start: int, end: int) -> bool:
    """Whether the single letter at text[start:end] is a temperature scale: glued to its number
    ("320k", "46.85c") or alone at its clause's end ("wall 350 k,"), nothing compound after it, an
    absolute scale's value no lower than 100 ("10 r" is no temperature), and (for "k") nothing
    counted around it ("a 200k mesh")."""
    letter = text[start].lower()
    glued = start > 0 and (text[start - 1].isdigit() or text[start - 1] == ".")
    spaced = (letter != "r" and start > 1 and text[start - 1] in " \t" and text[start - 2].isdigit()
              and _CLAUSE_END.match(text, end))
    if not (glued or spaced):  # "14.855 k 0.375": k is the next field's name
        return False
    if _NOT_A_SCALE_AFTER.match(text, end):
        return False
    number = _NUMBER_BEFORE.search(text, max(0, start - 24), start)
    if number is None or (letter in "kr" and float(number.group(1)) < 100):
        return False
    if letter == "k" and not _STATE_BEFORE.search(text, max(0, number.start() - 12), number.start()) \
            and _COUNTING.search(_near_words(text, number.start(), end)):
        return False
    return True


def folded_token(text: str, pos: int) -> str | None:
    """`text` with the token at `pos` written in the usual case of its symbols ("5 MPA" -> "5 MPa",
    "3 M/S" -> "3 m/s", "320k" -> "320K"), or None when nothing in it changes."""
    token = _TOKEN.match(text, pos)
    if token is None:
        return None
    runs = []
    for run in _RUN.finditer(text, pos, token.end()):
        if run.group(0).lower() not in _FOLD and run.group(0) not in _PREFIXED:
            break  # "k-epsilon": the unit, if any, ends before a word that is no symbol
        runs.append(run)
    if not runs:
        return None
    compound = len(runs) > 1
    out = list(text)
    changed = False
    for run in runs:
        word = run.group(0)
        if len(word) == 1 and not compound:
            if word.lower() not in _SCALES or word in _SCALES.values() or not _scale_letter(text, run.start(), run.end()):
                continue
        meant = _FOLD.get(word.lower())
        if word.lower() == "mpa" and _MILLI_SECONDS.match(text, run.end()):
            meant = "mPa"
        if meant is None or meant == word:
            continue
        out[run.start():run.end()] = list(meant)
        changed = True
    return "".join(out) if changed else None


def usual_case(unit: str) -> str:
    """A unit already found after its number ("k" of "320k", "MPA") in the usual case of its symbols
    ("K", "MPa"); the checks of where it stood were made when it was found."""
    out = list(unit)
    for run in _RUN.finditer(unit):
        meant = _FOLD.get(run.group(0).lower())
        if run.group(0).lower() == "mpa" and _MILLI_SECONDS.match(unit, run.end()):
            meant = "mPa"
        if meant is not None and run.group(0) not in _PREFIXED:
            out[run.start():run.end()] = list(meant)
    return "".join(out)
