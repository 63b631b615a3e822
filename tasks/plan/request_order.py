"""A value said before the name it is for ("1.5e-5 for the nu", "use 350 K as the inlet
temperature", "- 0.002 for the sludge alpha") put after that name ("nu 1.5e-5"), the order every
binder reads. Without this a bare number said first is no stated quantity at all and is dropped
in silence, and a value with a unit is bound by its default role instead of the name after it.

Only a value that opens its clause moves (after a comma, a semicolon, a colon, a bracket, a
line, a bullet or a verb such as "use"/"set"): "a velocity of 2 m/s for the inlet" keeps its
role before the value and stays as written. The name is one to four words, up to the end of the
clause; a clause that goes on with a number ("for the first 2 s") is not a name. Pure functions.
"""

from __future__ import annotations

import re

from tasks.plan.units import read_at

# a number (a sign, decimals, an exponent); not inside a word or another number
_NUMBER = re.compile(r"(?<![\w.])[-+]?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?(?!\w|\.\d)")

# what may stand right before a value that opens its clause
_OPENS = re.compile(r"(?:^|[,;:(\n]|^\s*[-*•]|\n\s*[-*•]|\b(?:and|with|use|using|set|put|give|apply|take|assume|"
                    r"then|also|plus|choose|pick|want|need)\b)\s*$", re.I)

# "for the heater base", "as the inlet temperature": the name, up to the end of the clause
_FOR_NAME = re.compile(r"\s+(?:for|as)\s+(?:the\s+|a\s+|an\s+)?"
                       r"(?P<name>[A-Za-z][\w'/-]*(?:\.\w+)*(?:\s+[A-Za-z][\w'/-]*(?:\.\w+)*){0,3}?)"
                       r"\s*(?=$|[,;.:\n)]|\s+(?:and|with|plus)\b)")

# names that are no role of a value: "10 s for the rest", "2 m/s for the whole run"
_NO_NAME = re.compile(r"^(?:rest|remainder|whole|entire|time\s+being|moment|start|beginning|end|now|"
                      r"same|other|others|all|both|each|every|case|example|instance|comparison|reference|"
                      r"first|second|next|last|it|this|that|them|these|those)\b", re.I)


def _value_end(text: str, end: int) -> int:
    """Where the value that ends its number at `end` ends: after its unit when one follows."""
    pos = end + (1 if text[end:end + 1] == " " else 0)
    if text[pos:pos + 1] == "%":
        return pos + 1
    reading = read_at(text, pos)
    if reading is None or text[pos:reading.end].strip().lower() in ("for", "as", "a", "in", "at"):
        return end
    return reading.end


# the end of a clause: the text's end, a comma, a semicolon, a line, a full stop (not a decimal point)
_CLAUSE_END = re.compile(r"\s*(?:$|[,;\n)]|\.(?!\d))")


# "T_in: 350 K", "- heater: 600 K", "; outlet pressure: 1 bar", "air nu -> 1.5e-5": a short key, a colon
# (or an arrow), a number
_KEY_COLON = re.compile(r"(?P<key>(?:^|(?<=[;,(]))\s*(?:[-*•]\s*)?[A-Za-z][\w'/-]*(?:\s+[A-Za-z][\w'/-]*){0,3})"
                        r"\s*(?::|->|→|=>)\s*(?=[-+]?\.?\d)", re.M)


def keys_joined(text: str) -> str:
    """`text` with the colon of each "key: value" clause dropped ("T_in: 350 K" -> "T_in 350 K"),
    so a key reads as the name before its value, as it does without the colon. Only a clause that
    is the key and its value alone: in "Opposed jets: 20 cm/s from each side" the colon ends a
    title and the value has its own role after it."""
    out, last = [], 0
    for m in _KEY_COLON.finditer(text):
        number = _NUMBER.match(text, m.end())
        if number is None or not _CLAUSE_END.match(text, _value_end(text, number.end())):
            continue
        out.append(text[last:m.start()] + m.group("key") + " ")
        last = m.end()
    return "".join(out) + text[last:]


# "the t_end is 0.5", "particle density should be 1200": a name, a verb of being, a number
_SAID_IS = re.compile(r"(?<=[A-Za-z_\d])\s+(?:is|of|equals|should\s+be|must\s+be|will\s+be|is\s+set\s+to|"
                      r"(?:needs|has|ought)\s+to\s+be|(?:of\s+|at\s+|is\s+)?(?:about|around|approximately|approx\.?|"
                      r"roughly|circa|ca\.|~))\s*(?=[-+]?\.?\d)", re.I)
# the verbs that keep a name from its value even when the value has a unit ("the write interval
# needs to be 0.2 s"): dropped before any value; "about" before a value with a unit stays ("a mesh of
# roughly 3600 cells", "around 40 000 cells": the count's own words)
_LONG_VERB = re.compile(r"(?:needs|has|ought)\s+to\s+be", re.I)
_COUNTED = re.compile(r"(?:[ ,]\d{3}(?!\d))*\s*(?:cells?|elements?|nodes?|points?|iterations?|iters?|(?:time\s*)?steps?|ranks?|cores?|"
                      r"processors?|subdomains?)\b", re.I)


def bare_values_joined(text: str) -> str:
    """`text` with the verb between a name and a bare number dropped ("the rho is 1200" ->
    "the rho 1200", "a nu of 1.5e-5" -> "a nu 1.5e-5"), as a binder reads a name and its number; a
    value with a unit keeps its verb (its unit says what it is)."""
    out, last = [], 0
    for m in _SAID_IS.finditer(text):
        if re.search(r"\b(?:instead|out|rather)$", text[:m.start()], re.I) and m.group(0).strip().lower() == "of":
            continue  # "instead of 75": the value being replaced; "3 out of 4"
        number = _NUMBER.match(text, m.end())
        if number is not None and _COUNTED.match(text, number.end()):
            continue  # "a mesh of roughly 3600 cells": a count with its own words
        long_verb = _LONG_VERB.search(m.group(0)) is not None
        if number is None or _value_end(text, number.end()) != number.end() and not long_verb:
            continue
        out.append(text[last:m.start()] + " ")
        last = m.end()
    return "".join(out) + text[last:]


def names_first(text: str) -> str:
    """`text` with each value that opens its clause and is said "for"/"as" a name moved after
    that name ("0.002 for the sludge alpha" -> "sludge alpha 0.002"), the colon of each
    "key: value" clause and the verb before a bare number dropped; everything else as it was."""
    out, last = [], 0
    for m in _NUMBER.finditer(text):
        if m.start() < last or not _OPENS.search(text[:m.start()]):
            continue
        end = _value_end(text, m.end())
        said = _FOR_NAME.match(text, end)
        if said is None or _NO_NAME.match(said.group("name")):
            continue
        value = text[m.start():end].strip()
        out.append(text[last:m.start()] + f"{said.group('name')} {value}")
        last = said.end()
    return bare_values_joined(keys_joined("".join(out) + text[last:]))
