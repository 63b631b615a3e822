"""Whole plans (no run) of requests that size a tutorial whose mesh is parametrised: a restated
size is kept, a changed one written into its parameter, one without a parameter not applied
(never the whole request refused), and counts set across blocks whose vertices are variables."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tasks.core.config import get_settings
from tasks.plan.architect import plan

EXAMPLES = Path("/usr/share/doc/openfoam-examples/examples")
pytestmark = pytest.mark.skipif(not (EXAMPLES / "incompressible/pimpleFoam/LES/channel395DFSEM").is_dir()
                                or shutil.which("m4") is None, reason="installed OpenFOAM tutorials or m4 missing")


def _plan(text: str):
    return plan(text, get_settings().tutorials_dir)


@pytest.mark.parametrize("text", [
    "channel395DFSEM LES channel, 2 m high, 3.1416 m wide",
    "Please run the channel395DFSEM tutorial; the channel is 62.83 m long and 2 m high.",
    "channel395DFSEM with a 2000 mm tall channel",
])
def test_restated_sizes_are_kept(text: str) -> None:
    manifest = _plan(text)
    assert manifest.base_tutorial.endswith("channel395DFSEM") and not manifest.substituted
    assert not manifest.not_applied


@pytest.mark.parametrize(("text", "entry", "value"), [
    ("channel395DFSEM, channel 30 m long", ["L"], "30"),
    ("Run the channel395DFSEM LES tutorial but make the channel 3 m high", ["H"], "1.5"),
    ("standingWave interIsoFoam case with a 2 m long tank", ["L"], "2"),
])
def test_changed_sizes_are_written_into_the_parameter(text: str, entry: list, value: str) -> None:
    manifest = _plan(text)
    assert any(e.entry == entry and e.value == value for e in manifest.edits)
    assert any(b.entry == entry for b in manifest.bindings)


def test_a_size_without_its_parameter_is_not_applied_not_refused() -> None:
    manifest = _plan("standingWave interIsoFoam case, the tank 0.3 m deep")
    assert manifest.base_tutorial.endswith("standingWave")
    assert any("0.3 m" in n.text and "L" in n.reason for n in manifest.not_applied)


@pytest.mark.parametrize(("text", "counts"), [
    ("channel395DFSEM, 100 x 24 x 16 cells", "(100 12 16)"),
    ("channel395DFSEM LES, 12 cells across the half height", "(500 12 82)"),
])
def test_counts_on_variable_vertices(text: str, counts: str) -> None:
    manifest = _plan(text)
    blocks = next(e for e in manifest.edits if e.entry == ["blocks"])
    assert counts in " ".join(str(blocks.value).split())
