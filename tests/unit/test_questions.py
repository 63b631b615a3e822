"""The project's own question set (benchmarks/questions/): shape, held-out split, and every
expected term exists in the installed OpenFOAM v1912 (tutorials, etc/, -help and -list output)."""

from __future__ import annotations

import gzip
import json
import re
from collections import Counter
from functools import lru_cache
from pathlib import Path

import pytest

from tasks.bench.retrieval import load_questions
from tasks.core.paths import data_dir

TUTORIALS = Path("/usr/share/doc/openfoam-examples/examples")
ETC = Path("/usr/share/openfoam/etc")
_WORD = re.compile(r"[A-Za-z_][\w.:]*")


def test_the_set_has_100_questions_over_15_topics_and_a_held_out_fifth() -> None:
    dev, held = load_questions(held_out=False), load_questions(held_out=True)
    every = dev + held
    assert len(every) >= 100
    assert len({q.topic for q in every}) >= 15
    assert len({q.id for q in every}) == len(every), "question ids repeat"
    assert 0.18 <= len(held) / len(every) <= 0.22
    assert {q.topic for q in held} == {q.topic for q in every}, "every topic keeps a held-out question"
    assert all(q.held_out for q in held) and not any(q.held_out for q in dev)
    assert min(Counter(q.topic for q in every).values()) >= 5


@lru_cache(maxsize=1)
def _installed_text() -> tuple[frozenset[str], str]:
    words: set[str] = set()
    chunks: list[str] = []
    for root in (TUTORIALS, ETC):
        for path in root.rglob("*"):
            words.update(path.relative_to(root).parts)
            if not path.is_file():
                continue
            if path.suffix == ".gz":
                with gzip.open(path) as f:
                    raw = f.read()
            else:
                raw = path.read_bytes()
            if b"\x00" not in raw[:4096]:
                chunks.append(raw.decode("utf-8", "replace"))
    for cache in (data_dir() / "cache").glob("openfoam-help-*.json"):
        info = json.loads(cache.read_text())
        chunks += info["help"].values()
        chunks += [" ".join(names) for lists in info["lists"].values() for names in lists.values()]
    text = "\n".join(chunks)
    for w in _WORD.findall(text):
        words.update({w, w.rstrip(".:"), *filter(None, re.split(r"[.:]", w))})
    return frozenset(words), text


@pytest.mark.skipif(not TUTORIALS.is_dir() or not ETC.is_dir(), reason="OpenFOAM v1912 tutorials not installed")
def test_every_expected_term_exists_in_the_installed_v1912() -> None:
    words, text = _installed_text()
    missing = [(q.id, t) for q in load_questions(held_out=None) for t in q.terms
               if t not in words and t not in text]
    assert not missing, f"terms not found in the installed OpenFOAM: {missing}"


def test_term_coverage_and_the_summary_keep_the_held_out_fifth_apart() -> None:
    from tasks.bench.retrieval import QuestionScore, summarise_questions, term_coverage

    assert term_coverage(["p", "div(phi,alpha)"], "p_rgh and div(phi,alpha) Gauss vanLeer") == (0.5, ["p"])
    scored = [QuestionScore(id=f"q{n}", topic="a" if n < 2 else "b", coverage=c, mode_ok=n != 1, mode="expert",
                            held_out=n == 3, missing=[], parsed_error=False, latency_ms=10.0)
              for n, c in enumerate([1.0, 0.5, 1.0, 0.0])]
    s = summarise_questions({}, scored).summary
    assert (s.n, s.mean, s.dev_mean, s.held_out_mean) == (4, 0.625, round(2.5 / 3, 4), 0.0)
    assert s.by_topic == {"a": 0.75, "b": 0.5} and s.mode_accuracy == 0.75
