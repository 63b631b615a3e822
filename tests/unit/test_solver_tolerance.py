"""A linear solver's tolerance stated in words, and the fvSolution entries it applies to."""

from __future__ import annotations

import pytest

from tasks.plan.controls import solver_controls, solver_entries

FV = """
solvers
{
    p { solver GAMG; tolerance 1e-06; relTol 0.1; }
    pFinal { $p; relTol 0; }
    "(U|k|epsilon)" { solver smoothSolver; tolerance 1e-05; relTol 0.1; }
    "(U|k|epsilon)Final" { $U; relTol 0; }
    "alpha.water.*" { nAlphaCorr 2; }
}
"""


@pytest.mark.parametrize(("text", "key", "value"), [
    ("tolerance 1e-8 for p", "solvers:tolerance:p", 1e-8),
    ("p solver tolerance 1e-7", "solvers:tolerance:p", 1e-7),
    ("relTol 0.01 on U", "solvers:relTol:U", 0.01),
    ("relative tolerance of 0.05", "solvers:relTol:", 0.05),
    ("absolute tolerance 1e-9", "solvers:tolerance:", 1e-9),
    ("linear solver tolerance 1e-6 for pressure", "solvers:tolerance:pressure", 1e-6),
    ("pressure tolerance 1e-6 and 300 iterations", "solvers:tolerance:pressure", 1e-6),
])
def test_a_stated_tolerance_is_read_with_its_field(text: str, key: str, value: float) -> None:
    controls = [c for c in solver_controls(text) if c.key.startswith("solvers:")]
    assert [(c.key, c.value) for c in controls] == [(key, value)]


@pytest.mark.parametrize("text", ["tolerance of 5 % on the inlet", "the tolerance 3 m", "a tolerance band"])
def test_no_tolerance_without_a_value_below_one(text: str) -> None:
    assert not [c for c in solver_controls(text) if c.key.startswith("solvers:")]


@pytest.mark.parametrize(("fields", "key", "entries"), [
    (["p"], "tolerance", [["solvers", "p", "tolerance"]]),
    (["U"], "tolerance", [["solvers", "(U|k|epsilon)", "tolerance"]]),
    (["U"], "relTol", [["solvers", "(U|k|epsilon)", "relTol"], ["solvers", "(U|k|epsilon)Final", "relTol"]]),
    (["p"], "relTol", [["solvers", "p", "relTol"], ["solvers", "pFinal", "relTol"]]),
    ([], "tolerance", [["solvers", "p", "tolerance"], ["solvers", "(U|k|epsilon)", "tolerance"]]),
    (["T"], "tolerance", []),
])
def test_the_solver_entries_a_field_uses(fields: list[str], key: str, entries: list[list[str]]) -> None:
    assert solver_entries(FV, fields, key) == entries


@pytest.mark.parametrize(("text", "entry", "value"), [
    ("pitzDaily with simpleFoam, inlet 10 m/s, pressure solver tolerance 1e-7", ["solvers", "p", "tolerance"], "1e-07"),
    ("pitzDaily with simpleFoam, inlet 10 m/s, relTol 0.01 for p", ["solvers", "p", "relTol"], "0.01"),
])
def test_a_stated_tolerance_lands_in_the_solver_entry(text: str, entry: list[str], value: str) -> None:
    from tasks.plan.architect import plan
    from tests.conftest import TUTORIALS

    m = plan(text, TUTORIALS)
    bound = [(b.entry, b.value) for b in m.bindings if b.file == "system/fvSolution" and b.entry[0] == "solvers"]
    assert (entry, value) in bound
    assert not [n for n in m.not_applied if "tol" in n.text.lower()]
