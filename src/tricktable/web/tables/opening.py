"""The opening of a table's live connection: its query (where it resumes) and its first message
(``{"token": ...}`` or ``{"watch": true}``), each checked before anything is read from the
database.  A refusal is an :class:`ApiError` that says what was wrong: a 400 (the connection
then closes with 4400), a wrong seat token a 403, an invite that names no table a 404.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Annotated, Any

from fastapi import Query
from pydantic import BaseModel, ValidationError

from tricktable.i18n import Message
from tricktable.web.errors import validation_message
from tricktable.web.games.errors import ApiError
from tricktable.web.routes.params import Count
from tricktable.web.tables.service import INVITE

__all__ = ["MAX_HELLO", "Hello", "Resume", "hello", "resume"]

MAX_HELLO = 1024
"""The most characters a first message has (a token is 43; room to spare, no more)."""


class Resume(BaseModel):
    """Where a connection resumes, as the polling route takes it: after event ``after`` of game
    ``game``, after quick phrase ``said``."""

    after: Count | None = None
    game: Annotated[str | None, Query(max_length=64)] = None
    said: Count | None = None


def resume(query: Mapping[str, str]) -> Resume:
    """The query's resume point, or a 400 naming each bad parameter (as the HTTP routes'
    own, ``query.after``…)."""
    try:
        return Resume.model_validate({name: query[name] for name in Resume.model_fields
                                      if name in query})
    except ValidationError as error:
        problems = [{**item, "loc": ("query", *item["loc"])} for item in error.errors()]
        raise ApiError(400, "bad_request", validation_message(problems)) from None


@dataclass(frozen=True)
class Hello:
    """What a first message asks: a seat (its token), or to watch (``token`` None)."""

    token: str | None

    @property
    def watching(self) -> bool:
        return self.token is None


def _refused(key: str, **params: Any) -> ApiError:
    return ApiError(400, "not_seated", Message(key, params))


def hello(message: Mapping[str, Any], invite: str) -> Hello:
    """The first message (an ASGI ``websocket.receive``) read, or why it is refused: not a
    text, too long, not a JSON object, no token and no watch, an invite no table can have."""
    text = message.get("text")
    if not isinstance(text, str):
        raise _refused("server.table.send_text")
    if len(text) > MAX_HELLO:
        raise _refused("server.table.hello_too_large", limit=MAX_HELLO)
    try:
        data = json.loads(text)
    except ValueError:
        raise _refused("server.table.send_json") from None
    if not isinstance(data, dict):
        raise _refused("server.table.send_json")
    token = data.get("token")
    if data.get("watch") is True and token is None:
        if not INVITE.fullmatch(invite):
            raise ApiError(404, "unknown_table", Message("server.table.unknown"))
        return Hello(None)
    if not isinstance(token, str) or not INVITE.fullmatch(invite):
        raise ApiError(403, "not_seated", Message("server.table.send_token"))
    return Hello(token)
