"""A loopback OpenAI-compatible HTTP server for tests: it answers POST /v1/chat/completions
and /v1/embeddings from a script the test supplies, and records the requests it got.
The real `openai` client talks to it over 127.0.0.1; nothing leaves the machine.

Chat replies come from `replies` (one per request, in order) or from `responder(request)`.
A reply is the assistant's content (a str, or a dict sent as its JSON), an int for an HTTP
error status, or `(status, body)` for an error with its own body. Embeddings come from
`embed(text) -> vector`, as floats or base64 when the client asks for it.
"""

from __future__ import annotations

import base64
import json
import struct
import threading
from collections import deque
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Callable

Reply = str | dict | int | tuple[int, dict]


class OpenAIStub:
    def __init__(self, responder: Callable[[dict[str, Any]], Reply] | None = None,
                 embed: Callable[[str], list[float]] | None = None) -> None:
        self.replies: deque[Reply] = deque()
        self.responder = responder  # request -> reply, instead of the queue
        self.when_empty: Reply = "{}"  # the reply once the queue is used up
        self.embed = embed
        self.usage = {"prompt_tokens": 10, "completion_tokens": 5, "total_tokens": 15}
        self.requests: list[dict[str, Any]] = []  # each body, plus its "path" and "auth" header
        stub = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: Any) -> None:  # keep test output quiet
                pass

            def do_POST(self) -> None:  # noqa: N802 - http.server's name
                body = json.loads(self.rfile.read(int(self.headers.get("Content-Length", 0))) or b"{}")
                stub.requests.append({"path": self.path, "auth": self.headers.get("Authorization"), **body})
                if self.path == "/v1/embeddings" and stub.embed is not None:
                    return self._send(200, stub._embeddings(body))
                if self.path != "/v1/chat/completions":
                    return self._send(404, _error(404, f"no route {self.path} in the stub"))
                if stub.responder is not None:
                    reply = stub.responder(stub.requests[-1])
                else:
                    reply = stub.replies.popleft() if stub.replies else stub.when_empty
                if isinstance(reply, int):
                    return self._send(reply, _error(reply, f"scripted {reply}"))
                if isinstance(reply, tuple):
                    return self._send(reply[0], reply[1])
                content = reply if isinstance(reply, str) else json.dumps(reply)
                self._send(200, {
                    "id": "stub", "object": "chat.completion", "created": 0, "model": body.get("model", "stub"),
                    "choices": [{"index": 0, "finish_reason": "stop",
                                 "message": {"role": "assistant", "content": content}}],
                    "usage": stub.usage,
                })

            def _send(self, status: int, payload: dict[str, Any]) -> None:
                data = json.dumps(payload).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def _embeddings(self, body: dict[str, Any]) -> dict[str, Any]:
        assert self.embed is not None
        inputs = body["input"] if isinstance(body["input"], list) else [body["input"]]
        data = []
        for i, text in enumerate(inputs):
            vector: Any = self.embed(text)
            if body.get("encoding_format") == "base64":
                vector = base64.b64encode(struct.pack(f"<{len(vector)}f", *vector)).decode()
            data.append({"object": "embedding", "index": i, "embedding": vector})
        return {"object": "list", "data": data, "model": body.get("model"),
                "usage": {"prompt_tokens": 0, "total_tokens": 0}}

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}/v1"

    def __enter__(self) -> "OpenAIStub":
        self.thread.start()
        return self

    def __exit__(self, *exc: Any) -> None:
        self.server.shutdown()
        self.server.server_close()


def _error(status: int, message: str) -> dict[str, Any]:
    return {"error": {"message": message, "type": "stub", "code": status}}
