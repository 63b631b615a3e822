"""Everyday ways of writing a motion's rate put as a number and a unit the extractor reads:
"omega = 2 pi rad/s" (2 x pi), "2π rad/s", "one cycle per second" (1 Hz), "30 oscillations a
minute" (0.5 Hz), "the box swings twice per second" (2 Hz). The units themselves (Hz, rad/s, rpm,
rev/s) and their conversions stay those of tasks.plan.units; this only writes the numbers out.
Pure: text in, text out.
"""

from __future__ import annotations

import math
import re

from tasks.geometry.text_expressions import _IN_FUNCTION
from tasks.plan.foam_values import fmt

_NUM = r"(?<![\w.])(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?"
# "2 pi", "2*pi", "2·π", "2π", "pi" alone before a rate's unit ("pi rad/s")
_TIMES_PI = re.compile(rf"(?P<n>{_NUM})?\s*(?:\*|·|×|x(?=\s*(?:pi|π)))?\s*(?:\bpi\b|π)"
                       rf"(?:\s*/\s*(?P<d>\d+(?:\.\d+)?))?", re.I)
# a count of cycles in a time: "1 cycle per second", "30 oscillations a minute", "0.5 cycles/s"
_WORD_COUNTS = {"once": 1.0, "twice": 2.0, "one": 1.0, "a": 1.0, "an": 1.0, "two": 2.0, "three": 3.0, "four": 4.0,
                "five": 5.0, "ten": 10.0, "half": 0.5, "half a": 0.5}
_CYCLE_NOUN = r"(?:(?:full|complete)\s+)?(?:cycles?|oscillations?|swings?|strokes?|periods?)"
_COUNT_WORD = r"\b(?:one|two|three|four|five|ten|half\s+a|half|an?)"
_PER_TIME = r"(?:per|a|an|each|every|/)\s*(?P<t>seconds?|secs?|s|minutes?|mins?)\b"
_CYCLES = re.compile(rf"(?P<n>{_NUM}|once|twice|{_COUNT_WORD}(?=\s+{_CYCLE_NOUN}))"
                     rf"\s+(?:{_CYCLE_NOUN}|times)?\s*{_PER_TIME}", re.I)
# the words that make "once per second" or "3 times a minute" a motion's rate (not a write interval)
_MOTION_NEAR = re.compile(r"\b(?:oscillat\w*|swing\w*|swung|sway\w*|heav\w*|bob\w*|shak\w*|shook|vibrat\w*|plung\w*"
                          r"|pitch\w*|rock\w*|roll\w*|slid\w*|mov\w*|translat\w*|cycles?|frequency|sinus\w*|"
                          r"harmonic\w*|back and forth|to and fro|up and down|side to side)\b", re.I)
_SENTENCE = re.compile(r"[.!?;\n](?!\d)")


def _pi_product(m: re.Match[str]) -> str:
    """"2 pi" -> "6.283185307", "pi/2" -> "1.570796327"."""
    value = float(m.group("n") or 1.0) * math.pi / float(m.group("d") or 1.0)
    lead = " " if m.group(0).startswith(" ") else ""
    return f"{lead}{fmt(round(value, 9))}"


def _pi_before_unit(text: str) -> str:
    """Each multiple of pi written as its number where a number is meant: a number times pi, or
    pi before a rate's unit or after a link ("omega = pi", "pi rad/s")."""
    out, last = [], 0
    for m in _TIMES_PI.finditer(text):
        if _IN_FUNCTION.search(text[max(0, m.start() - 40):m.start()]):
            continue  # "5 * sin(2*pi*t/0.1)": a formula of t, read whole by the sine reader
        if m.group("n") is None:
            after = text[m.end():m.end() + 8].lower()
            before = text[max(0, m.start() - 3):m.start()]
            if not (re.match(r"\s*(?:rad|/s|1/s|hz)", after) or re.search(r"[=:]\s*$", before)):
                continue  # "pi" as a word, no number
        out.append(text[last:m.start()])
        out.append(_pi_product(m))
        last = m.end()
    return "".join(out) + text[last:]


def _cycles(text: str) -> str:
    """Each count of cycles in a time written in Hz, when its sentence speaks of a motion."""
    def one(m: re.Match[str]) -> str:
        start = max((s.end() for s in _SENTENCE.finditer(text, 0, m.start())), default=0)
        end = next((s.start() for s in _SENTENCE.finditer(text, m.end())), len(text))
        said = m.group(0).lower()
        plain_count = not re.search(r"cycle|oscillation|swing|stroke|period", said)
        if plain_count and not _MOTION_NEAR.search(text[start:end]):
            return m.group(0)  # "write once per second": no motion's rate
        if re.fullmatch(r"\S+\s*(?:/|per)?\s*s", said):  # "5/s", "5 per s": a unit of its own already
            return m.group(0)
        word = m.group("n").lower()
        count = _WORD_COUNTS.get(" ".join(word.split())) or float(word)
        seconds = 60.0 if m.group("t").lower().startswith("m") else 1.0
        return f"{fmt(round(count / seconds, 9))} Hz"
    return _CYCLES.sub(one, text)


# "once every 2 s", "one full cycle every 4 seconds": a period; "sways 10 degrees every 4 s": a period when its
# clause speaks of a motion and of no output
_EVERY = re.compile(rf"(?P<lead>\b(?:once|one\s+(?:full\s+|complete\s+)?(?:cycle|oscillation|swing|stroke|period|"
                    rf"revolution))\s+)?every\s+(?P<time>{_NUM}\s*(?:s|secs?|seconds?|ms|min|mins|minutes?)\b)", re.I)
_OUTPUT_WORDS = re.compile(r"\b(?:write|writes|writing|written|save|saves|saving|output\w*|dump\w*|snapshots?|"
                           r"results?|log\w*|print\w*|sample\w*|probe\w*|store\w*)\b", re.I)
_CLAUSE_END = re.compile(r"[,;.!?\n](?!\d)")


def _every(text: str) -> str:
    """ "once every 2 s" and a motion's "every 4 s" written as a period ("a period of 2 s")."""
    def one(m: re.Match[str]) -> str:
        start = max((c.end() for c in _CLAUSE_END.finditer(text, 0, m.start())), default=0)
        end = next((c.start() for c in _CLAUSE_END.finditer(text, m.end())), len(text))
        clause = text[start:end]
        if _OUTPUT_WORDS.search(clause) or not (m.group("lead") or _MOTION_NEAR.search(clause)):
            return m.group(0)  # "write every 0.1 s": an output interval
        return f"with a period of {m.group('time')}"
    return _EVERY.sub(one, text)


def rate_forms(text: str) -> str:
    """The request with a motion's rate written as a number and a unit: multiples of pi as their
    number ("2 pi rad/s" -> "6.283185307 rad/s"), counts of cycles in a time in Hz ("one cycle
    per second" -> "1 Hz", with number words already digits or not), a motion's "once every 2 s" as a
    period ("with a period of 2 s")."""
    return _every(_cycles(_pi_before_unit(text)))


def motion_rate_forms(quantity: str, value: float) -> list[float]:
    """The other numbers a stated motion rate is written as in a case: a frequency (Hz) as the
    oscillation's omega (rad/s, 2 pi f), a period (s) as omega (2 pi / T); [] for other quantities."""
    if quantity == "frequency" and value > 0:
        return [2 * math.pi * value]
    if quantity == "time" and value > 0:
        return [2 * math.pi / value]
    return []
