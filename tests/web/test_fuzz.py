"""Schema-driven fuzzing (schemathesis): whatever the OpenAPI document allows, and much that it
does not, the app answers without a server error and within the documented statuses, content
types, headers and bodies.

Bounded and deterministic: a few derandomized examples per operation and mode.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
import schemathesis
from fastapi import FastAPI
from hypothesis import HealthCheck, given, settings
from schemathesis import GenerationMode
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)

CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance,
          response_headers_conformance, response_schema_conformance]

EXAMPLES = 12


@pytest.mark.parametrize("mode", [GenerationMode.POSITIVE, GenerationMode.NEGATIVE])
def test_the_app_keeps_its_contract(make_app: Callable[..., FastAPI],
                                    mode: GenerationMode) -> None:
    schema = schemathesis.openapi.from_asgi("/api/openapi.json", make_app())
    operations = [result.ok() for result in schema.get_all_operations()]
    assert len(operations) == 32  # the contract test lists them
    for operation in operations:
        raw = operation.definition.raw
        if mode is GenerationMode.NEGATIVE and not raw.get("parameters") and not raw.get(
                "requestBody"):
            continue  # nothing to get wrong

        @given(case=operation.as_strategy(generation_mode=mode))
        @settings(max_examples=EXAMPLES, deadline=None, derandomize=True, database=None,
                  suppress_health_check=list(HealthCheck))
        def answers_within_the_contract(case: Any) -> None:
            case.call_and_validate(checks=CHECKS)

        answers_within_the_contract()
