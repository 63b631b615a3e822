"""The text of a phaseProperties list of phase pairs ("drag ( (air in water) { type ...; } ... );"):
its entries read with their spans, and a list written back with new bodies for some entries (one
entry per pair, dictionary lines indented as the tutorials write them). A leaf of the rules of
`modify` (modify_phase_pairs, modify_pair_coeffs, modify_pair_catalog)."""

from __future__ import annotations

import re
from typing import NamedTuple


class PairEntry(NamedTuple):
    """One entry of a phaseProperties list: "(air in water) { type SchillerNaumann; ... }"."""

    a: str
    how: str  # "in" (a dispersed in b) or "and" (either continuous)
    b: str
    type: str | None
    body: str
    start: int  # the entry's span in the list's text
    end: int


_HEAD = re.compile(r"\(\s*([\w.]+)\s+(in|and)\s+([\w.]+)\s*\)\s*\{")


def pair_entries(raw: str) -> list[PairEntry]:
    """The pair entries of a list's text (comments stripped); empty for an empty list or one that
    holds no dictionaries (twoPhaseEulerFoam's "sigma ((air and water) 0.07);")."""
    found = []
    pos = 0
    while (m := _HEAD.search(raw, pos)) is not None:
        depth, i = 1, m.end()
        while depth and i < len(raw):
            depth += {"{": 1, "}": -1}.get(raw[i], 0)
            i += 1
        body = raw[m.end():i - 1]
        typ = re.search(r"(?:^|[;\s])type\s+(\w+)\s*;", top_level(body))
        found.append(PairEntry(m.group(1), m.group(2), m.group(3), typ.group(1) if typ else None, body, m.start(), i))
        pos = i
    return found


def top_level(body: str) -> str:
    """A dictionary body without its sub-dictionaries (a drag's "swarmCorrection { type none; }")."""
    while (flat := re.sub(r"\{[^{}]*\}", " ", body)) != body:
        body = flat
    return body


def sub_dict(body: str, key: str) -> str:
    """The braces of a sub-dictionary of a body ("{ type none; }")."""
    at = body.find(key)
    start = body.find("{", at)
    depth, i = 1, start + 1
    while depth and i < len(body):
        depth += {"{": 1, "}": -1}.get(body[i], 0)
        i += 1
    return " ".join(body[start:i].split())


def rendered(raw: str, entries: list[PairEntry], bodies: dict[tuple[str, str, str], str],
              added: list[PairEntry] = ()) -> str:
    """The list's text with the entries given (each with its new body when it has one, else as it
    was) and the added ones at its end; an empty list is "(\\n)"."""
    out = []
    for e in [*entries, *added]:
        body = bodies.get((e.a, e.how, e.b))
        if body is None and e.start >= 0:
            out.append(raw[e.start:e.end])
        else:
            out.append(f"({e.a} {e.how} {e.b})\n    {{\n{_format_body(body or '', '        ')}\n    }}")
    if not out:
        return "(\n)"
    return "(\n    " + "\n\n    ".join(out) + "\n)"


def _format_body(body: str, indent: str) -> str:
    """A one-line body ("type X; Cl 0.5; swarmCorrection { type none; }") as dictionary lines."""
    lines, depth = [], 0
    for token in re.findall(r"[^;{}]+;|[^;{}]+\{|\}", body):
        token = token.strip()
        pad = indent + "    " * depth
        if token.endswith("{"):
            lines += [f"{pad}{token[:-1].strip()}", f"{pad}{{"]
            depth += 1
        elif token == "}":
            depth -= 1
            lines.append(f"{indent + '    ' * depth}}}")
        else:
            key, _, value = token[:-1].strip().partition(" ")
            lines.append(f"{pad}{key:<15} {value.strip()};")
    return "\n".join(lines)
