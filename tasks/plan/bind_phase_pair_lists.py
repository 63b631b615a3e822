"""The text of a phaseProperties pair list (`drag ( (air in water) { type ...; } (air and water)
{ ... } );`): its items read in order, one item's model switched with the entries the new model
reads, items added or removed, and the list written back with every untouched item as it was.
Pure text functions over the list's value (from its opening parenthesis to its closing one).
"""

from __future__ import annotations

import re

from tasks.foam import dictionary as fd

_NAME = r"([A-Za-z_][\w.]*)"
# "(air in water)", "(air and water)"; multiphaseEulerFoam's "(air water)"; a phase change's "(liquid to gas)"
_KEY = re.compile(rf"\(\s*{_NAME}\s+(in|and|to)\s+{_NAME}\s*\)|\(\s*{_NAME}\s+{_NAME}\s*\)")
_INDENT = "    "


def pair_key(first: str, how: str, second: str) -> str:
    """A pair's key as phaseProperties writes it: "(air in water)", "(air and water)"."""
    return f"({first} {how} {second})"


def pair_items(raw: str) -> list[tuple[str, str]]:
    """The (key, block) items of a pair list's text, in order: key "(air in water)" (spaces
    normalised; "(air water)" for multiphaseEulerFoam's pairs), block the `{ ... }` text as written.
    Raises ValueError when the text holds something else than keyed blocks (a table of numbers)."""
    body = raw.strip().rstrip(";").strip()
    if not body.startswith("(") or not body.endswith(")"):
        raise ValueError(f"a pair list starts with '(' and ends with ')': {body[:40]!r}")
    inner, at, items = body[1:-1], 0, []
    while True:
        m = _KEY.search(inner, at)
        if m is None:
            if inner[at:].strip():
                raise ValueError(f"unexpected text in the pair list: {inner[at:].strip()[:40]!r}")
            return items
        if inner[at:m.start()].strip():
            raise ValueError(f"unexpected text in the pair list: {inner[at:m.start()].strip()[:40]!r}")
        key = pair_key(*m.group(1, 2, 3)) if m.group(1) else f"({m.group(4)} {m.group(5)})"
        start = inner.find("{", m.end())
        if start < 0 or inner[m.end():start].strip():
            raise ValueError(f"{key} in the pair list holds no dictionary")
        end = _closing(inner, start)
        items.append((key, inner[start:end + 1]))
        at = end + 1


def _closing(text: str, start: int) -> int:
    depth = 0
    for i in range(start, len(text)):
        depth += {"{": 1, "}": -1}.get(text[i], 0)
        if depth == 0:
            return i
    raise ValueError("a block of the pair list is not closed")


def block_entries(block: str) -> dict[str, str]:
    """The top-level entries of an item's block ("{ type X; residualRe 1e-3; sub { ... } }"), in
    order: name -> raw value (a sub-dictionary as its `{ ... }` text)."""
    inner = block.strip()[1:-1]
    out: dict[str, str] = {}
    for e in fd.entries(inner):
        out[e.name] = inner[e.body_start - 1:e.body_end + 1] if e.kind == "dict" else \
            (fd.get(inner, [e.name]) or "")
    return out


def model_block(model: str, old: dict[str, str], kept: set[str], needs: dict) -> str:
    """The block of an item switched to `model`: its type, the old block's shared entries
    (`kept`, as the base wrote them) and the entries the model reads that the old block lacks."""
    lines = [f"type {model};"]
    for name, raw in old.items():
        if name in kept:
            lines.append(f"{name} {raw}" if raw.lstrip().startswith("{") else f"{name} {raw};")
    for name, value in needs.items():
        if name not in old or name not in kept:
            lines.append(_render(name, value))
    return "{\n" + "".join(_indented(line) for line in lines) + _INDENT + "}"


def _render(name: str, value: str | dict) -> str:
    if isinstance(value, dict):
        return f"{name} {{ " + " ".join(f"{k} {v};" for k, v in value.items()) + " }"
    return f"{name} {value};"


def _indented(line: str) -> str:
    m = re.fullmatch(r"(\w+) (.*)", line, re.S)
    name, value = (m.group(1), m.group(2)) if m else (line, "")
    if value.startswith("{") and value.count("{") > 1:  # nested: kept as the base wrote it
        return f"{_INDENT * 2}{name}\n{_INDENT * 2}{value.strip()}\n"
    if value.startswith("{"):
        inner = [x.strip() for x in re.split(r";", value.strip()[1:-1]) if x.strip()]
        body = "".join(f"{_INDENT * 3}{x};\n" for x in inner)
        return f"{_INDENT * 2}{name}\n{_INDENT * 2}{{\n{body}{_INDENT * 2}}}\n"
    return f"{_INDENT * 2}{name:<15} {value}\n"


def render_list(items: list[tuple[str, str]]) -> str:
    """A pair list's text from its items: "(\n    (air in water)\n    { ... }\n);" without the ';'."""
    if not items:
        return "()"
    parts = [f"{_INDENT}{key}\n{_INDENT}{block.strip()}\n" for key, block in items]
    return "(\n" + "\n".join(parts) + ")"


def item_model(block: str) -> str:
    """The model an item's block selects (its `type`)."""
    return (block_entries(block).get("type") or "").strip()


def blended_drag(items: list[tuple[str, str]], phases: list[str], dispersed: set[str], model: str) -> list[tuple[str, str]]:
    """multiphaseEulerFoam's drag items ("(air water) { type blended; air { type ...; } water
    { ... } }") with the model of each phase in `dispersed` (every phase when empty) set to `model`."""
    out = []
    for key, block in items:
        inner = block.strip()[1:-1]
        for phase in phases:
            if fd.find(inner, [phase, "type"]) is not None and (not dispersed or phase in dispersed):
                inner = fd.set_entry(inner, [phase, "type"], model)
        out.append((key, "{" + inner + "}"))
    return out


_NUMBER = r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?"


def pair_numbers(raw: str, value: str, named: set[str]) -> str:
    """A list of one number per pair ("((air water) 0.5 (air oil) 0.5)", multiphaseEulerFoam's
    virtualMass) with `value` for the pairs of the `named` phases (every pair when none)."""
    return re.sub(rf"(\(\s*([\w.]+)\s+([\w.]+)\s*\)\s+){_NUMBER}",
                  lambda m: m.group(1) + value if not named or {m.group(2), m.group(3)} & named else m.group(0),
                  raw).strip()
