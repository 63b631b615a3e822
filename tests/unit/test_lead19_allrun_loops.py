"""A tutorial's Allrun loop over written-out words runs its body once per word: multiRegionHeaterRadiation's
view factors are made for the two air regions its loop names, not for every region (the solid heater has
no viewFactorsDict, and the run aborted on it)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tasks.knowledge.casebase import read_run_sequence
from tasks.knowledge.run_script import unroll_literal_loops

TUTORIALS = Path("/usr/share/doc/openfoam-examples/examples")


@pytest.mark.parametrize("lines,out", [
    (["for region in a b", "do", "    run x -region $region", "done"], ["    run x -region a", "    run x -region b"]),
    (["for r in a b; do", "  run ${r} $r", "done"], ["  run a a", "  run b b"]),
    (["for i in 1 2", "do", "  for j in x y; do", "    echo $i$j", "  done", "done"],
     ["    echo 1x", "    echo 1y", "    echo 2x", "    echo 2y"]),
    (["for region in $(foamListRegions)", "do", "    run x -region $region", "done"],
     ["for region in $(foamListRegions)", "do", "    run x -region $region", "done"]),  # a command's output stays
    (["for region in a b", "do", "  run $regionName", "done"], ["  run $regionName", "  run $regionName"]),
])
def test_literal_loops_unrolled(lines, out):
    assert unroll_literal_loops(lines) == out


@pytest.mark.skipif(not TUTORIALS.is_dir(), reason="OpenFOAM tutorials not installed")
def test_the_radiation_heater_makes_view_factors_for_its_air_regions_only():
    steps = read_run_sequence(TUTORIALS / "heatTransfer/chtMultiRegionSimpleFoam/multiRegionHeaterRadiation", None)
    regions = [s.args.split()[s.args.split().index("-region") + 1] for s in steps
               if s.app in ("faceAgglomerate", "viewFactorsGen")]
    assert regions == ["bottomAir", "topAir", "bottomAir", "topAir"]
