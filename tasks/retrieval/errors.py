"""Questions that quote an OpenFOAM error or paste a log: what was quoted, and the sections it pins.

Pure functions. The quoted text is parsed by the Reviewer's log parser (tasks/run/logs.py): the
FATAL block (message, file, keyword, field, patch, valid choices) or the crash (signal, stack
frames), and the divergence signs of the residual lines. Only those matter for retrieval: the
search text is the user's own words, the FATAL message with its keyword, file and the closest
valid choice, and the last residual lines, never the whole paste.

Canonical sections declare the messages they explain on `Message: "..."` lines (variable parts
in angle brackets; canonical/error_messages.md); a quoted FATAL pins the section whose message
matches it, the most specific template first.
"""

from __future__ import annotations

import difflib
import re
from functools import lru_cache
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field

from tasks.core.paths import CANONICAL_DIR
from tasks.retrieval.context import Pin, canonical_sections
from tasks.retrieval.fusion import ContextItem, Hit, clean_text
from tasks.run.logs import FatalError, divergence_signals, parse_log

MAX_CHOICES = 40
RESIDUAL_LINES = 4
EXAMPLE_LINES = 4
MAX_EXAMPLES = 2
_LOG_LINE = re.compile(
    r"^\s*(?:\[\d+\]\s*)?(?:-->\s*FOAM|FOAM (?:exiting|aborting|parallel run)|From function|in file |file: |"
    r"Valid |#\d+\s|\d+\s*$|\(\s*$|\)\s*$|\d*\(.*\)\s*$|Time = |Courant Number|\w+:\s+Solving for |"
    r"time step continuity|ExecutionTime|bounding |smoothSolver|DIC|GAMG|PBiCG|MPI_|-{10,}|Floating point|"
    r"Segmentation fault|Aborted|[A-Za-z_]\w*\s*$|$|Create |Reading |Selecting |Starting |Build |Exec |Date |Time |"
    r"Host |PID |I/O |Case |nProcs|sigFpe|fileModificationChecking|allowSystemOperations|/\*|\\\\|\||\*)"
)
_UNKNOWN = re.compile(r"\bUnknown (.+?) type ?(\S*)")
_MESSAGE_LINE = re.compile(r'^Message:\s*"(.*)"\s*$', re.MULTILINE)
_PLACEHOLDER = re.compile(r"<[^<>\s]+>")


class ParsedError(BaseModel):
    """The error a question quotes, as `ask --json` reports it in `parsed_error`."""

    model_config = ConfigDict(extra="forbid")

    kind: str = Field(description="fatal | fatal_io | crash")
    message: str
    file: str | None = Field(None, description="as printed: <case>/system/fvSchemes.divSchemes")
    case_file: str | None = Field(None, description="the case file it points at: system/fvSchemes, 0/U")
    dictionary: str | None = Field(None, description="the sub-dictionary path inside it: divSchemes")
    keyword: str | None = None
    field: str | None = None
    patch: str | None = None
    line: int | None = None
    unknown: str | None = Field(None, description="the rejected name of an 'Unknown ... type X' message")
    suggestion: str | None = Field(None, description="the closest valid choice to the rejected name")
    valid_choices: list[str] = Field(default_factory=list)
    signals: list[str] = Field(default_factory=list, description="divergence signs of the quoted log lines")
    section: str | None = Field(None, description="the canonical section pinned for it")


class QuotedLog(BaseModel):
    model_config = ConfigDict(extra="forbid")

    error: ParsedError | None
    prose: str = Field(description="the question without the pasted log lines")
    search_text: str = Field(description="what retrieval searches with instead of the whole paste")


def split_case_file(printed: str | None) -> tuple[str | None, str | None]:
    """'/x/case/system/fvSchemes.divSchemes' -> ('system/fvSchemes', 'divSchemes');
    '/x/case/0/U.boundaryField.inlet' -> ('0/U', 'boundaryField.inlet')."""
    if not printed:
        return None, None
    parts = printed.strip().strip('"').split("/")
    name, _, inner = parts[-1].partition(".")
    if name.startswith("alpha") and inner.split(".", 1)[0] in {"water", "air", "oil", "mercury", "liquid", "gas"}:
        phase, _, inner = inner.partition(".")  # alpha.water.boundaryField.x: the dot is part of the name
        name = f"{name}.{phase}"
    folder = parts[-2] if len(parts) > 1 else ""
    case_file = f"{folder}/{name}" if folder else name
    return case_file, inner or None


def read_quoted_log(text: str) -> QuotedLog | None:
    """The error and log evidence quoted in a question; None when it quotes none."""
    summary = parse_log(text)
    signals = divergence_signals(summary)
    if summary.fatal is None and summary.crash is None and not summary.residuals:
        return None
    prose = " ".join(line.strip() for line in text.splitlines() if line.strip() and not _LOG_LINE.match(line))
    error = None
    if summary.fatal is not None:
        error = from_fatal(summary.fatal, signals)
    elif summary.crash is not None:
        frames = " ".join(summary.crash.frames[:3])
        error = ParsedError(kind="crash", message=f"{summary.crash.signal} {summary.crash.message} {frames}".strip(),
                            signals=signals)
    tail = [f"{r.solver} solving for {r.field}" for r in summary.residuals[-RESIDUAL_LINES:]]
    words = [prose, *(error_words(error) if error else []), *signals[:3], *tail]
    return QuotedLog(error=error, prose=prose, search_text=" ".join(w for w in words if w).strip() or text[:500])


def from_fatal(fatal: FatalError, signals: list[str] | None = None) -> ParsedError:
    printed = fatal.file or _group(re.search(r'"(/[^"]+/(?:system|constant|0)/[^"]+)"', fatal.message))
    case_file, dictionary = split_case_file(printed)
    unknown = suggestion = None
    if m := _UNKNOWN.search(fatal.message):
        unknown = m.group(2) or None
        close = difflib.get_close_matches(unknown or "", fatal.valid_choices, n=1, cutoff=0.6) if unknown else []
        suggestion = close[0] if close else None
    return ParsedError(kind=fatal.kind, message=fatal.message, file=printed, case_file=case_file,
                       dictionary=dictionary, keyword=fatal.keyword, field=fatal.field, patch=fatal.patch,
                       line=fatal.line, unknown=unknown, suggestion=suggestion,
                       valid_choices=fatal.valid_choices[:MAX_CHOICES], signals=signals or [])


def _group(m: re.Match[str] | None) -> str | None:
    return m.group(1) if m else None


def error_words(error: ParsedError) -> list[str]:
    """The words of an error retrieval should search with: message, keyword, file, names."""
    head = error.message.split(" in dictionary ")[0].split(" file: ")[0]
    dictionary = (error.dictionary or "").split(".")[0]
    parts = [head, error.keyword, error.case_file.rsplit("/", 1)[-1] if error.case_file else None,
             dictionary if dictionary != "boundaryField" else None, error.suggestion]
    return [p for p in dict.fromkeys(parts) if p]


# --- the canonical sections that explain a message ---------------------------------------------------

class MessageTemplate(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    source: str
    template: str
    pattern: str
    literal_chars: int


def _pattern(template: str) -> str:
    """The regex of a message template: literal words (any whitespace between), `<x>` any text."""
    pieces = _PLACEHOLDER.split(template.replace('\\"', '"'))
    return r".*?".join(r"\s+".join(map(re.escape, piece.split())) for piece in pieces)


@lru_cache(maxsize=4)
def message_templates(canonical_dir: Path = CANONICAL_DIR) -> tuple[MessageTemplate, ...]:
    """Every `Message: "..."` line of every canonical section, most specific first."""
    found = []
    for path in sorted(canonical_dir.glob("*.md")):
        for heading, text in canonical_sections(path).items():
            for template in _MESSAGE_LINE.findall(text):
                literal = _PLACEHOLDER.sub("", template)
                found.append(MessageTemplate(source=f"canonical/{path.name}#{heading}", template=template,
                                             pattern=_pattern(template), literal_chars=len(literal.strip())))
    return tuple(sorted(found, key=lambda t: -t.literal_chars))


def matching_section(error: ParsedError, canonical_dir: Path = CANONICAL_DIR) -> str | None:
    """The source of the canonical section whose message template matches the error (case matters:
    'Cannot find file "points"' and 'cannot find file' are different classes)."""
    for t in message_templates(canonical_dir):
        if re.search(t.pattern, error.message):
            return t.source
    return None


def error_pins(error: ParsedError, canonical_dir: Path = CANONICAL_DIR) -> list[Pin]:
    """The matching section as a pin (first in the block), or nothing."""
    source = matching_section(error, canonical_dir)
    if source is None:
        return []
    name, _, heading = source.removeprefix("canonical/").partition("#")
    text = canonical_sections(canonical_dir / name).get(heading)
    return [Pin(source=source, text=text, entity=error.keyword or error.unknown or "error", rank=0, trouble=True)] \
        if text else []


# --- tutorial entries that show the correct form ---------------------------------------------------

def _needles(error: ParsedError) -> list[str]:
    return [n for n in dict.fromkeys([error.suggestion, error.keyword if error.keyword != error.patch else None])
            if n]


def entry_lines(text: str, needle: str, around: int = EXAMPLE_LINES) -> str | None:
    """The lines of a dictionary text around the first whole-word occurrence of `needle`."""
    lines = text.splitlines()
    word = re.compile(rf"(?<![\w.]){re.escape(needle)}(?![\w.])")
    for n, line in enumerate(lines):
        if word.search(line) and not line.lstrip().startswith(("Search terms", "Tutorial:", "File:", "Solver:")):
            lo, hi = max(0, n - around), min(len(lines), n + around + 1)
            return "\n".join(lines[lo:hi]).strip("\n")
    return None


def example_items(error: ParsedError, hits: list[Hit], limit: int = MAX_EXAMPLES) -> list[ContextItem]:
    """Tutorial (or caseDict) entries among the retrieved chunks that use the name the error is about
    (the closest valid choice, or the missing keyword), those from the same kind of file first."""
    needles = _needles(error)
    if not needles:
        return []
    file_name = (error.case_file or "").rsplit("/", 1)[-1]
    ranked = sorted((h for h in hits if h.doc_type in ("tutorial", "caseDict")),
                    key=lambda h: not (file_name and h.source.endswith("/" + file_name)))
    found: list[ContextItem] = []
    for hit in ranked:
        for needle in needles:
            snippet = entry_lines(clean_text(hit.text), needle)
            if snippet:
                header = f"Example entry for {needle} from {hit.source.removeprefix('tutorial:')}:"
                found.append(ContextItem(kind="example", source=hit.source, text=f"{header}\n{snippet}", score=1.0))
                break
        if len(found) >= limit:
            break
    return found
