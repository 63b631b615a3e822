"""A case Casewright crashes on scores 0 with the crash named; the set goes on (flows/bench_requests.py)."""
from flows.bench_requests import failed_reason
from tasks.core.errors import RequestError


def test_a_refusal_is_said_as_one():
    assert failed_reason(RequestError("no tutorial fits")) == "refused: no tutorial fits"


def test_a_crash_is_said_as_a_crash_with_its_kind():
    reason = failed_reason(FileNotFoundError(2, "No such file or directory", "constant/transportProperties"))
    assert reason.startswith("crashed: FileNotFoundError:") and "transportProperties" in reason
