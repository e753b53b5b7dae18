"""Ask a TOML language server what an editor would show while a variant file is written.

Starts a language server (by default Taplo's, served by ``taplo-lsp.js`` beside
this file), opens ``editor-demo.toml``, whose first line names the shipped
variant schema in a ``#:schema`` comment, and asks what an editor asks:
completion inside ``[total]`` and inside a card's effect, and hover on a key.
It prints the server's answers as an editor lists them: each key with the
description the schema gives it.

    npm install @taplo/lsp
    python editor_session.py                  # the session, as text
    python editor_session.py --svg out.svg    # and a rendering of the completion list

Only the standard library is needed, and ``rich`` for ``--svg``.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import queue
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
DEMO = HERE / "editor-demo.toml"
SERVER = ("node", str(HERE / "taplo-lsp.js"))

# Where the editor asks, as (line, character), both counted from 0, in editor-demo.toml.
QUESTIONS = {
    "completion of a key in [total]": ("textDocument/completion", "[total]", 1, 0),
    "completion of an effect's type": (
        "textDocument/completion",
        "[[cards.plus_ten.effects]]",
        1,
        len("type = "),
    ),
    "completion of a key in an effect": (
        "textDocument/completion",
        "[[cards.minus_ten.effects]]",
        2,
        0,
    ),
    "hover on bust": ("textDocument/hover", "bust = ", 0, 1),
}


class LanguageServerError(RuntimeError):
    """The server stopped, answered with an error, or did not answer in time."""


class LanguageServer:
    """A language server in a child process, spoken to in JSON-RPC over its stdin and stdout.

    Args:
        command: The command that starts the server.
        root: The folder the editor has open.
        timeout: Seconds to wait for each answer. A server answers in well
            under a second; the limit only stops a server that never will
            (a busy machine must not make the session fail).
    """

    def __init__(self, command: tuple[str, ...], root: Path, timeout: float = 600.0) -> None:
        self._timeout = timeout
        self._next_id = 0
        self._messages: queue.Queue[dict[str, Any] | None] = queue.Queue()
        self._process = subprocess.Popen(  # noqa: S603 (the command is the caller's)
            command,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            cwd=root,
        )
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()
        self.capabilities = self.request(
            "initialize",
            {
                "processId": os.getpid(),
                "rootUri": root.as_uri(),
                "workspaceFolders": [{"uri": root.as_uri(), "name": root.name}],
                "capabilities": {
                    "textDocument": {
                        "completion": {
                            "completionItem": {"documentationFormat": ["markdown", "plaintext"]}
                        },
                        "hover": {"contentFormat": ["markdown", "plaintext"]},
                    },
                    "workspace": {"configuration": True},
                },
            },
        )["capabilities"]
        self.notify("initialized", {})

    def _read(self) -> None:
        stream = self._process.stdout
        assert stream is not None  # noqa: S101 (opened as a pipe above)
        while True:
            headers = {}
            while line := stream.readline().decode("ascii").strip():
                name, _, value = line.partition(":")
                headers[name.lower()] = value.strip()
            if "content-length" not in headers:
                self._messages.put(None)  # the server closed its output
                return
            self._messages.put(json.loads(stream.read(int(headers["content-length"]))))

    def _send(self, message: dict[str, Any]) -> None:
        body = json.dumps({"jsonrpc": "2.0", **message}).encode()
        stdin = self._process.stdin
        assert stdin is not None  # noqa: S101 (opened as a pipe above)
        stdin.write(b"Content-Length: %d\r\n\r\n%s" % (len(body), body))
        stdin.flush()

    def notify(self, method: str, params: dict[str, Any]) -> None:
        """Send a notification, which has no answer."""
        self._send({"method": method, "params": params})

    def request(self, method: str, params: dict[str, Any]) -> Any:
        """Send a request and return the server's result.

        Requests from the server meanwhile are answered as an editor with no
        settings of its own would answer them; its notifications are read and
        dropped.
        """
        self._next_id += 1
        self._send({"id": self._next_id, "method": method, "params": params})
        while True:
            try:
                message = self._messages.get(timeout=self._timeout)
            except queue.Empty:
                raise LanguageServerError(f"no answer to {method} in {self._timeout} s") from None
            if message is None:
                raise LanguageServerError(f"the server stopped: {self.stop()}")
            if "method" in message and "id" in message:
                self._answer(message)
            elif message.get("id") == self._next_id:
                if "error" in message:
                    raise LanguageServerError(f"{method}: {message['error']}")
                return message.get("result")

    def _answer(self, message: dict[str, Any]) -> None:
        result: Any = None
        if message["method"] == "workspace/configuration":
            # No schema catalog from the network: the file's own #:schema line is enough.
            settings = {"schema": {"enabled": True, "catalogs": []}}
            result = [settings for _ in message["params"]["items"]]
        self._send({"id": message["id"], "result": result})

    def stop(self) -> str:
        """End the session and return what the server wrote to its standard error."""
        if self._process.stdin and not self._process.stdin.closed:
            self._process.stdin.close()
        try:
            self._process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self._process.kill()
            self._process.wait()
        self._reader.join(timeout=5)
        assert self._process.stdout is not None  # noqa: S101 (opened as a pipe above)
        assert self._process.stderr is not None  # noqa: S101
        self._process.stdout.close()
        if self._process.stderr.closed:  # stopped before
            return ""
        with self._process.stderr as stderr:
            return stderr.read().decode(errors="replace")[-2000:]


def position(text: str, after: str, lines_down: int, character: int) -> dict[str, int]:
    """The position ``lines_down`` lines below the first line containing ``after``."""
    lines = text.splitlines()
    line = next(i for i, content in enumerate(lines) if after in content) + lines_down
    if lines_down == 0:
        character += lines[line].index(after)
    return {"line": line, "character": character}


def session(command: tuple[str, ...] = SERVER, document: Path = DEMO) -> dict[str, Any]:
    """Open ``document`` in the server ``command`` and ask the :data:`QUESTIONS`.

    Returns:
        Each question's name and the server's raw answer.
    """
    text = document.read_text(encoding="utf-8")
    server = LanguageServer(command, document.parent)
    try:
        uri = document.as_uri()
        server.notify(
            "textDocument/didOpen",
            {"textDocument": {"uri": uri, "languageId": "toml", "version": 1, "text": text}},
        )
        return {
            name: server.request(
                method, {"textDocument": {"uri": uri}, "position": position(text, *where)}
            )
            for name, (method, *where) in QUESTIONS.items()
        }
    finally:
        server.stop()


def documentation(item: dict[str, Any]) -> str:
    """The text an editor shows beside a completion item or in a hover."""
    doc = item.get("documentation") or item.get("contents") or ""
    return str(doc["value"] if isinstance(doc, dict) else doc)


def completions(answer: Any) -> list[tuple[str, str]]:
    """A completion answer as the (label, documentation) pairs an editor lists."""
    items = answer["items"] if isinstance(answer, dict) else answer
    return [(item["label"], documentation(item)) for item in items]


def transcript(answers: dict[str, Any]) -> str:
    """The answers as text: each completion list, then each hover."""
    out = []
    for name, answer in answers.items():
        out.append(f"{name}:")
        if name.startswith("completion"):
            items = completions(answer)
            width = max((len(label) for label, _ in items), default=0)
            out += [f"  {label:<{width}}  {doc}".rstrip() for label, doc in items]
        else:
            out.append(f"  {documentation(answer)}")
    return "\n".join(out) + "\n"


def render_svg(answers: dict[str, Any], path: Path) -> None:
    """Draw the completion list of an effect's ``type``, as answered, into an SVG file.

    A terminal rendering made with rich of the server's answer, item by item in
    the order given: not an editor's screenshot.
    """
    from rich.console import Console  # noqa: PLC0415 (only --svg needs rich)
    from rich.table import Table  # noqa: PLC0415

    name = "completion of an effect's type"
    table = Table(title=f"{DEMO.name}, line 12: {name}", show_header=False, box=None)
    for label, doc in completions(answers[name]):
        table.add_row(f"[bold cyan]{label}[/]", doc or "[dim](no description)[/]")
    console = Console(record=True, width=110, file=io.StringIO())
    console.print(table)
    console.save_svg(str(path), title="Taplo language server: its completion answer")


def main() -> int:
    """Run the session and print it (and draw it, with ``--svg``)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--svg", type=Path, help="also draw the completion list into this file")
    parser.add_argument("--server", nargs="+", default=list(SERVER), help="the server's command")
    args = parser.parse_args()
    answers = session(tuple(args.server))
    sys.stdout.write(transcript(answers))
    if args.svg:
        render_svg(answers, args.svg)
    return 0


if __name__ == "__main__":
    sys.exit(main())
