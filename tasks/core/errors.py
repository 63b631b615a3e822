"""One small error hierarchy. The CLI turns these into a one-line message and an exit code."""

from __future__ import annotations


class CasewrightError(Exception):
    """Base class: a problem the user can act on. The message says what failed and what to do."""

    exit_code = 1


class UsageError(CasewrightError):
    """Bad input from the user: a wrong path, a refused command, an invalid option."""

    exit_code = 2


class RequestError(UsageError):
    """A request that cannot be planned as written."""


class ConfigError(UsageError):
    """Configuration that cannot be used (a bad casewright.toml, an unknown backend)."""


class PlanError(CasewrightError):
    """The Architect could not produce a valid CaseManifest."""


class CaseRunError(CasewrightError):
    """An OpenFOAM step could not be run (not: the step ran and OpenFOAM failed)."""


class InfrastructureError(CaseRunError):
    """A transient fault outside OpenFOAM: Docker daemon unreachable, container create/start
    failed, a database connection dropped. The only kind of failure that is retried."""


class StoreError(CasewrightError):
    """The knowledge store (Postgres + pgvector) cannot be used."""


class LLMError(CasewrightError):
    """The configured LLM endpoint failed or answered with something unusable."""
