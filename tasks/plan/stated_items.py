"""The words after a value that say what it is for: a clause that points back at it ("300 K, which
is the inlet temperature"), a role in brackets ("290 K (cold wall)"), and the label of an item the
value heads ("340 K: walls", "3 m2/s2 = outlet2", "- 2 m/s -> lid"). Pure regular expressions and
functions over a request's text, read by `tasks.plan.stated`."""

from __future__ import annotations

import re

from tasks.plan.extract import Quantity


# a clause after a value that points back at it and names what it is for: "300 K, which is the
# inlet temperature", "101325 Pa is what the outlet sees", "2 m/s — that's the inflow", "1 bar,
# i.e. the outlet's", "5 m/s (that is the lid)"
_POINTER_AFTER = re.compile(
    r"\s*(?:,\s*|\s[-–—]{1,2}\s*|[–—]\s*|\(\s*|:\s+|[.!]\s+)?"  # "350 K. That is the inlet's"
    r"(?:(?:which|that|this|it)(?:'s|’s|\s+is|\s+are|\s+was|\s+will\s+be|\s+should\s+be|\s+being|\s+goes|\s+applies)?"
    r"|i\.\s?e\.,?|namely)\s+(?:what\s+|for\s+|to\s+|at\s+|on\s+)?(?:we\s+|you\s+|they\s+|i\s+)?(?=[A-Za-z])"
    r"|\s+(?:is|are|will\s+be|should\s+be)\s+what\s+(?:we\s+|you\s+|they\s+|i\s+)?(?=[A-Za-z])", re.I)
# the kind a pointer clause names before the place ("the temperature of the incoming air")
_KIND_OF = re.compile(r"^(?:the\s+)?(?:temperature|pressure|velocity|speed|value|level|flow|setting)\s+"
                      r"(?:of|at|for|on|in)\s+", re.I)
def _value_first_item(text: str, q: Quantity, rest: str) -> re.Match[str] | None:
    """The label of a "value: role" item, the value first on its line or in its list ("340 K: walls",
    "- 1.5 bar: outlet", "2 m/s -> lid", "u=5, 300 K: inflow"), or one of two such items run together
    on a line ("1.1e5 Pa: outlet 310 K: inlet"): the words after its colon or arrow."""
    line = re.split(r"\n|[;,]\s|^", text[:q.start])[-1]
    if _POINTER_AFTER.match(rest):
        return None  # "2 m/s -- that is the lid": the pointer's words
    heads = not re.sub(r"^[\s\-*\u2022>]*(?:\d+[.)]\s+)?", "", line)
    if not (heads or _LABELLED_BEFORE.search(text[:q.start]) or _LABELLED_NEXT.match(rest)):
        return None  # "inlet 2 m/s: ..." is a key's value, its words come before it
    return _LABEL_AFTER.match(rest)


_ITEM_VALUE = r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?\s*[^\s:=]{0,10}"
_ITEM_SIGN = r"\s*(?::|->|=>|→|=)\s*"
_ITEM_LABEL = r"[A-Za-z][\w '\-]{0,40}?"
# the label after a value that heads its item: "340 K: walls", "1.5 bar -> outlet", "300 K = inflow"
_LABEL_AFTER = re.compile(rf"(?:{_ITEM_SIGN}|\s*(?:-{{1,2}}|–|—)\s*)(?P<words>{_ITEM_LABEL})\s*"
                          r"(?=$|[\n,;.]|\s$|\s+[-+]?\.?\d)")
# a "value: label" item right before a value, or right after it: items run together on one line
_LABELLED_BEFORE = re.compile(rf"(?<![\w.]){_ITEM_VALUE}{_ITEM_SIGN}{_ITEM_LABEL}\s+$")
_LABELLED_NEXT = re.compile(rf"{_ITEM_SIGN}{_ITEM_LABEL}\s+{_ITEM_VALUE}{_ITEM_SIGN}[A-Za-z]")
# a few words in brackets right after a value, with no number: its role ("290 K (cold wall)")
_ROLE_IN_BRACKETS = re.compile(r"\s*\(\s*(?P<words>[A-Za-z][A-Za-z \-]{0,30}?)\s*\)")
