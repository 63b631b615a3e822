"""A stated value counts as applied only where its role lives: outside the field files an inlet
velocity must sit in an entry named for a velocity, not in any entry that happens to hold the
same number (a surface tension of 0.1 is no inlet at 0.1 m/s)."""

from pathlib import Path

import pytest

from tasks.edit.verify import find_stated
from tasks.plan.role_places import role_holds
from tasks.plan.stated import StatedQuantity

HEADER = "FoamFile\n{\n    version 2.0;\n    format ascii;\n    class dictionary;\n    object transportProperties;\n}\n"


def _inlet(value: float) -> StatedQuantity:
    return StatedQuantity(text=f"{value} m/s", quantity="velocity", value=value, unit="m/s", role="inlet_velocity")


@pytest.mark.parametrize("body, found", [
    ("sigma 0.1;\nrho 1000;\n", False),               # a surface tension of the same number
    ("Ubar [0 1 -1 0 0 0 0] (0.1 0 0);\n", True),    # channel395's driving velocity
    ("nu 0.1;\n", False),
    ("flowVelocity (0 0.1 0);\n", True),
])
def test_an_inlet_velocity_outside_the_fields_needs_a_velocity_entry(tmp_path: Path, body: str, found: bool) -> None:
    (tmp_path / "constant").mkdir()
    (tmp_path / "constant/transportProperties").write_text(HEADER + body)
    assert (find_stated(tmp_path, _inlet(0.1)) is not None) is found


def test_the_field_files_keep_any_patch_entry() -> None:
    assert role_holds(_inlet(2.0), "0/U", ["boundaryField", "inlet", "value"], "uniform (2 0 0)")
    assert not role_holds(_inlet(0.1), "constant/transportProperties", ["sigma"], "0.1")
    assert role_holds(_inlet(0.1), "constant/transportProperties", ["Ubar"], "(0.1 0 0)")


@pytest.mark.parametrize("text, expected", [
    ("wall temperatures: 300, 320, 340 K", "wall temperatures: 300, 320, 340 K"),      # a list: its unit comes last
    ("velocities 1.5, 2.5 and 3.5 m/s", "velocities 1.5, 2.5 and 3.5 m/s"),
    ("steady; relaxation factors: U 0.7, k 0.6.", "steady; relaxation factors: U 0.7, k 0.6."),  # controls
    ("residualControl U 1e-6 nuTilda 1e-6", "residualControl U 1e-6 nuTilda 1e-6"),
    ("floor temperature 350. Relax U 0.3", "floor temperature 350 K. Relax U 0.3"),      # a full stop is no decimal
    ("set U at the inlet to 2", "set U at the inlet to 2 m/s"),
    ("U = 5*sin(2*pi*t/0.1) m/s", "U = 5*sin(2*pi*t/0.1) m/s"),                        # an expression
    ("T = 300 + 20", "T = 300 + 20"),
])
def test_bare_numbers_in_lists_and_controls_get_no_unit(text: str, expected: str) -> None:
    from tasks.plan.stated_bare import bare_field_values

    assert bare_field_values(text)[0] == expected
