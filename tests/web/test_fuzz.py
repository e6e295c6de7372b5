"""Schema-driven fuzzing (schemathesis), as ``schemathesis run`` would: every phase (examples,
coverage, fuzzing, stateful) and every check, positive and negative.  Whatever the OpenAPI
document allows the app takes, whatever it refuses the app refuses with a 4xx, and every answer
keeps to its documented status, content type, headers and body; a 405 names its ``Allow``.

Bounded and deterministic: a fixed seed and a few examples per operation, on both databases.
"""

from __future__ import annotations

from collections.abc import Callable

import schemathesis
from fastapi import FastAPI
from fastapi.testclient import TestClient
from schemathesis.config import SchemathesisConfig
from schemathesis.engine import events, from_schema

from tests.web.test_contract import EXPECTED

EXAMPLES = 10

def test_the_app_keeps_its_contract(make_app: Callable[..., FastAPI]) -> None:
    app = make_app()
    config = SchemathesisConfig.from_dict({
        "seed": 7,
        "generation": {"max-examples": EXAMPLES, "mode": "all"},
        "checks": {"enabled": True},
    })
    failures: list[str] = []
    with TestClient(app):  # the app's lifespan: its workers run
        schema = schemathesis.openapi.from_asgi("/api/openapi.json", app, config=config)
        assert len(list(schema.get_all_operations())) == len(EXPECTED)  # every one is fuzzed
        for event in from_schema(schema).execute():
            if isinstance(event, events.ScenarioFinished):
                for checks in event.recorder.checks.values():
                    failures += [f"{event.recorder.label}: {check.name}: "
                                 f"{check.failure_info.failure.title}\n"
                                 f"{check.failure_info.code_sample}"
                                 for check in checks if check.failure_info is not None]
            elif isinstance(event, events.NonFatalError | events.FatalError):
                failures.append(f"error: {event}")
    assert failures == [], "\n\n".join(dict.fromkeys(failures))
