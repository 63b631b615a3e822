"""A markdown table of benchmark rows, shared by the benchmark scripts."""

from __future__ import annotations

from tasks.run.report import markdown_table


def print_table(rows: list[dict[str, object]]) -> None:
    """Print `rows` (dicts with the same keys, in column order) as a markdown table."""
    print(markdown_table(rows), end="")
