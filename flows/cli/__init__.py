"""The `casewright` command: every command and group, registered in the order `--help` lists them.

One module per command group (case, review, retrieval, store, sweep, bench, server, config, mcp);
_common.py holds what they share (run_flow, finish), _edge.py turns failures into one line
and an exit code.
"""

from __future__ import annotations

import typer

from flows.cli import bench, case, config, mcp, retrieval, review, server, store, sweep
from flows.cli._common import DEBUG
from flows.cli._edge import CasewrightGroup

app = typer.Typer(
    name="casewright",
    cls=CasewrightGroup,
    help="Turn CFD requests into validated, runnable OpenFOAM cases (offline first).",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


@app.callback()
def _root(
    debug: bool = typer.Option(False, "--debug", envvar="CASEWRIGHT_DEBUG",
                               help="Show the traceback of a failure instead of a one-line error."),
) -> None:
    DEBUG.set(debug)


app.command("config")(config.config_cmd)
app.command("run-case")(case.run_case_cmd)
app.command("new")(case.new_cmd)
app.command("modify")(case.modify_cmd)
app.command("ingest")(store.ingest_cmd)
app.command("review")(review.review_cmd)
app.command("ask")(retrieval.ask_cmd)
app.command("sweep")(sweep.sweep_cmd)
app.command("mcp")(mcp.mcp_cmd)

server_app = typer.Typer(help="The local Prefect server and dashboard (127.0.0.1).", no_args_is_help=True)
server_app.command("start")(server.server_start)
server_app.command("stop")(server.server_stop)
server_app.command("status")(server.server_status)
app.add_typer(server_app, name="server")

bench_app = typer.Typer(help="Benchmarks: retrieval, executability, repair, validation against published data.", no_args_is_help=True)
bench_app.command("repair")(review.bench_repair_cmd)
bench_app.command("retrieval")(retrieval.bench_retrieval_cmd)
bench_app.command("exec")(bench.bench_exec_cmd)
bench_app.command("validate")(bench.bench_validate_cmd)
app.add_typer(bench_app, name="bench")

kb_app = typer.Typer(help="Inspect the knowledge store.", no_args_is_help=True)
kb_app.command("cases")(store.kb_cases_cmd)
app.add_typer(kb_app, name="kb")


def main() -> None:
    app()
