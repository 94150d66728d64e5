"""The local server of ``build.py serve`` and of the tests: dist/ over HTTP, gzip-compressed
where a browser takes it, with the types and caching a static host gives."""

from __future__ import annotations

import functools
import gzip
import http.server
import io
import os
import sys
from pathlib import Path

from .env import Problem
from .site import build

COMPRESSIBLE = {".wasm", ".js", ".mjs", ".json", ".zip", ".css", ".html", ".py", ".toml",
                ".svg", ".webmanifest"}  # fmt: skip


@functools.lru_cache(maxsize=64)
def gzipped(path: str, mtime: float) -> bytes:
    """A file's gzip-compressed bytes, computed once per version of the file."""
    return gzip.compress(Path(path).read_bytes(), compresslevel=6, mtime=0)


class Handler(http.server.SimpleHTTPRequestHandler):
    """Serves dist/ under a prefix (``/`` or a sub-path like ``/kismet/``), with the MIME
    types the runtime needs and gzip for the large files, as a static host would."""

    prefix = "/"
    extensions_map = {  # noqa: RUF012 - the base class declares it a plain dict
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".wasm": "application/wasm",
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".toml": "application/toml",
        ".webmanifest": "application/manifest+json",
        ".zip": "application/zip",
        ".py": "text/x-python",
    }

    def translate_path(self, path: str) -> str:
        if not path.startswith(self.prefix):
            return str(Path(self.directory) / "\0-outside-the-site")
        return super().translate_path("/" + path[len(self.prefix) :])

    def send_head(self):  # type: ignore[no-untyped-def]
        path = self.translate_path(self.path.split("?", 1)[0])
        if os.path.isdir(path):
            path = os.path.join(path, "index.html")
        accepts = self.headers.get("Accept-Encoding", "")
        if (
            os.path.isfile(path)
            and "gzip" in accepts
            and Path(path).suffix in COMPRESSIBLE
            and self.path.split("?", 1)[0].endswith(("/", Path(path).name))
        ):
            # A validator, as static hosts send: a request to revalidate a cached copy (the
            # page's own request for a file the start worker fetched) is answered 304.
            stat = os.stat(path)
            tag = f'"{stat.st_mtime_ns:x}-{stat.st_size:x}-gzip"'
            modified = self.date_time_string(int(stat.st_mtime))
            if tag == self.headers.get("If-None-Match") or (
                not self.headers.get("If-None-Match")
                and self.headers.get("If-Modified-Since") == modified
            ):
                self.send_response(304)
                self.send_header("ETag", tag)
                self.end_headers()
                return None
            data = gzipped(path, os.path.getmtime(path))
            self.send_response(200)
            self.send_header("Content-Type", self.guess_type(path))
            self.send_header("Content-Encoding", "gzip")
            self.send_header("Content-Length", str(len(data)))
            self.send_header("Vary", "Accept-Encoding")
            self.send_header("ETag", tag)
            self.send_header("Last-Modified", modified)
            self.end_headers()
            return io.BytesIO(data)
        return super().send_head()

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:
        if os.environ.get("KISMET_SERVE_LOG"):
            super().log_message(format, *args)


class Server(http.server.ThreadingHTTPServer):
    """A threaded server that takes a browser closing a connection early in its stride."""

    daemon_threads = True

    def handle_error(self, request: object, client_address: object) -> None:
        if not isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError)):
            super().handle_error(request, client_address)  # type: ignore[arg-type]


def make_server(
    directory: Path, port: int, host: str = "127.0.0.1", prefix: str = "/"
) -> http.server.HTTPServer:
    """A threaded HTTP server for ``directory`` at ``http://host:port{prefix}``."""
    handler = type("SiteHandler", (Handler,), {"prefix": prefix})
    return Server((host, port), functools.partial(handler, directory=str(directory)))


def serve(port: int) -> None:
    site = build()
    try:
        server = make_server(site, port)
    except OSError as error:
        raise Problem(f"Port {port} cannot be used ({error.strerror}): try --port 8001.") from None
    print(f"Kismet is at http://localhost:{port}/  (Ctrl+C stops the server)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        print()
