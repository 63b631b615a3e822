"""Word-valued controlDict entries a request names by their keyword or says in words:
"startFrom latestTime", "stopAt writeNow", "timeFormat fixed", "restart from the latest time".
The words each keyword takes are learnt from the installed tutorials' controlDicts (their
top-level entries), so "startFrom latestTime" is read and "startFrom yesterday" is not. The
entries other binders decide (writeControl follows the write interval, writeFormat and
writeCompression tasks.plan.controls_write's words) are not read here. Pure apart from reading
the tutorials once (cached).
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

from tasks.core.cache import cached_json, tutorials_stamp
from tasks.foam import dictionary as fd
from tasks.foam.files import read_text

# the word-valued run controls a request may set by name; the others are decided by other binders
KEYWORDS = ("startFrom", "stopAt", "timeFormat", "runTimeModifiable")
_SWITCH = ("true", "false", "yes", "no", "on", "off")
# the same settings said in words
_PROSE: tuple[tuple[str, str, str], ...] = (
    (r"\b(?:re)?start(?:s|ing|ed)?\s+(?:again\s+|it\s+)?(?:from|at)\s+(?:the\s+)?(?:latest|last|newest|most\s+recent)"
     r"\s+(?:(?:saved|written)\s+)?(?:time|write|output|time\s+(?:step|directory|folder))\b", "startFrom", "latestTime"),
    (r"\b(?:continue|resume)s?\s+(?:the\s+run\s+|it\s+)?from\s+(?:the\s+)?(?:latest|last)\s+(?:saved\s+|written\s+)?"
     r"(?:time|write|output|time\s+(?:step|directory|folder))\b", "startFrom", "latestTime"),
)


def _scan(paths: list[Path]) -> dict[str, list[str]]:
    """{keyword: the words the controlDicts give it} for the KEYWORDS."""
    found: dict[str, set[str]] = {k: set() for k in KEYWORDS}
    for path in paths:
        for entry, raw in fd.leaves(read_text(path) or ""):
            word = " ".join(fd.strip_comments(raw).split())
            if len(entry) == 1 and entry[0] in found and re.fullmatch(r"[A-Za-z]\w*", word):
                found[entry[0]].add(word)
    return {k: sorted(v) for k, v in found.items()}


@lru_cache(maxsize=4)
def keyword_words(root: str) -> dict[str, list[str]]:
    """The words each of KEYWORDS takes in the installed tutorials' controlDicts (cached)."""
    return cached_json("control_keyword_words", tutorials_stamp(Path(root), "v1"),
                       lambda: _scan([p for p in Path(root).rglob("system/controlDict") if p.is_file()]))


def keyword_settings(text: str, words: dict[str, list[str]] | None = None) -> list[tuple[str, str, str, int]]:
    """(keyword, value, the words that say it, where) for each word-valued run control the text
    names ("startFrom latestTime", "stopAt: writeNow") or says in words ("restart from the latest
    time"); `words` maps a keyword to the values it takes (else the installed tutorials')."""
    if words is None:
        from tasks.core.config import get_settings

        words = keyword_words(str(get_settings().tutorials_dir))
    found: dict[str, tuple[str, str, str, int]] = {}
    for key, values in words.items():
        allowed = list(values) + (list(_SWITCH) if values and set(values) <= set(_SWITCH) else [])
        if not allowed:
            continue
        spoken = {v.lower(): v for v in allowed}
        pattern = rf"(?<![\w.]){key}\s*(?:=|:|to|is)?\s*(?P<v>{'|'.join(map(re.escape, allowed))})(?![\w])"
        m = re.search(pattern, text, re.I)
        if m:
            found[key] = (key, spoken[m.group("v").lower()], m.group(0), m.start())
    for pattern, key, value in _PROSE:
        m = re.search(pattern, text, re.I)
        if m and key not in found and value in words.get(key, []):
            found[key] = (key, value, m.group(0), m.start())
    return sorted(found.values(), key=lambda f: f[3])
