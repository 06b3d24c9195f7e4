"""Server settings, from arguments or the environment."""

from __future__ import annotations

import os
from dataclasses import dataclass

DEFAULT_DATABASE = "sqlite:///borough.db"


@dataclass(frozen=True)
class Settings:
    database_url: str = DEFAULT_DATABASE
    max_body_bytes: int = 64 * 1024  # no legal request comes near this
    bot_workers: int = 1
    bot_pause: float = 0.5  # seconds a bot waits before moving, so people can follow

    @classmethod
    def from_env(cls, **overrides: object) -> Settings:
        env = {
            "database_url": os.environ.get("BOROUGH_DATABASE_URL", DEFAULT_DATABASE),
            "max_body_bytes": int(os.environ.get("BOROUGH_MAX_BODY_BYTES", 64 * 1024)),
            "bot_workers": int(os.environ.get("BOROUGH_BOT_WORKERS", 1)),
            "bot_pause": float(os.environ.get("BOROUGH_BOT_PAUSE", 0.5)),
        }
        env.update({k: v for k, v in overrides.items() if v is not None})
        return cls(**env)  # type: ignore[arg-type]
