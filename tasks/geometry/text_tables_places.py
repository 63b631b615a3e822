"""Where a body is, said as "name: value" items (a table's rows read as such by text_words.table_rows, or a list
the user typed): "cylinder centre x: 0.4 m", "x position of the block: 30 cm", "distance from inlet: 0.3 m",
"obstacle: circle". Each such item is written as the words the body readers know ("cylinder centre at x = 0.4 m",
"0.3 m from the inlet", "a circular obstacle"), a place that names no body joined to the item before it (a
table's rows are one body's); other items are left as written. Pure function.

Why: a table that places its body by a named coordinate otherwise leaves the body at a default place, or drops it."""

from __future__ import annotations

import re

from tasks.geometry.spec import NUM, UNIT

_VALUE = rf"(?P<value>{NUM}\s*(?:{UNIT})?(?:\s*(?:[dD](?![\w])|diameters?|side(?:\s+lengths?)?s?|chords?|widths?))?)"
_START = r"(?:^|(?<=[;\n,]))\s*"
_ITEM = re.compile(rf"{_START}(?P<name>[A-Za-z][\w'()\s-]{{0,50}}?)\s*:\s*{_VALUE}\s*(?=[;\n,.]|$)", re.I)
_AXIS = re.compile(r"(?:^|[\s(_-])(?P<axis>[xy])(?:$|[\s)_-])|\b(?P<word>streamwise|horizontal|axial|vertical|transverse|"
                   r"lateral|cross[\s-]?stream)\b", re.I)
_PLACE_WORD = re.compile(r"\b(?:cent(?:re|er)|position|location|coordinate|place|offset)\b|\b[xy]\b|\b[xy]c\b|\b[xy]_?0\b",
                         re.I)
_FROM = re.compile(r"\b(?:distance|spacing|gap|clearance|offset)\s+(?:of\s+(?:the\s+)?[\w\s]+?\s+)?(?:from|to)\s+(?:the\s+)?"
                   r"(?P<to>inlet|outlet|entrance|exit|inflow|outflow|floor|bottom(?:\s+wall)?|top(?:\s+wall)?|ceiling|"
                   r"lower\s+wall|upper\s+wall|(?:channel\s+)?centreline|(?:channel\s+)?centerline|wall)\b", re.I)
_KINDS = {"circle": "circular", "circular": "circular", "cylinder": "circular", "disc": "circular", "square": "square",
          "rectangle": "rectangular", "rectangular": "rectangular", "diamond": "diamond-shaped", "triangle": "triangular",
          "triangular": "triangular"}
_KIND_ITEM = re.compile(rf"{_START}(?P<name>obstacle|body|bluff\s+body|shape|obstruction|blockage)\s*:\s*"
                        rf"(?P<kind>{'|'.join(_KINDS)})\b", re.I)
_ACROSS_WORDS = ("vertical", "transverse", "lateral", "cross")
# "length along x: 600 mm", "width in y: 5 cm": a size along an axis, not a place on it
_SIZE_WORD = re.compile(r"\b(?:length|width|height|depth|thickness|span|extent|size|diameter|radius|chord)s?\b", re.I)
_NAMED_PLACE = re.compile(r"\b(?:cent(?:re|er)|position|location|coordinate|place|offset)\b", re.I)
_JOIN = "\x00"  # marks a place item that names no body


def _item(m: re.Match[str]) -> str:
    name, value = m.group("name").strip(), m.group("value").strip()
    lead = m.group(0)[: len(m.group(0)) - len(m.group(0).lstrip())]
    if to := _FROM.search(name):
        return f"{lead}{_JOIN}{value} from the {to.group('to')}"
    axis = _AXIS.search(name)
    if axis and _PLACE_WORD.search(name) and not (_SIZE_WORD.search(name) and not _NAMED_PLACE.search(name)):
        letter = (axis.group("axis") or ("y" if axis.group("word").lower().startswith(_ACROSS_WORDS) else "x")).lower()
        body = re.sub(r"(?:^|[\s(_-])[xy](?:c|_?0)?(?=$|[\s)_-])|\b(?:streamwise|horizontal|axial|vertical|transverse|"
                      r"lateral|cross[\s-]?stream|coordinate|position|location)\b|[()]", " ", name, flags=re.I)
        body = re.sub(r"\s+", " ", re.sub(r"\b(?:of|the)\b", " ", body)).strip()
        return f"{lead}{body + ' ' if body else _JOIN}at {letter} = {value}"
    return m.group(0)


_BODY_NOUN = r"(?:block|cylinder|obstacle|square|plate|body|rib|baffle|rod|circle|prism|bar|fin|post|pillar|disc)"
# "block width: 20 mm; block height: 10 mm": items that name the same body, one after the other
_SAME_BODY = re.compile(rf"(?P<prev>(?:^|(?<=[;\n]))\s*(?:\w+\s+)?(?P<noun>{_BODY_NOUN})\b[^;\n:]*:\s*{NUM}\s*(?:{UNIT})?)"
                        rf"\s*[;\n]\s*(?:the\s+)?(?:\w+\s+)?(?P=noun)\s+(?=[\w\s()]+:)", re.I)


def _one_body_per_clause(text: str) -> str:
    """`text` with the items that size one body ("block width: 20 mm; block height: 10 mm") in one clause
    ("block width: 20 mm, height: 10 mm"), as the body readers read a body per clause."""
    for _ in range(10):
        done = _SAME_BODY.sub(lambda m: m.group("prev") + ", ", text)
        if done == text:
            break
        text = done
    return text


def placed_items(text: str) -> str:
    """`text` with its "name: value" items that place a body written as placing words (see the module's doc)."""
    text = _KIND_ITEM.sub(lambda m: f"{m.group(0)[: m.start('name') - m.start()]}a {_KINDS[m.group('kind').lower()]} "
                                    f"{m.group('name')}", text)
    text = _ITEM.sub(_item, _one_body_per_clause(text))
    # a place that names no body is the previous item's: one clause, as the body readers read a body per clause
    return re.sub(rf"\s*[;\n]\s*{_JOIN}", ", ", text).replace(_JOIN, "")
