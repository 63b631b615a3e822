"""Suite 2 (tasks/bench/faults_new.py): mistakes of the kinds LLM- and novice-written cases
contain, written before the strategies that repair them. Each fault applies to its tutorial,
is a distinct kind, is documented, records locked values, and the held-out part is the
recorded draw. `test_suite2_fault_is_repaired` (integration) runs each one through the
Reviewer on real OpenFOAM."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
import yaml

from tasks.bench.faults import BASES, FAULTS, HELD_OUT_FILE, SUITE2, draw_held_out, locked_values, prepare_fault

TUTORIALS = Path(os.environ.get("CASEWRIGHT_TUTORIALS_DIR", "/usr/share/doc/openfoam-examples/examples"))
README = Path(__file__).resolve().parents[2] / "benchmarks" / "faults" / "README.md"
STRATEGY_CLASSES = {"syntax", "dialect", "reference", "consistency", "numerics"}


def test_suite2_size_spread_and_kinds() -> None:
    assert len(SUITE2) >= 60
    assert len(FAULTS) >= 115
    assert len({f.id for f in FAULTS}) == len(FAULTS)
    tutorials = {BASES[f.base].source for f in SUITE2}
    solvers = {BASES[f.base].source.split("/")[1] for f in SUITE2}
    assert len(tutorials) >= 8 and len(solvers) >= 8, (tutorials, solvers)
    assert {f.kind.split("/")[0] for f in SUITE2} == STRATEGY_CLASSES
    for f in SUITE2:
        assert f.expected_rule == "strategy:" + f.kind.split("/")[0]


def test_held_out_is_the_recorded_draw() -> None:
    record = yaml.safe_load(HELD_OUT_FILE.read_text())
    ids = [f.id for f in SUITE2]
    assert record["of"] == len(ids), "suite 2 changed after the draw: the held-out part is no longer the draw"
    assert record["ids"] == draw_held_out(ids, record["seed"], record["k"])
    held = {f.id for f in FAULTS if f.held_out}
    assert held == set(record["ids"]) and len(held) >= 0.2 * len(ids)


@pytest.mark.parametrize("fault", SUITE2, ids=[f.id for f in SUITE2])
def test_suite2_fault_is_documented_and_locked(fault) -> None:
    assert f"`{fault.id}`" in README.read_text(), f"{fault.id} is not in benchmarks/faults/README.md"
    assert locked_values(fault)


@pytest.mark.parametrize("fault", SUITE2, ids=[f.id for f in SUITE2])
def test_suite2_fault_applies_to_its_tutorial(fault, tmp_path: Path) -> None:
    if not (TUTORIALS / BASES[fault.base].source).is_dir():
        pytest.skip(f"OpenFOAM tutorials not installed at {TUTORIALS}")
    case = prepare_fault(fault, tmp_path, TUTORIALS)
    assert (case / "system/controlDict").is_file()
    for rel, mutate in fault.edits.items():
        if getattr(mutate, "creates", False):
            assert (case / rel).is_file(), rel
    for src, dst in fault.moves:
        assert not (case / src).exists() and (case / dst).is_file()
