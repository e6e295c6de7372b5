"""The server's routers, one per resource."""
