"""Where the sun stands, as a request states it: the site (latitude, longitude), the moment (the
day of the year, the time of day, the offset from GMT) and how often a tracked sun is moved. A
solar calculator (radiationProperties solarLoadCoeffs, solarCalculatorCoeffs) computes the sun's
direction from these; `tasks.plan.bind_radiation_sun` writes them there.

The forms read: "latitude 40.42", "40.42 deg N", "3.70 degrees west" (south and west are
negative), "40°25' N"; "day 172", "day-of-year 172", "the 172nd day", "the 21st of June", "June 21"
(a date in a non-leap year, said as an assumption); "startTime 12 h", "clock time 15.5 h", "3 pm",
"15:30", "12 noon"; "GMT+1", "UTC-05:30", "time zone offset 9 h"; "update the sun position every
600 s". A site's coordinates read in any request (they are the sun's or no case's); days, clock
times and offsets only in a request about the sun (canonical/radiation.yaml sun_position.words),
so a time in any other request stays the run's. Pure functions over the normalised text.
"""

from __future__ import annotations

import re
from functools import lru_cache

import yaml
from pydantic import BaseModel, ConfigDict

from tasks.core.paths import CANONICAL_DIR


class SunPositionTerms(BaseModel):
    """canonical/radiation.yaml sun_position."""

    model_config = ConfigDict(extra="forbid")
    words: list[str]
    entries: dict[str, str]
    spoken: dict[str, str]
    limits: dict[str, list[float]]
    direction_model: str
    tracking: str
    direction: str
    months: dict[str, int]


@lru_cache(maxsize=1)
def sun_terms() -> SunPositionTerms:
    raw = yaml.safe_load((CANONICAL_DIR / "radiation.yaml").read_text())
    return SunPositionTerms.model_validate(raw["sun_position"])


class SunReading(BaseModel):
    """One value of the sun's position: its role (a key of sun_position.entries), its value in the
    entry's own unit (degrees, day, hours, seconds) and the span of text it was read from."""

    model_config = ConfigDict(extra="forbid")
    role: str
    value: float
    text: str
    start: int
    end: int
    unit: str = ""
    note: str | None = None


_NUM = r"[-+−]?(?>\d+(?:\.\d+)?)"
_DEG = r"(?:°|º|deg(?:rees?|s)?\b\.?)"
_COMPASS_WORD = r"(?i:north|south|east|west)(?:ern)?\b"
_COMPASS = rf"(?:{_COMPASS_WORD}|[NSEW](?![\w'’]))"  # a letter in capitals only: "40 n" is no north
_LAT = r"(?<![\w-])(?i:latitude|lat\.?)(?![\w])"
_LON = r"(?<![\w-])(?i:longitude|lon\.?)(?![\w])"  # not "long.": "2 m long. 5 m/s"
_LINK = r"\s*(?:(?:[:=]|of|is|at|equal\s+to|(?:is\s+|be\s+)?set\s+to|about|around|approx(?:imately|\.)?|~)\s*)*"
# "latitude 40.42", "lat = 40.42 deg N", "longitude of -3.70°", "longitude 3.70 degrees west"
_KEYED = re.compile(rf"(?P<key>{_LAT}|{_LON}){_LINK}(?P<num>{_NUM})(?![\d:])(?:\s*{_DEG})?(?:\s*(?P<compass>{_COMPASS}))?")
# "40.42 deg N", "3.70 degrees west", "40.42° N latitude", "40.42 north" (then a keyword or a sun word near)
_VALUE_FIRST = re.compile(rf"(?<![\w.])(?P<num>{_NUM})\s*(?P<deg>{_DEG})?\s*(?P<compass>{_COMPASS})"
                          rf"(?:\s+(?P<key>{_LAT}|{_LON}))?")
# "40.42 degrees latitude", "-3.7° longitude"
_VALUE_KEY = re.compile(rf"(?<![\w.])(?P<num>{_NUM})\s*{_DEG}?\s*(?P<key>{_LAT}|{_LON})")
# a coordinate in degrees, minutes and seconds: "40°25' N", "3° 42′ 12\" W"
_DMS = re.compile(r"(?<![\w.])(?P<d>\d{1,3})\s*[°º]\s*(?P<m>\d{1,2}(?:\.\d+)?)\s*['′’]"
                  r"(?:\s*(?P<s>\d{1,2}(?:\.\d+)?)\s*(?:\"|″|''|’’))?")

_DAY_KEY = (r"(?i:start[\s_-]*day|day[\s-]+of[\s-]+(?:the[\s-]+)?year|day[\s-]*of[\s-]*year|doy|julian\s+day|"
            r"day\s+number|day\s+no\.?|day)")
# "startDay 172", "day-of-year 172", "day 172 of the year", "Julian day 172"
_DAY = re.compile(rf"(?<![\w-]){_DAY_KEY}\s*(?:[:=#]|is|of)?\s*(?P<num>\d{{1,3}})(?![\d.:]|\s*(?i:days?|s|h|hours?|min)\b)")
# "the 172nd day (of the year)"
_ORDINAL_DAY = re.compile(r"(?<![\w.])(?P<num>\d{1,3})(?:st|nd|rd|th)\s+day\b", re.I)
_DAY_SUFFIX = r"(?:st|nd|rd|th)?"
_YEAR = r"(?:,?\s+(?P<year>(?:19|20)\d\d))?"

_CLOCK = re.compile(r"(?<![\w:.])(?P<h>[01]?\d|2[0-4])[:h](?P<m>[0-5]\d)(?::(?P<s>[0-5]\d))?(?![\d:])"
                    r"(?:\s*(?P<ap>(?i:[ap]\.?\s?m\b\.?)))?(?:\s*(?P<noon>(?i:noon|midday|mid-day)\b))?")
_MERIDIEM = re.compile(r"(?<![\w:.])(?P<h>1[0-2]|0?[1-9])(?:[.:](?P<m>[0-5]\d))?\s*(?P<ap>(?i:[ap])\.?\s?(?i:m)\b\.?)")
_NOON = re.compile(r"(?<![\w-])(?:(?P<h>12)\s*)?(?P<word>(?i:noon|midday|mid-day|midnight))\b")
_TIME_KEY = (r"(?i:start[\s_-]*time|clock[\s-]+time|time[\s-]+of[\s-]+(?:the[\s-]+)?day|local\s+(?:solar\s+|clock\s+)?time|"
             r"solar\s+time|hour\s+of\s+(?:the\s+)?day)")
# "startTime 12 h", "clock time 15.5 hours", "time of day: 9"; not "startTime 0 s" (the run's)
_KEYED_TIME = re.compile(rf"(?<![\w-]){_TIME_KEY}{_LINK}(?P<num>\d{{1,2}}(?:\.\d+)?)(?![\d:])"
                         rf"(?:\s*(?P<unit>(?i:h|hrs?|hours?|o'?clock)\b))?(?!\s*(?i:s|sec|seconds?|ms|min)\b)")

_ZONE = r"(?:GMT|UTC|(?i:gmt|utc))"
# "GMT+1", "UTC -5", "UTC+05:30"
_ZONE_SIGNED = re.compile(rf"(?<![\w]){_ZONE}\s*(?P<sign>[-+−])\s*(?P<h>\d{{1,2}}(?:\.\d+)?)(?::?(?P<m>[0-5]\d))?(?![\d.])")
_OFFSET_KEY = (r"(?i:time[\s-]*zone(?:\s+offset)?|(?:gmt|utc)\s+offset|offset\s+(?:from|to)\s+(?:gmt|utc)|"
               r"local\s*standard\s*meridian|standard\s+meridian)")
# "time zone offset 9 h", "localStandardMeridian -8", "offset from GMT of +9 hours"
_KEYED_OFFSET = re.compile(rf"(?<![\w-]){_OFFSET_KEY}{_LINK}(?:{_ZONE}\s*)?(?P<sign>[-+−])?\s*(?P<num>\d{{1,2}}(?:\.\d+)?)"
                           rf"(?![\d.:])(?:\s*(?i:h|hrs?|hours?)\b)?")

_SECONDS = {"s": 1.0, "sec": 1.0, "secs": 1.0, "second": 1.0, "seconds": 1.0, "min": 60.0, "mins": 60.0,
            "minute": 60.0, "minutes": 60.0, "h": 3600.0, "hr": 3600.0, "hrs": 3600.0, "hour": 3600.0, "hours": 3600.0}
_UNIT = r"(?P<unit>s|secs?|seconds?|mins?|minutes?|h|hrs?|hours?)\b"
_UPDATE_VERB = r"(?:updat\w*|recomput\w*|recalculat\w*|refresh\w*|track\w*|mov\w*|advanc\w*)"
# "update the sun position every 600 s", "sun direction recomputed every 10 min", "sunTrackingUpdateInterval 800"
_UPDATE = re.compile(rf"(?P<head>(?:(?:sun\s*tracking\s*update|(?:sun\s+)?tracking|(?:sun\s+)?update)\s*interval)|"
                     rf"\b{_UPDATE_VERB}\b[^.;\n]{{0,40}}?(?:\bevery|\beach|\bintervals?\s+of|\bonce\s+every))"
                     rf"{_LINK}(?P<num>\d+(?:\.\d+)?)\s*(?:{_UNIT})?", re.I)


def _number(raw: str) -> float:
    return float(raw.replace("−", "-"))


def dms_degrees(text: str) -> str:
    """Coordinates in degrees and minutes (and seconds) written as decimal degrees: "40°25' N" ->
    "40.4167 deg N". Keeps the rest of the text as it is."""
    def one(m: re.Match[str]) -> str:
        value = int(m.group("d")) + float(m.group("m")) / 60 + float(m.group("s") or 0) / 3600
        glued = m.string[m.end():m.end() + 1].isalpha()  # "3°42'W": "3.7 deg W"
        return f"{value:.6g} deg" + (" " if glued else "")
    return _DMS.sub(one, text)


def about_sun(text: str) -> bool:
    """Whether the request speaks of the sun (a solar word, or a site's coordinates); camelCase
    names read as their words ("externalSolarLoad": solar)."""
    words = re.sub(r"(?<=[a-z])(?=[A-Z])", " ", text).lower()
    return any(re.search(rf"(?<![a-z]){re.escape(w)}(?![a-z])", words) for w in sun_terms().words)


def _sentence_about_sun(text: str, start: int) -> bool:
    """The sentence holding `start` speaks of the sun."""
    left = max(text.rfind(". ", 0, start), text.rfind("\n", 0, start), text.rfind(";", 0, start))
    ends = [i for i in (text.find(". ", start), text.find("\n", start), text.find(";", start)) if i >= 0]
    return about_sun(text[left + 1:min(ends) if ends else len(text)])


def _signed(value: float, compass: str | None) -> float:
    if compass and compass[0].upper() in "SW":
        return -abs(value)
    return value


def _axis(key: str | None, compass: str | None) -> str | None:
    """sun_latitude or sun_longitude, from the keyword or the compass point (keyword first)."""
    if key:
        return "sun_latitude" if key.lower().startswith("lat") else "sun_longitude"
    if compass:
        return "sun_latitude" if compass[0].upper() in "NS" else "sun_longitude"
    return None


def _coordinates(text: str) -> list[SunReading]:
    out: list[SunReading] = []
    for pattern in (_KEYED, _VALUE_FIRST, _VALUE_KEY):
        for m in pattern.finditer(text):
            compass = m.groupdict().get("compass")
            if pattern is _VALUE_FIRST and m.group("key") is None and m.group("deg") is None and \
                    (len(compass) == 1 or not _sentence_about_sun(text, m.start())):
                continue  # "40 N": a force; "40.42 north" only beside the sun
            role = _axis(m.group("key"), compass)
            if role is None or _taken(out, m.start(), m.end()):
                continue
            out.append(SunReading(role=role, value=_signed(_number(m.group("num")), compass), text=m.group(0).strip(),
                                  start=m.start(), end=m.start() + len(m.group(0).rstrip()), unit="deg"))
    return out


def _day_of_year(month: int, day: int, year: int | None) -> int:
    lengths = list(sun_terms().months.values())
    leap = year is not None and (year % 4 == 0 and (year % 100 != 0 or year % 400 == 0))
    return sum(lengths[:month]) + day + (1 if leap and month >= 2 else 0)


@lru_cache(maxsize=1)
def _date_patterns() -> tuple[re.Pattern[str], re.Pattern[str]]:
    names = list(sun_terms().months)
    month = "(?P<month>" + "|".join(f"{n[:3]}(?:{n[3:]}|\\.)?" if len(n) > 3 else n for n in names) + \
        "|sept\\.?)"
    day_first = re.compile(rf"(?<![\w.])(?P<day>\d{{1,2}}){_DAY_SUFFIX}(?:\s+of)?\s+{month}(?![a-z]){_YEAR}", re.I)
    month_first = re.compile(rf"(?<![\w.]){month}\s+(?:the\s+)?(?P<day>\d{{1,2}}){_DAY_SUFFIX}(?![\d:.]){_YEAR}", re.I)
    return day_first, month_first


def _dates(text: str) -> list[SunReading]:
    out: list[SunReading] = []
    names = list(sun_terms().months)
    for pattern in _date_patterns():
        for m in pattern.finditer(text):
            month = next(i for i, n in enumerate(names) if n.startswith(m.group("month").lower().rstrip(".")[:3]))
            day, year = int(m.group("day")), int(m.group("year")) if m.group("year") else None
            if not 1 <= day <= sun_terms().months[names[month]] + (1 if month == 1 else 0) or _taken(out, m.start(), m.end()):
                continue
            number = _day_of_year(month, day, year)
            said = m.group(0).strip()
            how = f"the year {year}" if year else "a non-leap year"
            out.append(SunReading(role="sun_day", value=number, text=said, start=m.start(), end=m.end(),
                                  note=f"{said} is day {number} of the year ({how})"))
    return out


def _days(text: str) -> list[SunReading]:
    out = _dates(text)
    for pattern in (_DAY, _ORDINAL_DAY):
        for m in pattern.finditer(text):
            if not _taken(out, m.start(), m.end()):
                out.append(SunReading(role="sun_day", value=int(m.group("num")), text=m.group(0).strip(),
                                      start=m.start(), end=m.end()))
    return out


def _hours(h: str, minutes: str | None, seconds: str | None, meridiem: str | None) -> float:
    hour = float(h)
    if meridiem:
        pm = meridiem.lower().startswith("p")
        hour = hour % 12 + (12 if pm else 0)
    return round(hour + float(minutes or 0) / 60 + float(seconds or 0) / 3600, 6)


def _times(text: str) -> list[SunReading]:
    out: list[SunReading] = []
    for m in _CLOCK.finditer(text):
        value = _hours(m.group("h"), m.group("m"), m.group("s"), m.group("ap"))
        out.append(SunReading(role="sun_time", value=value, text=m.group(0).strip(), start=m.start(),
                              end=m.start() + len(m.group(0).rstrip()), unit="h"))
    for m in _MERIDIEM.finditer(text):
        if not _taken(out, m.start(), m.end()):
            out.append(SunReading(role="sun_time", value=_hours(m.group("h"), m.group("m"), None, m.group("ap")),
                                  text=m.group(0).strip(), start=m.start(), end=m.end(), unit="h"))
    for m in _KEYED_TIME.finditer(text):
        if not _taken(out, m.start(), m.end()):
            out.append(SunReading(role="sun_time", value=float(m.group("num")), text=m.group(0).strip(),
                                  start=m.start(), end=m.end(), unit="h"))
    for m in _NOON.finditer(text):
        if not _taken(out, m.start(), m.end()):
            value = 0.0 if m.group("word").lower() == "midnight" else 12.0
            out.append(SunReading(role="sun_time", value=value, text=m.group(0).strip(), start=m.start(),
                                  end=m.end(), unit="h"))
    return out


def _offsets(text: str) -> list[SunReading]:
    out: list[SunReading] = []
    for m in _ZONE_SIGNED.finditer(text):
        value = _number(m.group("h")) + float(m.group("m") or 0) / 60
        out.append(SunReading(role="sun_gmt_offset", value=-value if m.group("sign") in "-−" else value,
                              text=m.group(0).strip(), start=m.start(), end=m.end(), unit="h"))
    for m in _KEYED_OFFSET.finditer(text):
        if not _taken(out, m.start(), m.end()):
            value = _number(m.group("num"))
            out.append(SunReading(role="sun_gmt_offset", value=-value if (m.group("sign") or "+") in "-−" else value,
                                  text=m.group(0).strip(), start=m.start(), end=m.end(), unit="h"))
    return out


def _updates(text: str) -> list[SunReading]:
    out: list[SunReading] = []
    for m in _UPDATE.finditer(text):
        if not _sentence_about_sun(text, m.start()):
            continue  # "update the mesh every 10 s": not the sun's
        scale = _SECONDS[(m.group("unit") or "s").lower()]
        out.append(SunReading(role="sun_update_interval", value=float(m.group("num")) * scale,
                              text=m.group(0).strip(), start=m.start(), end=m.end(), unit="s"))
    return out


def _taken(readings: list[SunReading], start: int, end: int) -> bool:
    return any(r.start < end and start < r.end for r in readings)


def sun_readings(text: str) -> list[SunReading]:
    """Every value of the sun's position the (normalised) text states, in text order: the
    coordinates always, the moment and the tracking interval only when the text speaks of the sun.
    Where two forms overlap, the first read keeps the span (coordinates, offsets, days, clock times)."""
    out = _coordinates(text)
    if about_sun(text):
        for found in (_offsets(text), _updates(text), _days(text), _times(text)):
            out += [r for r in found if not _taken(out, r.start, r.end)]
    return sorted(out, key=lambda r: r.start)
