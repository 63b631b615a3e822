"""Particles said once by their noun and then by a pronoun: "inject the water droplets at 8 m/s, make them smaller,
0.5 mm in diameter, and warmer, at 313 K". The pronoun ("them", "they", "their") is written out as the noun it stands
for ("make the droplets smaller"), so a value said of it reads as the particles' like one said of the noun. Only a
plural particle noun earlier in the same sentence is an antecedent; any other noun in between ("the droplets hit the
walls; they are ...") leaves the pronoun as it is. Pure functions over text."""

from __future__ import annotations

import re

_PARTICLES = r"(?:particles|parcels|droplets|drops|bubbles|grains|beads|pellets)"
_NOUN = re.compile(rf"\b{_PARTICLES}\b", re.I)
# a plural noun that is not the particles' ("the walls", "the inlets"): a nearer antecedent
_OTHER_PLURAL = re.compile(r"\b(?!(?:" + _PARTICLES[3:-1] + r")\b)(?:walls|inlets|outlets|sides|patches|boundaries|"
                           r"plates|panels|cells|fields|phases|jets|streams|nozzles|injectors)\b", re.I)
_PRONOUN = re.compile(r"\b(them|they|their)\b", re.I)
_SENTENCE = re.compile(r"[^.!?;\n]+(?:[.!?;\n]|$)")


def with_particle_antecedents(text: str) -> str:
    """`text` with each plural pronoun that stands for particles named before it in its sentence written out as
    their noun ("make them smaller" -> "make the droplets smaller", "their speed" -> "the droplets' speed")."""
    if not _NOUN.search(text) or not _PRONOUN.search(text):
        return text
    return _SENTENCE.sub(lambda m: _in_sentence(m.group(0)), text)


def _in_sentence(sentence: str) -> str:
    out, last = [], 0
    for p in _PRONOUN.finditer(sentence):
        before = sentence[:p.start()]
        nouns = list(_NOUN.finditer(before))
        if not nouns or _OTHER_PLURAL.search(before, nouns[-1].end()):
            continue
        noun = nouns[-1].group(0).lower()
        word = p.group(1).lower()
        out.append(sentence[last:p.start()] + (f"the {noun}'" if word == "their" else f"the {noun}"))
        last = p.end()
    return "".join(out) + sentence[last:]
