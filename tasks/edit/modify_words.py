"""Request words `modify` reads beyond patch names and units: the layout of a request (each line
or bullet is a clause of its own; "minus 10 degC" is -10 degC), factors written as symbols
("x2", "2x", "×1.5", "3-fold", "/2") or after what they scale ("inflow doubled", "inlet speed
x2", "the inflow -- double what it is now"), the rest of a scaled value's clause (where its
patch words often are: "double the mass flow through the air inlet"), and run-control values
given as "key: value" lines ("iterations: 1500", "t_end = 2 s")."""

from __future__ import annotations

import re

from tasks.edit.modify_canon import canonical_changes
from tasks.edit.patch_words import scaled_values

_NUM = r"\d+(?:\.\d+)?"

# a factor written with a symbol: "x2", "×1.5", "*3", "2x", "3×", "4-fold", "/2" (a divisor);
# never a cell count ("40x40", "x 20 cells") nor a unit's slash ("m/s")
FACTOR_TOKEN = re.compile(
    rf"(?<![\w.])[x×*]\s*(?P<pre>{_NUM})(?![\d.])(?!\s*(?:[x×*]\s*\d|cells?\b|by\b))"
    rf"|(?<![\w.])(?P<post>{_NUM})\s*(?:[x×](?![\w\d])|-?fold\b)(?!\s*\d)"
    rf"|(?<=\s)[/÷]\s*(?P<div>{_NUM})(?![\d.\w])"
)

# factor words that can follow what they scale ("the inflow doubled", "speed: double")
_WORD_FACTORS = {"doubled": 2.0, "double": 2.0, "twice": 2.0, "tripled": 3.0, "triple": 3.0, "quadrupled": 4.0,
                 "halved": 0.5, "halve": 0.5, "half": 0.5}
_WORD_FACTOR_RE = "|".join(sorted(_WORD_FACTORS, key=len, reverse=True))

# what a value scaled without being given can be, and the kind of change it is
_KINDS = {"velocity": "velocity", "speed": "velocity", "temperature": "temperature", "pressure": "pressure",
          "viscosity": "viscosity", "density": "density", "flow rate": "flow_rate", "flowrate": "flow_rate",
          "mass flow": "flow_rate", "discharge": "flow_rate", "inflow": "flow_rate", "throughput": "flow_rate",
          "heat flux": "heat_flux", "wall flux": "heat_flux", "heating power": "heat_flux", "heat input": "heat_flux"}
_KIND_RE = "|".join(sorted((re.escape(k) for k in _KINDS), key=len, reverse=True))

# what ends a clause: punctuation, or a word that starts another change
CLAUSE_END = re.compile(r"[.;,!?]\s|[;,!?]|\s(?:--|–|—)\s|\b(?:and|but|then|while|leaving|keeping|except)\b")

# a kind word, then (within its clause, at most five words on: patch words) a factor after it
_SCALED_AFTER = re.compile(
    rf"\b(?P<what>(?:(?!(?:and|then|but|while)\b)[\w-]+\s+){{0,4}}?(?P<kind>{_KIND_RE}))\b(?P<gap>\s*(?:[:=]|--|–|—)?\s*"
    rf"(?:(?!and\b|then\b|but\b)[a-z]+\s+){{0,5}}?)(?:(?P<word>{_WORD_FACTOR_RE})\b|(?P<sym>{FACTOR_TOKEN.pattern})"
    rf"|(?<![\w.])(?P<spsign>[+-])\s*(?P<sppct>{_NUM})\s*(?:%|percent\b|per\s*cent\b))",
    re.IGNORECASE)


def token_factor(m: re.Match[str]) -> float:
    """The factor a FACTOR_TOKEN (or a pattern embedding it) matched: x2 -> 2, /2 -> 0.5."""
    if m.group("div"):
        return 1.0 / float(m.group("div"))
    return float(m.group("pre") or m.group("post"))


def normalise_request(text: str) -> str:
    """A request with each line or bullet as a clause of its own ("- iterations: 1500" and the
    line under it stay apart once the text is one line), an old value before an arrow dropped
    ("lid 2 m/s -> 3 m/s" asks for 3 m/s) and a spelled sign on a number ("minus 10 degC",
    "negative 5 m/s") written as a sign."""
    raw = [line for line in text.splitlines() if line.strip(" -*•·\t")]
    joined = ""
    for line in raw:
        item = _BULLET.match(line) is not None or _KEY_LINE.match(line) is not None
        body = _BULLET.sub("", line).strip().rstrip(" ;,")
        if not joined:
            joined = body
        elif item or re.search(r"[.;:!?]\s*$", joined):  # a list item, or the line before ended its clause
            joined = f"{joined.rstrip('.')}; {body}" if not joined.endswith(":") else f"{joined}; {body}"
        else:  # a sentence wrapped over two lines
            joined = f"{joined} {body}"
    joined = joined or text
    joined = _OLD_VALUE.sub("", _SUPERSEDED.sub("", mark_old_before_new(joined, drop_bare=True)))
    joined = _SPELLED_AMOUNT.sub(_amount_digits, joined)  # "by fifty percent", "ten kelvin hotter"
    joined = _VALUE_FOR_ROLE.sub(lambda m: f"{m.group('role')} {m.group('value')}", joined)  # "try 600 for Re"
    joined = re.sub(r"\b(?:minus|negative)\s+(?=\d)", "-", joined, flags=re.IGNORECASE)
    return canonical_changes(joined)  # "2x iters" -> "iterations x2", "raise the inlet 10%" -> "the inlet +10%"


# "change the lid speed 1 m/s to 2 m/s", "set endTime 0.5 s to 1 s": a verb of change, then the old
# value right before "to" and the new one; the old one is marked with "from" as the readers expect
_VERB_OLD_TO_NEW = re.compile(
    r"(?P<lead>\b(?:change|changing|set|raise|lower|increase|reduce|decrease|bump|boost|cut|drop|modify|adjust|update|"
    r"move|go|alter|switch)\b[^.;,:\d]{0,40}?)(?:from\s+)?"
    r"(?P<old>(?<=\s)[-+]?\d*\.?\d+(?:e[-+]?\d+)?(?:\s*[a-zA-Zµμ°/²³^][\w/²³^°]*)?)\s+to\s+"
    r"(?P<new>[-+]?\d*\.?\d+(?:e[-+]?\d+)?(?:\s*[a-zA-Zµμ°/²³^][\w/²³^°]*)?)", re.IGNORECASE)


# "nu from 0.01 to 0.02": two numbers without a unit, the second the new one
_BARE_FROM_TO = re.compile(r"\bfrom\s+(?P<old>[-+]?\d*\.?\d+(?:e[-+]?\d+)?)\s+to\s+(?P<new>[-+]?\d*\.?\d+(?:e[-+]?\d+)?)"
                           r"(?![\w.%/°])", re.IGNORECASE)


def mark_old_before_new(text: str, drop_bare: bool = False) -> str:
    """The request with an old value said between a verb of change and "to" marked by "from"
    ("change the lid speed 1 m/s to 2 m/s" -> "... from 1 m/s to 2 m/s"), when the two values
    are of one kind (or the old one has no unit): only the new one is the request's. With
    `drop_bare`, two numbers without a unit leave the new one alone ("increase nu 0.01 to 0.02"
    -> "increase nu 0.02"), as a key and its value are read."""
    from tasks.plan.extract import quantities

    def marked(m: re.Match[str]) -> str:
        old, new = quantities(m.group("old")), quantities(m.group("new"))
        if old and (not new or old[0].kind != new[0].kind):
            return m.group(0)  # "cut the time step by 50 % to 0.001 s": two values, not a change of one
        if drop_bare and not old and not new and re.fullmatch(r"[-+]?[\d.e+-]+", m.group("old").strip() + m.group("new").strip()):
            return f"{m.group('lead')}{m.group('new')}"
        return f"{m.group('lead')}from {m.group('old')} to {m.group('new')}"

    text = _VERB_OLD_TO_NEW.sub(marked, text)
    return _BARE_FROM_TO.sub(lambda m: m.group("new"), text) if drop_bare else text


# a line that is an item of a list: a bullet or number ("- ", "* ", "2) "), or "key: value"
_BULLET = re.compile(r"^\s*(?:[-*•·]|\d+[.)])\s+")
_KEY_LINE = re.compile(r"^\s*[A-Za-z][\w \-/()]{0,40}:\s*\S")

# a value marked as the old one ("was 10 m/s, now 14 m/s", "instead of 600 K", "rather than 1 s",
# "currently 2 m/s"): only the other value is the request's
_OLD_VALUE = re.compile(r"\s*\(?\b(?:(?:was|previously|currently|formerly)|(?:instead of|rather than)(?:\s+(?:at|from|with))?)\s+[-+]?\d*\.?\d+"
                        r"(?:e[-+]?\d+)?(?:\s*[^\s\d,;.)(][^\s,;)]*)?\)?", re.IGNORECASE)

# an old value and an arrow to the new one ("2 m/s -> 3 m/s", "300 K → 320 K", "0.5 => 1 s"):
# only the new value is the request's
_SUPERSEDED = re.compile(r"[-+]?(?<![\w.])(?<!\w-)\d*\.?\d+(?:e[-+]?\d+)?(?:\s*[^\s\d][^\s]*?)?\s*(?:->|→|=>|⇒)\s*(?=[-+]?\.?\d)",
                         re.IGNORECASE)


# a spelled amount of a change before its unit: "fifty percent", "twenty-five per cent", "ten
# kelvin", "five degrees" (the readers of relative changes take digits)
_ONES = {w: n for n, w in enumerate("zero one two three four five six seven eight nine ten eleven twelve thirteen "
                                    "fourteen fifteen sixteen seventeen eighteen nineteen".split())}
_TENS_WORDS = {w: 10 * (n + 2) for n, w in enumerate("twenty thirty forty fifty sixty seventy eighty ninety".split())}
_SPELLED_AMOUNT = re.compile(
    rf"\b(?P<tens>{'|'.join(_TENS_WORDS)})(?:[\s-](?P<unit>{'|'.join(k for k in _ONES if _ONES[k] < 10)}))?\b"
    rf"(?=\s*(?:%|percent\b|per\s*cent\b|kelvin\b|K\b|degrees?\b|deg\s*C\b|°))"
    rf"|\b(?P<ones>{'|'.join(sorted(_ONES, key=len, reverse=True))})\b(?=\s*(?:%|percent\b|per\s*cent\b|kelvin\b|K\b|"
    r"degrees?\b|deg\s*C\b|°))", re.IGNORECASE)


# a value before the role it is for, joined by "for": "try 600 for Re", "use 20 m/s for the inlet",
# "2 for the lid", "0.3 for Mach": written role first ("Re 600") as the readers expect
_ROLES_FOR = (r"Re|Reynolds(?:\s+number)?|Ma|Mach(?:\s+number)?|Ra|Rayleigh(?:\s+number)?|Co|CFL|Courant(?:\s+number)?|"
              r"(?:the\s+)?(?:inlet|outlet|lid|inflow|moving\s+wall|hot\s+wall|cold\s+wall|heater)"
              r"(?:\s+(?:velocity|speed|pressure|temperature))?|(?:the\s+)?(?:end\s*time|endTime|time\s*step|deltaT)")
_VALUE_FOR_ROLE = re.compile(
    rf"(?<![\w.])(?P<value>[-+]?\d*\.?\d+(?:e[-+]?\d+)?(?:\s*[a-zA-Zµμ°/²³^0-9]+(?<![0-9]))?)\s+for\s+(?P<role>{_ROLES_FOR})\b"
    r"(?!\s+(?:of|at|in|with)\b)")


def _amount_digits(m: re.Match[str]) -> str:
    if m.group("ones"):
        return str(_ONES[m.group("ones").lower()])
    return str(_TENS_WORDS[m.group("tens").lower()] + (_ONES[m.group("unit").lower()] if m.group("unit") else 0))


def clause_rest(low: str, end: int) -> str:
    """The words from `end` to the end of their clause."""
    m = CLAUSE_END.search(low, end)
    return low[end:m.start() if m else len(low)]


_SPELLED_NUMBERS = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10}
_SPELLED_COMPARATIVE = re.compile(rf"\b({'|'.join(_SPELLED_NUMBERS)})(\s*(?:times|x)\s+)(?=(?:faster|slower)\b)", re.I)


# a property's symbol as the word the factor readers know: "increase nu by 50 %", "halve mu", "rho x2"
_SYMBOL_WORDS = {"nu": "viscosity", "mu": "viscosity", "rho": "density"}
_SYMBOL = re.compile(rf"(?<![\w$.]){'|'.join(_SYMBOL_WORDS)}(?![\w.(])", re.I)


def spelled_comparatives(text: str) -> str:
    """A spelled multiplier of a comparative as digits: "three times faster" -> "3 times faster",
    and a property's symbol as its word ("nu" -> "viscosity"): what the factor readers of
    patch_words take; the rest of the text as it was."""
    text = _SPELLED_COMPARATIVE.sub(lambda m: f"{_SPELLED_NUMBERS[m.group(1).lower()]}{m.group(2)}", text)
    return _SYMBOL.sub(lambda m: _SYMBOL_WORDS[m.group(0).lower()], text)


def all_scaled(text: str) -> list[tuple[str, str, float]]:
    """(kind, words, factor) of every value the request scales without giving it: the factor
    before ("double the inlet velocity", scaled_values) or after ("inlet speed x2", "the inflow
    doubled", "velocity: twice what it is"), each with the rest of its clause (the patch words
    that follow: "... through the air inlet")."""
    low = text.lower()
    out: list[tuple[str, str, float]] = []
    for kind, what, factor in scaled_values(spelled_comparatives(text)):
        at = low.find(what)
        out.append((kind, what + clause_rest(low, at + len(what)) if at >= 0 else what, factor))
    for m in _SCALED_AFTER.finditer(low):
        if CLAUSE_END.search(m.group("gap").strip().lstrip(":=–—-")) or re.search(r"\bby\s*$", m.group("gap")):
            continue  # another clause; "by half" is an amount of change (scaled_to_fraction reads it)
        what = m.group("what").strip()
        if any(what in w or w.endswith(what) for _, w, _ in out):
            continue  # the same words scaled by a factor before them
        if m.group("sppct"):  # "inlet velocity +50 %", "the viscosity -20 percent"
            factor = 1.0 + (-1.0 if m.group("spsign") == "-" else 1.0) * float(m.group("sppct")) / 100
        else:
            factor = _WORD_FACTORS[m.group("word")] if m.group("word") else token_factor(m)
        if factor <= 0 or factor == 1.0:
            continue
        before = low[:m.start()]
        lead = re.split(r"[.;,]|\band\b", before)[-1]  # the patch words of "the air inlet's flow rate x2"
        words = lead + what + " " + m.group("gap").strip(" :=–—-") + clause_rest(low, m.end())
        out.append((_KINDS[m.group("kind").lower()], " ".join(words.split()), factor))
    for kind, words, factor in scaled_to_fraction(text):
        if not any(words.startswith(w) or w.startswith(words) for _, w, _ in out):
            out.append((kind, words, factor))
    for kind, words, factor in scaled_from_reference(text):  # the same factor read by a rule above: once
        if not any(k == kind and abs(f - factor) < 1e-12 for k, _, f in out):
            out.append((kind, words, factor))
    return out


# a factor said against the value the case has: "1.5 times what it is", "twice the current
# inlet", "three times its present value", "10 % under the present value", "20 percent above
# what it is now"; the kind word (and patch words) anywhere in the same clause
_REFERENCE = r"(?:what\s+it\s+is|what\s+it's|(?:the|its|their)\s+(?:present|current|existing|original|old|base)\b|the\s+value\s+(?:now|today)|now\b)"
_TIMES = rf"(?:(?P<num>{_NUM}|{'|'.join(_SPELLED_NUMBERS)})\s*(?:times|x|×)|(?P<word>{_WORD_FACTOR_RE}))"
_PERCENT_SIDE = {"under": -1, "below": -1, "less than": -1, "lower than": -1, "over": 1, "above": 1, "more than": 1,
                 "higher than": 1}
_REFERENCED = re.compile(
    rf"(?<![\w.]){_TIMES}\s+(?:of\s+)?{_REFERENCE}"
    rf"|(?<![\w.])(?P<pct>{_NUM})\s*(?:%|percent|per\s+cent)\s+(?P<side>{'|'.join(_PERCENT_SIDE)})\s+{_REFERENCE}",
    re.IGNORECASE)


def scaled_from_reference(text: str) -> list[tuple[str, str, float]]:
    """(kind, words, factor) of each value scaled against the value the case has ("run the inflow
    at 1.5 times what it is", "lid speed: 10 % under the present value", "twice the current inlet
    velocity"): the kind word is looked for in the clause the factor is in, after it first."""
    low = text.lower()
    out = []
    for m in _REFERENCED.finditer(low):
        if m.group("pct"):
            factor = 1.0 + _PERCENT_SIDE[" ".join(m.group("side").split())] * float(m.group("pct")) / 100
        elif m.group("num"):
            num = m.group("num")
            factor = float(_SPELLED_NUMBERS.get(num, num))
        else:
            factor = _WORD_FACTORS[m.group("word")]
        if not 0 < factor != 1.0:
            continue
        start = max(low.rfind(c, 0, m.start()) for c in ".;!?\n") + 1
        stop = min([i for i in (low.find(c, m.end()) for c in ".;!?\n") if i >= 0] or [len(low)])
        after, before = low[m.end():stop], low[start:m.start()]
        kind = re.search(rf"\b(?:{_KIND_RE})\b", after) or \
            next(reversed(list(re.finditer(rf"\b(?:{_KIND_RE})\b", before))), None)
        if kind is None:
            continue
        words = " ".join((before + " " + after).replace(":", " ").split())
        out.append((_KINDS[kind.group(0)], words, factor))
    return out


# a value scaled to a fraction of itself: "reduce the inlet speed to two thirds", "the flow rate
# down to 80 %", "cut the viscosity to half its value", "raise the lid speed to 150 percent"
_FRACTIONS = {"half": 0.5, "a half": 0.5, "one half": 0.5, "a third": 1 / 3, "one third": 1 / 3, "two thirds": 2 / 3,
              "a quarter": 0.25, "one quarter": 0.25, "three quarters": 0.75, "a tenth": 0.1, "one tenth": 0.1}
_FRACTION_RE = "|".join(sorted(_FRACTIONS, key=len, reverse=True))
_SCALED_TO = re.compile(
    rf"\b(?P<what>(?:(?!(?:and|then|but|while)\b)[\w-]+\s+){{0,5}}?(?P<kind>{_KIND_RE}))\b"
    rf"(?P<gap>(?:\s+(?!and\b|then\b|but\b)[a-z]+){{0,4}}?)\s+(?:down\s+|up\s+)?to\s+"
    rf"(?:(?P<frac>{_FRACTION_RE})|(?P<pct>{_NUM})\s*(?:%|percent|per cent))"
    r"(?:\s+(?:of\s+)?(?:its|the|their)\s+(?:present|current|old|original|existing)?\s*(?:value|one|level|size))?(?!\s*\w*/)",
    re.IGNORECASE)


# a value changed by a fraction of itself: "increase the inflow by a third", "cut the
# viscosity by half", "lower the lid speed by a quarter"
_SCALED_BY = re.compile(
    rf"\b(?P<verb>increas|rais|boost|bump|push|crank|grow|reduc|decreas|lower|cut|drop|slow|speed|trim)\w*\s+(?:up\s+|down\s+)?"
    rf"(?P<what>(?:(?!(?:and|then|but|while)\b)[\w-]+\s+){{0,5}}?(?P<kind>{_KIND_RE}))\b"
    rf"(?P<gap>(?:\s+(?!and\b|then\b|but\b|by\b)[a-z]+){{0,4}}?)\s+by\s+"
    rf"(?:(?P<frac>{_FRACTION_RE})\b|(?P<pct>{_NUM})\s*(?:%|percent\b|per\s*cent\b))", re.IGNORECASE)


def scaled_to_fraction(text: str) -> list[tuple[str, str, float]]:
    """(kind, words, factor) of each value scaled to a fraction or percentage of itself ("reduce
    the inlet speed to two thirds", "the outlet pressure up to 120 %") or changed by a fraction
    of itself ("increase the inflow by a third": x 4/3)."""
    low = text.lower()
    out = []
    for m in _SCALED_TO.finditer(low):
        factor = _FRACTIONS[m.group("frac")] if m.group("frac") else float(m.group("pct")) / 100
        if factor > 0 and factor != 1.0:
            words = m.group("what") + m.group("gap") + clause_rest(low, m.end())
            out.append((_KINDS[m.group("kind")], " ".join(words.split()), factor))
    for m in _SCALED_BY.finditer(low):  # "bump the inflow up by 10 percent", "cut the viscosity by a third"
        part = _FRACTIONS[m.group("frac")] if m.group("frac") else float(m.group("pct")) / 100
        down = re.match(r"reduc|decreas|lower|cut|drop|slow|trim", m.group("verb")) or re.search(r"\bdown\b", m.group(0))
        factor = 1.0 - part if down else 1.0 + part
        if 0 < factor != 1.0:
            words = m.group("what") + m.group("gap") + clause_rest(low, m.end())
            out.append((_KINDS[m.group("kind")], " ".join(words.split()), factor))
    return out


# run-control keys written as "key: value" or "key = value" (a line of a list, a table)
_KEY_VALUE = re.compile(
    r"\b(?P<key>iterations|number of iterations|iteration count|steps|time ?steps|end ?time|t_?end|t_?final|final time|"
    r"stop time|end|duration|write ?interval|output interval|write every|time ?step|delta ?t|dt|δt|Δt)"
    rf"\s*(?:[:=]|is|(?:up\s+|down\s+)?to|(?:from\s+{_NUM}(?:e[-+]?\d+)?\s*[a-zµμ]*\s+)to)\s*"
    rf"(?P<value>[-+]?{_NUM}(?:e[-+]?\d+)?)\s*(?P<unit>[a-zµμ]*)", re.IGNORECASE)
# the controlDict keyword as OpenFOAM spells it, then its value as the dictionary writes it
# ("deltaT 1e-5", "endTime 0.5", "writeInterval 0.01 s", "dt 2e-6"): a space is the separator
_FOAM_KEY_VALUE = re.compile(
    r"\b(?P<key>deltaT|endTime|writeInterval|dt|δt|Δt)\s+"
    rf"(?P<value>[-+]?{_NUM}(?:e[-+]?\d+)?)\s*"
    r"(?P<unit>(?:[µμu]s|ms|s|secs?|seconds?|mins?|minutes?|h|hrs?|hours?)(?![\w/])|)"
    r"(?=\s*(?:$|[,;)\n]|\.(?!\d)|and\b|with\b|then\b|please\b|for\b|instead\b|\())", re.IGNORECASE)
_KEY_ENTRY = (("deltaT", r"^(?:time ?step|delta ?t|dt|δt)$"),
              ("writeInterval", r"write|output"),
              ("endTime", r"iteration|steps|end|final|stop|duration"))
_TIME_UNITS = {"": 1.0, "s": 1.0, "sec": 1.0, "secs": 1.0, "second": 1.0, "seconds": 1.0, "ms": 1e-3, "µs": 1e-6,
               "μs": 1e-6, "us": 1e-6, "min": 60.0, "mins": 60.0, "minute": 60.0, "minutes": 60.0, "h": 3600.0,
               "hr": 3600.0, "hour": 3600.0, "hours": 3600.0, "iterations": 1.0, "iters": 1.0, "steps": 1.0}


def key_value_controls(text: str) -> dict[str, float]:
    """controlDict entries a request gives as "key: value" or "key = value" ("iterations:
    1500", "t_end = 2 s", "Δt = 0.001 s", "write interval: 0.5 s"), in seconds or counts. A
    value with a unit that is no time is left to the other rules."""
    out: dict[str, float] = {}
    for m in [*_KEY_VALUE.finditer(text), *_FOAM_KEY_VALUE.finditer(text)]:
        unit = m.group("unit").lower()
        if unit not in _TIME_UNITS or re.match(r"\s*(?:%|×|\*|/|[-–]\s*\d)", text[m.end():]):
            continue  # a velocity, a factor ("time step to 50 %"), a range
        key = m.group("key").lower()
        key = {"deltat": "dt", "endtime": "end time", "writeinterval": "write interval"}.get(key, key)
        entry = next((e for e, words in _KEY_ENTRY if re.search(words, key)), None)
        if entry is not None:
            out.setdefault(entry, float(m.group("value")) * _TIME_UNITS[unit])
    return out


# a comparative against the value the case has: "10 K hotter than it is now", "2 m/s faster than
# at present", "5 degrees cooler than currently" (a comparison with another wall is no change)
_PRESENT_COMPARISON = re.compile(
    r"\s*(?:(?P<up>hotter|warmer|higher|faster|more|larger|greater|longer)|(?P<down>colder|cooler|lower|slower|less|"
    r"smaller|shorter))\s+(?:than|vs\.?|versus|compared\s+(?:to|with))\s+(?:it\s+is\s+|they\s+are\s+|it's\s+)?"
    r"(?:now|at\s+present|presently|currently|before|today|(?:the|its|their)\s+(?:current|present|existing|old|original)\b|"
    r"what\s+(?:it\s+is|it\s+was|we\s+had|we\s+have|they\s+are)|it\s+(?:is|was)\b|they\s+(?:are|were)\b|we\s+had\b|"
    r"(?:the\s+)?(?:last|previous)\s+(?:run|case|one|time)\b)", re.I)


def stated_sign(said: str, kind: str) -> int | None:
    """+1 or -1 when a value is written with its sign as a change ("patch4 +50 K", "lid +0.5
    m/s"): a plus sign always; a minus sign only where the value cannot be absolute (a
    temperature in kelvin below zero). None for an unsigned value or a degC temperature below zero."""
    said = said.strip()
    if said.startswith("+"):
        return 1
    if said.startswith(("-", "−")) and kind == "temperature" and re.search(r"\d\s*(?:k|kelvin)$", said, re.I):
        return -1
    return None


def present_sign(after: str) -> int | None:
    """+1 or -1 when the words after a value compare it with the present one ("hotter than it is
    now", "slower than at present"): the value is a change of it; None otherwise."""
    m = _PRESENT_COMPARISON.match(after)
    return None if m is None else (1 if m.group("up") else -1)
