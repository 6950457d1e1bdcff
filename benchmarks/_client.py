"""The benchmarks' HTTP client: one keep-alive connection per simulated player, as a browser keeps."""

from __future__ import annotations

import http.client
import json
from typing import Any


class Connection:
    """A keep-alive HTTP/1.1 connection to the bench's server, used by one request at a time."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.conn: http.client.HTTPConnection | None = None

    def request(
        self, method: str, path: str, token: str, body: dict[str, Any] | None = None
    ) -> tuple[int, dict[str, Any]]:
        data = None if body is None else json.dumps(body)
        headers = {"Authorization": f"Token {token}", "Content-Type": "application/json", "Accept": "application/json"}
        for attempt in (1, 2):
            if self.conn is None:
                self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
            try:
                self.conn.request(method, path, data, headers)
                response = self.conn.getresponse()
                payload = response.read()
                break
            except (http.client.RemoteDisconnected, BrokenPipeError, ConnectionResetError):
                # The server closed the idle connection (its keep-alive timeout) before reading this
                # request: send it again on a new one (a repeated pick or a stale move is refused).
                self.conn.close()
                self.conn = None
                if attempt == 2:
                    raise
        try:
            return response.status, json.loads(payload) if payload else {}
        except ValueError:  # a 5xx error page
            return response.status, {}

    def post(self, path: str, token: str, body: dict[str, Any] | None = None) -> tuple[int, dict[str, Any]]:
        return self.request("POST", path, token, body or {})
