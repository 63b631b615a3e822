"""Minimal-diff edits of OpenFOAM dictionary text, for the Reviewer's patch rules.

Every function takes the file's text and returns new text; nothing here touches the disk.
Entries are addressed by a key path (``["solvers", "p", "smoother"]``); the user's layout,
comments and the other entries are kept byte for byte. `parse_error` parses a result back
with foamlib, so a patch that would leave a file OpenFOAM cannot read is never accepted.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Sequence

_WS = re.compile(r"(?:\s+|//[^\n]*|/\*.*?\*/)*", re.S)
_KEY = re.compile(r'"[^"\n]*"|[^\s{};"]+')
_TOKEN = re.compile(r'"(?:[^"\\\n]|\\.)*"|//[^\n]*|/\*.*?\*/|#\{.*?#\}|[{}()\[\];]', re.S)
_COMMENT = re.compile(r"//[^\n]*|/\*.*?\*/", re.S)
VALUE_COLUMN = 16  # OpenFOAM's own layout: `nu              1e-06;`


@dataclass
class Node:
    """One entry: `key value;`, `key { ... }` or a `#directive` line.

    `key_start` is the first character of the key; `end` is just past its `;` or `}`.
    For values, `value_start:value_end` is the raw value (no `;`); for dictionaries,
    `body_start:body_end` is the inside of the braces.
    """

    key: str
    kind: str  # "value" | "dict" | "directive"
    key_start: int
    end: int
    value_start: int = -1
    value_end: int = -1
    body_start: int = -1
    body_end: int = -1
    children: list["Node"] = field(default_factory=list)


def entries(text: str, start: int = 0, end: int | None = None) -> list[Node]:
    """The entries of `text[start:end]` at one level, brace-, list- and comment-aware."""
    limit = len(text) if end is None else end
    found: list[Node] = []
    pos = start
    while pos < limit:
        i = _WS.match(text, pos, limit).end()  # type: ignore[union-attr]
        if i >= limit:
            break
        if text[i] == "#" and not text.startswith("#{", i):
            eol = text.find("\n", i, limit)
            stop = limit if eol < 0 else eol
            found.append(Node(key=text[i:stop].split(None, 1)[0], kind="directive", key_start=i, end=stop))
            pos = stop
            continue
        if text[i] in ";})":
            pos = i + 1
            continue
        key_match = _KEY.match(text, i, limit)
        key_end = key_match.end() if key_match else i + 1
        key = key_match.group() if key_match else text[i]
        node = _read_entry(text, key, i, key_end, limit)
        found.append(node)
        pos = max(node.end, i + 1)
    return found


def _read_entry(text: str, key: str, key_start: int, key_end: int, limit: int) -> Node:
    depth = 0
    for tok in _TOKEN.finditer(text, key_end, limit):
        t = tok.group()
        if t[0] in "\"/#":
            continue
        if t in "{([":
            if depth == 0 and t == "{" and not _COMMENT.sub("", text[key_end : tok.start()]).strip():
                close = _matching(text, tok.start(), limit)
                node = Node(key=key, kind="dict", key_start=key_start, end=close + 1,
                            body_start=tok.end(), body_end=close)
                after = _WS.match(text, close + 1, limit).end()  # type: ignore[union-attr]
                if text.startswith(";", after):
                    node.end = after + 1
                return node
            depth += 1
        elif t in "})]":
            depth -= 1
            if depth < 0:  # the enclosing block ends before a `;`
                return Node(key=key, kind="value", key_start=key_start, end=tok.start(),
                            value_start=key_end, value_end=tok.start())
        elif t == ";" and depth == 0:
            return Node(key=key, kind="value", key_start=key_start, end=tok.end(),
                        value_start=key_end, value_end=tok.start())
    return Node(key=key, kind="value", key_start=key_start, end=limit, value_start=key_end, value_end=limit)


def _matching(text: str, open_at: int, limit: int) -> int:
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


def key_matches(pattern_key: str, name: str) -> bool:
    """A plain key equals `name`; a quoted key is an OpenFOAM regular expression."""
    if pattern_key == name:
        return True
    if pattern_key.startswith('"'):
        try:
            return re.fullmatch(unquote(pattern_key), name) is not None
        except re.error:
            return False
    return False


def find(text: str, path: Sequence[str], regex: bool = False) -> Node | None:
    """The entry at `path`; with `regex`, quoted regex keys match too (exact keys win)."""
    start, end = 0, len(text)
    node: Node | None = None
    for depth, name in enumerate(path):
        level = entries(text, start, end)
        node = next((e for e in level if e.kind != "directive" and unquote(e.key) == name), None)
        if node is None and regex:
            node = next((e for e in reversed(level) if e.kind != "directive" and key_matches(e.key, name)), None)
        if node is None:
            return None
        if depth < len(path) - 1:
            if node.kind != "dict":
                return None
            start, end = node.body_start, node.body_end
    return node


def body_span(text: str, path: Sequence[str]) -> tuple[int, int] | None:
    """The inside of the dictionary at `path` (the whole file for an empty path)."""
    if not path:
        return 0, len(text)
    node = find(text, path)
    return (node.body_start, node.body_end) if node and node.kind == "dict" else None


def keys(text: str, path: Sequence[str] = ()) -> list[str]:
    span = body_span(text, path)
    if span is None:
        return []
    return [e.key for e in entries(text, *span) if e.kind != "directive" and e.key != "FoamFile"]


def get_value(text: str, path: Sequence[str], regex: bool = False) -> str | None:
    """The value at `path` without comments or `;` and with whitespace collapsed."""
    node = find(text, path, regex=regex)
    if node is None:
        return None
    if node.kind == "dict":
        raw = text[node.body_start : node.body_end]
        return "{ " + " ".join(_COMMENT.sub(" ", raw).split()) + " }"
    return " ".join(_COMMENT.sub(" ", text[node.value_start : node.value_end]).split())


def _line_start(text: str, pos: int) -> int:
    return text.rfind("\n", 0, pos) + 1


def _indent_of(text: str, pos: int) -> str:
    ls = _line_start(text, pos)
    return re.match(r"[ \t]*", text[ls:pos]).group() if text[ls:pos].strip() == "" else ""  # type: ignore[union-attr]


def _child_indent(text: str, path: Sequence[str], span: tuple[int, int]) -> str:
    for e in entries(text, *span):
        if e.kind != "directive":
            ind = _indent_of(text, e.key_start)
            if ind or not path:
                return ind
    parent = find(text, path) if path else None
    base = _indent_of(text, parent.key_start) if parent else ""
    return base + "    "


Value = str | list[str]  # a scalar value, or the lines of a sub-dictionary body


def format_entry(key: str, value: Value, indent: str) -> str:
    if isinstance(value, list):
        inner = "".join(f"{indent}    {ln}\n" if ln.strip() else "\n" for ln in value)
        return f"{indent}{key}\n{indent}{{\n{inner}{indent}}}\n"
    pad = " " * (VALUE_COLUMN - len(key)) if len(key) < VALUE_COLUMN else " "
    return f"{indent}{key}{pad}{value};\n"


def _top_insert_at(text: str) -> int:
    """Before the closing `// *****` banner of a file, else at the end."""
    last = None
    for last in re.finditer(r"(?m)^// \*+ //[ \t]*$", text):
        pass
    if last is not None and text[last.end() :].strip() == "":
        return last.start()
    return len(text)


def insert_entry(text: str, parent: Sequence[str], key: str, value: Value,
                 before: str | None = None) -> str:
    """Add `key value;` (or a `key { ... }` block for a list of lines) to the dict at
    `parent`, creating missing parent dictionaries. With `before`, it goes in front of the
    first sibling whose text mentions `before` (e.g. `$p`), so macros still resolve."""
    span = body_span(text, parent)
    if span is None:
        if not parent:
            raise ValueError("the top level always exists")
        return insert_entry(text, parent[:-1], parent[-1], format_entry(key, value, "").rstrip("\n").split("\n"))
    indent = _child_indent(text, parent, span)
    entry = format_entry(key, value, indent)
    if before is not None:
        for e in entries(text, *span):
            if e.kind != "directive" and before in text[e.key_start : e.end]:
                at = _line_start(text, e.key_start)
                return text[:at] + entry + "\n" + text[at:]
    if parent:
        at = span[1]
        ls = _line_start(text, at)
        if text[ls:at].strip() == "":
            prev = text[span[0] : ls].rstrip(" \t")
            blank = "\n" if prev.strip() and prev.endswith("}\n") else ""
            return text[:ls] + blank + entry + text[ls:]
        return text[:at] + "\n" + entry + text[at:]
    at = _top_insert_at(text)
    head = text[:at]
    sep = "" if head.endswith("\n\n") or not head else ("\n" if head.endswith("\n") else "\n\n")
    tail = "\n" if at < len(text) else ""
    return head + sep + entry + tail + text[at:]


def set_value(text: str, path: Sequence[str], value: Value, before: str | None = None) -> str:
    """Set `path` to `value` in place (keeping the key's spacing and any trailing comment),
    or insert it when it is missing."""
    node = find(text, path)
    if node is None:
        return insert_entry(text, path[:-1], path[-1], value, before=before)
    if node.kind == "dict" or isinstance(value, list):
        return replace_entry(text, path, node.key, value)
    raw = text[node.value_start : node.value_end]
    lead = re.match(r"\s*", raw).group()  # type: ignore[union-attr]
    return text[: node.value_start] + (lead or " ") + value + text[node.value_end :]


def replace_entry(text: str, path: Sequence[str], key: str, value: Value) -> str:
    """Replace the whole entry at `path` by `key value` (a block for a list of lines)."""
    node = find(text, path)
    if node is None:
        raise KeyError("/".join(path))
    ls = _line_start(text, node.key_start)
    own_line = text[ls : node.key_start].strip() == ""
    start = ls if own_line else node.key_start
    indent = text[ls : node.key_start] if own_line else ""
    end = node.end
    if text[end : end + 1] == "\n":
        end += 1
    return text[:start] + format_entry(key, value, indent) + text[end:]


def remove_entry(text: str, path: Sequence[str]) -> str:
    node = find(text, path)
    if node is None:
        return text
    start = _line_start(text, node.key_start)
    if text[start : node.key_start].strip():
        start = node.key_start
    end = node.end
    nl = text.find("\n", end)
    if nl >= 0 and text[end:nl].strip() == "":
        end = nl + 1
    # do not leave two blank lines where the entry was
    if text[:start].endswith("\n\n") and text[end:].lstrip(" \t").startswith("\n"):
        end = text.find("\n", end) + 1
    return text[:start] + text[end:]


def rename_key(text: str, path: Sequence[str], new_key: str) -> str:
    """Rename the entry at `path`, keeping its value column where the layout allows."""
    node = find(text, path)
    if node is None:
        raise KeyError("/".join(path))
    old_end = node.key_start + len(node.key)
    gap = re.match(r"[ \t]*", text[old_end:]).group()  # type: ignore[union-attr]
    new_gap = gap
    if node.kind == "value" and len(gap) > 1:
        new_gap = " " * max(1, len(node.key) + len(gap) - len(new_key))
    return text[: node.key_start] + new_key + new_gap + text[old_end + len(gap) :]


def replace_word(text: str, path: Sequence[str], old: str, new: str) -> str | None:
    """Replace the word `old` by `new` inside the entry at `path` (a dict or a value);
    None when the word is not there."""
    if path:
        node = find(text, path)
        if node is None:
            return None
        lo, hi = (node.body_start, node.body_end) if node.kind == "dict" else (node.value_start, node.value_end)
    else:
        lo, hi = 0, len(text)
    segment = text[lo:hi]
    new_segment, n = re.subn(rf"(?<![\w.:]){re.escape(old)}(?![\w.:])", new, segment)
    return text[:lo] + new_segment + text[hi:] if n else None


def parse_error(text: str) -> str | None:
    """None when foamlib parses `text` as an OpenFOAM file, else the parser's message."""
    from foamlib import FoamFile

    try:
        FoamFile.loads(text)
    except Exception as exc:  # foamlib raises several parser error types; the message is kept
        return f"{type(exc).__name__}: {str(exc).splitlines()[0][:200] if str(exc) else ''}"
    return None
