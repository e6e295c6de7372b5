"""The edges of the app: body limit, rate limits, security headers, proxies, access log, metrics."""
