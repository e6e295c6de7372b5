"""Routes for tests only, served when the settings allow test options (never in production)."""

from __future__ import annotations

from fastapi import APIRouter

router = APIRouter(prefix="/api/test", tags=["test"], include_in_schema=False)


@router.get("/error")
def unexpected_error() -> None:
    """Fails as a bug would: the server must still answer JSON and keep the connection."""
    raise RuntimeError("A test asked for an unexpected error.")
