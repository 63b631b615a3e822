"""Run one whitelisted OpenFOAM command on a case directory, in Docker or natively.

Both backends share one contract: the command runs with the case directory as its working
directory, its output goes to `log.<command>` in the case, and a `StepResult` says what
happened. An OpenFOAM failure is a result (status "failed"), never an exception; only
faults outside OpenFOAM raise (`InfrastructureError`, which callers may retry).

Each container is labelled with the process that owns it (pid, its start time, the host).
A process killed while its step runs (`kill -9` of a Dask worker) leaves the container
running: the next step started on this host removes every Casewright container whose owner
is gone (`reap_orphans`). A SIGTERM or SIGINT of the owner removes its running containers
before the process goes (`install_signal_handlers`).
"""

from __future__ import annotations

import logging
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any, Callable, Literal, Protocol

from pydantic import BaseModel, ConfigDict, Field

from tasks.core.errors import CaseRunError, InfrastructureError, UsageError
from tasks.foam.commands import ALLOWED_COMMANDS
from tasks.run.parallel import MAX_RANKS, MPI_ENVIRONMENT, record_decomposition

log = logging.getLogger(__name__)


# An argument is an option (-overwrite), a plain token (a field or region name, a number,
# a function-object call such as "yPlus" or "components(U)"), or a relative path that
# stays inside the case. Anything with shell or path-escape characters is refused.
_TOKEN = re.compile(r"^[A-Za-z0-9_.:,+\-=()/ ]+$")

CONTAINER_CASE_DIR = "/case"


class Step(BaseModel):
    """One command to run on the case."""

    model_config = ConfigDict(extra="forbid")

    command: str
    args: list[str] = Field(default_factory=list)
    log_name: str | None = None  # default: log.<command>
    np: int = Field(1, ge=1, le=MAX_RANKS, description="MPI ranks: > 1 runs `mpirun -np N command -parallel`")

    @property
    def log_file(self) -> str:
        return self.log_name or f"log.{self.command}"

    def label(self) -> str:
        return " ".join([self.command, *self.args])

    def argv(self) -> list[str]:
        """The command line: `command args`, or `mpirun -np N command -parallel args`."""
        if self.np == 1:
            return [self.command, *self.args]
        return ["mpirun", "-np", str(self.np), self.command, *self.args]


def step_from_argv(argv: list[str]) -> Step:
    """A command line as a Step. The only MPI form accepted is
    `mpirun -np N <whitelisted solver or utility> -parallel [args]`."""
    if argv[:1] != ["mpirun"]:
        return Step(command=argv[0], args=argv[1:]) if argv else Step(command="")
    if len(argv) < 5 or argv[1] != "-np" or not argv[2].isdigit() or argv[4] != "-parallel":
        raise UsageError(f"refused {' '.join(argv)!r}: the only MPI form is "
                         f"`mpirun -np N <solver or utility> -parallel [args]`")
    np = int(argv[2])
    if not 2 <= np <= MAX_RANKS:
        raise UsageError(f"refused {' '.join(argv)!r}: -np must be 2 to {MAX_RANKS}")
    return Step(command=argv[3], args=argv[4:], np=np)


class StepResult(BaseModel):
    model_config = ConfigDict(extra="forbid")

    command: str
    args: list[str]
    backend: Literal["docker", "native"]
    np: int = 1
    status: Literal["ok", "failed", "timeout"]
    exit_code: int | None
    seconds: float
    log_path: str
    attempts: int = 1


def check_step(case_dir: Path, step: Step) -> None:
    """Refuse anything outside the whitelist, or any argument that reaches outside the case."""
    if step.command not in ALLOWED_COMMANDS:
        raise UsageError(
            f"refused to run {step.command!r}: only whitelisted OpenFOAM commands run "
            f"(mesh/pre/post utilities and OpenFOAM solvers); see `casewright run-case --help`"
        )
    case_dir = case_dir.resolve()
    for arg in step.args:
        if not _TOKEN.match(arg) or ".." in arg.split("/") or arg.startswith("/"):
            raise UsageError(
                f"refused argument {arg!r} for {step.command}: arguments must be options, "
                f"names or paths inside the case directory {case_dir}"
            )
    if not re.fullmatch(r"log\.[A-Za-z0-9_.\-]+", step.log_file):
        raise UsageError(f"refused log name {step.log_file!r}: use log.<name>")
    if (step.np > 1) != (step.args[:1] == ["-parallel"]) or step.args.count("-parallel") > 1:
        raise UsageError(
            f"refused {' '.join(step.argv())!r}: a parallel step is exactly "
            f"`mpirun -np N {step.command} -parallel [args]`, and -parallel needs mpirun (np > 1)"
        )


def _after_step(case_dir: Path, step: Step, status: str) -> None:
    """What a finished step leaves for later runs: the processor directories a successful
    decomposePar wrote are recorded as Casewright's (a repair may remove only those)."""
    if step.command == "decomposePar" and status == "ok":
        record_decomposition(case_dir)


class Runner(Protocol):
    name: Literal["docker", "native"]

    def run(self, case_dir: Path, step: Step, timeout_s: float) -> StepResult: ...


# --------------------------------------------------------------------------------------
# Native backend
# --------------------------------------------------------------------------------------


def _end_with_parent() -> Callable[[], None] | None:
    """What the child runs before exec so that the kernel sends it SIGTERM when the Casewright
    process that started it dies (killed, or its terminal closed): a solver is not left running
    on its own. Linux only (prctl PR_SET_PDEATHSIG); elsewhere None. The C function is looked up
    here, in the parent, so the child only calls it."""
    if not sys.platform.startswith("linux"):
        return None
    import ctypes

    try:
        prctl = ctypes.CDLL(None, use_errno=True).prctl
    except (OSError, AttributeError):
        return None
    pr_set_pdeathsig, sigterm = 1, int(signal.SIGTERM)
    return lambda: prctl(pr_set_pdeathsig, sigterm, 0, 0, 0)


class NativeRunner:
    """Runs the installed OpenFOAM binaries directly (machines without Docker)."""

    name: Literal["native"] = "native"

    def __init__(self, openfoam_dir: Path = Path("/usr/share/openfoam")) -> None:
        self.openfoam_dir = openfoam_dir

    def available(self) -> bool:
        return shutil.which("blockMesh") is not None

    def run(self, case_dir: Path, step: Step, timeout_s: float) -> StepResult:
        check_step(case_dir, step)
        exe = shutil.which(step.command)
        mpirun = shutil.which("mpirun") if step.np > 1 else None
        if step.np > 1 and mpirun is None:
            raise CaseRunError("mpirun is not installed on this machine: apt-get install openmpi-bin, "
                               "or run with --np 1 or the docker backend")
        if exe is None:
            raise CaseRunError(
                f"{step.command} is not installed on this machine; install OpenFOAM "
                f"(apt-get install openfoam) or use the docker backend"
            )
        env = {**os.environ, "WM_PROJECT_DIR": str(self.openfoam_dir), "FOAM_SIGFPE": "1",
               **(MPI_ENVIRONMENT if step.np > 1 else {})}
        argv = [exe, *step.args] if step.np == 1 else [mpirun, "-np", str(step.np), exe, *step.args]
        log_path = case_dir / step.log_file
        started = time.monotonic()
        with open(log_path, "wb") as out:
            proc = subprocess.Popen(
                argv, cwd=case_dir, stdout=out, stderr=subprocess.STDOUT,
                stdin=subprocess.DEVNULL, env=env, preexec_fn=_end_with_parent(),
            )
            try:
                code: int | None = proc.wait(timeout=timeout_s)
                status = "ok" if code == 0 else "failed"
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
                code, status = None, "timeout"
        _after_step(case_dir, step, status)
        return StepResult(
            command=step.command, args=step.args, backend="native", np=step.np, status=status,
            exit_code=code, seconds=round(time.monotonic() - started, 3), log_path=str(log_path),
        )


# --------------------------------------------------------------------------------------
# Docker backend
# --------------------------------------------------------------------------------------


def _is_transient_docker_error(exc: BaseException) -> bool:
    import docker.errors
    import requests

    if isinstance(exc, docker.errors.ImageNotFound):
        return False
    if isinstance(exc, docker.errors.APIError):
        return exc.status_code is None or exc.status_code >= 500
    return isinstance(exc, (docker.errors.DockerException, requests.RequestException, ConnectionError))


def backend_of(runner: Runner) -> Literal["docker", "native"]:
    """Where a runner runs its steps (a step Casewright does itself is reported under it)."""
    return "native" if isinstance(runner, NativeRunner) else "docker"


class DockerRunner:
    """Runs each step in a fresh container of the OpenFOAM image.

    The container has no network, runs as the host user's uid:gid with every capability
    dropped, and sees only the case directory (mounted at /case).
    """

    name: Literal["docker"] = "docker"

    def __init__(self, client: Any, image: str, memory: str = "8g", cpus: float = 2.0) -> None:
        self.client = client
        self.image = image
        self.memory = memory
        self.cpus = cpus

    def run(self, case_dir: Path, step: Step, timeout_s: float) -> StepResult:
        import docker.errors
        from docker.types import LogConfig

        check_step(case_dir, step)
        log_path = case_dir / step.log_file
        started = time.monotonic()
        install_signal_handlers()
        reap_orphans(self.client)
        try:
            container = self.client.containers.run(
                self.image,
                # The container writes the log itself: streaming it through the daemon cost
                # ~40 % of a core per running case (dockerd + this process), which two
                # concurrent cases on two cores cannot spare. argv goes in as positional
                # parameters, never into the script text.
                command=["sh", "-c", 'exec "$@" > "$0" 2>&1', f"{CONTAINER_CASE_DIR}/{step.log_file}",
                         *step.argv()],
                log_config=LogConfig(type="none"),
                detach=True,
                network_mode="none",
                user=f"{os.getuid()}:{os.getgid()}",
                volumes={str(case_dir): {"bind": CONTAINER_CASE_DIR, "mode": "rw"}},
                working_dir=CONTAINER_CASE_DIR,
                environment={"HOME": "/tmp", "PWD": CONTAINER_CASE_DIR, "FOAM_SIGFPE": "1",
                             **(MPI_ENVIRONMENT if step.np > 1 else {})},
                mem_limit=self.memory,
                nano_cpus=int(self.cpus * 1e9),
                cap_drop=["ALL"],
                security_opt=["no-new-privileges"],
                labels={"casewright.case": str(case_dir), "casewright.step": step.command, **owner_labels()},
            )
        except docker.errors.ImageNotFound:
            raise CaseRunError(
                f"OpenFOAM image {self.image} is not built; run docker/build.sh "
                f"(or set CASEWRIGHT_IMAGE to an image you have)"
            ) from None
        except Exception as exc:
            if _is_transient_docker_error(exc):
                raise InfrastructureError(
                    f"could not start a container for {step.command} in {case_dir}: {exc}"
                ) from exc
            raise
        _LIVE[container.id] = container
        try:
            code, status = self._wait(container, log_path, timeout_s)
        finally:
            _LIVE.pop(container.id, None)
            try:
                container.remove(force=True)
            except docker.errors.APIError as exc:  # the step's result still stands
                log.warning("could not remove container %s: %s", container.id[:12], exc)
        _after_step(case_dir, step, status)
        return StepResult(
            command=step.command, args=step.args, backend="docker", np=step.np, status=status,
            exit_code=code, seconds=round(time.monotonic() - started, 3), log_path=str(log_path),
        )

    @staticmethod
    def _wait(container: Any, log_path: Path, timeout_s: float) -> tuple[int | None, str]:
        import requests

        try:
            code = int(container.wait(timeout=timeout_s)["StatusCode"])
            status = "ok" if code == 0 else "failed"
        except (requests.exceptions.ReadTimeout, requests.exceptions.ConnectionError):
            container.kill()
            code, status = None, "timeout"
        if not log_path.exists():  # the shell could not open it: keep the reason where the log goes
            log_path.write_text(f"casewright: the container wrote no log (exit code {code})\n")
        return code, status


# --------------------------------------------------------------------------------------
# Containers whose owner is gone
# --------------------------------------------------------------------------------------

OWNER_PID = "casewright.owner.pid"
OWNER_STARTED = "casewright.owner.started"
OWNER_HOST = "casewright.owner.host"
_LIVE: dict[str, Any] = {}  # container id -> container, of the steps this process is running
_HANDLED: dict[int, Any] = {}  # signal -> the handler ours replaced


def process_started(pid: int) -> str | None:
    """When a process started (clock ticks after boot, field 22 of /proc/<pid>/stat): with
    the pid it names one process, even once the pid is reused. None: no such process, a dead
    one its parent has not waited for yet (a zombie), or no /proc."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    fields = stat.rpartition(")")[2].split()
    if len(fields) <= 19 or fields[0] in ("Z", "X"):
        return None
    return fields[19]


def owner_labels(pid: int | None = None) -> dict[str, str]:
    """The labels naming the process that owns a container (this one by default)."""
    pid = os.getpid() if pid is None else pid
    return {OWNER_PID: str(pid), OWNER_STARTED: process_started(pid) or "", OWNER_HOST: socket.gethostname()}


def _pid_exists(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # someone else's process: alive
        return True
    return True


def owner_gone(labels: dict[str, str], host: str) -> bool:
    """Whether the labels name an owner process on `host` that no longer runs. Containers of
    another host, or without owner labels (not started by this Casewright), are never judged gone."""
    if labels.get(OWNER_HOST) != host or not labels.get(OWNER_PID, "").isdigit():
        return False
    pid = int(labels[OWNER_PID])
    if not Path("/proc/self/stat").is_file():  # no /proc: only the kernel's word that the pid exists
        return not _pid_exists(pid)
    started = process_started(pid)
    if started is None:
        return True
    recorded = labels.get(OWNER_STARTED)
    return bool(recorded) and recorded != started  # the pid was reused by another process


def reap_orphans(client: Any) -> list[str]:
    """Remove the Casewright containers of this host whose owner process is gone (a worker
    killed mid-step); returns their ids. A failure here never stops the step about to run."""
    import docker.errors

    host = socket.gethostname()
    try:
        containers = client.containers.list(all=True, filters={"label": [OWNER_PID, "casewright.case"]})
    except (docker.errors.DockerException, OSError) as exc:
        log.warning("could not list containers to remove orphans: %s", exc)
        return []
    removed = []
    for container in containers:
        labels = container.labels or {}
        if not owner_gone(labels, host):
            continue
        try:
            container.remove(force=True)
        except docker.errors.NotFound:
            continue  # another process removed it first
        except docker.errors.APIError as exc:
            log.warning("could not remove orphan container %s: %s", container.id[:12], exc)
            continue
        removed.append(container.id)
        log.warning("removed container %s of %s in %s: its owner (pid %s on %s) is gone", container.id[:12],
                    labels.get("casewright.step"), labels.get("casewright.case"), labels.get(OWNER_PID), host)
    return removed


def stop_live_containers() -> list[str]:
    """Remove the containers of the steps this process is running (on SIGTERM/SIGINT)."""
    stopped = []
    for cid, container in list(_LIVE.items()):
        try:
            container.remove(force=True)
            stopped.append(cid)
        except Exception as exc:  # noqa: BLE001 - the process is going anyway; keep the reason
            log.warning("could not remove container %s on shutdown: %s", cid[:12], exc)
        _LIVE.pop(cid, None)
    return stopped


def _on_signal(signum: int, frame: Any) -> None:
    stop_live_containers()
    previous = _HANDLED.get(signum)
    if callable(previous):
        previous(signum, frame)
        return
    if previous == signal.SIG_IGN:
        return
    signal.signal(signum, signal.SIG_DFL)  # the default action: end the process as the signal asks
    os.kill(os.getpid(), signum)


def install_signal_handlers() -> bool:
    """On SIGTERM and SIGINT remove this process's running containers, then do what was done
    before (Python's KeyboardInterrupt, Prefect's or Dask's handler, or the default exit).
    Only the main thread may set handlers: elsewhere (a Dask worker thread) this does nothing
    and the orphans are reaped by the next step instead."""
    if threading.current_thread() is not threading.main_thread():
        return False
    for signum in (signal.SIGTERM, signal.SIGINT):
        current = signal.getsignal(signum)
        if current is not _on_signal:
            _HANDLED[signum] = current
            signal.signal(signum, _on_signal)
    return True


# --------------------------------------------------------------------------------------
# Backend selection
# --------------------------------------------------------------------------------------


class BackendChoice(BaseModel):
    model_config = ConfigDict(extra="forbid")

    backend: Literal["docker", "native"]
    reason: str


def docker_client_or_reason(factory: Callable[[], Any] | None = None) -> tuple[Any | None, str]:
    """A connected Docker client, or None and the reason the daemon cannot be used."""
    try:
        import docker

        client = (factory or docker.from_env)()
        client.ping()
        return client, "docker daemon reachable"
    except Exception as exc:  # any failure here means "no usable daemon"; the reason is kept
        return None, f"docker daemon not reachable ({type(exc).__name__}: {str(exc)[:120]})"


def select_runner(
    backend: str,
    image: str,
    memory: str = "8g",
    cpus: float = 2.0,
    openfoam_dir: Path = Path("/usr/share/openfoam"),
    client_factory: Callable[[], Any] | None = None,
) -> tuple[Runner, BackendChoice]:
    """Pick the runner the configuration asks for; `auto` prefers Docker, then native."""
    if backend == "native":
        return NativeRunner(openfoam_dir), BackendChoice(backend="native", reason="requested")
    client, why = docker_client_or_reason(client_factory)
    if client is not None:
        if not _has_image(client, image):
            if backend == "docker":
                raise CaseRunError(
                    f"OpenFOAM image {image} is not built; run docker/build.sh first"
                )
            why = f"image {image} not built (run docker/build.sh)"
        else:
            reason = "requested" if backend == "docker" else f"auto: {why}"
            return DockerRunner(client, image, memory, cpus), BackendChoice(backend="docker", reason=reason)
    if backend == "docker":
        raise InfrastructureError(
            f"the docker backend was requested but {why}; start dockerd or use --backend native"
        )
    native = NativeRunner(openfoam_dir)
    if not native.available():
        raise CaseRunError(
            f"no OpenFOAM available: {why}, and no native OpenFOAM is installed "
            f"(apt-get install openfoam, or start Docker and run docker/build.sh)"
        )
    return native, BackendChoice(backend="native", reason=f"auto: {why}")


def _has_image(client: Any, image: str) -> bool:
    import docker.errors

    try:
        client.images.get(image)
        return True
    except docker.errors.ImageNotFound:
        return False
