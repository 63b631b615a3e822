"""Several like obstacles described together in a 2D channel: a count ("two", "a pair of", "three", "a row of 4"),
one size for all (a square's side, a circle's diameter), an arrangement (in tandem / in line / one behind the
other: along the flow; side by side / one above the other: across it; staggered: along it, alternating across)
and a spacing (centre to centre, or a gap surface to surface; in a length unit or in multiples of the size:
"5D", "3 side lengths"); or one obstacle and "a second identical square 3 side lengths downstream of the first".
Pure functions; metres. `obstacle_group` gives the obstacles (as GeometrySpec obstacle fields) and the
sentences saying what was assumed, or None when the words describe no group."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from tasks.geometry.shape_body_place import body_x, body_y, wall_side, x_list, y_list
from tasks.geometry.spec import NUM, UNIT, unit_factor
from tasks.geometry.text_bodies import body_size, is_round, round_size, without_domain_places
from tasks.geometry.text_numbers import digits
from tasks.geometry.text_points import body_positions, centre, find_points

_WORD_COUNTS = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10}
_ORDINALS = {"second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6}
_NOUNS = (r"(?:square\s+|rectangular\s+|circular\s+|round\s+)?(?:cylinders|rods|blocks|obstacles|obstructions|prisms|posts"
          r"|pillars|pins|bodies|bars|cubes|dis[ck]s|circles|tubes|squares|dowels|wires)")
# "two square cylinders", "a pair of 1 cm rods", "a row of 4 cylinders", "3 identical staggered squares"
_GROUP = re.compile(rf"(?:\b(?:a\s+)?(?:tandem\s+|side[- ]by[- ]side\s+)?(?P<pair>pair)(?:\s+of)?|\b(?:a\s+)?(?:single\s+)?"
                    rf"(?:row|line|array|column|series)\s+(?:of\s+)?(?P<row>\d+)|(?<![\w.])(?P<n>\d+))\s+"
                    rf"(?P<words>(?:[\w.,-]+\s+){{0,6}}?){_NOUNS}\b", re.I)
# the count said after the bodies: "squares of 0.01 m side, two of them", "cylinders (3 in all)"
_COUNT_AFTER = re.compile(rf"\b{_NOUNS}\b(?:[^.;]|\.(?=\d)){{0,60}}?(?:,\s*|\(\s*|[-–—]\s*)(?P<n>\d+)\s+(?:(?:of\s+)?them|in\s+(?:all|total))\b", re.I)
# "a second identical square 3 side lengths downstream of the first"
_NEXT = re.compile(rf"\b(?:(?:a|the)\s+(?P<ord>second|third|fourth|fifth|sixth)|(?P<another>another))\b(?P<words>[^;.]*?)\b"
                   rf"(?P<dist>{NUM}\s*(?:{UNIT}"
                   rf"|[dD](?![\w])|diameters?|side(?:\s+lengths?)?s?|widths?|sizes?|body\s+lengths?))\s+"
                   rf"(?P<dir>downstream|behind|after|upstream|ahead|above|below|beside)\s+(?:of\s+|from\s+)?(?:the\s+"
                   rf"(?:first|second|third|fourth|fifth|previous|last|one\s+before|other)|it)\b", re.I)


def _unique_groups(pattern: str) -> re.Pattern[str]:
    """`pattern` with its distance's named groups numbered so a pattern may hold several alternatives."""
    count = iter(range(1000))
    return re.compile(re.sub(r"\(\?P<(v|u)>", lambda m: f"(?P<{m.group(1)}{next(count) // 2}>", pattern), re.I)


# a distance in a length unit or in multiples of the obstacles' size
_DIST = rf"(?P<v>{NUM})\s*(?P<u>{UNIT}|[dD](?![\w])|diameters?|side(?:\s+lengths?)?s?|widths?|sizes?|body\s+lengths?)"
_GAP = _unique_groups(rf"\bgaps?\s*(?:of|=|:|is|between\s+them\s+(?:of|is))?\s*{_DIST}|{_DIST}\s*(?:-\s*)?(?:wide\s+)?gaps?\b"
                  rf"|\b(?:surface|face|edge|wall)[- ]to[- ](?:surface|face|edge|wall)\s+(?:distance|spacing|gap|separation)?\s*"
                  rf"(?:of|=|:|is)?\s*{_DIST}|{_DIST}\s+(?:surface|face|edge)[- ]to[- ](?:surface|face|edge)"
                  rf"|\bclear\s+(?:spacing|distance|gap)\s*(?:of|=|:|is)?\s*{_DIST}|{_DIST}\s+(?:of\s+)?clear(?:ance)?\b"
                  rf"|{_DIST}\s+between\s+them\b|\b(?:gap|clearance|distance)\s+between\s+(?:them|their\s+(?:surfaces|faces|walls)|"
                  rf"the\s+(?:two\s+)?\w+)\s*(?:is|of|=|:)?\s*{_DIST}")
_PITCH = _unique_groups(rf"\b(?:spacing|pitch|separation|spaced|(?:cent(?:re|er)[- ]to[- ]cent(?:re|er)\s+)?distance)\s*(?:of|=|:|is|at)?"
                    rf"\s*{_DIST}|{_DIST}\s+apart\b|{_DIST}\s+(?:cent(?:re|er)[- ]to[- ]cent(?:re|er)|between\s+(?:the\s+)?cent(?:re|er)s)"
                    rf"|\bevery\s+{_DIST}|\b(?:distance|spacing|separation|pitch)\s+between\s+(?:their|the|the\s+two|each\s+pair\s+of)\s+"
                    rf"(?:\w+\s+)?(?:cent(?:re|er)s|axes|cent(?:re|er)lines)\s*(?:is|of|=|:)?\s*{_DIST}")
_TRANSVERSE = _unique_groups(rf"\b(?:transverse|lateral|cross[- ]?stream|vertical)\s+(?:spacing|pitch|offset|separation|distance)\s*"
                         rf"(?:of|=|:|is)?\s*{_DIST}|\boffset\s+(?:of\s+)?{_DIST}|{_DIST}\s+(?:offset|apart\s+across)\b")
_ALONG = re.compile(r"\btandem\b|\bin[- ]?line\b|(?:one|1)\s+behind\s+(?:the\s+)?other|along\s+the\s+(?:flow|stream|channel|centre\s*-?line|"
                    r"center\s*-?line|axis)|stream[- ]?wise|\bin\s+(?:a\s+)?(?:row|series|line)\b|(?:one|1)\s+after\s+(?:the\s+)?other"
                    r"|\brow\s+of\b", re.I)
_ACROSS = re.compile(r"side[- ]by[- ]side|across\s+the\s+(?:flow|channel|stream|duct)|(?:one|1)\s+above\s+(?:the\s+)?other|"
                     r"span[- ]?wise|cross[- ]?stream|\bvertical(?:ly)?\s+(?:row|line|column)|\bcolumn\s+of\b", re.I)
_STAGGERED = re.compile(r"\bstagger(?:ed)?\b|\bzig[- ]?zag\b|\balternat(?:e|ing)\s+(?:above|sides?)", re.I)
_FIRST_CLAUSE = re.compile(r"\b(?:the\s+)?(?:first|upstream|leading|front)(?:\s+(?:one|body|obstacle|cylinder|square|block))?"
                           r"\s+(?:one\s+)?(?:is\s+|sits\s+|lies\s+|being\s+)?(?P<rest>(?:[^;.]|\.(?=\d))*)", re.I)
# a distance counted in the obstacles' own size ("5D", "2 diameters", "3 side lengths"): never their size
_IN_SIZES = re.compile(rf"(?<![\w.]){NUM}\s*(?:[dD](?![\w])|diameters\b|side\s+lengths?\b|sides\b|widths\b|sizes\b)")
# words between a count and the bodies' noun that show the count is not theirs ("a 2 m channel with cylinders")
_NOT_A_GROUP = re.compile(r"\b(?:cells?|channel|duct|domain|tunnel|box|with|containing|and|has|of|pair|row)\b"
                          r"|\bin\s+(?:a|an|the)\b|[x×]\s*[\d.]|,", re.I)


# a body's size given as a symbol: "D = 1 cm", "side a = 5 mm"
_SIZE_SYMBOL = re.compile(rf"(?<![\w.])(?:side\s+)?(?:D|d|a|s|h|side|width)\s*=\s*({NUM})\s*({UNIT})")


@dataclass
class Group:
    """What the words say of a group of like obstacles: how many, round or square, their size (m), their arrangement."""

    count: int
    round: bool
    size: float | None
    arrangement: str  # "along", "across", "staggered"


def _distance(m: re.Match, size: float | None) -> float | None:
    """A matched distance (the first pair of groups vN, uN that matched) in metres; multiples of `size` need the size."""
    values = [(m.group(k), m.group(k.replace("v", "u"))) for k in m.re.groupindex if k.startswith("v") and m.group(k)]
    if not values:
        return None
    value, unit = values[0]
    if re.fullmatch(UNIT, unit, re.I) and not re.fullmatch(r"[dD]", unit):
        return float(value) * unit_factor(unit)
    return float(value) * size if size else None


def _size(words: str, round_body: bool) -> float | None:
    """The common size of the obstacles: a circle's diameter, a square's side."""
    if round_body:
        return round_size(words) or (body_size(words) or (None, None))[0]
    found = body_size(words)
    if found and abs(found[0] - found[1]) < 1e-12:
        return found[0]
    named = _SIZE_SYMBOL.search(words)  # "square cylinders with D = 1 cm": the side
    return float(named.group(1)) * unit_factor(named.group(2)) if named and named.group(2) else None


def _is_round(words: str) -> bool:
    """Round bodies ("cylinders", "pins", "discs"), not "square cylinders" or blocks."""
    return is_round(words) and not re.search(r"\bsquares?\b|\bcubes?\b|\bblocks?\b", words, re.I)


def _overlapping(pattern: re.Pattern[str], text: str) -> list[re.Match[str]]:
    """Every match of `pattern` starting at a different place, overlapping ones too."""
    out, pos = [], 0
    while (m := pattern.search(text, pos)) is not None:
        out.append(m)
        pos = m.start() + 1
    return out


_SIDE_BY_SIDE = re.compile(r"\bside[- ]by[- ]side\b", re.I)


def size_words(text: str) -> str:
    """`text` with what is not a body's size blanked: distances counted in sizes ("spaced 5D apart") and the "side"
    of "side by side" (never "side 10 cm" in "side by side 10 cm apart")."""
    return _SIDE_BY_SIDE.sub(lambda m: " " * len(m.group(0)), _IN_SIZES.sub(lambda m: " " * len(m.group(0)), text))


def read_group(text: str) -> Group | None:
    """The group of like obstacles the words describe together, or None."""
    text = digits(text)
    for m in _overlapping(_GROUP, text) + _overlapping(_COUNT_AFTER, text):
        said = m.groupdict()
        count = 2 if said.get("pair") else int(said.get("row") or said["n"])
        if count < 2 or count > 50 or _NOT_A_GROUP.search(said.get("words") or ""):
            continue
        words = size_words(text[m.start("words") if "words" in said else m.start():])  # the words about the bodies
        round_body = _is_round(text[m.start():m.end() + 80])
        size = _size(words, round_body) or _size(size_words(text), round_body)
        arrangement = "staggered" if _STAGGERED.search(text) else "across" if _ACROSS.search(text) else "along"
        return Group(count, round_body, size, arrangement)
    return None


# the spacing as a ratio to the size, as papers write it: "L/D = 4", "P/D = 1.5" (centre to centre), "G/D = 2" (gap)
_RATIO = re.compile(rf"\b(?P<what>[LPSlps]|G|g)\s*/\s*[Dd]\s*(?:=|:|of|is)?\s*(?P<value>{NUM})(?![\w.])")


def group_pitch(text: str, group: Group) -> float | None:
    """The centre-to-centre spacing the words give (a gap plus the size across which it is measured)."""
    ratio = _RATIO.search(text)
    if ratio and group.size:
        value = float(ratio.group("value")) * group.size
        return value + group.size if ratio.group("what").lower() == "g" else value
    gap = _GAP.search(text)
    if gap and group.size:
        value = _distance(gap, group.size)
        return value + group.size if value is not None else None
    pitch = _PITCH.search(text)
    return _distance(pitch, group.size) if pitch else None


def _as_metres(words: str, size: float) -> str:
    """A distance counted in the bodies' size ("10D", "3 side lengths") written in metres."""
    value = re.match(NUM, words.strip())
    return f"{float(value.group(0)) * size:.6g} m" if value else words


_UNPLACED = "The first obstacle's place not given:"


def _first_place(text: str, height: float, length: float) -> tuple[float, float, list[str]]:
    """Where the first obstacle's centre is: as said of "the first" (else of the group), else a quarter of the way
    along at mid-height; the notes saying what was assumed."""
    notes: list[str] = []
    first = _FIRST_CLAUSE.search(text)
    said = [first.group("rest")] if first else []
    for clause in said + [text]:
        point = centre(clause) or (find_points(clause)[0] if len(find_points(clause)) == 1 else None)
        if point:
            return point[0], point[1], notes
        x = body_x(clause, length)
        if x is not None:
            y = body_y(clause, height)
            return x, (y if y is not None else height / 2), notes
    notes.append(f"{_UNPLACED} {length / 4:g} m from the inlet (a quarter of the way along), at mid-height.")
    return length / 4, height / 2, notes


def obstacle_group(text: str, height: float | None, length: float | None,
                   first: tuple[float, float] | None = None) -> tuple[list[dict[str, Any]], list[str]] | None:
    """The obstacles of a group described together, first to last (the first at `first` when known), and the notes
    on what was assumed; None when the words describe no group (or too little of one to place it)."""
    if not height or not length:
        return None
    text = digits(text)
    group = read_group(text)
    if group is None or group.size is None:
        return None
    step = group_pitch(text, group)
    if step is None:
        return None
    placing = _IN_SIZES.sub(lambda m: _as_metres(m.group(0), group.size), text)  # "the upstream one 10D from the inlet"
    x0, y0, notes = _first_place(placing, height, length)
    if notes and first:  # no place said in the group's words: where the one-per-clause reading put the first
        x0, y0, notes = (*first, [])
    centres: list[tuple[float, float]]
    if group.arrangement == "across":
        first_words = _FIRST_CLAUSE.search(placing)
        if body_y(placing, height) is None and not re.search(r"\(\s*[\d.]+\s*,", placing):
            y0 = height / 2 - step * (group.count - 1) / 2  # centred about mid-height
            notes.append("Side by side about the channel's mid-height.")
        elif not re.search(r"\(\s*[\d.]+\s*,", placing) and \
                (first_words is None or body_y(first_words.group("rest"), height) is None):
            notes.append(f"Side by side about y = {y0:g} m (the height said of the group is its middle).")
            y0 -= step * (group.count - 1) / 2  # "on the centreline", "symmetric about y = 0.1 m": the group's middle
        centres = [(x0, y0 + i * step) for i in range(group.count)]
    elif group.arrangement == "staggered":
        across = _TRANSVERSE.search(text)
        offset = _distance(across, group.size) if across else None
        if offset is None:
            offset = min(step, height / 3)
            notes.append(f"Staggered: alternately {offset / 2:g} m below and above y = {y0:g} m (the transverse pitch "
                         f"not given: the streamwise pitch, at most a third of the channel height).")
        centres = [(x0 + i * step, y0 + (offset / 2 if i % 2 else -offset / 2)) for i in range(group.count)]
    else:
        centres = [(x0 + i * step, y0) for i in range(group.count)]
    notes.insert(0, f"{group.count} {'circular' if group.round else 'square'} obstacles of "
                    f"{'diameter' if group.round else 'side'} {group.size:g} m, {group.arrangement} the flow"
                    f"{'' if group.arrangement != 'staggered' else ' (staggered)'}, {step:g} m apart centre to centre; "
                    f"patches obstacle1..obstacle{group.count} from the first (upstream, lowest) one.")
    return [_body(c, group) for c in centres], notes


def _body(c: tuple[float, float], group: Group) -> dict[str, Any]:
    if group.round:
        return {"kind": "circle", "center": c, "diameter": group.size}
    return {"kind": "square", "center": c, "width": group.size}


def following_bodies(text: str, first: dict[str, Any]) -> list[dict[str, Any]]:
    """The obstacles placed relative to the one before: "a second identical square 3 side lengths downstream of the
    first" (centre to centre; a gap when the words say so), each a copy of `first` moved."""
    text = digits(text)
    out = [first]
    size = first.get("diameter") or first.get("width")
    for m in _NEXT.finditer(text):
        if (_ORDINALS[m.group("ord").lower()] if m.group("ord") else 2) != len(out) + 1 or first.get("center") is None:
            break
        dist = _distance(re.match(_unique_groups(_DIST), m.group("dist")), size)
        if dist is None:
            break
        if re.search(r"\bgap\b|surface|clear", m.group(0), re.I):
            dist += size
        sign = -1.0 if m.group("dir").lower() in ("upstream", "ahead", "below") else 1.0
        cx, cy = out[-1]["center"]
        moved = (cx + sign * dist, cy) if m.group("dir").lower() not in ("above", "below", "beside") else (cx, cy + sign * dist)
        out.append({**first, "center": moved})
    return out[1:]


def adds_bodies(text: str) -> bool:
    """The words place a body after another ("a second cylinder 5 cm downstream of the first", "another one 3 D
    behind it"): more than one body, whatever the shape the first one names."""
    return bool(_NEXT.search(digits(text)))


def grouped_obstacles(text: str, dims: dict[str, Any], read: list[dict[str, Any]],
                      notes: list[str]) -> dict[str, Any]:
    """The channel's obstacles and notes when the words describe more of them together than were read one per
    clause ("two square cylinders in tandem, 4 cm apart", "a second identical square downstream of the first");
    else nothing to change."""
    height, length = dims.get("height", 0.41), dims.get("length", 2.2)
    if len(read) == 1:
        more = following_bodies(text, read[0])
        if more:
            return {"obstacles": read + more, "notes": notes + [
                f"{len(more) + 1} like obstacles: each after the first placed from the one before, centre to centre "
                f"(a gap, when said, surface to surface); patches obstacle1..obstacle{len(more) + 1}."]}
    group = read_group(text)
    listed = listed_group(text, group, height, length) if group is not None and len(read) < group.count else None
    if listed:  # "two squares of side 6 cm, centres (0.3, 0.15) and (0.5, 0.25)": each at its own place
        return {"obstacles": listed, "notes": notes + [
            f"{group.count} like obstacles ({'diameter' if group.round else 'side'} {group.size:g} m, said once for all), "
            f"each at the place said of it; patches obstacle1..obstacle{group.count} in the order said."]}
    size = read[0].get("diameter") or read[0].get("width") if len(read) == 1 else None
    # the one body read alone is the group's first when it is one of them (its kind and size): its place is the first's
    placed = read[0].get("center") if group and size and group.size and abs(size - group.size) < 1e-9 * size and \
        read[0].get("kind") == ("circle" if group.round else "square") else None
    group = obstacle_group(text, height, length, placed)
    if group is None or len(group[0]) < len(read):
        return {}
    if len(group[0]) == len(read) and _same_size(read, group[0]) and any(n.startswith(_UNPLACED) for n in group[1]):
        return {}  # the same bodies read one per clause, and the group's words place them no better
    return {"obstacles": group[0], "notes": notes + group[1]}


def _same_size(read: list[dict[str, Any]], group: list[dict[str, Any]]) -> bool:
    """Whether the bodies read one per clause are all of the group's kind and size (then they stand as read)."""
    return all(r.get("kind") == g["kind"] and r.get("diameter") == g.get("diameter") and r.get("width") == g.get("width")
               for r, g in zip(read, group))


# where one body of a list ends and the next begins: a bullet or a new line, a ";", a sentence, or a clause naming
# the next one by its order or side ("..., the downstream square is centred ...", "and the other at ...")
_NEXT_BODY = re.compile(r"\n\s*(?:[-*•]|\d+[.)])?\s*|;|[.?!]\s|,?\s*\band\s+(?=(?:the\s+)?(?:other|second|third|last|downstream|upper"
                        r"|lower|rear|next)\b)|,\s*(?=(?:and\s+)?(?:the\s+|a\s+)?(?:first|second|third|fourth|other|last|upstream"
                        r"|downstream|upper|lower|front|rear|leading|trailing|next)\b)", re.I)


def group_places(text: str, count: int, height: float, length: float, size: float | None = None) -> list[tuple[float, float]]:
    """The `count` centres a request lists for a group of like bodies, in the order said: points ("centres (0.3,
    0.15) and (0.5, 0.25)"), lists of x with one y ("at x = 0.2, 0.3, 0.4 m on the centreline") or of y with one x
    ("at x = 0.3 m, at y = 0.1 m and y = 0.2 m"), or one place per clause or bullet ("the upstream square centred
    30 cm downstream and 15 cm up, the downstream one ..."); [] when the words do not give exactly `count`."""
    words = without_domain_places(text)
    for found in (body_positions(words), find_points(words)):
        if len(found) == count:
            return found
    xs, ys = x_list(words), y_list(words)
    if len(xs) == count and len(ys) <= 1:
        y = ys[0] if ys else body_y(words, height)
        side = wall_side(words) if y is None and size else None
        if side in ("bottom", "top"):  # "two 4 cm blocks stand on the floor at x = 0.4 and 0.8 m": on that wall
            y = size / 2 if side == "bottom" else height - size / 2
        return [(x, y) for x in xs] if y is not None else []
    if len(ys) == count and len(xs) <= 1:
        x = xs[0] if xs else body_x(words, length)
        return [(x, y) for y in ys] if x is not None else []
    places = []
    for clause in _NEXT_BODY.split(words):
        points = find_points(clause)
        x = body_x(clause, length)
        y = body_y(clause, height)
        if len(points) == 1:
            places.append(points[0])
        elif len(points) == 0 and x is not None and y is not None:
            places.append((x, y))
    return places if len(places) == count else []


def listed_group(text: str, group: Group, height: float, length: float) -> list[dict[str, Any]]:
    """The obstacles of a group whose one size is said once and whose places are listed one by one (each its own
    centre, in the order said); [] when the size or the places are not all there."""
    if group.size is None:
        return []
    places = group_places(digits(text), group.count, height, length, None if group.round else group.size)
    return [_body(c, group) for c in places]
