"""Which containers the runner reaps: those labelled with an owner process on this host that
is gone (never another host's, never one without owner labels)."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from pathlib import Path

from tasks.run.runner import (
    OWNER_HOST,
    OWNER_PID,
    OWNER_STARTED,
    owner_gone,
    owner_labels,
    reap_orphans,
)


def _dead_pid() -> int:
    proc = subprocess.Popen([sys.executable, "-c", "pass"])
    proc.wait()
    return proc.pid


def test_owner_labels_name_this_process() -> None:
    labels = owner_labels()
    assert labels[OWNER_PID] == str(os.getpid()) and labels[OWNER_HOST] == socket.gethostname()
    assert labels[OWNER_STARTED].isdigit()
    assert not owner_gone(labels, socket.gethostname())


def test_a_dead_or_reused_owner_is_gone() -> None:
    host = socket.gethostname()
    assert owner_gone({**owner_labels(), OWNER_PID: str(_dead_pid())}, host)
    # the pid runs, but it is another process than the one that started the container
    assert owner_gone({**owner_labels(), OWNER_STARTED: "1"}, host)


def test_a_killed_owner_not_yet_waited_for_is_gone() -> None:
    proc = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    labels = owner_labels(proc.pid)
    assert not owner_gone(labels, socket.gethostname())
    proc.kill()
    try:
        deadline = time.monotonic() + 10
        while Path(f"/proc/{proc.pid}/stat").read_text().rpartition(")")[2].split()[0] != "Z":
            assert time.monotonic() < deadline
            time.sleep(0.05)
        assert owner_gone(labels, socket.gethostname())  # a zombie: killed, its parent has not waited
    finally:
        proc.wait()


def test_other_hosts_and_unlabelled_containers_are_left_alone() -> None:
    dead = {**owner_labels(), OWNER_PID: str(_dead_pid())}
    assert not owner_gone(dead, "another-host")
    assert not owner_gone({"casewright.case": "/x", "casewright.step": "icoFoam"}, socket.gethostname())


class _Container:
    def __init__(self, cid: str, labels: dict[str, str]) -> None:
        self.id, self.labels, self.removed = cid, labels, False

    def remove(self, force: bool = False) -> None:
        self.removed = force


class _Containers:
    def __init__(self, items: list[_Container]) -> None:
        self.items = items
        self.filters = None

    def list(self, all: bool = False, filters: dict | None = None) -> list[_Container]:
        self.filters = filters
        return self.items


def test_reap_removes_only_orphans() -> None:
    dead = {"casewright.case": "/c", "casewright.step": "icoFoam", **owner_labels(), OWNER_PID: str(_dead_pid())}
    alive = {"casewright.case": "/c", "casewright.step": "icoFoam", **owner_labels()}
    orphan, live = _Container("a" * 64, dead), _Container("b" * 64, alive)
    client = type("Client", (), {"containers": _Containers([orphan, live])})()
    assert reap_orphans(client) == ["a" * 64]
    assert orphan.removed and not live.removed
    assert client.containers.filters == {"label": [OWNER_PID, "casewright.case"]}
