"""Minimal-diff edits of OpenFOAM dictionary text.

Entries are located by key path with a brace-, paren-, string- and comment-aware scan, and
only the characters of the entry being changed are rewritten: the user's layout, comments
and banner stay as they were. Pure functions, text in and text out.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from tasks.core.errors import CasewrightError

_WS = re.compile(r"(?:\s+|//[^\n]*|/\*.*?\*/)*", re.S)
_KEY = re.compile(r'"[^"\n]*"|[^\s{};"]+')
_TOK = re.compile(r'"(?:[^"\\\n]|\\.)*"|//[^\n]*|/\*.*?\*/|#\{.*?#\}|[{}()\[\];]', re.S)


class FoamTextError(CasewrightError):
    """A dictionary could not be edited as asked (its structure is not what was expected)."""


@dataclass(frozen=True)
class Span:
    key: str
    key_start: int
    value_start: int
    end: int  # just past the closing ';' or '}'
    body: tuple[int, int] | None  # inside the braces, for sub-dictionaries

    @property
    def is_dict(self) -> bool:
        return self.body is not None


def entries(text: str, lo: int = 0, hi: int | None = None) -> list[Span]:
    hi = len(text) if hi is None else hi
    out: list[Span] = []
    pos = lo
    while pos < hi:
        i = _WS.match(text, pos, hi).end()  # type: ignore[union-attr]
        if i >= hi:
            break
        if text[i] == "#" and not text.startswith("#{", i):  # a directive line
            eol = text.find("\n", i, hi)
            end = hi if eol < 0 else eol
            out.append(Span(text[i:end].split(None, 1)[0], i, i, end, None))
            pos = end
            continue
        km = _KEY.match(text, i, hi)
        if km is None or text[i] in "});":
            pos = i + 1
            continue
        key = km.group().strip('"')
        depth, end, body_start, body = 0, hi, -1, None
        for tok in _TOK.finditer(text, km.end(), hi):
            t = tok.group()
            if t[0] in '"/#':
                continue
            if t in "{([":
                if depth == 0 and t == "{" and not _WS.sub("", text[km.end():tok.start()]).strip():
                    body_start = tok.end()
                depth += 1
            elif t in "})]":
                depth -= 1
                if depth == 0 and t == "}" and body_start >= 0:
                    body, end = (body_start, tok.start()), tok.end()
                    break
                if depth < 0:
                    end = tok.start()
                    break
            elif t == ";" and depth == 0:
                end = tok.end()
                break
        out.append(Span(key, i, km.end(), end, body))
        pos = max(end, i + 1)
    return out


def locate(text: str, path: tuple[str, ...] | list[str]) -> Span | None:
    lo, hi = 0, len(text)
    span: Span | None = None
    for n, name in enumerate(path):
        found = [e for e in entries(text, lo, hi) if e.key == name]
        if not found:
            return None
        span = found[-1]  # OpenFOAM takes the last definition
        if n < len(path) - 1:
            if span.body is None:
                return None
            lo, hi = span.body
    return span


def get(text: str, path: tuple[str, ...] | list[str]) -> str | None:
    """The value text of an entry (without `;` and comments), or a sub-dictionary's body."""
    span = locate(text, path)
    if span is None:
        return None
    if span.body is not None:
        return text[span.body[0]:span.body[1]]
    raw = text[span.value_start:span.end]
    raw = re.sub(r"//[^\n]*|/\*.*?\*/", " ", raw, flags=re.S)
    return " ".join(raw.rstrip().rstrip(";").split())


def keys(text: str, path: tuple[str, ...] | list[str] = ()) -> list[str]:
    lo, hi = 0, len(text)
    if path:
        span = locate(text, path)
        if span is None or span.body is None:
            return []
        lo, hi = span.body
    return [e.key for e in entries(text, lo, hi) if not e.key.startswith("#")]


def _indent_at(text: str, pos: int) -> str:
    line_start = text.rfind("\n", 0, pos) + 1
    return re.match(r"[ \t]*", text[line_start:]).group()  # type: ignore[union-attr]


def _child_indent(text: str, parent: Span | None) -> str:
    if parent is None:
        return ""
    inner = entries(text, *parent.body) if parent.body else []
    if inner:
        return _indent_at(text, inner[0].key_start)
    return _indent_at(text, parent.key_start) + "    "


def _quote(key: str) -> str:
    return f'"{key}"' if re.search(r"[|()*.\\^$]", key) and not key.startswith('"') else key


def format_entry(key: str, value: str | dict, indent: str) -> str:
    if isinstance(value, dict):
        lines = [f"{indent}{_quote(key)}", f"{indent}{{"]
        lines += [format_entry(k, v, indent + "    ") for k, v in value.items()]
        lines.append(f"{indent}}}")
        return "\n".join(lines)
    pad = max(16 - len(key), 1) if len(indent) <= 8 else 1
    return f"{indent}{_quote(key)}{' ' * pad}{value};"


def _line_end(text: str, at: int) -> int:
    """After an entry: past a comment that ends its line (`nu 1e-05; // water`), so a new entry
    goes below the comment instead of taking it over."""
    m = re.match(r"[ \t]*(//[^\n]*)?(?=\n|$)", text[at:])
    return at + m.end() if m and m.group(1) else at


def set_entry(text: str, path: tuple[str, ...] | list[str], value: str | dict) -> str:
    """Set `path` to a value (text) or a sub-dictionary (dict), creating parents as needed."""
    path = tuple(path)
    span = locate(text, path)
    if span is not None:
        if isinstance(value, dict) or span.body is not None:
            new = format_entry(path[-1], value, "").replace("\n", "\n" + _indent_at(text, span.key_start))
            return text[:span.key_start] + new + text[span.end:]
        lead = text[span.key_start:span.value_start]
        gap = re.match(r"\s*", text[span.value_start:]).group()  # type: ignore[union-attr]
        gap = gap if gap and "\n" not in gap else " " * max(16 - len(lead), 1)
        return text[:span.key_start] + lead + gap + f"{value};" + text[span.end:]
    parent_path = path[:-1]
    parent = locate(text, parent_path) if parent_path else None
    if parent_path and parent is None:
        text = set_entry(text, parent_path, {})
        parent = locate(text, parent_path)
    if parent is not None and parent.body is None:
        raise FoamTextError(f"cannot add {'/'.join(path)}: {'/'.join(parent_path)} is not a sub-dictionary")
    indent = _child_indent(text, parent)
    new = format_entry(path[-1], value, indent)
    if parent is None:
        tops = [e for e in entries(text) if not e.key.startswith("#")]
        at = _line_end(text, tops[-1].end) if tops else len(text)
        return text[:at] + "\n\n" + new + text[at:]
    lo, hi = parent.body  # type: ignore[misc]
    inner = entries(text, lo, hi)
    if inner:
        at = _line_end(text, inner[-1].end)
        return text[:at] + "\n" + new + text[at:]
    closing_indent = _indent_at(text, parent.key_start)
    return text[:lo] + "\n" + new + "\n" + closing_indent + text[hi:].lstrip(" \t\n")


def remove_entry(text: str, path: tuple[str, ...] | list[str]) -> str:
    span = locate(text, tuple(path))
    if span is None:
        return text
    line_start = text.rfind("\n", 0, span.key_start) + 1
    start = line_start if not text[line_start:span.key_start].strip() else span.key_start
    end = span.end
    if text[end:end + 1] == "\n":
        end += 1
    return text[:start] + text[end:]


def rename_key(text: str, path: tuple[str, ...] | list[str], new_key: str) -> str:
    span = locate(text, tuple(path))
    if span is None:
        return text
    return text[:span.key_start] + _quote(new_key) + text[span.value_start:]
