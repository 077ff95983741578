"""A real HTTP server on 127.0.0.1 for tests: it stands in for the webhook service, the OpenAI-style
API, the Meta Ad Library, or a website to scrape. Each test scripts its routes and reads back what
was sent to it.

    server = LocalServer()
    server.route("POST", "/webhook/meta-copy", json=[{"PrimaryText1": "…"}])
    server.route("GET", "/slow", body=b"late", stall=True)   # answers only once the test is over
"""

import json as jsonlib
import threading
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs, urlsplit

# Only keeps a forgotten stop() from leaving a handler thread behind for long; never a measurement.
STALL_LIMIT_SECONDS = 60


@dataclass
class Reply:
    status: int = 200
    body: bytes = b""
    headers: dict[str, str] = field(default_factory=dict)
    stall: bool = False  # hold the answer until the server stops: a client's timeout always wins
    reason: str | None = None


@dataclass
class Received:
    method: str
    path: str
    query: dict[str, list[str]]
    headers: dict[str, str]
    body: bytes

    def json(self) -> Any:
        return jsonlib.loads(self.body)


class LocalServer:
    def __init__(self):
        self.routes: dict[tuple[str, str], Any] = {}
        self.received: list[Received] = []
        self.released = threading.Event()  # set by stop(): stalled answers go out (to nobody)
        server = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args):  # keep test output clean
                pass

            def _handle(self):
                length = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(length) if length else b""
                parts = urlsplit(self.path)
                request = Received(
                    method=self.command,
                    path=parts.path,
                    query=parse_qs(parts.query),
                    headers={k.lower(): v for k, v in self.headers.items()},
                    body=body,
                )
                server.received.append(request)
                reply = server.routes.get((self.command, parts.path))
                if callable(reply):
                    reply = reply(request)
                if reply is None:
                    reply = Reply(404, b"Not Found")
                if reply.stall:
                    server.released.wait(STALL_LIMIT_SECONDS)
                try:
                    self.send_response(reply.status, reply.reason)
                    headers = {"Content-Length": str(len(reply.body)), **reply.headers}
                    if headers["Content-Length"] == "omit":
                        # No declared length: the body runs until the connection closes.
                        del headers["Content-Length"]
                        headers["Connection"] = "close"
                        self.close_connection = True
                    for name, value in headers.items():
                        self.send_header(name, value)
                    self.end_headers()
                    self.wfile.write(reply.body)
                except (BrokenPipeError, ConnectionResetError):
                    pass  # the client gave up (a timeout test)

            do_GET = do_POST = do_PUT = do_HEAD = _handle

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        self.httpd.block_on_close = False
        self.port = self.httpd.server_address[1]
        self.host_port = f"127.0.0.1:{self.port}"
        self.base_url = f"http://{self.host_port}"
        self._thread = threading.Thread(
            target=self.httpd.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True
        )
        self._thread.start()

    def url(self, path: str) -> str:
        return f"{self.base_url}{path}"

    def route(
        self,
        method: str,
        path: str,
        *,
        json: Any = None,
        body: bytes | str | None = None,
        status: int = 200,
        headers: dict[str, str] | None = None,
        stall: bool = False,
        reason: str | None = None,
        handler=None,
    ) -> None:
        """Script one route: a fixed reply, or `handler(received) -> Reply` for a computed one."""
        if handler is not None:
            self.routes[(method, path)] = handler
            return
        headers = dict(headers or {})
        if json is not None:
            body = jsonlib.dumps(json)
            headers.setdefault("Content-Type", "application/json")
        if isinstance(body, str):
            body = body.encode()
        self.routes[(method, path)] = Reply(status, body or b"", headers, stall, reason)

    def last(self, path: str | None = None) -> Received:
        matching = [r for r in self.received if path is None or r.path == path]
        assert matching, f"nothing was sent to {path or 'the server'}"
        return matching[-1]

    def stop(self) -> None:
        self.released.set()
        self.httpd.shutdown()
        self.httpd.server_close()
