"""General repair strategies, tried before the rule catalogue (tasks/review/rules/): each
covers a class of mistakes, not one fault, and every patch names its source (a tutorial
file, a canonical table, the tolerant scan).

Order: syntax first (a broken file hides every other problem), the decomposition of a parallel
run (its own problem kind), then dialect translation,
keyword spelling, consistency of fields and mesh, the tutorial reference, and numerics.
"""

from __future__ import annotations

from tasks.review.edits import Rule
from tasks.review.models import Patch, Problem
from tasks.review.rules import rename_misspelled_keyword
from tasks.review.case import CaseView
from tasks.review.strategies.consistency import consistency
from tasks.review.strategies.decomposition import decomposition
from tasks.review.strategies.dialect import dialect_translation
from tasks.review.strategies.numerics import numerics
from tasks.review.strategies.reference import reference
from tasks.review.strategies.syntax import syntax_repair

ALL_KINDS = frozenset({
    "missing_keyword", "unknown_type", "bad_enum", "missing_patch", "constraint_mismatch", "missing_file",
    "wrong_class", "dimensions", "value_syntax", "reference_cell", "mesh_vertices", "mesh_block_syntax",
    "mesh_quality", "wall_function", "divergence", "bounding", "fatal", "crash", "incomplete", "preflight"})


def keyword_spelling(problem: Problem, view: CaseView) -> Patch | None:
    found = rename_misspelled_keyword(problem, view)
    return found.model_copy(update={"strategy": "syntax", "source": "case file (misspelled keyword)"}) \
        if found else None


def _s(name: str, kinds: str | frozenset[str], fn: object, summary: str) -> Rule:
    return Rule(name=name, kinds=kinds if isinstance(kinds, frozenset) else frozenset(kinds.split()),
                fn=fn, summary=summary)  # type: ignore[arg-type]


STRATEGIES: list[Rule] = [
    _s("syntax", ALL_KINDS - {"wall_function", "bounding", "mesh_quality"}, syntax_repair,
       "the file's defects a tolerant scan finds (terminators, braces, foreign text, header, lists)"),
    _s("decomposition", "decomposition", decomposition,
       "a parallel run's decomposeParDict vs its ranks (subdomains, n, stub methods), stale processor* of ours"),
    _s("dialect", "missing_file missing_keyword unknown_type bad_enum preflight fatal", dialect_translation,
       "files and keywords of other OpenFOAM releases -> v1912 (canonical/dialects.yaml)"),
    _s("rename_misspelled_keyword", "missing_keyword", keyword_spelling, "a misspelled keyword beside the missing one"),
    _s("consistency", "missing_patch constraint_mismatch wall_function fatal missing_keyword", consistency,
       "fields vs mesh (patch names, constraint types), BC entries each type needs"),
    _s("numerics", "divergence crash incomplete bounding unknown_type fatal missing_file mesh_vertices "
       "mesh_block_syntax", numerics,
       "algorithm dictionaries, relaxation, time controls, initial fields, matrix solvers, ddt, blocks"),
    _s("reference", "missing_keyword missing_file unknown_type bad_enum preflight", reference,
       "restore a missing or invalid item from the nearest tutorial of the same solver"),
]
