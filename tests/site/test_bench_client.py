"""The benchmarks' HTTP client (``benchmarks/_client.py``) speaks HTTP/1.1 by hand on its event loop:
it must read a body sized by Content-Length or sent in chunks, keep one connection for many
requests, and send a request again on a new connection when the server closed the idle one."""

from __future__ import annotations

import asyncio
import json

from benchmarks._client import AsyncConnection


class Server:
    """A loopback HTTP server that answers each request with ``answer(request number)`` and counts
    the connections it accepted; with ``close_after_one`` it closes each after its first answer."""

    def __init__(self, close_after_one: bool = False, silent_to_first: bool = False) -> None:
        self.close_after_one, self.silent_to_first = close_after_one, silent_to_first
        self.connections = 0
        self.requests: list[tuple[str, dict[str, str], bytes]] = []

    async def handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.connections += 1
        while True:
            try:
                request_line = await reader.readuntil(b"\r\n")
            except asyncio.IncompleteReadError:
                break
            headers = {}
            while (line := await reader.readuntil(b"\r\n")) != b"\r\n":
                name, _, value = line.decode().partition(":")
                headers[name.strip().lower()] = value.strip()
            body = await reader.readexactly(int(headers.get("content-length", "0")))
            self.requests.append((request_line.decode().strip(), headers, body))
            if self.silent_to_first and len(self.requests) == 1:
                await asyncio.sleep(0.5)  # answers only after the client gave up waiting
            writer.write(self.answer(len(self.requests)))
            await writer.drain()
            if self.close_after_one:
                break
        writer.close()

    @staticmethod
    def answer(number: int) -> bytes:
        payload = json.dumps({"number": number, "text": "é" * 3000}).encode()
        if number % 2:  # odd: sized; even: chunked, in pieces of 1,000 bytes
            return b"HTTP/1.1 201 Created\r\nContent-Length: %d\r\n\r\n%s" % (len(payload), payload)
        chunks = b"".join(
            b"%x\r\n%s\r\n" % (len(payload[i : i + 1000]), payload[i : i + 1000]) for i in range(0, len(payload), 1000)
        )
        return b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n" + chunks + b"0\r\n\r\n"


async def exchange(server: Server, requests: int) -> list[tuple[int, dict[str, object]]]:
    listening = await asyncio.start_server(server.handle, "127.0.0.1", 0)
    port = listening.sockets[0].getsockname()[1]
    connection = AsyncConnection(port)
    answers = []
    try:
        for n in range(requests):
            answers.append(await connection.request("POST", f"/api/x/{n}/", "tok", {"n": n}))
    finally:
        connection.close()
        listening.close()
        await listening.wait_closed()
    return answers


def test_sized_and_chunked_bodies_are_read_whole_on_one_connection() -> None:
    server = Server()
    answers = asyncio.run(exchange(server, 4))
    assert [status for status, _ in answers] == [201, 200, 201, 200]
    assert [body["number"] for _, body in answers] == [1, 2, 3, 4]
    assert all(body["text"] == "é" * 3000 for _, body in answers)
    assert server.connections == 1
    line, headers, body = server.requests[2]
    assert line == "POST /api/x/2/ HTTP/1.1"
    assert headers["authorization"] == "Token tok"
    assert json.loads(body) == {"n": 2}


def test_a_request_on_a_connection_the_server_closed_goes_again_on_a_new_one() -> None:
    server = Server(close_after_one=True)
    answers = asyncio.run(exchange(server, 3))
    assert [body["number"] for _, body in answers] == [1, 2, 3]
    assert server.connections == 3
    assert [json.loads(body)["n"] for _, _, body in server.requests] == [0, 1, 2]


def test_after_a_request_timed_out_its_late_answer_is_not_taken_for_the_next_ones() -> None:
    server = Server(silent_to_first=True)

    async def two_requests() -> tuple[type[BaseException], tuple[int, dict[str, object]]]:
        listening = await asyncio.start_server(server.handle, "127.0.0.1", 0)
        connection = AsyncConnection(listening.sockets[0].getsockname()[1], timeout=0.1)
        try:
            try:
                await connection.request("POST", "/api/x/0/", "tok", {"n": 0})
            except TimeoutError as exc:
                gave_up = type(exc)
            connection.timeout = 30
            second = await connection.request("POST", "/api/x/1/", "tok", {"n": 1})
        finally:
            connection.close()
            listening.close()
        return gave_up, second

    gave_up, (status, body) = asyncio.run(two_requests())
    assert gave_up is TimeoutError
    assert (status, body["number"]) == (200, 2)  # the second request's own answer, on a new connection
    assert server.connections == 2
