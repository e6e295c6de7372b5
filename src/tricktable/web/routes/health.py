"""Operations: liveness, readiness and metrics."""

from __future__ import annotations

from typing import Any

import anyio
from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response

from tricktable.i18n import Message
from tricktable.web.contract import errors
from tricktable.web.edges.metrics import exposition, token_matches
from tricktable.web.games.service import ApiError
from tricktable.web.readiness import problems
from tricktable.web.schemas import ErrorBody

router = APIRouter(tags=["operations"])

_NOT_READY: dict[int | str, dict[str, Any]] = {
    503: {
        "description": "Not ready: the reasons.",
        "content": {"application/json": {"schema": {
            "type": "object", "required": ["ready", "problems"],
            "properties": {"ready": {"const": False},
                           "problems": {"type": "array", "items": {"type": "string"}}},
        }}},
    },
}


@router.get("/healthz")
def healthz() -> dict[str, bool]:
    """The process is alive (checks nothing else; a liveness probe)."""
    return {"ok": True}


@router.get("/api/health")
def health() -> dict[str, bool]:
    """The same as ``/healthz``, kept for existing clients."""
    return {"ok": True}


@router.get("/readyz", responses=_NOT_READY)
async def readyz(request: Request) -> JSONResponse:
    """Ready for players: the database answers at the newest migration, the workers are up."""
    state = request.app.state
    found = await anyio.to_thread.run_sync(
        lambda: problems(state.engine, state.pool, started=state.started))
    if found:
        return JSONResponse({"ready": False, "problems": found}, status_code=503)
    return JSONResponse({"ready": True, "problems": []})


@router.get("/metrics", response_class=Response, responses={
    200: {"description": "Prometheus' text format.",
          "content": {"text/plain": {"schema": {"type": "string"}}}},
    **errors(401),
    404: {"model": ErrorBody, "description": "The metrics are served on their own address."},
})
def metrics(request: Request) -> Response:
    """Prometheus metrics: to anyone, to a request with ``Authorization: Bearer <token>`` when
    the server has a metrics token, and only on their own address when it has one of those."""
    settings = request.app.state.settings
    if settings.metrics_address:
        raise ApiError(404, "not_found", Message("server.http.not_found"))
    if settings.metrics_token and not token_matches(request.headers, settings.metrics_token):
        raise ApiError(401, "unauthorized", Message("server.metrics.token"),
                       headers={"WWW-Authenticate": 'Bearer realm="metrics"'})
    body, content_type = exposition()
    return Response(body, media_type=content_type)
