"""The MCP tools' pure parts: paths confined to the root, schemas read from the CLI's options."""

from __future__ import annotations

from pathlib import Path

import pytest

from flows.mcp_server import TOOLS, confine, input_model
from tasks.core.errors import UsageError


@pytest.fixture
def root(tmp_path: Path) -> Path:
    (tmp_path / "root" / "cases").mkdir(parents=True)
    (tmp_path / "elsewhere").mkdir()
    (tmp_path / "root" / "escape").symlink_to(tmp_path / "elsewhere", target_is_directory=True)
    return (tmp_path / "root").resolve()


@pytest.mark.parametrize("value, inside", [
    ("cases", "cases"),
    ("cases/new", "cases/new"),
    (".", ""),
    ("cases/../cases/x", "cases/x"),
])
def test_paths_inside_the_root_resolve_against_it(root, value, inside):
    assert confine(value, root, "case_dir") == root / inside if inside else root


def test_an_absolute_path_inside_the_root_is_kept(root):
    assert confine(str(root / "cases"), root, "out") == root / "cases"


@pytest.mark.parametrize("value", ["..", "../elsewhere", "/etc", "escape", "escape/x", "cases/../../elsewhere", ""])
def test_paths_outside_the_root_are_refused_naming_the_argument(root, value):
    with pytest.raises(UsageError, match=r"outside the MCP server's root|empty or invalid") as info:
        confine(value, root, "case_dir")
    assert "case_dir" in str(info.value)


def test_input_models_forbid_unknown_arguments_and_keep_bounds():
    sweep = next(t for t in TOOLS if t.name == "sweep")
    schema = input_model(sweep).model_json_schema()
    assert schema["additionalProperties"] is False
    assert schema["properties"]["parallel"]["minimum"] == 1 and schema["properties"]["parallel"]["maximum"] == 16
    assert "set" in schema["properties"] and "set_" not in schema["properties"]
    assert "json_out" not in schema["properties"]
    with pytest.raises(Exception):
        input_model(sweep).model_validate({"case_dir": "a", "out": "b", "param": ["x=1"], "bogus": True})


def test_every_tool_names_a_command_and_an_output():
    for tool in TOOLS:
        assert input_model(tool).model_json_schema()["type"] == "object"
