"""`casewright mcp` over stdio, driven by the MCP Python SDK's own client.

One server process (`python -m flows.cli mcp --root ROOT`) against the session's Prefect
server; one client session makes every call in turn and the tests below read what came back.
Each call's structured result is checked by the client against the tool's output schema (the
SDK does it in call_tool) and compared with what the command prints with --json.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import CAVITY, cli_json, copy_tutorial

pytestmark = pytest.mark.integration

TOOLS = {"ask", "new", "modify", "review", "run_case", "sweep", "kb_cases", "config"}
LONG = {"new", "modify", "review", "run_case", "sweep"}


def call_script(root: Path) -> list[tuple[str, str, dict[str, Any]]]:
    """(label, tool, arguments) in the order the client calls them."""
    return [
        ("config", "config", {}),
        ("run_case", "run_case", {"case_dir": "cavity", "backend": "native"}),
        ("outside_absolute", "run_case", {"case_dir": "/etc"}),
        ("outside_relative", "run_case", {"case_dir": "../outside-cavity"}),
        ("outside_out", "sweep", {"case_dir": "cavity", "out": str(root.parent / "sweep-out"), "param": ["U=1,2"]}),
        ("bad_argument", "run_case", {"case_dir": "cavity", "backend": "native", "bogus": 1}),
        ("sweep_dry", "sweep", {"case_dir": "cavity", "out": "sweep-dry", "param": ["nu=0.01,0.02"],
                                "set": ["constant/transportProperties:nu={nu}"], "dry_run": True}),
        ("sweep_run", "sweep", {"case_dir": "cavity", "out": "sweep-run", "param": ["nu=0.01,0.02"],
                                "set": ["constant/transportProperties:nu={nu}"], "backend": "native"}),
        ("new_written", "new", {"request": "2D lid-driven cavity, lid 2 m/s, icoFoam", "out": "new-cavity",
                                "no_run": True}),
        ("kb_cases", "kb_cases", {"solver": "icoFoam"}),
    ]


async def _drive(params: Any, root: Path) -> dict[str, Any]:
    from mcp import ClientSession
    from mcp.client.stdio import stdio_client

    out: dict[str, Any] = {"calls": {}, "progress": {}}
    async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
        out["init"] = await session.initialize()
        out["tools"] = {t.name: t for t in (await session.list_tools()).tools}
        for label, tool, arguments in call_script(root):
            seen: list[tuple[float, float | None, str | None]] = []

            async def on_progress(progress: float, total: float | None, message: str | None,
                                  seen: list = seen) -> None:
                seen.append((progress, total, message))

            out["calls"][label] = await session.call_tool(tool, arguments, read_timeout_seconds=600,
                                                          progress_callback=on_progress)
            out["progress"][label] = seen
    return out


@pytest.fixture(scope="module")
def mcp_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("mcp-root") / "work"
    root.mkdir()
    copy_tutorial(CAVITY, root / "cavity")
    shutil.copytree(root / "cavity", root.parent / "outside-cavity")  # a real case, but outside the root
    return root


@pytest.fixture(scope="module")
def session(mcp_root: Path, cli_env: dict[str, str], prefect_server: str) -> dict[str, Any]:
    import anyio
    from mcp.client.stdio import StdioServerParameters

    if shutil.which("icoFoam") is None:
        pytest.skip("OpenFOAM not installed natively (apt-get install openfoam)")
    params = StdioServerParameters(command=sys.executable, args=["-m", "flows.cli", "mcp", "--root", str(mcp_root)],
                                   env=cli_env, cwd=str(Path(__file__).resolve().parents[2]))
    return anyio.run(_drive, params, mcp_root)


def structured(session: dict[str, Any], label: str) -> dict[str, Any]:
    result = session["calls"][label]
    assert not result.is_error, f"{label}: {result.content[0].text if result.content else result}"
    assert result.structured_content is not None
    return result.structured_content


def error_text(session: dict[str, Any], label: str) -> str:
    result = session["calls"][label]
    assert result.is_error, f"{label} should have been refused: {result.structured_content}"
    return result.content[0].text


def test_server_lists_every_tool_with_schemas(session):
    tools = session["tools"]
    assert set(tools) == TOOLS
    for name, tool in tools.items():
        assert tool.input_schema["type"] == "object" and tool.input_schema.get("additionalProperties") is False, name
        assert tool.output_schema and tool.output_schema["type"] == "object", name
        assert tool.description, name
    assert tools["run_case"].input_schema["required"] == ["case_dir"]
    assert {"param", "set", "change", "parallel", "no_run", "dry_run", "review"} <= set(tools["sweep"].input_schema["properties"])
    assert tools["config"].annotations.read_only_hint and not tools["new"].annotations.read_only_hint


def test_input_schemas_mirror_the_cli_options(session):
    """Every option of the command (but --json and --help) is a property, and nothing else is."""
    import typer.main

    from flows.cli import app

    root = typer.main.get_command(app)
    commands = {"run_case": "run-case", "kb_cases": ("kb", "cases")}
    for name, tool in session["tools"].items():
        path = commands.get(name, name)
        command = root.commands[path[0]].commands[path[1]] if isinstance(path, tuple) else root.commands[path]
        cli = {p.name.rstrip("_") for p in command.params if p.name not in ("json_out", "help")}
        assert set(tool.input_schema["properties"]) == cli, name


def test_config_tool_answers_what_config_json_prints(session, cli_env):
    code, printed = cli_json(["config"], cli_env)
    assert code == 0 and structured(session, "config") == printed


def test_run_case_runs_the_cavity_and_reports_progress(session, mcp_root):
    report = structured(session, "run_case")
    assert report["status"] == "completed", report
    assert Path(report["case_dir"]).resolve() == (mcp_root / "cavity").resolve()
    assert session["calls"]["run_case"].meta["exit_code"] == 0
    messages = [m for _, _, m in session["progress"]["run_case"]]
    assert any("blockMesh" in (m or "") for m in messages), messages
    assert any("icoFoam" in (m or "") for m in messages), messages
    steps = [p for p, _, _ in session["progress"]["run_case"]]
    assert steps == sorted(steps) and len(set(steps)) == len(steps)  # progress only goes up


@pytest.mark.parametrize("label", ["outside_absolute", "outside_relative", "outside_out"])
def test_paths_outside_the_root_are_refused(session, label, mcp_root):
    text = error_text(session, label)
    assert "outside the MCP server's root" in text and str(mcp_root.resolve()) in text, text
    assert session["calls"][label].meta["kind"] == "UsageError"
    assert not (mcp_root.parent / "sweep-out").exists()
    assert not (mcp_root.parent / "outside-cavity" / "log.blockMesh").exists()


def test_unknown_argument_is_refused_by_the_schema(session):
    assert "bogus" in error_text(session, "bad_argument")


def test_sweep_dry_run_plans_every_variant_and_runs_nothing(session, mcp_root):
    result = structured(session, "sweep_dry")
    assert result["dry_run"] and len(result["variants"]) == 2, result
    assert {v["status"] for v in result["variants"]} == {"planned"}
    assert result["plan_file"] and Path(result["plan_file"]).is_file()
    assert not list((mcp_root / "sweep-dry").glob("**/log.*"))


def test_sweep_runs_every_variant(session, mcp_root):
    result = structured(session, "sweep_run")
    assert result["summary"]["completed"] == 2 and result["summary"]["failed"] == 0, result
    for variant in result["variants"]:
        assert (Path(variant["case_dir"]) / "log.icoFoam").is_file()
    assert any("variants done" in (m or "") for _, _, m in session["progress"]["sweep_run"])


def test_new_writes_a_case_inside_the_root(session, mcp_root):
    result = structured(session, "new_written")
    assert result["status"] == "written", result
    assert (mcp_root / "new-cavity" / "system" / "controlDict").is_file()


def test_kb_cases_answers_or_says_to_ingest(session):
    result = session["calls"]["kb_cases"]
    if result.is_error:
        assert "casewright ingest" in result.content[0].text
    else:
        assert all(c["solver"] == "icoFoam" for c in result.structured_content["cases"])
