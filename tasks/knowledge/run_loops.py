"""A tutorial script's `for` loops unrolled as the shell runs them, before its steps are read.

- `for region in bottomAir topAir; do ... done` (the `do` on the head line or the next, the whole
  loop on one line too) runs its body once per written-out word, `$region` and `${region}`
  replaced by the word; a loop inside the body is unrolled after the outer word is in, so its own
  words may name the outer one (`for j in $i-a $i-b`).
- `for region in $(foamListRegions [fluid|solid])` runs once per region the case's
  constant/regionProperties lists (`region_lister`); any other command's output
  (`$(foamListTimes)`, `$(seq 1 6)`), a variable (`$models`, a parameter sweep) or a glob
  (`processor*`) is not known before the run: the loop stays as written.

Pure: lines in, lines out (the regions from the text of regionProperties).
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Callable

from tasks.foam import dictionary as fd

# what a command substitution lists, or None when it is not known before the run
CommandLister = Callable[[list[str]], "list[str] | None"]

_HEAD = re.compile(r"^\s*for\s+([A-Za-z_]\w*)\s+in\s+(.*?)\s*(?:;\s*do\b\s*(.*))?$")
_DO = re.compile(r"^\s*do\b\s*(.*)$")
_OPENS = re.compile(r"(?:^|[;&|(]|\bdo|\bthen|\belse)\s*(?:for|while|until)\b")
_CLOSES = re.compile(r"(?:^|[;&|]|\bdo)\s*done\b")
_QUOTED = re.compile(r"'[^']*'|\"(?:[^\"\\]|\\.)*\"")
_SUBSTITUTION = re.compile(r"^(?:\$\((.*)\)|`(.*)`)$")
_LITERAL = re.compile(r"[\w.\-/:+@%=,]+")


def loop_depth_change(line: str) -> int:
    """How many loops a script line opens minus how many it closes (`for ...; do x; done`: 0)."""
    bare = _QUOTED.sub("''", line)
    return len(_OPENS.findall(bare)) - len(_CLOSES.findall(bare))


def split_commands(text: str) -> list[str]:
    """The commands of one line split at `;` outside quotes (`a $i; b $i` -> [`a $i`, `b $i`])."""
    out: list[str] = []
    start, quote = 0, ""
    for i, ch in enumerate(text):
        if quote:
            quote = "" if ch == quote else quote
        elif ch in "'\"":
            quote = ch
        elif ch == ";" and text[i + 1:i + 2] != ";":
            out.append(text[start:i])
            start = i + 1
    out.append(text[start:])
    return [c.strip() for c in out if c.strip()]


def loop_words(items: str, lister: CommandLister) -> list[str] | None:
    """The words a `for X in <items>` loop runs over, or None when they are known only at run time."""
    substituted = _SUBSTITUTION.match(items.strip())
    if substituted:
        command = (substituted.group(1) or substituted.group(2) or "").strip()
        return lister(command.split()) if command and re.fullmatch(r"[\w\s.\-]+", command) else None
    try:
        words = shlex.split(items)
    except ValueError:
        return None
    return words if words and all(_LITERAL.fullmatch(w) for w in words) else None


def replace_variable(line: str, name: str, word: str) -> str:
    """`$name` and `${name}` of a line replaced by `word` (`$nameX`, `${name%.*}` left alone)."""
    return re.sub(rf"\$(?:\{{{re.escape(name)}\}}|{re.escape(name)}(?!\w))", lambda _: word, line)


def _loop_body(lines: list[str], at: int, rest: str | None) -> tuple[list[str], int] | None:
    """(body commands, index after the closing `done`) of the loop headed at `lines[at]`; `rest`
    is what follows `do` on the head line (None: `do` opens the next line). None when unclosed."""
    start = at + 1
    if rest is None:
        opened = _DO.match(lines[start]) if start < len(lines) else None
        if opened is None:
            return None
        rest, start = opened.group(1), start + 1
    pieces = [rest, *lines[start:]]
    depth = 1
    for k, piece in enumerate(pieces):
        depth += loop_depth_change(piece)
        if depth > 0:
            continue
        blanked = _QUOTED.sub(lambda m: " " * len(m.group()), piece)
        tail = split_commands(piece[:list(_CLOSES.finditer(blanked))[-1].start()])
        return ([*split_commands(rest), *pieces[1:k], *tail] if k else tail), start + k
    return None


def unroll_loops(lines: list[str], lister: CommandLister = lambda _: None) -> list[str]:
    """The script's lines with each loop whose words are known before the run (`loop_words`)
    replaced by its body once per word, the loop variable replaced; nested loops too. A loop
    whose words are known only at run time stays, its inner loops unrolled."""
    out: list[str] = []
    i = 0
    while i < len(lines):
        head = _HEAD.match(lines[i])
        extent = _loop_body(lines, i, head.group(3)) if head else None
        if head is None or extent is None:
            out.append(lines[i])
            i += 1
            continue
        body, after = extent
        words = loop_words(head.group(2), lister)
        if words is None:  # known only at run time: the loop as written (its inner loops unrolled)
            out += [lines[i], *unroll_loops(lines[i + 1:after - 1], lister), lines[after - 1]] if after > i + 1 \
                else [lines[i]]
        else:
            for word in words:  # the outer word first: the shell has it when an inner loop runs
                out += unroll_loops([replace_variable(b, head.group(1), word) for b in body], lister)
        i = after
    return out


def region_names(region_properties: str) -> dict[str, list[str]]:
    """Region type -> its regions, in the order constant/regionProperties lists them
    (`regions (fluid (bottomAir topAir) solid (heater))`)."""
    found: dict[str, list[str]] = {}
    for kind, names in re.findall(r"\b(\w+)\s*\(([^()]*)\)", fd.get(region_properties, ["regions"]) or ""):
        found.setdefault(kind, []).extend(names.split())
    return found


def region_lister(region_properties: str | None) -> CommandLister:
    """What `$(foamListRegions [type ...])` prints for a case whose constant/regionProperties reads
    `region_properties` (its types in sorted order, as OpenFOAM's table, each type's regions in the
    file's order); None for any other command, an option, or a case without the file."""
    regions = region_names(region_properties) if region_properties else {}

    def lister(command: list[str]) -> list[str] | None:
        if not regions or command[:1] != ["foamListRegions"] or any(w.startswith("-") for w in command[1:]):
            return None
        wanted = command[1:] or sorted(regions)
        return [name for kind in wanted for name in regions.get(kind, [])]

    return lister
