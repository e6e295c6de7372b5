"""Anonymous players: an id in a signed, HttpOnly, SameSite=Lax cookie.  No registration.

The cookie holds ``<player id>.<signature>``; the signature is an HMAC of the id under a key
derived from the server secret, so a visitor cannot pose as another player by editing it.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets

__all__ = ["COOKIE_MAX_AGE", "COOKIE_NAME", "new_player_id", "sign", "subkey", "verify"]

COOKIE_NAME = "tricktable_player"
COOKIE_MAX_AGE = 5 * 365 * 24 * 3600


def subkey(secret: str, purpose: str) -> bytes:
    """A key for one purpose, derived from the server secret."""
    return hmac.new(secret.encode(), f"tricktable/{purpose}".encode(), hashlib.sha256).digest()


def new_player_id() -> str:
    return secrets.token_hex(16)


def _signature(key: bytes, player_id: str) -> str:
    mac = hmac.new(key, player_id.encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(mac[:18]).decode().rstrip("=")


def sign(key: bytes, player_id: str) -> str:
    return f"{player_id}.{_signature(key, player_id)}"


def verify(key: bytes, value: str | None) -> str | None:
    """The player id in a cookie value, or None if it is missing or forged."""
    if not value or value.count(".") != 1:
        return None
    player_id, signature = value.split(".")
    if len(player_id) != 32 or any(c not in "0123456789abcdef" for c in player_id):
        return None
    if not hmac.compare_digest(signature, _signature(key, player_id)):
        return None
    return player_id
