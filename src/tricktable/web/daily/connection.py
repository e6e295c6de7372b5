"""The connection a Daily attempt came from, kept only as an HMAC.

A connection is the client's network: an IPv4 address, or an IPv6 address's /64 (one
household or phone gets a whole /64, so counting single IPv6 addresses would be no cap at all).
It is stored as an HMAC under a subkey of the server secret and the date: the database never
holds an address, and the same network on two days gives unrelated keys.
"""

from __future__ import annotations

import hashlib
import hmac
import ipaddress
from datetime import date

from tricktable.web.identity import subkey

__all__ = ["connection_key", "connection_network", "is_ipv6"]


def connection_network(address: str) -> str:
    """The network an address counts as: the IPv4 address itself (an IPv4-mapped IPv6
    address counts as its IPv4 address), the /64 of an IPv6 address; anything that is no IP
    address (a Unix socket, a test client) counts as itself."""
    try:
        ip = ipaddress.ip_address(address.strip().split("%")[0])
    except ValueError:
        return f"other:{address}"
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network(f"{ip}/64", strict=False))
    return str(ip)


def is_ipv6(address: str) -> bool:
    """Whether the address counts as an IPv6 network (so the IPv6 cap applies)."""
    return connection_network(address).endswith("/64")


def connection_key(secret: str, address: str, day: date) -> str:
    """The stored key of ``address``'s network on ``day``: 32 hex digits of an HMAC."""
    key = subkey(secret, "daily-connection")
    message = f"{day.isoformat()}|{connection_network(address)}".encode()
    return hmac.new(key, message, hashlib.sha256).hexdigest()[:32]
