"""Which words of a request belong to which stated value, where several values share a sentence
or a list: "the water starts at 290 K and the air at 310 K" (the air is the second value's),
"fuel: 20 cm/s, 46.85 degC" (a "key: value" line: the key is every value's on that line).
Pure functions over lower-case text; `tasks.plan.bind.Binder._words_of` uses them."""

from __future__ import annotations

import re

from tasks.foam.patch_names import UNIT_AFTER

# words that say nothing of which part, patch, phase or material a value is for: articles,
# prepositions, linking verbs, and the names of the quantities themselves
_FUNCTION_WORDS = frozenset("""
a an the at of to in on is are be was were with for by from as its it this that then while
set held kept keep start starts starting started begin begins begun initially initial enter enters
entering come comes coming leave leaves leaving should will must shall also both each value values
temperature temperatures pressure pressures velocity velocities speed speeds density densities
viscosity viscosities flow rate rates static total mean bulk uniform equal about around approximately
""".split())

_WORD = re.compile(r"[a-z][a-z_\-]*")
_NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?")
_VALUE = re.compile(r"(?<![\w\-])[-+]?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?(?:\s*[^\s,;:()]*)?")  # a number and its unit
_BULLET = re.compile(r"^[\s\-*\u2022>]*(?:\d+[.)]\s+)?")


def own_words(words: str) -> list[str]:
    """The words that can name a part, patch, phase or material ("the air at" -> ["air"])."""
    return [w for w in _WORD.findall(words.lower()) if w not in _FUNCTION_WORDS and len(w) > 1]


# a number that names a patch or part, not a value: "exit number 1", "outlet #2", "zone no 3", and
# a bare number ending a key ("exit 2:", "inlet 1 =")
_NAME_NUMBER = re.compile(r"(?:\b(?:number|no\.?|nr\.?)\s*|#\s*)$")


def _name_number(segment: str, m: re.Match[str]) -> bool:
    bare = _NUMBER.fullmatch(m.group().strip()) is not None
    return bare and (bool(_NAME_NUMBER.search(segment[:m.start()])) or
                     (not segment[m.end():].strip() and bool(re.search(r"[a-z]\s+$", segment[:m.start()]))))


def _after_last_value(segment: str) -> str:
    """A list item's words after the values before it ("326.85 degc - side inlets" -> "side inlets");
    a number that names a patch stays in its words ("pressure at exit number 2", "exit 2")."""
    values = [m for m in _VALUE.finditer(segment) if not _name_number(segment, m)]
    rest = segment[values[-1].end():] if values else segment
    return _BULLET.sub("", rest).strip()


def list_key(before: str, after: str = "") -> str | None:
    """The key of a "key: value" item a value belongs to, from the text before the value, whether the
    items are on lines of their own or run together ("- side inlets: " -> "side inlets";
    "fuel: 20 cm/s, " -> "fuel"; "- central inlet: 600 K - side inlets: " -> "side inlets").
    None when the words right before the value name something themselves, no key leads them, or
    nothing shows a list (a bullet, a value or a colon before the key, another value of the item
    before this one, another "key:" right after it in `after`): "CH4/air flame: 20 cm/s from each
    side" is a title, not an item of the air."""
    parts = re.split(r"([,;:=])", before)
    if own_words(parts[-1]):
        return None
    for i in range(len(parts) - 3, -1, -2):  # each earlier segment, with the separator after it
        segment, sep = parts[i], parts[i + 1]
        if sep in ":=":
            words = _after_last_value(segment)
            if not own_words(words):
                return None
            lead = "".join(parts[:i]) + (segment[:segment.rfind(words)] if words in segment else "")
            listed = _BULLET_MARK.search(before) or _VALUE.search(lead) or re.search(r"[:=]", lead) or \
                _VALUE.search("".join(parts[i + 2:])) or _next_key(after[:40])
            return words if listed else None
        first = _VALUE.search(segment)
        if first is None or own_words(segment[:first.start()]):  # a clause of its own ("the outlet at 1 bar"),
            return None  # not another value of the same item ("4 mm bubbles", "20 cm/s")
    return None


_BULLET_MARK = re.compile(r"(?:^|\s)(?:[-*\u2022>]|\d+[.)])\s")


def _next_key(after: str) -> bool:
    """Another "key:" item follows the value's ("600 K - side inlets: 450 K", "20 cm/s, 320 K air:
    25 cm/s"): a colon or equals sign after words before the sentence ends."""
    m = re.search(r"\.\s|\.$|[:=]", after)
    return m is not None and m.group() in (":", "=") and bool(own_words(after[:m.start()].split(",")[-1]))


def words_until_next_key(after: str) -> str:
    """The words after a value up to the end of its item: a comma or semicolon, a line end, a full
    stop, or the next "key:" ("600 K - side inlets: 450 K" -> "")."""
    m = re.search(r"[,;\n]|\.\s|\.$|[:=]", after)
    if m is None:
        return after
    return "" if m.group() in (":", "=") else after[:m.start()]


_EXCEPTING = re.compile(r"\b(?:except|excepting|but|not|other than|apart from|besides|unlike|instead of)\b")


def words_since_value(before: str) -> str:
    """The words of a value's own sentence after the last value before it ("the box is at 450 K
    and both the floor and the ceiling are at " -> " and both the floor and the ceiling are at "):
    the patches a coordinated list names together ("the floor and the ceiling", "inlet, outlet and
    walls") share the value that follows them. Empty when the words except something ("all walls
    but the floor"), which no list of names can say."""
    sentence = re.split(r"[.;!?]\s|\n", before)[-1]
    values = list(_VALUE.finditer(sentence))
    rest = sentence[values[-1].end():] if values else sentence
    return "" if _EXCEPTING.search(rest) else rest


def next_value_words(after: str) -> tuple[str, str] | None:
    """Split the words after a value at the next value they lead to: (the words of the next value,
    before its number; the words after that number and its unit, which both values share). None
    when no number follows ("... and 350 K on the left": (``, `on the left`))."""
    m = _NUMBER.search(after)
    if m is None:
        return None
    rest = after[m.end():]
    unit = re.match(r"\s*[^\s,;]*", rest)
    return after[:m.start()], rest[unit.end() if unit else 0:]


def appositive_lead(before: str) -> str | None:
    """The words a value stands in apposition to ("the air temperature, 300 K, ..." -> "the air
    temperature"): the comma-separated phrase right before it, when no word comes between the comma
    and the value ("..., a pressure of 5 MPa" is a phrase of its own) and that phrase holds no other
    value. None otherwise."""
    parts = before.split(",")
    if len(parts) < 2 or parts[-1].strip() or _VALUE.search(parts[-2]):  # not velocity-inlet-6's 6
        return None
    lead = re.sub(r"^\s*(?:and|while|whereas|but|with)\b", "", parts[-2]).strip()
    return lead if own_words(lead) else None


_HOT = re.compile(r"hot|heat|warm")
_COLD = re.compile(r"cold|cool|chill")
# the words of a clause that call a value the hot or the cold one ("the hotter plate", "warm side")
_HOT_WORDS = re.compile(r"\b(?:hot|hotter|hottest|warm|warmer|warmest|heated|heating|heater)\b")
_COLD_WORDS = re.compile(r"\b(?:cold|colder|coldest|cool|cooler|coolest|cooled|cooling|chilled|chill)\b")


def thermal_kind(name: str) -> str | None:
    """"hot" or "cold" when a patch's own name says which (hot, heatedWall, warmSide; cold, coolingPlate),
    else None; a name that says both says neither."""
    low = name.lower()
    hot, cold = bool(_HOT.search(low)), bool(_COLD.search(low))
    return "hot" if hot and not cold else "cold" if cold and not hot else None


def said_kind(words: str) -> str | None:
    """"hot" or "cold" when the words call their value the hot or the cold one; the word nearest the
    end (the value) wins ("the cold wall at 290 K and the warmer one at": hot)."""
    hits = [(m.end(), "hot") for m in _HOT_WORDS.finditer(words)] + \
        [(m.end(), "cold") for m in _COLD_WORDS.finditer(words)]
    return max(hits)[1] if hits else None


# a value's owner named right after it by a preposition: "10 degc on patch2", "998 kg/m3 for the water"
_OWNER_AFTER = re.compile(r"^\s*\)?\s*(?:on|at|for|of|along|across|over|to)\s+(?:the\s+)?")
_OWNER_END = re.compile(r"[,;()\[\]]|\.(?!\d)|(?<![a-z_\d])\d|\b(?:and|or|while|whereas|but|with|then)\b")
# a relative clause leading to a value: "patch2, which is at ", "the water (that stays at "
_RELATIVE = re.compile(r"(?:,\s*|\(\s*|\s)(?:which|that|who)\b[^,()\d]*$")


def words_named_after(after: str, span: int = 3) -> str:
    """The words that name a value's owner right after it by on/at/for/of ("on patch2 and 20 k"
    -> "patch2"; "for the water." -> "water"); empty when no such preposition follows the value."""
    m = _OWNER_AFTER.match(after.lower())
    if not m:
        return ""
    tail = after.lower()[m.end():]
    cut = next((e.start() for e in _OWNER_END.finditer(tail) if not _patch_number(tail, e)), len(tail))
    return " ".join(tail[:cut].split()[:span])


# a number that names the patch before it ("outlet 2", "exit 1 and"), not a value: one digit after a
# word, no unit after it
_PATCH_NUMBER = re.compile(rf"\d(?![\d.]|,\d)(?!\s*(?:{UNIT_AFTER}))")


def _patch_number(tail: str, end: re.Match[str]) -> bool:
    return end.group().isdigit() and re.search(r"[a-z] $", tail[:end.start()]) is not None and \
        _PATCH_NUMBER.match(tail, end.start()) is not None


def relative_head(before: str) -> str | None:
    """The words a relative clause ending at a value hangs on ("patch4 (hot) and patch2, which is
    at " -> "patch4 (hot) and patch2"); None when the value's words are no relative clause."""
    m = _RELATIVE.search(before.lower())
    return before[:m.start()] if m else None


def nearest_name(words: str, names: list[str]) -> str | None:
    """The one of `names` whose last whole-word mention in `words` comes latest ("sludge (density
    1030 kg/m3) against water (" -> water); None when none is mentioned."""
    low = words.lower()
    ends = {n: max((m.end() for m in re.finditer(rf"(?<![\w.]){re.escape(n.lower())}(?![\w])", low)), default=-1)
            for n in names}
    best = max(ends, key=lambda n: ends[n], default=None)
    return best if best is not None and ends[best] >= 0 else None


# a length measured from a place ("50 m above ground", "2 cm below the lid", "0.1 m from the inlet"):
# the place is that length's datum, not where the next value goes
_DATUM = re.compile(r"(?<![\w.])\d[\d.e+-]*\s*[a-zµ]{0,3}\s+(?:high\s+|up\s+|down\s+)?"
                    r"(?:above|below|beneath|under|over|from|away from)\s+(?:the\s+)?[a-z][\w-]*")


def without_datums(words: str) -> str:
    """The words without the places an earlier length is measured from ("50 m above ground is
    where the wind reaches 12 m/s" -> " is where the wind reaches 12 m/s")."""
    return _DATUM.sub(" ", words)
