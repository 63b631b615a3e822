"""A stated value is not found in a file's units or header (a coincidence of numbers), so a value
the planner refused and no layer set keeps its refusal (tasks/edit/verify.py)."""
from pathlib import Path

from tasks.edit.verify import find_stated, verify_stated
from tasks.plan.stated import NotApplied, StatedQuantity

U = ("FoamFile\n{\n    version 2.0;\n    format ascii;\n    class volVectorField;\n    object U;\n}\n"
     "dimensions [0 1 -1 0 0 0 0];\ninternalField uniform (0 0 0);\n"
     "boundaryField\n{\n    inletFuel\n    {\n        type fixedValue;\n        value uniform (0 0.8 0);\n    }\n}\n")


def _case(tmp_path: Path) -> Path:
    (tmp_path / "0").mkdir()
    (tmp_path / "0/U").write_text(U)
    return tmp_path


def _speed(value: float) -> StatedQuantity:
    return StatedQuantity(text=f"{value:g} m/s", quantity="velocity", value=value, unit="m/s", role="inlet_velocity")


def test_the_units_of_a_field_hold_no_stated_value(tmp_path: Path) -> None:
    case = _case(tmp_path)
    assert find_stated(case, _speed(1.0)) is None
    assert find_stated(case, _speed(0.8)) == ("0/U", ["boundaryField", "inletFuel", "value"])


def test_a_refused_value_found_nowhere_keeps_the_refusal(tmp_path: Path) -> None:
    why = "which patch of gas takes 1 m/s is not clear"
    out, missing = verify_stated(_case(tmp_path), [_speed(1.0)], [], [NotApplied(text="1 m/s", reason=why)])
    assert not out[0].verified and [m.reason for m in missing] == [why]


def test_a_value_another_layer_set_is_found_though_a_binder_refused_it(tmp_path: Path) -> None:
    out, missing = verify_stated(_case(tmp_path), [_speed(0.8)], [], [NotApplied(text="0.8 m/s", reason="which patch")])
    assert out[0].verified and not missing
