"""Session 12 run-control classes: a cell count stated without a direction (a total, or the
product of counts stated beside it), per-field residual lists joined by spaces or led by a verb,
a cap on the iterations as a key, purgeWrite as a key or as the room there is, the write format
alone as an item of a terse list, and "every N its"."""

from __future__ import annotations

from pathlib import Path

import pytest

from tasks.core.config import get_settings
from tasks.foam import geometry
from tasks.plan.bind_relax import relaxation_pairs, relaxation_said, residual_said
from tasks.plan.bind_run_cells import even_total, per_block_said, restated_product
from tasks.plan.controls import find_named
from tasks.plan.controls_run import run_controls
from tasks.plan.controls_write import write_format
from tasks.plan.extract import normalise
from tasks.plan.stated import StatedQuantity

TUTORIALS = Path(get_settings().tutorials_dir)
BFS = TUTORIALS / "incompressible/simpleFoam/backwardFacingStep2D"
AIRFOIL = TUTORIALS / "incompressible/simpleFoam/airFoil2D"
RHO_BEND = TUTORIALS / "compressible/rhoSimpleFoam/squareBend"
PISO_CAVITY = TUTORIALS / "incompressible/pisoFoam/RAS/cavity"
RHO_CAVITY = TUTORIALS / "compressible/rhoPimpleFoam/RAS/cavity"


# --- a cell count without a direction --------------------------------------------------------

@pytest.mark.parametrize("old, total, new", [
    ((20, 20, 1), 6400, [80, 80, 1]),      # a square 2-D mesh
    ((20, 10, 1), 800, [40, 20, 1]),       # its aspect kept
    ((20, 20, 20), 64000, [40, 40, 40]),   # a cube
    ((1, 30, 60), 7200, [1, 60, 120]),     # flat in x
    ((80, 1, 1), 160, None),               # one resolved direction: the axis binder's
    ((20, 20, 1), 3, None),                # less than one cell per direction more
])
def test_even_total(old: tuple[int, int, int], total: int, new: list[int] | None) -> None:
    assert even_total(old, total) == new


def _q(text: str, value: float, role: str, dims: list[int] | None = None) -> StatedQuantity:
    return StatedQuantity(text=text, quantity="count", value=value, role=role, dims=dims)


@pytest.mark.parametrize("dims, total, restated", [
    ([80, 80], 6400, True),
    ([40, 20, 10], 8000, True),
    ([80, 80], 6000, False),
    (None, 6400, False),
])
def test_restated_product(dims: list[int] | None, total: int, restated: bool) -> None:
    count = _q(f"{total} cells", total, "mesh_cells_axis")
    other = _q("counts", float(total), "mesh_cells", dims)
    assert (restated_product(count, [other, count]) is other) == restated


@pytest.mark.parametrize("text, per_block", [
    ("500 cells per block, lid 1 m/s", True),
    ("400 cells in each of the blocks", True),
    ("6400 cells, lid 2 m/s", False),
    ("6400 cells in total", False),
])
def test_per_block_said(text: str, per_block: bool) -> None:
    words = text.split(",")[0].split(" per")[0].split(" in")[0]
    assert per_block_said(text.lower(), 0, words) == per_block


@pytest.mark.skipif(not PISO_CAVITY.is_dir(), reason="OpenFOAM tutorials not installed")
@pytest.mark.parametrize("text, counts", [
    ("pisoFoam RAS cavity, 6400 cells, lid 2 m/s", (80, 80, 1)),
    ("Turbulent square cavity with pisoFoam on a uniform mesh of 2500 cells", (50, 50, 1)),
    ("mesh: 10000 cells\nsolver: pisoFoam RAS cavity", (100, 100, 1)),
    ("rhoPimpleFoam RAS cavity, job sizing: 80 x 80 = 6400 cells; dt = 2.5 ms", (80, 80, 1)),
    ("compressible cavity (rhoPimpleFoam, RAS) at 3600 cells, 60 by 60, end 0.2 s", (60, 60, 1)),
])
def test_cells_without_direction_planned(text: str, counts: tuple[int, int, int]) -> None:
    from tasks.plan.architect import plan

    manifest = plan(text, TUTORIALS)
    blocks = [e.value for e in manifest.edits if e.file == "system/blockMeshDict" and e.entry == ["blocks"]]
    assert blocks and geometry.block_cells(f"blocks {blocks[-1]};") == [counts]
    assert not manifest.not_applied


# --- per-field residual lists --------------------------------------------------------------

@pytest.mark.parametrize("text, number, said", [
    ("residualcontrol p 1e-4 u 1e-5", "1e-5", True),
    ("residualcontrol p 1e-4 u 1e-5", "1e-4", True),
    ("converge when residuals reach p 1e-5, u 1e-4 and k 1e-4", "1e-4 and", True),
    ("residuals should drop below p_rgh 1e-5 and h 1e-6", "1e-6", True),
    ("residual targets: p 1e-4, u 1e-5", "1e-5", True),
    # not in a residual list: another clause, or a value with a place between
    ("residuals 1e-5. inlet k 0.375", "0.375", False),
    ("residuals reach 1e-5 with the inlet k 0.375", "0.375", False),
])
def test_residual_said(text: str, number: str, said: bool) -> None:
    assert residual_said(text, text.rindex(number)) == said


@pytest.mark.parametrize("text, number, said", [
    ("relaxationfactors p 0.2 u 0.6", "0.6", True),
    ("under-relaxation: p 0.3, u 0.7 and k 0.6", "0.6", True),
    ("relaxation 0.7, inlet k 0.375", "0.375", False),
])
def test_relaxation_said(text: str, number: str, said: bool) -> None:
    assert relaxation_said(text, text.rindex(number)) == said


def test_relaxation_pairs_joined_by_spaces() -> None:
    pairs = relaxation_pairs("relaxationFactors p 0.2 U 0.6, 300 iterations")
    assert [(n, v) for n, v, _, _ in pairs][:2] == [("p", 0.2), ("U", 0.6)]


_LISTED = {"U": [("system/fvSolution", ["SIMPLE", "residualControl", "U"]),
                 ("system/fvSolution", ["relaxationFactors", "equations", "U"])]}
_TWICE = {"U": [("0/U", ["internalField"]), ("0/U", ["boundaryField", "inlet", "value"])]}


@pytest.mark.parametrize("entries, found", [(_LISTED, True), (_TWICE, False)])
def test_symbol_beside_its_list_entries(entries: dict, found: bool) -> None:
    """A one-letter symbol the base has as a residual target and a relaxation factor is read
    (the binder picks by the list's words); one it has twice elsewhere is not."""
    names = [n for n, *_ in find_named("residualControl p 1e-4 U 1e-5", entries)]
    assert ("U" in names) == found


@pytest.mark.skipif(not BFS.is_dir(), reason="OpenFOAM tutorials not installed")
@pytest.mark.parametrize("text, field, value", [
    ("backwardFacingStep2D simpleFoam, endTime 600, residualControl p 1e-5 U 1e-4", "U", "0.0001"),
    ("airFoil2D simpleFoam, residualControl U 1e-6 nuTilda 1e-6, 400 iterations", "nuTilda", "1e-06"),
    ("Can the backward-facing step (simpleFoam) stop once residuals reach U 2e-5 and p 3e-5?", "p", "3e-05"),
    ("rhoSimpleFoam squareBend with residualControl e 1e-5 p 1e-4, 300 iterations", "e", "1e-05"),
    ("buoyantCavity with buoyantSimpleFoam: converge until the residuals drop below p_rgh 1e-5 and h 1e-6",
     "h", "1e-06"),
])
def test_residual_per_field_planned(text: str, field: str, value: str) -> None:
    from tasks.plan.architect import plan

    manifest = plan(text, TUTORIALS)
    written = {e.entry[-1]: e.value for e in manifest.edits
               if e.file == "system/fvSolution" and e.entry[:2] == ["SIMPLE", "residualControl"]}
    assert float(written[field]) == pytest.approx(float(value))
    assert not manifest.not_applied


# --- run controls as keys, the room for time folders, "its" ------------------------------------

@pytest.mark.parametrize("text, key, value", [
    ("Time folders kept on disk: 3", "purgeWrite", 3),
    ("directories to keep 4", "purgeWrite", 4),
    ("I only have scratch quota for 2 time folders", "purgeWrite", 2),
    ("disk space for only 3 time directories", "purgeWrite", 3),
    ("output every 50 its", "writeInterval", 50),
])
def test_run_controls_as_keys(text: str, key: str, value: float) -> None:
    found = {c.key: c.value for c in run_controls(normalise(text))}
    assert found.get(key) == value


@pytest.mark.parametrize("text, value", [
    ("Iteration cap: 800. Output period: 100 iterations", 800),
    ("pitzDaily; iteration limit 1200; write every 100", 1200),
    ("airFoil2D, iteration budget of 600", 600),
    ("Steady run: iterations cap of 700", 700),
])
def test_iteration_cap_is_the_run_length(text: str, value: float) -> None:
    """Read as a control here or as a count of iterations by the quantity reader: one run length."""
    from tasks.plan.stated import read_stated

    ends = [q.value for q in read_stated(text) if q.role in ("end_time", "control:endTime")]
    assert ends == [value]


@pytest.mark.parametrize("text", [
    "iteration cap 800 iterations",  # the quantity "800 iterations" reads it
    "keep the room for 2 people",
    "write every 5 s",
])
def test_no_run_control(text: str) -> None:
    assert run_controls(normalise(text)) == []


@pytest.mark.parametrize("text, value", [
    ("hotRoom, 2 cores, endTime 400 s, write every 40 s, binary", "binary"),
    ("damBreak interFoam; endTime 0.5; binary; 2 cores", "binary"),
    ("elbow icoFoam, endTime 5, ascii", "ascii"),
    ("ascii.\nendTime 3", "ascii"),
    ("a binary mixture of gases, endTime 3", None),
    ("binary diffusion coefficient 1e-5, endTime 3", None),
])
def test_write_format_alone_in_a_list(text: str, value: str | None) -> None:
    found = write_format(text)
    assert (found.value if found else None) == value


# --- word-valued run controls by their keyword (tasks/plan/controls_keywords.py) ----------------

_WORDS = {"startFrom": ["latestTime", "startTime"], "stopAt": ["endTime", "nextWrite", "writeNow"],
          "runTimeModifiable": ["true", "yes"]}


@pytest.mark.parametrize("text, expected", [
    ("pitzDaily simpleFoam, startFrom latestTime, 500 iterations", [("startFrom", "latestTime")]),
    ("stopAt: writeNow\nsolver: pimpleFoam", [("stopAt", "writeNow")]),
    ("STARTFROM = LATESTTIME", [("startFrom", "latestTime")]),
    ("could it restart from the latest time?", [("startFrom", "latestTime")]),
    ("resume the run from the last written time step, stopAt nextWrite",
     [("startFrom", "latestTime"), ("stopAt", "nextWrite")]),
    ("runTimeModifiable false", [("runTimeModifiable", "false")]),  # any switch word of a switch entry
    # a word the keyword never takes, and prose that restarts nothing
    ("startFrom yesterday", []),
    ("start the pump at the latest", []),
])
def test_keyword_settings(text: str, expected: list[tuple[str, str]]) -> None:
    from tasks.plan.controls_keywords import keyword_settings

    assert [(k, v) for k, v, _, _ in keyword_settings(text, _WORDS)] == expected


@pytest.mark.skipif(not BFS.is_dir(), reason="OpenFOAM tutorials not installed")
@pytest.mark.parametrize("text, key, value", [
    ("pitzDaily simpleFoam, startFrom latestTime, 500 iterations", "startFrom", "latestTime"),
    ("Could you set up the icoFoam cavity so that it restarts from the latest time? endTime 1", "startFrom",
     "latestTime"),
    ("stopAt: nextWrite\nsolver: pimpleFoam\ncase: TJunction", "stopAt", "nextWrite"),
])
def test_keyword_settings_planned(text: str, key: str, value: str) -> None:
    from tasks.plan.architect import plan

    manifest = plan(text, TUTORIALS)
    assert [e.value for e in manifest.edits if e.file == "system/controlDict" and e.entry == [key]] == [value]
