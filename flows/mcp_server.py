"""`casewright mcp`: the CLI's commands as MCP tools over stdio.

Each tool is a CLI command function called in-process (flows/cli/*), so it checks, runs and
answers exactly as the command does: its input schema is read from the command's options
(names, types, defaults, bounds, help), its result is the object the command prints with
--json (the output schema is that object's model), and its refusals are the command's own
one-line errors. A failed case run is a result (exit code 1 in `_meta`), not a tool error,
as on the command line.

Every path argument is resolved against the root the user passes (`--root DIR`) and refused
when it lands outside it. Nothing here runs a shell. Long tools report progress: each line a
run logs (step started/finished, variants done) is one progress notification.
"""

from __future__ import annotations

import importlib
import inspect
import json
import logging
import os
import types
import typing
from collections.abc import Callable
from contextvars import ContextVar
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, create_model

from tasks.core.errors import CasewrightError, UsageError

logger = logging.getLogger(__name__)

SERVER_NAME = "casewright"


@dataclass(frozen=True)
class ToolSpec:
    name: str
    command: str  # "module:function" of the CLI command
    output: str | None  # "module:Model" of what --json prints (None: output_schema below)
    title: str
    long: bool = False  # runs OpenFOAM: reports progress
    read_only: bool = False


TOOLS: tuple[ToolSpec, ...] = (
    ToolSpec("ask", "flows.cli.retrieval:ask_cmd", "flows.ask:AskResult", "Ask the knowledge store", read_only=True),
    ToolSpec("new", "flows.cli.case:new_cmd", "tasks.edit.generate:CaseResult", "New case from a request", long=True),
    ToolSpec("modify", "flows.cli.case:modify_cmd", "flows.modify:ModifyResult", "Change a case and run it", long=True),
    ToolSpec("review", "flows.cli.review:review_cmd", "tasks.review.session:ReviewReport", "Repair a failing case",
             long=True),
    ToolSpec("run_case", "flows.cli.case:run_case_cmd", "tasks.run.report:RunReport", "Run a case as it is", long=True),
    ToolSpec("sweep", "flows.cli.sweep:sweep_cmd", "tasks.edit.sweep:SweepResult",
             "Parameter sweep (no_run: write and check the variants only)", long=True),
    ToolSpec("kb_cases", "flows.cli.store:kb_cases_cmd", None, "Base cases in the case base", read_only=True),
    ToolSpec("config", "flows.cli.config:config_cmd", None, "Effective configuration", read_only=True),
)
HIDDEN = {"json_out"}  # always on: a tool answers with the --json object


def _load(ref: str) -> Any:
    module, _, name = ref.partition(":")
    return getattr(importlib.import_module(module), name)


# --- input: the command's options as a pydantic model ------------------------------------------

def _is_path(annotation: Any) -> bool:
    if annotation is Path:
        return True
    return any(_is_path(arg) for arg in typing.get_args(annotation))


def _json_type(annotation: Any) -> Any:
    """The command's annotation with Path as str (arguments arrive as JSON strings)."""
    if annotation is Path:
        return str
    origin, args = typing.get_origin(annotation), typing.get_args(annotation)
    if origin in (typing.Union, types.UnionType):
        return typing.Union[tuple(_json_type(a) for a in args)]  # noqa: UP007 - built at run time
    if origin is list:
        return list[_json_type(args[0])]  # type: ignore[misc]
    return annotation


@cache
def input_model(spec: ToolSpec) -> type[BaseModel]:
    """A model of the command's parameters: name, type, default, bounds and help from typer."""
    import typer.models

    fn = _load(spec.command)
    hints = typing.get_type_hints(fn)
    fields: dict[str, Any] = {}
    for name, param in inspect.signature(fn).parameters.items():
        if name in HIDDEN:
            continue
        info = param.default
        if not isinstance(info, typer.models.ParameterInfo):
            raise TypeError(f"{spec.command}: parameter {name} is not a typer option or argument")
        required = info.default is ... or info.default is Ellipsis
        default = ... if required else info.default
        if isinstance(info, typer.models.OptionInfo):
            flag = next((d for d in info.param_decls if d.startswith("--")), None)
            cli = flag or f"--{name.replace('_', '-')}"
        else:
            cli = name.upper()
        extra = {"cli": cli}
        if _is_path(hints[name]):
            extra["path"] = "relative to --root, or absolute inside it"
        bounds = {k: v for k, v in (("ge", getattr(info, "min", None)), ("le", getattr(info, "max", None)))
                  if v is not None}
        field_name = name.rstrip("_")  # set_ -> set, as on the command line
        fields[field_name] = (_json_type(hints[name]),
                              Field(default, description=info.help, alias=None, json_schema_extra=extra, **bounds))
    return create_model(f"{spec.name}_input", __config__=ConfigDict(extra="forbid"), **fields)


def input_schema(spec: ToolSpec) -> dict[str, Any]:
    return input_model(spec).model_json_schema()


def output_schema(spec: ToolSpec) -> dict[str, Any]:
    if spec.name == "config":
        from tasks.core.config import Settings

        return Settings.model_json_schema(mode="serialization")
    if spec.name == "kb_cases":
        from tasks.knowledge.casebase import CaseRecord

        case = CaseRecord.model_json_schema(mode="serialization")
        case["properties"] = {k: v for k, v in case["properties"].items() if k not in ("fields", "files")}
        case["required"] = [k for k in case.get("required", []) if k not in ("fields", "files")]
        nullable_str = {"anyOf": [{"type": "string"}, {"type": "null"}]}
        return {"type": "object", "$defs": case.pop("$defs", {}),
                "properties": {"solver": nullable_str, "turbulence": nullable_str, "compressibility": nullable_str,
                               "relaxed": nullable_str, "cases": {"type": "array", "items": case}},
                "required": ["cases"]}
    assert spec.output is not None
    return _load(spec.output).model_json_schema(mode="serialization")


# --- paths: confined to the root ----------------------------------------------------------------

def confine(value: str, root: Path, option: str) -> Path:
    """`value` as a path inside `root` (relative values are taken from root); else a UsageError."""
    if not value or "\x00" in value:
        raise UsageError(f"{option}: empty or invalid path")
    path = Path(value).expanduser()
    resolved = (path if path.is_absolute() else root / path).resolve()
    if not resolved.is_relative_to(root):
        raise UsageError(f"{option} {value!r} is outside the MCP server's root {root}: pass a path inside it "
                         "(relative paths are taken from the root), or restart `casewright mcp --root DIR` "
                         "with a root that holds it")
    return resolved


def _arguments(spec: ToolSpec, raw: dict[str, Any], root: Path) -> dict[str, Any]:
    """Validated keyword arguments for the command function (paths confined and made Paths)."""
    model = input_model(spec)
    try:
        values = model.model_validate(raw or {})
    except ValidationError as exc:
        problems = "; ".join(f"{'.'.join(str(p) for p in e['loc']) or 'arguments'}: {e['msg']}" for e in exc.errors())
        raise UsageError(f"{spec.name}: invalid arguments ({problems}); see the tool's input schema") from None
    fn = _load(spec.command)
    hints = typing.get_type_hints(fn)
    kwargs: dict[str, Any] = {}
    params = inspect.signature(fn).parameters
    for name in params:
        if name in HIDDEN:
            kwargs[name] = True
            continue
        field = name.rstrip("_")
        value = getattr(values, field)
        envvar = getattr(params[name].default, "envvar", None)
        if value is None and isinstance(envvar, str) and os.environ.get(envvar):
            value = os.environ[envvar]  # as typer reads it for the command line
        if value is not None and _is_path(hints[name]):
            value = [confine(v, root, field) for v in value] if isinstance(value, list) else confine(value, root, field)
        kwargs[name] = value
    return kwargs


# --- calling a command --------------------------------------------------------------------------

Progress = Callable[[str], None]
_progress: ContextVar[Progress | None] = ContextVar("casewright_mcp_progress", default=None)


class _RunLogForwarder(logging.Handler):
    """Forwards the INFO lines of flow and task runs to the progress callback of the call that
    runs them (a context variable: Prefect's task threads inherit it)."""

    def emit(self, record: logging.LogRecord) -> None:
        callback = _progress.get()
        if callback is not None:
            try:
                callback(record.getMessage())
            except Exception:  # noqa: BLE001 - progress is best effort; the run goes on
                self.handleError(record)


_FORWARDER = _RunLogForwarder(logging.INFO)


class Answer(BaseModel):
    payload: Any = None
    exit_code: int = 0
    error: str | None = None
    kind: str | None = None


def call_tool(spec: ToolSpec, raw: dict[str, Any], root: Path, progress: Progress | None = None) -> Answer:
    """Run the command behind `spec` in this thread; its --json object or its one-line error."""
    import typer

    from flows.cli._common import captured_outcome

    token = _progress.set(progress)
    try:
        kwargs = _arguments(spec, raw, root)
        with captured_outcome() as outcomes:
            try:
                _load(spec.command)(**kwargs)
            except typer.Exit as exc:
                if not outcomes:
                    return Answer(exit_code=exc.exit_code, error=f"{spec.name} stopped (exit {exc.exit_code})",
                                  kind="Exit")
        if not outcomes:
            return Answer(error=f"{spec.name} returned no result", kind="NoResult", exit_code=1)
        return Answer(payload=outcomes[-1].payload, exit_code=outcomes[-1].exit_code)
    except CasewrightError as exc:
        return Answer(error=str(exc), kind=type(exc).__name__, exit_code=exc.exit_code)
    except Exception as exc:  # a bug: one line to the client, the traceback to the server's stderr
        logger.exception("tool %s failed", spec.name)
        return Answer(error=f"unexpected {type(exc).__name__}: {exc}", kind=type(exc).__name__, exit_code=1)
    finally:
        _progress.reset(token)


# --- the server ---------------------------------------------------------------------------------

def build_server(root: Path) -> Any:
    """The MCP server (the SDK's low-level Server) with one tool per ToolSpec."""
    import anyio
    import mcp.types as mt
    from mcp.server.lowlevel import Server

    specs = {s.name: s for s in TOOLS}

    def describe(spec: ToolSpec) -> mt.Tool:
        doc = inspect.getdoc(_load(spec.command)) or spec.title
        if spec.long:
            doc += " Reports progress (one notification per logged step) while it runs."
        return mt.Tool(name=spec.name, title=spec.title, description=doc, input_schema=input_schema(spec),
                       output_schema=output_schema(spec),
                       annotations=mt.ToolAnnotations(read_only_hint=spec.read_only, open_world_hint=False))

    async def list_tools(ctx: Any, params: Any) -> mt.ListToolsResult:
        return mt.ListToolsResult(tools=[describe(s) for s in TOOLS])

    async def on_call_tool(ctx: Any, params: mt.CallToolRequestParams) -> mt.CallToolResult:
        spec = specs.get(params.name)
        if spec is None:
            return _error_result(f"unknown tool {params.name!r}: use one of {', '.join(specs)}", "UsageError", 2)
        send, receive = anyio.create_memory_object_stream[str](max_buffer_size=1000)
        answer: Answer | None = None

        def report(message: str) -> None:
            try:
                anyio.from_thread.run_sync(send.send_nowait, message)
            except (anyio.WouldBlock, anyio.BrokenResourceError, RuntimeError):
                pass

        async def run() -> None:
            nonlocal answer
            async with send:
                answer = await anyio.to_thread.run_sync(call_tool, spec, params.arguments or {}, root, report)

        async with anyio.create_task_group() as tg:
            tg.start_soon(run)
            done = 0
            async with receive:
                async for message in receive:
                    done += 1
                    await ctx.session.report_progress(done, None, message)
        assert answer is not None
        if answer.error is not None:
            return _error_result(answer.error, answer.kind or "Error", answer.exit_code)
        return mt.CallToolResult(content=[mt.TextContent(type="text", text=json.dumps(answer.payload))],
                                 structured_content=answer.payload, is_error=False,
                                 meta={"exit_code": answer.exit_code})

    return Server(SERVER_NAME, version=_version(), on_list_tools=list_tools, on_call_tool=on_call_tool,
                  instructions=f"Casewright's commands as tools; paths are confined to {root}.")


def _error_result(message: str, kind: str, exit_code: int) -> Any:
    import mcp.types as mt

    return mt.CallToolResult(content=[mt.TextContent(type="text", text=f"error: {message}")], is_error=True,
                             meta={"kind": kind, "exit_code": exit_code})


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("casewright")
    except PackageNotFoundError:
        return "0"


def serve(root: Path) -> None:
    """Serve the tools over stdio until the client closes stdin."""
    import anyio
    from mcp.server.stdio import stdio_server

    from flows.server import base_env

    for key, value in base_env().items():  # before Prefect is first imported: its logging reads these
        os.environ.setdefault(key, value)
    import prefect.main  # noqa: F401 - configures logging once (replacing the run loggers' handlers); then ours

    for name in ("prefect.flow_runs", "prefect.task_runs"):
        logging.getLogger(name).addHandler(_FORWARDER)
    steps = logging.getLogger("flows.case_pipeline")  # run_case with no Prefect server logs its steps here
    steps.setLevel(logging.INFO)
    steps.addHandler(_FORWARDER)
    server = build_server(root.resolve())

    async def main() -> None:
        async with stdio_server() as (read_stream, write_stream):
            await server.run(read_stream, write_stream, server.create_initialization_options())

    anyio.run(main)
