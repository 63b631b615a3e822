"""The pre-run checker on a real tutorial: clean as shipped, and the problems it names."""

from __future__ import annotations

from pathlib import Path

from tasks.edit.checks import check_case
from tests.conftest import CAVITY, copy_tutorial

CODED_LID = """
    movingWall
    {
        type            codedFixedValue;
        value           uniform (0 0 0);
        name            oscillatingLid;
        code
        #{
            const scalar t = this->db().time().value();
            operator==(vector(5*sin(2*constant::mathematical::pi*t/0.1), 0, 0));
        #};
    }
"""


def _cavity(tmp_path: Path) -> Path:
    return copy_tutorial(CAVITY, tmp_path / "cavity")


def _replace_patch(path: Path, patch: str, block: str) -> None:
    text = path.read_text()
    start = text.index(f"    {patch}\n")
    end = text.index("    }\n", start) + len("    }\n")
    path.write_text(text[:start] + block.lstrip("\n") + text[end:])


def test_the_shipped_cavity_has_no_problem(tmp_path: Path) -> None:
    assert check_case(_cavity(tmp_path), "icoFoam") == []


def test_a_coded_boundary_condition_is_named_with_the_function1_alternative(tmp_path: Path) -> None:
    case = _cavity(tmp_path)
    _replace_patch(case / "0/U", "movingWall", CODED_LID)
    problems = check_case(case, "icoFoam")
    assert [(p.severity, p.file) for p in problems] == [("warning", "0/U")]
    assert "codedFixedValue" in problems[0].message and "compiler" in problems[0].message
    assert "uniformFixedValue" in problems[0].fix


def test_code_stream_in_control_dict_is_named(tmp_path: Path) -> None:
    case = _cavity(tmp_path)
    control = case / "system/controlDict"
    control.write_text(control.read_text().replace("endTime         0.5;",
                                                   "endTime         #codeStream { code #{ os << 0.5; #}; };"))
    problems = check_case(case, "icoFoam")
    assert [(p.file, p.message.split()[0]) for p in problems] == [("system/controlDict", "#codeStream")]


def test_a_missing_patch_entry_is_an_error_naming_the_patch(tmp_path: Path) -> None:
    case = _cavity(tmp_path)
    _replace_patch(case / "0/p", "fixedWalls", "")
    problems = check_case(case, "icoFoam")
    assert [(p.severity, p.file, p.message) for p in problems] == [("error", "0/p", "no entry for patch fixedWalls")]
