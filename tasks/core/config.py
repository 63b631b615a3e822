"""The one configuration model: environment variables, then `casewright.toml`, then defaults.

Environment variables are `CASEWRIGHT_<FIELD>` (e.g. `CASEWRIGHT_RUNNER_BACKEND=native`), plus
the conventional `DATABASE_URL`, `OPENAI_API_KEY`, `OPENAI_BASE_URL` and `PREFECT_API_URL`.
The TOML file is `./casewright.toml`, or the path in `CASEWRIGHT_CONFIG`.
"""

from __future__ import annotations

import os
from functools import lru_cache
from pathlib import Path
from typing import Any, Literal

from pydantic import AliasChoices, Field, SecretStr, ValidationError
from pydantic_settings import (
    BaseSettings,
    PydanticBaseSettingsSource,
    SettingsConfigDict,
    TomlConfigSettingsSource,
)

from tasks.core.errors import ConfigError

DEFAULT_IMAGE = "casewright/openfoam:v1912"


def _env(*names: str) -> AliasChoices:
    return AliasChoices(*names)


class Settings(BaseSettings):
    """Everything a user may set. `casewright config --json` prints the effective values."""

    model_config = SettingsConfigDict(
        env_prefix="CASEWRIGHT_",
        extra="forbid",
        populate_by_name=True,
        validate_default=True,
    )

    # --- runner -------------------------------------------------------------------------
    runner_backend: Literal["auto", "docker", "native"] = "auto"
    image: str = DEFAULT_IMAGE
    docker_memory: str = Field("8g", description="container memory limit (docker syntax)")
    docker_cpus: float = Field(2.0, gt=0)
    step_timeout_s: float = Field(3600.0, gt=0, description="wall-clock limit per step")
    infra_retries: int = Field(3, ge=0, description="retries of a step on infrastructure faults")
    openfoam_dir: Path = Path("/usr/share/openfoam")
    tutorials_dir: Path = Path("/usr/share/doc/openfoam-examples/examples")

    # --- knowledge store ----------------------------------------------------------------
    database_url: str | None = Field(
        None, validation_alias=_env("CASEWRIGHT_DATABASE_URL", "DATABASE_URL", "database_url")
    )
    embedding_provider: Literal["local", "openai"] = "local"
    embedding_model: str = "all-MiniLM-L6-v2"
    embedding_batch: int = Field(64, gt=0)
    query_encoder: Literal["auto", "onnx-int8", "torch"] = Field(
        "auto", description="local model, query side: int8 ONNX export (auto: when it builds here) or torch")
    chunk_words_docs: int = Field(400, gt=0)
    chunk_words_notes: int = Field(800, gt=0)
    chunk_overlap_words: int = Field(100, ge=0)
    hnsw_m: int = Field(16, ge=2)
    hnsw_ef_construction: int = Field(64, ge=4)
    hnsw_ef_search: int = Field(80, ge=1)
    extra_sources: list[Path] = Field(default_factory=list)

    # --- retrieval ----------------------------------------------------------------------
    rrf_k: int = Field(60, gt=0)
    mmr_lambda_workflow: float = Field(0.6, ge=0, le=1)
    mmr_lambda_expert: float = Field(0.5, ge=0, le=1)
    top_k_workflow: int = Field(5, gt=0)
    top_k_expert: int = Field(8, gt=0)

    # --- LLM (optional) -----------------------------------------------------------------
    llm_base_url: str | None = Field(
        None, validation_alias=_env("CASEWRIGHT_LLM_BASE_URL", "OPENAI_BASE_URL", "llm_base_url")
    )
    llm_api_key: SecretStr | None = Field(
        None, validation_alias=_env("CASEWRIGHT_LLM_API_KEY", "OPENAI_API_KEY", "llm_api_key")
    )
    llm_model: str = "gpt-4o-mini"
    llm_timeout_s: float = Field(60.0, gt=0)
    llm_planner: Literal["off", "fallback", "first"] = Field(
        "fallback", description="fallback: the LLM plans only what the offline planner refuses; first: LLM first"
    )

    # --- agents -------------------------------------------------------------------------
    reviewer_max_cycles: int = Field(10, ge=0)
    reviewer_strategies: bool = Field(True, description="the Reviewer's general strategies before its rule "
                                      "catalogue (off: rules, then the LLM when configured)")

    # --- Prefect ------------------------------------------------------------------------
    prefect_api_url: str | None = Field(
        None, validation_alias=_env("CASEWRIGHT_PREFECT_API_URL", "PREFECT_API_URL", "prefect_api_url")
    )
    prefect_port: int = Field(4200, gt=0, lt=65536)

    @property
    def llm_enabled(self) -> bool:
        return bool(self.llm_base_url or self.llm_api_key)

    def public_dict(self) -> dict[str, Any]:
        """The effective configuration with secrets masked, for printing."""
        data = self.model_dump(mode="json")
        if self.llm_api_key is not None:
            data["llm_api_key"] = "****"
        if self.database_url:
            data["database_url"] = _mask_url_password(self.database_url)
        return data

    @classmethod
    def settings_customise_sources(
        cls,
        settings_cls: type[BaseSettings],
        init_settings: PydanticBaseSettingsSource,
        env_settings: PydanticBaseSettingsSource,
        dotenv_settings: PydanticBaseSettingsSource,
        file_secret_settings: PydanticBaseSettingsSource,
    ) -> tuple[PydanticBaseSettingsSource, ...]:
        toml_path = Path(os.environ.get("CASEWRIGHT_CONFIG", "casewright.toml"))
        sources: list[PydanticBaseSettingsSource] = [init_settings, env_settings]
        if toml_path.is_file():
            sources.append(TomlConfigSettingsSource(settings_cls, toml_file=toml_path))
        return tuple(sources)


def _mask_url_password(url: str) -> str:
    if "@" not in url or "://" not in url:
        return url
    scheme, rest = url.split("://", 1)
    creds, host = rest.rsplit("@", 1)
    user = creds.split(":", 1)[0]
    return f"{scheme}://{user}:****@{host}" if ":" in creds else url


def load_settings(**overrides: Any) -> Settings:
    """Read the configuration; a bad value becomes a ConfigError naming the field."""
    try:
        return Settings(**overrides)
    except ValidationError as exc:
        problems = "; ".join(
            f"{'.'.join(str(p) for p in err['loc']) or 'config'}: {err['msg']}" for err in exc.errors()
        )
        raise ConfigError(
            f"invalid configuration ({problems}); check CASEWRIGHT_* variables and casewright.toml"
        ) from None


@lru_cache(maxsize=1)
def get_settings() -> Settings:
    return load_settings()
