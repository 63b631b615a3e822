"""One value said for places of different roles ("the inlet and the walls both at 320 K", "300 K for
the inflow and the ceiling", "inlet & walls -> 45 degC"): the value once for each place, each with
its own role. Places of one role ("the floor and the ceiling at 290 K") are left to the binder,
which sets every patch the list names. Pure functions over the normalised text of a request."""

from __future__ import annotations

import re

from tasks.plan.extract import Quantity
from tasks.plan.stated_role_words import _ROLE_WORDS

_ITEM = r"(?:the\s+)?[a-z][\w-]*(?:\s+(?!(?:are|is|both|all|each|at|be|set|held|kept)\b)[a-z][\w-]*)?"
_JOIN = r"\s*(?:,\s*(?:and\s+)?|\band\b|&|\+|=(?=\s*[a-z]))\s*"
_LINK_BEFORE = r"(?:\s*(?:are|is|both|all|each|=|:|->|→|at|held at|kept at|set to|should be|must be|be))*\s*"
# where a list of places may start: a clause's start or a verb that leads to it
_LIST_START = re.compile(r"[,;:(]\s|\n|\b(?:with|set|keep|hold|make|put|could|can|would|will|let|have|want|need)\s")
# "the inlet and the walls both at ", "inlet & walls -> ": a list of places right before the value
_BEFORE = re.compile(rf"\s*(?:both\s+)?(?P<list>{_ITEM}(?:{_JOIN}{_ITEM})+){_LINK_BEFORE}$")
# "300 K for the inflow and the ceiling", "320 K (both) at inlet and walls": the list right after it
_AFTER = re.compile(rf"^\s*(?:each\s+|both\s+)?(?:for|on|at|to)\s+(?:both\s+)?(?P<list>{_ITEM}(?:{_JOIN}{_ITEM})+)"
                    r"\s*(?=$|[,;.)\n]|\s(?:and|with|while|but)\s)")
_SPLIT = re.compile(_JOIN)
_ARTICLE = re.compile(r"^(?:the|both)\s+")


def _role_said(item: str, kind: str) -> str | None:
    """The role an item's words announce for a value of this kind ("walls": wall_temperature), not
    counting the words that only name the kind ("temperature"); a role word inside a longer word
    ("hotroom", a tutorial's name) announces nothing."""
    for role, words in _ROLE_WORDS.get(kind, []):
        if any(len(w.strip()) > 2 and w not in ("temperature", "pressure", "velocity", "speed")
               and re.search(rf"(?<![a-z]){re.escape(w.strip())}(?:e?s)?(?![a-z])", item) for w in words):
            return role
    return None


def shared_places(text: str, q: Quantity) -> list[tuple[str, str]]:
    """(place words, role) for each place of another role the value is said for together; empty when
    the value is said for one place, or for places of one role."""
    if q.kind not in ("temperature", "pressure", "velocity"):
        return []
    before = text[:q.start].lower()
    after = text[q.start + len(q.text):][:80].lower()
    starts = [0] + [m.end() for m in _LIST_START.finditer(before)]
    lists = [m.group("list") for at in starts if (m := _BEFORE.match(before, at))]
    if (m := _AFTER.match(after)) is not None:
        lists.append(m.group("list"))
    for said in lists:  # the longest list whose every item names a role ("duct, inlet and walls at": not "duct")
        items = [_ARTICLE.sub("", i.strip()) for i in _SPLIT.split(said) if i.strip()]
        roles = [_role_said(i, q.kind) for i in items]
        if len(items) >= 2 and None not in roles and len(set(roles)) >= 2:
            return [(i, r) for i, r in zip(items, roles) if r is not None]
    return []
