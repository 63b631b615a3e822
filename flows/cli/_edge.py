"""The CLI's edge: every failure leaves here as one `error: ...` line on stderr and an exit code
(and, with --json, one {"error": ..., "kind": ...} object on stdout).

- bad usage (a missing option, a bad option value, an unknown command) and a refused request
  (UsageError and its subclasses): exit 2
- any other CasewrightError: its exit code (1)
- anything else is a bug: exit 1, with a line saying how to see the traceback

`casewright --debug ...` (or CASEWRIGHT_DEBUG=1) re-raises instead, showing the traceback.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Any

import typer
from rich.markup import escape
from typer.core import TyperGroup

from flows.cli._common import DEBUG, emit_json, err
from tasks.core.errors import CasewrightError, UsageError

DEBUG_HINT = "run `casewright --debug ...` (or set CASEWRIGHT_DEBUG=1) to see the traceback"


class CasewrightGroup(TyperGroup):
    """The root `casewright` command, with the error edge around every subcommand."""

    def main(self, args: Sequence[str] | None = None, prog_name: str | None = None,
             complete_var: str | None = None, standalone_mode: bool = True, **extra: Any) -> Any:
        argv = list(sys.argv[1:] if args is None else args)
        json_out = wants_json(argv)
        token = DEBUG.set(False)
        try:
            code = super().main(argv, prog_name, complete_var, standalone_mode=False, **extra)
        except typer.TyperException as exc:  # typer's own: bad usage (exit 2), an unreadable file (1)
            if type(exc).__name__ == "NoArgsIsHelpError":  # the help is printed already (not public in typer)
                code = exc.exit_code
            else:
                kind = UsageError.__name__ if exc.exit_code == UsageError.exit_code else type(exc).__name__
                code = fail(usage_message(exc), kind, exc.exit_code, json_out)
        except typer.Abort:
            err.print("Aborted.")
            code = 1
        except CasewrightError as exc:
            if DEBUG.get():
                raise
            code = fail(str(exc), type(exc).__name__, exc.exit_code, json_out)
        except Exception as exc:  # a bug, not a user error: one line unless --debug
            if DEBUG.get():
                raise
            code = fail(f"unexpected {type(exc).__name__}: {exc}; {DEBUG_HINT}", type(exc).__name__, 1, json_out)
        finally:
            DEBUG.reset(token)
        if not standalone_mode:
            return code
        # without standalone mode typer returns the code of typer.Exit, or the command's
        # return value (None) when it returned normally
        sys.exit(code if isinstance(code, int) else 0)


def wants_json(argv: list[str]) -> bool:
    """--json before any `--`. Read from argv: a usage error stops typer before it parses options."""
    head = argv[: argv.index("--")] if "--" in argv else argv
    return "--json" in head


def usage_message(exc: typer.TyperException) -> str:
    message = exc.format_message().strip().rstrip(".")
    ctx = getattr(exc, "ctx", None)
    return f"{message} (see '{ctx.command_path} --help')" if ctx is not None else message


def fail(message: str, kind: str, exit_code: int, json_out: bool) -> int:
    """Print the failure (one line on stderr; one JSON object on stdout with --json)."""
    if json_out:
        emit_json({"error": message, "kind": kind})
    line = " ".join(part.strip() for part in message.splitlines() if part.strip())
    err.print(f"[red]error:[/red] {escape(line)}", highlight=False, soft_wrap=True)
    return exit_code
