"""A loopback OpenAI-compatible HTTP server for tests: it answers POST /v1/chat/completions
and /v1/embeddings from a script the test supplies, and records the requests it got.
The real `openai` client talks to it over 127.0.0.1; nothing leaves the machine."""

from __future__ import annotations

import json
import threading
from collections import deque
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Callable


class OpenAIStub:
    def __init__(self, responder: Callable[[dict[str, Any]], Any] | None = None) -> None:
        self.replies: deque[Any] = deque()  # str content, or (status, body) for an HTTP error
        self.responder = responder  # request body -> reply, instead of the queue
        self.requests: list[dict[str, Any]] = []
        self.embed: Callable[[str], list[float]] | None = None
        stub = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: Any) -> None:  # keep test output quiet
                pass

            def do_POST(self) -> None:  # noqa: N802 - http.server's name
                body = json.loads(self.rfile.read(int(self.headers.get("Content-Length", 0))) or b"{}")
                stub.requests.append({"path": self.path, "auth": self.headers.get("Authorization"), **body})
                if self.path.endswith("/embeddings") and stub.embed is not None:
                    inputs = body["input"] if isinstance(body["input"], list) else [body["input"]]
                    data = [{"object": "embedding", "index": i, "embedding": stub.embed(t)} for i, t in enumerate(inputs)]
                    return self._send(200, {"object": "list", "data": data, "model": body.get("model"),
                                            "usage": {"prompt_tokens": 1, "total_tokens": 1}})
                if stub.responder is not None:
                    reply = stub.responder(stub.requests[-1])
                else:
                    reply = stub.replies.popleft() if stub.replies else "{}"
                if isinstance(reply, tuple):
                    return self._send(reply[0], reply[1])
                self._send(200, {
                    "id": "stub", "object": "chat.completion", "created": 0, "model": body.get("model", "stub"),
                    "choices": [{"index": 0, "finish_reason": "stop",
                                 "message": {"role": "assistant", "content": reply}}],
                    "usage": {"prompt_tokens": 10, "completion_tokens": 5, "total_tokens": 15},
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

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}/v1"

    def __enter__(self) -> "OpenAIStub":
        self.thread.start()
        return self

    def __exit__(self, *exc: Any) -> None:
        self.server.shutdown()
        self.server.server_close()
