"""A tiny JSON-over-HTTP client for tests and benchmarks (standard library only)."""

from __future__ import annotations

import http.client
import json


class Client:
    """One keep-alive-free connection per request: sync gunicorn workers close after each."""

    def __init__(self, url: str):
        host, port = url.removeprefix("http://").split(":")
        self.host, self.port = host, int(port)

    def call(self, method: str, path: str, body=None) -> tuple[int, dict]:
        conn = http.client.HTTPConnection(self.host, self.port, timeout=60)
        try:
            data = None if body is None else json.dumps(body)
            conn.request(method, path, body=data, headers={"Content-Type": "application/json"})
            resp = conn.getresponse()
            return resp.status, json.loads(resp.read() or b"{}")
        finally:
            conn.close()
