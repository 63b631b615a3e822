"""Facts read from the tutorials are cached under the data dir, and read again when stale."""

from __future__ import annotations

from pathlib import Path

import pytest

from tasks.core.cache import cached_json, tutorials_stamp


@pytest.fixture()
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("CASEWRIGHT_DATA_DIR", str(tmp_path))
    return tmp_path


def test_a_cached_value_is_built_once_per_stamp(data: Path) -> None:
    calls: list[int] = []

    def build() -> dict[str, list[str]]:
        calls.append(1)
        return {"all": ["a", "b"]}

    assert cached_json("names", "s1", build) == {"all": ["a", "b"]}
    assert cached_json("names", "s1", build) == {"all": ["a", "b"]}
    assert len(calls) == 1
    assert cached_json("names", "s2", build) == {"all": ["a", "b"]}  # stale: read again
    assert len(calls) == 2


def test_a_damaged_cache_is_rebuilt(data: Path) -> None:
    (data / "cache").mkdir()
    (data / "cache" / "names.json").write_text('{"stamp": "s1", "val')
    assert cached_json("names", "s1", lambda: [1]) == [1]
    assert cached_json("names", "s1", lambda: [2]) == [1]


def test_the_stamp_follows_the_tutorials_folder_and_the_reader_version(tmp_path: Path) -> None:
    a = tutorials_stamp(tmp_path, "v1")
    assert a != tutorials_stamp(tmp_path, "v2")
    assert tutorials_stamp(tmp_path / "missing", "v1").endswith(":0:v1")
