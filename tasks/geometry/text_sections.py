"""The straight sections of a step, expansion, contraction, nozzle or diffuser described one after
the other: "a 2 cm high channel, 5 cm long, opens at x = 0 into a 4 cm channel that is 40 cm long",
"the inlet duct, 10 cm long, sits on top of the step", "the channel after the step is 50 mm high",
"a 0.1 m wide, 0.1 m long inlet duct, a 0.2 m long taper and a 0.2 m long throat duct", "the height
drops to 4 cm", "continues for another 20 cm", "the domain extends 750 mm beyond the step".

`section_sizes` gives the sizes it can attribute to a section (inlet_height, outlet_height,
upstream_length, downstream_length, taper_length) and the character spans of the words it read,
so that the generic names ("25 mm high") do not read them again as the whole channel's. Pure
functions; lengths in metres."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from tasks.geometry.spec import NUM, UNIT, unit_factor

_LEN = rf"({NUM})\s*({UNIT})"
_NOUN = r"(?:channel|section|duct|part|leg|passage|region|pipe|opening|taper|throat|gap)"
_CHANGE = r"(?:step|expansion|contraction|change|taper|nozzle|diffuser|enlargement|constriction)"
_INLET_WORDS = r"(?:inlet|upstream|entrance|entry|inflow|approach|incoming|feed)"
_OUTLET_WORDS = r"(?:outlet|downstream|exit|outflow|throat|tail|recovery)"
_TAPER_WORDS = r"(?:taper(?:ed|ing)?|converging|diverging|convergent|divergent|contracting|expanding|sloped|inclined)"
_HIGH = r"(?:high|wide|tall|in\s+height|in\s+width)"
_LONG = r"(?:long|in\s+length)"
# sizes written just before the noun: "a 0.1 m wide, 0.1 m long inlet duct", "a 20 mm channel"
_PREFIX = re.compile(rf"(?:(?<![\w.]){NUM}\s*{UNIT}\s*(?:-\s*)?(?:{_HIGH}|{_LONG})?\s*(?:,|and)?\s*)+(?:of\s+)?"
                     rf"(?:(?:straight|plain|flat|horizontal|parallel|rectangular|straight-walled|{_INLET_WORDS}|"
                     rf"{_OUTLET_WORDS}|{_TAPER_WORDS}|narrow(?:er)?|wide(?:r)?)\s+){{0,3}}$", re.I)


@dataclass
class Section:
    role: str | None  # "inlet", "outlet", "taper" or None (unsaid: follows from the order)
    start: int  # where its words start (a size before the noun included)
    noun_end: int
    end: int = 0  # where the next section's words start, or the clause ends
    sizes: dict[str, tuple[float, tuple[int, int]]] = field(default_factory=dict)  # "height"/"length" -> value, span


def _role(text: str, start: int, end: int) -> str | None:
    before = text[max(0, start - 40):start]
    head = text[start:end]
    after = text[end:end + 50]
    if re.search(rf"\b{_TAPER_WORDS}\b|\btaper\b", head, re.I) and not re.search(rf"\b{_INLET_WORDS}|{_OUTLET_WORDS}\b", head, re.I):
        return "taper"
    if re.search(rf"\b{_INLET_WORDS}\b", head, re.I):
        return "inlet"
    if re.search(rf"\b{_OUTLET_WORDS}\b", head, re.I):
        return "outlet"
    if re.match(rf"\s+(?:(?:just\s+)?(?:after|behind|beyond|past|downstream\s+of|following)\s+the\s+{_CHANGE})", after, re.I):
        return "outlet"
    if re.match(rf"\s+(?:(?:just\s+)?(?:before|ahead\s+of|upstream\s+of|leading\s+(?:in)?to)\s+the\s+{_CHANGE})", after, re.I):
        return "inlet"
    if re.search(rf"\b(?:after|behind|beyond|past|downstream\s+of)\s+the\s+{_CHANGE}\s*,?\s*(?:the\s+|an?\s+)?$", before, re.I):
        return "outlet"  # "after the step the channel is 8 cm high"
    if re.search(rf"\b(?:before|ahead\s+of|upstream\s+of)\s+the\s+{_CHANGE}\s*,?\s*(?:the\s+|an?\s+)?$", before, re.I):
        return "inlet"
    if re.search(r"\b(?:(?:opens?|leads?|expands?|widens?|narrows?|contracts?|discharges?|continues?|feeds?)\s+"
                 r"(?:\w+\s+)?into|into|followed\s+by|then)\s+(?:an?|the)\s*$", before, re.I):
        return "outlet"
    return None


def _mentions(text: str) -> list[Section]:
    out: list[Section] = []
    for m in re.finditer(rf"\b{_NOUN}s?\b(?!\s+(?:height|width|length|ratio|angle)\b)", text, re.I):
        lead = _PREFIX.search(text[max(0, m.start() - 80):m.start()])
        start = m.start() - len(lead.group(0)) if lead else m.start()
        while start < m.start() and re.search(rf"(?:(?:length|height|width|size|diameter|radius)\s*:|length|height|width|size"
                                              rf"|diameter|radius|of|=|is|are|by|x|{_NOUN}s?)\s*$",
                                              text[:start], re.I):
            # "overall length 1 m, upstream section", "the diverging part 40 cm long, 10 cm straight inlet duct": the
            # sizes up to the first comma or "and" are another noun's
            cut = re.search(r",\s*|\s+and\s+", text[start:m.start()])
            start = start + cut.end() if cut else m.start()
        if out and start < m.start() and re.search(r"(?:,|\band)\s*(?:[a-z]+\s+){0,3}$", text[start:m.start()], re.I) \
                and re.search(r"[,(]\s*$|\band\s+$", text[:start]):
            start = m.start()  # "inlet channel 3 cm high, 10 cm long, downstream section": the sizes end the last clause
        words = re.search(rf"(?:(?:{_INLET_WORDS}|{_OUTLET_WORDS}|{_TAPER_WORDS}|straight|narrow(?:er)?|wide(?:r)?)[\s-]+)+$",
                          text[max(0, start - 40):start], re.I)
        start -= len(words.group(0)) if words else 0
        if out and start < out[-1].noun_end:
            continue
        out.append(Section(_role(text, start, m.end()), start, m.end()))
    return out


def _clause_end(text: str, at: int) -> int:
    label = re.match(r"\s*:\s", text[at:])  # "narrow channel: height 40 mm, ...": the noun labels what follows
    at += label.end() if label else 0
    stop = re.search(r";|:\s|\.(?:\s|$)|\((?!\s*(?:[-+\d.]|(?:height|width|length|depth)\b))", text[at:])
    return at + stop.start() if stop else len(text)


def _read_sizes(text: str, sec: Section, heights_named: set[str] = frozenset()) -> None:  # type: ignore[assignment]
    """The section's height and length: in the sizes before its noun, then in its own words. A bare size
    before the noun ("a 300 mm outlet duct") is the length of a section whose height the request names
    elsewhere ("outlet height 40 mm"), else its height ("a 20 mm channel")."""
    head = text[sec.start:sec.noun_end]
    for m in re.finditer(rf"(?<![\w.]){_LEN}\s*(?:-\s*)?(?P<adj>{_HIGH}|{_LONG})?", head, re.I):
        adj = m.group("adj")
        # "a 10 cm straight inlet", "100 mm of throat duct", "a 200 mm taper": unqualified, a length
        along = not adj and (re.match(r"\s*(?:straight|long|of)\b", head[m.end():], re.I) or sec.role == "taper"
                             or sec.role in heights_named)
        kind = "length" if along or (adj and re.match(_LONG, adj, re.I)) else "height"
        sec.sizes.setdefault(kind, (float(m.group(1)) * unit_factor(m.group(2)),
                                    (sec.start + m.start(), sec.start + m.end())))
    own = text[sec.noun_end:sec.end]
    bare = re.match(rf"\s*(?::\s*|of\s+|=\s*)?{_LEN}(?!\s*(?:-\s*)?(?:{_HIGH}|{_LONG}))", own, re.I)
    if sec.role == "taper" and bare and "length" not in sec.sizes:  # "taper 200 mm": a taper's size is its length
        sec.sizes["length"] = (float(bare.group(1)) * unit_factor(bare.group(2)), (sec.noun_end + bare.start(1), sec.noun_end + bare.end(2)))
    for kind, pattern in (
            ("height", rf"^(?:[^.;]|\.(?=\d))*?(?<![\w.]){_LEN}\s*(?:-\s*)?{_HIGH}\b|\b(?:height|width)\s+(?:of\s+|is\s+|=\s*)?{_LEN}"
                       rf"|^(?:[^.;]|\.(?=\d))*?\b(?:tall|high|wide)(?:er)?\s*\(\s*{_LEN}\s*\)"),  # "four times taller (4 cm)"
            ("length", rf"^(?:[^.;]|\.(?=\d))*?(?<![\w.]){_LEN}\s*(?:-\s*)?{_LONG}\b|\blength\s+(?:of\s+|is\s+|=\s*)?{_LEN}"
                       rf"|^\s*,?\s*of\s+{_LEN}\s+(?:in\s+)?length\b"  # "an inlet duct of 10 cm length"
                       rf"|^\s*,?\s*(?:for|over)\s+(?:a\s+(?:distance|length)\s+of\s+)?{_LEN}"
                       rf"|\b(?:continues?|extends?|runs?)\s+(?:on\s+)?(?:for\s+|over\s+)?(?:an(?:other)?\s+|a\s+further\s+)?{_LEN}")):
        m = re.search(pattern, own, re.I)
        if m and re.match(r"\s*(?:long\s+)?(?:overall|in\s+total|in\s+all|altogether|end\s+to\s+end)\b", own[m.end():], re.I):
            continue  # "the channel is 1 m long overall": the whole channel's length, not a section's
        if m and kind not in sec.sizes:
            g = next(i for i in range(1, (m.lastindex or 0) + 1, 2) if m.group(i) is not None)
            sec.sizes[kind] = (float(m.group(g)) * unit_factor(m.group(g + 1)),
                               (sec.noun_end + m.start(g), sec.noun_end + m.end(g + 1)))


_VERB = (r"(?:drop|fall|decreas|reduc|shrink|narrow|contract|converg|diverg|taper|ris|increas|grow|doubl|tripl|halv"
         r"|widen|expand|open|step(?:s|ping|ped)?\s+(?:up|down))")
# a change of height said with a verb, of the channel ("the height drops to 4 cm", "where it doubles in height to
# 4 cm") or as a participle ("widening to 12 cm"); not "the cells shrink to 1 mm"
_CHANGE_TO = re.compile(rf"(?:\b(?:height|width|it|channel|duct|section|passage|walls?|which|that|then|and)\s+"
                        rf"(?:(?:from|at)\s+x\s*=\s*{NUM}\s*(?:{UNIT})?\s+)?"  # "the channel from x = -0.2 m narrows to 4 cm"
                        rf"(?:suddenly\s+|abruptly\s+|linearly\s+|gradually\s+|smoothly\s+|then\s+)?{_VERB}\w*"
                        rf"|\b{_VERB}\w*ing)(?:\s+(?:suddenly|abruptly|linearly|gradually|smoothly|sharply))?"
                        rf"\s+(?:in\s+(?:height|width)\s+)?(?:up\s+|down\s+|out\s+)?(?:to|into)\s+(?:an?\s+|the\s+)?(?:only\s+)?{_LEN}",
                        re.I)
# "of straight duct", "of inlet channel", "of plain upstream pipe", "straight": the section a length is of
_QUALIFIER = r"(?:straight|plain|flat|parallel|constant[- ]height|inlet|outlet|upstream|downstream|entry|exit|narrow|wide)"
_STRAIGHT = (rf"(?:of\s+(?:{_QUALIFIER}\s+){{0,2}}(?:duct|channel|section|pipe|passage|tube)\s+"
             rf"|(?:of\s+)?straight\s+(?:(?:duct|channel|section|pipe|passage)\s+)?)?")
_BEYOND = re.compile(rf"(?<![\w.]){_LEN}\s+{_STRAIGHT}(?:(?:beyond|past|after|behind|downstream\s+of)\s+the\s+{_CHANGE}"
                     rf"|after(?=\s*(?:[;,.]|$)))", re.I)  # "200 mm straight after"
_AHEAD = re.compile(rf"(?<![\w.]){_LEN}\s+{_STRAIGHT}(?:before|ahead\s+of|upstream\s+of|in\s+front\s+of)\s+the\s+{_CHANGE}",
                    re.I)
# "channel height after the step 10 cm", "the height upstream of the expansion is 2 cm"
_HEIGHT_AFTER = re.compile(rf"\b(?:height|width)\s+(?:just\s+)?(?:after|behind|beyond|past|downstream\s+of)\s+the\s+{_CHANGE}\s*"
                           rf"(?:is\s+|of\s+|=\s*|:\s*)?{_LEN}", re.I)
_HEIGHT_BEFORE = re.compile(rf"\b(?:height|width)\s+(?:just\s+)?(?:before|ahead\s+of|upstream\s+of)\s+the\s+{_CHANGE}\s*"
                            rf"(?:is\s+|of\s+|=\s*|:\s*)?{_LEN}", re.I)
# "20 cm of straight duct ahead of it and 50 cm after"
_AHEAD_AND_AFTER = re.compile(rf"(?<![\w.]){_LEN}\s+{_STRAIGHT}(?:ahead\s+of|before|"
                              rf"upstream\s+of)(?:\s+(?:it|the\s+\w+))?\s+and\s+{_LEN}\s+(?:of\s+\w+\s+)?(?:after|behind|downstream)",
                              re.I)
_AROUND = re.compile(rf"(?<![\w.]){_LEN}\s+(?:long\s+)?(?:straight\s+)?(?:sections|ducts|channels|parts|lengths|legs)\s+"
                     rf"(?:before\s+and\s+after|upstream\s+and\s+downstream|on\s+(?:either|each|both)\s+sides?)", re.I)
_CONTINUES = re.compile(rf"\b(?:continues?|carries\s+on|goes\s+on)\s+(?:for|over)\s+(?:an(?:other)?\s+|a\s+further\s+)?{_LEN}"
                        rf"|\b(?:continues?|runs?|extends?|goes|carries\s+on)\s+(?:on\s+)?(?:for\s+)?(?:another|a\s+further"
                        rf"|an\s+additional|a\s+farther)\s+{_LEN}"
                        # "running 400 mm further", "continuing for 30 cm more"
                        rf"|\b(?:continu|run|extend|go|carr)\w*\s+(?:on\s+)?(?:for\s+)?{_LEN}\s+(?:further|more|farther)\b", re.I)


# "the height goes from 3 cm upstream to 5 cm downstream"
_FROM_TO = re.compile(rf"\b(?:height|width)\s+(?:\w+\s+){{0,2}}?from\s+{_LEN}\s+(?:upstream|before\s+the\s+{_CHANGE}|at\s+the\s+inlet)"
                      rf"\s+to\s+{_LEN}\s+(?:downstream|after\s+the\s+{_CHANGE}|at\s+the\s+outlet)", re.I)
# "10 cm later the walls converge": where the change starts, from the start of the inlet section
_LATER = re.compile(rf"(?<![\w.]){_LEN}\s+(?:later|further\s+(?:on|along|downstream))\b[^.;]{{0,30}}?\b"
                    rf"(?:(?:starts?|begins?)\s+to\s+)?{_VERB}", re.I)


def section_sizes(text: str, parts: int = 2) -> tuple[dict[str, float], list[tuple[int, int]]]:
    """Sizes of the inlet and outlet sections (and the taper of a nozzle or diffuser, `parts` = 3)
    and the spans of the words they were read from. Sections not named inlet or outlet take their
    role from the order they are written in, when two or more of them are sized."""
    sections = _mentions(text)
    change = _CHANGE_TO.search(text)
    heights_named = {role for role, words in (("inlet", _INLET_WORDS), ("outlet", _OUTLET_WORDS))
                     if re.search(rf"\b{words}\s+(?:(?:channel|duct|section)\s+)?(?:height|width)\s*(?:of|=|:|is)?\s*{_LEN}", text, re.I)}
    for k, sec in enumerate(sections):
        sec.end = min(_clause_end(text, sec.noun_end), sections[k + 1].start if k + 1 < len(sections) else len(text))
        if change and sec.noun_end <= change.start() < sec.end:
            sec.end = change.start()  # "..., where it doubles in height to 4 cm and continues for 40 cm": a new section
        _read_sizes(text, sec, heights_named)
    sized = [s for s in sections if s.sizes]
    if len(sized) >= 2:
        unsaid = [s for s in sized if s.role is None]
        if unsaid and not any(s.role == "inlet" for s in sized) and sized[0].role is None:
            sized[0].role = "inlet"
        if parts == 2 or len(sized) >= 3 or (len(sized) == 2 and "height" in sized[1].sizes):
            later = [s for s in sized[1:] if s.role is None]
            if later and not any(s.role == "outlet" for s in sized):
                later[-1].role = "outlet"
    out: dict[str, float] = {}
    spans: list[tuple[int, int]] = []
    if change:
        out["outlet_height"] = float(change.group(1)) * unit_factor(change.group(2))
        spans.append((change.start(1), change.end(2)))
        before = [s for s in sections if s.role is None and "height" in s.sizes and s.start <= change.start()]
        if len(before) == 1 and not any(s.role == "inlet" for s in sections):
            before[0].role = "inlet"  # "a 2 cm channel ... doubles in height to 4 cm": the one before the change
    names = {("inlet", "height"): "inlet_height", ("inlet", "length"): "upstream_length",
             ("outlet", "height"): "outlet_height", ("outlet", "length"): "downstream_length",
             ("taper", "length"): "taper_length"}
    if len(sized) == 1 and sized[0].role is None and "height" in sized[0].sizes and not change:
        value, span = sized[0].sizes["height"]  # "a step in a 10 cm channel": the one channel named, the whole height
        out["channel_height"] = value
        spans.append(span)
    for sec in sized:
        for kind, (value, span) in sec.sizes.items():
            name = names.get((sec.role or "", kind))
            if name and name not in out:
                out[name] = value
                spans.append(span)
    pair = _AHEAD_AND_AFTER.search(text)
    if pair:
        out.setdefault("upstream_length", float(pair.group(1)) * unit_factor(pair.group(2)))
        out.setdefault("downstream_length", float(pair.group(3)) * unit_factor(pair.group(4)))
        spans += [(pair.start(1), pair.end(2)), (pair.start(3), pair.end(4))]
    around = _AROUND.search(text)  # "5 cm straight sections before and after"
    if around:
        for name in ("upstream_length", "downstream_length"):
            out.setdefault(name, float(around.group(1)) * unit_factor(around.group(2)))
        spans.append((around.start(1), around.end(2)))
    fromto = _FROM_TO.search(text)
    if fromto:
        for name, g in (("inlet_height", 1), ("outlet_height", 3)):
            out.setdefault(name, float(fromto.group(g)) * unit_factor(fromto.group(g + 1)))
            spans.append((fromto.start(g), fromto.end(g + 1)))
    for name, pattern in (("upstream_length", _LATER), ("outlet_height", _HEIGHT_AFTER), ("inlet_height", _HEIGHT_BEFORE),
                          ("outlet_height", _CHANGE_TO), ("downstream_length", _BEYOND),
                          ("upstream_length", _AHEAD), ("downstream_length", _CONTINUES)):
        m = pattern.search(text)
        if m and name not in out:
            g = next(i for i in range(1, (m.lastindex or 1) + 1, 2) if m.group(i) is not None)  # the alternative that matched
            out[name] = float(m.group(g)) * unit_factor(m.group(g + 1))
            spans.append((m.start(g), m.end(g + 1)))
    return out, spans


def blank(text: str, spans: list[tuple[int, int]]) -> str:
    """`text` with the characters of `spans` replaced by spaces (positions kept)."""
    chars = list(text)
    for a, b in spans:
        chars[a:b] = " " * (b - a)
    return "".join(chars)
