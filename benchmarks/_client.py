"""The benchmarks' HTTP client: one keep-alive connection per simulated player, as a browser keeps."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import orjson


class AsyncConnection:
    """A keep-alive HTTP/1.1 connection used by one request at a time, on the client's event loop:
    written and read there, with no thread to hand each request to. (A thread pool around
    ``http.client`` cost the match benchmark's clients 2.2 ms of CPU a move by POST, this 1.7 ms: CPU
    the server, on the same cores, did not get.)"""

    def __init__(self, port: int, timeout: float = 60) -> None:
        self.port, self.timeout = port, timeout
        self.streams: tuple[asyncio.StreamReader, asyncio.StreamWriter] | None = None

    async def request(
        self, method: str, path: str, token: str, body: dict[str, Any] | None = None
    ) -> tuple[int, dict[str, Any]]:
        data = b"" if body is None else orjson.dumps(body)
        head = (
            f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{self.port}\r\nAuthorization: Token {token}\r\n"
            f"Content-Type: application/json\r\nAccept: application/json\r\nContent-Length: {len(data)}\r\n\r\n"
        )
        for attempt in (1, 2):
            if self.streams is None:
                self.streams = await asyncio.open_connection("127.0.0.1", self.port)
            reader, writer = self.streams
            try:
                writer.write(head.encode() + data)
                status, payload = await asyncio.wait_for(_response(reader), timeout=self.timeout)
                break
            except (asyncio.IncompleteReadError, ConnectionError):
                # closed by the server while idle (its keep-alive timeout): once more on a new one
                self.close()
                if attempt == 2:
                    raise
            except BaseException:
                # no answer in time (or the task cancelled): a late answer must not be read as the
                # next request's, so the connection goes
                self.close()
                raise
        try:
            return status, orjson.loads(payload) if payload else {}
        except orjson.JSONDecodeError:  # a 5xx error page
            return status, {}

    def close(self) -> None:
        if self.streams is not None:
            self.streams[1].close()
            self.streams = None


async def _response(reader: asyncio.StreamReader) -> tuple[int, bytes]:
    """An HTTP/1.1 response's status and body (by its Content-Length, or chunked)."""
    status_line = await reader.readuntil(b"\r\n")
    status = int(status_line.split(b" ", 2)[1])
    length, chunked = 0, False
    while (line := await reader.readuntil(b"\r\n")) != b"\r\n":
        name, _, value = line.partition(b":")
        name = name.strip().lower()
        if name == b"content-length":
            length = int(value)
        elif name == b"transfer-encoding" and b"chunked" in value.lower():
            chunked = True
    if not chunked:
        return status, await reader.readexactly(length)
    parts = []
    while size := int((await reader.readuntil(b"\r\n")).split(b";")[0], 16):
        parts.append(await reader.readexactly(size))
        await reader.readexactly(2)
    await reader.readuntil(b"\r\n")  # the empty trailer
    return status, b"".join(parts)


async def probe_loop(lags: list[float], times: list[float] | None = None, step: float = 0.01) -> None:
    """Sleep ``step`` again and again, noting in ``lags`` how much later than asked the loop woke
    (and in ``times`` when): a client whose loop wakes late times its pushes and answers late, and
    that lateness is the bench's, not the server's. Runs until cancelled."""
    while True:
        asked = time.monotonic()
        await asyncio.sleep(step)
        woke = time.monotonic()
        lags.append(woke - asked - step)
        if times is not None:
            times.append(woke)
