"""A markdown table of benchmark rows, shared by the benchmark scripts."""

from __future__ import annotations


def print_table(rows: list[dict[str, object]]) -> None:
    """Print `rows` (dicts with the same keys, in column order) as a markdown table."""
    cols = list(rows[0])
    print("| " + " | ".join(cols) + " |")
    print("|" + "---|" * len(cols))
    for r in rows:
        print("| " + " | ".join(str(r[c]) for c in cols) + " |")
