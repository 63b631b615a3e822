"""Read a whole OpenFOAM dictionary into a tree with Casewright's own scanner (tasks.foam.dictionary)
and write it back, so a test can show that nothing of any installed tutorial's file is lost:
`dictionary_tree(render_tree(dictionary_tree(text))) == dictionary_tree(text)`.

A tree is a list of (key, value) in file order: a value's text (comments dropped, whitespace
collapsed), a nested tree for a sub-dictionary, or None for a `#directive` line (its key holds the
whole line). Keys keep their quotes (a regex key `"(U|k)"`), `$macros` and `#{ }#` code stay as text.
"""

from __future__ import annotations

from tasks.foam import dictionary as fd

Tree = list[tuple[str, "str | Tree | None"]]


def dictionary_tree(text: str, lo: int = 0, hi: int | None = None) -> Tree:
    """Every entry of `text[lo:hi]` at every depth, in order."""
    out: Tree = []
    for e in fd.entries(text, lo, hi):
        if e.kind == "directive":
            out.append((" ".join(text[e.key_start:e.end].split()), None))
        elif e.kind == "dict":
            out.append((e.key, dictionary_tree(text, e.body_start, e.body_end)))
        else:
            value = " ".join(fd.strip_comments(text[e.value_start:e.value_end]).split())
            out.append((e.key, value))
    return out


def render_tree(tree: Tree, indent: str = "") -> str:
    """The tree as dictionary text, laid out as OpenFOAM writes it."""
    lines: list[str] = []
    for key, value in tree:
        if value is None:
            lines.append(f"{indent}{key}\n")
        elif isinstance(value, list):
            lines.append(f"{indent}{key}\n{indent}{{\n{render_tree(value, indent + '    ')}{indent}}}\n")
        elif value:
            lines.append(f"{indent}{key}{' ' * max(1, fd.VALUE_COLUMN - len(key))}{value};\n")
        else:
            lines.append(f"{indent}{key};\n")
    return "".join(lines)


def round_trip_loss(text: str) -> str | None:
    """None when `text` read, written back and read again gives the same tree; else where the two
    first differ (the key path and both values)."""
    first = dictionary_tree(text)
    second = dictionary_tree(render_tree(first))
    return _first_difference(first, second, [])


def _first_difference(a: Tree, b: Tree, path: list[str]) -> str | None:
    for i, ((ka, va), (kb, vb)) in enumerate(zip(a, b)):
        if ka != kb:
            return f"{'/'.join(path) or '(top)'} entry {i}: key {ka!r} read back as {kb!r}"
        if isinstance(va, list) and isinstance(vb, list):
            inner = _first_difference(va, vb, [*path, ka])
            if inner:
                return inner
        elif va != vb:
            return f"{'/'.join([*path, ka])}: {str(va)[:80]!r} read back as {str(vb)[:80]!r}"
    if len(a) != len(b):
        return f"{'/'.join(path) or '(top)'}: {len(a)} entries read back as {len(b)}"
    return None


def structure_problem(text: str) -> str | None:
    """None when Casewright's scanner reads `text` whole: its braces and parentheses balance
    (outside comments, strings and `#{ }#` code) and it reads back unchanged; else what is wrong."""
    depth = {"{": 0, "(": 0}
    closing = {"}": "{", ")": "("}
    for tok in fd._TOKEN.finditer(text):
        t = tok.group()
        if t in depth:
            depth[t] += 1
        elif t in closing:
            depth[closing[t]] -= 1
            if depth[closing[t]] < 0:
                line = text.count("\n", 0, tok.start()) + 1
                return f"an unmatched '{t}' on line {line}: remove it or open its block"
    open_ = [k for k, n in depth.items() if n > 0]
    if open_:
        return f"{depth[open_[0]]} unclosed '{open_[0]}': close the block or list"
    return round_trip_loss(text)
