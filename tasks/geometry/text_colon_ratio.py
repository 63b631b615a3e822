"""Two sizes in a proportion written with a colon: "aspect ratio 1.5:1 (width:height)", "W:H = 3:2",
"height to width 1:1.5", "a 2:1 length-to-height box". The names say which size is which; the numbers
give the ratio of the first named size to the second. `plain_colon_ratios` rewrites each as "(width/height)
1.5", which the proportion readers know, so no number of the ratio is read as a size ("width = 1"). Pure."""

from __future__ import annotations

import re

from tasks.geometry.spec import NUM

_SIZE = r"(height|depth|width|length|[HDWLhdwl])"
_NAMES = re.compile(rf"(?<![\w.]){_SIZE}\s*(?::|/|\s+to\s+|-to-)\s*{_SIZE}(?![\w])")
_NUMBERS = re.compile(rf"(?<![\w.:])({NUM})\s*:\s*({NUM})(?![\w:]|\.\d)")
_REACH = 40  # how far from the numbers the names may stand


_CONNECTOR = re.compile(r"[\s=:(),]*(?:(?:ratio|aspect|of|is|in|with)\b[\s=:(),]*)*", re.I)


def _ratios(text: str) -> list[tuple[tuple[int, int], tuple[int, int], str, str, float]]:
    """(span of the numbers, span of the names, first size, second size, first / second) of each colon ratio whose
    sizes are named within _REACH characters of its numbers, in the same sentence."""
    found = []
    for numbers in _NUMBERS.finditer(text):
        lo, hi = max(0, numbers.start() - _REACH), min(len(text), numbers.end() + _REACH)
        before = re.split(r"[.;]\s", text[lo:numbers.start()])[-1]
        after = re.split(r"[.;]\s", text[numbers.end():hi])[0]
        names = _NAMES.search(before + " " * (numbers.end() - numbers.start()) + after)
        a, b = float(numbers.group(1)), float(numbers.group(2))
        if names is None or a <= 0 or b <= 0 or names.group(1).lower()[0] == names.group(2).lower()[0]:
            continue
        offset = numbers.start() - len(before)
        found.append(((numbers.start(), numbers.end()), (offset + names.start(), offset + names.end()),
                      names.group(1).lower(), names.group(2).lower(), a / b))
    return found


def _edits(text: str, numbers: tuple[int, int], names: tuple[int, int], said: str) -> list[tuple[int, int, str]]:
    """The edits writing one ratio as `said`: its whole span when only connecting words stand between its names
    and its numbers ("height:width = 1:1.5"), else the names (with their brackets) as `said` and the numbers
    dropped ("a 1.5:1 cavity (width to height)")."""
    (a, b), (c, d) = sorted([numbers, names])
    if _CONNECTOR.fullmatch(text[b:c]):
        opened = text[a:d].count("(") - text[a:d].count(")")
        if (opened == 0 and text[a - 1:a] == "(" and text[d:d + 1] == ")") or (opened > 0 and text[d:d + 1] == ")"):
            a, d = a - (opened == 0), d + 1
        return [(a, d, said)]
    n0, n1 = names
    if text[n0 - 1:n0] == "(" and text[n1:n1 + 1] == ")":
        n0, n1 = n0 - 1, n1 + 1
    return sorted([(n0, n1, said), (numbers[0], numbers[1], "")], reverse=True)


def plain_colon_ratios(text: str) -> str:
    """`text` with each colon ratio whose sizes are named written as "(first/second) ratio" ("aspect ratio 1.5:1
    (width:height)" -> "aspect ratio (width/height) 1.5", "a 1.5:1 cavity (width to height)" -> "a cavity
    (width/height) 1.5")."""
    for numbers, names, first, second, ratio in reversed(_ratios(text)):
        said = f"({first}/{second}) {ratio:.12g}" if ratio >= 1 else f"({second}/{first}) {1 / ratio:.12g}"
        for start, end, said in _edits(text, numbers, names, said):
            text = text[:start] + said + text[end:]
    return re.sub(r"  +", " ", text)
