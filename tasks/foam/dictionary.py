"""The one OpenFOAM dictionary layer: locate, read and edit entries of dictionary text.

Every reader and editor of OpenFOAM files in Casewright goes through here: the InputWriter,
`modify`, the pre-run checker, the Reviewer, the case base and the corpus chunker. Text in,
text out; nothing touches the disk.

- The scan is brace-, list-, string- and comment-aware and tolerant: a malformed file (a
  missing `;` or `}`, foreign text) still yields its entries, so the Reviewer can open what
  it repairs.
- Entries are addressed by a key path (`["solvers", "p", "smoother"]`). OpenFOAM takes the
  last definition of a key; a quoted key is a regular expression, matched when `regex=True`
  and no key matches exactly.
- Edits rewrite only the characters of the entry being changed: layout, comments and the
  banner stay byte for byte. One quoting rule (`quote_key`) and one layout
  (`format_entry`, values at column 16 as OpenFOAM writes them) for every new entry.
- `parse_error` parses text back with foamlib, so an edit that would leave a file OpenFOAM
  cannot read can be refused.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Sequence

from tasks.core.errors import CasewrightError

_WS = re.compile(r"(?:\s+|//[^\n]*|/\*.*?\*/)*", re.S)
_KEY = re.compile(r'"[^"\n]*"|[^\s{};"]+')
_TOKEN = re.compile(r'"(?:[^"\\\n]|\\.)*"|//[^\n]*|/\*.*?\*/|#\{.*?#\}|[{}()\[\];]', re.S)
_COMMENT = re.compile(r"//[^\n]*|/\*.*?\*/", re.S)
_NEEDS_QUOTES = re.compile(r'^[(."]|[*?\[\]^$\s;{}]')
VALUE_COLUMN = 16  # OpenFOAM's own layout: `nu              1e-06;`

Path = Sequence[str]
Value = str | dict | list[str]  # a value's text, a sub-dictionary, or the lines of a block body


class FoamTextError(CasewrightError):
    """A dictionary could not be edited as asked (its structure is not what was expected)."""


@dataclass(frozen=True)
class Entry:
    """One entry: `key value;`, `key { ... }` or a `#directive` line.

    `key` is as written (a regex key keeps its quotes; `name` drops them). `lead_start` is
    where the whitespace and comments before the entry begin, `key_start` its first
    character, `end` just past its `;` or `}`. A value spans `value_start:value_end` (no
    `;`); a sub-dictionary's inside spans `body_start:body_end`.
    """

    key: str
    kind: str  # "value" | "dict" | "directive"
    lead_start: int
    key_start: int
    end: int
    value_start: int = -1
    value_end: int = -1
    body_start: int = -1
    body_end: int = -1

    @property
    def name(self) -> str:
        return unquote(self.key)

    @property
    def is_dict(self) -> bool:
        return self.kind == "dict"

    @property
    def body(self) -> tuple[int, int] | None:
        return (self.body_start, self.body_end) if self.kind == "dict" else None


# --- scanning ---------------------------------------------------------------------------


def entries(text: str, start: int = 0, end: int | None = None) -> list[Entry]:
    """The entries of `text[start:end]` at one level.

    A level is scanned once per text: the binders ask for the entries around every leaf of a
    dictionary, so the same levels are read many times over. Texts are immutable, so the scan of
    a (text, span) is remembered; long texts (fields with value lists) are scanned afresh, to keep
    the memory bounded."""
    limit = len(text) if end is None else end
    if len(text) > _CACHED_TEXT_CHARS:
        return list(_scan(text, start, limit))
    return list(_scan_cached(text, start, limit))


_CACHED_TEXT_CHARS = 100_000


def _scan(text: str, start: int, limit: int) -> tuple[Entry, ...]:
    found: list[Entry] = []
    pos = start
    while pos < limit:
        i = _WS.match(text, pos, limit).end()  # type: ignore[union-attr]
        if i >= limit:
            break
        if text[i] == "#" and not text.startswith("#{", i):
            eol = text.find("\n", i, limit)
            stop = limit if eol < 0 else eol
            found.append(Entry(text[i:stop].split(None, 1)[0], "directive", pos, i, stop))
            pos = stop
            continue
        if text[i] in ";})]":
            pos = i + 1
            continue
        key_match = _KEY.match(text, i, limit)
        key_end = key_match.end() if key_match else i + 1
        key = key_match.group() if key_match else text[i]
        entry = _read_entry(text, key, pos, i, key_end, limit)
        found.append(entry)
        pos = max(entry.end, i + 1)
    return tuple(found)


_scan_cached = lru_cache(maxsize=2048)(_scan)


def _read_entry(text: str, key: str, lead: int, key_start: int, key_end: int, limit: int) -> Entry:
    depth = 0
    for tok in _TOKEN.finditer(text, key_end, limit):
        t = tok.group()
        if t[0] in "\"/#":
            continue
        if t in "{([":
            if depth == 0 and t == "{" and not _COMMENT.sub("", text[key_end : tok.start()]).strip():
                close = _matching_brace(text, tok.start(), limit)
                stop = close + 1 if close < limit else limit
                after = _WS.match(text, stop, limit).end()  # type: ignore[union-attr]
                if text.startswith(";", after):
                    stop = after + 1
                return Entry(key, "dict", lead, key_start, stop, body_start=tok.end(), body_end=close)
            depth += 1
        elif t in "})]":
            depth -= 1
            if depth < 0:  # the enclosing block ends before a `;`
                return Entry(key, "value", lead, key_start, tok.start(), key_end, tok.start())
        elif t == ";" and depth == 0:
            return Entry(key, "value", lead, key_start, tok.end(), key_end, tok.start())
    return Entry(key, "value", lead, key_start, limit, key_end, limit)


def _matching_brace(text: str, open_at: int, limit: int) -> int:
    depth = 0
    for tok in _TOKEN.finditer(text, open_at, limit):
        t = tok.group()
        if t == "{":
            depth += 1
        elif t == "}":
            depth -= 1
            if depth == 0:
                return tok.start()
    return limit


def unquote(key: str) -> str:
    return key[1:-1] if len(key) >= 2 and key[0] == key[-1] == '"' else key


def quote_key(key: str) -> str:
    """How a key is written: quoted when OpenFOAM would not read it as one word
    (`"(U|k|epsilon)"`, `".*"`), as is otherwise (`div(phi,U)`, `alpha.water`)."""
    if key.startswith('"'):
        return key
    return f'"{key}"' if _NEEDS_QUOTES.search(key) else key


def key_matches(key: str, name: str) -> bool:
    """A plain key equals `name`; a quoted key is an OpenFOAM regular expression."""
    if unquote(key) == name:
        return True
    if key.startswith('"'):
        try:
            return re.fullmatch(unquote(key), name) is not None
        except re.error:
            return False
    return False


def find(text: str, path: Path, regex: bool = False) -> Entry | None:
    """The entry at `path` (the last definition of each key, as OpenFOAM reads it); with
    `regex`, a quoted regular-expression key matches where no key is exactly equal."""
    start, end = 0, len(text)
    found: Entry | None = None
    names = [unquote(name) for name in path]
    depth = 0
    while depth < len(names):
        name = names[depth]
        level = [e for e in entries(text, start, end) if e.kind != "directive"]
        found = next((e for e in reversed(level) if e.name == name), None)
        if found is None and regex:
            found = next((e for e in reversed(level) if key_matches(e.key, name)), None)
        if found is None:
            return None
        if depth < len(names) - 1:
            if found.kind == "value" and names[depth + 1].startswith(("(", "[")) and depth + 1 < len(names) - 1:
                span = _list_item_body(text, found.value_start, found.value_end, names[depth + 1])
                if span is None:
                    return None
                start, end = span  # a keyed item of a list: "massTransferModel ( (liquid to gas) { C 100; } )"
                depth += 2
                continue
            if found.kind != "dict":
                return None
            start, end = found.body_start, found.body_end
        depth += 1
    return found


def _list_item_body(text: str, lo: int, hi: int, key: str) -> tuple[int, int] | None:
    """The inside of the `{ ... }` of a list's item keyed `key` ("(liquid to gas)", spaces free)
    between lo and hi, or of its n-th unkeyed `{ ... }` item for the key `[n]` (`ignitionSites ( {
    location (0 0 0); ... } )`), or None."""
    index = re.fullmatch(r"\[(\d+)\]", key)
    if index is not None:
        return _nth_item_body(text, lo, hi, int(index.group(1)))
    words = key.strip("() ").split()
    pattern = re.compile(r"\(\s*" + r"\s+".join(map(re.escape, words)) + r"\s*\)\s*\{")
    m = pattern.search(strip_comments(text[:hi]), lo)
    if m is None:
        return None
    close = _matching_brace(text, m.end() - 1, hi)
    return (m.end(), close) if close < hi else None


def _nth_item_body(text: str, lo: int, hi: int, n: int) -> tuple[int, int] | None:
    """The inside of the n-th (from 0) `{ ... }` item directly inside the list `( ... )` between lo
    and hi, or None."""
    clean = strip_comments(text[:hi])
    at = clean.find("(", lo)
    count = 0
    while 0 <= at < hi:
        at = clean.find("{", at + 1)
        if at < 0 or at >= hi:
            return None
        close = _matching_brace(text, at, hi)
        if close >= hi:
            return None
        if count == n:
            return at + 1, close
        count += 1
        at = close
    return None


def items(text: str, path: Path) -> int:
    """How many unkeyed `{ ... }` items the list at `path` holds (0 for no such list)."""
    found = find(text, path)
    if found is None or found.kind != "value":
        return 0
    n = 0
    while _nth_item_body(text, found.value_start, found.value_end, n) is not None:
        n += 1
    return n


def body_span(text: str, path: Path) -> tuple[int, int] | None:
    """The inside of the sub-dictionary at `path` (the whole text for an empty path)."""
    if not path:
        return 0, len(text)
    if len(path) > 1 and re.fullmatch(r"\[\d+\]", path[-1]):  # an unkeyed item of a list: its inside
        holder = find(text, path[:-1])
        if holder is None or holder.kind != "value":
            return None
        return _list_item_body(text, holder.value_start, holder.value_end, path[-1])
    found = find(text, path)
    return found.body if found else None


def block(text: str, path: Path) -> str | None:
    """The raw inside of the sub-dictionary at `path`, or None."""
    span = body_span(text, path)
    return text[span[0] : span[1]] if span else None


def get(text: str, path: Path, regex: bool = False) -> str | None:
    """A value's text without comments or `;`, whitespace collapsed; for a sub-dictionary,
    its raw inside."""
    found = find(text, path, regex=regex)
    if found is None:
        return None
    if found.kind == "dict":
        return text[found.body_start : found.body_end]
    return " ".join(_COMMENT.sub(" ", text[found.value_start : found.value_end]).split())


def keys(text: str, path: Path = ()) -> list[str]:
    """The keys (unquoted) of the sub-dictionary at `path`, without directives or FoamFile."""
    span = body_span(text, path)
    if span is None:
        return []
    return [e.name for e in entries(text, *span) if e.kind != "directive" and e.key != "FoamFile"]


def leaves(text: str, lo: int = 0, hi: int | None = None, path: tuple[str, ...] = ()) -> list[tuple[list[str], str]]:
    """Every `key value;` of a dictionary at any depth: (key path, raw value text)."""
    out: list[tuple[list[str], str]] = []
    for e in entries(text, lo, hi):
        if e.kind == "dict":
            out += leaves(text, e.body_start, e.body_end, (*path, e.name))
        elif e.kind == "value":
            out.append(([*path, e.name], text[e.value_start:e.value_end]))
    return out


def top_level_values(text: str) -> dict[str, str]:
    """The `key value;` entries at the top level (the last of each key, as OpenFOAM reads a key said
    twice: injectorPipe's controlDict sets endTime for PIMPLE, then again for SIMPLE), comments removed."""
    values: dict[str, str] = {}
    for e in entries(text):
        if e.kind == "value":
            values[e.name] = " ".join(_COMMENT.sub(" ", text[e.value_start : e.value_end]).split())
    return values


def strip_comments(text: str) -> str:
    """Comments blanked out with spaces of the same length, so offsets stay valid."""
    return _COMMENT.sub(lambda m: " " * len(m[0]), text)


# --- formatting -------------------------------------------------------------------------


def format_entry(key: str, value: Value, indent: str = "") -> str:
    """One entry as OpenFOAM lays it out, ending with a newline; a dict or a list of lines
    becomes a `key { ... }` block."""
    key = quote_key(key)
    if isinstance(value, dict):
        inner = "".join(format_entry(k, v, indent + "    ") for k, v in value.items())
        return f"{indent}{key}\n{indent}{{\n{inner}{indent}}}\n"
    if isinstance(value, list):
        inner = "".join(f"{indent}    {ln}\n" if ln.strip() else "\n" for ln in value)
        return f"{indent}{key}\n{indent}{{\n{inner}{indent}}}\n"
    pad = " " * (VALUE_COLUMN - len(key)) if len(key) < VALUE_COLUMN else " "
    return f"{indent}{key}{pad}{value};\n"


def _line_start(text: str, pos: int) -> int:
    return text.rfind("\n", 0, pos) + 1


def _indent_of(text: str, pos: int) -> str:
    ls = _line_start(text, pos)
    return re.match(r"[ \t]*", text[ls:pos]).group() if text[ls:pos].strip() == "" else ""  # type: ignore[union-attr]


def _child_indent(text: str, path: Path, span: tuple[int, int]) -> str:
    for e in entries(text, *span):
        if e.kind != "directive":
            ind = _indent_of(text, e.key_start)
            if ind or not path:
                return ind
    parent = find(text, path) if path else None
    return (_indent_of(text, parent.key_start) if parent else "") + "    "


def _after_line_comment(text: str, at: int) -> int:
    """Past a comment that ends an entry's line (`nu 1e-05; // water`), so a new entry goes
    below the comment instead of taking it over."""
    m = re.match(r"[ \t]*(//[^\n]*)?(?=\n|$)", text[at:])
    return at + m.end() if m and m.group(1) else at


def _top_insert_at(text: str) -> int:
    """After the last top-level entry (and a comment ending its line), else before the
    closing `// *****` banner, else at the end."""
    tops = [e for e in entries(text) if e.kind != "directive"]
    if tops:
        return _after_line_comment(text, tops[-1].end)
    last = None
    for last in re.finditer(r"(?m)^// \*+ //[ \t]*$", text):
        pass
    if last is not None and text[last.end() :].strip() == "":
        return last.start()
    return len(text)


# --- editing ----------------------------------------------------------------------------


def insert_entry(text: str, parent: Path, key: str, value: Value, before: str | None = None) -> str:
    """Add `key value;` (or a block) to the dictionary at `parent`, creating missing parent
    dictionaries. With `before`, it goes in front of the first sibling whose text mentions
    `before` (e.g. `$p`), so macros still resolve."""
    span = body_span(text, parent)
    if span is None:
        if not parent:
            raise FoamTextError("the top level always exists")
        holder = find(text, parent)
        if holder is not None:
            raise FoamTextError(f"cannot add {'/'.join([*parent, key])}: {'/'.join(parent)} is not a sub-dictionary")
        return insert_entry(text, parent[:-1], parent[-1], {key: value} if not isinstance(value, list)
                            else format_entry(key, value).rstrip("\n").split("\n"))
    indent = _child_indent(text, parent, span)
    new = format_entry(key, value, indent)
    siblings = [e for e in entries(text, *span) if e.kind != "directive"]
    if before is not None:
        for e in siblings:
            if before in text[e.key_start : e.end]:
                at = _line_start(text, e.key_start)
                return text[:at] + new + "\n" + text[at:]
    if not parent:
        at = _top_insert_at(text)
        if siblings:
            rest = text[at:]
            return text[:at] + "\n\n" + new.rstrip("\n") + ("" if rest.startswith("\n") or not rest else "\n") + rest
        head = text[:at]
        sep = "" if head.endswith("\n\n") or not head else ("\n" if head.endswith("\n") else "\n\n")
        return head + sep + new + ("\n" if at < len(text) else "") + text[at:]
    present = siblings or list(entries(text, *span))  # a body of `#include` lines only keeps them
    if present:
        at = _after_line_comment(text, present[-1].end)
        return text[:at] + "\n" + new.rstrip("\n") + text[at:]
    lo, hi = span
    closing = _indent_of(text, find(text, parent).key_start)  # type: ignore[union-attr]
    return text[:lo] + "\n" + new + closing + text[hi:].lstrip(" \t\n")


def set_entry(text: str, path: Path, value: Value, before: str | None = None) -> str:
    """Set `path` to `value`: a value is rewritten in place (the key's spacing and any
    trailing comment kept), a block is replaced whole, a missing entry is inserted."""
    path = list(path)
    found = find(text, path)
    if found is None:
        return insert_entry(text, path[:-1], path[-1], value, before=before)
    if found.kind == "dict" or not isinstance(value, str):
        return _without_stale_coefficients(replace_entry(text, path, found.key, value), path, value)
    raw = text[found.value_start : found.value_end]
    lead = re.match(r"\s*", raw).group()  # type: ignore[union-attr]
    if not lead or "\n" in lead:
        lead = " " * max(VALUE_COLUMN - len(found.key), 1)
    return _without_stale_coefficients(text[: found.value_start] + lead + value + text[found.value_end :], path, value)


FUNCTION1_INLINE_TYPES = frozenset({"constant", "uniform", "table", "polynomial", "zero", "one", "none"})
"""Function1 types whose data follows the type word on the same entry (tasks.foam.function1)."""


def reads_no_coefficients(value: Value) -> bool:
    """The value is a Function1 that ignores a `KCoeffs` beside it: a dictionary form or inline data."""
    if isinstance(value, dict):
        return True
    words = value.split() if isinstance(value, str) else []
    return len(words) > 1 and words[0] in FUNCTION1_INLINE_TYPES


def _without_stale_coefficients(text: str, path: list[str], value: Value) -> str:
    """A Function1 `K` given inline data or a dictionary no longer reads the `KCoeffs` beside it
    (`uniformValue sine; uniformValueCoeffs {...}` set to `constant 5`): v1912 would read that block
    as the coefficients of the new value and abort, so it goes (tasks.foam.function1)."""
    if not path or not reads_no_coefficients(value):
        return text
    return remove_entry(text, [*path[:-1], f"{unquote(path[-1])}Coeffs"])


def replace_entry(text: str, path: Path, key: str, value: Value) -> str:
    """Replace the whole entry at `path` by `key value` (a block for a dict or lines)."""
    found = find(text, path)
    if found is None:
        raise FoamTextError(f"no entry {'/'.join(path)} to replace")
    ls = _line_start(text, found.key_start)
    own_line = text[ls : found.key_start].strip() == ""
    start = ls if own_line else found.key_start
    indent = text[ls : found.key_start] if own_line else ""
    end = found.end
    if text[end : end + 1] == "\n":
        end += 1
    return text[:start] + format_entry(key, value, indent) + text[end:]


def remove_entry(text: str, path: Path) -> str:
    """Remove the entry at `path` with its line (unchanged text when it is missing)."""
    found = find(text, path)
    if found is None:
        return text
    start = _line_start(text, found.key_start)
    if text[start : found.key_start].strip():
        start = found.key_start
    end = found.end
    nl = text.find("\n", end)
    if nl >= 0 and text[end:nl].strip() == "":
        end = nl + 1
    if text[:start].endswith("\n\n") and text[end:].lstrip(" \t").startswith("\n"):
        end = text.find("\n", end) + 1  # do not leave two blank lines where the entry was
    return text[:start] + text[end:]


def rename_key(text: str, path: Path, new_key: str) -> str:
    """Rename the entry at `path`, keeping its value column where the layout allows."""
    found = find(text, path)
    if found is None:
        raise FoamTextError(f"no entry {'/'.join(path)} to rename")
    new_key = quote_key(new_key)
    old_end = found.key_start + len(found.key)
    gap = re.match(r"[ \t]*", text[old_end:]).group()  # type: ignore[union-attr]
    new_gap = gap
    if found.kind == "value" and len(gap) > 1:
        new_gap = " " * max(1, len(found.key) + len(gap) - len(new_key))
    return text[: found.key_start] + new_key + new_gap + text[old_end + len(gap) :]


def replace_word(text: str, path: Path, old: str, new: str) -> str | None:
    """Replace the word `old` by `new` inside the entry at `path` (the whole text for an
    empty path); None when the word is not there."""
    if path:
        found = find(text, path)
        if found is None:
            return None
        lo, hi = found.body if found.body else (found.value_start, found.value_end)
    else:
        lo, hi = 0, len(text)
    segment, n = re.subn(rf"(?<![\w.:]){re.escape(old)}(?![\w.:])", new, text[lo:hi])
    return text[:lo] + segment + text[hi:] if n else None


def parse_error(text: str) -> str | None:
    """None when foamlib parses `text` as an OpenFOAM file, else the parser's message."""
    from foamlib import FoamFile

    try:
        FoamFile.loads(text)
    except Exception as exc:  # noqa: BLE001  foamlib raises several parser error types; the message is kept
        first = str(exc).splitlines()[0][:200] if str(exc) else ""
        return f"{type(exc).__name__}: {first}"
    return None
