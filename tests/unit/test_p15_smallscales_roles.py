"""Times that are a part of the run (an injection's duration and start, the start of averaging, a
ramp, a pulse) are read as such, never as the run's end time; lengths of the flow (a film's
thickness, a roughness, a porous layer) are told from sizes of the domain. Probes: three
phrasings each (terse, verbose, other units / word order)."""

from __future__ import annotations

import pytest

from tasks.plan.bind_small_lengths import flow_length, small_length_kind
from tasks.plan.controls_time_roles import part_time_role
from tasks.plan.stated import read_stated


def _roles(text: str) -> dict[str, str]:
    return {q.text: q.role for q in read_stated(text) if q.quantity in ("time", "length")}


@pytest.mark.parametrize("text, expected", [
    # injection duration: terse, verbose, other units / word order
    ("reactingParcelFoam verticalChannel, d 50 um, inject for 0.01 s, end time 0.03 s",
     {"0.01 s": "injection_duration", "0.03 s": "end_time"}),
    ("I would like the particles to be released over 0.2 s while the whole simulation runs to 1 s",
     {"0.2 s": "injection_duration", "1 s": "end_time"}),
    ("sprayFoam: a 4 ms injection, run 10 ms", {"4 ms": "injection_duration", "10 ms": "end_time"}),
    ("aachenBomb, injection duration 1.25 ms, SOI 0.1 ms, endTime 5 ms",
     {"1.25 ms": "injection_duration", "0.1 ms": "injection_start", "5 ms": "end_time"}),
    ("Please set up a spray where fuel is injected during the first 3 milliseconds, start of injection at "
     "0.5 ms, total simulated time 8 ms",
     {"3 milliseconds": "injection_duration", "0.5 ms": "injection_start", "8 ms": "end_time"}),
    ("droplets of 20 um injected over 5 ms, starting at 1 ms, simulate 20 ms.",
     {"5 ms": "injection_duration", "1 ms": "injection_start", "20 ms": "end_time"}),
    ("inject air for 2 s starting at 0.5 s, end time 5 s",
     {"2 s": "injection_duration", "0.5 s": "injection_start", "5 s": "end_time"}),
    ("injection starts at 0.2 s, lasts 0.3 s; end 1 s",
     {"0.2 s": "injection_start", "0.3 s": "injection_duration", "1 s": "end_time"}),
    ("the injection lasting 0.5 s, the run 2 s", {"0.5 s": "injection_duration"}),
    # averaging, ramps, pulses
    ("pitzDaily LES, start averaging at 0.1 s, run to 0.3 s", {"0.1 s": "averaging_start", "0.3 s": "end_time"}),
    ("channel flow, averaging from t = 2 s, end time 10 s", {"2 s": "averaging_start", "10 s": "end_time"}),
    ("the inlet velocity ramps up over 0.5 s, end time 5 s", {"0.5 s": "ramp_time", "5 s": "end_time"}),
    ("inlet pulse lasting 0.1 s, simulate 1 s", {"0.1 s": "pulse_duration", "1 s": "end_time"}),
    # run controls stay run controls
    ("run for 2 s with time step 1 ms, starting at 0.5 s", {"2 s": "end_time", "1 ms": "delta_t", "0.5 s": "start_time"}),
    ("particles injected at 15 m/s; simulation starting at 0.1 s, end 1 s", {"0.1 s": "start_time", "1 s": "end_time"}),
    ("restart at 2 s of simulated time", {"2 s": "start_time"}),
])
def test_part_times_are_not_the_end_time(text: str, expected: dict[str, str]) -> None:
    roles = _roles(text)
    assert {k: roles.get(k) for k in expected} == expected


@pytest.mark.parametrize("before, after, role", [
    ("inject for ", ", end 1 s", "injection_duration"),
    ("the run lasts ", "", None),
    ("soi = ", "", "injection_start"),
    ("write every ", "", None),
])
def test_part_time_role(before: str, after: str, role: str | None) -> None:
    assert part_time_role(before, after) == role


@pytest.mark.parametrize("head, tail, value, kind", [
    ("liquidfilmfoam cylinder, initial film thickness ", ", run 2 s", 0.0002, "film"),
    ("the film should start with a thickness of ", " everywhere.", 0.0005, "film"),
    ("a ", " thick water film on the plate", 0.0003, "film"),
    ("liquid film flowing down a ", " long inclined plate", 1.0, None),
    ("a film on a cylinder of ", " diameter", 0.02, None),
    ("walls with ", " sand-grain roughness", 5e-05, "roughness"),
    ("rough walls, ks = ", "", 0.0001, "roughness"),
    ("porous layer ", " thick", 0.005, "porous_layer"),
    ("a channel ", " wide", 0.1, None),
    ("a pipe of diameter ", "", 0.05, None),
])
def test_small_length_kind(head: str, tail: str, value: float, kind: str | None) -> None:
    assert small_length_kind(head, tail, value) == kind


def test_flow_length_covers_particles() -> None:
    assert flow_length("glass beads of ", " diameter", 0.003)
    assert not flow_length("a pipe ", " in diameter carrying beads", 0.05)


@pytest.mark.parametrize("text, said", [
    ("flow seeded with particles run for 2 s", "2 s"),
    ("particles injected continuously; run for 2 s", "2 s"),
    ("the particles enter at 5 m/s, simulate 2 s", "2 s"),
    ("water is fed through the inlet for 10 s", "10 s"),
])
def test_the_run_length_stays_the_end_time(text: str, said: str) -> None:
    assert _roles(text)[said] == "end_time"
