"""How a request wants the fields written, said in words rather than numbers: the write format
("binary output", "write the results as ASCII", "human-readable text files", "writeFormat: binary")
and the compression ("gzip the output", "no compression"). A format word counts only when it is
said of the output (a write verb, "format", "output", "files" or "results" beside it): "a binary
mixture" or "binary diffusion" is no write format. Pure; the recipes (tasks.plan.recipes_time) and
the binder (tasks.plan.bind_run.RunBinding.bind_write_settings) apply what it reads.
"""

from __future__ import annotations

import re

from pydantic import BaseModel, ConfigDict

from tasks.plan.controls_keywords import keyword_settings
from tasks.plan.extract import normalise

# the words of each format value of controlDict's writeFormat
_FORMAT_WORDS = {"binary": r"binary|bin", "ascii": r"ascii|plain[\s-]?text|human[\s-]?readable|text"}
# what a format word is said of: the output and its files
_OUTPUT = r"(?:(?:write[\s_-]?)?format|output|outputs|files?|results?|data|fields?|snapshots?|writes?|dumps?|mode|time\s+director(?:y|ies))"
_WRITE = r"(?:writ(?:e|es|ing|ten)|sav(?:e|es|ed|ing)|output(?:s|ted|ting)?|dump(?:s|ed|ing)?|stor(?:e|es|ed|ing)|" \
         r"(?:write[\s_-]?)?format)"


def _format_pattern(words: str) -> re.Pattern[str]:
    """A format said of the output: after a write word or "format" in the same clause ("write the
    fields in binary", "format: ascii", "writeFormat binary"), or before an output noun ("binary
    files", "text (ascii) files", "ASCII format")."""
    return re.compile(
        rf"\b{_WRITE}\b[^.;,\n]{{0,30}}?(?:\b(?:in|as|to|=|:|is|be|of)\s*)?(?<![\w-])(?P<w1>{words})\b(?![\s-]+mixture)"
        rf"|(?<![\w-])(?P<w2>{words})(?:\s*\([^()]{{0,20}}\))?[\s-]+{_OUTPUT}\b"
        rf"|\bwriteformat\s*(?:=|:)?\s*(?P<w3>{words})\b"
        # an item of a terse list that is the format word alone ("..., write every 40 s, binary")
        rf"|(?:^|(?<=[,;\n]))\s*(?P<w4>{words})\s*(?=$|[,;\n]|\.(?:\s|$))", re.I)


_FORMATS = {value: _format_pattern(words) for value, words in _FORMAT_WORDS.items()}
_NO_COMPRESSION = re.compile(r"\b(?:uncompress\w*|no\s+compression|without\s+compression|(?:do\s+not|don't|never)\s+"
                             r"(?:gzip|compress)\w*|(?:turn|switch)\w*\s+(?:the\s+)?compression\s+off|compression\s*"
                             r"(?::|=)?\s*(?:off|no|false)|writecompression\s*(?::|=)?\s*(?:off|no|false))\b", re.I)
# compressed output, not a compressible gas or a compressed-air inlet
_COMPRESSION = re.compile(r"\b(?:gzip\w*|zipped|compress(?:ed|ion)?\s+(?:the\s+)?" + _OUTPUT + r"|"
                          + _WRITE + r"\b[^.;,\n]{0,30}?\bcompress(?:ed|ion)\b|(?:write)?compression\s*(?::|=)?\s*(?:on|yes|true)"
                          r"|with\s+compression)\b", re.I)


class WriteSetting(BaseModel):
    """One controlDict entry the request sets in words: its key, value and the words that say it."""

    model_config = ConfigDict(extra="forbid")

    key: str
    value: str
    words: str
    start: int


def write_format(text: str) -> WriteSetting | None:
    """The write format the text asks for (the first one said), or None."""
    low = normalise(text)
    found = [(m.start(), value, m.group(0)) for value, pattern in _FORMATS.items() for m in pattern.finditer(low)]
    if not found:
        return None
    start, value, words = min(found)
    return WriteSetting(key="writeFormat", value=value, words=" ".join(words.split()), start=start)


def write_compression(text: str) -> WriteSetting | None:
    """writeCompression on ("gzip the output", "compressed files") or off ("no compression"), or None."""
    low = normalise(text)
    off = _NO_COMPRESSION.search(low)
    if off:
        return WriteSetting(key="writeCompression", value="off", words=off.group(0), start=off.start())
    on = _COMPRESSION.search(low)
    if on:
        return WriteSetting(key="writeCompression", value="on", words=on.group(0), start=on.start())
    return None


def write_settings(text: str) -> list[WriteSetting]:
    """The write format and compression the text states, and the word-valued run controls it names
    ("startFrom latestTime", "stopAt writeNow": tasks.plan.controls_keywords), in the order said."""
    said = [s for s in (write_format(text), write_compression(text)) if s is not None]
    said += [WriteSetting(key=key, value=value, words=words, start=at)
             for key, value, words, at in keyword_settings(normalise(text))]
    return sorted(said, key=lambda s: s.start)
