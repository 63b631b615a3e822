"""A tutorial script's `for` loops unrolled before its steps are read (tasks/knowledge/run_loops.py):
over written-out words, nested, on one line, over the case's own regions (`$(foamListRegions)`);
loops over what only the run knows stay as written."""

from __future__ import annotations

import pytest

from tasks.knowledge.run_loops import loop_depth_change, loop_words, region_lister, replace_variable, unroll_loops

PROPS = "regions\n(\n    fluid (bottomAir topAir)\n    solid (heater leftSolid rightSolid)\n);\n"


def _unroll(text: str, props: str | None = PROPS) -> list[str]:
    return unroll_loops(text.split("\n"), region_lister(props))


@pytest.mark.parametrize("text, out", [
    # `do` on its own line (multiRegionHeaterRadiation's view factors)
    ("for region in bottomAir topAir\ndo\n    runApplication -s $region faceAgglomerate -region $region\ndone",
     ["    runApplication -s bottomAir faceAgglomerate -region bottomAir",
      "    runApplication -s topAir faceAgglomerate -region topAir"]),
    # `; do` on the head line, `${i}` (DTCHull's refinement tiers)
    ("for i in 1 2; do\n  topoSet -dict system/topoSetDict.${i}\ndone",
     ["  topoSet -dict system/topoSetDict.1", "  topoSet -dict system/topoSetDict.2"]),
    # the whole loop on one line, two commands, a `;` inside quotes kept
    ('for i in 1 2; do a $i; b "$i;x"; done', ["a 1", 'b "1;x"', "a 2", 'b "2;x"']),
    # nested: the outer word is in when the inner loop runs
    ("for i in 1 2\ndo\n  for j in x y; do\n    echo $i$j\n  done\ndone", ["    echo 1x", "    echo 1y", "    echo 2x", "    echo 2y"]),
    ("for i in a b\ndo\n  for j in $i-1 $i-2\n  do\n    run $j\n  done\ndone",
     ["    run a-1", "    run a-2", "    run b-1", "    run b-2"]),
    # a longer variable name or a parameter expansion of it is not the loop variable
    ("for region in air\ndo\n  run $regionName ${region%r} $region\ndone", ["  run $regionName ${region%r} air"]),
    # a while loop in the body runs in each pass as written
    ("for i in 1 2\ndo\n  while [ x ]; do y; done\n  z $i\ndone",
     ["  while [ x ]; do y; done", "  z 1", "  while [ x ]; do y; done", "  z 2"]),
    # the lines around the loop stay in place
    ("blockMesh\nfor i in 1\ndo\n  extrudeMesh\ndone\nsetFields", ["blockMesh", "  extrudeMesh", "setFields"]),
])
def test_loops_over_written_out_words_run_once_per_word(text: str, out: list[str]) -> None:
    assert _unroll(text) == out


@pytest.mark.parametrize("text, out", [
    ("for region in $(foamListRegions)\ndo\n  changeDictionary -region $region\ndone",
     [f"  changeDictionary -region {r}" for r in ("bottomAir", "topAir", "heater", "leftSolid", "rightSolid")]),
    ("for region in $(foamListRegions solid)\ndo\n  rm -f 0/$region/k\ndone",
     ["  rm -f 0/heater/k", "  rm -f 0/leftSolid/k", "  rm -f 0/rightSolid/k"]),
    ("for region in `foamListRegions fluid`; do\n  run -region $region\ndone",
     ["  run -region bottomAir", "  run -region topAir"]),
])
def test_loops_over_the_cases_regions_run_once_per_region(text: str, out: list[str]) -> None:
    assert _unroll(text) == out


@pytest.mark.parametrize("text, props", [
    ("for region in $(foamListRegions)\ndo\n  run -region $region\ndone", None),  # no regionProperties
    ("for t in $(foamListTimes)\ndo\n  run -time $t\ndone", PROPS),  # only the run knows its times
    ("for b in $(seq 1 6)\ndo\n  run $b\ndone", PROPS),
    ("for e in $exponents\ndo\n  run -s $e\ndone", PROPS),  # a parameter sweep over a variable
    ("for proc in processor*\ndo\n  cp -r $proc x\ndone", PROPS),  # a glob
    ("for region in $(foamListRegions -case ../other)\ndo\n  run $region\ndone", PROPS),  # another case
    ("for i in 1 2\ndo\n  run $i", PROPS),  # no closing done: not a loop the shell would run
])
def test_loops_known_only_at_run_time_stay(text: str, props: str | None) -> None:
    assert _unroll(text, props) == text.split("\n")


def test_a_kept_loop_has_its_inner_written_out_loop_unrolled() -> None:
    text = "for t in $(foamListTimes)\ndo\n  for i in 1 2; do x $i; done\n  run $t\ndone"
    assert _unroll(text) == ["for t in $(foamListTimes)", "do", "x 1", "x 2", "  run $t", "done"]


@pytest.mark.parametrize("line, change", [
    ("for i in 1 2", 1), ("for i in 1 2; do", 1), ("done", -1), ("  done > log", -1),
    ("for i in 1 2; do x; done", 0), ('while [ "$#" -ge 1 ]; do echo "$1"; shift; done', 0),
    ("echo 'for i in done'", 0), ("runApplication setFields", 0), ("until false; do", 1),
])
def test_loop_depth_change(line: str, change: int) -> None:
    assert loop_depth_change(line) == change


@pytest.mark.parametrize("items, words", [
    ("bottomAir topAir", ["bottomAir", "topAir"]), ("1 2 3", ["1", "2", "3"]), ('"a" b', ["a", "b"]),
    ("$(foamListRegions solid)", ["heater", "leftSolid", "rightSolid"]), ("$models", None), ("*.stl", None),
    ("$(ls -d processor*)", None), ("", None),
])
def test_loop_words(items: str, words: list[str] | None) -> None:
    assert loop_words(items, region_lister(PROPS)) == words


@pytest.mark.parametrize("line, out", [
    ("run -region $region", "run -region air"), ("run ${region}/x", "run air/x"),
    ("run $regions $region_x", "run $regions $region_x"),
])
def test_replace_variable(line: str, out: str) -> None:
    assert replace_variable(line, "region", "air") == out
