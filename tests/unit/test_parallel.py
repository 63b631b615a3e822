"""Parallel runs without OpenFOAM: the rank split, the decomposeParDict edits (parsed back),
the one mpirun form the runner accepts, and the steps around the solver."""

from __future__ import annotations

from pathlib import Path

import pytest
from foamlib import FoamFile

from tasks.core.errors import UsageError
from tasks.foam.casedir import read_case
from tasks.run.parallel import (
    edit_decompose_dict,
    prepare_decomposition,
    prime_factors,
    record_ranks,
    recorded_ranks,
    split_axes,
)
from tasks.run.runner import Step, check_step, step_from_argv
from tasks.run.steps import plan_steps
from tests.conftest import CAVITY, DAMBREAK, copy_tutorial


@pytest.mark.parametrize(("n", "factors"), [(1, []), (2, [2]), (12, [3, 2, 2]), (7, [7]), (64, [2] * 6)])
def test_prime_factors(n: int, factors: list[int]) -> None:
    assert prime_factors(n) == factors


@pytest.mark.parametrize(("extents", "np", "flat", "n"), [
    ([1, 1, 0.1], 2, [2], (2, 1, 1)),        # a square 2-D case: x first, never z
    ([0.3, 0.05, 0.001], 4, [2], (4, 1, 1)),  # a long channel: all along x
    ([1, 1, 0.1], 4, [2], (2, 2, 1)),
    ([1, 2, 4], 8, [], (1, 2, 4)),           # cubic pieces
    ([1, 2, 4], 2, [], (1, 1, 2)),           # a 3-D case splits its longest axis
    ([1, 1, 1], 6, [], (3, 2, 1)),
])
def test_split_axes(extents: list[float], np: int, flat: list[int], n: tuple[int, int, int]) -> None:
    assert split_axes(extents, np, flat) == n


def test_split_axes_guards() -> None:
    with pytest.raises(ValueError, match="three extents"):
        split_axes([1, 1], 2)
    with pytest.raises(UsageError, match="--np 0"):
        split_axes([1, 1, 1], 0)


def _parse(tmp_path: Path, text: str) -> FoamFile:
    path = tmp_path / "decomposeParDict"
    path.write_text(text)
    return FoamFile(path)


def test_a_new_decompose_dict_parses_back(tmp_path: Path) -> None:
    text, d = edit_decompose_dict(None, 4, (2, 2, 1))
    parsed = _parse(tmp_path, text)
    assert (parsed["numberOfSubdomains"], parsed["method"], list(parsed["hierarchicalCoeffs"]["n"])) == \
        (4, "hierarchical", [2, 2, 1])
    assert d.action == "written" and d.n == (2, 2, 1)


@pytest.mark.parametrize(("method", "coeffs", "kept_method"), [
    ("scotch", "", "hierarchical"),  # a stub library in Debian's build: replaced
    ("metis", "", "hierarchical"),
    ("simple", "simpleCoeffs\n{\n    n (2 2 1);\n    delta 0.001;\n}\n", "simple"),
    ("hierarchical", "coeffs\n{\n    n (4 1 1);\n    order xyz;\n}\n", "hierarchical"),
])
def test_the_case_dict_is_edited_in_place(tmp_path: Path, method: str, coeffs: str, kept_method: str) -> None:
    text = ("FoamFile { version 2.0; format ascii; class dictionary; object decomposeParDict; }\n"
            f"// mine\nnumberOfSubdomains 4;\nmethod {method};\n{coeffs}distributed no;\n")
    new, d = edit_decompose_dict(text, 2, (2, 1, 1))
    parsed = _parse(tmp_path, new)
    assert parsed["numberOfSubdomains"] == 2 and parsed["method"] == kept_method == d.method
    block = "coeffs" if coeffs.startswith("coeffs") else f"{kept_method}Coeffs"
    assert list(parsed[block]["n"]) == [2, 1, 1]
    assert "// mine" in new and parsed["distributed"] is False
    if "delta" in coeffs:
        assert parsed["simpleCoeffs"]["delta"] == pytest.approx(0.001)
    assert bool(d.notes) == (method in ("scotch", "metis"))


def test_prepare_reads_the_mesh_extents(tmp_path: Path) -> None:
    case = copy_tutorial(DAMBREAK, tmp_path / "damBreak")
    poly = case / "constant/polyMesh"
    poly.mkdir(parents=True, exist_ok=True)
    header = "FoamFile { version 2.0; format ascii; class vectorField; object points; }\n"
    (poly / "points").write_text(header + "4\n(\n(0 0 0)\n(0.584 0 0)\n(0 0.584 0)\n(0 0 0.0146)\n)\n")
    (poly / "boundary").write_text("FoamFile { version 2.0; format ascii; class polyBoundaryMesh; object boundary; }\n"
                                   "1\n(\nfrontAndBack\n{\ntype empty;\nnFaces 0;\nstartFace 0;\n}\n)\n")
    assert prepare_decomposition(case, 4).action == "kept"  # the tutorial's own (2 2 1) fits
    d = prepare_decomposition(case, 2)
    assert d.n == (2, 1, 1) and d.action == "edited"
    assert FoamFile(case / "system/decomposeParDict")["numberOfSubdomains"] == 2


def test_the_rank_count_is_remembered(tmp_path: Path) -> None:
    case = copy_tutorial(CAVITY, tmp_path / "cavity")
    assert recorded_ranks(case) == 1
    record_ranks(case, 3)
    assert recorded_ranks(case) == 3
    steps = plan_steps(read_case(case))
    assert [s.label() for s in steps] == ["blockMesh", "decomposePar -force", "icoFoam -parallel", "reconstructPar"]
    assert [s.np for s in steps] == [1, 1, 3, 1]
    assert steps[2].argv() == ["mpirun", "-np", "3", "icoFoam", "-parallel"]
    record_ranks(case, 1)
    assert [s.label() for s in plan_steps(read_case(case))] == ["blockMesh", "icoFoam"]


@pytest.mark.parametrize("argv", [
    ["mpirun", "-np", "2", "bash", "-parallel"],                    # not whitelisted
    ["mpirun", "-np", "2", "simpleFoam"],                           # no -parallel
    ["mpirun", "-np", "2", "simpleFoam", "-case", "x", "-parallel"],  # -parallel not first
    ["mpirun", "--host", "evil", "-np", "2", "simpleFoam", "-parallel"],
    ["mpirun", "-np", "1", "simpleFoam", "-parallel"],
    ["mpirun", "-np", "999", "simpleFoam", "-parallel"],
    ["mpirun", "-np", "2", "simpleFoam", "-parallel", "; rm -rf /"],
    ["simpleFoam", "-parallel"],                                    # -parallel without mpirun
])
def test_only_one_mpirun_form_is_accepted(tmp_path: Path, argv: list[str]) -> None:
    with pytest.raises((UsageError, ValueError)):
        check_step(tmp_path, step_from_argv(argv))


def test_the_accepted_mpirun_form(tmp_path: Path) -> None:
    step = step_from_argv(["mpirun", "-np", "4", "simpleFoam", "-parallel", "-latestTime"])
    check_step(tmp_path, step)
    assert (step.command, step.np, step.argv()) == (
        "simpleFoam", 4, ["mpirun", "-np", "4", "simpleFoam", "-parallel", "-latestTime"])
    with pytest.raises(UsageError, match="refused"):
        check_step(tmp_path, Step(command="mpirun", args=["-np", "2", "simpleFoam", "-parallel"]))


def test_a_rank_killed_by_a_signal_is_a_crash() -> None:
    from tasks.run.logs import parse_log

    log = ("Time = 0.005\n[1] #0  Foam::error::printStack(Foam::Ostream&) at ??:?\n"
           "mpirun noticed that process rank 1 with PID 0 on node x exited on signal 8 (Floating point exception).\n")
    crash = parse_log(log).crash
    assert crash is not None and crash.signal == "SIGFPE"


@pytest.mark.parametrize(("text", "stated", "np"), [
    ("cavity at 1 m/s, np 2", [], 2),
    ("pitzDaily with -np 4", [], 4),
    ("pitzDaily, np=3", [], 3),
    ("cavity on 2 cores", [2.0], 2),            # the request extractor's ranks
    ("run it in parallel with 4 processes", [4.0], 4),
    ("cavity with numpy 2 plots", [], None),     # not a rank count
    ("cavity at 1 m/s", [], None),
    ("cavity on 2.5 cores", [2.5], None),
])
def test_the_ranks_a_request_asks_for(text: str, stated: list[float], np: int | None) -> None:
    from tasks.run.parallel import requested_ranks

    assert requested_ranks(text, stated) == np


def test_an_explicit_np_wins_and_oversubscription_is_a_warning() -> None:
    from tasks.run.parallel import choose_ranks

    assert choose_ranks(None, None, 2) == (1, [])
    assert choose_ranks(None, 2, 2) == (2, [])
    np, notes = choose_ranks(3, 2, 8)
    assert np == 3 and notes == ["--np 3 overrides the 2 MPI ranks the request asks for"]
    np, notes = choose_ranks(None, 4, 2)
    assert np == 4 and "4 MPI ranks on 2 cores" in notes[0]
    with pytest.raises(UsageError, match="at most 64"):
        choose_ranks(None, 128, 2)


def test_the_decomposition_record_outlives_the_rank_count(tmp_path: Path) -> None:
    from tasks.run.parallel import owned_processor_dirs, record_decomposition

    case = copy_tutorial(CAVITY, tmp_path / "cavity")
    (case / "processor0").mkdir()
    (case / "processor1").mkdir()
    record_ranks(case, 2)
    assert record_decomposition(case) == ["processor0", "processor1"]
    (case / "processor2").mkdir()  # not Casewright's
    record_ranks(case, 1)  # serial again: the record of what decomposePar wrote stays
    assert recorded_ranks(case) == 1
    assert owned_processor_dirs(case) == (["processor0", "processor1"], ["processor2"])


def test_ranks_on_a_base_without_decomposepardict_get_one_written(tmp_path: Path) -> None:
    """A base with no decomposeParDict: the ranks bind to the numberOfSubdomains of the one the
    writer adds (hierarchical: scotch and metis are stubs in Debian's v1912), read back from it."""
    from tasks.core.config import get_settings
    from tasks.edit.writer import write_case
    from tasks.plan.architect import plan

    tutorials = get_settings().tutorials_dir
    if not (tutorials / "incompressible/icoFoam/cavity/cavity").is_dir():
        pytest.skip("OpenFOAM tutorials not installed")
    m = plan("lid-driven cavity with icoFoam, lid 1 m/s, run it on 2 cores", tutorials)
    assert [(b.file, b.entry, b.value) for b in m.bindings if b.file == "system/decomposeParDict"] == \
        [("system/decomposeParDict", ["numberOfSubdomains"], "2")]
    written = write_case(m, tmp_path / "case", tutorials)
    decompose = FoamFile(written.case_dir / "system/decomposeParDict")
    assert decompose["numberOfSubdomains"] == 2 and decompose["method"] in ("hierarchical", "simple")
