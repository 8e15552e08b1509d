"""A tiny JSON-over-HTTP client for tests and benchmarks (standard library only)."""

from __future__ import annotations

import http.client
import json


class Client:
    """One connection per request; `secret` (a seat's) goes as Authorization: Bearer."""

    def __init__(self, url: str, secret: str | None = None):
        host, port = url.removeprefix("http://").split(":")
        self.host, self.port = host, int(port)
        self.secret = secret

    def call(self, method: str, path: str, body=None) -> tuple[int, dict]:
        conn = http.client.HTTPConnection(self.host, self.port, timeout=60)
        headers = {"Content-Type": "application/json"}
        if self.secret:
            headers["Authorization"] = f"Bearer {self.secret}"
        try:
            data = None if body is None else json.dumps(body)
            conn.request(method, path, body=data, headers=headers)
            resp = conn.getresponse()
            return resp.status, json.loads(resp.read() or b"{}")
        finally:
            conn.close()
