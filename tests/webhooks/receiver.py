"""A real HTTP receiver on 127.0.0.1 (or another loopback address) for webhook tests: it records
every request and answers with the status codes it is given, in order (then 200). Given a TLS
context it speaks HTTPS and records the host name each client asked for (SNI)."""

from __future__ import annotations

import socket
import ssl
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


@dataclass(frozen=True)
class Received:
    path: str
    headers: dict[str, str]
    body: bytes


@dataclass
class Receiver:
    url: str
    answers: list[int] = field(default_factory=list)
    received: list[Received] = field(default_factory=list)
    server_names: list[str | None] = field(default_factory=list)  # SNI of each TLS handshake
    lock: threading.Lock = field(default_factory=threading.Lock)

    def answer(self) -> int:
        with self.lock:
            return self.answers.pop(0) if self.answers else 200

    def record(self, request: Received) -> None:
        with self.lock:
            self.received.append(request)

    def requests(self) -> list[Received]:
        with self.lock:
            return list(self.received)


def _handler(receiver: Receiver) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
            receiver.record(Received(self.path, dict(self.headers.items()), body))
            status = receiver.answer()
            self.send_response(status)
            if 300 <= status < 400:
                self.send_header("Location", "/elsewhere")
            self.send_header("Content-Length", "2")
            self.end_headers()
            self.wfile.write(b"ok")

        def log_message(self, *_args: Any) -> None:
            return None

    return Handler


@contextmanager
def running_receiver(
    answers: list[int] | None = None, host: str = "127.0.0.1", port: int = 0, tls: ssl.SSLContext | None = None
) -> Iterator[Receiver]:
    """A receiver serving in a thread until the block ends (HTTPS if ``tls`` is given)."""
    receiver = Receiver(url="", answers=list(answers or []))
    server = ThreadingHTTPServer((host, port), _handler(receiver))
    scheme = "http"
    if tls is not None:

        def remember_name(_socket: ssl.SSLObject | ssl.SSLSocket, name: str | None, _context: ssl.SSLContext) -> None:
            receiver.server_names.append(name)

        tls.sni_callback = remember_name
        server.socket = tls.wrap_socket(server.socket, server_side=True)  # the handshake is made on accept
        scheme = "https"
    receiver.url = f"{scheme}://{host}:{server.server_address[1]}/hook"
    thread = threading.Thread(target=server.serve_forever, name="webhook-receiver", daemon=True)
    thread.start()
    try:
        yield receiver
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


@dataclass
class Listener:
    """A TCP port that only counts the connections made to it (a service on the site's own
    network that no webhook may reach)."""

    port: int
    accepted: list[str] = field(default_factory=list)


@contextmanager
def counting_listener(host: str = "127.0.0.1") -> Iterator[Listener]:
    server = socket.create_server((host, 0))
    listener = Listener(server.getsockname()[1])
    stop = threading.Event()

    def serve() -> None:
        server.settimeout(0.05)
        while not stop.is_set():
            try:
                conn, peer = server.accept()
            except TimeoutError:
                continue
            except OSError:
                return
            listener.accepted.append(str(peer))
            conn.close()

    thread = threading.Thread(target=serve, name="counting-listener", daemon=True)
    thread.start()
    try:
        yield listener
    finally:
        stop.set()
        thread.join()
        server.close()
