"""Physics a request names only to switch it off, in any voice: 'no turbulence', 'buoyancy is ignored',
'turbulence was neglected', 'compressibility effects were not considered', 'the Boussinesq approximation
not being invoked', 'turbulence model: none', 'neglecting radiation', 'in the absence of gravity'.

One grammar for the words around a physics phrase in the normalised text (tasks/plan/select_words
normal_text: lower case, punctuation as spaces): before it a negating word; after it an optional noun
the physics is said through ('effects', 'model', 'approximation', 'terms'), then auxiliaries in any
tense or mood ('is', 'was', 'were', 'has been', 'being', 'may be'), then a verb of leaving out
('neglected', 'omitted', 'not modelled', 'not invoked') or a key's empty value ('none', 'off').
Pure.
"""

from __future__ import annotations

import re

# the noun a physics word is said through: 'buoyancy effects', 'turbulence model', 'Boussinesq approximation'
_THROUGH = (r"(?: (?:effects?|models?|modell?ing|terms?|approximation|assumption|equations?|forces?|contributions?"
            r"|influence|source|sources|closure))?")
# auxiliaries and adverbs between the physics and the verb, any tense: 'was', 'has been', 'may be', 'were thus'
_AUXILIARY = (r"(?: (?:is|are|was|were|be|been|being|has|have|had|can|could|may|might|must|should|shall|will|would"
              r"|to|also|thus|therefore|hence|then|entirely|fully|completely|simply|deliberately|here|throughout))*")
# what leaves the physics out: a participle of omission, a negated participle of use, an empty key value
_OMISSION = (r" (?:ignored|ignore|neglected|neglect|negligible|omitted|disregarded|excluded|switched off|turned off"
             r"|deactivated|disabled|suppressed|absent|none|off|nil"
             r"|not (?:\w+ )?(?:included|considered|needed|required|modell?ed|resolved|invoked|used|employed"
             r"|applied|accounted for|taken into account|simulated|solved|present|active|important|relevant"
             r"|significant|retained|activated|enabled|switched on|turned on))")
NEGATED_AFTER = re.compile(_THROUGH + _AUXILIARY + _OMISSION + r"(?= |$)")
# a negating word said just before the physics: 'no', 'without', 'neglecting', 'in the absence of'
NEGATED_BEFORE = re.compile(r"\b(?:non|no|not|without|ignore|ignoring|neglect|neglecting|omitting|disregarding"
                            r"|excluding|absence of|absence of any|free of)\s*(?:(?:a|an|any)\s+)?$")  # "without a turbulence model"
# the same before the physics, only the words of leaving out (a plain 'no' leaves it unasked, not excluded)
SWITCHED_OFF_BEFORE = re.compile(r"\b(?:ignore|ignoring|neglect|neglecting|omitting|disregarding|excluding"
                                 r"|absence of|absence of any)\s*$")


def negated_after(rest: str) -> bool:
    """The text after a physics word (its leading space kept) leaves that physics out: ' was
    neglected', ' effects were not considered', ' model none'."""
    return bool(NEGATED_AFTER.match(rest))


def negated_before(before: str) -> bool:
    """The text just before a physics word negates it: 'no ', 'without ', 'neglecting '."""
    return bool(NEGATED_BEFORE.search(before))


def switched_off_before(before: str) -> bool:
    """The text just before a physics word leaves it out on purpose: 'neglecting ', 'in the absence of '."""
    return bool(SWITCHED_OFF_BEFORE.search(before))


_WORD = re.compile(r"[A-Za-z]+")


def without_left_out(text: str) -> str:
    """The request with every word blanked that is said only to be left out ('the Boussinesq approximation
    not being invoked', 'radiation effects were neglected', 'turbulence model: none'): a tutorial's or a
    method's name words said there describe nothing the user wants. Positions are kept."""
    out = list(text)
    for m in _WORD.finditer(text):
        tail = " " + " ".join(re.sub(r"[-_/(),;:.!?']", " ", text[m.end():m.end() + 80].lower()).split()) + " "
        if negated_after(tail):
            out[m.start():m.end()] = " " * (m.end() - m.start())
    return "".join(out)


# what may follow a short whole word inside a longer one: its inflections and a few derivations ('heated',
# 'burnt', 'sandy', 'flamelet'), never another word's rest ('Sandia', 'machine', 'Heathrow')
SHORT_WORD = 5
_INFLECTIONS = frozenset({"", "s", "es", "ed", "d", "ing", "er", "ers", "r", "rs", "y", "ies", "ier", "iest", "ly", "t",
                          "en", "ened", "th", "let", "lets", "ful", "less", "ness", "like", "ish", "ily", "ally",
                          "est", "ings", "ingly",
                          # the second word of a compound written as one ('shockwave', 'heatsink', 'heatflux')
                          "wave", "waves", "sink", "sinks", "flux", "fluxes", "front", "fronts", "tube", "tubes",
                          "number", "transfer"})


def inflected(target: str, rest: str) -> bool:
    """A phrase matched as the start of a word (`target`, its text before `rest`) is that word or its
    inflection: any continuation for a stem longer than SHORT_WORD letters ('buoyan' -> 'buoyancy'),
    an inflection only for a short whole word ('sand' -> 'sandy', not 'Sandia'; 'mach', not 'machine')."""
    last = target.split()[-1] if target.split() else ""
    if target.endswith(" ") or len(last) > SHORT_WORD:
        return True
    return re.match(r"[a-z]*", rest).group(0) in _INFLECTIONS
