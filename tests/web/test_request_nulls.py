"""Every request body takes null exactly where its schema says null is allowed: elsewhere a null
is refused, naming the field (leave a field out for its default)."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import ValidationError

from tricktable.web.schemas import (
    ActionRequest,
    DailyRequest,
    NicknameRequest,
    SheepsheadGameRequest,
    SpadesGameRequest,
    StrictBody,
    UndoRequest,
)
from tricktable.web.tables.replays import ReplayStepRequest
from tricktable.web.tables.schemas import (
    JoinRequest,
    PhraseRequest,
    RemoveRequest,
    SettingsRequest,
    SheepsheadTableRequest,
    SpadesTableRequest,
    TableActionRequest,
    TakeSeatRequest,
)

SMALLEST: dict[type[StrictBody], dict[str, Any]] = {
    SheepsheadGameRequest: {},
    SpadesGameRequest: {"game": "spades"},
    DailyRequest: {},
    UndoRequest: {"version": 0},
    ActionRequest: {"action": "pass", "version": 0},
    NicknameRequest: {"nickname": "Ann"},
    SheepsheadTableRequest: {"nickname": "Ann"},
    SpadesTableRequest: {"game": "spades", "nickname": "Ann"},
    JoinRequest: {"nickname": "Ann"},
    TableActionRequest: {"action": "pass", "version": 0},
    PhraseRequest: {"phrase": "nice"},
    SettingsRequest: {"helpers": True},
    TakeSeatRequest: {"code": "1-" + "a" * 40},
    RemoveRequest: {"seat": 1},
    ReplayStepRequest: {"step": 0},
}
"""Each request body with only its required fields."""


def request_bodies(base: type[StrictBody] = StrictBody) -> set[type[StrictBody]]:
    """Every request body the server defines: the models made from StrictBody that no other
    model is made from (those are the parts the bodies share)."""
    found: set[type[StrictBody]] = set()
    for model in base.__subclasses__():
        found |= request_bodies(model) if model.__subclasses__() else {model}
    return found


def null_allowed(model: type[StrictBody], field: str) -> bool:
    schema = model.model_json_schema()["properties"][field]
    return any(option.get("type") == "null" for option in schema.get("anyOf", []))


def test_every_request_body_is_listed() -> None:
    assert request_bodies() == set(SMALLEST)


@pytest.mark.parametrize("model", list(SMALLEST), ids=lambda model: model.__name__)
def test_null_is_taken_only_where_the_schema_allows_it(model: type[StrictBody]) -> None:
    smallest = SMALLEST[model]
    model.model_validate(smallest)
    for field in model.model_fields:
        body = smallest | {field: None}
        if null_allowed(model, field):
            assert getattr(model.model_validate(body), field) is None
        else:
            with pytest.raises(ValidationError) as refused:
                model.model_validate(body)
            named = [error for error in refused.value.errors()
                     if error["loc"][:1] == (field,) or f"{field} cannot be null" in error["msg"]]
            assert named, (model.__name__, field, refused.value.errors())
