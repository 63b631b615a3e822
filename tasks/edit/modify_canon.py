"""Relative changes as chat and ticket writers put them, rewritten in the one order the rules of
`modify` read (the target first, then its factor): "2x iters" is "iterations x2", "raise the
inlet 10%" and "inlet up by 10%" are "inlet +10%", "10% more inlet velocity" is "inlet velocity
+10%", "-10% vs what we had" is "-10%". Abbreviations of the quantities a change names ("visc",
"vel", "temp", "iters", "2000 its") become their words, and an old value said after the new one
("0.5 not 1", "0.5 (we had 1)") is dropped. A leaf of the rules of `modify`: it reads words only."""

from __future__ import annotations

import re

from tasks.edit.modify_canon_factors import spelled_factors

_NUM = r"\d+(?:\.\d+)?"

# a reference to the value the case has, after a relative change: the change is against it anyway
_AGAINST_PRESENT = re.compile(
    r"\s*\(?\b(?:vs\.?|versus|compared\s+(?:to|with)|relative\s+to|than|from|over|of)\s+"
    r"(?:what\s+(?:we|it|you|i)\s+(?:had|have|has|used|ran)(?:\s+(?:before|last\s+time))?|before|previously|"
    r"(?:the\s+)?(?:last|previous|old|current|present|base)\s+(?:run|case|one|value|setting|setup)|now|"
    r"last\s+time|(?:the\s+)?(?:current|present)\s+value|(?:what\s+)?it\s+is(?:\s+(?:now|at\s+present|currently))?|"
    r"at\s+present|currently)\b\)?", re.I)

# words of chat shorthand for the quantities a change names, and their full words
_ABBREVIATIONS = (
    (re.compile(r"\b(?:iters?|itns?|itrs?)\b\.?", re.I), "iterations"),
    (re.compile(r"(?<=\d)\s*its\b|(?<=\dx)\s+its\b", re.I), " iterations"),
    (re.compile(r"\bvisc\b\.?", re.I), "viscosity"),
    (re.compile(r"\bvel\b\.?", re.I), "velocity"),
    (re.compile(r"\btemp\b\.?(?!\s*(?:dir|folder|file)\b)", re.I), "temperature"),
    (re.compile(r"\bconc\b\.?", re.I), "concentration"),
    (re.compile(r"\bmass[-_]?(?=flow)", re.I), "mass "),  # "massflow", "mass-flow"
    (re.compile(r"\bw/o\b", re.I), "without"),
    (re.compile(r"(?<![\w/])w/(?=\s|\w)", re.I), "with "),
    (re.compile(r"\b(?:pls|plz|pls\.|thx|thanks|ty)\b", re.I), ""),
)

# an old value said after the new one: "0.5 not 1", "20 m/s, not 15", "0.5 (we had 1)", "(was 2)"
_OLD_AFTER = re.compile(
    rf"(?<=[\d\w%)])\s*(?:,\s*)?\(?\s*(?:not|we\s+had|it\s+was|they\s+were|previously|used\s+to\s+be|down\s+from|"
    rf"up\s+from)\s+[-+]?{_NUM}(?:e[-+]?\d+)?(?:\s*[a-zA-Zµμ°/²³^]+(?:/[a-zA-Z]+)?)?\s*(?:before\b)?\)?", re.I)

# (how long a run is, "50 % longer", is the run-control rules' to read)
_UP = r"raise|increase|bump|boost|up|higher|more|faster|larger|bigger|greater"
_DOWN = r"reduce|decrease|lower|drop|cut|down|less|slower|smaller"
_PERCENT = rf"(?P<pct>{_NUM})\s*(?:%|percent\b|per\s*cent\b)"
# "raise the inlet (by) 10%": an imperative verb first, its target, then the amount
_VERB_FIRST = re.compile(rf"^(?P<lead>\s*(?:(?:please|can|could|would|will|you|u|we|let's|lets|just|also|maybe|"
                         rf"now|then|and|so)\s+)*)(?P<dir>{_UP}|{_DOWN})\b\s+"
                         rf"(?P<target>(?:(?!by\b)[\w./-]+\s+){{1,5}}?)(?:(?:by|of|with)\s+)?{_PERCENT}(?P<rest>.*)$", re.I | re.S)
# "the flow rate must be decreased of 25 %", "inlet velocity to be raised by 10 percent": the target,
# a participle of change, then the amount
_PARTICIPLE = (r"(?P<dir>raised|increased|bumped|boosted|upped|decreased|reduced|lowered|dropped|cut|"
               r"diminished)")
_TARGET_PARTICIPLE = re.compile(rf"^(?P<lead>\s*)(?P<target>.*?[a-z].*?)\s+(?:(?:must|should|shall|has\s+to|have\s+to|"
                                rf"needs?\s+to|is\s+to|to)\s+)?(?:be|get|is|are)\s+{_PARTICIPLE}\s+(?:(?:by|of|with)\s+)?"
                                rf"{_PERCENT}(?P<rest>.*)$", re.I | re.S)
# "inlet up (by) 10%", "viscosity down 20 %": the target, then a direction and the amount
_DIR_AMOUNT = re.compile(rf"(?<![\w.+-])(?P<dir>{_UP}|{_DOWN})\s+(?:by\s+)?{_PERCENT}", re.I)
# "10% more inlet velocity", "20 percent less nu": the amount, a direction, then the target
_AMOUNT_DIR_TARGET = re.compile(rf"^(?P<lead>\s*)(?<![\w.+-]){_PERCENT}\s+(?P<dir>{_UP}|{_DOWN})\s+"
                                rf"(?P<target>(?!than\b)[a-z_].*)$", re.I | re.S)
# "inflow 10% up", "inlet velocity 20 percent lower": the target, the amount, then a direction
_AMOUNT_DIR = re.compile(rf"(?<![\w.+-]){_PERCENT}\s+(?P<dir>{_UP}|{_DOWN})\b(?=\s*(?:please\s*)?(?:$|[.;,)!?]))", re.I)
# "2x iters", "3x the end time", "x5 DT": a symbol factor before its target
_FACTOR_FIRST = re.compile(rf"^(?P<lead>\s*)(?:(?P<post>{_NUM})\s*[x×]|[x×]\s*(?P<pre>{_NUM}))\s+"
                           rf"(?P<target>(?!(?:as|longer|shorter|faster|slower|more|less|finer|coarser|bigger|smaller|"
                           rf"higher|lower|larger|the\s+(?:mesh|grid|cells?|resolution))\b)[a-z_].*)$", re.I | re.S)
_MESH = re.compile(r"\b(?:mesh|grid|cells?|resolution|refine\w*|finer|coarser)\b", re.I)
# where a change ends: punctuation, a line end, a word that starts another change
_SPLIT = re.compile(r"([.;!?](?:\s|$)|[,;!?\n]|\s(?:and|then|also|plus)\s)")


def canonical_changes(text: str) -> str:
    """The request with its relative changes written target first, factor after; abbreviations
    of quantity words expanded; old values said after new ones dropped; factors said in words
    or against the present value written as symbols (spelled_factors)."""
    text = spelled_factors(text)
    for pattern, word in _ABBREVIATIONS:
        text = pattern.sub(word, text)
    text = _OLD_AFTER.sub("", text)
    parts = _SPLIT.split(text)
    return "".join(_clause(p) if i % 2 == 0 else p for i, p in enumerate(parts))


def _signed(direction: str, pct: str) -> str:
    return f"{'-' if re.fullmatch(_DOWN, direction, re.I) else '+'}{pct}%"


def _clause(clause: str) -> str:
    """One clause in target-then-factor order (unchanged when it states no relative change)."""
    if not re.search(r"\d", clause):
        return clause
    if re.search(rf"%|percent|per\s*cent|{_NUM}\s*[x×]|[x×]\s*{_NUM}", clause, re.I):
        clause = _AGAINST_PRESENT.sub("", clause)
    if _MESH.search(clause):
        return clause
    if (m := _VERB_FIRST.match(clause)) is not None:
        space = m.group("lead")[:len(m.group("lead")) - len(m.group("lead").lstrip())]  # the lead's words go
        return f"{space}{m.group('target').strip()} {_signed(m.group('dir'), m.group('pct'))}{m.group('rest')}"
    if (m := _TARGET_PARTICIPLE.match(clause)) is not None:
        direction = "cut" if re.match(r"decreas|reduc|lower|drop|cut|dimin", m.group("dir"), re.I) else "up"
        return f"{m.group('lead')}{m.group('target').strip()} {_signed(direction, m.group('pct'))}{m.group('rest')}"
    if (m := _AMOUNT_DIR_TARGET.match(clause)) is not None:
        return f"{m.group('lead')}{m.group('target').rstrip()} {_signed(m.group('dir'), m.group('pct'))}"
    if (m := _DIR_AMOUNT.search(clause)) is not None and re.search(r"[a-z]", clause[:m.start()], re.I):
        return f"{clause[:m.start()].rstrip()} {_signed(m.group('dir'), m.group('pct'))}{clause[m.end():]}"
    if (m := _AMOUNT_DIR.search(clause)) is not None and re.search(r"[a-z]", clause[:m.start()], re.I):
        return f"{clause[:m.start()].rstrip()} {_signed(m.group('dir'), m.group('pct'))}{clause[m.end():]}"
    if (m := _FACTOR_FIRST.match(clause)) is not None:
        return f"{m.group('lead')}{m.group('target').rstrip()} x{m.group('post') or m.group('pre')}"
    return clause


def patch_numbers(text: str, patches: list[str]) -> str:
    """The request with each patch said by a word and its number ("inlet 6", "outlet #2", "wall
    no. 3") written as the patch's name ("velocity-inlet-6", "outlet2", "wall_3") when the case has
    exactly one such patch and the number has no unit, so that it is never read as a value
    ("inlet 6 -> 6 m/s": the patch velocity-inlet-6 at 6 m/s)."""
    from tasks.plan.extract import quantities

    for patch in patches:
        m = re.fullmatch(r"(?P<words>.*?[A-Za-z])[-_ ]?(?P<num>\d+)", patch)
        if m is None:
            continue
        words = [w for w in re.split(r"[-_ ]|(?<=[a-z])(?=[A-Z])", m.group("words")) if len(w) > 2]
        num = m.group("num")
        same = [p for p in patches if re.search(rf"(?<!\d){num}$", p) and any(w.lower() in p.lower() for w in words)]
        if not words or len(same) != 1:
            continue
        said = re.compile(rf"(?<![\w-])(?:{'|'.join(re.escape(w) for w in words)})s?\s*(?:#|no\.?|number)?\s*"
                          rf"(?P<num>{num})(?![\w.])", re.I)
        valued = [(q.start, q.start + len(q.text)) for q in quantities(text) if q.kind not in ("cells", "ranks")]
        found = [s for s in said.finditer(text) if not any(a <= s.start("num") < b for a, b in valued)]
        for s in reversed(found):
            text = text[:s.start()] + patch + text[s.end():]
    return text


# "viscosity" (or the entry's name nu) said alone before a number without a unit ("visc 0.009",
# "viscosity = 1e-5", "set nu to 2e-5")
_PLAIN_VISCOSITY = re.compile(rf"(?<!kinematic )(?<!dynamic )\b(?:viscosity|nu)(?=\s*(?:[:=]|to|of|is)?\s*[-+]?{_NUM}"
                              rf"(?:e[-+]?\d+)?(?![\d.]|\s*[a-zA-Zµμ/²^]))", re.I)


def plain_viscosity(text: str, kinematic_only: bool) -> str:
    """The request with a plain "viscosity" before a number without a unit said as "kinematic
    viscosity" when the case's only viscosity is the kinematic one (transportProperties' nu of an
    incompressible case): the number is in the file's unit, m2/s."""
    return _PLAIN_VISCOSITY.sub("kinematic viscosity", text) if kinematic_only else text
