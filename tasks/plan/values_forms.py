"""Everyday layouts of a stated value put as plain words: table rows and counts named before a
bare number.

Pure functions over text, applied before anything is read (tasks.plan.extract.normalise):

- a markdown or ASCII table row, "| inlet velocity | 3 m/s |", "| Free-stream speed | 25 | m/s |",
  "| inlet | 2 | 0 |" under "| patch | velocity [m/s] | pressure [Pa] |", "| 5 | 2 |" under
  "| Inlet velocity (m/s) | End time (s) |", tab-separated lines alike, becomes a line of
  "label: value unit" phrases ("inlet velocity: 3 m/s", "inlet velocity [m/s]: 2"); separator
  rows ("|---|---|", "+----+----+") and header rows (no number) are dropped;
- a count named before a bare number, "iterations: 600", "number of time steps = 2000", "cores 4",
  "| processors | 8 |", gets the count as its unit ("600 iterations", "4 cores"), as a number with
  its unit would be written.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from tasks.plan.units import read_at

# a run of bar-separated cells ("| inlet velocity | 3 m/s |"); a request's lines are often joined into
# one ("| a | b | | c | d |"), where a blank cell between two bars ends a row
_REGION = re.compile(r"\|(?:[^|\n]{0,80}\|){2,}")
_RULE = re.compile(r"\+(?:[-=]{2,}\+)+")  # an ASCII table's rule: "+------+-----+"
_DASHES = re.compile(r"^\s*:?[-=]{2,}:?\s*$")  # a markdown separator cell: "---", ":--:"
# a header cell that names no quantity of its own: the column of values, units or names
_GENERIC = re.compile(r"^(?:values?|quantity|quantities|parameters?|settings?|inputs?|items?|names?|properties|"
                      r"property|what|description|units?|amount|number|data|entry|entries|field|#)$", re.I)
_NO_UNIT = re.compile(r"^(?:-|–|—|/|n/?a|none|\(?dimensionless\)?|\(?non-?dimensional\)?)$", re.I)


def _is_unit(cell: str, known_unit: Callable[[str], bool]) -> bool:
    """A cell that is a unit only: "m/s", "m2/s", "kg/m^3" (its digits are powers), not "5 m/s"."""
    return bool(cell) and not _LEADING_NUMBER.match(cell) and known_unit(cell)


_LEADING_NUMBER = re.compile(r"\s*[-+]?\.?\d")


def _rows(cells: list[str]) -> list[list[str]]:
    """The rows of a run of cells: as many cells as its separator row has (a blank cell between
    rows skipped), else split at blank cells."""
    dashes = [i for i, c in enumerate(cells) if _DASHES.match(c)]
    if dashes:
        first = dashes[0]
        last = first
        while last + 1 < len(cells) and _DASHES.match(cells[last + 1]):
            last += 1
        width = last - first + 1
        head = [c for c in cells[:first]]
        while head and not head[-1].strip():
            head.pop()
        rows = [head] if head else []
        rest = cells[last + 1:]
        i = 0
        while i < len(rest):
            if not rest[i].strip():
                i += 1
                continue
            rows.append(rest[i:i + width])
            i += width
        return rows
    rows, row = [], []
    for c in cells:
        if c.strip():
            row.append(c)
        elif row:
            rows.append(row)
            row = []
    return rows + ([row] if row else [])


_TAB = re.compile(r"\t+")


def tab_rows(text: str) -> str:
    """Lines whose cells are separated by tabs (a table pasted from a spreadsheet) as bar rows:
    "Inlet velocity\t5\tm/s" -> "| Inlet velocity | 5 | m/s |"."""
    lines = text.split("\n")
    for i, line in enumerate(lines):
        cells = [c.strip() for c in _TAB.split(line.strip())]
        if "\t" in line and len(cells) >= 2 and all(cells) and "|" not in line:
            lines[i] = "| " + " | ".join(cells) + " |"
    return "\n".join(lines)


def table_rows(text: str, known_unit: Callable[[str], bool]) -> str:
    """Table rows as "label: value unit" phrases (see the module's doc); `known_unit(cell)` says
    whether a cell is a unit of a known kind."""
    text = tab_rows(text)
    if text.count("|") < 3:
        return text
    text = _RULE.sub(" ", text)
    header: list[str] | None = None
    out: list[str] = []
    pos = 0
    for m in _REGION.finditer(text):
        phrases: list[str] = []
        for cells in _rows(m.group(0)[1:-1].split("|")):
            cells = [c.strip() for c in cells]
            if sum(bool(c) for c in cells) == 1 and not _DASHES.match(next(c for c in cells if c)):
                phrases.append(next(c for c in cells if c))  # "| simpleFoam | |": a row of one phrase
                continue
            if len(cells) < 2 or all(_DASHES.match(c) for c in cells):
                continue
            if not any(_LEADING_NUMBER.match(c) for c in cells[1:]):
                header = cells  # a header row: the names of its columns ("T0 (°C)", "nu (m2/s)": digits in names)
                continue
            phrases += _row_phrases(cells, header, known_unit)
        out.append(text[pos:m.start()])
        out.append(" " + "; ".join(phrases) + "; " if phrases else " ")
        pos = m.end()
    out.append(text[pos:])
    return "".join(out)


def _row_phrases(cells: list[str], header: list[str] | None, known_unit: Callable[[str], bool]) -> list[str]:
    """"label: value unit" for each value cell of a data row; a row of values only, under a header
    that names every column ("| Inlet velocity (m/s) | End time (s) |" over "| 5 | 2 |"), has no label."""
    valued = header is not None and len(header) == len(cells) and bool(_VALUE_CELL.fullmatch(cells[0]))
    label = "" if valued else cells[0]
    phrases: list[str] = []
    i = 0 if valued else 1
    while i < len(cells):
        cell = cells[i]
        if not _LEADING_NUMBER.match(cell):  # a label or a unit ("m2/s"), no value
            i += 1
            continue
        name = _column_name(header, cells, i, label)
        unit = cells[i + 1] if i + 1 < len(cells) else ""
        with_unit = _is_unit(unit, known_unit)
        phrases.append(f"{name}: {cell} {unit}" if with_unit else f"{name}: {cell}")
        i += 2 if with_unit or _NO_UNIT.match(unit) else 1
    return phrases


def _column_name(header: list[str] | None, cells: list[str], at: int, label: str) -> str:
    """The row's label with its column's name ("inlet" under "velocity [m/s]": "inlet velocity
    [m/s]"); a column named only "value" adds just the unit it gives in brackets."""
    if header is None or len(header) != len(cells):
        return label
    column = header[at]
    bracket = re.search(r"[\[(][^\[\]()]+[\])]\s*$", column)
    name = column[:bracket.start()].strip() if bracket else column
    unit = f" {bracket.group(0)}" if bracket and _BARE.fullmatch(cells[at]) else ""  # "2 s" has its own unit
    if not name or _GENERIC.match(name):
        return f"{label}{unit}"
    return f"{label} {name}{unit}".strip()


_BARE = re.compile(r"\s*[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?\s*")
# a cell that holds a value (a number, perhaps with its unit), not a label
_VALUE_CELL = re.compile(r"\s*[-+]?(?:\d+\.?\d*|\.\d+)(?:\s*(?:[eE]|[xX×]\s*10\^?)\s*[-+]?\d+)?(?:\s+\S.{0,15})?\s*")


# counts named before a bare number: "iterations: 600", "number of time steps = 2000", "cores 4";
# not a corrector's count ("PISO correctors 2", "outer iterations 3": solver controls)
_COUNT_NAME = re.compile(
    r"(?<![\w-])(?<!outer )(?<!inner )(?<!corrector )(?<!non-orthogonal )"
    r"(?P<name>(?:(?:total\s+)?number\s+of\s+|no\.\s+of\s+|#\s*)?"
    r"(?P<word>iterations|iters|time[- ]steps|steps|cores|processors|processes|procs|cpus|mpi\s+ranks|ranks"
    r"|subdomains|-?np|nprocs|n_procs|(?:iteration|step)\s+(?:count|budget|limit|number)))"
    r"\s*(?:=|:|of|is|are|to|[-–—](?=\s))?\s*(?P<num>\d+)(?!\d|,\d|\.\d|[ \t]*(?:[%°/]|x[ \t]*\d))", re.I)


_COUNT_WORD = re.compile(r"(?:iterations?|iters?|(?:time[- ]?)?steps?|cores?|processors?|processes|procs?|ranks?"
                         r"|cpus?|subdomains?|cells?|elements?|times?)\b", re.I)


def counted_labels(text: str) -> str:
    """A count named before its bare number given the count as a unit ("iterations: 600" ->
    "iterations: 600 iterations")."""
    def unit(m: re.Match[str]) -> str:
        word = m.group("word")
        rest = re.match(r"[ \t]*", text[m.end():])
        at = m.end() + rest.end()
        if read_at(text, at) is not None or _COUNT_WORD.match(text, at):
            return m.group(0)  # "steps 5 ms", "iterations 600 iterations": a unit of its own follows
        word = word.lower()
        if word.lstrip('-') in ('np', 'nprocs', 'n_procs'):
            word = "ranks"
        elif " " in word and not word.startswith(("time", "mpi")):  # "iteration count: 300": 300 iterations
            word = word.split()[0] + "s"
        return f"{m.group(0)} {word}"

    return _COUNT_LINKED.sub(_linked_unit, _COUNT_NAME.sub(unit, text))


# a count's name, a few plain words, then its bare number ending the phrase: "iterations number is
# 200", "for iterations I want 300", "time steps, let's say 800.", "cores we have 4"; no article or
# preposition leads another thing in between ("iterations for the 2 inlets"), no unit follows
_COUNT_LINKED = re.compile(
    r"(?<![\w-])(?<!outer )(?<!inner )(?<!corrector )(?<!non-orthogonal )"
    r"(?P<word>iterations?|time[- ]steps|cores|processors)(?P<link>[ \t]*[,:=–—-]?(?:[ \t]+(?!(?:the|a|an|and|or|with|each|per|every|"
    r"at|on|in|of|for|from|to|by|than|after|before|between)\b)[A-Za-z']+){1,3}?[ \t]*(?:=|:|is|are)?)[ \t]*"
    r"(?P<num>\d+)(?!\.\d)(?=[ \t]*(?:[,.;!?)]|$|\band\b|\bplease\b))", re.I | re.M)  # not "emissivity 0.7"


def _linked_unit(m: re.Match[str]) -> str:
    word = m.group("word").lower()
    if word.startswith("iteration"):
        word = "iterations"
    return f"{m.group(0)} {word}"
