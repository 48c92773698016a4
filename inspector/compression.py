"""gzip for what the field app fetches over a weak signal: the static files, the app-shell pages and
the sync API's JSON (a work packet is a sixth of its size compressed).

Office pages are sent as they are: they carry a CSRF token next to text a request can put on the
page, which compressed together would leak the token through the response's size (BREACH). The
app-shell pages hold no user data and no token; /api/v1/csrf, the token itself, is left out too.
"""

from __future__ import annotations

import gzip

from flask import request

TEXT_TYPES = {
    "text/css",
    "text/html",
    "text/javascript",
    "application/javascript",
    "application/json",
    "application/manifest+json",
    "image/svg+xml",
}
MIN_BYTES = 1024  # smaller answers gain less than gzip's own header and trailer cost
LEVEL = 6


def compressible_path(path: str) -> bool:
    if path.startswith(("/static/", "/app/")) or path in ("/sw.js", "/manifest.webmanifest"):
        return True
    return path.startswith("/api/v1/") and path != "/api/v1/csrf"


def init_app(app) -> None:
    @app.after_request
    def gzip_response(response):
        if (
            response.status_code != 200
            or response.mimetype not in TEXT_TYPES
            or "Content-Encoding" in response.headers
            or "gzip" not in request.accept_encodings
            or not compressible_path(request.path)
            or (response.is_streamed and not response.direct_passthrough)
        ):
            return response
        response.direct_passthrough = False  # a static file: read it to compress it
        data = response.get_data()
        response.vary.add("Accept-Encoding")
        if len(data) < MIN_BYTES:
            return response
        response.set_data(gzip.compress(data, compresslevel=LEVEL, mtime=0))
        response.headers["Content-Encoding"] = "gzip"
        etag, weak = response.get_etag()
        if etag and not weak:  # the same file, other bytes: no longer a strong validator
            response.set_etag(etag, weak=True)
        return response
