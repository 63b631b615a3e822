"""A short markdown account of a review, for the Prefect dashboard and the terminal."""

from __future__ import annotations

from pathlib import Path

from tasks.review.session import ReviewReport


def review_markdown(review: ReviewReport) -> str:
    lines = [
        f"# review {Path(review.case_dir).name}: {review.initial_status} -> {review.final_status}",
        "",
        f"- backend: {review.backend}; {len(review.cycles)} cycle(s); stopped: {review.stopped}",
        f"- repaired: {'yes' if review.repaired else 'no'}; locked values intact: "
        f"{'yes' if review.locked_intact else 'NO'}",
    ]
    if review.initial_problem:
        lines.append(f"- first problem: {review.initial_problem.kind}: {review.initial_problem.message[:200]}")
    if review.cycles:
        lines += ["", "| # | problem | strategy | source | change | files | outcome |",
                  "|---|---|---|---|---|---|---|"]
        for c in review.cycles:
            lines.append(f"| {c.cycle} | {c.problem.kind} ({c.problem.keyword or c.problem.value or ''}) | "
                         f"{c.strategy or c.rule} | {c.source[:100]} | {c.description[:120]} | "
                         f"{', '.join(c.files_changed)} | {c.outcome} |")
        lines += ["", "What was changed:", "", "```diff", *[c.diff.rstrip("\n") for c in review.cycles], "```"]
    if review.needs_user:
        lines += ["", f"**needs you**: {review.needs_user}"]
    if review.final_problem and review.final_status != "completed":
        lines += ["", f"**remaining problem** ({review.final_problem.kind}): {review.final_problem.message[:300]}"]
    if review.backup_dir:
        lines += ["", f"Originals backed up in `{review.backup_dir}`; history in `{review.history_dir}`."]
    return "\n".join(lines) + "\n"
