"""Draw the held-out fifth of the question set (run once; the draw is recorded in held_out.yaml).

Stratified by topic so every topic keeps at least one unseen question: for each topic (in
sorted order) shuffle its ids with random.Random(SEED) and hold out n // 5 of them, then fill
up to round(N / 5) from the remaining ids of all topics, again with the same generator. The
chosen entries are moved verbatim from questions.yaml to held_out.yaml.

    python benchmarks/questions/draw_held_out.py
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import yaml

SEED = 20260114
HERE = Path(__file__).resolve().parent


def draw(questions: list[dict], seed: int = SEED) -> list[str]:
    rng = random.Random(seed)
    topics: dict[str, list[str]] = {}
    for q in questions:
        topics.setdefault(q["topic"], []).append(q["id"])
    held: list[str] = []
    rest: list[str] = []
    for topic in sorted(topics):
        ids = sorted(topics[topic])
        rng.shuffle(ids)
        take = max(1, len(ids) // 5)
        held += ids[:take]
        rest += ids[take:]
    target = round(len(questions) / 5)
    rest.sort()
    rng.shuffle(rest)
    held += rest[: max(0, target - len(held))]
    return sorted(held)


def main() -> None:
    source = HERE / "questions.yaml"
    if (HERE / "held_out.yaml").exists():
        raise SystemExit("held_out.yaml exists: the draw was made once and is recorded there")
    text = source.read_text()
    questions = yaml.safe_load(text)["questions"]
    held = set(draw(questions))
    head, *blocks = re.split(r"(?m)^(?=- id: )", text)
    kept, moved = [], []
    for block in blocks:
        qid = re.match(r"- id: (\S+)", block).group(1)  # type: ignore[union-attr]
        (moved if qid in held else kept).append(block)
    source.write_text(head + "".join(kept))
    header = (f"# Held-out fifth of the question set: drawn by benchmarks/questions/draw_held_out.py with\n"
              f"# random.Random({SEED}), stratified by topic, from the {len(questions)} questions written first.\n"
              f"# Not used to develop retrieval: only its summary score is reported.\n"
              f"# held out: {', '.join(sorted(held))}\nquestions:\n")
    (HERE / "held_out.yaml").write_text(header + "".join(re.sub(r"(?m)^# ---.*\n", "", b) for b in moved))
    print(f"held out {len(held)} of {len(questions)}")


if __name__ == "__main__":
    main()
